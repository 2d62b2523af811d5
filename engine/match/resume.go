package match

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"banmen/board"
	"banmen/engine/game"
	"banmen/kifu"
)

// ConflictError says that a series cannot be resumed: its folder holds a record, in the
// place of one of its games, of another series (other engines, openings or time).
type ConflictError struct {
	Path  string
	Index int // the game, 1-based
	Why   string
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("match: %s is not game %d of this series: %s", e.Path, e.Index, e.Why)
}

// recordName matches the names records are written under: "0007-Black-vs-White.kifu".
var recordName = regexp.MustCompile(`^([0-9]{4,})-.*\.kifu$`)

// gameFile is the name of game i's record (i from 0).
func gameFile(i int, black, white string) string {
	return fmt.Sprintf("%04d-%s-vs-%s.kifu", i+1, unsafeName.ReplaceAllString(black, "_"), unsafeName.ReplaceAllString(white, "_"))
}

// sides returns the names of game i's players (i from 0): the first engine has sente
// in the even games.
func (cfg *Config) sides(i int) (black, white string) {
	if i%2 == 0 {
		return cfg.Engines[0].Name, cfg.Engines[1].Name
	}
	return cfg.Engines[1].Name, cfg.Engines[0].Name
}

// ReadFinished reads back the games of the series cfg that cfg.OutDir already holds
// with a result: a series run again on the same folder (Config.Resume) counts them and
// plays only the others. A record that ended without a result (an engine failure, 中断,
// or no ending at all) is not finished: it is played again. A record in the place of
// one of the series' games that belongs to another series is a *ConflictError. The
// reports are in the order of the games.
func ReadFinished(cfg Config) ([]GameReport, error) {
	if cfg.OutDir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(cfg.OutDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	openings := cfg.Openings
	if len(openings) == 0 {
		openings = []Opening{{Name: "startpos", Start: board.NewStartPosition()}}
	}
	var out []GameReport
	for _, e := range entries { // sorted by name: by game
		m := recordName.FindStringSubmatch(e.Name())
		if m == nil || e.IsDir() {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil || n < 1 || n > cfg.Games {
			continue // not a game of this many
		}
		i := n - 1
		black, white := cfg.sides(i)
		path := filepath.Join(cfg.OutDir, e.Name())
		conflict := func(format string, args ...any) error {
			return &ConflictError{Path: path, Index: n, Why: fmt.Sprintf(format, args...)}
		}
		if e.Name() != gameFile(i, black, white) {
			return nil, conflict("game %d of this series is %s (sente) against %s (gote)", n, black, white)
		}
		// a game file read only in part is not taken for a game of its moves
		rec, err := kifu.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("match: resuming: %w", err)
		}
		if b, w := rec.BlackName(), rec.WhiteName(); b != black || w != white {
			return nil, conflict("it is %s (sente) against %s (gote), not %s against %s", b, w, black, white)
		}
		if tc := rec.Headers.Value("持ち時間"); tc != "" && !cfg.Time.Unlimited() && tc != cfg.Time.String() {
			return nil, conflict("it was played at %s, not %s", tc, cfg.Time)
		}
		op := openings[(i/2)%len(openings)]
		if !startsWith(rec, op) {
			return nil, conflict("it does not start from the opening %s", op.Name)
		}
		res, ok := resultOf(rec)
		if !ok {
			continue // no result: played again
		}
		out = append(out, GameReport{Index: n, Black: black, White: white, FirstIsBlack: i%2 == 0,
			Opening: op.Name, Result: res, Record: rec, Path: path, Resumed: true})
	}
	return out, nil
}

// startsWith reports whether rec starts from op's position with op's moves.
func startsWith(rec *kifu.Record, op Opening) bool {
	if !rec.Position(rec.Root).SamePosition(op.Start) {
		return false
	}
	moves := rec.MainMoves()
	if len(moves) < len(op.Moves) {
		return false
	}
	for k, m := range op.Moves {
		if moves[k].USI() != m.USI() {
			return false
		}
	}
	return true
}

// resultOf reads a game's result from how its record ends (kifu.Record.Outcome), as
// Banmen's games write them; false when the record has no result (it stops, or ends
// in 中断, エラー or an ending Banmen's games do not write, such as 持将棋).
func resultOf(rec *kifu.Record) (game.Result, bool) {
	o, err := rec.Outcome()
	if err != nil {
		return game.Result{}, false
	}
	r := game.Result{Detail: rec.MainEnd().Comment, Plies: o.Plies, Draw: o.Draw, Winner: o.Winner}
	switch o.Special {
	case kifu.Resign:
		r.Reason = game.Resignation
	case kifu.Checkmate, kifu.NotSpecial: // NotSpecial: it stops where the side to move is mated
		r.Reason = game.Checkmate
	case kifu.Timeout:
		r.Reason = game.TimeForfeit
	case kifu.FoulLose:
		// an illegal move, a false declaration or perpetual check: the comment says which
		r.Reason = game.IllegalMove
	case kifu.FoulWin:
		r.Reason = game.PerpetualCheck
	case kifu.EnteringKing:
		r.Reason = game.Declaration
	case kifu.Repetition:
		r.Reason = game.Repetition
		if o.PerpetualCheck {
			r.Reason = game.PerpetualCheck
		}
	case kifu.MaxMoves:
		r.Reason = game.MoveLimit
	default:
		return game.Result{}, false
	}
	return r, true
}
