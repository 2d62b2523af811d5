package bundledengine

import (
	"strings"
	"testing"
	"time"
)

func TestParsePosition(t *testing.T) {
	for _, c := range []struct {
		args, sfen, err string
	}{
		{"startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", ""},
		{"startpos moves 7g7f 3c3d", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", ""},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b", "4k4/4G4/9/9/9/9/9/9/4K4 w - 2", ""},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 b G", "4k4/9/9/9/9/9/9/9/4K4 b G 1", ""}, // no move number
		{"startpos moves", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", ""},
		{"", "", "expected startpos or sfen"},
		{"fen x", "", "expected startpos or sfen"},
		{"sfen 4k4/9 b", "", "sfen needs"},
		{"startpos 7g7f", "", "expected \"moves\""},
		{"startpos moves 7g7f 7g7f", "", "move 2 (7g7f)"},
		{"startpos moves 5a5b", "", "move 1 (5a5b)"},
	} {
		g, err := parsePosition(strings.Fields(c.args))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil || g.Position().SFEN() != c.sfen {
			t.Errorf("%q: %v %v", c.args, g, err)
		}
	}
}

func TestParseGo(t *testing.T) {
	gp, w := parseGo(strings.Fields("ponder btime 1000 wtime 2000 byoyomi 3000 binc 5 winc 6 depth 7 nodes 800 searchmoves 7g7f P*5e infinite"))
	if len(w) != 0 || !gp.ponder || !gp.infinite || gp.clock.BTime != time.Second || gp.clock.WTime != 2*time.Second ||
		gp.clock.Byoyomi != 3*time.Second || gp.clock.BInc != 5*time.Millisecond || gp.clock.WInc != 6*time.Millisecond ||
		gp.depth != 7 || gp.nodes != 800 || len(gp.searchMoves) != 2 || !gp.clock.HasTime {
		t.Errorf("%+v %v", gp, w)
	}
	gp, _ = parseGo(strings.Fields("mate 1000"))
	if !gp.mate || gp.mateTime != time.Second {
		t.Errorf("mate 1000: %+v", gp)
	}
	gp, _ = parseGo(strings.Fields("mate infinite"))
	if !gp.mate || gp.mateTime != 0 {
		t.Errorf("mate infinite: %+v", gp)
	}
	gp, _ = parseGo(strings.Fields("movetime 250"))
	if gp.clock.MoveTime != 250*time.Millisecond {
		t.Errorf("movetime: %+v", gp)
	}
	_, w = parseGo(strings.Fields("btime soon frob"))
	if len(w) != 2 {
		t.Errorf("warnings %q", w)
	}
}
