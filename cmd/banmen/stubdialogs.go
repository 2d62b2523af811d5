//go:build banmen_stubdialogs

package main

import (
	"os"
	"strings"
	"sync"

	"banmen/ui/nativedialog"
)

// Built with the tag banmen_stubdialogs (only the Xvfb tests do), banmen's "open" dialogs
// answer without showing anything: each takes the next path of BANMEN_STUB_OPEN (paths
// separated by the OS's list separator, ':'); when they run out, it is a cancel. The other
// dialogs are the native ones.
func init() {
	fileDialogs = &stubDialogs{paths: strings.Split(os.Getenv("BANMEN_STUB_OPEN"), string(os.PathListSeparator))}
}

type stubDialogs struct {
	nativedialog.Dialogs
	mu    sync.Mutex
	paths []string
}

func (s *stubDialogs) next() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.paths) > 0 {
		p := s.paths[0]
		s.paths = s.paths[1:]
		if p != "" {
			return p
		}
	}
	return ""
}

func (s *stubDialogs) OpenFile(string, []string) (string, error) { return s.next(), nil }

func (s *stubDialogs) OpenFolder(string) (string, error) { return s.next(), nil }
