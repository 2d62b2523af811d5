package usiclient

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

func TestCommandsWriteThemselves(t *testing.T) {
	tests := []struct {
		cmd  Command
		want string
	}{
		{Usi{}, "usi"},
		{Debug{On: true}, "debug on"},
		{Debug{}, "debug off"},
		{IsReady{}, "isready"},
		{SetOption{Name: "USI_Hash", Value: "256"}, "setoption name USI_Hash value 256"},
		{SetOption{Name: "Skill Level", Value: "3"}, "setoption name Skill Level value 3"},
		{SetOption{Name: "BookFile", Value: "my books/std book.db"}, "setoption name BookFile value my books/std book.db"},
		{SetOption{Name: "Debug Log File", Value: ""}, "setoption name Debug Log File value <empty>"},
		{SetOption{Name: "Clear Hash", Button: true}, "setoption name Clear Hash"},
		{SetOption{Name: " Hash ", Value: "8"}, "setoption name Hash value 8"},
		{Register{Later: true}, "register later"},
		{Register{Name: "Stefan MK", Code: "4359874324"}, "register name Stefan MK code 4359874324"},
		{Register{Code: "x"}, "register code x"},
		{UsiNewGame{}, "usinewgame"},
		{Position{}, "position startpos"},
		{Position{SFEN: "startpos", Moves: []string{"7g7f", "3c3d"}}, "position startpos moves 7g7f 3c3d"},
		{Position{SFEN: "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", Moves: []string{"5a6b"}},
			"position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a6b"},
		{Position{SFEN: "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"}, "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"},
		{Go{}, "go"},
		{Go{Clock: &Clock{BTime: 60 * time.Second, WTime: 50 * time.Second, Byoyomi: 10 * time.Second}}, "go btime 60000 wtime 50000 byoyomi 10000"},
		{Go{Clock: &Clock{BTime: 40 * time.Second, WTime: 50 * time.Second, BInc: 10 * time.Second, WInc: 10 * time.Second}}, "go btime 40000 wtime 50000 binc 10000 winc 10000"},
		// Shogidokoro: "秒読みと加算が両方とも0ならbyoyomi 0を送ります"
		{Go{Clock: &Clock{}}, "go btime 0 wtime 0 byoyomi 0"},
		{Go{Clock: &Clock{BTime: 3 * time.Second, WTime: 3 * time.Second, Byoyomi: -1}}, "go btime 3000 wtime 3000"},
		{Go{Clock: &Clock{BTime: -1, WTime: -1, Byoyomi: time.Second}}, "go byoyomi 1000"},
		{Go{Ponder: true, Clock: &Clock{BTime: 10 * time.Second, WTime: 10 * time.Second, Byoyomi: time.Second}}, "go ponder btime 10000 wtime 10000 byoyomi 1000"},
		{Go{MovesToGo: 20, Depth: 4, Nodes: 20000, MoveTime: 500 * time.Millisecond}, "go movestogo 20 depth 4 nodes 20000 movetime 500"},
		{Go{Infinite: true, SearchMoves: []string{"7g7f", "2g2f"}}, "go infinite searchmoves 7g7f 2g2f"},
		{GoMate{Limit: 10 * time.Second}, "go mate 10000"},
		{GoMate{}, "go mate infinite"},
		{Stop{}, "stop"},
		{PonderHit{}, "ponderhit"},
		{GameOver{Win}, "gameover win"},
		{GameOver{Lose}, "gameover lose"},
		{GameOver{Draw}, "gameover draw"},
		{Quit{}, "quit"},
	}
	for _, tt := range tests {
		if got := tt.cmd.String(); got != tt.want {
			t.Errorf("%#v writes %q, want %q", tt.cmd, got, tt.want)
		}
		var buf bytes.Buffer
		n, err := tt.cmd.WriteTo(&buf)
		if err != nil || buf.String() != tt.want+"\n" || n != int64(len(tt.want)+1) {
			t.Errorf("%#v WriteTo: %q, %d, %v", tt.cmd, buf.String(), n, err)
		}
		// And it reads back into the same line.
		back, err := ParseCommand(tt.want)
		if err != nil {
			t.Errorf("ParseCommand(%q): %v", tt.want, err)
		} else if back.String() != tt.want {
			t.Errorf("ParseCommand(%q) writes back %q", tt.want, back.String())
		}
	}
}

// TestCommandsRefuse checks that a command that would break the line protocol (a
// line break would let a value inject a command such as quit) is refused, not written.
func TestCommandsRefuse(t *testing.T) {
	tests := []Command{
		SetOption{Name: "BookFile", Value: "a.db\nquit"},
		SetOption{Name: "Book\rFile", Value: "a"},
		SetOption{Name: "", Value: "1"},
		SetOption{Name: "   ", Value: "1"},
		Register{},
		Register{Name: "a\nb"},
		Position{SFEN: "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\ngo"},
		Position{Moves: []string{"7g7f", ""}},
		Position{Moves: []string{"7g7f 3c3d"}},
		Go{SearchMoves: []string{"7g7f\n"}},
		GameOver{Result: 7},
	}
	for _, c := range tests {
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err == nil {
			t.Errorf("%#v: written as %q, want an error", c, buf.String())
		} else if buf.Len() != 0 {
			t.Errorf("%#v: wrote %q before refusing", c, buf.String())
		}
		if s := c.String(); !strings.HasPrefix(s, "<invalid: ") {
			t.Errorf("%#v.String() = %q", c, s)
		}
	}
}

func TestParseCommandErrors(t *testing.T) {
	for _, bad := range []string{"", "   ", "foobar", "debug joho on", "gameover maybe", "setoption", "setoption value 3",
		"position", "position moves 7g7f", "position sfen", "position startpos 7g7f", "go btime", "go btime x",
		"go mate soon", "go foo", "register", "register name"} {
		if c, err := ParseCommand(bad); err == nil {
			t.Errorf("ParseCommand(%q) = %q, want an error", bad, c)
		}
	}
	c, err := ParseCommand("setoption name Book value File value x.db")
	if err != nil || c.(SetOption).Name != "Book value File" || c.(SetOption).Value != "x.db" {
		t.Errorf("a name holding the word value: %#v, %v", c, err)
	}
}

func TestPositionBoard(t *testing.T) {
	tests := []struct {
		pos     Position
		wantErr string // substring; "" means legal
		side    board.Color
	}{
		{Position{}, "", board.Black},
		{Position{Moves: []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"}}, "", board.White},
		{Position{SFEN: "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", Moves: []string{"G*5b"}}, "", board.White},
		{Position{Moves: []string{"7g7f", "7g7f"}}, `move 2 "7g7f"`, 0},
		{Position{Moves: []string{"7g7f", "B@5e"}}, `move 2 "B@5e"`, 0},
		{Position{SFEN: "garbage"}, "position: ", 0},
	}
	for _, tt := range tests {
		p, err := tt.pos.Board()
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: error %v, want one containing %q", tt.pos, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.pos, err)
			continue
		}
		if p.SideToMove() != tt.side {
			t.Errorf("%s: %s to move, want %s", tt.pos, p.SideToMove(), tt.side)
		}
	}
	// NewPosition writes startpos for the starting position, an SFEN otherwise.
	start := board.NewStartPosition()
	m, _ := start.ParseMove("7g7f")
	if got := NewPosition(start, m).String(); got != "position startpos moves 7g7f" {
		t.Errorf("NewPosition: %q", got)
	}
	if got := NewPosition(start.Play(m)).String(); !strings.HasPrefix(got, "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2") {
		t.Errorf("NewPosition after a move: %q", got)
	}
}

func TestClockBudget(t *testing.T) {
	c := Clock{BTime: 10 * time.Second, WTime: 5 * time.Second, Byoyomi: time.Second, WInc: 2 * time.Second}
	if got := c.Budget(board.Black); got != 11*time.Second {
		t.Errorf("black: %v", got)
	}
	if got := c.Budget(board.White); got != 8*time.Second {
		t.Errorf("white: %v", got)
	}
	if got := (&Clock{BTime: -1, Byoyomi: time.Second}).Budget(board.Black); got != time.Second {
		t.Errorf("byoyomi only: %v", got)
	}
}
