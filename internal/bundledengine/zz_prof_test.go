package bundledengine

import (
	"io"
	"os"
	"strconv"
	"testing"
)

func TestZZProf(t *testing.T) {
	d, _ := strconv.Atoi(os.Getenv("PROFDEPTH"))
	if d == 0 {
		t.Skip()
	}
	res, err := Bench(io.Discard, d)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("nodes %d cpu %v nps/cpu %d", res.Nodes, res.CPU, nps(res.Nodes, res.CPU))
}
