package ui

import (
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/kifu"
)

// 対局 (playing a game) in the main window: the dialog (gamedialog.go) starts a game runner
// (engine/game.Runner) that owns the engines and the game; the window polls its version at
// most ten times a second, shows the game's record (its moves, times and the engines'
// thoughts as comments) in the session, which autosaves it after every move, the clocks on
// the name plates beside the stands (clockview.go, boardplate.go), the engines in the engine
// panel (gameengines.go), and the result in a dialog at the end. The person moves on the
// board on their turn only; 投了, 入玉宣言, 中断 and 待った are in the 対局 menu. An engine
// that dies pauses the game and the window offers to restart it (gamecrash.go); a game cut
// short by a crash of Banmen, or by 中断, can be played on (gameresume.go).

// gameCtl runs the window's games. Its fields belong to the Fyne goroutine.
type gameCtl struct {
	w      *MainWindow
	do     func(func()) // runs a function on the Fyne goroutine: fyne.Do (tests queue it)
	run    *gameRun     // the game under way, or nil
	clocks *ClockView
	beeper func(soundKind) // sounds the clock's warning and count through the window's sound (sound.go; tests count it)

	dialogOpen bool        // the 対局開始 dialog is up
	series     *gameSeries // engine against engine, game after game (gameseries.go), or nil
}

// gameRun is one game as the window shows it.
type gameRun struct {
	runner  *game.Runner
	tc      [2]game.TimeControl
	impasse board.ImpasseRule // the 入玉宣言 rule (zero: CSA's 27 points)
	names   [2]string
	pending atomic.Bool   // an update is posted and not done yet
	resync  atomic.Bool   // the window could not follow the record: the poll copies it whole
	synced  atomic.Int64  // the record's nodes the poll copied one by one (tests read it)
	stopped chan struct{} // closed when the window is done with the game: the poll ends

	msg         *Messages // the texts, read by the poll's goroutine
	gt          *gameText
	panel       *EnginePanel  // the panel the game's engines are laid out in…
	panelNames  []string      // …and their names (gameengines.go)
	crashDialog dialog.Dialog // the engine-crash dialog shown for the pause now (gamecrash.go)
	restarting  bool          // an engine is being started again
	turnShown   int           // the moves played when the status last said whose turn it is (-1: not said)
	heard       int           // the moves of the record's main line the 駒音 was played for (-1: none yet)
}

func newGameCtl(w *MainWindow) *gameCtl {
	return &gameCtl{w: w, do: fyne.Do, clocks: NewClockView(), beeper: w.playSound}
}

// Playing reports whether a game is under way in the window.
func (w *MainWindow) Playing() bool { return w.game.run != nil }

// personPlays reports whether a person plays a side of the game under way.
func (c *gameCtl) personPlays() bool {
	return c.run != nil && (c.run.runner.IsHuman(board.Black) || c.run.runner.IsHuman(board.White))
}

// start starts a game set up by g; defs are the engines of the sides (nil: a person).
func (c *gameCtl) start(g gameSetup, defs [2]*engine.Definition) {
	w := c.w
	w.study.stop()
	if w.editor != nil {
		w.leaveEditor()
	}
	cfg, _ := g.runnerConfig(defs, w.sess.Position(), w.gameText().You) // gamesetup.go
	w.sess.Reset(cfg.Game.Start)
	c.clocks.newGame(c.beepIf(g.Beep))
	c.launch(cfg, defs)
}

// beepIf is the clocks' beeper when on, else nil: for a person's clock, or for every clock
// when engines play each other (a person playing an engine wants their own seconds counted,
// not the engine's).
func (c *gameCtl) beepIf(on bool) func(board.Color, soundKind) {
	if !on {
		return nil
	}
	return func(side board.Color, k soundKind) {
		if r := c.run; r != nil && c.personPlays() && !r.runner.IsHuman(side) {
			return
		}
		c.beeper(k)
	}
}

// launch starts the game of cfg, whose seats are defs (nil: a person), and shows it. Seats
// cfg already has (a setup's, with each engine's ponder choice) are kept.
func (c *gameCtl) launch(cfg game.RunnerConfig, defs [2]*engine.Definition) {
	w := c.w
	gt := w.gameText()
	r := &gameRun{tc: cfg.Game.Time, impasse: cfg.Game.Impasse, stopped: make(chan struct{}), msg: w.msg, gt: gt, turnShown: -1, heard: -1}
	for i, d := range defs {
		if d == nil {
			if cfg.Seats[i].Human == "" {
				cfg.Seats[i] = game.Seat{Human: gt.You}
			}
			r.names[i] = cfg.Seats[i].Human
		} else {
			if cfg.Seats[i].Engine == nil {
				cfg.Seats[i] = game.Seat{Engine: d}
			}
			r.names[i] = d.Name
		}
	}
	if defs[0] != nil && defs[1] == nil {
		w.board.SetFlipped(true) // the person plays White: their side at the foot
	} else if defs[0] == nil {
		w.board.SetFlipped(false)
	}
	cfg.PauseOnFailure = true // an engine that dies mid-game can be restarted (gamecrash.go)
	r.runner = game.StartRunner(w.study.mgr, cfg)
	c.run = r
	w.win.SetMainMenu(w.buildMenu())
	for _, d := range defs {
		if d != nil {
			w.setStatus(fmt.Sprintf(gt.StartingF, d.Name))
			break
		}
	}
	go c.poll(r)
}

// poll posts what the window shows of r each pollInterval (the clocks run), until r ends.
func (c *gameCtl) poll(r *gameRun) {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	var version uint64
	first := true
	var recSync recordSync // what was posted of the game's record (gamerecordsync.go)
	for {
		select {
		case <-r.stopped:
			return
		case <-t.C:
		}
		if r.pending.Load() {
			continue
		}
		// the result first: once it is there, the record read after it is the final one
		res, over := r.runner.Result()
		err := r.runner.Err()
		// what changed in the record, read here (not on the Fyne goroutine)
		var rec *recordUpdate
		if v := r.runner.Version(); first || v != version || over {
			first, version = false, v
			if g := r.runner.Game(); g != nil {
				full := over || r.resync.Swap(false)
				g.WithRecord(func(gr *kifu.Record) { rec = recSync.update(g, gr, full) })
				r.synced.Store(int64(recSync.copied))
			}
		}
		var snap *game.Snapshot
		var names []string
		var texts []engineText
		if g := r.runner.Game(); g != nil {
			s := g.Snapshot()
			snap = &s
			last := board.NoMove
			if n := len(s.Moves); n > 0 {
				last = s.Moves[n-1]
			}
			names, texts = gameEngineTexts(r, s.Position, last)
		}
		r.pending.Store(true)
		c.post(func() {
			r.pending.Store(false)
			if c.run == r {
				c.showEngines(r, names, texts)
				c.update(r, rec, snap, res, over, err)
			}
		})
		if over {
			return
		}
	}
}

func (c *gameCtl) post(f func()) { c.do(f) }

// soundEngineMoves plays the 駒音 for a move an engine played since the last update (a
// person's move sounded when it was made, play): once, however many came together. The first
// record of a game (its start, or the moves of a game resumed) sounds nothing, nor does a
// record that lost moves (待った).
func (c *gameCtl) soundEngineMoves(r *gameRun) {
	rec := c.w.sess.Record()
	end := rec.MainEnd()
	moves := end.Ply()
	if end.IsSpecial() {
		moves--
	}
	from := r.heard
	r.heard = moves
	if from < 0 || moves <= from {
		return
	}
	first := rec.Start.SideToMove() // who made the record's odd moves
	for n := end; n != nil && n.Ply() > from; n = n.Parent() {
		if n.IsSpecial() || n.Parent() == nil {
			continue
		}
		mover := first
		if n.Ply()%2 == 0 {
			mover = first.Opp()
		}
		if !r.runner.IsHuman(mover) {
			c.w.playSound(soundPiece)
			return
		}
	}
}

// update shows the game as the poll saw it: rec is what changed in its record (nil: nothing).
func (c *gameCtl) update(r *gameRun, rec *recordUpdate, snap *game.Snapshot, res game.Result, over bool, err error) {
	w := c.w
	gt := w.gameText()
	if err != nil {
		c.end(r)
		w.showError(gt.GameOverTitle, fmt.Sprintf(gt.EngineStartFailedF, err), err.Error())
		return
	}
	switch {
	case rec.empty():
	case rec.err != nil:
		w.setStatus(rec.err.Error())
	case rec.full != nil:
		w.sess.Restore(rec.full, "", kifu.UnknownFormat, kifu.UTF8)
		w.sess.Last()
	default:
		if ferr := w.sess.FollowMainLine(rec.from, rec.nodes); ferr != nil {
			r.resync.Store(true) // the next poll copies the whole record
			w.setStatus(ferr.Error())
		}
	}
	c.soundEngineMoves(r)
	if over {
		c.end(r)
		if snap != nil {
			c.clocks.show(w.board, *snap, r.tc, gt.ByoyomiF)
		}
		w.showMessage(gt.GameOverTitle, resultText(gt, res, r.names))
		w.setStatus(resultText(gt, res, r.names))
		return
	}
	if snap == nil {
		return
	}
	c.clocks.show(w.board, *snap, r.tc, gt.ByoyomiF)
	if snap.State == game.Paused {
		if w.board.Mode() != ModeView {
			w.board.SetMode(ModeView)
		}
		c.offerRestart(r, *snap)
		r.turnShown = -1 // said again when the game goes on
		return
	}
	if snap.SaveErr != nil {
		w.setStatus(fmt.Sprintf(gt.SaveFailedF, snap.SaveErr))
	}
	human := snap.State == game.Playing && r.runner.IsHuman(snap.ToMove)
	// the mode is set only when it changes: setting it cancels the piece the person picked,
	// and the poll comes ten times a second (click-click moves were lost between polls);
	// whose turn it is is said once a move, so that what the status says meanwhile (not your
	// turn, copied) stays until the next move, not a tenth of a second
	newTurn := snap.State == game.Playing && r.turnShown != len(snap.Moves)
	if newTurn {
		r.turnShown = len(snap.Moves)
	}
	if human {
		if w.board.Mode() != ModePlay {
			w.board.SetMode(ModePlay)
		}
		if newTurn {
			w.setStatus(gt.YourTurn)
		}
	} else {
		if w.board.Mode() != ModeView {
			w.board.SetMode(ModeView)
		}
		if newTurn {
			w.setStatus(fmt.Sprintf(gt.ThinkingF, r.names[snap.ToMove]))
		}
	}
}

// end forgets r: the board takes moves for the record again.
func (c *gameCtl) end(r *gameRun) {
	if c.run != r {
		return
	}
	c.run = nil
	close(r.stopped)
	if p := c.w.study.panel; p != nil && p == r.panel {
		p.setStates(r.panelNames, stateStopped)
	}
	if r.crashDialog != nil {
		r.crashDialog.Hide()
	}
	c.w.board.SetMode(ModePlay)
	c.w.win.SetMainMenu(c.w.buildMenu())
	if c.series != nil {
		c.series.ended(r)
	}
}

// resultText says who won and why.
func resultText(gt *gameText, r game.Result, names [2]string) string {
	reason := map[game.Reason]string{game.Resignation: gt.ReasonResign, game.Checkmate: gt.ReasonMate,
		game.Repetition: gt.ReasonRepetition, game.PerpetualCheck: gt.ReasonPerpetual,
		game.Declaration: gt.ReasonDeclaration, game.FalseDeclaration: gt.ReasonFalseDeclaration,
		game.TimeForfeit: gt.ReasonTime, game.IllegalMove: gt.ReasonIllegal, game.MoveLimit: gt.ReasonMoveLimit,
		game.Aborted: gt.ReasonAborted, game.PlayerFailure: gt.ReasonFailure}[r.Reason]
	var s string
	switch {
	case r.Reason == game.Aborted:
		return reason
	case r.Draw:
		s = gt.Draw + " — " + reason
	default:
		side := gt.Black
		if r.Winner == board.White {
			side = gt.White
		}
		s = fmt.Sprintf(gt.WinF, side, names[r.Winner]) + " — " + reason
	}
	if r.Detail != "" {
		s += "\n" + r.Detail
	}
	return s
}

// showEngines shows the game's engines in the engine panel.
func (c *gameCtl) showEngines(r *gameRun, names []string, texts []engineText) {
	p := c.w.study.panel
	if p == nil || len(names) == 0 {
		return
	}
	if p != r.panel || !slices.Equal(names, r.panelNames) {
		p.setEngines(names, 1)
		r.panel, r.panelNames = p, names
	}
	p.show(texts, "")
}

// play hands the person's move to the game; it reports whether a game took it (or refused it).
func (c *gameCtl) play(m board.Move) bool {
	r := c.run
	if r == nil {
		return false
	}
	gt := c.w.gameText()
	sess := c.w.sess
	if end := sess.Record().MainEnd(); sess.Node() != end {
		c.w.setStatus(gt.NotAtEnd)
		return true
	}
	if err := r.runner.Play(m); err != nil {
		if err == game.ErrNotYourTurn {
			c.w.setStatus(gt.NotYourTurn)
		} else {
			c.w.setStatus(err.Error())
		}
		return true
	}
	// show the move at once, and sound it; the game's record follows at the next poll
	if _, _, err := sess.Play(m); err == nil {
		c.w.board.SetMode(ModeView)
	}
	c.w.playSound(soundPiece)
	return true
}

// running returns the game under way, or nil after saying there is none (the 対局 menu's
// actions on a game).
func (w *MainWindow) running() *gameRun {
	if w.game.run == nil {
		w.setStatus(w.gameText().NoGame)
	}
	return w.game.run
}

// Resign resigns the game for the person to move, after asking: a game is not lost to a
// stray click.
func (w *MainWindow) Resign() {
	r := w.running()
	if r == nil {
		return
	}
	gt := w.gameText()
	w.askIrreversible(gt.Resign, gt.ResignConfirm, gt.Resign, func() {
		if w.game.run == r { // not over meanwhile
			w.resign(r)
		}
	})
}

// askIrreversible asks before an irreversible action of a game (投了, 入玉宣言): キャンセル, which
// Esc presses, and action in the error colour, which Enter does not press; do runs when it is
// clicked.
func (w *MainWindow) askIrreversible(title, text, action string, do func()) {
	var d *plainDialog // no bold text: no second parse of the font (plaindialog.go)
	no := newPlainButton(w.gameText().Cancel, false, func() { d.Hide() }).cancels()
	yes := newPlainButtonOf(action, widget.DangerImportance, func() {
		d.Hide()
		do()
	})
	d = newPlainDialog(title, messageContent(text), []*plainButton{no, yes}, w.win)
	w.lastShown = shownDialog{title, text, d}
	d.Show()
}

// resign resigns r's game for the person.
func (w *MainWindow) resign(r *gameRun) {
	gt := w.gameText()
	thinking := "" // the engine to move: the person resigns once its move is played
	if g := r.runner.Game(); g != nil {
		if s := g.Snapshot(); s.State == game.Playing && !r.runner.IsHuman(s.ToMove) {
			thinking = r.names[s.ToMove]
		}
	}
	switch err := r.runner.Resign(); {
	case err != nil:
		w.setStatus(gt.NotYourTurn)
	case thinking != "":
		// say so, or the click seems lost while the engine thinks on
		w.setStatus(fmt.Sprintf(gt.ResignAfterF, thinking))
	}
}

// DeclareWin declares a win by 入玉宣言 for the person to move, after asking: the game
// judges it, and a declaration that does not meet the rule loses.
func (w *MainWindow) DeclareWin() {
	r := w.running()
	if r == nil {
		return
	}
	gt := w.gameText()
	rule := w.gameSetupText().Impasse27
	if r.impasse == game.Impasse24Rule {
		rule = w.gameSetupText().Impasse24
	}
	text := fmt.Sprintf(gt.DeclareConfirm, rule)
	if g := r.runner.Game(); g != nil {
		if s := g.Snapshot(); s.Position != nil && r.runner.IsHuman(s.ToMove) {
			text += "\n" + declarationStanding(s.Position, r.impasse, gt)
		}
	}
	w.askIrreversible(gt.DeclareTitle, text, gt.Declare, func() {
		if err := r.runner.DeclareWin(); err != nil {
			w.setStatus(gt.NotYourTurn)
		}
	})
}

// declarationStanding says whether pos, the person to move, meets the declaration rule
// now, and if not which condition fails (the conditions of board.CanDeclareWin), so that
// nobody declares into a loss unwarned.
func declarationStanding(pos *board.Position, rule board.ImpasseRule, gt *gameText) string {
	c := pos.SideToMove()
	points, inCamp := pos.ImpassePoints(c)
	need := rule.BlackPoints
	if c == board.White {
		need = rule.WhitePoints
	}
	why := ""
	switch k := pos.KingSquare(c); {
	case k == board.NoSquare || !board.InPromotionZone(c, k):
		why = gt.KingOutsideCamp
	case pos.InCheck():
		why = gt.KingInCheck
	case inCamp < 10:
		why = fmt.Sprintf(gt.FewInCampF, inCamp)
	case points < need:
		why = fmt.Sprintf(gt.FewPointsF, points, need)
	}
	if why != "" {
		return fmt.Sprintf(gt.DeclareUnmetF, why)
	}
	return fmt.Sprintf(gt.DeclareMetF, points, inCamp)
}

// AbortGame stops the game (中断); the record keeps it with 中断 at its end.
func (w *MainWindow) AbortGame() {
	if r := w.running(); r != nil {
		r.runner.Abort()
	}
}

// MoveNow has the engine thinking on its move play at once (すぐ指させる): in a game against
// a person or between engines, when the time given is more than one wants to wait.
func (w *MainWindow) MoveNow() {
	if r := w.running(); r != nil && r.runner.MoveNow() != nil {
		w.setStatus(w.gameText().NotThinking)
	}
}

// TakebackGame takes back the person's last move and the engine's reply (待った).
func (w *MainWindow) TakebackGame() {
	if r := w.running(); r != nil {
		if err := r.runner.Takeback(); err != nil {
			w.setStatus(fmt.Sprintf(w.gameText().NoTakeback, err))
		}
	}
}

// refuse says, and reports true, when a game under way does not let the record change.
func (c *gameCtl) refuse() bool {
	if c.run == nil {
		return false
	}
	gt := c.w.gameText()
	c.w.showMessage(gt.MenuGame, gt.GameRunning)
	return true
}

// abortAll stops the game when the window closes.
func (c *gameCtl) abortAll() {
	if r := c.run; r != nil {
		r.runner.Abort()
	}
}
