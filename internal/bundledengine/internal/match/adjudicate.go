package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"banmen/board"
)

// Adjudicate asks a (strong) engine for the value of an unfinished game's final position:
// a clear advantage (cp at least margin, or a mate) wins, anything else is a draw. The
// score is for the side to move in sfen; the outcome is for Black.
func Adjudicate(judge *Engine, sfen string, think time.Duration, margin int) (Outcome, string, error) {
	p, err := board.ParseSFEN(sfen)
	if err != nil {
		return Draw, "", err
	}
	if err := judge.Send("position sfen " + sfen); err != nil {
		return Draw, "", err
	}
	if err := judge.Send(fmt.Sprintf("go movetime %d", think.Milliseconds())); err != nil {
		return Draw, "", err
	}
	_, info, err := judge.Expect("bestmove", think+10*time.Second)
	if err != nil {
		return Draw, "", err
	}
	cp, mate, found := 0, 0, false
	for _, l := range info {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" {
				n, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				found = true
				if f[i+1] == "mate" {
					mate, cp = n, 0
					if n == 0 {
						mate = -1
					}
				} else {
					mate, cp = 0, n
				}
			}
		}
	}
	if !found {
		return Draw, "no score", nil
	}
	stm := p.SideToMove()
	var forSide int // +1: the side to move is winning, -1: losing
	switch {
	case mate > 0 || cp >= margin:
		forSide = 1
	case mate < 0 || cp <= -margin:
		forSide = -1
	}
	desc := fmt.Sprintf("cp %d", cp)
	if mate != 0 {
		desc = fmt.Sprintf("mate %d", mate)
	}
	switch {
	case forSide == 0:
		return Draw, desc, nil
	case (forSide > 0) == (stm == board.Black):
		return BlackWins, desc, nil
	default:
		return WhiteWins, desc, nil
	}
}
