// Package bundledengine is Banmen's bundled shogi engine, the other end of the USI wire: the
// search, the evaluation, the time management, the tsume solver and the USI protocol loop, in
// pure Go on top of package board. cmd/banmen-engine is a thin main around it. The GUI does
// not run it in-process: it starts the banmen-engine binary like any other USI engine, through
// package engine. It lives under the top-level internal/ so that a later `banmen --usi` can
// serve it from the GUI's own binary.
//
// Entry points:
//
//   - Serve(in, out), or NewEngine().Run(in, out): a USI conversation over any reader and
//     writer, as the Shogidokoro USI page describes it (go mate answered with checkmate,
//     bestmove resign and win, byoyomi, ponder, …).
//   - Solve(pos, deadline), or NewSolver(mb).Solve(pos, opts): the tsume solver (df-pn), with
//     the line it found, on opts.Threads threads sharing its table (go mate passes the
//     Threads option). Its convention on futile interpositions (無駄合) is
//     board.FutileDrops (board/futile.go).
//   - NewSearcher(mb).Search(game, limits, report): the alpha-beta search, with Lazy SMP
//     helper threads (Limits.Threads) and the SkillLevel ladder (Limits.Weaken, skillLadder).
//   - Bench(w, depth): YaneuraOu's four bench positions searched to a fixed depth, one
//     thread, a fresh table each, printing nodes and nps (banmen-engine bench, or "bench" at
//     the USI prompt); the node count is the same on every run, so speed changes are measured.
//     BenchThreads runs it with more threads, to compare nodes/s.
//   - Features, ParseWeights: the evaluation as weight × feature and its weights file
//     (weights.txt, embedded), for tools/tune.
//
// Files, one concept each: movegen (captures and checks), eval, see, tt, movepick (ordering),
// mate (short mates), leafmate (the search's own faster mate in one, and its mate in three
// near the leaves), prefetch (PREFETCHT0 for the table's entries, amd64 assembly),
// alphabeta (the recursive search), search (iterative deepening, threads), skill (the
// SkillLevel ladder: depth limits, node budgets, noise),
// timeman, options, command (position and go), usi (the loop, and Version), bookmove (the
// opening book BookFile names, in YaneuraOu's DB2016 format, package book), bench, weights;
// dfpntt, dfpn and line for the solver (line: the mating line and the search for a shorter
// one, which ends at its first step that does not improve); tablemem (the big tables' memory).
package bundledengine
