package kifu

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// The shared corpus: real record files from public repositories, and what tsshogi
// (the library behind ShogiHome) makes of each (../shared/testdata/kifu/README.md).
// The test runs where the corpus is (here and in CI); kifu/testdata holds copies of
// enough files to test every format without it.
const corpusDir = "../../shared/testdata/kifu"

type tsshogiFile struct {
	File           string            `json:"file"`
	Encoding       string            `json:"encoding"`
	OK             bool              `json:"ok"`
	Error          string            `json:"error"`
	InitialSFEN    string            `json:"initial_sfen"`
	USI            string            `json:"usi"`
	MainLine       []string          `json:"main_line"`
	MainLineEnd    *string           `json:"main_line_end"`
	FinalSFEN      string            `json:"final_sfen"`
	ElapsedMs      []int64           `json:"elapsed_ms"`
	NodeCount      int               `json:"node_count"`
	CommentCount   int               `json:"comment_count"`
	Variations     []tsshogiLine     `json:"variations"`
	Comments       []tsshogiComment  `json:"comments_main_line"`
	Metadata       map[string]string `json:"metadata"`
	CustomMetadata map[string]string `json:"custom_metadata"`
	RepetitionEnd  *bool             `json:"repetition_at_end"`
	Records        []struct {
		OK       bool   `json:"ok"`
		USI      string `json:"usi"`
		PlyCount int    `json:"ply_count"`
	} `json:"records"`
}

type tsshogiLine struct {
	Moves []string `json:"moves"`
	End   *string  `json:"end"`
}

type tsshogiComment struct {
	Ply     int    `json:"ply"`
	Comment string `json:"comment"`
}

func loadTsshogi(t *testing.T) []tsshogiFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, "tsshogi_conversions.json"))
	if os.IsNotExist(err) {
		t.Skip("shared corpus not here (../shared/testdata/kifu): skipped")
	}
	if err != nil {
		t.Fatal(err)
	}
	var all struct {
		Files []tsshogiFile `json:"files"`
	}
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	return all.Files
}

// tsshogi's names for the ends of lines
func tsshogiEnd(n *Node) *string {
	var s string
	switch n.Special {
	case NotSpecial:
		return nil
	case Resign:
		s = "resign"
	case Interrupt:
		s = "interrupt"
	case Checkmate:
		s = "mate"
	case Repetition:
		s = "repetitionDraw"
	case Impasse:
		s = "impass"
	case Timeout:
		s = "timeout"
	case FoulWin:
		s = "foulWin"
	case FoulLose:
		s = "foulLose"
	case EnteringKing:
		s = "enteringOfKing"
	case Other:
		s = "any:" + n.SpecialText
	default:
		s = "any:" + n.Special.Kanji()
	}
	return &s
}

// tsshogi's metadata keys, as KIF header keys
var tsshogiKeys = map[string]string{
	"blackName": "先手", "whiteName": "後手", "shitateName": "下手", "uwateName": "上手",
	"startDatetime": "開始日時", "endDatetime": "終了日時", "date": "対局日", "tournament": "棋戦",
	"strategy": "戦型", "title": "表題", "timeLimit": "持ち時間", "byoyomi": "秒読み", "timeSpent": "消費時間",
	"place": "場所", "postedOn": "掲載", "note": "備考", "blackShortName": "先手省略名",
	"whiteShortName": "後手省略名", "opusNo": "作品番号", "opusName": "作品名", "author": "作者",
	"publishedBy": "発表誌", "publishedAt": "発表年月", "source": "出典", "length": "手数",
	"integrity": "完全性", "category": "分類", "award": "受賞",
}

// Where tsshogi is wrong. Each entry says why; the test checks the right answer instead.
var tsshogiWrong = map[string]string{
	// tsshogi's 左七枚落ち takes off the wrong silver (7一, where it should take 3一:
	// 左 is 上手's left) and then rejects 上手's first move △８二銀 from 7一.
	"ki2/kifu-for-js__7mai.ki2u": "left-seven handicap",
	// the board rows of this file end in "*." instead of "* "; tsshogi drops those rows,
	// starts from a board without them and fails at the 11th move. It is the game of
	// kif/mog-core-scala__kif__game__010.kif (same players, moves and times).
	"csa/mog-core-scala__csa__game__002.csa": "rows ending in *.",
	// %-ILLEGAL_ACTION means White acted illegally (CSA V2.2): with Black to move that
	// is a win for the side to move (反則勝ち); tsshogi has + and - the wrong way round.
	"csa/kifu-for-js__illegal_win.csa": "foul win",
	// "まで61手詰" (mate in 61) ends a mate problem's solution; tsshogi keeps it as
	// free text ("any:61手詰") in KI2 while it reads the KIF of the same problem as mate.
	"ki2/kifu-for-js__9fu.ki2":                    "mate trailer",
	"ki2/kifu-for-js__kobayashi_kinsho196702.ki2": "mate trailer",
	// tsshogi does not check KIF moves: it accepts "５ ４二銀(31)", a White silver
	// moved on Black's turn. We stop there (line 18) and keep the moves before it.
	"kif/kifu-for-js__fork-test.kif": "moves the opponent's piece",
}

// Files whose time columns are written "(04:35 / 00:04:35)": tsshogi reads no times
// from them (its pattern allows no space before the "/"). We check that the times we
// read add up to the totals the file states.
var spacedTimes = map[string]bool{
	"kif/mog-core-scala__kif__game__008.kif": true,
	"kif/mog-core-scala__kif__game__009.kif": true,
	"kif/mog-core-scala__kif__game__010.kif": true,
	"kif/kifu-for-js__shogidokoro.kifu":      true,
}

func sfen3(s string) string {
	f := strings.Fields(strings.TrimPrefix(s, "sfen "))
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

func usiMoves(ms []board.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

// leafLines lists every root-to-leaf line: its moves and its end.
func leafLines(r *Record) []tsshogiLine {
	var out []tsshogiLine
	r.Root.Walk(func(n *Node) bool {
		if len(n.children) == 0 && !n.IsRoot() {
			out = append(out, tsshogiLine{Moves: usiMoves(n.Moves()), End: tsshogiEnd(n)})
		}
		return true
	})
	return out
}

func TestCorpusAgreesWithTsshogi(t *testing.T) {
	files := loadTsshogi(t)
	agree := 0
	for _, tf := range files {
		tf := tf
		t.Run(tf.File, func(t *testing.T) {
			path := filepath.Join(corpusDir, tf.File)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rec, enc, err := Read(data, tf.File)
			wantEnc := UTF8
			if tf.Encoding == "Shift_JIS" {
				wantEnc = ShiftJIS
			}
			if enc != wantEnc {
				t.Errorf("encoding %v, tsshogi found %s", enc, tf.Encoding)
			}
			if why, wrong := tsshogiWrong[tf.File]; wrong {
				checkTsshogiWrong(t, tf, rec, err, why)
				return
			}
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if tf.Records != nil { // a USI file: tsshogi read each line as a record
				if got := FormatUSI(rec); got != tf.Records[0].USI {
					t.Errorf("usi:\n got %s\nwant %s", got, tf.Records[0].USI)
				}
				if n := len(rec.MainMoves()); n != tf.Records[0].PlyCount {
					t.Errorf("%d moves, want %d", n, tf.Records[0].PlyCount)
				}
				agree++
				return
			}
			if !tf.OK {
				t.Fatalf("tsshogi failed (%s) but the file is not in tsshogiWrong", tf.Error)
			}
			compareWithTsshogi(t, tf, rec)
			if !t.Failed() {
				agree++
			}
		})
	}
	t.Logf("%d of %d corpus files agree with tsshogi in every respect; %d are files where tsshogi is wrong (see tsshogiWrong)", agree, len(files), len(tsshogiWrong))
}

func compareWithTsshogi(t *testing.T, tf tsshogiFile, rec *Record) {
	t.Helper()
	if got := sfen3(rec.Start.SFEN()); got != sfen3(tf.InitialSFEN) {
		t.Errorf("start %s, want %s", got, tf.InitialSFEN)
	}
	if got := FormatUSI(rec); got != tf.USI {
		t.Errorf("usi:\n got %s\nwant %s", got, tf.USI)
	}
	if got := usiMoves(rec.MainMoves()); !reflect.DeepEqual(got, tf.MainLine) && len(tf.MainLine)+len(got) > 0 {
		t.Errorf("main line %v, want %v", got, tf.MainLine)
	}
	if got, want := tsshogiEnd(rec.MainEnd()), tf.MainLineEnd; !reflect.DeepEqual(got, want) {
		t.Errorf("main line ends with %v, want %v", deref(got), deref(want))
	}
	if got := sfen3(rec.FinalPosition().SFEN()); got != sfen3(tf.FinalSFEN) {
		t.Errorf("final position %s, want %s", got, tf.FinalSFEN)
	}
	// times
	var elapsed []int64
	anyTime := false
	for _, n := range rec.MainLine() {
		if n.Move != board.NoMove {
			elapsed = append(elapsed, n.Elapsed.Milliseconds())
			anyTime = anyTime || n.Elapsed != 0
		}
	}
	switch {
	case tf.ElapsedMs != nil:
		if !reflect.DeepEqual(elapsed, tf.ElapsedMs) {
			t.Errorf("elapsed %v, want %v", elapsed, tf.ElapsedMs)
		}
	case spacedTimes[tf.File]:
		if !anyTime {
			t.Errorf("no times read")
		}
		checkTotals(t, rec)
	case anyTime:
		t.Errorf("times %v, tsshogi read none", elapsed)
	}
	// variations
	if tf.Variations != nil {
		if got := leafLines(rec); !reflect.DeepEqual(got, tf.Variations) {
			t.Errorf("lines:\n got %v\nwant %v", fmtLines(got), fmtLines(tf.Variations))
		}
	}
	nodes, commented := 0, 0
	rec.Root.Walk(func(n *Node) bool {
		nodes++
		if n.Comment != "" {
			commented++
		}
		return true
	})
	if nodes != tf.NodeCount {
		t.Errorf("%d nodes, want %d", nodes, tf.NodeCount)
	}
	if commented != tf.CommentCount {
		t.Errorf("%d comments, want %d", commented, tf.CommentCount)
	}
	// comments on the main line
	var got []tsshogiComment
	for i, n := range append([]*Node{rec.Root}, rec.MainLine()...) {
		if n.Comment != "" {
			got = append(got, tsshogiComment{i, n.Comment})
		}
	}
	var want []tsshogiComment
	for _, c := range tf.Comments {
		want = append(want, tsshogiComment{c.Ply, strings.TrimSuffix(c.Comment, "\n")})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("comments:\n got %+q\nwant %+q", fmtComments(got), fmtComments(want))
	}
	// headers
	for k, v := range tf.Metadata {
		// kifu-for-js__20081220kyoochi.kif ends its header lines with CR CR LF; tsshogi
		// splits at CR LF only and keeps the other CR in the value
		v = strings.TrimSuffix(v, "\r")
		key := tsshogiKeys[k]
		if strings.HasPrefix(tf.File, "csa/") && k == "title" {
			key = "棋戦" // $EVENT is the 棋戦 (CSA V2.2 §棋譜情報); tsshogi calls it the title
		}
		if got, ok := rec.Headers.Get(key); !ok || got != v {
			t.Errorf("header %s (%s) = %q, want %q", key, k, got, v)
		}
	}
	for k, v := range tf.CustomMetadata {
		v = strings.TrimSuffix(v, "\r")
		if got, ok := rec.Headers.Get(k); !ok || got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	if tf.RepetitionEnd != nil && *tf.RepetitionEnd {
		g := board.NewGame(rec.Start)
		for _, m := range rec.MainMoves() {
			g.PlayUnchecked(m)
		}
		if g.Repetition() == board.NoRepetition {
			t.Errorf("no repetition at the end, tsshogi found one")
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "(nothing)"
	}
	return *s
}

func fmtLines(ls []tsshogiLine) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString("\n  " + strings.Join(l.Moves, " ") + " / " + deref(l.End))
	}
	return b.String()
}

// checkTotals checks that each timed move's total is the mover's earlier total plus its
// time, along the main line.
func checkTotals(t *testing.T, rec *Record) {
	t.Helper()
	var sum [2]time.Duration
	pos := *rec.Start
	for _, n := range rec.MainLine() {
		c := pos.SideToMove()
		sum[c] += n.Elapsed
		if n.Timed && n.Total != sum[c] {
			t.Errorf("ply %d: total %v, but the times so far add up to %v", n.ply, n.Total, sum[c])
			return
		}
		if n.Move != board.NoMove {
			pos.Do(n.Move)
		}
	}
}

// checkTsshogiWrong checks the right answer for the files tsshogi gets wrong.
func checkTsshogiWrong(t *testing.T, tf tsshogiFile, rec *Record, err error, why string) {
	t.Helper()
	switch tf.File {
	case "ki2/kifu-for-js__7mai.ki2u":
		if err != nil {
			t.Fatalf("%s: %v", why, err)
		}
		if got, want := rec.Start.SFEN(), "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"; got != want {
			t.Errorf("start %s, want %s", got, want)
		}
		if got, want := FormatUSI(rec), "position sfen 2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 7a8b 7g7f"; got != want {
			t.Errorf("usi %s, want %s", got, want)
		}
		if rec.Result() != Interrupt {
			t.Errorf("ends with %v, want interrupt (まで2手で中断)", rec.Result())
		}
	case "csa/mog-core-scala__csa__game__002.csa":
		if err != nil {
			t.Fatalf("%s: %v", why, err)
		}
		twin := findTsshogi(t, "kif/mog-core-scala__kif__game__010.kif")
		if !IsStandard(rec.Start) {
			t.Errorf("start %s, want the standard position", rec.Start.SFEN())
		}
		if got := usiMoves(rec.MainMoves()); !reflect.DeepEqual(got, twin.MainLine) {
			t.Errorf("main line differs from the KIF of the same game")
		}
		if rec.Result() != Impasse {
			t.Errorf("ends with %v, want impasse (%%JISHOGI)", rec.Result())
		}
		kif, kerr := ReadFile(filepath.Join(corpusDir, twin.File))
		if kerr != nil {
			t.Fatal(kerr)
		}
		cm, km := rec.MainLine(), kif.MainLine()
		for i := range cm {
			if i < len(km) && cm[i].Elapsed != km[i].Elapsed {
				t.Errorf("ply %d: %v, the KIF says %v", i+1, cm[i].Elapsed, km[i].Elapsed)
				break
			}
		}
	case "csa/kifu-for-js__illegal_win.csa":
		if err != nil {
			t.Fatalf("%s: %v", why, err)
		}
		if got := usiMoves(rec.MainMoves()); !reflect.DeepEqual(got, tf.MainLine) {
			t.Errorf("main line %v, want %v", got, tf.MainLine)
		}
		if rec.Result() != FoulWin {
			t.Errorf("ends with %v, want foul win (%%-ILLEGAL_ACTION with Black to move)", rec.Result())
		}
	case "ki2/kifu-for-js__9fu.ki2", "ki2/kifu-for-js__kobayashi_kinsho196702.ki2":
		if err != nil {
			t.Fatalf("%s: %v", why, err)
		}
		if got := usiMoves(rec.MainMoves()); !reflect.DeepEqual(got, tf.MainLine) {
			t.Errorf("main line %v, want %v", got, tf.MainLine)
		}
		if rec.Result() != Checkmate {
			t.Errorf("ends with %v, want mate (まで…手詰)", rec.Result())
		}
		// a mate problem's last move checks; the defender may still have futile
		// interpositions from the hand (the convention gives it every piece left)
		if !rec.FinalPosition().InCheck() {
			t.Errorf("the final position is not check")
		}
	case "kif/kifu-for-js__fork-test.kif":
		pe, ok := err.(*ParseError)
		if !ok || pe.Line != 18 || !strings.Contains(pe.Msg, "４二銀(31)") || pe.File != tf.File {
			t.Fatalf("error %v, want a *ParseError at line 18 naming ４二銀(31)", err)
		}
		got := leafLines(rec)
		if !reflect.DeepEqual(got, tf.Variations[:2]) {
			t.Errorf("lines read before the error:%s\nwant%s", fmtLines(got), fmtLines(tf.Variations[:2]))
		}
	default:
		t.Fatalf("no check for %s", tf.File)
	}
}

func findTsshogi(t *testing.T, file string) tsshogiFile {
	for _, tf := range loadTsshogi(t) {
		if tf.File == file {
			return tf
		}
	}
	t.Fatalf("%s not in tsshogi_conversions.json", file)
	return tsshogiFile{}
}

var _ = sort.Strings

func fmtComments(cs []tsshogiComment) []string {
	var out []string
	for _, c := range cs {
		out = append(out, strings.Repeat(" ", 0)+string(rune('0'+c.Ply%10))+":"+c.Comment)
	}
	return out
}
