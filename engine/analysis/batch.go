package analysis

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"banmen/engine"
	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
	"banmen/usiclient"
)

// Batch analysis (連続解析): every record of a folder is analysed into a record of the
// same name, format and encoding in another folder. A file that does not read as a
// record, or whose analysis fails, is named in its result and skipped; the others go on.
// Each output is written after every position searched, so a batch that is stopped or
// killed is resumed by running it again: an output that holds the same game is read
// back instead of the input.

// BatchFile is one record of a batch and what came of it.
type BatchFile struct {
	Name    string // the file's name in the folder
	Out     string // the path written
	Summary Summary
	Resumed bool  // the output held an earlier analysis of the game, which was read back
	Err     error // why the file was skipped or its analysis stopped; nil when it went well
	// Warnings: what the reader worked around in the record analysed (an illegal last move
	// left out, a line it did not understand, …)
	Warnings []kifu.Warning
}

// BatchProgress says how far a batch is.
type BatchProgress struct {
	File, Files int    // the file being analysed (1 = the first) and how many there are
	Name        string // its name
	Position    Progress
}

// RecordFiles lists the records of dir (not its subfolders): its files with an extension a
// folder's conversion reads too (recordfile.ConvertSources: .kif, .kifu, .ki2, .ki2u, .csa,
// .jkf, .usi, .sfen), by name. A .json file is not taken, as a conversion does not take it:
// a folder of records may hold other JSON files, which would each be reported as unreadable.
func RecordFiles(dir string) ([]string, error) {
	names, err := recordfile.RecordFilesIn(dir, false, nil, "")
	if err != nil {
		return nil, fmt.Errorf("analysis: %v", err)
	}
	return names, nil
}

// Batch analyses the records of the folder in into the folder out (made if missing)
// with the engine start starts (once, and again if it dies; closed by someone else, the
// batch stops). cfg is each record's;
// its Engine and Progress are Batch's: progress, if set, hears of every position. The
// results are in the files' order; the error is for the batch as a whole (the folders,
// the engine, ctx), the files' own are in their results.
func Batch(ctx context.Context, start func(context.Context) (*engine.Running, error), in, out string,
	cfg Config, progress func(BatchProgress)) ([]BatchFile, error) {
	names, err := RecordFiles(in)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("analysis: %s holds no records (.kif, .kifu, .ki2, .csa, .jkf)", in)
	}
	if recordfile.SamePath(in, out) {
		return nil, fmt.Errorf("analysis: the output folder %s is the input folder: choose another one, the records would be overwritten", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("analysis: %v", err)
	}
	var e *engine.Running
	defer func() {
		if e != nil {
			e.Close(context.Background())
		}
	}()
	var results []BatchFile
	for i, name := range names {
		if err := ctx.Err(); err != nil {
			return results, err
		}
		if e != nil && !e.Alive() && e.Failure() == nil {
			// closed under the batch (the window or the program is going): stop here
			return results, fmt.Errorf("analysis: %s was closed", e.Name())
		}
		if e == nil || !e.Alive() {
			if e != nil {
				e.Close(context.Background()) // it died: start it again for the rest
			}
			if e, err = start(ctx); err != nil {
				e = nil
				return results, err
			}
		}
		c := cfg
		c.Engine = e
		bp := BatchProgress{File: i + 1, Files: len(names), Name: name}
		if progress != nil {
			progress(bp)
		}
		f := analyseFile(ctx, filepath.Join(in, name), filepath.Join(out, outputName(name)), c, func(p Progress) {
			if progress != nil {
				bp.Position = p
				progress(bp)
			}
		})
		f.Name = name
		results = append(results, f)
		if ctx.Err() != nil {
			return results, ctx.Err()
		}
		if closedUnder(f.Err) && e.Failure() == nil {
			// closed under the batch (the window or the program is going): stop here
			return results, fmt.Errorf("analysis: %s was closed", e.Name())
		}
	}
	return results, nil
}

// outputName is the name a record's analysis is written under: its own, in its own format,
// unless that format holds no comments (a USI position command), where the analysis would be
// lost: then the name with .kifu added (a.usi → a.usi.kifu, which no other record of the
// folder maps to).
func outputName(name string) string {
	if f, err := kifu.ParseFormat(filepath.Ext(name)); err == nil && f == kifu.USI {
		return name + ".kifu"
	}
	return name
}

// closedUnder reports whether err says the engine was asked to quit (by its owner), not
// that it died.
func closedUnder(err error) bool {
	return errors.Is(err, usiclient.ErrClosed) || errors.Is(err, usiclient.ErrDiscarded)
}

// analyseFile analyses one record into the file out.
func analyseFile(ctx context.Context, in, out string, cfg Config, progress func(Progress)) BatchFile {
	res := BatchFile{Out: out}
	// a record read only in part is skipped, not analysed as far as it was read (its output
	// would hold less than the file and say nothing of it), but for an illegal last move
	rec, _, enc, err := recordfile.ReadFile(in)
	if err != nil {
		res.Err = err
		return res
	}
	res.Warnings = rec.Warnings
	if len(rec.MainMoves()) == 0 {
		res.Err = fmt.Errorf("%s: the record has no moves to analyse", in)
		return res
	}
	if prev, ok := sameGameIn(out, rec); ok {
		rec, res.Resumed = prev, true
	}
	format, _ := kifu.ParseFormat(filepath.Ext(out))
	if enc != kifu.ShiftJIS {
		enc = kifu.UTF8
	}
	save := func() error {
		// as the window saves it: CSA V3.0 where V2.2 would lose a time's fraction
		data, err := recordfile.Encode(rec, format, enc, "")
		if err != nil {
			return fmt.Errorf("writing %s: %w", out, err)
		}
		return atomicfile.Write(out, data, 0o644)
	}
	var saveErr error
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cfg.Progress = func(p Progress) {
		if p.Searched && saveErr == nil {
			if saveErr = save(); saveErr != nil {
				cancel()
			}
		}
		progress(p)
	}
	res.Summary, err = Run(ctx, rec, cfg)
	if saveErr != nil {
		res.Err = saveErr
		return res
	}
	// the labels come at the end; after a stop, what was analysed
	if err2 := save(); err2 != nil && err == nil {
		err = err2
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		err = fmt.Errorf("%s: %w", filepath.Base(in), err)
	}
	res.Err = err
	return res
}

// sameGameIn reads the file path when it holds the same game as rec (start and main
// line): an earlier analysis of it, to resume.
func sameGameIn(path string, rec *kifu.Record) (*kifu.Record, bool) {
	if _, err := os.Stat(path); err != nil {
		return nil, false
	}
	prev, err := kifu.ReadFile(path)
	if prev == nil || err != nil || !SameGame(rec, prev) {
		return nil, false
	}
	return prev, true
}

// SameGame reports whether two records start from the same position with the same
// main line.
func SameGame(a, b *kifu.Record) bool {
	if a.Position(a.Root).SFEN() != b.Position(b.Root).SFEN() {
		return false
	}
	ma, mb := a.MainMoves(), b.MainMoves()
	if len(ma) != len(mb) {
		return false
	}
	for i := range ma {
		if ma[i] != mb[i] {
			return false
		}
	}
	return true
}

// BatchRunner runs a batch for a window, as Runner runs one analysis: the window polls
// Version and reads Snapshot; Cancel stops it, keeping what was written.
type BatchRunner struct {
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}
	version atomic.Uint64
	engine  atomic.Pointer[engine.Running] // the engine the batch started last

	mu       sync.Mutex
	progress BatchProgress
	results  []BatchFile
	err      error
	finished bool
}

// BatchSnapshot is what a batch has done so far.
type BatchSnapshot struct {
	Progress BatchProgress
	Results  []BatchFile // the files done, in order
	Finished bool
	Canceled bool
	Err      error // the batch's own failure (folders, engine), not a file's
}

// StartBatch analyses the records of in into out with def (see Batch).
func StartBatch(m *engine.Manager, def engine.Definition, in, out string, cfg Config) *BatchRunner {
	r := &BatchRunner{done: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	start := func(ctx context.Context) (*engine.Running, error) {
		e, err := m.Start(ctx, def, engine.StartOptions{})
		var f *engine.Failure
		if err != nil && !errors.As(err, &f) {
			err = &engine.Failure{Engine: def.Name, Doing: "starting", Err: err}
		}
		if err == nil {
			r.engine.Store(e)
		}
		return e, err
	}
	go func() {
		defer close(r.done)
		defer r.version.Add(1)
		defer r.engine.Store(nil)
		res, err := Batch(r.ctx, start, in, out, cfg, func(p BatchProgress) {
			r.mu.Lock()
			r.progress = p
			r.mu.Unlock()
			r.version.Add(1)
		})
		r.mu.Lock()
		defer r.mu.Unlock()
		if errors.Is(err, context.Canceled) {
			err = nil
		}
		r.results, r.err, r.finished = res, err, true
	}()
	return r
}

// Cancel stops the batch; Done says when its engine is closed.
func (r *BatchRunner) Cancel() {
	r.cancel()
	r.version.Add(1)
}

// Engine is the engine while the batch runs (nil before it started and once the batch has
// ended), for a window to show its lines as they come.
func (r *BatchRunner) Engine() *engine.Running { return r.engine.Load() }

// Done is closed when the batch has ended.
func (r *BatchRunner) Done() <-chan struct{} { return r.done }

// Version changes whenever Snapshot may have changed.
func (r *BatchRunner) Version() uint64 { return r.version.Load() }

// Snapshot returns what the batch has done so far.
func (r *BatchRunner) Snapshot() BatchSnapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return BatchSnapshot{Progress: r.progress, Results: append([]BatchFile(nil), r.results...),
		Finished: r.finished, Canceled: r.finished && r.ctx.Err() != nil, Err: r.err}
}
