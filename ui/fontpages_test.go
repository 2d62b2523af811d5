package ui

import (
	"bytes"
	"testing"
)

func TestInnerPagesKeepsOnlyWholePages(t *testing.T) {
	b := make([]byte, 10000)
	for _, c := range []struct {
		addr        uintptr
		from, to    int // the part of b expected
		description string
	}{
		{4096, 0, 8192, "aligned start: the last partial page is left out"},
		{4000, 96, 96 + 8192, "the first partial page is left out"},
		{4095, 1, 1 + 8192, "one byte before a boundary"},
	} {
		got := innerPages(b, c.addr, 4096)
		if len(got) != c.to-c.from || len(got) > 0 && &got[0] != &b[c.from] {
			t.Errorf("%s: got %d bytes, want b[%d:%d]", c.description, len(got), c.from, c.to)
		}
	}
	if got := innerPages(b[:9000], 100, 4096); len(got) != 4096 || &got[0] != &b[3996] {
		t.Errorf("9000 bytes at 100: got %d bytes, want the page at 4096", len(got))
	}
	if got := innerPages(b[:4000], 100, 4096); got != nil {
		t.Errorf("no whole page in 4000 bytes at 100, got %d bytes", len(got))
	}
	if got := innerPages(nil, 4096, 4096); got != nil {
		t.Errorf("an empty slice gave %d bytes", len(got))
	}
	if !bytes.Equal(b, make([]byte, 10000)) {
		t.Error("innerPages wrote to its slice")
	}
}
