package kifu

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// A compressed record (or any binary file) is refused by Read itself, so that banmen-cli and
// the window alike say so rather than "read" it as an empty record with warnings.
func TestReadRefusesBinaryData(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("手合割：平手\n▲７六歩\n"), 200))
	zw.Close()
	for name, data := range map[string][]byte{
		"game.kif.gz": gz.Bytes(),
		"game.kif":    gz.Bytes(), // the extension names a format: the bytes still decide
		"nul.csa":     []byte("V2.2\nPI\n+\x00\x00\x00\n"),
	} {
		rec, _, err := Read(data, name)
		if !IsBinary(err) || rec != nil {
			t.Errorf("%s: Read = %v, %v; want the binary-data error", name, rec, err)
		}
	}
	if _, _, err := Read([]byte("V2.2\nPI\n+\n+7776FU\n"), "ok.csa"); err != nil {
		t.Errorf("a plain CSA record: %v", err)
	}
}
