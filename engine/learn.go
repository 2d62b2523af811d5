package engine

import "strings"

// Feature is a part of USI an engine may not support.
type Feature string

const (
	FeaturePonder    Feature = "ponder"
	FeatureIncrement Feature = "increment"
	FeatureMate      Feature = "mate"
	FeatureLimits    Feature = "limits"
)

// SuspectedFeature names the feature an engine probably died of: the one used by the
// last "go" line sent to it before it died, if that line used one (gpsusi exits on
// "go ponder", on binc/winc and on depth/nodes/movetime). "" if none is to blame.
func (f *Failure) SuspectedFeature() Feature {
	for i := len(f.LastLines) - 1; i >= 0; i-- {
		l := f.LastLines[i]
		if !strings.HasPrefix(l, "> go") {
			continue
		}
		words := strings.Fields(strings.TrimPrefix(l, "> "))
		has := func(w string) bool {
			for _, x := range words {
				if x == w {
					return true
				}
			}
			return false
		}
		switch {
		case has("ponder"):
			return FeaturePonder
		case has("mate"):
			return FeatureMate
		case has("binc") || has("winc"):
			return FeatureIncrement
		case has("depth") || has("nodes") || has("movetime"):
			return FeatureLimits
		}
		return ""
	}
	return ""
}

// field returns where a feature's support is kept (nil for an unknown feature).
func (c *Capabilities) field(f Feature) *Support {
	switch f {
	case FeaturePonder:
		return &c.Ponder
	case FeatureIncrement:
		return &c.Increment
	case FeatureMate:
		return &c.Mate
	case FeatureLimits:
		return &c.Limits
	}
	return nil
}

// Unsupported records that the engine does not support a feature.
func (d *Definition) Unsupported(f Feature) {
	if p := d.Supports.field(f); p != nil {
		*p = No
	}
}

// Supported records that the engine handled a feature.
func (d *Definition) Supported(f Feature) {
	if p := d.Supports.field(f); p != nil {
		*p = Yes
	}
}

// Learn stores what a failure suggests about a registered engine (if it is registered)
// and returns the feature blamed.
func (m *Manager) Learn(def Definition, f *Failure) Feature {
	feat := f.SuspectedFeature()
	if feat == "" || m.Registry == nil || def.ID == "" {
		return feat
	}
	// only the capability changes: the rest stays as stored (another copy of the
	// app may have changed it); an engine no longer registered is left alone
	m.Registry.Edit(def.ID, func(d *Definition) error {
		d.Unsupported(feat)
		return nil
	})
	return feat
}
