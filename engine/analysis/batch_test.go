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
