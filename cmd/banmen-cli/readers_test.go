package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

// TestRecordsEveryReaderOpens is issue 15's "records every reader opens": fresh records
// (random games with variations, comments, しおり, promotions, drops and every ending) and
// every record of the shared corpus are converted by banmen-cli convert to KIF, KI2 and CSA
// (2.2) in UTF-8 and Shift_JIS, and each file is read by tsshogi 2.2.0 (ShogiHome) and
// json-kifu-format 5.5.0 (Kifu for JS) as those programs read it: both must give the main
// line Banmen wrote, and tsshogi the whole tree of a KIF or KI2 (its moves, comments and
// しおり). The readers are node packages, not part of the repository: the test runs when
// BANMEN_READERS names a folder where they are installed,
//
//	mkdir -p /tmp/readers && cd /tmp/readers && npm install tsshogi@2.2.0 json-kifu-format@5.5.0
//	BANMEN_READERS=/tmp/readers go test -run RecordsEveryReaderOpens -v ./cmd/banmen-cli
//
// and skips otherwise. (CSA 3.0 is left out: Kifu for JS reads CSA 2.x only, which is why
// 2.2 is convert's default.) kifu's TestWrittenRecordsFollowWhatReadersAccept keeps the
// rules learned here for runs without node.
func TestRecordsEveryReaderOpens(t *testing.T) {
	readers := os.Getenv("BANMEN_READERS")
	if readers == "" {
		t.Skip("BANMEN_READERS is not set (the folder where tsshogi and json-kifu-format are installed)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("BANMEN_READERS is set but node is missing: %v", err)
	}
	modules := filepath.Join(readers, "node_modules")
	for _, p := range []string{"tsshogi", "json-kifu-format"} {
		if _, err := os.Stat(filepath.Join(modules, p, "package.json")); err != nil {
			t.Fatalf("BANMEN_READERS=%s: %s is not installed there (npm install tsshogi@2.2.0 json-kifu-format@5.5.0): %v", readers, p, err)
		}
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	out := filepath.Join(dir, "out")
	for _, d := range []string{src, out} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// the records: name → what Banmen reads in it
	records := map[string]*kifu.Record{}
	sources := map[string]string{}
	rnd := rand.New(rand.NewPCG(15, 2026))
	for i := range 20 {
		rec := freshRecord(t, rnd, i)
		name := fmt.Sprintf("fresh%02d", i)
		path := filepath.Join(src, name+".kifu")
		if err := os.WriteFile(path, []byte(kifu.FormatKIF(rec)), 0o644); err != nil {
			t.Fatal(err)
		}
		back, err := kifu.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: Banmen does not read back its own record: %v", name, err)
		}
		records[name], sources[name] = back, path
	}
	corpusFiles, _ := filepath.Glob(filepath.Join(corpus, "*", "*.*"))
	for _, f := range corpusFiles {
		if strings.HasSuffix(f, ".json") && !strings.HasSuffix(f, ".jkf") && filepath.Base(filepath.Dir(f)) != "jkf" {
			continue
		}
		rec, err := kifu.ReadFile(f)
		if err != nil || len(rec.MainMoves()) == 0 {
			continue // not a record Banmen reads (the corpus's broken files), or no moves
		}
		name := filepath.Base(filepath.Dir(f)) + "-" + strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		records[name], sources[name] = rec, f
	}
	if len(records) < 60 {
		t.Fatalf("%d records to convert, want the 20 fresh ones and the corpus's", len(records))
	}
	// every writer in every encoding, with the extension each program expects
	type conv struct{ to, enc, ext string }
	convs := []conv{{"kif", "utf8", ".kifu"}, {"kif", "sjis", ".kif"}, {"ki2", "utf8", ".ki2u"}, {"ki2", "sjis", ".ki2"},
		{"csa", "utf8", ".csa"}, {"csa", "sjis", ".csa"}}
	var files []string
	fileRec := map[string]string{}
	names := make([]string, 0, len(records))
	for name := range records {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, c := range convs {
			file := filepath.Join(out, name+"."+c.enc+c.ext)
			if _, errOut, code := convert("--to", c.to, "--encoding", c.enc, sources[name], "-o", file); code != 0 {
				if c.enc == "sjis" && code == 1 && strings.Contains(errOut, "cannot be written in Shift_JIS") {
					t.Logf("%s: refused in Shift_JIS, rightly: %s", name, errOut)
					continue
				}
				t.Errorf("convert %s to %s %s: exit %d: %s", sources[name], c.to, c.enc, code, errOut)
				continue
			}
			files = append(files, file)
			fileRec[file] = name
		}
	}
	// the readers, a few hundred files per node
	type result struct {
		File, Reader, Error string
		Moves               []string
		Nodes, Comments     int
		Bookmarks           []string
	}
	var results []result
	for chunk := range slices.Chunk(files, 200) {
		cmd := exec.Command(node, append([]string{"testdata/readers.js"}, chunk...)...)
		cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.Output()
		if err != nil {
			t.Fatalf("node testdata/readers.js: %v\n%s", err, stderr.String())
		}
		sc := bufio.NewScanner(bytes.NewReader(stdout))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var r result
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("readers.js said %q: %v", sc.Text(), err)
			}
			results = append(results, r)
		}
	}
	if len(results) != 2*len(files) {
		t.Fatalf("%d answers from the readers for %d files, want two each", len(results), len(files))
	}
	tally := map[string][2]int{}
	for _, r := range results {
		name := fileRec[r.File]
		rec := records[name]
		kind := strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(filepath.Ext(r.File), "."), "u"))
		key := fmt.Sprintf("%-16s %s %s", r.Reader, kind, strings.Split(filepath.Base(r.File), ".")[1])
		n := tally[key]
		n[1]++
		why := r.Error
		if why == "" {
			if want := usiMoves(rec.MainMoves()); !slices.Equal(r.Moves, want) {
				why = fmt.Sprintf("main line of %d moves differs from Banmen's %d at move %d", len(r.Moves), len(want), firstDiff(r.Moves, want)+1)
			} else if r.Reader == "tsshogi" && kind != "CSA" {
				nodes, comments, marks := treeOf(rec)
				switch {
				case r.Nodes != nodes:
					why = fmt.Sprintf("the tree has %d nodes, Banmen's %d", r.Nodes, nodes)
				case strings.HasPrefix(name, "fresh") && r.Comments != comments:
					why = fmt.Sprintf("%d comments, Banmen's %d", r.Comments, comments)
				case !slices.Equal(sorted(r.Bookmarks), marks):
					why = fmt.Sprintf("しおり %v, Banmen's %v", r.Bookmarks, marks)
				}
			}
		}
		if why == "" {
			n[0]++
		} else {
			t.Errorf("%s reads %s (from %s) wrong: %s", r.Reader, filepath.Base(r.File), sources[name], why)
		}
		tally[key] = n
	}
	keys := make([]string, 0, len(tally))
	for k := range tally {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%s %d/%d", k, tally[k][0], tally[k][1])
	}
}

// freshRecord is a random game: 40 to 160 random legal moves (captures, drops and
// promotions come by themselves), a few variations, comments and しおり, and an ending.
func freshRecord(t *testing.T, rnd *rand.Rand, i int) *kifu.Record {
	t.Helper()
	rec := kifu.New(nil)
	rec.Headers.Set(kifu.HeaderBlack, "先手の人")
	rec.Headers.Set(kifu.HeaderWhite, "後手の人")
	rec.Headers.Set(kifu.HeaderStart, "2026/11/23 10:00:00")
	var buf []board.Move
	// randomLine plays up to n random moves after at, decorating some nodes
	randomLine := func(at *kifu.Node, n int) *kifu.Node {
		pos := rec.Position(at)
		for range n {
			buf = pos.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[rnd.IntN(len(buf))]
			next, err := rec.Play(at, m)
			if err != nil {
				t.Fatal(err)
			}
			pos.Do(m)
			at = next
			if rnd.IntN(7) == 0 {
				at.Comment = fmt.Sprintf("コメント %d\n二行目 ▲△", at.Ply())
			}
			if rnd.IntN(20) == 0 {
				at.Bookmark = fmt.Sprintf("しおり%d", at.Ply())
			}
		}
		return at
	}
	end := randomLine(rec.Root, 40+rnd.IntN(120))
	for range 1 + rnd.IntN(4) {
		line := rec.MainLine()
		at := line[rnd.IntN(len(line)-1)]
		randomLine(at, 1+rnd.IntN(8))
	}
	endings := []kifu.Special{kifu.Resign, kifu.Interrupt, kifu.Repetition, kifu.Impasse, kifu.Timeout,
		kifu.FoulWin, kifu.FoulLose, kifu.MaxMoves, kifu.EnteringKing, kifu.NotSpecial}
	if s := endings[i%len(endings)]; s != kifu.NotSpecial && !rec.Position(end).InCheck() {
		if _, err := rec.End(end, s, ""); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

func usiMoves(ms []board.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// treeOf counts rec's nodes after the root (moves and special moves), its comments (the
// root's too) and lists its しおり.
func treeOf(rec *kifu.Record) (nodes, comments int, marks []string) {
	rec.Root.Walk(func(n *kifu.Node) bool {
		if !n.IsRoot() {
			nodes++
		}
		if strings.TrimSpace(n.Comment) != "" {
			comments++
		}
		if n.Bookmark != "" {
			marks = append(marks, n.Bookmark)
		}
		return true
	})
	return nodes, comments, sorted(marks)
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	sort.Strings(s)
	if s == nil {
		s = []string{}
	}
	return s
}
