package main

import (
	"os"
	"testing"

	"banmen/internal/guard"
	"banmen/internal/testbin"
)

func TestMain(m *testing.M) {
	guard.Main() // the tests start engines: this test binary can be their guard, as banmen-cli is
	os.Exit(testbin.Run(m))
}
