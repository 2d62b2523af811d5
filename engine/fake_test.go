package engine

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"time"
)

// The fake engine: the test binary run again with fakeEngineEnv naming a behaviour.
// It writes every line it receives to the file named by fakeLogEnv, if set.
const (
	fakeEngineEnv = "BANMEN_ENGINE_TEST_FAKE_ENGINE"
	fakeLogEnv    = "BANMEN_ENGINE_TEST_FAKE_LOG"
)

func init() {
	if b := os.Getenv(fakeEngineEnv); b != "" {
		os.Exit(runFakeEngine(b))
	}
}

func runFakeEngine(behaviour string) int {
	var log *os.File
	if p := os.Getenv(fakeLogEnv); p != "" {
		log, _ = os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if log != nil {
			fmt.Fprintln(log, line)
		}
		cmd, _, _ := strings.Cut(line, " ")
		switch cmd {
		case "usi":
			if behaviour == "nousiok" {
				say("I speak xboard")
				continue
			}
			say("id name Fake Engine")
			say("id author Banmen tests")
			say("option name Style type combo default a var a var b")
			say("option name Skill type spin default 10 min 0 max 20")
			say("option name Clear Hash type button")
			if behaviour == "ponder-name" {
				say("option name Ponder type check default false")
				say("option name Hash type spin default 16 min 1 max 1024")
			}
			say("usiok")
		case "isready":
			say("readyok")
		case "go":
			if behaviour == "crash-on-go" {
				fmt.Fprintln(os.Stderr, "fake engine: segmentation fault (pretend)")
				return 3
			}
			say("info depth 1 score cp 10 pv 7g7f")
			say("bestmove 7g7f")
		case "quit":
			if behaviour == "ignore-quit" {
				continue
			}
			return 0
		}
	}
	if behaviour == "ignore-quit" {
		time.Sleep(time.Hour)
	}
	return 0
}

// fakeDefinition runs this test binary as a fake engine with the given behaviour.
func fakeDefinition(behaviour, logPath string) Definition {
	return Definition{
		Name: "Fake " + behaviour,
		Path: os.Args[0],
		Env:  []string{fakeEngineEnv + "=" + behaviour, fakeLogEnv + "=" + logPath},
	}
}
