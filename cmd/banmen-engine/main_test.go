package main

import (
	"strings"
	"testing"
)

func TestServeAnswersTheHandshake(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"usi", "usi\n", "id name Banmen\nid author the Banmen authors\nusiok\n"},
		{"isready", "isready\n", "readyok\n"},
		{"quit stops reading", "isready\nquit\nisready\n", "readyok\n"},
		{"unknown commands and blank lines are ignored", "\n  \nusinewgame\nfoo bar\nisready\n", "readyok\n"},
		{"CRLF line ends", "usi\r\nisready\r\n", "id name Banmen\nid author the Banmen authors\nusiok\nreadyok\n"},
		{"end of input", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			if err := serve(strings.NewReader(tc.in), &out); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Errorf("serve(%q) wrote %q, want %q", tc.in, out.String(), tc.want)
			}
		})
	}
}
