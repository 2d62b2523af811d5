package kifu

import (
	"bytes"
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

func TestDecodeRealFiles(t *testing.T) {
	tests := []struct {
		file string
		enc  Encoding
		head string // the text starts with this (a byte-order mark removed)
	}{
		{"kif/kifu-for-js__henka.kif", ShiftJIS, "# --- Kifu for Windows V6.39c 棋譜ファイル ---"},
		{"kif/kifu-for-js__doh_branch.kifu", UTF8, "#KIF version=2.0 encoding=UTF-8"}, // BOM
		{"kif/mog-core-scala__kif__game__004.kif", UTF8, "開始日時：1982-04-13"},           // UTF-8 .kif
		{"csa/kifu-for-js__8mai.csa", ShiftJIS, "'encoding=Shift_JIS"},
		{"csa/kifu-for-js__v2.csa", UTF8, "V2"}, // ASCII
	}
	for _, tt := range tests {
		data, err := os.ReadFile("testdata/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		text, enc := Decode(data)
		if enc != tt.enc || !strings.HasPrefix(text, tt.head) {
			t.Errorf("%s: %v, starts %q", tt.file, enc, text[:min(len(text), 40)])
		}
	}
	// UTF-16 with a byte-order mark
	if text, enc := Decode([]byte{0xFF, 0xFE, '7', 0, 0xAD, 0x6B}); enc != UTF16LE || text != "7殭" {
		t.Errorf("UTF-16LE: %q", text)
	}
}

func TestEncode(t *testing.T) {
	b, err := Encode("先手：羽生\n", ShiftJIS)
	if err != nil || string(b) != "\x90\xe6\x8e\xe8\x81\x46\x89\x48\x90\xb6\n" {
		t.Errorf("Shift_JIS: % x, %v", b, err)
	}
	if back, enc := Decode(b); back != "先手：羽生\n" || enc != ShiftJIS {
		t.Errorf("decoded back: %q %v", back, enc)
	}
	_, err = Encode("先手：羽生\n後手：𠮷田\n", ShiftJIS)
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "𠮷") {
		t.Errorf("a character Shift_JIS lacks: %v", err)
	}
	if b, _ := Encode("&#x41; は文字", ShiftJIS); !strings.Contains(string(b), "&#x41;") {
		t.Errorf("text that looks like an escape was changed: %q", b)
	}
	if b, err := Encode("𠮷", UTF8); err != nil || string(b) != "𠮷" {
		t.Errorf("UTF-8: %q %v", b, err)
	}
}

func TestParseEncoding(t *testing.T) {
	for name, want := range map[string]Encoding{"utf8": UTF8, "UTF-8": UTF8, "sjis": ShiftJIS, "Shift_JIS": ShiftJIS, "cp932": ShiftJIS} {
		if got, err := ParseEncoding(name); err != nil || got != want {
			t.Errorf("%s: %v %v", name, got, err)
		}
	}
	if _, err := ParseEncoding("latin1"); err == nil || !strings.Contains(err.Error(), "utf8 or sjis") {
		t.Errorf("latin1: %v", err)
	}
}

func TestLines(t *testing.T) {
	tests := []struct {
		text     string
		want     []string
		complete bool
	}{
		{"a\nb\n", []string{"a", "b"}, true},
		{"a\r\nb\r\n", []string{"a", "b"}, true},
		{"a\rb\r", []string{"a", "b"}, true},
		{"a\r\r\nb", []string{"a", "b"}, false}, // kifu-for-js__20081220kyoochi.kif
		{"a\n\nb", []string{"a", "", "b"}, false},
		{"a\rb\nc\r\nd\r", []string{"a", "b", "c", "d"}, true}, // mixed, as a file edited on two systems
		{"a\r\rb\n", []string{"a", "", "b"}, true},
		{"a\nb\rc", []string{"a", "b", "c"}, false},
		{"", []string{}, true},
	}
	for _, tt := range tests {
		got, complete := lines(tt.text)
		if !reflect.DeepEqual(got, tt.want) || complete != tt.complete {
			t.Errorf("lines(%q) = %q %v, want %q %v", tt.text, got, complete, tt.want, tt.complete)
		}
	}
	if got := WithNewline("a\nb\n", "\r\n"); got != "a\r\nb\r\n" {
		t.Errorf("WithNewline: %q", got)
	}
}

// The table decoder gives what x/text gives, on real files and on any bytes.
func TestShiftJISTableAgreesWithXText(t *testing.T) {
	files := testdataFiles()
	checked := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if utf8.Valid(data) {
			continue
		}
		checked++
		if decodeShiftJIS(data) != decodeShiftJISSlow(data) {
			t.Errorf("%s decodes differently", f)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d Shift_JIS files", checked)
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.Intn(12))
		for j := range b {
			b[j] = byte(rng.Intn(256))
		}
		if decodeShiftJIS(b) != decodeShiftJISSlow(b) {
			t.Fatalf("% x: %q, x/text gives %q", b, decodeShiftJIS(b), decodeShiftJISSlow(b))
		}
	}
}

// A record in any encoding ShogiHome or Kifu for Windows reads is read, the same as in
// UTF-8, and the encoding is reported: never as Shift_JIS mojibake with no moves.
func TestReadEveryEncoding(t *testing.T) {
	data, err := os.ReadFile("testdata/kif/kifu-for-js__henka.kif")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := Decode(data)
	want, err := ParseKIF(text)
	if err != nil {
		t.Fatal(err)
	}
	encs := map[string]encoding.Encoding{
		"EUC-JP":         japanese.EUCJP,
		"ISO-2022-JP":    japanese.ISO2022JP,
		"UTF-16LE":       unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM),
		"UTF-16BE":       unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM),
		"UTF-16LE w/BOM": unicode.UTF16(unicode.LittleEndian, unicode.UseBOM),
		"UTF-16BE w/BOM": unicode.UTF16(unicode.BigEndian, unicode.UseBOM),
		"UTF-32LE":       utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM),
		"UTF-32BE":       utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM),
		"UTF-32LE w/BOM": utf32.UTF32(utf32.LittleEndian, utf32.UseBOM),
		"UTF-32BE w/BOM": utf32.UTF32(utf32.BigEndian, utf32.UseBOM),
	}
	for name, x := range encs {
		b, err := x.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, file := range []string{"henka.kif", "henka.txt"} {
			got, enc, err := Read(b, file)
			if err != nil {
				t.Errorf("%s %s: %v", name, file, err)
				continue
			}
			if enc.String() != strings.TrimSuffix(name, " w/BOM") {
				t.Errorf("%s %s: read as %v", name, file, enc)
			}
			if FormatKIF(got) != FormatKIF(want) || len(got.Warnings) != len(want.Warnings) {
				t.Errorf("%s %s: read differently (%d moves, warnings %v)", name, file, len(got.MainMoves()), got.Warnings)
			}
		}
	}
}

// One byte that is not UTF-8 in a UTF-8 file (or not Shift_JIS in a Shift_JIS one) is
// replaced and reported with its line; the rest of the record is read as it is.
func TestReadOneBadByte(t *testing.T) {
	data, err := os.ReadFile("testdata/kif/kifu-for-js__henka.kif")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := Decode(data)
	want, err := ParseKIF(text)
	if err != nil {
		t.Fatal(err)
	}
	sjis, err := Encode(text, ShiftJIS)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		enc  Encoding
		data []byte
	}{{UTF8, []byte(text)}, {ShiftJIS, sjis}} {
		// the bad byte goes at the start of line 3 (a header)
		at := bytes.IndexByte(tc.data, '\n')
		at += bytes.IndexByte(tc.data[at+1:], '\n') + 2
		bad := append(append(append([]byte{}, tc.data[:at]...), 0xFF), tc.data[at:]...)
		got, enc, err := Read(bad, "henka.kif")
		if err != nil {
			t.Fatalf("%v: %v", tc.enc, err)
		}
		if enc != tc.enc || len(got.MainMoves()) != len(want.MainMoves()) || len(got.MainMoves()) == 0 {
			t.Errorf("%v with a bad byte: read as %v, %d moves, want %d", tc.enc, enc, len(got.MainMoves()), len(want.MainMoves()))
		}
		if len(got.Warnings) == 0 || got.Warnings[0].Line != 3 || !strings.Contains(got.Warnings[0].Msg, "U+FFFD") {
			t.Errorf("%v with a bad byte: warnings %v, want one for line 3", tc.enc, got.Warnings)
		}
	}
}
