package ui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/match"
	"banmen/kifu"
)

// gameSetup is what the 対局開始 dialog chose; the last one is remembered in the
// preferences (Settings.gameSetup). runnerConfig turns it into the game's config.
type gameSetup struct {
	Players [2]string // each side's engine by name; "" a person
	Ponder  [2]bool   // each side's engine thinks on the opponent's time

	// Main, Byoyomi and Increment are Black's time, and White's too unless PerSide.
	Main, Byoyomi, Increment                time.Duration
	PerSide                                 bool
	WhiteMain, WhiteByoyomi, WhiteIncrement time.Duration
	Unlimited                               bool
	NoTimeLoss                              bool // an engine's late move is taken (切れ負け off for engines)
	Beep                                    bool // a beep as a clock gets under 10 s (off unless chosen)

	// where the game starts: the board's position, a file of start positions, or the
	// handicap named by its JKF code ("" 平手)
	FromBoard bool
	FromFile  bool
	StartFile string
	Shuffle   bool // the file's positions in random order, not in the file's
	Handicap  string

	MaxMoves int    // the game is 持将棋 after this many moves; 0 no limit
	Impasse  string // 入玉宣言: impasse24 for the 24-point rule, else the 27-point (CSA) rule
	Games    int    // engine against engine: how many games, colours swapped each game (0 or 1: one)
	SaveDir  string // engine against engine: the folder each game's record is written to

	// opening is the start position of this game when it comes from the file (not kept)
	opening *match.Opening
}

const impasse24 = "24"

const (
	prefGameBlack      = "game.black" // "" a person, else the engine's name
	prefGameWhite      = "game.white"
	prefGameMain       = "game.mainMinutes"
	prefGameByoyomi    = "game.byoyomiSeconds"
	prefGameIncrement  = "game.incrementSeconds"
	prefGameUnlimited  = "game.unlimited"
	prefGameFromBoard  = "game.fromBoard"
	prefGamePonder     = "game.ponder" // Black's engine ponders
	prefGamePonderW    = "game.ponderWhite"
	prefGamePerSide    = "game.perSide"
	prefGameWMain      = "game.whiteMainMinutes"
	prefGameWByoyomi   = "game.whiteByoyomiSeconds"
	prefGameWIncrement = "game.whiteIncrementSeconds"
	prefGameNoTimeLoss = "game.noTimeLoss"
	prefGameBeep       = "game.beep"
	prefGameFromFile   = "game.fromFile"
	prefGameStartFile  = "game.startFile"
	prefGameShuffle    = "game.shuffle"
	prefGameHandicap   = "game.handicap"
	prefGameMaxMoves   = "game.maxMoves"
	prefGameImpasse    = "game.impasse"
	prefGameGames      = "game.games"
	prefGameSaveDir    = "game.saveDir"
	prefGameSaved      = "game.saved" // a setup was kept: the fields above mean what they say
)

// gameSetup returns the last game's setup, or (none yet) a person with Black against
// engine with White, 10 minutes and 30 s byoyomi, from the standard position.
func (s Settings) gameSetup(engine string) gameSetup {
	if !s.p.Bool(prefGameSaved) {
		return gameSetup{Players: [2]string{"", engine}, Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	}
	sec := func(key string, unit time.Duration) time.Duration {
		return time.Duration(s.p.Float(key) * float64(unit))
	}
	return gameSetup{Players: [2]string{s.p.String(prefGameBlack), s.p.String(prefGameWhite)},
		Ponder: [2]bool{s.p.Bool(prefGamePonder), s.p.Bool(prefGamePonderW)},
		Main:   sec(prefGameMain, time.Minute), Byoyomi: sec(prefGameByoyomi, time.Second),
		Increment: sec(prefGameIncrement, time.Second), PerSide: s.p.Bool(prefGamePerSide),
		WhiteMain: sec(prefGameWMain, time.Minute), WhiteByoyomi: sec(prefGameWByoyomi, time.Second),
		WhiteIncrement: sec(prefGameWIncrement, time.Second),
		Unlimited:      s.p.Bool(prefGameUnlimited), NoTimeLoss: s.p.Bool(prefGameNoTimeLoss),
		Beep:      s.p.Bool(prefGameBeep),
		FromBoard: s.p.Bool(prefGameFromBoard), FromFile: s.p.Bool(prefGameFromFile),
		StartFile: s.p.String(prefGameStartFile), Shuffle: s.p.Bool(prefGameShuffle),
		Handicap: s.p.String(prefGameHandicap), MaxMoves: s.p.Int(prefGameMaxMoves),
		Impasse: s.p.String(prefGameImpasse), Games: s.p.Int(prefGameGames), SaveDir: s.p.String(prefGameSaveDir)}
}

// setGameSetup remembers a game's setup.
func (s Settings) setGameSetup(g gameSetup) {
	s.p.SetString(prefGameBlack, g.Players[0])
	s.p.SetString(prefGameWhite, g.Players[1])
	s.p.SetBool(prefGamePonder, g.Ponder[0])
	s.p.SetBool(prefGamePonderW, g.Ponder[1])
	s.p.SetFloat(prefGameMain, g.Main.Minutes())
	s.p.SetFloat(prefGameByoyomi, g.Byoyomi.Seconds())
	s.p.SetFloat(prefGameIncrement, g.Increment.Seconds())
	s.p.SetBool(prefGamePerSide, g.PerSide)
	s.p.SetFloat(prefGameWMain, g.WhiteMain.Minutes())
	s.p.SetFloat(prefGameWByoyomi, g.WhiteByoyomi.Seconds())
	s.p.SetFloat(prefGameWIncrement, g.WhiteIncrement.Seconds())
	s.p.SetBool(prefGameUnlimited, g.Unlimited)
	s.p.SetBool(prefGameNoTimeLoss, g.NoTimeLoss)
	s.p.SetBool(prefGameBeep, g.Beep)
	s.p.SetBool(prefGameFromBoard, g.FromBoard)
	s.p.SetBool(prefGameFromFile, g.FromFile)
	s.p.SetString(prefGameStartFile, g.StartFile)
	s.p.SetBool(prefGameShuffle, g.Shuffle)
	s.p.SetString(prefGameHandicap, g.Handicap)
	s.p.SetInt(prefGameMaxMoves, g.MaxMoves)
	s.p.SetString(prefGameImpasse, g.Impasse)
	s.p.SetInt(prefGameGames, g.Games)
	s.p.SetString(prefGameSaveDir, g.SaveDir)
	s.p.SetBool(prefGameSaved, true)
}

// timeControls are the two sides' clocks.
func (g gameSetup) timeControls() [2]game.TimeControl {
	if g.Unlimited {
		return [2]game.TimeControl{}
	}
	b := game.TimeControl{Main: g.Main, Byoyomi: g.Byoyomi, Increment: g.Increment}
	if !g.PerSide {
		return [2]game.TimeControl{b, b}
	}
	return [2]game.TimeControl{b, {Main: g.WhiteMain, Byoyomi: g.WhiteByoyomi, Increment: g.WhiteIncrement}}
}

// impasseRule is the 入玉宣言 rule chosen.
func (g gameSetup) impasseRule() board.ImpasseRule {
	if g.Impasse == impasse24 {
		return game.Impasse24Rule
	}
	return board.CSAImpasseRule
}

// startPosition is where the game starts and the moves already played from there: the
// opening from the file, the board's position (board: the position shown now), or the
// handicap chosen.
func (g gameSetup) startPosition(onBoard *board.Position) (*board.Position, []board.Move) {
	switch {
	case g.FromFile && g.opening != nil:
		return g.opening.Start.Clone(), append([]board.Move(nil), g.opening.Moves...)
	case g.FromBoard:
		return onBoard, nil
	}
	if h, ok := handicapByJKF(g.Handicap); ok && h.JKF != "HIRATE" {
		if p, err := board.ParseSFEN(h.SFEN); err == nil {
			return p, nil
		}
	}
	return nil, nil // the standard position
}

// handicapByJKF finds a handicap by its JKF code.
func handicapByJKF(code string) (kifu.Handicap, bool) {
	for _, h := range kifu.Handicaps {
		if h.JKF == code {
			return h, true
		}
	}
	return kifu.Handicap{}, false
}

// runnerConfig is the game g sets up, with the engines defs (nil: a person, named you),
// starting from the opening, the board's position onBoard or the handicap chosen. It also
// returns the names shown for the sides.
func (g gameSetup) runnerConfig(defs [2]*engine.Definition, onBoard *board.Position, you string) (game.RunnerConfig, [2]string) {
	start, prior := g.startPosition(onBoard)
	cfg := game.RunnerConfig{Game: game.Config{Start: start, Prior: prior, Time: g.timeControls(),
		EngineLosesOnTime: !g.NoTimeLoss, Margin: time.Second, MaxMoves: g.MaxMoves, Impasse: g.impasseRule()}}
	var names [2]string
	for i, d := range defs {
		if d == nil {
			cfg.Seats[i] = game.Seat{Human: you}
			names[i] = you
		} else {
			cfg.Seats[i] = game.Seat{Engine: d, Ponder: g.Ponder[i]}
			names[i] = d.Name
		}
	}
	return cfg, names
}

// incrementRefused names the engines of defs that g would give a Fischer increment they
// cannot take (game.TakesIncrement), "" if none.
func (g gameSetup) incrementRefused(defs [2]*engine.Definition) []string {
	var out []string
	tc := g.timeControls()
	for i, d := range defs {
		if d != nil && tc[i].Increment > 0 && !game.TakesIncrement(*d) && !contains(out, d.Name) {
			out = append(out, d.Name)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// swapped is g with the sides exchanged (players, ponder and time): the next game of a
// series.
func (g gameSetup) swapped() gameSetup {
	g.Players[0], g.Players[1] = g.Players[1], g.Players[0]
	g.Ponder[0], g.Ponder[1] = g.Ponder[1], g.Ponder[0]
	if g.PerSide {
		g.Main, g.WhiteMain = g.WhiteMain, g.Main
		g.Byoyomi, g.WhiteByoyomi = g.WhiteByoyomi, g.Byoyomi
		g.Increment, g.WhiteIncrement = g.WhiteIncrement, g.Increment
	}
	return g
}

// readStartPositions reads the file of start positions (match.ReadOpenings: one SFEN,
// "position …" or "startpos moves …" line each, # comments, or a record file) and returns them
// in the order the games use them: the file's, or shuffled by rnd. A bad line is an error
// naming the file and the line.
func readStartPositions(path string, shuffle bool, rnd *rand.Rand) ([]match.Opening, error) {
	list, err := match.ReadOpenings(path)
	if err != nil {
		return nil, err
	}
	if shuffle {
		if rnd == nil {
			rnd = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
		}
		rnd.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	}
	return list, nil
}

// formatHMS writes a duration as h:mm:ss.
func formatHMS(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// parseHMS reads a main time: "h:m:s", "m:s", or a bare number of minutes (with a
// fraction if wanted); "" is 0.
func parseHMS(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	parts := strings.Split(s, ":")
	if len(parts) == 1 {
		return parseAmount(s, time.Minute)
	}
	if len(parts) > 3 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	units := []time.Duration{time.Hour, time.Minute, time.Second}[3-len(parts):]
	var d time.Duration
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 || (i > 0 && n >= 60) || n > 1e5 {
			return 0, fmt.Errorf("bad time %q", s)
		}
		d += time.Duration(n) * units[i]
	}
	return d, nil
}

// parseAmount reads a number of units (minutes or seconds, with a fraction if wanted); ""
// is 0.
func parseAmount(s string, unit time.Duration) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e6 {
		return 0, fmt.Errorf("bad amount %q", s)
	}
	return time.Duration(f * float64(unit)), nil
}
