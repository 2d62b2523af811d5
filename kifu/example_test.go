package kifu_test

import (
	"fmt"

	"banmen/board"
	"banmen/kifu"
)

// Reading pasted text of any format and giving its main line to an engine.
func ExampleReadAny() {
	rec, err := kifu.ReadAny("先手：羽生\n後手：森内\n▲７六歩　△３四歩　▲２二角成　△同　銀\nまで4手で中断\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rec.BlackName(), rec.WhiteName(), rec.Result())
	fmt.Println(kifu.FormatUSI(rec))
	// Output:
	// 羽生 森内 interrupt
	// position startpos moves 7g7f 3c3d 8h2b+ 3a2b
}

// A record view: play moves at the cursor, go back, play another move (a variation),
// make it the main line, and write the record.
func ExampleCursor() {
	rec := kifu.New(nil)
	c := rec.NewCursor()
	c.PlayUSI("7g7f")
	c.PlayUSI("3c3d")
	c.Back()
	c.PlayUSI("8c8d") // another reply to 7g7f: a variation
	c.Node().Comment = "居飛車"
	fmt.Println(c.Ply(), c.Node().Index(), len(c.Node().Siblings()))
	c.MakeMainLine()
	fmt.Print(kifu.FormatKIF(rec))
	// Output:
	// 2 1 2
	// 手合割：平手
	// 手数----指手--
	//    1 ７六歩(77)
	//    2 ８四歩(83)+
	// *居飛車
	//
	// 変化：2手
	//    2 ３四歩(33)
}

// An engine's think, written into the comment of the move it was about.
func ExampleRecord_SetThinkComment() {
	rec := kifu.New(nil)
	n, _ := rec.PlayUSI(rec.Root, "7g7f")
	pos := rec.Position(n) // White to move; the engine thinks for White
	var pv []board.Move
	p := *pos
	for _, s := range []string{"3c3d", "8h2b+", "3a2b"} {
		m, _ := p.ParseMove(s)
		pv = append(pv, m)
		p.Do(m)
	}
	rec.SetThinkComment(n, kifu.ThinkComment{
		Analysis: true,
		Engine:   "Banmen",
		Score:    kifu.BlackScore(pos.SideToMove(), -45), // the engine says -45 for White
		HasScore: true,
		PV:       pv,
		Depth:    10,
	})
	fmt.Println(n.Comment)
	fmt.Println(rec.ThinkComments(n)[0].Score)
	// Output:
	// #評価値=45
	// #読み筋=△３四歩▲２二角成△同　銀
	// #深さ=10
	// #エンジン=Banmen
	// 45
}
