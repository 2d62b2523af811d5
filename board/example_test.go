package board_test

import (
	"fmt"

	"banmen/board"
)

func ExampleParseSFEN() {
	pos, err := board.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
	if err != nil {
		panic(err)
	}
	var buf [board.MaxMoves]board.Move
	fmt.Println(len(pos.LegalMoves(buf[:0])), "legal moves")
	_, err = board.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1")
	fmt.Println(err)
	// Output:
	// 30 legal moves
	// bad SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1": side to move: want 'b' or 'w', got "x"
}

func ExamplePosition_ParseMove() {
	pos := board.NewStartPosition()
	m, _ := pos.ParseMove("7g7f")
	fmt.Println(pos.KIFMove(m, board.NoSquare), pos.KI2Move(m, board.NoSquare))
	_, err := pos.ParseMove("7g7e")
	fmt.Println(err)
	// Output:
	// ７六歩(77) ７六歩
	// illegal move "7g7e": 歩 on 7g cannot move to 7e
}

func ExampleGame_Repetition() {
	g := board.NewGame(board.NewStartPosition())
	for i := 0; i < 3; i++ {
		for _, s := range []string{"5i5h", "5a5b", "5h5i", "5b5a"} {
			g.PlayUSI(s)
		}
	}
	fmt.Println(g.Occurrences(), g.Repetition())
	// Output: 4 千日手 (draw by repetition)
}
