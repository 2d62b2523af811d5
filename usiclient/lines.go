package usiclient

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// Encoding says how to turn an engine's bytes into text.
type Encoding uint8

// The encodings engines use.
const (
	// EncodingAuto decodes a line as UTF-8 when it is valid UTF-8, else as
	// Shift_JIS (engines written for Windows GUIs print Shift_JIS).
	EncodingAuto Encoding = iota
	// EncodingUTF8 always decodes UTF-8; invalid bytes become U+FFFD.
	EncodingUTF8
	// EncodingShiftJIS always decodes Shift_JIS (CP932).
	EncodingShiftJIS
)

func (e Encoding) String() string {
	switch e {
	case EncodingUTF8:
		return "utf-8"
	case EncodingShiftJIS:
		return "shift_jis"
	}
	return "auto"
}

// DefaultMaxLineBytes is the longest line a Session reads whole. A longer line is
// cut there and the rest of it is thrown away, so a runaway engine can't make the
// reader hold megabytes. The longest real line seen (Fairy-Stockfish's UCI_Variant
// combo, ~90 vars) is about 1 KB.
const DefaultMaxLineBytes = 64 << 10

// lineReader splits a byte stream into lines ending in LF, CRLF or CR, with a cap
// on the length it keeps. It allocates only while a line spans two reads.
type lineReader struct {
	r      io.Reader
	buf    []byte
	r0, r1 int    // unread bytes are buf[r0:r1]
	acc    []byte // a line that spans reads
	max    int
	skipLF bool  // the last line ended in CR: a following LF belongs to it
	err    error // the read error to report once buffered lines are gone
	// reads, if set, counts the reads from r as they return: a line returned by
	// next came in the read the count then says (or, at the end, an earlier one).
	reads *atomic.Uint64
}

func newLineReader(r io.Reader, limit int) *lineReader {
	if limit <= 0 {
		limit = DefaultMaxLineBytes
	}
	return &lineReader{r: r, buf: make([]byte, min(64<<10, max(limit, 4096))), max: limit}
}

// next returns the next line without its ending, and the line's full length in
// bytes (more than len(line) when the line was cut at the cap). The slice is valid
// until the next call. At the end of the stream it returns the last unterminated
// line, then the read error (io.EOF on a clean end).
func (lr *lineReader) next() ([]byte, int, error) {
	lr.acc = lr.acc[:0]
	total := 0
	for {
		if lr.r0 == lr.r1 {
			if lr.err != nil {
				if total > 0 {
					return lr.acc, total, nil
				}
				return nil, 0, lr.err
			}
			n, err := lr.r.Read(lr.buf)
			if lr.reads != nil {
				lr.reads.Add(1)
			}
			lr.r0, lr.r1 = 0, n
			lr.err = err
			continue
		}
		data := lr.buf[lr.r0:lr.r1]
		if lr.skipLF {
			lr.skipLF = false
			if data[0] == '\n' {
				lr.r0++
				continue
			}
		}
		end := bytes.IndexByte(data, '\n')
		lim := end
		if lim < 0 {
			lim = len(data)
		}
		if cr := bytes.IndexByte(data[:lim], '\r'); cr >= 0 {
			end = cr
		}
		if end < 0 {
			lr.keep(data, &total)
			lr.r0 = lr.r1
			continue
		}
		seg := data[:end]
		lr.skipLF = data[end] == '\r'
		lr.r0 += end + 1
		if total == 0 && len(seg) <= lr.max {
			return seg, len(seg), nil // the whole line is in the buffer: no copy
		}
		lr.keep(seg, &total)
		return lr.acc, total, nil
	}
}

// keep appends what fits under the cap to the current line.
func (lr *lineReader) keep(seg []byte, total *int) {
	*total += len(seg)
	if room := lr.max - len(lr.acc); room > 0 {
		if len(seg) > room {
			seg = seg[:room]
		}
		lr.acc = append(lr.acc, seg...)
	}
}

// Decoder turns an engine's lines into text exactly as a Session decodes the
// engine's stdout: by the Encoding configured for the engine, and with
// EncodingAuto each line as UTF-8 when it is valid UTF-8, else as Shift_JIS.
// engine/ applies it to the engine's stderr, so both streams read alike.
// A Decoder is for one goroutine at a time; it allocates only for Shift_JIS.
type Decoder struct {
	enc     Encoding
	sjis    *encoding.Decoder // made at the first Shift_JIS line
	sawSJIS bool              // a line was not UTF-8 and was read as Shift_JIS
}

// NewDecoder returns a Decoder for an engine configured with enc.
func NewDecoder(enc Encoding) *Decoder { return &Decoder{enc: enc} }

// Decode returns the text of one line (without its line ending). Invalid bytes
// become U+FFFD, never an error.
func (d *Decoder) Decode(line []byte) string {
	switch d.enc {
	case EncodingUTF8:
		if utf8.Valid(line) {
			return string(line)
		}
		return strings.ToValidUTF8(string(line), "\uFFFD")
	case EncodingShiftJIS:
		if isASCII(line) {
			return string(line)
		}
		return d.shiftJIS(line)
	}
	if utf8.Valid(line) {
		return string(line)
	}
	d.sawSJIS = true
	return d.shiftJIS(line)
}

// SawShiftJIS reports whether, with EncodingAuto, a line was read as Shift_JIS
// because it was not UTF-8.
func (d *Decoder) SawShiftJIS() bool { return d.sawSJIS }

func (d *Decoder) shiftJIS(b []byte) string {
	if d.sjis == nil {
		d.sjis = japanese.ShiftJIS.NewDecoder()
	}
	out, err := d.sjis.Bytes(b)
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return strings.ToValidUTF8(string(out), "\uFFFD")
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// DecodeLine decodes one line of engine output as a Session would. For a stream
// of lines, keep one Decoder instead.
func DecodeLine(b []byte, enc Encoding) string { return NewDecoder(enc).Decode(b) }

// encodeShiftJIS encodes a command for an engine that speaks Shift_JIS. Text that
// Shift_JIS can't hold is sent as UTF-8.
func encodeShiftJIS(b []byte) []byte {
	if isASCII(b) {
		return b
	}
	out, err := japanese.ShiftJIS.NewEncoder().Bytes(b)
	if err != nil {
		return b
	}
	return out
}
