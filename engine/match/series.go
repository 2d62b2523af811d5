package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/internal/atomicfile"
	"banmen/kifu"
)

// Opening is a start for a pair of games: a position and moves already played.
type Opening struct {
	Name  string
	Start *board.Position
	Moves []board.Move
}

// ReadOpenings reads openings from a file: one per line, as a USI position command
// ("position startpos moves 7g7f 3c3d", "startpos moves …", "sfen … moves …") or a
// bare SFEN; empty lines and lines starting with # are skipped. A record file (KIF,
// KI2, CSA, JKF) gives one opening: its main line.
func ReadOpenings(path string) ([]Opening, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	text, _ := kifu.Decode(data)
	if f := kifu.Detect(text); f != kifu.USI && f != kifu.UnknownFormat {
		// a record read only in part is refused, not played from as far as it was read
		rec, _, err := kifu.Read(data, path)
		if err != nil {
			return nil, err
		}
		return []Opening{{Name: filepath.Base(path), Start: rec.Position(rec.Root), Moves: rec.MainMoves()}}, nil
	}
	var out []Opening
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rec, err := kifu.ParseUSI(line)
		if err != nil {
			msg := err.Error()
			var pe *kifu.ParseError
			if errors.As(err, &pe) {
				msg = pe.Msg // its line is the line's first: the file's line is told instead
			}
			return nil, &kifu.ParseError{File: path, Line: ln, Msg: msg}
		}
		if len(rec.Warnings) > 0 {
			// a position the reader takes as given (more pieces than a set has, 二歩, …) is
			// none a game can start from
			return nil, &kifu.ParseError{File: path, Line: ln, Msg: rec.Warnings[0].Msg + ": no game can start from it"}
		}
		out = append(out, Opening{Name: fmt.Sprintf("%s:%d", filepath.Base(path), ln), Start: rec.Position(rec.Root), Moves: rec.MainMoves()})
	}
	if len(out) == 0 {
		return nil, &kifu.ParseError{File: path, Msg: "no start positions in it (one SFEN or USI position a line)"}
	}
	return out, nil
}

// Config is a series of games between two engines.
type Config struct {
	Engines     [2]engine.Definition // the first is the one scored
	Games       int
	Time        game.TimeControl
	Concurrency int       // games at once (each with its own two engine processes)
	Openings    []Opening // each is played twice, colours swapped; nil: the start position
	MaxMoves    int       // 0: 320
	Ponder      bool
	// Margin is how far an engine may overrun its time before it loses (default 1 s).
	Margin time.Duration
	SPRT   *SPRT
	// OutDir, if set, receives every game as a KIF file.
	OutDir string
	// Resume goes on with a series that OutDir holds part of: its finished games are
	// read back (ReadFinished), counted and not played again. A record there of
	// another series is an error. Without Resume, records there are overwritten.
	Resume bool
	// Progress, if set, is called after every game (from one goroutine at a time).
	Progress func(Progress)
	Manager  *engine.Manager // nil: a new one
}

// GameReport is one finished game.
type GameReport struct {
	Index        int // 1-based, in the order games were started
	Black, White string
	FirstIsBlack bool
	Opening      string
	Result       game.Result
	Record       *kifu.Record
	Path         string // where it was written, if OutDir is set
	Duration     time.Duration
	Resumed      bool // read back from OutDir, not played now
}

// Progress is the series so far.
type Progress struct {
	Done, Total int
	Score       Score
	Last        GameReport
	Elapsed     time.Duration
	ETA         time.Duration
	Verdict     Verdict // with an SPRT
	LLR         float64
}

// Summary is the series at its end.
type Summary struct {
	Score   Score
	Games   []GameReport
	Verdict Verdict
	LLR     float64
	Elapsed time.Duration
	Errors  []error // engine failures, write errors: the series went on
	Resumed int     // games read back from OutDir (Config.Resume), counted in Score and Games
}

// Run plays the series. It stops early when the SPRT decides, or when ctx ends (the
// games in progress are aborted and not counted). With Config.Resume, the games that
// OutDir already holds finished are counted and not played; Progress then counts them
// in Done from the first game played now.
func Run(ctx context.Context, cfg Config) (Summary, error) {
	if cfg.Games <= 0 {
		return Summary{}, errors.New("match: the number of games must be positive")
	}
	cfg.setDefaults()
	var sum Summary
	todo, err := gamesToPlay(&cfg, &sum)
	if err != nil {
		return Summary{}, err
	}
	if cfg.Concurrency > len(todo) {
		cfg.Concurrency = len(todo)
	}
	if cfg.OutDir != "" {
		if err := os.MkdirAll(cfg.OutDir, 0o755); err != nil {
			return Summary{}, err
		}
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	r := &reporter{cfg: &cfg, sum: &sum, t0: time.Now(), toPlay: len(todo), stop: stop}
	playAll(ctx, &cfg, todo, r.report)
	sum.Elapsed = time.Since(r.t0)
	sort.Slice(sum.Games, func(a, b int) bool { return sum.Games[a].Index < sum.Games[b].Index })
	return sum, nil
}

// setDefaults fills the fields left zero and keeps Concurrency within 1 and Games.
func (cfg *Config) setDefaults() {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.Concurrency > cfg.Games {
		cfg.Concurrency = cfg.Games
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = 320
	}
	if cfg.Margin <= 0 {
		cfg.Margin = time.Second
	}
	if len(cfg.Openings) == 0 {
		cfg.Openings = []Opening{{Name: "startpos", Start: board.NewStartPosition()}}
	}
	if cfg.Manager == nil {
		cfg.Manager = engine.NewManager(nil)
	}
}

// count adds a finished game to the summary and, with an SPRT, updates its verdict.
func (sum *Summary) count(rep GameReport, sprt *SPRT) {
	sum.Games = append(sum.Games, rep)
	sum.Score = sum.Score.Add(rep)
	if sprt != nil {
		sum.LLR, sum.Verdict = sprt.LLR(sum.Score), sprt.Verdict(sum.Score)
	}
}

// gamesToPlay returns the games to play, from 0: all of them, or with cfg.Resume those
// OutDir does not hold finished (counting those in sum), and none when the SPRT has
// decided on them.
func gamesToPlay(cfg *Config, sum *Summary) ([]int, error) {
	var todo []int
	if !cfg.Resume {
		for i := 0; i < cfg.Games; i++ {
			todo = append(todo, i)
		}
		return todo, nil
	}
	done, err := ReadFinished(*cfg)
	if err != nil {
		return nil, err
	}
	finished := map[int]bool{}
	for _, rep := range done {
		sum.count(rep, cfg.SPRT)
		finished[rep.Index-1] = true
	}
	sum.Resumed = len(done)
	for i := 0; i < cfg.Games; i++ {
		if !finished[i] {
			todo = append(todo, i)
		}
	}
	if sum.Verdict != Continue {
		todo = nil // the SPRT decided on the games already played
	}
	return todo, nil
}

// reporter counts the games the workers report and tells cfg.Progress; it stops the
// series when the SPRT decides.
type reporter struct {
	mu     sync.Mutex
	cfg    *Config
	sum    *Summary
	t0     time.Time
	toPlay int // games to play now
	stop   context.CancelFunc
}

func (r *reporter) report(rep GameReport, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	sum := r.sum
	if err != nil {
		sum.Errors = append(sum.Errors, err)
	}
	if rep.Result.Reason == game.Aborted || !rep.Result.Over() {
		return
	}
	sum.count(rep, r.cfg.SPRT)
	p := Progress{Done: len(sum.Games), Total: r.cfg.Games, Score: sum.Score, Last: rep, Elapsed: time.Since(r.t0),
		LLR: sum.LLR, Verdict: sum.Verdict}
	if played := p.Done - sum.Resumed; played > 0 {
		p.ETA = time.Duration(float64(p.Elapsed) / float64(played) * float64(r.toPlay-played))
	}
	if r.cfg.SPRT != nil && p.Verdict != Continue {
		r.stop()
	}
	if r.cfg.Progress != nil {
		r.cfg.Progress(p)
	}
}

// playAll plays the games of todo on cfg.Concurrency workers, feeding them until all are
// handed out or ctx ends, and waits for them.
func playAll(ctx context.Context, cfg *Config, todo []int, report func(GameReport, error)) {
	jobs := make(chan int)
	var wg sync.WaitGroup
	var learnMu sync.Mutex
	for w := 0; w < cfg.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(ctx, cfg, &learnMu, jobs, report)
		}()
	}
feed:
	for _, i := range todo {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
}

// worker plays games with its own pair of engines, restarting one that failed (and
// remembering what it failed on, so that it is not asked again).
// learnMu guards cfg.Engines, which a worker updates when it learns what an engine lacks.
func worker(ctx context.Context, cfg *Config, learnMu *sync.Mutex, jobs <-chan int, report func(GameReport, error)) {
	var running [2]*engine.Running
	defer func() {
		for _, r := range running {
			if r != nil {
				cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				r.Close(cctx)
				cancel()
			}
		}
	}()
	for i := range jobs {
		for k := range running {
			if running[k] != nil && running[k].Alive() {
				continue
			}
			if running[k] != nil {
				// the failure report follows the engine's exit by a moment
				select {
				case <-running[k].Died():
				case <-time.After(5 * time.Second):
				}
				if f := running[k].Failure(); f != nil {
					learnMu.Lock()
					cfg.Engines[k].Unsupported(cfg.Manager.Learn(cfg.Engines[k], f))
					learnMu.Unlock()
				}
				running[k].Close(context.Background())
			}
			learnMu.Lock()
			def := cfg.Engines[k]
			learnMu.Unlock()
			r, err := cfg.Manager.Start(ctx, def, engine.StartOptions{Ponder: cfg.Ponder})
			if err != nil {
				report(GameReport{Index: i + 1}, fmt.Errorf("game %d: %w", i+1, err))
				running[k] = nil
			} else {
				running[k] = r
			}
		}
		if running[0] == nil || running[1] == nil {
			// an engine that won't start: the game can't be played; score it against that engine
			learnMu.Lock()
			rep := GameReport{Index: i + 1, FirstIsBlack: i%2 == 0, Black: cfg.Engines[0].Name, White: cfg.Engines[1].Name}
			learnMu.Unlock()
			if !rep.FirstIsBlack {
				rep.Black, rep.White = rep.White, rep.Black
			}
			rep.Result = game.Result{Reason: game.PlayerFailure}
			switch {
			case running[0] == nil && running[1] == nil:
				rep.Result.Draw = true
			case running[0] == nil:
				rep.Result.Winner = colourOf(!rep.FirstIsBlack)
			default:
				rep.Result.Winner = colourOf(rep.FirstIsBlack)
			}
			report(rep, nil)
			continue
		}
		rep, err := playOne(ctx, cfg, i, running)
		report(rep, err)
	}
}

// Add returns the score with a finished game counted, from the first engine's side.
func (s Score) Add(rep GameReport) Score {
	switch {
	case rep.Result.Draw:
		s.Draws++
	case (rep.Result.Winner == board.Black) == rep.FirstIsBlack:
		s.Wins++
	default:
		s.Losses++
	}
	return s
}

// failed names the engine that failed in a game lost by engine failure, and its side.
func failed(rep GameReport, detail string) string {
	who := fmt.Sprintf("engine %q (sente)", rep.Black)
	if rep.Result.Winner == board.Black {
		who = fmt.Sprintf("engine %q (gote)", rep.White)
	}
	return who + " failed: " + detail
}

func colourOf(black bool) board.Color {
	if black {
		return board.Black
	}
	return board.White
}

var unsafeName = regexp.MustCompile(`[^\p{L}\p{N}._-]+`)

func playOne(ctx context.Context, cfg *Config, i int, running [2]*engine.Running) (GameReport, error) {
	op := cfg.Openings[(i/2)%len(cfg.Openings)]
	firstBlack := i%2 == 0
	a, b := game.NewEnginePlayer(running[0], cfg.Ponder), game.NewEnginePlayer(running[1], cfg.Ponder)
	players := [2]game.Player{a, b}
	if !firstBlack {
		players = [2]game.Player{b, a}
	}
	g, err := game.New(game.Config{
		Start: op.Start, Prior: op.Moves, Players: players,
		Time: [2]game.TimeControl{cfg.Time, cfg.Time}, MaxMoves: cfg.MaxMoves,
		EngineLosesOnTime: true, Margin: cfg.Margin, FailureLoses: true,
		Headers: kifu.Headers{{Key: "棋戦", Value: fmt.Sprintf("Banmen match game %d", i+1)}},
	})
	if err != nil {
		return GameReport{Index: i + 1}, err
	}
	t0 := time.Now()
	res, _ := g.Run(ctx)
	rep := GameReport{Index: i + 1, Black: players[0].Name(), White: players[1].Name(), FirstIsBlack: firstBlack,
		Opening: op.Name, Result: res, Record: g.Record(), Duration: time.Since(t0)}
	var werr error
	if res.Reason == game.PlayerFailure {
		werr = fmt.Errorf("game %d: %s", i+1, failed(rep, res.Detail))
	}
	if cfg.OutDir != "" && res.Reason != game.Aborted {
		rep.Path = filepath.Join(cfg.OutDir, gameFile(i, rep.Black, rep.White))
		text, err := kifu.FormatRecord(rep.Record, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
		if err == nil {
			err = atomicfile.Write(rep.Path, []byte(text), 0o644)
		}
		if err != nil {
			werr = errors.Join(werr, fmt.Errorf("game %d: writing %s: %w", i+1, rep.Path, err))
		}
	}
	return rep, werr
}
