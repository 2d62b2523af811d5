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
		{"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", UnknownFormat}, // /etc/passwd read as a KIF of headers
		{"key: value\nurl: http://example.com\n", UnknownFormat},
		{"# openings\n# none yet\n", UnknownFormat}, // remarks alone are not a KIF
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
		if text, _ := FormatRecord(r, KIF, WriteOptions{Encoding: enc}); !strings.HasPrefix(text, line) {
			t.Errorf("KIF in %v does not start with %q", enc, line)
		}
		// Kifu for JS's KI2 reader stops at a #KIF line: the extension says the encoding
		if text, _ := FormatRecord(r, KI2, WriteOptions{Encoding: enc}); strings.Contains(text, "#KIF") {
			t.Errorf("KI2 in %v has a #KIF line:\n%s", enc, text)
		}
	}
	if _, err := FormatRecord(r, UnknownFormat, WriteOptions{}); err == nil {
		t.Error("writing an unknown format should fail")
	}
}

// A CSA file whose header lines are mostly comments holding "：" (as banmen-cli convert
// --to csa writes KIF headers CSA has no keyword for) is CSA, by its extension and by
// its content, and the moves are read.
func TestDetectCSAWithKIFHeadersAsComments(t *testing.T) {
	head := "先手：a\n後手：b\n棋戦：x\n場所：y\n開始日時：2024/01/01\n"
	for i := 0; i < 12; i++ {
		head += "備考" + itoa(i+1) + "：z\n"
	}
	r, err := ParseKIF(head + "手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, r, CSA, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := Detect(buf.String()); got != CSA {
		t.Errorf("Detect = %v, want CSA:\n%s", got, buf.String())
	}
	for _, name := range []string{"game.csa", "game.txt", "game"} {
		back, _, err := Read(buf.Bytes(), name)
		if err != nil || len(back.MainMoves()) != 2 {
			t.Errorf("%s: %v moves, %v", name, back, err)
		}
	}
	// the extension names the format
	if _, _, err := Read([]byte("先手：a\n"), "game.csa"); err == nil {
		t.Error("a KIF header in a .csa file read without an error")
	}
}

func TestReadRecordsTheLineEnd(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		text := strings.ReplaceAll("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n", "\n", nl)
		r, _, err := Read([]byte(text), "x.kifu")
		if err != nil {
			t.Fatal(err)
		}
		if r.Newline != nl {
			t.Errorf("%q: Newline %q", nl, r.Newline)
		}
	}
}
