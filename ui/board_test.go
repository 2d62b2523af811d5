package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/board"
)

func sq(file, rank int) board.Square { return board.NewSquare(file, rank) }

func mustSFEN(t testing.TB, s string) *board.Position {
	t.Helper()
	p, err := board.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// middleGame is a position after 14 moves with pieces in both hands and a promoted bishop,
// and its last move (8f8b).
func middleGame(t testing.TB) (*board.Position, board.Move) {
	t.Helper()
	ms, pos, err := board.NewStartPosition().ParseMoves(
		"7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e3d 8d8e 3d2c+ 8e8f 8g8f 8b8f P*8g 8f8b")
	if err != nil {
		t.Fatal(err)
	}
	return pos, ms[len(ms)-1]
}

// boardUnderTest shows pos on a board in a headless window of 800×560 and records the
// moves it reports.
func boardUnderTest(t *testing.T, pos *board.Position) (*Board, *[]board.Move) {
	b, moves, _ := boardInWindow(t, pos)
	return b, moves
}

func boardInWindow(t *testing.T, pos *board.Position) (*Board, *[]board.Move, fyne.Window) {
	t.Helper()
	newTestApp(t, ThemeLight)
	b := NewBoard(pos, nil)
	var moves []board.Move
	b.OnMove = func(m board.Move) { moves = append(moves, m) }
	win := test.NewTempWindow(t, b)
	win.Resize(fyne.NewSize(800, 560))
	return b, &moves, win
}

func tapSpot(b *Board, s Spot) {
	test.TapAt(b, b.SpotCenter(s))
}

// dragOn drags on b from one point to another the way Fyne's desktop driver reports it:
// several Dragged events, each with where the pointer is and how far it moved since the
// last, then DragEnd. (test.Drag sends a single event whose position is the start.)
func dragOn(b *Board, from, to fyne.Position) {
	const steps = 4
	prev := from
	for i := 1; i <= steps; i++ {
		f := float32(i) / steps
		p := fyne.NewPos(from.X+(to.X-from.X)*f, from.Y+(to.Y-from.Y)*f)
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(p.X-prev.X, p.Y-prev.Y)})
		prev = p
	}
	b.DragEnd()
}

func dragSpots(b *Board, from, to Spot) {
	dragOn(b, b.SpotCenter(from), b.SpotCenter(to))
}

func usis(ms []board.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.USI())
	}
	return out
}

func TestBoardClickThenClickMakesAMove(t *testing.T) {
	b, moves := boardUnderTest(t, board.NewStartPosition())
	tapSpot(b, SquareSpot(sq(7, 7)))
	if b.Selected() != SquareSpot(sq(7, 7)) {
		t.Fatalf("after a click on 7g the selection is %+v", b.Selected())
	}
	if got := b.Destinations(); !slices.Equal(got, []board.Square{sq(7, 6)}) {
		t.Errorf("destinations of the pawn on 7g: %v, want [7f]", got)
	}
	tapSpot(b, SquareSpot(sq(7, 6)))
	if got := usis(*moves); !slices.Equal(got, []string{"7g7f"}) {
		t.Fatalf("moves reported: %v, want [7g7f]", got)
	}
	if b.Selected().Kind != SpotNone || len(b.Destinations()) != 0 {
		t.Error("the selection stays after the move")
	}
}

func TestBoardRefusesIllegalMovesAndForeignPieces(t *testing.T) {
	b, moves := boardUnderTest(t, board.NewStartPosition())
	tapSpot(b, SquareSpot(sq(3, 3))) // gote's pawn: not sente's to move
	if b.Selected().Kind != SpotNone {
		t.Errorf("gote's pawn was picked with sente to move: %+v", b.Selected())
	}
	tapSpot(b, SquareSpot(sq(7, 7)))
	tapSpot(b, SquareSpot(sq(7, 5))) // two squares: not legal
	if len(*moves) != 0 {
		t.Fatalf("an illegal move was reported: %v", usis(*moves))
	}
	if b.Selected().Kind != SpotNone {
		t.Error("a click on a square that is not a destination keeps the selection")
	}
	// A second click on the picked piece puts it down.
	tapSpot(b, SquareSpot(sq(2, 8)))
	tapSpot(b, SquareSpot(sq(2, 8)))
	if b.Selected().Kind != SpotNone {
		t.Error("a second click on the picked rook does not put it down")
	}
	// Clicking another own piece picks that one instead.
	tapSpot(b, SquareSpot(sq(2, 8)))
	tapSpot(b, SquareSpot(sq(8, 8)))
	if b.Selected() != SquareSpot(sq(8, 8)) {
		t.Errorf("after rook then bishop the selection is %+v", b.Selected())
	}
	if len(b.Destinations()) != 0 {
		t.Errorf("the blocked bishop has destinations %v", b.Destinations())
	}
}

func TestBoardDragMakesAMove(t *testing.T) {
	b, moves := boardUnderTest(t, board.NewStartPosition())
	dragSpots(b, SquareSpot(sq(2, 7)), SquareSpot(sq(2, 6)))
	if got := usis(*moves); !slices.Equal(got, []string{"2g2f"}) {
		t.Fatalf("moves after dragging 2g to 2f: %v", got)
	}
	// A drag to a square the piece cannot reach makes no move and drops the selection.
	dragSpots(b, SquareSpot(sq(2, 7)), SquareSpot(sq(2, 4)))
	if len(*moves) != 1 || b.Selected().Kind != SpotNone {
		t.Errorf("an illegal drag: moves %v, selection %+v", usis(*moves), b.Selected())
	}
	// A drag that starts on an empty square or a foreign piece does nothing.
	dragSpots(b, SquareSpot(sq(5, 5)), SquareSpot(sq(5, 6)))
	dragSpots(b, SquareSpot(sq(3, 3)), SquareSpot(sq(3, 4)))
	if len(*moves) != 1 || b.Selected().Kind != SpotNone {
		t.Errorf("drags from nothing: moves %v, selection %+v", usis(*moves), b.Selected())
	}
}

func TestBoardDragShowsThePieceUnderThePointer(t *testing.T) {
	b, _ := boardUnderTest(t, board.NewStartPosition())
	r := test.WidgetRenderer(b).(*boardRenderer)
	from, to := b.SpotCenter(SquareSpot(sq(7, 7))), b.SpotCenter(SquareSpot(sq(7, 6)))
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	if !r.dragImg.Visible() {
		t.Fatal("no piece follows the pointer during a drag")
	}
	c := r.dragImg.Position().Add(fyne.NewPos(r.dragImg.Size().Width/2, r.dragImg.Size().Height/2))
	if d := c.Subtract(to); d.X*d.X+d.Y*d.Y > 1 {
		t.Errorf("the dragged piece is centred at %v, the pointer is at %v", c, to)
	}
	if got := r.squares[sq(7, 7)].Translucency; got == 0 {
		t.Error("the piece left behind is not faded during the drag")
	}
	b.DragEnd()
	if r.dragImg.Visible() {
		t.Error("the dragged piece stays after the drag")
	}
}

func TestBoardPromotionChoice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		promote bool
		want    string
	}{
		{"promote", true, "6d6c+"},
		{"stay", false, "6d6c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, moves := boardUnderTest(t, mustSFEN(t, "4k4/9/9/3S5/9/9/9/9/4K4 b - 1"))
			tapSpot(b, SquareSpot(sq(6, 4)))
			tapSpot(b, SquareSpot(sq(6, 3)))
			if !b.PromotionPending() || len(*moves) != 0 {
				t.Fatalf("a silver entering the zone: pending %v, moves %v; want the choice and no move yet",
					b.PromotionPending(), usis(*moves))
			}
			g := b.geom()
			pr, npr, size := b.promotionRects(&g)
			at := pr
			if !tc.promote {
				at = npr
			}
			test.TapAt(b, fyne.NewPos(at.X+size.Width/2, at.Y+size.Height/2))
			if got := usis(*moves); !slices.Equal(got, []string{tc.want}) {
				t.Errorf("moves: %v, want [%s]", got, tc.want)
			}
			if b.PromotionPending() {
				t.Error("the choice stays after choosing")
			}
		})
	}
	t.Run("cancel", func(t *testing.T) {
		b, moves := boardUnderTest(t, mustSFEN(t, "4k4/9/9/3S5/9/9/9/9/4K4 b - 1"))
		dragSpots(b, SquareSpot(sq(6, 4)), SquareSpot(sq(6, 3))) // by drag this time
		if !b.PromotionPending() {
			t.Fatal("dragging the silver into the zone shows no choice")
		}
		tapSpot(b, SquareSpot(sq(1, 9))) // away from the choice
		if b.PromotionPending() || len(*moves) != 0 || b.Selected().Kind != SpotNone {
			t.Errorf("a click elsewhere: pending %v, moves %v, selection %+v", b.PromotionPending(), usis(*moves), b.Selected())
		}
	})
}

func TestBoardForcedPromotionDoesNotAsk(t *testing.T) {
	for _, tc := range []struct{ sfen, from, to, want string }{
		{"4k4/7P1/9/9/9/9/9/9/4K4 b - 1", "2b", "2a", "2b2a+"}, // a pawn on the last rank
		{"4k4/9/9/7N1/9/9/9/9/4K4 b - 1", "2d", "1b", "2d1b+"}, // a knight on the last two ranks
		{"4k4/9/9/9/9/9/9/7p1/4K4 w - 1", "2h", "2i", "2h2i+"}, // gote's pawn
		{"4k4/9/9/9/9/9/9/9/L3K4 b - 1", "9i", "9a", "9i9a+"},  // a lance
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*", "5e", "P*5e"},    // a drop never promotes
		{"4k4/9/9/9/2B6/9/9/9/4K4 b - 1", "7e", "9g", "7e9g"},  // outside the zone: no choice
	} {
		b, moves := boardUnderTest(t, mustSFEN(t, tc.sfen))
		var from Spot
		if tc.from == "P*" {
			from = HandSpot(b.ShownPosition().SideToMove(), board.Pawn)
		} else {
			s, _ := board.ParseSquare(tc.from)
			from = SquareSpot(s)
		}
		to, _ := board.ParseSquare(tc.to)
		tapSpot(b, from)
		tapSpot(b, SquareSpot(to))
		if b.PromotionPending() {
			t.Errorf("%s %s→%s asks whether to promote", tc.sfen, tc.from, tc.to)
		}
		if got := usis(*moves); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%s %s→%s: moves %v, want [%s]", tc.sfen, tc.from, tc.to, got, tc.want)
		}
	}
}

func TestBoardDrops(t *testing.T) {
	pos := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b G2Pr 1")
	b, moves := boardUnderTest(t, pos)
	tapSpot(b, HandSpot(board.Black, board.Gold))
	if b.Selected() != HandSpot(board.Black, board.Gold) {
		t.Fatalf("a click on the gold in hand selects %+v", b.Selected())
	}
	if n := len(b.Destinations()); n != 81-2 {
		t.Errorf("the gold in hand may go to %d squares, want 79", n)
	}
	tapSpot(b, SquareSpot(sq(5, 2)))
	dragSpots(b, HandSpot(board.Black, board.Pawn), SquareSpot(sq(4, 5)))
	if got := usis(*moves); !slices.Equal(got, []string{"G*5b", "P*4e"}) {
		t.Errorf("moves: %v, want [G*5b P*4e]", got)
	}
	// Gote's rook in hand is not sente's to drop.
	tapSpot(b, HandSpot(board.White, board.Rook))
	if b.Selected().Kind != SpotNone {
		t.Errorf("gote's rook was picked with sente to move")
	}
	// No pawn may be dropped on the last rank: 1a is not a destination.
	tapSpot(b, HandSpot(board.Black, board.Pawn))
	if slices.Contains(b.Destinations(), sq(1, 1)) {
		t.Error("a pawn in hand may be dropped on the last rank")
	}
}

func TestBoardFlippedMapsClicksToTheRightSquares(t *testing.T) {
	b, moves := boardUnderTest(t, board.NewStartPosition())
	b.SetFlipped(true)
	// Flipped, file 1 is on the left and rank 九 at the top: 7g is drawn in the seventh
	// column from the left and the third row from the top.
	g := b.geom()
	p := fyne.NewPos(g.gx+6.5*g.u, g.gy+2.5*g.h)
	if got := b.SpotAt(p); got != SquareSpot(sq(7, 7)) {
		t.Fatalf("flipped, the square at column 7 row 3 is %+v, want 7g", got)
	}
	if c := b.SpotCenter(HandSpot(board.Black, board.NoPieceType)); c.Y > g.gy+4.5*g.h {
		t.Errorf("flipped, sente's stand is at the bottom (y %v)", c.Y)
	}
	tapSpot(b, SquareSpot(sq(7, 7)))
	tapSpot(b, SquareSpot(sq(7, 6)))
	if got := usis(*moves); !slices.Equal(got, []string{"7g7f"}) {
		t.Errorf("flipped: moves %v, want [7g7f]", got)
	}
}

func TestBoardFlipTurnsThePiecesInHand(t *testing.T) {
	b, _ := boardUnderTest(t, mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b R3Pb 1"))
	r := test.WidgetRenderer(b).(*boardRenderer)
	img := func(c board.Color) any { return r.stands[c].pieces[0].Image }
	if img(board.Black) != pieceImageSized(board.Rook, board.Black, r.standPx.X, r.standPx.Y) ||
		img(board.White) != pieceImageSized(board.Bishop, board.White, r.standPx.X, r.standPx.Y) {
		t.Fatal("the pieces in hand are not drawn each facing its owner's opponent")
	}
	b.SetFlipped(true)
	// Flipped, gote sits at the bottom: its pieces point up, sente's down.
	if img(board.Black) != pieceImageSized(board.Rook, board.White, r.standPx.X, r.standPx.Y) ||
		img(board.White) != pieceImageSized(board.Bishop, board.Black, r.standPx.X, r.standPx.Y) {
		t.Error("flipping the board did not turn the pieces in hand")
	}
	if r.squares[sq(5, 1)].Image != pieceImageSized(board.King, board.Black, r.sqPx.X, r.sqPx.Y) {
		t.Error("flipped, gote's king does not point up")
	}
}

func TestBoardWheelSteps(t *testing.T) {
	b, _, win := boardInWindow(t, board.NewStartPosition())
	var steps []int
	b.OnScroll = func(s int) { steps = append(steps, s) }
	c := win.Canvas()
	at := b.SpotCenter(SquareSpot(sq(5, 5))).Add(win.Canvas().Content().Position())
	test.Scroll(c, at, 0, -25) // one notch towards the user
	test.Scroll(c, at, 0, 25)  // one away
	test.Scroll(c, at, 0, 4)   // a touchpad's nudge: not yet a step
	if !slices.Equal(steps, []int{1, -1}) {
		t.Errorf("steps %v, want [1 -1]", steps)
	}
	test.Scroll(c, at, 0, 8)
	if !slices.Equal(steps, []int{1, -1, -1}) {
		t.Errorf("after two nudges: steps %v, want [1 -1 -1]", steps)
	}
}

func TestBoardSetPositionShowsPiecesAndHands(t *testing.T) {
	pos := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b R3Pb 1")
	b, _ := boardUnderTest(t, pos)
	r := test.WidgetRenderer(b).(*boardRenderer)
	sente, gote := &r.stands[board.Black], &r.stands[board.White]
	if !sente.pieces[0].Visible() || !sente.pieces[1].Visible() || sente.pieces[2].Visible() {
		t.Error("sente's stand should show two kinds")
	}
	if got := sente.counts[1].Text; got != "3" {
		t.Errorf("sente's pawns are counted %q, want 3", got)
	}
	if got := sente.counts[0].Text; got != "" {
		t.Errorf("sente's single rook is counted %q, want no number", got)
	}
	if sente.none.Visible() || !gote.pieces[0].Visible() || gote.pieces[1].Visible() {
		t.Error("the wrong stand rows are visible")
	}
	b.SetPosition(board.NewStartPosition(), board.NoMove)
	if sente.pieces[0].Visible() || !sente.none.Visible() {
		t.Error("after SetPosition(start) the stands still show pieces")
	}
	if !r.squares[sq(7, 7)].Visible() || r.squares[sq(5, 5)].Visible() {
		t.Error("after SetPosition(start) the squares are wrong")
	}
	if r.lastTo.Visible() {
		t.Error("a last move is highlighted after SetPosition with NoMove")
	}
	m, _ := board.NewStartPosition().ParseMove("7g7f")
	b.SetPosition(board.NewStartPosition().Play(m), m)
	g := b.geom()
	if !r.lastTo.Visible() || r.lastTo.Position() != g.squarePos(sq(7, 6)) {
		t.Error("the last move's destination is not highlighted")
	}
	if !r.lastFrom.Visible() || r.lastFrom.Position() != g.squarePos(sq(7, 7)) {
		t.Error("the last move's origin is not highlighted")
	}
}

func TestBoardEditModeReportsIntents(t *testing.T) {
	b, moves := boardUnderTest(t, board.NewStartPosition())
	b.SetMode(ModeEdit)
	var taps, removed []Spot
	var moved [][2]Spot
	b.OnEditTap = func(s Spot) { taps = append(taps, s) }
	b.OnEditMove = func(f, to Spot) { moved = append(moved, [2]Spot{f, to}) }
	b.OnEditRemove = func(s Spot) { removed = append(removed, s) }
	tapSpot(b, SquareSpot(sq(3, 3)))
	tapSpot(b, HandSpot(board.White, board.NoPieceType))
	dragSpots(b, SquareSpot(sq(3, 3)), SquareSpot(sq(5, 5)))
	dragOn(b, b.SpotCenter(SquareSpot(sq(1, 1))), fyne.NewPos(2, 2)) // off the board
	test.TapSecondaryAt(b, b.SpotCenter(SquareSpot(sq(5, 9))))
	if len(*moves) != 0 {
		t.Errorf("edit mode reported moves %v", usis(*moves))
	}
	if !slices.Equal(taps, []Spot{SquareSpot(sq(3, 3)), HandSpot(board.White, board.NoPieceType)}) {
		t.Errorf("taps %+v", taps)
	}
	want := [][2]Spot{{SquareSpot(sq(3, 3)), SquareSpot(sq(5, 5))}, {SquareSpot(sq(1, 1)), {}}}
	if !slices.Equal(moved, want) {
		t.Errorf("drags %+v, want %+v", moved, want)
	}
	if !slices.Equal(removed, []Spot{SquareSpot(sq(5, 9))}) {
		t.Errorf("right-clicks %+v", removed)
	}
}

// The master images: look at them (testdata/*.png) after go test -update.

func TestBoardImageStartPosition(t *testing.T) {
	newTestApp(t, ThemeLight)
	b := NewBoard(board.NewStartPosition(), nil)
	b.SetNames("先手の人", "後手の人")
	assertMatchesMaster(t, "board_start.png", capture(t, b, 800, 560))
}

func TestBoardImageMiddleGameWithSelection(t *testing.T) {
	newTestApp(t, ThemeLight)
	pos, last := middleGame(t)
	pos = pos.Clone()
	b := NewBoard(pos, nil)
	b.SetPosition(pos, last)
	win := test.NewTempWindow(t, b)
	win.Resize(fyne.NewSize(800, 560))
	// It is sente's move: pick the rook on 2h so that its destinations show.
	tapSpot(b, SquareSpot(sq(2, 8)))
	assertMatchesMaster(t, "board_middle_selected.png", win.Canvas().Capture())
}

func TestBoardImageFlippedDark(t *testing.T) {
	newTestApp(t, ThemeDark)
	pos, last := middleGame(t)
	b := NewBoard(pos, nil)
	b.SetPosition(pos, last)
	b.SetFlipped(true)
	b.SetNames("Sente Player", "Gote Player With A Long Name")
	assertMatchesMaster(t, "board_flipped_dark.png", capture(t, b, 800, 560))
}

func TestBoardImagePromotionChoice(t *testing.T) {
	b, _, win := boardInWindow(t, mustSFEN(t, "4k4/9/9/3S5/9/9/9/9/4K4 b - 1"))
	tapSpot(b, SquareSpot(sq(6, 4)))
	tapSpot(b, SquareSpot(sq(6, 3)))
	assertMatchesMaster(t, "board_promotion.png", win.Canvas().Capture())
}
