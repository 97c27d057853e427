//go:build unix

package elision

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
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

// A ledger that is a FIFO is refused before it is opened: recording,
// reading and pruning return at once instead of waiting for a writer.
func TestFIFOLedger(t *testing.T) {
	s := newStore(t)
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(s.Dir, ledgerName), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := s.Record(Record{Via: "clip"}); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Record into a FIFO: %v, want ErrUnsafe", err)
	}
	if _, err := s.Records(); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Records of a FIFO: %v, want ErrUnsafe", err)
	}
	if _, err := s.Prune(time.Now(), 0, 0); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Prune with a FIFO ledger: %v, want ErrUnsafe", err)
	}
}

// The files at the store's top are changed in place: the ledger is
// appended to, the prune mark's time is set. Planted as hard links to a
// file elsewhere (a tarball can carry them; git cannot), they would let
// headroom append to or touch that file. They are refused, like links.
func TestHardLinkedTopFiles(t *testing.T) {
	for _, name := range []string{ledgerName, pruneStamp, ignoreFile} {
		t.Run(name, func(t *testing.T) {
			_, outside := victim(t)
			before, err := os.Stat(outside)
			if err != nil {
				t.Fatal(err)
			}
			s := newStore(t)
			if err := s.Init(); err != nil {
				t.Fatal(err)
			}
			os.Remove(filepath.Join(s.Dir, name))
			if err := os.Link(outside, filepath.Join(s.Dir, name)); err != nil {
				t.Skip("no hard links here:", err)
			}
			if err := s.Record(Record{Via: "clip"}); !errors.Is(err, ErrUnsafe) {
				t.Errorf("Record: %v, want ErrUnsafe", err)
			}
			if s.PruneDue(time.Now()) {
				t.Error("PruneDue marked a prune through a hard link")
			}
			if _, err := s.Put([]byte("an original\n"), Meta{}); !errors.Is(err, ErrUnsafe) {
				t.Errorf("Put: %v, want ErrUnsafe", err)
			}
			if _, err := s.Prune(time.Now(), 0, 0); !errors.Is(err, ErrUnsafe) {
				t.Errorf("Prune: %v, want ErrUnsafe", err)
			}
			if err := s.Check(); !errors.Is(err, ErrUnsafe) {
				t.Errorf("Check: %v, want ErrUnsafe", err)
			}
			intact(t, outside)
			after, err := os.Stat(outside)
			if err != nil {
				t.Fatal(err)
			}
			if !after.ModTime().Equal(before.ModTime()) {
				t.Errorf("the linked file's time changed: %v, was %v", after.ModTime(), before.ModTime())
			}
		})
	}
}
