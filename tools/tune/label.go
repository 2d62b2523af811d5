package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/internal/bundledengine"
	"banmen/kifu"
	"banmen/usiclient"
)

// labelConfig says how label scores the positions of the records.
type labelConfig struct {
	engine  string
	options [][2]string // name, value: sent as setoption before the first search
	search  usiclient.Go
	jobs    int
	skip    int
	timeout time.Duration // longest wait for one position's bestmove
}

// optionFlag collects -option NAME=VALUE.
type optionFlag [][2]string

func (o *optionFlag) String() string {
	var s []string
	for _, nv := range *o {
		s = append(s, nv[0]+"="+nv[1])
	}
	return strings.Join(s, ",")
}

func (o *optionFlag) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("%q is not NAME=VALUE", v)
	}
	*o = append(*o, [2]string{strings.TrimSpace(name), value})
	return nil
}

// labelGame is a record read for label: its result for Black and the positions kept.
type labelGame struct {
	result string // "1", "0.5" or "0"
	plies  int    // moves in the main line
	pos    []labelPos
}

// labelPos is a position kept: its SFEN and the number of moves played before it.
type labelPos struct {
	sfen   string
	ply    int
	record string // the record's file
	rec    int    // the number of the record among those kept, from 0
	result string // its result for Black
}

// runLabel scores the quiet positions of game records with an external USI engine's
// search and writes them as gen does: "SFEN | result | score", in the records' order.
func runLabel(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("label", flag.ContinueOnError)
	var c labelConfig
	var opts optionFlag
	fs.StringVar(&c.engine, "engine", "", "the USI engine that scores the positions (its executable)")
	fs.Var(&opts, "option", "NAME=VALUE: an engine option, sent as setoption before the first search (repeatable)")
	nodes := fs.Int64("nodes", 0, "search each position with go nodes N")
	depth := fs.Int("depth", 0, "search each position with go depth D")
	fs.IntVar(&c.jobs, "jobs", 2, "engine processes searching at once")
	fs.IntVar(&c.skip, "skip", 12, "positions before this ply (moves from the record's start) are not kept")
	fs.DurationVar(&c.timeout, "timeout", time.Minute, "longest wait for one position's bestmove, and (at least 10 s) for the engine's usiok")
	path := fs.String("o", "", "file to write the positions to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case c.engine == "":
		return badUsage("label", "needs -engine PATH")
	case *path == "":
		return badUsage("label", "needs -o FILE")
	case fs.NArg() == 0:
		return badUsage("label", "needs records (KIF files or folders of them)")
	case (*nodes > 0) == (*depth > 0) || *nodes < 0 || *depth < 0:
		return badUsage("label", "needs one of -nodes N and -depth D")
	case c.jobs < 1 || c.skip < 0 || c.timeout <= 0:
		return badUsage("label", "-jobs must be at least 1, -skip at least 0, -timeout positive")
	}
	c.options = opts
	c.search = usiclient.Go{Nodes: *nodes, Depth: *depth}
	if _, err := exec.LookPath(c.engine); err != nil {
		return fmt.Errorf("engine %s: %w", c.engine, err)
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	games := 0
	var all []labelPos
	for _, f := range files {
		g, why, err := readLabelGame(f, c.skip)
		if err != nil {
			return err
		}
		if why != "" {
			fmt.Fprintf(out, "skipped %s: %s\n", f, why)
			continue
		}
		for i := range g.pos {
			g.pos[i].rec = games
		}
		all = append(all, g.pos...)
		games++
		fmt.Fprintf(out, "%s: %s for Black after %d plies, %d positions to score\n", f, g.result, g.plies, len(g.pos))
	}
	fmt.Fprintf(out, "%d positions from %d records (%d skipped), scored by %s with %s, %d at once\n",
		len(all), games, len(files)-games, c.engine, c.search, min(c.jobs, max(games, 1)))

	dir, base := filepath.Split(*path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.partial")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // gone by then when all went well
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	w := bufio.NewWriter(tmp)
	start := time.Now()
	written, mates := 0, 0
	err = labelPositions(c, all, func(i int, r labelScore) error {
		if r.mate {
			mates++
			return nil
		}
		written++
		_, err := fmt.Fprintf(w, "%s | %s | %d\n", all[i].sfen, all[i].result, r.score)
		return err
	}, func(done int) {
		if done%200 == 0 || done == len(all) {
			el := time.Since(start)
			fmt.Fprintf(out, "scored %d/%d positions in %s (%.1f positions/s)\n", done, len(all), el.Round(time.Second), float64(done)/el.Seconds())
		}
	})
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), *path); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %d positions to %s, %.1f a record (%d with a mate score left out)\n", written, *path, float64(written)/float64(max(games, 1)), mates)
	return nil
}

// recordFiles lists the records named: files as they are, and the *.kifu and *.kif
// files in folders, by name.
func recordFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		entries, err := os.ReadDir(a) // sorted by name
		if err != nil {
			return nil, err
		}
		n := len(files)
		for _, e := range entries {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if !e.IsDir() && (ext == ".kifu" || ext == ".kif") {
				files = append(files, filepath.Join(a, e.Name()))
			}
		}
		if len(files) == n {
			return nil, fmt.Errorf("%s: no *.kifu or *.kif files in it", a)
		}
	}
	return files, nil
}

// readLabelGame reads a record and keeps the positions of its main line that label
// scores: from ply skip on, quiet (bundledengine.Quiet: not in check, no capture or
// promotion that wins by SEE), where the move played is no capture. why says why a
// record whose result is not known is skipped; err is a record that cannot be read.
func readLabelGame(path string, skip int) (g labelGame, why string, err error) {
	r, err := kifu.ReadFile(path)
	if err != nil {
		if !strings.Contains(err.Error(), path) {
			err = fmt.Errorf("%s: %w", path, err)
		}
		return g, "", err
	}
	o, err := r.Outcome()
	if err != nil {
		return g, err.Error(), nil
	}
	g.result = o.Result()
	p := r.Start.Clone()
	for _, n := range r.MainLine() {
		if n.IsSpecial() {
			break
		}
		m := n.Move
		if g.plies >= skip && m.Captured() == board.NoPieceType && !p.InCheck() && bundledengine.Quiet(p) {
			g.pos = append(g.pos, labelPos{sfen: p.SFEN(), ply: g.plies, record: path, result: g.result})
		}
		p.Do(m)
		g.plies++
	}
	return g, "", nil
}

// labelScore is what the engine said of a position: its score for Black in
// centipawns, or that it saw a mate.
type labelScore struct {
	score int
	mate  bool
}

// labelPositions scores the positions with c.jobs engines and hands each score to put
// in the positions' order (and progress the number done, in any order). The first
// error stops every engine.
//
// Each engine has records of its own, record i going to engine i mod the number of
// engines, and searches their positions in order: what an engine searched before can
// change a score a little (Fairy-Stockfish 11.1's usinewgame clears its hash table and
// histories, not every table of its thread), so that a record's scores depend on which
// records the engine searched before, and this way not on which engine was free first.
// The same command writes the same file.
func labelPositions(c labelConfig, pos []labelPos, put func(int, labelScore) error, progress func(int)) error {
	if len(pos) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	engines := min(c.jobs, pos[len(pos)-1].rec+1)
	type answer struct {
		i   int
		s   labelScore
		err error
	}
	answers := make(chan answer, len(pos))
	var wg sync.WaitGroup
	for k := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := startLabelEngine(ctx, c)
			if err != nil {
				answers <- answer{i: -1, err: err}
				return
			}
			defer func() { e.close(ctx.Err() != nil) }() // stopped early: no time for quit
			for i := range pos {
				if pos[i].rec%engines != k {
					continue
				}
				if ctx.Err() != nil {
					return
				}
				s, err := e.score(ctx, c, pos[i].sfen)
				if err != nil {
					answers <- answer{i: i, err: err}
					return
				}
				answers <- answer{i: i, s: s}
			}
		}()
	}
	defer wg.Wait() // after cancel: every engine is closed before returning
	scores := make([]labelScore, len(pos))
	have := make([]bool, len(pos))
	next := 0
	for done := 0; done < len(pos); {
		a := <-answers
		if a.err != nil {
			cancel()
			if a.i < 0 {
				return a.err
			}
			return fmt.Errorf("%w\n  position %s (%s, ply %d)", a.err, pos[a.i].sfen, pos[a.i].record, pos[a.i].ply)
		}
		scores[a.i], have[a.i] = a.s, true
		done++
		progress(done)
		for next < len(pos) && have[next] {
			if err := put(next, scores[next]); err != nil {
				cancel()
				return err
			}
			next++
		}
	}
	return nil
}

// labelEngine is one engine process and its session.
type labelEngine struct {
	path string
	proc *engine.Process
	s    *usiclient.Session
}

// startLabelEngine starts the engine, completes the handshake, sends the options (each
// must be one the engine declares) and waits for readyok.
func startLabelEngine(ctx context.Context, c labelConfig) (*labelEngine, error) {
	proc, err := engine.StartProcess(engine.Spec{Path: c.engine})
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", c.engine, err)
	}
	e := &labelEngine{path: c.engine, proc: proc}
	e.s = usiclient.NewSession(proc.Stdout, proc.Stdin, usiclient.Config{
		Name:   c.engine,
		Stderr: proc.Stderr,
		Kill:   func() error { proc.Kill(); return nil },
		// an engine starting on a busy machine may take longer than usiclient's 10 s
		Timeouts: usiclient.Timeouts{USIOK: max(c.timeout, 10*time.Second), ReadyOK: max(c.timeout, 30*time.Second)},
	})
	fail := func(err error) (*labelEngine, error) {
		e.close(true)
		return nil, e.wrap(err)
	}
	if _, err := e.s.Handshake(ctx); err != nil {
		return fail(err)
	}
	info := e.s.Info()
	for _, nv := range c.options {
		if _, ok := info.Option(nv[0]); !ok {
			var names []string
			for _, o := range info.Options {
				names = append(names, o.Name)
			}
			return fail(fmt.Errorf("-option %s=%s: the engine declares no option %q (it has: %s)", nv[0], nv[1], nv[0], strings.Join(names, ", ")))
		}
		if err := e.s.SetOption(nv[0], nv[1]); err != nil {
			return fail(err)
		}
	}
	if err := e.s.Ready(ctx); err != nil {
		return fail(err)
	}
	return e, nil
}

// wrap names the engine's executable in err and says how its process ended, if it did.
func (e *labelEngine) wrap(err error) error {
	var ue *usiclient.Error
	if errors.As(err, &ue) && e.proc.Wait(200*time.Millisecond) {
		err = ue.WithExit(e.proc.ExitDescription())
	}
	return fmt.Errorf("engine %s: %w", e.path, err)
}

// score searches one position as a new game (usinewgame: the hash table the previous
// position filled would make this search deeper than the limit says, and by how much
// would depend on the order of the searches) and returns the score of the last info line
// before bestmove, for Black.
func (e *labelEngine) score(ctx context.Context, c labelConfig, sfen string) (labelScore, error) {
	if err := e.s.NewGame(ctx); err != nil {
		return labelScore{}, e.wrap(err)
	}
	sr, err := e.s.Go(ctx, usiclient.Position{SFEN: sfen}, c.search)
	if err != nil {
		return labelScore{}, e.wrap(err)
	}
	wctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	if _, err := sr.Wait(wctx); err != nil {
		if ctx.Err() == nil && wctx.Err() != nil {
			err = fmt.Errorf("no bestmove within -timeout %s", c.timeout)
			e.s.Close()
		}
		return labelScore{}, e.wrap(err)
	}
	snap := e.s.Snapshot()
	if snap.SearchID != sr.ID {
		return labelScore{}, e.wrap(fmt.Errorf("the session moved on to search %d before search %d was read", snap.SearchID, sr.ID))
	}
	if len(snap.Lines) == 0 || snap.Lines[0].Score.Kind == usiclient.NoScore {
		return labelScore{}, e.wrap(errors.New("no info line with a score before bestmove"))
	}
	sc := snap.Lines[0].SenteScore
	if sc.Kind == usiclient.ScoreMate {
		return labelScore{mate: true}, nil
	}
	return labelScore{score: sc.Value}, nil
}

// close asks the engine to quit and kills it if it does not, or at once with kill.
func (e *labelEngine) close(kill bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if kill || e.s.Quit(ctx) != nil {
		e.s.Close()
	}
	if !e.proc.Wait(2 * time.Second) {
		e.proc.Kill()
		e.proc.Wait(2 * time.Second)
	}
}
