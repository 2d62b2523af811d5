package usiclient

import (
	"bufio"
	"io"
	"testing"
)

func TestSendRawWritesTheLineAsItIs(t *testing.T) {
	engineIn, toEngine := io.Pipe()
	fromEngine, engineOut := io.Pipe()
	s := NewSession(fromEngine, toEngine, Config{Name: "raw"})
	defer func() { engineOut.Close(); s.Close() }()
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(engineIn).ReadString('\n')
		got <- line
	}()
	if err := s.SendRaw("setoption  name X value a b"); err != nil {
		t.Fatal(err)
	}
	if line := <-got; line != "setoption  name X value a b\n" {
		t.Errorf("the engine read %q", line)
	}
	log := s.Log()
	if len(log) != 1 || log[0].Dir != Sent || log[0].Text != "setoption  name X value a b" {
		t.Errorf("log %v", log)
	}
	for _, bad := range []string{"a\nb", "a\rb", "", "  "} {
		if err := s.SendRaw(bad); err == nil {
			t.Errorf("SendRaw(%q) accepted", bad)
		}
	}
}
