package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/kifu"
)

// batchFolder makes a folder of three real records (CSA, KI2 in Shift_JIS, JKF), a
// file that is not a record though it is named like one (a PNG) and a README.
func batchFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.csa":      "../../kifu/testdata/csa/shogihome__book__source__src04.csa",
		"b.ki2":      "../../kifu/testdata/ki2/shogihome__encoding__sjis.ki2",
		"c.jkf":      "../../kifu/testdata/jkf/kifu-for-js__same_move_minimal.jkf",
		"broken.kif": "../../ui/testdata/evalgraph_light.png",
		"README.txt": "../../kifu/testdata/README.md",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBatchAnalysesAFolderAndSkipsABadFile(t *testing.T) {
	in := batchFolder(t)
	out := filepath.Join(t.TempDir(), "analysed")
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	def := enginetest.FairyStockfish(t)
	starts := 0
	start := func(ctx context.Context) (*engine.Running, error) {
		starts++
		return m.Start(ctx, def, engine.StartOptions{})
	}
	files := map[string]bool{}
	res, err := Batch(context.Background(), start, in, out, Config{Nodes: 5000}, func(p BatchProgress) {
		if p.Files != 4 {
			t.Errorf("progress %+v: want 4 files", p)
		}
		files[p.Name] = true
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 4 || len(files) != 4 || starts != 1 {
		t.Fatalf("%d results, progress of %v, %d engine starts", len(res), files, starts)
	}
	for _, f := range res {
		if f.Name == "broken.kif" {
			if f.Err == nil || !strings.Contains(f.Err.Error(), "broken.kif") {
				t.Errorf("the PNG named broken.kif: %v, want an error naming it", f.Err)
			}
			if _, err := os.Stat(f.Out); err == nil {
				t.Error("an output was written for the bad file")
			}
			continue
		}
		if f.Err != nil || !f.Summary.Complete || f.Resumed {
			t.Errorf("%s: %v %+v", f.Name, f.Err, f.Summary)
			continue
		}
		rec, err := kifu.ReadFile(f.Out)
		if err != nil {
			t.Fatalf("%s: %v", f.Out, err)
		}
		orig, _ := kifu.ReadFile(filepath.Join(in, f.Name))
		if !SameGame(rec, orig) {
			t.Errorf("%s: the output is another game", f.Name)
		}
		for i, n := range append([]*kifu.Node{rec.Root}, rec.MainLine()...) {
			if n.IsSpecial() {
				break
			}
			if !strings.Contains(n.Comment, "評価値=") && !strings.Contains(n.Comment, "詰み=") {
				t.Errorf("%s ply %d: no analysis in %q", f.Name, i, n.Comment)
			}
		}
	}
	// the Shift_JIS record stays Shift_JIS
	data, _ := os.ReadFile(filepath.Join(out, "b.ki2"))
	if _, enc, _ := kifu.Read(data, "b.ki2"); enc != kifu.ShiftJIS {
		t.Errorf("b.ki2 written in encoding %v", enc)
	}
	// again: every position is read back from the outputs
	res, err = Batch(context.Background(), start, in, out, Config{Nodes: 5000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res {
		if f.Name != "broken.kif" && (!f.Resumed || f.Summary.Positions != 0 || f.Summary.ReadBack == 0) {
			t.Errorf("second run of %s: resumed %v, %+v", f.Name, f.Resumed, f.Summary)
		}
	}
	if _, err := Batch(context.Background(), start, in, in, Config{Nodes: 5000}, nil); err == nil {
		t.Error("the input folder accepted as the output")
	}
}

func TestBatchRunnerCancels(t *testing.T) {
	in := batchFolder(t)
	out := t.TempDir()
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	r := StartBatch(m, enginetest.Bundled(t), in, out, Config{Time: 200 * time.Millisecond})
	for r.Snapshot().Progress.Position.Done < 2 {
		select {
		case <-r.Done():
			t.Fatalf("finished before the cancel: %+v", r.Snapshot())
		default:
		}
		waitVersion(r)
	}
	r.Cancel()
	<-r.Done()
	s := r.Snapshot()
	if !s.Finished || !s.Canceled || s.Err != nil || len(s.Results) == 0 || len(s.Results) == 4 {
		t.Errorf("after cancel: %+v", s)
	}
}

func waitVersion(r *BatchRunner) {
	v := r.Version()
	for r.Version() == v {
		select {
		case <-r.Done():
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// A record read only in part is skipped with its line named, not analysed as far as it was
// read (its output would hold less than the file and say nothing of it); one whose last move
// is illegal, a game lost by it, is analysed up to the move before it with a warning, as the
// window opens it.
func TestBatchSkipsARecordReadOnlyInPart(t *testing.T) {
	in := t.TempDir()
	fork, err := os.ReadFile("../../kifu/testdata/kif/kifu-for-js__fork-test.kif")
	if err != nil {
		t.Fatal(err)
	}
	lastMove := "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"
	for name, data := range map[string][]byte{"fork.kif": fork, "lastmove.kif": []byte(lastMove)} {
		if err := os.WriteFile(filepath.Join(in, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, _, err := batchWithFairy(t, in)
	if err != nil || len(res) != 2 {
		t.Fatalf("%d results, %v", len(res), err)
	}
	for _, f := range res {
		switch f.Name {
		case "fork.kif":
			if f.Err == nil || !strings.Contains(f.Err.Error(), "line 18") {
				t.Errorf("fork.kif: %v, want it skipped naming line 18", f.Err)
			}
			if _, err := os.Stat(f.Out); err == nil {
				t.Error("fork.kif: an output was written")
			}
		case "lastmove.kif":
			if f.Err != nil || len(f.Warnings) != 1 || f.Warnings[0].Line != 7 || !strings.Contains(f.Warnings[0].Msg, "７七玉(68)") {
				t.Fatalf("lastmove.kif: %v, warnings %v", f.Err, f.Warnings)
			}
			rec, err := kifu.ReadFile(f.Out)
			if err != nil || len(rec.MainMoves()) != 4 {
				t.Errorf("lastmove.kif's output: %v, %v", rec, err)
			}
		}
	}
}

// A USI position command holds no comments: its analysis is written as KIF beside its name
// (a.usi → a.usi.kifu), not into a file of its own format that would lose it all.
func TestBatchWritesAUSIRecordsAnalysisAsKIF(t *testing.T) {
	in := t.TempDir()
	if err := os.WriteFile(filepath.Join(in, "a.usi"), []byte("position startpos moves 7g7f 3c3d 2g2f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, out, err := batchWithFairy(t, in)
	if err != nil || len(res) != 1 || res[0].Err != nil {
		t.Fatalf("%v, %+v", err, res)
	}
	if want := filepath.Join(out, "a.usi.kifu"); res[0].Out != want {
		t.Errorf("written to %s, want %s", res[0].Out, want)
	}
	if _, err := os.Stat(filepath.Join(out, "a.usi")); err == nil {
		t.Error("a.usi written, which holds no analysis")
	}
	rec, err := kifu.ReadFile(res[0].Out)
	if err != nil || len(rec.MainMoves()) != 3 || !strings.Contains(rec.MainLine()[0].Comment, "評価値=") {
		t.Fatalf("the output: %v, %v", rec, err)
	}
}

// batchWithFairy analyses the folder in with fairy-stockfish at 2000 nodes a position into a
// new folder, out.
func batchWithFairy(t *testing.T, in string) (res []BatchFile, out string, err error) {
	t.Helper()
	out = filepath.Join(t.TempDir(), "analysed")
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	def := enginetest.FairyStockfish(t)
	start := func(ctx context.Context) (*engine.Running, error) { return m.Start(ctx, def, engine.StartOptions{}) }
	res, err = Batch(context.Background(), start, in, out, Config{Nodes: 2000}, nil)
	return res, out, err
}

// A CSA record whose times have fractions is written back as V3.0, as the window saves it:
// written as V2.2 the analysis' output lost them.
func TestBatchKeepsACSAsFractionsOfASecond(t *testing.T) {
	in := t.TempDir()
	csa := "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\nT1.5\n-3334FU\nT2.25\n+2726FU\nT0.5\n"
	if err := os.WriteFile(filepath.Join(in, "a.csa"), []byte(csa), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _, err := batchWithFairy(t, in)
	if err != nil || len(res) != 1 || res[0].Err != nil {
		t.Fatalf("%v, %+v", err, res)
	}
	data, err := os.ReadFile(res[0].Out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"V3.0", "T1.5", "T2.25", "T0.5"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the output lacks %q:\n%s", want, data)
		}
	}
}

// A folder's analysis takes the records a folder's conversion takes, by the same extensions:
// not a .json file (package.json beside the records is no record), nor a subfolder's.
func TestRecordFilesTakesWhatAConversionTakes(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.kif", "a.csa", "c.jkf", "d.json", "e.txt", "f.usi", "g.KI2", "sub/h.kif"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := RecordFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.csa", "b.kif", "c.jkf", "f.usi", "g.KI2"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("RecordFiles = %q, want %q", got, want)
	}
	if _, err := RecordFiles(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing folder: %v, want an error naming it", err)
	}
}
