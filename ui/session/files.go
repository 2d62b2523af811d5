package session

import (
	"errors"
	"fmt"

	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// Open reads path and shows its record. When the file cannot be read, the session is left as
// it was and the error says why.
func (s *Session) Open(path string) error {
	rec, f, enc, err := recordfile.ReadFile(path)
	if err != nil {
		return err
	}
	s.Load(rec, path, f, enc)
	return nil
}

// Paste reads text as recordfile.ParseText does and shows it as a new record with no file. When text is
// neither a record nor a position, the session is left as it was.
func (s *Session) Paste(text string) error {
	rec, f, err := recordfile.ParseText(text)
	if err != nil {
		return err
	}
	s.Load(rec, "", f, kifu.UTF8)
	return nil
}

// Encode returns the bytes of the record in format f and encoding enc, with the line ends
// usual for enc (kifu.DefaultNewline). A character that Shift_JIS cannot hold is an error
// naming its line.
func (s *Session) Encode(f kifu.Format, enc kifu.Encoding) ([]byte, error) {
	return s.encode(f, enc, "")
}

// EncodeFor returns the bytes of the record as it is written to path in format f and encoding
// enc, and the line end it used: back to the session's own file in its format and encoding
// (Save), the lines end as that file's did when it was read or last written (a KIF read with
// LF stays LF); anywhere else, as usual for enc. Give the line end to MarkWrittenAt.
func (s *Session) EncodeFor(path string, f kifu.Format, enc kifu.Encoding) ([]byte, string, error) {
	nl := kifu.DefaultNewline(enc)
	if path == s.path && f == s.format && enc == s.enc && s.rec.Newline != "" {
		nl = s.rec.Newline
	}
	data, err := s.encode(f, enc, nl)
	return data, nl, err
}

// encode is Encode with line ends nl ("": those usual for enc).
func (s *Session) encode(f kifu.Format, enc kifu.Encoding, nl string) ([]byte, error) {
	return recordfile.Encode(s.rec, f, enc, nl)
}

// SaveAs writes the record to path in format f and encoding enc, atomically (the old file
// stays whole until the new one is complete), and makes path the session's file. Its lines
// end as usual for enc (CRLF for Shift_JIS, LF for the others). On an error nothing is written
// and the error names the file.
func (s *Session) SaveAs(path string, f kifu.Format, enc kifu.Encoding) error {
	return s.saveAs(path, f, enc, "")
}

// saveAs is SaveAs with line ends nl ("": those usual for enc); the record remembers the
// line ends written, for Save.
func (s *Session) saveAs(path string, f kifu.Format, enc kifu.Encoding, nl string) error {
	if nl == "" {
		nl = kifu.DefaultNewline(enc)
	}
	data, err := s.encode(f, enc, nl)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := atomicfile.Write(path, data, 0o644); err != nil {
		return err
	}
	s.rec.Newline = nl
	s.MarkSaved(path, f, enc)
	return nil
}

// Save writes the record back to its file in its format and encoding, its lines ending as
// the file's did when it was read (a KIF with LF stays LF) or last saved.
func (s *Session) Save() error {
	if s.path == "" {
		return errors.New("session: the record has no file yet: use SaveAs")
	}
	return s.saveAs(s.path, s.format, s.enc, s.rec.Newline)
}
