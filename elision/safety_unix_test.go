//go:build unix

package elision

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// L10: an entry that is a FIFO, a device or a link is refused, not read
// (reading a FIFO waits for ever).
func TestOpenRefusesOddFiles(t *testing.T) {
	s := newStore(t)
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	h := sum([]byte("never written"))
	p := s.ObjectPath(h)
	os.MkdirAll(filepath.Dir(p), 0o700)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	e, err := s.Find(h[:8])
	if err == nil {
		_, err = s.Open(e)
	}
	if !errors.Is(err, ErrUnsafe) {
		t.Errorf("expand of a FIFO: %v, want ErrUnsafe", err)
	}
	os.Remove(p)
	if err := os.Symlink("/dev/zero", p); err != nil {
		t.Fatal(err)
	}
	e, err = s.Find(h[:8])
	if err == nil {
		_, err = s.Open(e)
	}
	if !errors.Is(err, ErrUnsafe) {
		t.Errorf("expand of a link to /dev/zero: %v, want ErrUnsafe", err)
	}
}
