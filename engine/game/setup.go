package game

import (
	"strings"

	"banmen/board"
	"banmen/engine"
)

// Impasse24Rule is the 24-point declaration rule (24点法) as a win condition: the
// declaring side needs 31 points (a count of 24 to 30 is a draw by agreement under
// that rule, which a game between programs does not model: the declaration is refused).
var Impasse24Rule = board.ImpasseRule{BlackPoints: 31, WhitePoints: 31}

// TakesIncrement reports whether engine d can be given a Fischer increment (binc/winc
// in its go command). Some engines exit on those words: gpsusi (Debian's gpsshogi,
// which answers "id name gpsshogi …", "id author teamgps") does. What the registry
// learned from a crash (Supports.Increment) decides first; otherwise an engine is
// trusted unless its probe identifies it as gpsshogi.
func TakesIncrement(d engine.Definition) bool { return learnedOr(d.Supports.Increment, !isGPSShogi(d)) }

// Ponders reports whether engine d can be asked to ponder (go ponder). gpsusi aborts on
// it ("unknown option in go ponder"), and names no ponder move to ponder on anyway. What the
// registry learned (Supports.Ponder) decides first; otherwise an engine is trusted unless its
// probe identifies it as gpsshogi.
func Ponders(d engine.Definition) bool { return learnedOr(d.Supports.Ponder, !isGPSShogi(d)) }

// learnedOr is what the registry learned of a feature, or guess when it learned nothing.
func learnedOr(s engine.Support, guess bool) bool {
	switch s {
	case engine.No:
		return false
	case engine.Yes:
		return true
	}
	return guess
}

// isGPSShogi reports whether d's probe identifies it as gpsshogi (gpsusi).
func isGPSShogi(d engine.Definition) bool {
	name := strings.ToLower(strings.TrimSpace(d.EngineName))
	return strings.HasPrefix(name, "gpsshogi") || strings.EqualFold(strings.TrimSpace(d.Author), "teamgps")
}
