package usiclient

import (
	"testing"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"every field",
			"info depth 14 seldepth 20 time 6563 nodes 844172 nps 128625 hashfull 99 cpuload 950 tbhits 3 sbhits 4 multipv 2 score cp 136 upperbound currmove 4i5h currmovenumber 1 refutation 8h2b+ 1c2b currline 2 7g7f 3c3d pv 4i5h 5a4b",
			"info depth=14 seldepth=20 multipv=2 score=cp 136 upperbound time=6563ms nodes=844172 nps=128625 hashfull=99 cpuload=950 tbhits=3 sbhits=4 currmove=4i5h currmovenumber=1 pv=[4i5h 5a4b] refutation=[8h2b+ 1c2b] currline=2:[7g7f 3c3d]"},
		{"fairy-stockfish", "info depth 1 seldepth 1 multipv 1 score cp 244 nodes 52 nps 26000 tbhits 0 time 2 pv 8h2b 8b2b",
			"info depth=1 seldepth=1 multipv=1 score=cp 244 time=2ms nodes=52 nps=26000 tbhits=0 pv=[8h2b 8b2b]"},
		{"lowerbound after the score", "info depth 18 seldepth 29 multipv 1 score cp 234 lowerbound nodes 1455672 pv 4g4f",
			"info depth=18 seldepth=29 multipv=1 score=cp 234 lowerbound nodes=1455672 pv=[4g4f]"},
		{"bound before the score", "info lowerbound score cp 10", "info score=cp 10 lowerbound"},
		{"mate n", "info score mate 5 pv G*5b", "info score=mate 5 pv=[G*5b]"},
		{"mate -n", "info score mate -6", "info score=mate -6"},
		{"mate 0 (mated)", "info depth 0 score mate 0", "info depth=0 score=mate 0"},
		{"mate +", "info score mate + pv 2g2f", "info score=mate + pv=[2g2f]"},
		{"mate -", "info score mate -", "info score=mate -"},
		{"gpsusi mate as cp", "info depth 10 seldepth 1 time 15 score cp -1148897 nodes 22 nps 1400 pv resign",
			"info depth=10 seldepth=1 score=cp -1148897 time=15ms nodes=22 nps=1400 pv=[resign]"},
		{"string keeps spaces", "info string USI_Hash : Start clearing with 1 threads , size =  1024[MB]",
			`info string="USI_Hash : Start clearing with 1 threads , size =  1024[MB]"`},
		{"string swallows keywords", "info depth 3 string pv depth 5", `info depth=3 string="pv depth 5"`},
		{"empty string", "info string", `info string=""`},
		{"unknown tokens skipped", "info depth 3 foo bar nodes 10", "info depth=3 nodes=10 skipped=2"},
		{"unknown token with a value", "info depth 3 ebf 1.8 nodes 10", "info depth=3 nodes=10 skipped=2"},
		{"bad number keeps the next keyword", "info depth x nodes 10", "info nodes=10 skipped=1 malformed=1"},
		{"keyword without value", "info depth", "info malformed=1"},
		{"bad score", "info score foo 12 depth 2", "info depth=2 skipped=2 malformed=1"},
		{"score without number", "info score cp depth 2", "info depth=2 malformed=1"},
		{"pv ends at a keyword", "info pv 7g7f 3c3d depth 3", "info depth=3 pv=[7g7f 3c3d]"},
		{"empty pv", "info depth 3 pv", "info depth=3 pv=[]"},
		{"currline without cpu", "info currline 7g7f 3c3d", "info currline=0:[7g7f 3c3d]"},
		{"tabs and runs of spaces", "info\tdepth  3\t\tnodes 5 ", "info depth=3 nodes=5"},
		{"overflowing number", "info nodes 99999999999999999999", "info skipped=1 malformed=1"},
		{"negative hashfull kept", "info hashfull -1", "info hashfull=-1"},
		{"bare info", "info", "info"},
		{"sjaakii drops", "info depth 2 score cp -3 nodes 2751 time 10 hashfull 0 pv B@5e 2b3c",
			"info depth=2 score=cp -3 time=10ms nodes=2751 hashfull=0 pv=[B@5e 2b3c]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := ParseInfo(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if got := describeReply(&in); got != tt.want {
				t.Errorf("ParseInfo(%q)\n got  %s\n want %s", tt.line, got, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "bestmove 7g7f", "infox depth 1", " information"} {
		if _, err := ParseInfo(bad); err == nil {
			t.Errorf("ParseInfo(%q): no error", bad)
		}
	}
}

// TestInfoParseReuse checks that parsing into a reused Info leaves nothing of the
// previous line behind.
func TestInfoParseReuse(t *testing.T) {
	var in Info
	if err := in.Parse("info depth 5 score mate 3 lowerbound pv 7g7f 3c3d 2g2f refutation 7g7f 3c3d string hi"); err != nil {
		t.Fatal(err)
	}
	if err := in.Parse("info nodes 7 pv 2g2f"); err != nil {
		t.Fatal(err)
	}
	if got, want := describeReply(&in), "info nodes=7 pv=[2g2f]"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if in.Score != (Score{}) || in.Refutation != nil && len(in.Refutation) != 0 || in.String != "" {
		t.Errorf("left over from the first line: %+v", in)
	}
}

func TestInfoParseAllocations(t *testing.T) {
	var in Info
	n := testing.AllocsPerRun(1000, func() {
		if err := in.Parse(typicalInfo); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("Info.Parse into a reused Info: %v allocations per line, want 0", n)
	}
	n = testing.AllocsPerRun(1000, func() {
		if _, err := ParseInfo(typicalInfo); err != nil {
			t.Fatal(err)
		}
	})
	if n > 1 {
		t.Errorf("ParseInfo: %v allocations per line, want at most 1", n)
	}
}

func TestScoreNegate(t *testing.T) {
	tests := []struct {
		line string
		want string // the score from the other side
	}{
		{"info score cp 35", "cp -35"},
		{"info score cp -35 lowerbound", "cp 35 upperbound"},
		{"info score mate 5", "mate -5"},
		{"info score mate -6 upperbound", "mate 6 lowerbound"},
		{"info score mate +", "mate -"},
		{"info score mate -", "mate +"},
		{"info score mate 0", "mate 0"},
	}
	for _, tt := range tests {
		in, _ := ParseInfo(tt.line)
		neg := in.Score.Negate()
		if got := neg.String(); got != tt.want {
			t.Errorf("%q negated: got %s, want %s", tt.line, got, tt.want)
		}
		if back := neg.Negate(); back != in.Score {
			t.Errorf("%q: negating twice gives %+v, want %+v", tt.line, back, in.Score)
		}
	}
	in, _ := ParseInfo("info score mate 0")
	if in.Score.MateSign != -1 || in.Score.Negate().MateSign != 1 {
		t.Errorf("mate 0 is the side to move mated: sign %d", in.Score.MateSign)
	}
}

func TestParseInt(t *testing.T) {
	tests := []struct {
		s  string
		v  int64
		ok bool
	}{
		{"0", 0, true}, {"-0", 0, true}, {"+12", 12, true}, {"-1148897", -1148897, true},
		{"9223372036854775807", 9223372036854775807, true}, {"9223372036854775808", 0, false},
		{"-9223372036854775807", -9223372036854775807, true},
		{"", 0, false}, {"-", 0, false}, {"+", 0, false}, {"1.5", 0, false}, {"12a", 0, false}, {"１２", 0, false},
	}
	for _, tt := range tests {
		v, ok := parseInt(tt.s)
		if v != tt.v || ok != tt.ok {
			t.Errorf("parseInt(%q) = %d, %v; want %d, %v", tt.s, v, ok, tt.v, tt.ok)
		}
	}
}
