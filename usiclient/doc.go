// Package usiclient speaks the USI protocol (Universal Shogi Interface) from the
// GUI's side, over any io.Reader and io.Writer. It starts no processes: engine/
// runs engines and hands a Session their stdout, stdin (and stderr), and a way to
// kill them.
//
// The package has three layers:
//
//   - Commands (GUI → engine) are values that write themselves: Usi, Debug,
//     IsReady, SetOption, Register, UsiNewGame, Position, Go, GoMate, Stop,
//     PonderHit, GameOver, Quit. ParseCommand reads them back.
//   - Replies (engine → GUI) are parsed token by token: ParseLine classifies
//     any line, ParseInfo and ParseOption read the two rich ones. Unknown
//     tokens are skipped; anything that is not a reply is kept as Other.
//   - A Session drives one engine: the handshake, options, searches, ponder,
//     mate search, quit, with a timeout on every wait. Its reader goroutine
//     folds every info line into a snapshot that the UI reads at its own pace
//     (Session.Version, Session.Snapshot); nothing calls back into the UI.
//
// Engines are not always right (see "Things real engines do" in the design
// notes): every move received is checked against the position with board/ (a
// pv once, as its info line is folded in; Snapshot.Root is the position it was
// checked on), a bestmove read before its go was written answers nothing, every
// wait ends, and every failure is an *Error that names the engine, what the
// session was waiting for (an Awaiting) and the last lines the engine printed;
// the layer that runs the process adds how it ended with Error.WithExit.
// Output is decoded by a Decoder (UTF-8, or Shift_JIS for engines written for
// Windows GUIs); engine/ decodes stderr with the same one, or hands its lines to
// Session.LogStderr.
//
// # Files
//
// Replies: reply.go, info.go, option.go, tokens.go; commands: command.go.
// The session: session.go (the type and its accessors), state.go and
// awaiting.go (where it is, what it waits for), reader.go and writer.go (the two
// goroutines), lines.go (line splitting and decoding), timers.go (every
// timeout), handshake.go, setoption.go, game.go, quit.go, and for a search:
// start.go, stop.go, bestmove.go, checkmate.go, search.go, snapshot.go, pv.go.
//
// # Wiring
//
//	s := usiclient.NewSession(proc.Stdout, proc.Stdin, usiclient.Config{
//		Name:       "fairy-stockfish",          // until "id name" arrives
//		Kill:       func() error { proc.Kill(); return nil },
//		StderrTail: proc.Stderr.Lines,          // or Stderr: the pipe, drained by the session
//		Timeouts:   usiclient.Timeouts{Scale: 2}, // a slow engine
//	})
//	info, err := s.Handshake(ctx)               // usi … usiok
//	s.SetOption("USI_Hash", "256")              // queued while the engine thinks
//	sr, err := s.Go(ctx, usiclient.NewPosition(start, moves...), usiclient.Go{Clock: clock})
//	res, err := sr.Wait(ctx)                    // res.BestMove, res.Ponder are legal board.Moves
//	s.Quit(ctx)
//
// # States
//
//	new → waiting for usiok → not ready ⇄ waiting for readyok → ready
//	ready → searching | pondering | mate searching → (stop) stopping → ready
//	pondering → (ponderhit) searching
//	any → quitting → closed; any → closed (crash, broken pipe, timeout, Close)
//
// A setoption or gameover makes the session "not ready" again; the next Go
// sends isready first.
package usiclient
