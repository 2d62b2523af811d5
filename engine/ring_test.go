package engine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestRing(t *testing.T) {
	r := NewRing(3, 10)
	fmt.Fprint(r, "one\ntwo\r\nthree\rfour\n")
	fmt.Fprint(r, "fi")
	fmt.Fprint(r, "ve")
	if got, want := r.Lines(), []string{"two", "three", "four", "five"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Lines = %q, want %q", got, want)
	}
	fmt.Fprint(r, "\n"+strings.Repeat("x", 1000)+"\n")
	if got := r.Lines(); got[len(got)-1] != strings.Repeat("x", 10) || len(got) != 3 {
		t.Errorf("long line kept as %q", got)
	}
	if r.Tail(1) != strings.Repeat("x", 10) {
		t.Errorf("Tail(1) = %q", r.Tail(1))
	}
}

func TestRingBoundedUnderFlood(t *testing.T) {
	r := NewRing(100, 200)
	line := []byte(strings.Repeat("y", 150) + "\n")
	for i := 0; i < 100000; i++ {
		r.Write(line)
	}
	if n := len(r.Lines()); n != 100 {
		t.Errorf("%d lines kept", n)
	}
}
