package match

import (
	"testing"
	"time"
)

func TestAdjudicate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	judge := startOurs(t, buildEngine(t))
	// Black to move with a rook and a bishop more: Black wins
	o, desc, err := Adjudicate(judge, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b RB 1", 300*time.Millisecond, 1000)
	if err != nil || o != BlackWins {
		t.Errorf("%v %s %v", o, desc, err)
	}
	// the same seen by White to move: still Black's game
	o, desc, err = Adjudicate(judge, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w RB 1", 300*time.Millisecond, 1000)
	if err != nil || o != BlackWins {
		t.Errorf("%v %s %v", o, desc, err)
	}
	// the start: a draw
	o, _, err = Adjudicate(judge, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 300*time.Millisecond, 1000)
	if err != nil || o != Draw {
		t.Errorf("start: %v %v", o, err)
	}
}
