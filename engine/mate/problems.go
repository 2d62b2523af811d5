package mate

import (
	"encoding/json"
	"fmt"
	"os"

	"banmen/board"
)

// Problem is one mate problem of a problem list (the JSON of shared/testdata/tsume).
type Problem struct {
	ID       string `json:"id"`
	SFEN     string `json:"sfen"`
	Expected string `json:"expected"` // mate, mate_within, no_mate, no_mate_within
	Length   int    `json:"length"`
	Side     string `json:"side"` // "" or attacker_to_move; defender_to_move
	Rules    string `json:"rules"`
}

// WantsMate reports whether the problem has a mate for the side to move.
func (p Problem) WantsMate() bool {
	return (p.Expected == "mate" || p.Expected == "mate_within") && p.Side != "defender_to_move"
}

// Position parses the problem's SFEN (non-canonical hands accepted).
func (p Problem) Position() (*board.Position, error) {
	return board.ParseSFENWith(p.SFEN, board.SFENOptions{AllowExtraPieces: true})
}

// ReadProblems reads a JSON list of problems: {"problems": [...]} or a bare array.
func ReadProblems(path string) ([]Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Problems []Problem `json:"problems"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Problems) == 0 {
		var list []Problem
		if err2 := json.Unmarshal(data, &list); err2 != nil || len(list) == 0 {
			if err == nil {
				err = err2
			}
			return nil, fmt.Errorf("%s: want a JSON list of problems with id and sfen: %v", path, err)
		}
		doc.Problems = list
	}
	for i, p := range doc.Problems {
		if p.SFEN == "" {
			return nil, fmt.Errorf("%s: problem %d (%q) has no sfen", path, i+1, p.ID)
		}
	}
	return doc.Problems, nil
}
