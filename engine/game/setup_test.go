package game

import (
	"context"
	"testing"
	"time"

	"banmen/engine"
	"banmen/engine/internal/enginetest"
)

// probed returns d with what its probe said (its id name and author), as the registry
// keeps it.
func probed(t *testing.T, d engine.Definition) engine.Definition {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := engine.Probe(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	d.ApplyProbe(res.Name, res.Author, res.Options)
	return d
}

// gpsusi, known by its probe, is not given an increment (it exits on "go … binc");
// fairy-stockfish and the bundled engine are.
func TestTakesIncrementByProbe(t *testing.T) {
	if gps := probed(t, enginetest.Gpsusi(t)); TakesIncrement(gps) {
		t.Errorf("gpsusi (id name %q, author %q) is said to take an increment", gps.EngineName, gps.Author)
	}
	for _, d := range []engine.Definition{enginetest.FairyStockfish(t), enginetest.Bundled(t)} {
		if d = probed(t, d); !TakesIncrement(d) {
			t.Errorf("%s (id name %q) is said not to take an increment", d.Name, d.EngineName)
		}
	}
}

// What the registry learned decides over the name: an engine that crashed on binc does
// not get one, whatever it is called; gpsshogi that was seen to take one does.
func TestTakesIncrementLearned(t *testing.T) {
	d := engine.Definition{EngineName: "Fairy-Stockfish 14"}
	d.Unsupported(engine.FeatureIncrement)
	if TakesIncrement(d) {
		t.Error("an engine that crashed on binc is said to take an increment")
	}
	g := engine.Definition{EngineName: "gpsshogi (smp) vm r3033", Author: "teamgps"}
	g.Supported(engine.FeatureIncrement)
	if !TakesIncrement(g) {
		t.Error("an engine seen to take binc is said not to")
	}
	if TakesIncrement(engine.Definition{Author: "TeamGPS"}) {
		t.Error("an engine by teamgps with no name is said to take an increment")
	}
}

// gpsusi, known by its probe, is not asked to ponder (it aborts on "go ponder"), unless the
// registry learned otherwise; fairy-stockfish and the bundled engine are.
func TestPondersByProbe(t *testing.T) {
	gps := probed(t, enginetest.Gpsusi(t))
	if Ponders(gps) {
		t.Errorf("gpsusi (id name %q, author %q) is said to ponder", gps.EngineName, gps.Author)
	}
	gps.Supported(engine.FeaturePonder)
	if !Ponders(gps) {
		t.Error("an engine seen to ponder is said not to")
	}
	for _, d := range []engine.Definition{enginetest.FairyStockfish(t), enginetest.Bundled(t)} {
		if d = probed(t, d); !Ponders(d) {
			t.Errorf("%s (id name %q) is said not to ponder", d.Name, d.EngineName)
		}
		if d.Unsupported(engine.FeaturePonder); Ponders(d) {
			t.Errorf("%s, which failed on go ponder, is said to ponder", d.Name)
		}
	}
}

// Ponder is chosen per seat: the engine of a seat that asks for it ponders, the other
// does not (RunnerConfig.Ponder still turns it on for both).
func TestRunnerPonderPerSeat(t *testing.T) {
	def := enginetest.Bundled(t)
	for _, tc := range []struct {
		all, black, white bool
	}{{false, true, false}, {false, false, true}, {true, false, false}} {
		m := engine.NewManager(nil)
		defer m.CloseAll(10 * time.Second)
		a, b := def, def
		r := StartRunner(m, RunnerConfig{Ponder: tc.all, Seats: [2]Seat{{Engine: &a, Ponder: tc.black}, {Engine: &b, Ponder: tc.white}},
			Game: Config{Time: [2]TimeControl{{Byoyomi: 5 * time.Second}, {Byoyomi: 5 * time.Second}}}})
		waitRunner(t, "the game", func() bool { return r.Game() != nil || r.Err() != nil })
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		for side, want := range []bool{tc.all || tc.black, tc.all || tc.white} {
			if p := r.players[side].(*EnginePlayer); p.Ponder != want {
				t.Errorf("%+v: side %d ponders %v", tc, side, p.Ponder)
			}
		}
		r.Abort()
		waitDone(t, r)
	}
}
