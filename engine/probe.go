package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"banmen/usiclient"
)

// ErrNotUSI says a program never answered "usi" with "usiok": it is not a USI
// engine (an xboard or UCI-only engine, or not an engine at all).
var ErrNotUSI = errors.New("not a USI engine")

// ProbeResult is what a program said when started and asked "usi".
type ProbeResult struct {
	Name, Author string
	Options      []usiclient.Option
	Handshake    time.Duration // from start to usiok
	Problems     []string      // odd things worth telling the user (options out of range, no id name…)
}

// Probe starts the engine, asks "usi", collects its id and options and quits it.
func Probe(ctx context.Context, def Definition) (ProbeResult, error) {
	var res ProbeResult
	if def.Name == "" {
		def.Name = filepath.Base(def.Path)
	}
	t0 := time.Now()
	r, err := launch(def, StartOptions{})
	if err != nil {
		return res, err
	}
	info, err := r.session.Handshake(ctx)
	res.Handshake = time.Since(t0)
	if err != nil {
		r.kill()
		if errors.Is(err, usiclient.ErrTimeout) {
			printed := "nothing"
			var ue *usiclient.Error
			if errors.As(err, &ue) && len(ue.Last) > 0 {
				printed = fmt.Sprintf("%q", strings.Join(lastN(ue.Last, 3), " | "))
			}
			return res, fmt.Errorf("%s: %w: no usiok within %s; it printed %s", def.Path, ErrNotUSI,
				res.Handshake.Round(100*time.Millisecond), printed)
		}
		return res, r.failureFrom("starting", err)
	}
	res.Name, res.Author, res.Options = info.Name, info.Author, info.Options
	if !info.NameSent {
		res.Problems = append(res.Problems, "the engine sent no \"id name\"")
	}
	for _, o := range info.Options {
		if o.OutOfRange {
			res.Problems = append(res.Problems, fmt.Sprintf("option %q: default %s is outside %d..%d", o.Name, o.Default, o.Min, o.Max))
		}
		for _, p := range o.Problems {
			res.Problems = append(res.Problems, fmt.Sprintf("option %q: %s", o.Name, p))
		}
	}
	if err := r.Close(ctx); err != nil {
		res.Problems = append(res.Problems, err.Error())
	}
	return res, nil
}
