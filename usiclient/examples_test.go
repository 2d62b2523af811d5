package usiclient

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// describeReply writes what the parser made of an engine line, in the form the
// fixtures in testdata/*-examples.txt expect after "= ".
func describeReply(r Reply) string {
	var b strings.Builder
	switch r := r.(type) {
	case *Info:
		b.WriteString("info")
		f := func(has InfoField, format string, args ...any) {
			if r.Has(has) {
				fmt.Fprintf(&b, " "+format, args...)
			}
		}
		f(HasDepth, "depth=%d", r.Depth)
		f(HasSelDepth, "seldepth=%d", r.SelDepth)
		f(HasMultiPV, "multipv=%d", r.MultiPV)
		f(HasScore, "score=%s", r.Score)
		f(HasTime, "time=%dms", r.Time.Milliseconds())
		f(HasNodes, "nodes=%d", r.Nodes)
		f(HasNPS, "nps=%d", r.NPS)
		f(HasHashfull, "hashfull=%d", r.Hashfull)
		f(HasCPULoad, "cpuload=%d", r.CPULoad)
		f(HasTBHits, "tbhits=%d", r.TBHits)
		f(HasSBHits, "sbhits=%d", r.SBHits)
		f(HasCurrMove, "currmove=%s", r.CurrMove)
		f(HasCurrMoveNumber, "currmovenumber=%d", r.CurrMoveNumber)
		f(HasPV, "pv=[%s]", strings.Join(r.PV, " "))
		f(HasRefutation, "refutation=[%s]", strings.Join(r.Refutation, " "))
		f(HasCurrLine, "currline=%d:[%s]", r.CurrLineCPU, strings.Join(r.CurrLine, " "))
		f(HasString, "string=%q", r.String)
		if r.Skipped > 0 {
			fmt.Fprintf(&b, " skipped=%d", r.Skipped)
		}
		if r.Malformed > 0 {
			fmt.Fprintf(&b, " malformed=%d", r.Malformed)
		}
	case *Option:
		fmt.Fprintf(&b, "option name=%q type=%s", r.Name, r.TypeName)
		if r.HasDefault {
			fmt.Fprintf(&b, " default=%q", r.Default)
		}
		if r.HasMin {
			fmt.Fprintf(&b, " min=%d", r.Min)
		}
		if r.HasMax {
			fmt.Fprintf(&b, " max=%d", r.Max)
		}
		if len(r.Vars) > 0 {
			fmt.Fprintf(&b, " vars=%q", r.Vars)
		}
		if r.OutOfRange {
			b.WriteString(" outofrange")
		}
		if len(r.Problems) > 0 {
			fmt.Fprintf(&b, " problems=%q", r.Problems)
		}
	case ID:
		fmt.Fprintf(&b, "id %s=%q", r.Field, r.Value)
	case USIOK:
		b.WriteString("usiok")
	case ReadyOK:
		b.WriteString("readyok")
	case CopyProtection:
		fmt.Fprintf(&b, "copyprotection status=%s", r.Status)
	case Registration:
		fmt.Fprintf(&b, "registration status=%s", r.Status)
	case BestMove:
		fmt.Fprintf(&b, "bestmove move=%s", r.Move)
		if r.Ponder != "" {
			fmt.Fprintf(&b, " ponder=%s", r.Ponder)
		}
		if r.Resign {
			b.WriteString(" resign")
		}
		if r.Win {
			b.WriteString(" win")
		}
	case Checkmate:
		fmt.Fprintf(&b, "checkmate status=%s", r.Status)
		if len(r.Moves) > 0 {
			fmt.Fprintf(&b, " moves=[%s]", strings.Join(r.Moves, " "))
		}
	case Other:
		b.WriteString("other")
		if r.Err != nil {
			fmt.Fprintf(&b, " attempted=%s", r.Attempted)
		}
	default:
		fmt.Fprintf(&b, "unexpected %T", r)
	}
	return b.String()
}

// describeCommand writes what ParseCommand made of a GUI line ("error" if it failed).
func describeCommand(c Command, err error) string {
	if err != nil {
		return "error"
	}
	var b strings.Builder
	ms := func(key string, d time.Duration) { fmt.Fprintf(&b, " %s=%d", key, d.Milliseconds()) }
	switch c := c.(type) {
	case Usi, IsReady, UsiNewGame, Stop, PonderHit, Quit, Debug, GameOver:
		b.WriteString(c.String())
	case SetOption:
		fmt.Fprintf(&b, "setoption name=%q", c.Name)
		if c.Button {
			b.WriteString(" button")
		} else {
			fmt.Fprintf(&b, " value=%q", c.Value)
		}
	case Register:
		if c.Later {
			b.WriteString("register later")
		} else {
			fmt.Fprintf(&b, "register name=%q code=%q", c.Name, c.Code)
		}
	case Position:
		if c.SFEN == "" {
			b.WriteString("position startpos")
		} else {
			fmt.Fprintf(&b, "position sfen=%q", c.SFEN)
		}
		if len(c.Moves) > 0 {
			fmt.Fprintf(&b, " moves=[%s]", strings.Join(c.Moves, " "))
		}
	case Go:
		b.WriteString("go")
		if c.Ponder {
			b.WriteString(" ponder")
		}
		if k := c.Clock; k != nil {
			if k.BTime >= 0 {
				ms("btime", k.BTime)
			}
			if k.WTime >= 0 {
				ms("wtime", k.WTime)
			}
			if k.Byoyomi >= 0 {
				ms("byoyomi", k.Byoyomi)
			}
			if k.BInc > 0 || k.WInc > 0 {
				ms("binc", k.BInc)
				ms("winc", k.WInc)
			}
		}
		if c.MovesToGo > 0 {
			fmt.Fprintf(&b, " movestogo=%d", c.MovesToGo)
		}
		if c.Depth > 0 {
			fmt.Fprintf(&b, " depth=%d", c.Depth)
		}
		if c.Nodes > 0 {
			fmt.Fprintf(&b, " nodes=%d", c.Nodes)
		}
		if c.MoveTime > 0 {
			ms("movetime", c.MoveTime)
		}
		if c.Infinite {
			b.WriteString(" infinite")
		}
		if len(c.SearchMoves) > 0 {
			fmt.Fprintf(&b, " searchmoves=[%s]", strings.Join(c.SearchMoves, " "))
		}
	case GoMate:
		if c.Limit == 0 {
			b.WriteString("go mate infinite")
		} else {
			fmt.Fprintf(&b, "go mate limit=%dms", c.Limit.Milliseconds())
		}
	default:
		fmt.Fprintf(&b, "unexpected %T", c)
	}
	return b.String()
}

// exampleCase is one line of a fixture with what it must parse to.
type exampleCase struct {
	file   string
	lineNo int
	dir    byte // '<' engine line, '>' GUI command
	text   string
	want   string
	pos    string // the position command in force ("" for none)
}

func readExamples(t *testing.T, path string) []exampleCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []exampleCase
	var pos string
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# @ "):
			pos = strings.TrimPrefix(line, "# @ ")
			if pos == "-" {
				pos = ""
			}
		case line == "" || line[0] == '#':
		case strings.HasPrefix(line, "< ") || strings.HasPrefix(line, "> "):
			cases = append(cases, exampleCase{file: filepath.Base(path), lineNo: n, dir: line[0], text: line[2:], pos: pos})
		case strings.HasPrefix(line, "= "):
			if len(cases) == 0 || cases[len(cases)-1].want != "" {
				t.Fatalf("%s:%d: an expectation without a line before it", path, n)
			}
			cases[len(cases)-1].want = line[2:]
		default:
			t.Fatalf("%s:%d: can't read fixture line %q", path, n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.want == "" {
			t.Fatalf("%s:%d: no expectation for %q", path, c.lineNo, c.text)
		}
	}
	return cases
}

// TestDocumentedExamples parses every example of the USI draft and of Shogidokoro's
// USI page as the documents describe it, checks that commands write back the same
// line, and checks every move of a pv, bestmove, checkmate or searchmoves against
// the position the example is in.
func TestDocumentedExamples(t *testing.T) {
	for _, file := range []string{"testdata/usi-draft-examples.txt", "testdata/usi-shogidokoro-examples.txt"} {
		cases := readExamples(t, file)
		if len(cases) < 30 {
			t.Fatalf("%s: only %d examples read", file, len(cases))
		}
		for _, c := range cases {
			where := fmt.Sprintf("%s:%d %q", c.file, c.lineNo, c.text)
			var root *board.Position
			if c.pos != "" {
				pc, err := ParseCommand(c.pos)
				if err != nil {
					t.Fatalf("%s: bad position directive: %v", where, err)
				}
				if root, err = pc.(Position).Board(); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
			if c.dir == '>' {
				cmd, err := ParseCommand(c.text)
				if got := describeCommand(cmd, err); got != c.want {
					t.Errorf("%s:\n got  %s\n want %s", where, got, c.want)
				}
				if err != nil {
					continue
				}
				// It writes itself back as sent (the draft's "joho debug on" drops joho).
				want := strings.Join(strings.Fields(strings.TrimPrefix(c.text, "joho ")), " ")
				if cmd.String() != want {
					t.Errorf("%s: writes back as %q", where, cmd.String())
				}
				if g, ok := cmd.(Go); ok && root != nil && len(g.SearchMoves) > 0 {
					for _, m := range g.SearchMoves { // alternatives, each from the root
						if _, err := root.ParseMove(m); err != nil {
							t.Errorf("%s: searchmove: %v", where, err)
						}
					}
				}
				continue
			}
			r := ParseLine(c.text)
			if got := describeReply(r); got != c.want {
				t.Errorf("%s:\n got  %s\n want %s", where, got, c.want)
			}
			if root == nil {
				continue
			}
			switch r := r.(type) {
			case *Info:
				if moves, cut, at, why := CheckPV(root, r.PV); cut || len(moves) != len(r.PV) {
					t.Errorf("%s: pv move %d is illegal: %s", where, at, why)
				}
			case BestMove:
				m, err := root.ParseMove(r.Move)
				if err != nil {
					t.Errorf("%s: %v", where, err)
					break
				}
				if r.Ponder != "" {
					if _, err := root.Play(m).ParseMove(r.Ponder); err != nil {
						t.Errorf("%s: ponder: %v", where, err)
					}
				}
			case Checkmate:
				moves, cut, at, why := CheckPV(root, r.Moves)
				if cut {
					t.Errorf("%s: checkmate move %d is illegal: %s", where, at, why)
					break
				}
				p := root.Clone()
				for _, m := range moves {
					p.Do(m)
				}
				if !p.IsCheckmate() {
					t.Errorf("%s: the line does not end in mate", where)
				}
			}
		}
	}
}

// TestDraftMoveFormat: the draft's examples of a promotion (4e3c+) and a drop (P*3d)
// read as those moves, and write back as sent.
func TestDraftMoveFormat(t *testing.T) {
	root, err := Position{SFEN: "4k4/9/9/9/5N3/9/9/9/4K4 b P 1"}.Board()
	if err != nil {
		t.Fatal(err)
	}
	promotion, err := root.ParseMove("4e3c+")
	if err != nil {
		t.Fatal(err)
	}
	if !promotion.IsPromotion() || promotion.IsDrop() || promotion.Piece() != board.Knight ||
		promotion.From() != board.NewSquare(4, 5) || promotion.To() != board.NewSquare(3, 3) || promotion.USI() != "4e3c+" {
		t.Errorf("4e3c+ read as %v: promotion %v, piece %v, from %v to %v", promotion, promotion.IsPromotion(), promotion.Piece(), promotion.From(), promotion.To())
	}
	if plain, err := root.ParseMove("4e3c"); err != nil || plain.IsPromotion() || plain == promotion {
		t.Errorf("4e3c read as %v (%v)", plain, err)
	}
	drop, err := root.ParseMove("P*3d")
	if err != nil {
		t.Fatal(err)
	}
	if !drop.IsDrop() || drop.IsPromotion() || drop.Piece() != board.Pawn || drop.To() != board.NewSquare(3, 4) || drop.USI() != "P*3d" {
		t.Errorf("P*3d read as %v: drop %v, piece %v, to %v", drop, drop.IsDrop(), drop.Piece(), drop.To())
	}
	if _, err := root.ParseMove("p*3d"); err == nil {
		t.Error("a drop with a lower-case piece letter was accepted (the draft wants upper case)")
	}
}
