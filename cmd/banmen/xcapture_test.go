//go:build linux

package main

import (
	"encoding/binary"
	"fmt"
	"image"
	"io"
	"net"
	"strings"
	"time"
)

// xConn is the least of an X11 client that the first-frame test needs to read a window's
// pixels: a connection to the local server and the GetGeometry and GetImage requests. It
// takes a few milliseconds where a run of ImageMagick's import takes hundreds on a busy
// machine, so that the time of the first frame is exact to a few milliseconds and the polling
// takes little CPU from the program measured. It assumes what Xvfb -screen WxHx24 gives: a
// TrueColor visual with red in the high byte (0xff0000), 32 bits a pixel.
type xConn struct {
	c         net.Conn
	bigEndian bool // the server's image byte order
	bpp24     int  // bits per pixel of depth 24
	pad24     int  // scanline pad of depth 24, in bits
}

// dialX connects to display ":N" through its Unix socket, without authorisation (the test's
// Xvfb has none).
func dialX(display string) (*xConn, error) {
	n := strings.TrimPrefix(display, ":")
	if i := strings.IndexByte(n, '.'); i >= 0 {
		n = n[:i]
	}
	c, err := net.DialTimeout("unix", "/tmp/.X11-unix/X"+n, 5*time.Second)
	if err != nil {
		return nil, err
	}
	x := &xConn{c: c}
	if err := x.setup(); err != nil {
		c.Close()
		return nil, fmt.Errorf("X11 connection setup on %s: %v", display, err)
	}
	return x, nil
}

func (x *xConn) Close() error { return x.c.Close() }

func (x *xConn) setup() error {
	_ = x.c.SetDeadline(time.Now().Add(5 * time.Second))
	defer x.c.SetDeadline(time.Time{})
	// 'l': little-endian requests; protocol 11.0; no authorisation
	if _, err := x.c.Write([]byte{'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0}); err != nil {
		return err
	}
	head := make([]byte, 8)
	if _, err := io.ReadFull(x.c, head); err != nil {
		return err
	}
	rest := make([]byte, 4*int(binary.LittleEndian.Uint16(head[6:])))
	if _, err := io.ReadFull(x.c, rest); err != nil {
		return err
	}
	if head[0] != 1 {
		reason := rest
		if int(head[1]) <= len(reason) {
			reason = reason[:head[1]]
		}
		return fmt.Errorf("refused: %q", reason)
	}
	if len(rest) < 32 {
		return fmt.Errorf("setup reply of %d bytes", len(rest))
	}
	vendor := int(binary.LittleEndian.Uint16(rest[16:]))
	formats := int(rest[21])
	x.bigEndian = rest[22] == 1
	off := 32 + (vendor+3)/4*4
	for i := range formats {
		f := off + 8*i
		if f+8 > len(rest) {
			return fmt.Errorf("setup reply cut short in its pixmap formats")
		}
		if rest[f] == 24 {
			x.bpp24, x.pad24 = int(rest[f+1]), int(rest[f+2])
		}
	}
	if x.bpp24 != 32 {
		return fmt.Errorf("depth 24 has %d bits a pixel; this reader knows only 32", x.bpp24)
	}
	return nil
}

// reply sends a request and reads its reply: the 32 bytes of its head and what follows.
func (x *xConn) reply(req []byte) (head, data []byte, err error) {
	_ = x.c.SetDeadline(time.Now().Add(10 * time.Second))
	defer x.c.SetDeadline(time.Time{})
	if _, err := x.c.Write(req); err != nil {
		return nil, nil, err
	}
	head = make([]byte, 32)
	if _, err := io.ReadFull(x.c, head); err != nil {
		return nil, nil, err
	}
	switch head[0] {
	case 0:
		return nil, nil, fmt.Errorf("X11 error %d (request %d)", head[1], req[0])
	case 1:
	default:
		return nil, nil, fmt.Errorf("X11: an event (%d) where a reply was due", head[0])
	}
	data = make([]byte, 4*int(binary.LittleEndian.Uint32(head[4:])))
	if _, err := io.ReadFull(x.c, data); err != nil {
		return nil, nil, err
	}
	return head, data, nil
}

// capture reads the pixels of window win (an id as xdotool prints it), or an error while the
// server cannot give them (the window is not viewable yet).
func (x *xConn) capture(win uint32) (image.Image, error) {
	geo := make([]byte, 8)
	geo[0] = 14 // GetGeometry
	binary.LittleEndian.PutUint16(geo[2:], 2)
	binary.LittleEndian.PutUint32(geo[4:], win)
	head, _, err := x.reply(geo)
	if err != nil {
		return nil, fmt.Errorf("GetGeometry: %v", err)
	}
	if head[1] != 24 {
		return nil, fmt.Errorf("the window has depth %d; this reader knows only 24", head[1])
	}
	w, h := int(binary.LittleEndian.Uint16(head[16:])), int(binary.LittleEndian.Uint16(head[18:]))
	req := make([]byte, 20)
	req[0], req[1] = 73, 2 // GetImage, ZPixmap
	binary.LittleEndian.PutUint16(req[2:], 5)
	binary.LittleEndian.PutUint32(req[4:], win)
	binary.LittleEndian.PutUint16(req[12:], uint16(w))
	binary.LittleEndian.PutUint16(req[14:], uint16(h))
	binary.LittleEndian.PutUint32(req[16:], 0xffffffff)
	_, data, err := x.reply(req)
	if err != nil {
		return nil, fmt.Errorf("GetImage: %v", err)
	}
	stride := (w*x.bpp24 + x.pad24 - 1) / x.pad24 * x.pad24 / 8
	if len(data) < stride*h {
		return nil, fmt.Errorf("GetImage: %d bytes for %dx%d", len(data), w, h)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for i := range w {
			p := data[y*stride+4*i:]
			var v uint32
			if x.bigEndian {
				v = binary.BigEndian.Uint32(p)
			} else {
				v = binary.LittleEndian.Uint32(p)
			}
			o := img.PixOffset(i, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = uint8(v>>16), uint8(v>>8), uint8(v), 0xff
		}
	}
	return img, nil
}
