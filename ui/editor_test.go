package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"banmen/board"
)

func piece(c board.Color, t board.PieceType) board.Piece { return board.NewPiece(c, t) }

func TestEditorClickPicksMovesAndTurnsPieces(t *testing.T) {
	e := NewEditor(board.NewStartPosition(), nil)
	// pick 7g, put it on 7c: gote's pawn there goes to the box
	e.Tap(SquareSpot(sq(7, 7)))
	if e.Selected() != SquareSpot(sq(7, 7)) {
		t.Fatalf("selected %+v", e.Selected())
	}
	e.Tap(SquareSpot(sq(7, 3)))
	if got := e.Position().PieceAt(sq(7, 3)); got != piece(board.Black, board.Pawn) || e.Position().PieceAt(sq(7, 7)) != board.NoPiece {
		t.Fatalf("after moving 7g to 7c: 7c holds %v", got)
	}
	if e.InBox(board.Pawn) != 1 {
		t.Errorf("the captured pawn is not in the box: %d pawns there", e.InBox(board.Pawn))
	}
	// clicking the picked piece again turns it
	want := []board.Piece{
		piece(board.Black, board.ProPawn), piece(board.White, board.Pawn),
		piece(board.White, board.ProPawn), piece(board.Black, board.Pawn),
	}
	for i, w := range want {
		e.Tap(SquareSpot(sq(7, 3)))
		e.Tap(SquareSpot(sq(7, 3)))
		if got := e.Position().PieceAt(sq(7, 3)); got != w {
			t.Errorf("turn %d: %v, want %v", i+1, got, w)
		}
	}
	// a gold has no promoted side: it changes sides only
	e.Tap(SquareSpot(sq(6, 9)))
	e.Tap(SquareSpot(sq(6, 9)))
	if got := e.Position().PieceAt(sq(6, 9)); got != piece(board.White, board.Gold) {
		t.Errorf("a turned gold is %v", got)
	}
}

func TestEditorStandsAndTheBox(t *testing.T) {
	e := NewEditor(board.NewStartPosition(), nil)
	// a promoted bishop moved onto gote's stand becomes gote's bishop in hand
	e.Tap(SquareSpot(sq(8, 8)))
	e.Tap(SquareSpot(sq(8, 8))) // 馬
	if e.Position().PieceAt(sq(8, 8)).Type() != board.Horse {
		t.Fatal("the bishop did not promote")
	}
	e.Move(SquareSpot(sq(8, 8)), HandSpot(board.White, board.NoPieceType))
	if n := e.Position().Hand(board.White).Count(board.Bishop); n != 1 {
		t.Errorf("gote holds %d bishops", n)
	}
	// from a stand to the board
	e.Move(HandSpot(board.White, board.Bishop), SquareSpot(sq(5, 5)))
	if got := e.Position().PieceAt(sq(5, 5)); got != piece(board.White, board.Bishop) || !e.Position().Hand(board.White).IsEmpty() {
		t.Errorf("5e holds %v, gote's hand %v", got, e.Position().Hand(board.White))
	}
	// a king cannot go in hand
	if msg := e.Move(SquareSpot(sq(5, 9)), HandSpot(board.Black, board.NoPieceType)); msg == "" {
		t.Error("a king went to a stand without a word")
	}
	if e.Position().PieceAt(sq(5, 9)) != piece(board.Black, board.King) {
		t.Error("the king left its square")
	}
	// off the board: back to the box; a right-click likewise
	e.Move(SquareSpot(sq(1, 1)), Spot{})
	e.Remove(SquareSpot(sq(9, 1)))
	if e.InBox(board.Lance) != 2 {
		t.Errorf("%d lances in the box, want 2", e.InBox(board.Lance))
	}
	// the brush puts pieces from the box, while there are any
	e.SetBrush(board.Lance, board.White)
	e.Tap(SquareSpot(sq(1, 2)))
	e.Tap(SquareSpot(sq(2, 2))) // gote's bishop on 2b goes back to the box
	if e.InBox(board.Lance) != 0 {
		t.Fatalf("%d lances in the box after putting two", e.InBox(board.Lance))
	}
	if e.InBox(board.Bishop) != 1 {
		t.Errorf("%d bishops in the box, want the one replaced on 2b", e.InBox(board.Bishop))
	}
	if msg := e.Tap(SquareSpot(sq(3, 5))); msg == "" || !strings.Contains(msg, "香") {
		t.Errorf("a third lance from an empty box: %q", msg)
	}
	if e.Position().PieceAt(sq(3, 5)) != board.NoPiece {
		t.Error("a lance appeared from an empty box")
	}
	// clicking the same piece with the brush takes it back
	e.Tap(SquareSpot(sq(1, 2)))
	if e.Position().PieceAt(sq(1, 2)) != board.NoPiece || e.InBox(board.Lance) != 1 {
		t.Error("a second click with the brush did not take the lance back")
	}
	// the brush on a stand
	e.Tap(HandSpot(board.Black, board.NoPieceType))
	if e.Position().Hand(board.Black).Count(board.Lance) != 1 {
		t.Error("the brush did not put a lance on sente's stand")
	}
	e.SetBrush(board.King, board.Black)
	if msg := e.Tap(HandSpot(board.Black, board.NoPieceType)); msg == "" {
		t.Error("a king went to a stand from the box")
	}
}

func TestEditorTsumeAndClear(t *testing.T) {
	e := NewEditor(board.NewStartPosition(), nil)
	e.Clear()
	p := e.Position()
	if p.Occupied().Count() != 2 || p.PieceAt(sq(5, 1)).Type() != board.King || !p.Hand(board.Black).IsEmpty() {
		t.Fatalf("after Clear: %s", p.SFEN())
	}
	// a mate problem: sente's gold on 5b... gote's king on 5a, sente's king removed
	e.Remove(SquareSpot(sq(5, 9)))
	e.SetBrush(board.Gold, board.Black)
	e.Tap(SquareSpot(sq(4, 3)))
	e.SetBrush(board.NoPieceType, board.Black)
	e.Tsume()
	p = e.Position()
	h := p.Hand(board.White)
	if h.Count(board.Pawn) != 18 || h.Count(board.Gold) != 3 || h.Count(board.Rook) != 2 || h.Count(board.King) != 0 {
		t.Errorf("gote's hand after Tsume: %s", p.HandsSFEN())
	}
	if p.SideToMove() != board.Black {
		t.Error("a tsume problem with gote to move")
	}
	for _, k := range BoxKinds {
		if k != board.King && e.InBox(k) != 0 {
			t.Errorf("%d %v left in the box after Tsume", e.InBox(k), k)
		}
	}
	got, err := e.Result()
	if err != nil {
		t.Fatalf("a tsume set-up without sente's king is refused: %v", err)
	}
	if got.SFEN() != "4k4/9/5G3/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1" {
		t.Errorf("tsume SFEN %s", got.SFEN())
	}
}

func TestEditorResultRefusesImpossiblePositions(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(e *Editor)
		want string
	}{
		{"two pawns on a file", func(e *Editor) {
			e.Remove(SquareSpot(sq(5, 3))) // a pawn to the box, to put on 5e beside sente's on 5g
			e.SetBrush(board.Pawn, board.Black)
			e.Tap(SquareSpot(sq(5, 5)))
		}, "二歩"},
		{"a pawn on the last rank", func(e *Editor) {
			e.Move(SquareSpot(sq(1, 7)), SquareSpot(sq(1, 1)))
		}, "never move"},
		{"gote in check with sente to move", func(e *Editor) {
			e.Move(SquareSpot(sq(5, 3)), Spot{})
			e.Move(SquareSpot(sq(5, 7)), Spot{})
			e.Move(SquareSpot(sq(2, 8)), SquareSpot(sq(5, 5)))
		}, "in check"},
	} {
		e := NewEditor(board.NewStartPosition(), nil)
		tc.edit(e)
		_, err := e.Result()
		var se *board.SFENError
		if !errors.As(err, &se) || !strings.Contains(se.Reason, tc.want) {
			t.Errorf("%s: %v, want an SFEN error about %q", tc.name, err, tc.want)
		}
	}
}

func TestImpossibleReasonLanguage(t *testing.T) {
	_, err := board.ParseSFEN("4k4/4R4/9/9/9/9/9/9/4K4 b - 1")
	if got := impossibleReason(err, true); got != "手番でない後手に王手がかかっています" {
		t.Errorf("Japanese: %q", got)
	}
	if got := impossibleReason(err, false); got != "white, not to move, is in check" {
		t.Errorf("English: %q", got)
	}
	// a problem board has no Japanese words for falls back to English
	_, err = board.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 x - 1")
	if got := impossibleReason(err, true); !strings.Contains(got, "want 'b' or 'w'") {
		t.Errorf("fallback: %q", got)
	}
}

func TestEditorBoxKindIsNoLongerChosenWhenNoneIsLeft(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	w.EditPosition()
	p, b := w.edPanel, w.Board()
	test.Tap(buttonIn(p.content, w.msg.EditorClear)) // both rooks go to the box
	rook := slices.Index(BoxKinds, board.Rook)
	test.Tap(p.box[board.Black][rook])
	if bt, _ := w.editor.Brush(); bt != board.Rook || !p.box[board.Black][rook].chosen {
		t.Fatalf("tapping the rook in the box chose %v", bt)
	}
	tapSpot(b, SquareSpot(sq(5, 5)))
	if !p.box[board.Black][rook].chosen {
		t.Fatal("the rook is no longer chosen with one left in the box")
	}
	tapSpot(b, SquareSpot(sq(4, 4)))
	if w.editor.InBox(board.Rook) != 0 {
		t.Fatalf("%d rooks left in the box", w.editor.InBox(board.Rook))
	}
	if bt, _ := w.editor.Brush(); bt != board.NoPieceType || p.box[board.Black][rook].chosen {
		t.Errorf("with no rook left the box still shows the rook chosen (brush %v)", bt)
	}
	// a click on the board picks a piece again instead of trying to put a rook
	tapSpot(b, SquareSpot(sq(4, 4)))
	if w.editor.Selected() != SquareSpot(sq(4, 4)) {
		t.Errorf("a click on 4d picked %+v", w.editor.Selected())
	}
}
