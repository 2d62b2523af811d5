package kifu

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

func TestReadJKFFiles(t *testing.T) {
	s := time.Second
	tests := []fileFacts{
		{file: "jkf/kifu-for-js__same_move_minimal.jkf", start: hirate, plies: 5, leaves: 1},
		{file: "jkf/shogihome__scenario__29__record.jkf", start: hirate, plies: 6, result: Resign, leaves: 1,
			comments: map[int]string{2: "互角\n*評価値=-35\n*読み筋=▲２五歩△８五歩\n*深さ=8\n*ノード数=12345\n*エンジン=usi-csa-bridge"},
			headers:  map[string]string{"表題": "test+test-30-5F+Enemy+usi-csa-bridge+20260805002900", "持ち時間": "30+0+5"},
			times:    map[int][2]time.Duration{1: {2 * s, 2 * s}, 7: {0, 7 * s}}},
	}
	for _, ff := range tests {
		t.Run(ff.file, func(t *testing.T) { checkFacts(t, ff) })
	}
	// the header keeps the file's order
	r := readTestFile(t, "jkf/shogihome__scenario__29__record.jkf")
	var keys []string
	for _, h := range r.Headers {
		keys = append(keys, h.Key)
	}
	if got := strings.Join(keys, " "); got != "表題 先手 後手 対局日 開始日時 持ち時間" {
		t.Errorf("header order %s", got)
	}
}

// JKF features the two test files do not have: forks, a board of its own, moves
// without an origin (told apart by "relative"), old boolean colours.
func TestJKFFeatures(t *testing.T) {
	const forks = `{"header":{},"moves":[{"comments":["start"]},
		{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},
		 "forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
		           {"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"},
		            "forks":[[{"special":"TORYO"}]]}]]},
		{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
		{"special":"CHUDAN"}]}`
	r, err := ParseJKF(forks)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmtLines(leafLines(r)); got != "\n  7g7f 3c3d / interrupt\n  2g2f 8c8d / (nothing)\n  2g2f / resign" {
		t.Errorf("lines:%s", got)
	}
	if r.Root.Comment != "start" {
		t.Errorf("root comment %q", r.Root.Comment)
	}

	const other = `{"header":{"作品名":"x"},"initial":{"preset":"OTHER","data":{"color":0,
		"board":[[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{"color":0,"kind":"KI"},{},{},{},{},{},{},{}],
		[],[],[],[],[],[]],"hands":[{"KI":1},{"FU":3}]}},
		"moves":[{},{"move":{"color":true,"to":{"x":1,"y":2},"piece":"KI","relative":"H"}}]}`
	r, err = ParseJKF(other)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Start.SFEN(); got != "8k/6G2/9/9/9/9/9/9/9 b G3p 1" {
		t.Errorf("start %s", got)
	}
	if got := FormatUSI(r); !strings.HasSuffix(got, "moves G*1b") {
		t.Errorf("moves: %s", got)
	}
	// a board move with no origin, told apart by relative (▲３五馬右 of kobayashi)
	kob := readTestFile(t, "ki2/kifu-for-js__kobayashi_kinsho196702.ki2")
	var f jkfFile
	if err := json.Unmarshal([]byte(FormatJKF(kob)), &f); err != nil {
		t.Fatal(err)
	}
	if m := f.Moves[13].Move; m.Relative != "R" || m.From == nil {
		t.Fatalf("move 13 written %+v, want relative R", m)
	}
	for i := range f.Moves {
		if f.Moves[i].Move != nil {
			f.Moves[i].Move.From = nil // make every move rely on relative
		}
	}
	data, _ := json.Marshal(f)
	back, err := ParseJKF(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if FormatUSI(back) != FormatUSI(kob) {
		t.Errorf("moves without origins:\n%s\nwant\n%s", FormatUSI(back), FormatUSI(kob))
	}
}

func TestJKFErrorsAndTruncation(t *testing.T) {
	data, _ := os.ReadFile("testdata/jkf/shogihome__scenario__29__record.jkf")
	text := string(data)
	tests := []struct {
		name, text, says string
		line             int
		at               string // what the text holds at the line and column of the error
	}{
		{"not JSON", "{\"header\": }", "not JKF", 1, ""},
		{"wrong type", `{"header":{},"moves":{}}`, "moves holds a JSON object", 1, ""},
		// JSON types in the user's words, not Go's (no kifu.jkfMove)
		{"move is a number", `{"header":{},"moves":[{},{"move":12}]}`, "moves.move holds a JSON number where an object was expected", 1, "}]}"}, // just after the value
		{"piece is a number", `{"header":{},"moves":[{},{"move":{"piece":7}}]}`, "moves.move.piece holds a JSON number where a string was expected", 1, "}}]}"},
		{"other JSON", `{"name":"x"}`, "neither \"header\" nor \"moves\"", 0, ""},
		{"bad preset", strings.Replace(text, `"HIRATE"`, `"HANDICAP"`, 1), `unknown preset "HANDICAP"`, 0, ""},
		{"illegal move", strings.Replace(text, `"to":{"x":2,"y":6},"from":{"x":2,"y":7}`, `"to":{"x":2,"y":5},"from":{"x":2,"y":7}`, 1), "moves[1] (ply 1): illegal move +2725FU", 1,
			`{"time":{"now":{"m":0,"s":2},"total":{"h":0,"m":0,"s":2}},"move":{"color":0,"piece":"FU","to":{"x":2,"y":5}`},
		{"unknown piece", strings.Replace(text, `"piece":"KI"`, `"piece":"XX"`, 1), `moves[5] (ply 5): unknown piece "XX"`, 1,
			`{"time":{"now":{"m":0,"s":3},"total":{"h":0,"m":0,"s":7}},"move":{"color":0,"piece":"XX"`},
		// the same in JSON written one key a line: the line of the move's entry
		{"illegal move, indented", "{\n \"header\": {},\n \"moves\": [\n  {},\n  {\"move\": {\"color\": 0, \"piece\": \"FU\", \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}}},\n  {\"move\": {\"color\": 1, \"piece\": \"FU\", \"from\": {\"x\": 3, \"y\": 3}, \"to\": {\"x\": 3, \"y\": 5}}},\n  {\"special\": \"TORYO\"}\n ]\n}",
			"moves[2] (ply 2): illegal move -3335FU", 6, `{"move": {"color": 1`},
		{"illegal move in a fork", strings.Replace(text, `"to":{"x":8,"y":4},"from":{"x":8,"y":3}}`, `"to":{"x":8,"y":4},"from":{"x":8,"y":3}},"forks":[[{"move":{"color":1,"piece":"FU","to":{"x":1,"y":5},"from":{"x":1,"y":3}}}]]`, 1),
			"moves[2].forks[0][0] (ply 2): illegal move -1315FU", 1, `{"move":{"color":1,"piece":"FU","to":{"x":1,"y":5}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.text == text {
				t.Fatal("the change did not apply")
			}
			_, err := ParseJKF(tt.text)
			pe, ok := err.(*ParseError)
			if !ok || pe.Line != tt.line || !strings.Contains(pe.Msg, tt.says) {
				t.Fatalf("error %v, want line %d saying %q", err, tt.line, tt.says)
			}
			if tt.at != "" {
				lines := strings.Split(tt.text, "\n")
				if pe.Col < 1 || !strings.HasPrefix(string([]rune(lines[pe.Line-1])[pe.Col-1:]), tt.at) {
					t.Errorf("error at line %d, column %d, where the text is not %s", pe.Line, pe.Col, tt.at)
				}
			}
		})
	}
	// cut short in the middle of the sixth move: read as far as it goes
	cut := text[:strings.Index(text, `"to":{"x":3,"y":4}`)+8]
	r, err := ParseJKF(cut)
	if err != nil || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "ends early") {
		t.Fatalf("cut JKF: %v, %v", err, r)
	}
	if n := len(r.MainMoves()); n != 5 {
		t.Errorf("cut JKF gave %d moves, want the 5 complete ones", n)
	}
	// cut short just after the sixth move, or after the empty entry of the start position:
	// every move there is is read
	for _, tc := range []struct {
		text  string
		moves int
	}{
		{afterEntry(t, text, 6), 6},
		{`{"header":{},"moves":[{}`, 0},
		{`{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}` + "\n", 1},
	} {
		r, err := ParseJKF(tc.text)
		if err != nil || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "ends early") {
			t.Fatalf("%q: %v, %v", tc.text, err, r)
		}
		if n := len(r.MainMoves()); n != tc.moves {
			t.Errorf("%q gave %d moves, want %d", tc.text, n, tc.moves)
		}
	}
}

// afterEntry is text cut just after its n-th move entry (each begins with {"time").
func afterEntry(t *testing.T, text string, n int) string {
	t.Helper()
	at := 0
	for range n + 1 {
		i := strings.Index(text[at:], `{"time"`)
		if i < 0 {
			t.Fatalf("the record has fewer than %d entries", n+1)
		}
		at += i + 1
	}
	return strings.TrimSuffix(text[:at-1], ",")
}

func TestFormatJKF(t *testing.T) {
	data, _ := os.ReadFile("testdata/jkf/kifu-for-js__same_move_minimal.jkf")
	var want, got any
	json.Unmarshal(data, &want)
	r, _ := ParseJKF(string(data))
	json.Unmarshal([]byte(FormatJKF(r)), &got)
	// the same as the file, except that we name the start position's preset
	gm := got.(map[string]any)
	if gm["initial"].(map[string]any)["preset"] != "HIRATE" {
		t.Errorf("initial %v", gm["initial"])
	}
	delete(gm, "initial")
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("JKF:\n%s\nwant\n%s", g, w)
	}
}
