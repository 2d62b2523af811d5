package main

// Mesa's software OpenGL (llvmpipe: what an X server without a GPU gives, Xvfb or a remote
// desktop) compiles, with LLVM, a variant of a shader the first time it draws with it in a
// new state: one for each of Fyne's programs, and again for a texture whose width or height
// is a power of two. At a first start, before Mesa's shader cache holds them, the window's
// first frame compiled eight variants on the main thread: 300 ms of its CPU, the largest
// part of the way from exec to the first frame after GLFW and the driver's start.
//
// Fyne's drawing (rectangles, text and images as textures) asks little of those shaders,
// and Mesa draws most of it on its linear path, which does not run them: llvmpipeDefaults
// asks LLVM for quick code rather than fast code (GALLIVM_PERF=nopt: no optimisation
// passes) on 128-bit vectors (LP_NATIVE_VECTOR_WIDTH=128: half the code of AVX's 256-bit).
// The first frame's compiling fell from about 300 to 155 ms of CPU, with no measurable
// change in the rasteriser's time when a record is stepped through. A variable the user has
// set is left alone; with a GPU's own driver they mean nothing. The engines Banmen starts
// inherit them (they draw nothing).
var llvmpipeDefaults = []struct{ name, value string }{
	{"GALLIVM_PERF", "nopt"},
	{"LP_NATIVE_VECTOR_WIDTH", "128"},
}

// tuneLLVMpipe sets llvmpipeDefaults where the environment lacks them. It must run before
// the OpenGL driver is loaded (preloadGL, the window) and before any other goroutine reads
// the environment from C.
func tuneLLVMpipe(lookup func(string) (string, bool), set func(string, string) error) {
	for _, v := range llvmpipeDefaults {
		if _, ok := lookup(v.name); !ok {
			_ = set(v.name, v.value) // only a speed-up: without it Mesa keeps its defaults
		}
	}
}
