package elision

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func newStore(t *testing.T) *Store {
	t.Helper()
	return &Store{Dir: filepath.Join(t.TempDir(), "store")}
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func readEntry(t *testing.T, s *Store, prefix string) []byte {
	t.Helper()
	e, err := s.Find(prefix)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Open(e)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPutFindOpen(t *testing.T) {
	s := newStore(t)
	in := []byte("line one\nline two\nno newline")
	e, err := s.Put(in, Meta{Shape: "text"})
	if err != nil {
		t.Fatal(err)
	}
	if e.Hash != sum(in) {
		t.Fatalf("hash %s, want %s", e.Hash, sum(in))
	}
	for _, prefix := range []string{e.Hash, e.Hash[:12], e.Hash[:6], strings.ToUpper(e.Hash[:8])} {
		if got := readEntry(t, s, prefix); !bytes.Equal(got, in) {
			t.Errorf("expand %s = %q, want %q", prefix, got, in)
		}
	}
	m, err := s.Meta(e)
	if err != nil {
		t.Fatal(err)
	}
	if m.Size != int64(len(in)) || m.Lines != 3 || m.Shape != "text" {
		t.Errorf("meta = %+v, want size %d, 3 lines, shape text", m, len(in))
	}
	// Putting the same bytes again is success and the same entry.
	e2, err := s.Put(in, Meta{})
	if err != nil || e2 != e {
		t.Errorf("second Put = %v, %v; want %v", e2, err, e)
	}
}

func TestPermissionsAndGitignore(t *testing.T) {
	s := newStore(t)
	e, err := s.Put([]byte("secret token output\n"), Meta{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{s.Dir, filepath.Join(s.Dir, "objects"), filepath.Dir(e.Path), filepath.Join(s.Dir, "tmp")} {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != 0o700 {
			t.Errorf("%s: mode %o, want 700", d, got)
		}
	}
	for _, f := range []string{e.Path, e.Path + metaSuffix, filepath.Join(s.Dir, ".gitignore")} {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != 0o600 {
			t.Errorf("%s: mode %o, want 600", f, got)
		}
	}
	b, err := os.ReadFile(filepath.Join(s.Dir, ".gitignore"))
	if err != nil || string(b) != "*\n" {
		t.Errorf(".gitignore = %q, %v; want \"*\\n\"", b, err)
	}
}

func TestFindErrors(t *testing.T) {
	s := newStore(t)
	// Two objects whose names share a prefix: written by hand, since real
	// hashes that collide in six digits are hard to come by.
	dir := filepath.Join(s.Dir, "objects", "ab")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, rest := range []string{strings.Repeat("c", 62), "cd" + strings.Repeat("e", 60)} {
		if err := os.WriteFile(filepath.Join(dir, rest), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		prefix string
		want   error
	}{
		{"abcccc", nil},
		{"abc", ErrMalformed},
		{"../../etc/passwd", ErrMalformed},
		{"/abs/path", ErrMalformed},
		{"", ErrMalformed},
		{"abcxyz", ErrMalformed},
		{strings.Repeat("a", 65), ErrMalformed},
		{"abcd", ErrMalformed},
		{"abcdee", nil},
		{"012345", ErrNotFound},
	}
	for _, tt := range tests {
		_, err := s.Find(tt.prefix)
		if !errors.Is(err, tt.want) && !(tt.want == nil && err == nil) {
			t.Errorf("Find(%q) = %v, want %v", tt.prefix, err, tt.want)
		}
	}
	// A third object sharing six digits with the first makes them ambiguous.
	if err := os.WriteFile(filepath.Join(dir, "cccc"+strings.Repeat("0", 58)), []byte("y"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Find("abcccc"); !errors.Is(err, ErrAmbiguous) {
		t.Errorf("Find(abcccc) = %v, want ambiguous", err)
	}
}

func TestOpenCorrupt(t *testing.T) {
	s := newStore(t)
	in := bytes.Repeat([]byte("original line\n"), 100)
	e, err := s.Put(in, Meta{})
	if err != nil {
		t.Fatal(err)
	}
	for name, corrupt := range map[string][]byte{
		"truncated": in[:len(in)/2],
		"changed":   append([]byte("X"), in[1:]...),
		"empty":     nil,
	} {
		if err := os.WriteFile(e.Path, corrupt, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Open(e); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s entry: Open = %v, want ErrCorrupt", name, err)
		}
	}
}

// Many clips into one store at once, of the same and of different outputs:
// every entry whole, no temporary file left.
func TestConcurrentPut(t *testing.T) {
	s := newStore(t)
	const n = 64
	inputs := make([][]byte, n)
	for i := range inputs {
		if i%2 == 0 {
			inputs[i] = bytes.Repeat([]byte("the same output for everyone\n"), 5000)
		} else {
			inputs[i] = bytes.Repeat([]byte(fmt.Sprintf("output of clip %d\n", i)), 5000)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { _, errs[i] = s.Put(inputs[i], Meta{}) })
	}
	wg.Wait()
	for i, in := range inputs {
		if errs[i] != nil {
			t.Fatalf("put %d: %v", i, errs[i])
		}
		if got := readEntry(t, s, sum(in)); !bytes.Equal(got, in) {
			t.Fatalf("entry %d differs from its input", i)
		}
	}
	temps, _ := os.ReadDir(filepath.Join(s.Dir, "tmp"))
	if len(temps) != 0 {
		t.Errorf("%d temporary files left behind", len(temps))
	}
}

func TestPrune(t *testing.T) {
	s := newStore(t)
	now := time.Now()
	age := func(e Entry, d time.Duration) {
		if err := os.Chtimes(e.Path, now.Add(-d), now.Add(-d)); err != nil {
			t.Fatal(err)
		}
	}
	put := func(b string) Entry {
		e, err := s.Put([]byte(b), Meta{})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	old := put("used eight days ago\n")
	age(old, 8*24*time.Hour)
	mid := put("used two days ago, bigger than the others\n")
	age(mid, 2*24*time.Hour)
	fresh := put("used now\n")
	// A spool left by a clip that was killed, and one still being written.
	stale, _ := os.Create(filepath.Join(s.Dir, "tmp", "spool-dead"))
	stale.Close()
	os.Chtimes(stale.Name(), now.Add(-2*time.Hour), now.Add(-2*time.Hour))
	live, _ := os.Create(filepath.Join(s.Dir, "tmp", "spool-live"))
	live.Close()

	st, err := s.Prune(now, DefaultMaxAge, DefaultMaxSize)
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != 1 || st.Kept != 2 || st.Temps != 1 {
		t.Errorf("by age: %+v, want 1 removed, 2 kept, 1 temp", st)
	}
	if _, err := s.Find(old.Hash); !errors.Is(err, ErrNotFound) {
		t.Errorf("old entry still there: %v", err)
	}
	if _, err := os.Stat(old.Path + metaSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("old entry's metadata still there")
	}
	if _, err := os.Stat(live.Name()); err != nil {
		t.Errorf("a live spool was removed: %v", err)
	}

	// Over the size cap, the least recently used go first.
	st, err = s.Prune(now, DefaultMaxAge, int64(len("used now\n")))
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != 1 || st.Kept != 1 {
		t.Errorf("by size: %+v, want 1 removed, 1 kept", st)
	}
	if _, err := s.Find(fresh.Hash); err != nil {
		t.Errorf("the most recently used entry was removed: %v", err)
	}
	if _, err := s.Find(mid.Hash); !errors.Is(err, ErrNotFound) {
		t.Errorf("the older entry survived the size cap: %v", err)
	}
}

// Expanding an entry renews it, so what agents still read is not pruned.
func TestOpenRenews(t *testing.T) {
	s := newStore(t)
	e, err := s.Put([]byte("read again later\n"), Meta{})
	if err != nil {
		t.Fatal(err)
	}
	long := time.Now().Add(-6 * 24 * time.Hour)
	os.Chtimes(e.Path, long, long)
	f, err := s.Open(e)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	st, err := s.Prune(time.Now().Add(2*24*time.Hour), DefaultMaxAge, DefaultMaxSize)
	if err != nil || st.Removed != 0 {
		t.Errorf("prune after open: %+v, %v; want nothing removed", st, err)
	}
}

func TestPruneDue(t *testing.T) {
	s := newStore(t)
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if !s.PruneDue(now) {
		t.Fatal("first PruneDue = false, want true")
	}
	if s.PruneDue(now.Add(30 * time.Minute)) {
		t.Error("PruneDue half an hour later = true, want false")
	}
	if !s.PruneDue(now.Add(61 * time.Minute)) {
		t.Error("PruneDue an hour later = false, want true")
	}
}

func TestResolve(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	deep := filepath.Join(repo, "a", "b")
	for _, d := range []string{filepath.Join(repo, ".git"), deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got := Resolve("", deep).Primary.Dir; got != filepath.Join(repo, DirName) {
		t.Errorf("in a work tree: %s, want the root's", got)
	}
	if err := os.Mkdir(filepath.Join(repo, "a", DirName), 0o700); err != nil {
		t.Fatal(err)
	}
	if got := Resolve("", deep).Primary.Dir; got != filepath.Join(repo, "a", DirName) {
		t.Errorf("below a .headroom: %s, want the nearest", got)
	}
	l := Resolve("/explicit", deep)
	if l.Primary.Dir != "/explicit" || len(l.Fallbacks) != 0 {
		t.Errorf("explicit: %+v, want it and no fallback", l)
	}
	if l := Resolve("", deep); !strings.HasPrefix(l.Fallbacks[len(l.Fallbacks)-1].Dir, os.TempDir()) {
		t.Errorf("last fallback %s is not under the temp dir", l.Fallbacks[len(l.Fallbacks)-1].Dir)
	}
}

// A primary store that cannot be written falls back to the temp store, and
// readers look there too.
func TestFallback(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o600)
	l := Location{Primary: Store{Dir: filepath.Join(blocker, DirName)}, Fallbacks: []Store{{Dir: filepath.Join(dir, "fallback")}}}
	s, err := l.Writable()
	if err != nil {
		t.Fatal(err)
	}
	if s.Dir != l.Fallbacks[0].Dir {
		t.Fatalf("wrote to %s, want the fallback", s.Dir)
	}
	e, err := s.Put([]byte("kept in the fallback\n"), Meta{})
	if err != nil {
		t.Fatal(err)
	}
	if _, got, err := l.Find(e.Hash[:8]); err != nil || got != e {
		t.Errorf("Find through the location = %v, %v", got, err)
	}
}

// Prune racing with readers never serves a partial entry: a reader gets the
// whole original or ErrNotFound.
func TestPruneRacingOpen(t *testing.T) {
	s := newStore(t)
	in := bytes.Repeat([]byte("an original that is pruned while it is read\n"), 20000)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			s.Put(in, Meta{})
			s.Prune(time.Now(), DefaultMaxAge, 0)
		}
	})
	served := 0
	for range 300 {
		e, err := s.Find(sum(in)[:8])
		if err != nil {
			if !errors.Is(err, ErrNotFound) {
				t.Fatal(err)
			}
			continue
		}
		f, err := s.Open(e)
		if err != nil {
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("open while pruning: %v", err)
			}
			continue
		}
		b, err := io.ReadAll(f)
		f.Close()
		if err != nil || !bytes.Equal(b, in) {
			t.Fatalf("served %d bytes of %d: %v", len(b), len(in), err)
		}
		served++
	}
	close(stop)
	wg.Wait()
	t.Logf("%d whole reads while pruning", served)
}
