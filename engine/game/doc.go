// Package game plays one game of shogi between two players, each a human or an
// engine, with clocks: it asks each player for a move in turn, keeps the clocks,
// checks every move, builds the record as it goes (with the engines' thoughts as
// comments), saves it after every move, and ends the game by resignation,
// checkmate, 千日手, 入玉宣言, time, an illegal move or a move limit.
//
// An engine that dies mid-game pauses the game; after a restart the same game goes
// on from the current position with the clocks as they were.
//
// It has no window: the GUI and banmen-cli drive it and read its snapshot. Runner
// plays one game for the GUI: it starts the engines, takes the person's moves,
// resignation, 中断 and 待った, and closes the engines at the end.
package game
