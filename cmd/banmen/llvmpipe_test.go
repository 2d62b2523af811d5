package main

import "testing"

func TestTuneLLVMpipeKeepsTheUsersSettings(t *testing.T) {
	env := map[string]string{"LP_NATIVE_VECTOR_WIDTH": "256"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	set := func(k, v string) error { env[k] = v; return nil }
	tuneLLVMpipe(lookup, set)
	if got := env["GALLIVM_PERF"]; got != "nopt" {
		t.Errorf("GALLIVM_PERF = %q after tuneLLVMpipe, want nopt (it was unset)", got)
	}
	if got := env["LP_NATIVE_VECTOR_WIDTH"]; got != "256" {
		t.Errorf("LP_NATIVE_VECTOR_WIDTH = %q after tuneLLVMpipe, want the user's 256", got)
	}
	// set, even to nothing, is the user's choice
	env = map[string]string{"GALLIVM_PERF": ""}
	tuneLLVMpipe(lookup, set)
	if got := env["GALLIVM_PERF"]; got != "" {
		t.Errorf("GALLIVM_PERF = %q after tuneLLVMpipe, want the user's empty value", got)
	}
	if got := env["LP_NATIVE_VECTOR_WIDTH"]; got != "128" {
		t.Errorf("LP_NATIVE_VECTOR_WIDTH = %q after tuneLLVMpipe, want 128 (it was unset)", got)
	}
}
