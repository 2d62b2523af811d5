package kifu

import (
	"strings"
	"testing"

	"banmen/board"
)

func TestHandicaps(t *testing.T) {
	std := board.NewStartPosition()
	for _, h := range Handicaps {
		p := h.Position()
		if got, ok := HandicapByName(h.Name); !ok || got != h {
			t.Errorf("HandicapByName(%s) = %v", h.Name, got)
		}
		if got, ok := HandicapByJKF(h.JKF); !ok || got != h {
			t.Errorf("HandicapByJKF(%s) = %v", h.JKF, got)
		}
		if got, ok := HandicapOf(p); !ok || got.Name != h.Name {
			t.Errorf("HandicapOf(%s) = %v", h.Name, got.Name)
		}
		if h.Name == "平手" {
			if !IsStandard(p) || p.SideToMove() != board.Black {
				t.Error("平手 is the standard position")
			}
			continue
		}
		// a handicap takes pieces of 上手 (White) off the standard position; 上手 moves first
		if p.SideToMove() != board.White {
			t.Errorf("%s: Black to move", h.Name)
		}
		removed := 0
		for s := board.Square(0); s < board.NumSquares; s++ {
			a, b := std.PieceAt(s), p.PieceAt(s)
			switch {
			case a == b:
			case b == board.NoPiece && a.Color() == board.White:
				removed++
			default:
				t.Errorf("%s: %v changed on %v", h.Name, a, s)
			}
		}
		if want := handicapCount(h.Name); removed != want {
			t.Errorf("%s: %d pieces off, want %d", h.Name, removed, want)
		}
	}
	if _, ok := HandicapByName("その他"); ok {
		t.Error("その他 is not a named position")
	}
	if h, ok := HandicapByName(" 平手　　"); !ok || h.Name != "平手" {
		t.Error("spaces around the name should not matter")
	}
	if h, ok := HandicapByName("飛落ち"); !ok || h.Name != "飛車落ち" {
		t.Error("飛落ち is another spelling of 飛車落ち")
	}
}

func handicapCount(name string) int {
	for n, k := range map[string]int{"香": 1, "角": 1, "飛車": 1, "飛香": 2, "二枚": 2, "三枚": 3, "四枚": 4, "五枚": 5, "六枚": 6, "七枚": 7, "八枚": 8, "十枚": 10} {
		if strings.TrimPrefix(strings.TrimPrefix(name, "右"), "左") == n+"落ち" {
			return k
		}
	}
	return -1
}

// 左 and 右 are 上手's: 左七枚落ち keeps the silver on 7一, which 7mai.ki2u moves first.
func TestLeftSevenHandicapFromAFile(t *testing.T) {
	r := readTestFile(t, "ki2/kifu-for-js__7mai.ki2u")
	if h, ok := HandicapOf(r.Start); !ok || h.Name != "左七枚落ち" {
		t.Fatalf("start %s", r.Start.SFEN())
	}
	if got := FormatUSI(r); !strings.HasSuffix(got, "moves 7a8b 7g7f") {
		t.Errorf("moves: %s", got)
	}
}
