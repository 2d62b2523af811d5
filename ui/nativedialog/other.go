//go:build !linux

package nativedialog

import (
	"errors"

	"github.com/sqweek/dialog"
)

func chooseFile(r request) (string, error) {
	var path string
	var err error
	switch {
	case r.folder:
		path, err = dialog.Directory().Title(r.title).Browse()
	default:
		b := dialog.File().Title(r.title)
		if len(r.exts) > 0 {
			b = b.Filter(filterName(r.exts), r.exts...)
		}
		if r.startDir != "" {
			b = b.SetStartDir(r.startDir)
		}
		if r.startFile != "" {
			b = b.SetStartFile(r.startFile)
		}
		if r.save {
			path, err = b.Save()
		} else {
			path, err = b.Load()
		}
	}
	if errors.Is(err, dialog.ErrCancelled) {
		err = ErrCancelled
	}
	return path, err
}
