package usiclient

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"banmen/board"
)

// A transcript event: dir is '<' (engine stdout), '>' (sent to the engine) or '!' (stderr).
type event struct {
	lineNo int
	dir    byte
	text   string
}

var (
	msLine  = regexp.MustCompile(`^\[\s*[0-9.]+ ms\] ([<>!])(?: (.*))?$`)
	secLine = regexp.MustCompile(`^\s*[0-9]+\.[0-9]+ ([<>!#])(?: (.*))?$`)
)

// readTranscript reads a usi_probe transcript ("[  12.3 ms] < line"), a
// seconds-stamped one ("   0.005 < line"), or a bare stdout capture (every line
// is the engine's).
func readTranscript(t *testing.T, path string) []event {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	marked := strings.Contains(text, "] < ") || strings.Contains(text, "] > ") || secLine.MatchString(strings.SplitN(text, "\n", 2)[0])
	var evs []event
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if !marked {
			evs = append(evs, event{n, '<', line})
			continue
		}
		m := msLine.FindStringSubmatch(line)
		if m == nil {
			m = secLine.FindStringSubmatch(line)
		}
		if m != nil && m[1] == "#" {
			continue
		}
		if m == nil {
			if line != "" && line[0] != '#' && !strings.Contains(line, "] # ") {
				t.Fatalf("%s:%d: can't read transcript line %q", path, n, line)
			}
			continue
		}
		evs = append(evs, event{n, m[1][0], m[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return evs
}

// transcriptStats is what replaying a transcript through the parser finds.
type transcriptStats struct {
	engine, info, bestmove, checkmate, option, other int
	cutPVs, illegalBest                              int
	unreadable                                       []string // lines with a reply keyword that did not parse
	options                                          [][]Option
}

// replay runs every line of a transcript through the parsers: engine lines through
// ParseLine (and info pvs, bestmoves and checkmates are checked against the last
// position sent), GUI lines through ParseCommand and back.
func replay(t *testing.T, path string) transcriptStats {
	t.Helper()
	var st transcriptStats
	var root *board.Position
	var opts []Option
	evs := readTranscript(t, path)
	// A bare capture of the usi answer starts inside it.
	inUSI := len(evs) > 0 && evs[0].dir == '<' && strings.HasPrefix(evs[0].text, "id ")
	for _, ev := range evs {
		where := fmt.Sprintf("%s:%d", filepath.Base(path), ev.lineNo)
		switch ev.dir {
		case '>':
			cmd, err := ParseCommand(ev.text)
			if err != nil {
				if ev.text != "foobar" { // the probe's deliberate unknown command
					t.Errorf("%s: ParseCommand(%q): %v", where, ev.text, err)
				}
				continue
			}
			if got, want := cmd.String(), strings.Join(strings.Fields(ev.text), " "); got != want {
				t.Errorf("%s: %q writes back as %q", where, ev.text, got)
			}
			switch c := cmd.(type) {
			case Usi:
				inUSI, opts = true, nil
			case Position:
				var err error
				if root, err = c.Board(); err != nil {
					root = nil // the probe sends illegal positions on purpose
				}
			}
		case '<':
			st.engine++
			r := ParseLine(ev.text)
			if r.Kind() != Classify(ev.text) && r.Kind() != KindOther {
				t.Errorf("%s: %q parsed as %s but classified %s", where, ev.text, r.Kind(), Classify(ev.text))
			}
			switch r := r.(type) {
			case *Info:
				st.info++
				if root != nil && len(r.PV) > 0 {
					if _, cut, at, why := CheckPV(root, r.PV); cut {
						st.cutPVs++
						t.Logf("%s: pv cut at move %d %q: %s", where, at, r.PV[at], why)
					}
				}
			case BestMove:
				st.bestmove++
				if root != nil && !r.Resign && !r.Win {
					if _, err := root.ParseMove(r.Move); err != nil {
						st.illegalBest++
						t.Logf("%s: bestmove: %v", where, err)
					}
				}
			case Checkmate:
				st.checkmate++
				if root != nil && r.Status == Mate {
					moves, cut, _, why := CheckPV(root, r.Moves)
					p := root.Clone()
					for _, m := range moves {
						p.Do(m)
					}
					if cut || !p.IsCheckmate() {
						t.Errorf("%s: %q is not a mate from the position sent (%s)", where, ev.text, why)
					}
				}
			case *Option:
				st.option++
				if inUSI {
					opts = append(opts, *r)
				}
				// An option writes itself back and reads again the same.
				again, err := ParseOption(r.String())
				if err != nil || describeReply(&again) != describeReply(r) {
					t.Errorf("%s: option %q does not survive a round trip: %v\n %s\n %s", where, r.Name, err, describeReply(r), describeReply(&again))
				}
			case USIOK:
				if inUSI {
					st.options = append(st.options, opts)
					inUSI = false
				}
			case Other:
				st.other++
				if r.Err != nil {
					st.unreadable = append(st.unreadable, ev.text)
				}
			}
		}
	}
	return st
}

// TestTranscripts replays the transcripts copied into testdata: every line is
// classified, nothing panics, every pv, bestmove and checkmate of the engines that
// speak USI is legal in the position they were given, and the counts match what
// grep finds in the files.
func TestTranscripts(t *testing.T) {
	tests := []struct {
		file string
		want transcriptStats // counts only
	}{
		// The counts are what grep finds, e.g. grep -cE '(ms\]|[0-9]) < info' FILE.
		// "other" lines are banners, blank lines and "No such option: …".
		{"fairy-stockfish-extras.txt", transcriptStats{engine: 167, info: 132, bestmove: 2, option: 25, other: 4}},
		{"gpsusi-bookdepth0.txt", transcriptStats{engine: 211, info: 33, bestmove: 5, checkmate: 7, option: 99}},
		{"gpsusi-mate-scores-and-quit.txt", transcriptStats{engine: 27, info: 12, bestmove: 2, option: 9}},
		// Sjaak II writes drops as "B@5e": 4 pvs are cut and 3 bestmoves are illegal
		// (in the positions that are legal USI; the others are not checked).
		{"sjaakii-dialect-bugs.txt", transcriptStats{engine: 20, info: 6, bestmove: 4, option: 3, other: 3, cutPVs: 4, illegalBest: 3}},
		{"non-usi-engines.txt", transcriptStats{engine: 12, other: 12}},
		{"yaneuraou-material-usi.txt", transcriptStats{engine: 41, option: 38}},
		{"yaneuraou-material-usi-session.txt", transcriptStats{engine: 70, info: 25, bestmove: 3, option: 38}},
		{"komoringheights-usi.txt", transcriptStats{engine: 13, option: 10}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			st := replay(t, filepath.Join("testdata", "transcripts", tt.file))
			got := fmt.Sprintf("engine=%d info=%d bestmove=%d checkmate=%d option=%d other=%d cut=%d illegal=%d",
				st.engine, st.info, st.bestmove, st.checkmate, st.option, st.other, st.cutPVs, st.illegalBest)
			w := tt.want
			want := fmt.Sprintf("engine=%d info=%d bestmove=%d checkmate=%d option=%d other=%d cut=%d illegal=%d",
				w.engine, w.info, w.bestmove, w.checkmate, w.option, w.other, w.cutPVs, w.illegalBest)
			if got != want {
				t.Errorf("\n got  %s\n want %s", got, want)
			}
			if len(st.unreadable) > 0 {
				t.Errorf("lines with a reply keyword that did not parse: %q", st.unreadable)
			}
		})
	}
}

// TestSharedTranscripts replays the whole shared corpus when it is there. It asks
// less than TestTranscripts (no counts), but of every file.
func TestSharedTranscripts(t *testing.T) {
	dir := sharedDir(t, "usi-transcripts")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in %s: %v", dir, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			st := replay(t, f)
			if st.engine == 0 {
				t.Fatal("no engine lines read")
			}
			if len(st.unreadable) > 0 {
				t.Errorf("lines with a reply keyword that did not parse: %q", st.unreadable)
			}
			// Only Sjaak II, which writes drops as "B@5e", sends moves that are not
			// legal USI in the position it was given.
			if !strings.HasPrefix(filepath.Base(f), "sjaakii") && (st.cutPVs > 0 || st.illegalBest > 0) {
				t.Errorf("%d pvs cut and %d illegal bestmoves from an engine that speaks USI", st.cutPVs, st.illegalBest)
			}
		})
	}
}

// sharedDir finds <sub> in the shared test corpus, ../shared/testdata next to the
// repository (../../shared from this package's directory), or skips: the corpus
// is not part of the repository, and testdata/transcripts holds copies of the
// transcripts the counted tests need.
func sharedDir(t *testing.T, sub string) string {
	t.Helper()
	d := filepath.Join("..", "..", "shared", "testdata", sub)
	if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
		t.Skipf("the shared corpus is not here (%s): %v", d, err)
	}
	return d
}

// optionRow is an option as a compact row: name|type|default|min|max|number of vars.
func optionRow(o Option) string {
	row := o.Name + "|" + o.TypeName + "|"
	if o.HasDefault {
		row += o.Default
	} else {
		row += "-"
	}
	if o.HasMin || o.HasMax {
		row += fmt.Sprintf("|%d..%d", o.Min, o.Max)
	}
	if len(o.Vars) > 0 {
		row += fmt.Sprintf("|%d vars", len(o.Vars))
	}
	if len(o.Problems) > 0 {
		row += "|problems: " + strings.Join(o.Problems, "; ")
	}
	return row
}

// TestTranscriptOptions checks the option lists of the two engines users meet
// most: every name (with spaces), type, default (empty ones too), range and var count.
func TestTranscriptOptions(t *testing.T) {
	tests := []struct {
		file         string
		hash, ponder string // EngineInfo.HashOption and PonderOption
		want         []string
	}{
		{"fairy-stockfish-extras.txt", "Hash", "Ponder", []string{
			"Protocol|combo|usi|4 vars",
			"Debug Log File|string|",
			"Contempt|spin|24|-100..100",
			"Analysis Contempt|combo|Both|4 vars",
			"Threads|spin|1|1..512",
			"Hash|spin|16|1..131072",
			"Clear Hash|button|-",
			"Ponder|check|false",
			"MultiPV|spin|1|1..500",
			"Skill Level|spin|20|-20..20",
			"Move Overhead|spin|30|0..5000",
			"Minimum Thinking Time|spin|20|0..5000",
			"Slow Mover|spin|84|10..1000",
			"nodestime|spin|0|0..10000",
			"UCI_Chess960|check|false",
			"UCI_Variant|combo|shogi|77 vars",
			"UCI_AnalyseMode|check|false",
			"UCI_LimitStrength|check|false",
			"UCI_Elo|spin|1350|1350..2850",
			"SyzygyPath|string|",
			"SyzygyProbeDepth|spin|1|1..100",
			"Syzygy50MoveRule|check|true",
			"SyzygyProbeLimit|spin|7|0..7",
			"TsumeMode|check|false",
			"VariantPath|string|",
		}},
		{"yaneuraou-material-usi.txt", "USI_Hash", "USI_Ponder", []string{
			"Threads|spin|4|1..1024",
			"NumaPolicy|string|auto",
			"USI_Ponder|check|false",
			"Stochastic_Ponder|check|false",
			"DepthLimit|spin|0|0..2147483647",
			"NodesLimit|spin|0|0..9223372036854775807",
			"DebugLogFile|string|",
			"USI_Hash|spin|1024|1..33554432",
			"MultiPV|spin|1|1..600",
			"DrawValueBlack|spin|-2|-30000..30000",
			"DrawValueWhite|spin|-2|-30000..30000",
			"ResignValue|spin|99999|0..99999",
			"MaxMovesToDraw|spin|0|0..100000",
			"PvInterval|spin|300|0..100000000",
			"ConsiderationMode|check|false",
			"OutputFailLHPV|check|true",
			"GenerateAllLegalMoves|check|false",
			"EnteringKingRule|combo|CSARule27|6 vars",
			"NetworkDelay|spin|120|0..10000",
			"NetworkDelay2|spin|1120|0..10000",
			"MinimumThinkingTime|spin|2000|1..100000",
			"SlowMover|spin|100|1..1000",
			"RoundUpToFullSecond|check|true",
			"USI_OwnBook|check|true",
			"NarrowBook|check|false",
			"BookMoves|spin|16|0..10000",
			"BookIgnoreRate|spin|0|0..100",
			"BookFile|combo|standard_book.db|10 vars",
			"BookDir|string|book",
			"BookEvalDiff|spin|30|0..99999",
			"BookEvalBlackLimit|spin|0|-99999..99999",
			"BookEvalWhiteLimit|spin|-140|-99999..99999",
			"BookDepthLimit|spin|16|0..99999",
			"BookOnTheFly|check|false",
			"ConsiderBookMoveCount|check|false",
			"BookPvMoves|spin|8|1..246",
			"IgnoreBookPly|check|false",
			"FlippedBook|check|true",
		}},
		{"komoringheights-usi.txt", "USI_Hash", "", []string{
			"Threads|spin|4|1..127",
			"MultiPV|spin|1|1..800",
			"USI_Hash|spin|4096|1..33554432",
			"WriteDebugLog|string|",
			"GenerateAllLegalMoves|check|true",
			"NodesLimit|spin|0|0..9223372036854775807",
			"PvInterval|spin|1000|0..1000000",
			"RootIsAndNodeIfChecked|check|true",
			"ScoreCalculation|combo|Ponanza|4 vars",
			"PostSearchLevel|combo|MinLength|3 vars",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			st := replay(t, filepath.Join("testdata", "transcripts", tt.file))
			if len(st.options) == 0 {
				t.Fatal("no usi answer found")
			}
			got := st.options[0]
			if len(got) != len(tt.want) {
				t.Errorf("%d options, want %d", len(got), len(tt.want))
			}
			for i := range min(len(got), len(tt.want)) {
				if row := optionRow(got[i]); row != tt.want[i] {
					t.Errorf("option %d:\n got  %s\n want %s", i+1, row, tt.want[i])
				}
			}
			info := EngineInfo{Options: got}
			if h, p := info.HashOption(), info.PonderOption(); h != tt.hash || p != tt.ponder {
				t.Errorf("hash option %q, ponder option %q; want %q, %q", h, p, tt.hash, tt.ponder)
			}
			// Every later usi answer in the file (restarts) lists the same names.
			for _, again := range st.options[1:] {
				if len(again) != len(got) {
					t.Errorf("a later usi answer has %d options, the first %d", len(again), len(got))
				}
			}
		})
	}
}
