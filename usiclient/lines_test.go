package usiclient

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding/japanese"
)

// readAll splits a stream with a lineReader, marking cut lines with "…N".
func readAll(t *testing.T, r io.Reader, max int) ([]string, error) {
	t.Helper()
	lr := newLineReader(r, max)
	var out []string
	for {
		b, n, err := lr.next()
		if err != nil {
			return out, err
		}
		s := string(b)
		if n > len(b) {
			s += "…" + strconv.Itoa(n)
		}
		out = append(out, s)
		if len(out) > 1000 {
			t.Fatal("runaway")
		}
	}
}

func TestLineReader(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"LF", "usiok\nreadyok\n", []string{"usiok", "readyok"}},
		{"CRLF", "usiok\r\nreadyok\r\n", []string{"usiok", "readyok"}},
		{"CR only", "usiok\rreadyok\r", []string{"usiok", "readyok"}},
		{"mixed", "a\rb\nc\r\nd", []string{"a", "b", "c", "d"}},
		{"blank lines kept", "a\n\n\r\n\rb\n", []string{"a", "", "", "", "b"}},
		{"LF CR is two endings", "a\n\rb", []string{"a", "", "b"}},
		{"CR CR", "a\r\rb", []string{"a", "", "b"}},
		{"no final ending", "usiok", []string{"usiok"}},
		{"empty", "", nil},
		{"cut at the cap", "0123456789abcdef\nok\n", []string{"01234567…16", "ok"}},
		{"exactly the cap", "01234567\nok\n", []string{"01234567", "ok"}},
		{"cut, no final ending", "0123456789", []string{"01234567…10"}},
	}
	for _, tt := range tests {
		for _, mode := range []string{"whole", "one byte at a time"} {
			t.Run(tt.name+"/"+mode, func(t *testing.T) {
				var r io.Reader = strings.NewReader(tt.in)
				if mode != "whole" {
					r = iotest.OneByteReader(r)
				}
				got, err := readAll(t, r, 8)
				if err != io.EOF {
					t.Fatalf("ended with %v, want io.EOF", err)
				}
				if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
					t.Errorf("got %q, want %q", got, tt.want)
				}
			})
		}
	}
}

// TestLineReaderLongLine reads a 1 MB line with the default cap: memory stays at the
// cap, the line is reported cut with its real length, and the next line is whole.
func TestLineReaderLongLine(t *testing.T) {
	in := "id name x\n" + strings.Repeat("x", 1<<20) + "\r\nusiok\n"
	lr := newLineReader(strings.NewReader(in), 0)
	var got []string
	for {
		b, n, err := lr.next()
		if err != nil {
			break
		}
		if n > len(b) && (len(b) != DefaultMaxLineBytes || n != 1<<20) {
			t.Errorf("cut line: kept %d of %d bytes", len(b), n)
		}
		got = append(got, string(b[:min(len(b), 10)]))
	}
	if strings.Join(got, "|") != "id name x|xxxxxxxxxx|usiok" {
		t.Errorf("got %q", got)
	}
	if cap(lr.acc) > DefaultMaxLineBytes+4096 {
		t.Errorf("the reader grew to %d bytes", cap(lr.acc))
	}
}

func TestLineReaderError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(boom))
	got, err := readAll(t, r, 0)
	if err != boom || strings.Join(got, "|") != "a|b" {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestDecodeLine(t *testing.T) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String("id name 技巧 (ぎこう)")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   []byte
		enc  Encoding
		want string
	}{
		{"ascii", []byte("usiok"), EncodingAuto, "usiok"},
		{"utf-8", []byte("id name 技巧"), EncodingAuto, "id name 技巧"},
		{"shift_jis detected", []byte(sjis), EncodingAuto, "id name 技巧 (ぎこう)"},
		{"shift_jis forced", []byte(sjis), EncodingShiftJIS, "id name 技巧 (ぎこう)"},
		{"utf-8 forced on shift_jis", []byte(sjis), EncodingUTF8, strings.ToValidUTF8(sjis, "\uFFFD")},
		// Not UTF-8, so read as Shift_JIS: 0xff and 0xfe are not characters, 0x80 is U+0080 in CP932.
		{"binary", []byte{0x00, 0xff, 0xfe, 0x80, 'a'}, EncodingAuto, "\x00\uFFFD\uFFFD\u0080a"},
	}
	for _, tt := range tests {
		got := DecodeLine(tt.in, tt.enc)
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		if !isValidUTF8(got) {
			t.Errorf("%s: %q is not valid UTF-8", tt.name, got)
		}
	}
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "") == s }

func TestLogRing(t *testing.T) {
	r := newLogRing(3, 5)
	for _, s := range []string{"a", "b", "c", "d", "0123456789"} {
		r.add(Received, s, 0)
	}
	got := r.since(0)
	var texts []string
	for _, l := range got {
		texts = append(texts, l.String())
	}
	if strings.Join(texts, "|") != "< c|< d|< 01234 …(cut, 10 bytes)" {
		t.Errorf("got %q", texts)
	}
	if got[0].Seq != 3 || got[2].Seq != 5 {
		t.Errorf("seqs %d..%d", got[0].Seq, got[2].Seq)
	}
	if n := len(r.since(4)); n != 1 {
		t.Errorf("since(4): %d lines", n)
	}
	if n := len(r.since(5)); n != 0 {
		t.Errorf("since(5): %d lines", n)
	}
	r.add(Sent, "go", 0)
	if last := r.last(Received, 8); strings.Join(last, "|") != "d|01234" {
		t.Errorf("last received: %q", last)
	}
	var buf bytes.Buffer
	for _, l := range r.since(0) {
		buf.WriteString(l.Dir.String())
	}
	if buf.String() != "<<>" {
		t.Errorf("directions %q", buf.String())
	}
}

// TestDecoderStream: one Decoder over a stream decodes each line on its own (a
// Shift_JIS line does not make the next UTF-8 line Shift_JIS) and says when it saw
// Shift_JIS.
func TestDecoderStream(t *testing.T) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String("info string 定跡ファイルがありません")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDecoder(EncodingAuto)
	if got := d.Decode([]byte("info string 評価関数")); got != "info string 評価関数" || d.SawShiftJIS() {
		t.Errorf("utf-8 line: %q, saw shift_jis %v", got, d.SawShiftJIS())
	}
	if got := d.Decode([]byte(sjis)); got != "info string 定跡ファイルがありません" || !d.SawShiftJIS() {
		t.Errorf("shift_jis line: %q, saw shift_jis %v", got, d.SawShiftJIS())
	}
	if got := d.Decode([]byte("評価関数")); got != "評価関数" {
		t.Errorf("utf-8 after shift_jis: %q", got)
	}
}

// TestSessionLogStderr: stderr lines handed to the session are decoded as its
// stdout is, logged as stderr, and quoted by its errors.
func TestSessionLogStderr(t *testing.T) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String("エラー: 評価関数ファイルが見つかりません")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(strings.NewReader(""), io.Discard, Config{Name: "stderr-test"})
	<-s.Done() // the empty stdout ends the session at once
	s.LogStderr([]byte(sjis))
	s.LogStderr([]byte("plain ascii"))
	var got []string
	for _, l := range s.Log() {
		if l.Dir == Stderr {
			got = append(got, l.Text)
		}
	}
	if strings.Join(got, "|") != "エラー: 評価関数ファイルが見つかりません|plain ascii" {
		t.Errorf("stderr lines in the log: %q", got)
	}
	if tail := s.stderrTail(5); strings.Join(tail, "|") != strings.Join(got, "|") {
		t.Errorf("stderr tail for errors: %q", tail)
	}
}
