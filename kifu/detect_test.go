package kifu

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every test file is recognised from its content alone (KIF and KI2 share a reader).
func TestDetectRealFiles(t *testing.T) {
	files := testdataFiles()
	for _, f := range files {
		if strings.HasSuffix(f, ".md") {
			continue
		}
		data, _ := os.ReadFile(f)
		text, _ := Decode(data)
		want, _ := ParseFormat(filepath.Base(filepath.Dir(f)))
		if want == KI2 {
			want = KIF
		}
		if got := Detect(text); got != want {
			t.Errorf("%s: %v, want %v", f, got, want)
		}
	}
}

func TestDetectPastedText(t *testing.T) {
	tests := []struct {
		text string
		want Format
	}{
		{"position startpos moves 7g7f", USI},
		{"  sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n", USI},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", USI},
		{"7g7f 3c3d", USI},
		{"▲７六歩△３四歩", KIF},
		{"1 ７六歩(77)\n2 ３四歩(33)\n", KIF},
		{"先手：羽生\n後手：森内\n", KIF},
		{"+7776FU\n-3334FU\n", CSA},
		{"PI\n+\n", CSA},
		{`{"header":{},"moves":[{}]}`, JKF},
		{"hello", UnknownFormat},
		{"", UnknownFormat},
	}
	for _, tt := range tests {
		if got := Detect(tt.text); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	r, err := ReadAny("▲７六歩△３四歩▲２二角成\n")
	if err != nil || FormatUSI(r) != "position startpos moves 7g7f 3c3d 8h2b+" {
		t.Errorf("ReadAny: %v %v", r, err)
	}
	if _, err := ReadAny("hello"); err == nil || !strings.Contains(err.Error(), "not a record") {
		t.Errorf("ReadAny(hello): %v", err)
	}
}

func TestParseFormat(t *testing.T) {
	for name, want := range map[string]Format{"kif": KIF, ".KIFU": KIF, "ki2": KI2, "ki2u": KI2, "csa": CSA, "jkf": JKF, "json": JKF, "usi": USI, "sfen": USI} {
		if got, err := ParseFormat(name); err != nil || got != want {
			t.Errorf("%s: %v %v", name, got, err)
		}
	}
	if _, err := ParseFormat("pgn"); err == nil {
		t.Error("pgn is not a format")
	}
}

func TestReadFileNamesTheFile(t *testing.T) {
	_, err := ReadFile("testdata/kif/kifu-for-js__fork-test.kif")
	if err == nil || !strings.HasPrefix(err.Error(), "kifu: testdata/kif/kifu-for-js__fork-test.kif: line 18: illegal move") {
		t.Errorf("error %v", err)
	}
	if _, err := ReadFile("testdata/nothing.kif"); err == nil || !strings.Contains(err.Error(), "nothing.kif") {
		t.Errorf("missing file: %v", err)
	}
}

func TestWriteEncodingsAndNewlines(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	tests := []struct {
		o      WriteOptions
		crlf   bool
		encOut Encoding
	}{
		{WriteOptions{}, false, UTF8},
		{WriteOptions{Encoding: ShiftJIS}, true, ShiftJIS},
		{WriteOptions{Encoding: UTF8, Newline: "\r\n"}, true, UTF8},
		{WriteOptions{Encoding: ShiftJIS, Newline: "\n"}, false, ShiftJIS},
	}
	for _, tt := range tests {
		for _, f := range []Format{KIF, KI2, CSA, JKF, USI} {
			var buf bytes.Buffer
			if err := Write(&buf, r, f, tt.o); err != nil {
				t.Fatal(err)
			}
			_, enc := Decode(buf.Bytes())
			if f != USI && enc != tt.encOut {
				t.Errorf("%v %+v: written as %v", f, tt.o, enc)
			}
			if f != JKF && bytes.Contains(buf.Bytes(), []byte("\r\n")) != tt.crlf {
				t.Errorf("%v %+v: CRLF %v", f, tt.o, !tt.crlf)
			}
			back, _, err := Read(buf.Bytes(), "x")
			if err != nil || FormatUSI(back) != FormatUSI(r) {
				t.Errorf("%v %+v: read back %v", f, tt.o, err)
			}
		}
	}
	for enc, line := range map[Encoding]string{UTF8: "#KIF version=2.0 encoding=UTF-8\n", ShiftJIS: "#KIF version=2.0 encoding=Shift_JIS\n"} {
		for _, f := range []Format{KIF, KI2} {
			if text, _ := FormatRecord(r, f, WriteOptions{Encoding: enc}); !strings.HasPrefix(text, line) {
				t.Errorf("%v in %v does not start with %q", f, enc, line)
			}
		}
	}
	if _, err := FormatRecord(r, UnknownFormat, WriteOptions{}); err == nil {
		t.Error("writing an unknown format should fail")
	}
}
