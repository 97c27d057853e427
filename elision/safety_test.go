package elision

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The tests in this file reproduce the findings of the store review
// (C1, H1, M6, L10, L11, L12): paths headroom did not create are treated
// as hostile.

// victim makes a directory outside the store holding a file last changed
// two hours ago, which a prune that follows links would delete.
func victim(t *testing.T) (dir, file string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(dir, ".gitconfig")
	if err := os.WriteFile(file, []byte("[user]\n\tname = victim\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(file, old, old); err != nil {
		t.Fatal(err)
	}
	return dir, file
}

func intact(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%s outside the store: %v", file, err)
	}
	if string(b) != "[user]\n\tname = victim\n" {
		t.Fatalf("%s outside the store was changed to %q", file, b)
	}
}

// committed makes a store as a cloned repository may bring it: a real
// directory with links in it.
func committed(t *testing.T, links map[string]string) *Store {
	t.Helper()
	s := newStore(t)
	for _, d := range []string{s.Dir, filepath.Join(s.Dir, "objects")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(s.Dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// C1: tmp -> the user's home. Prune swept every file older than an hour
// in it; NewSpool wrote into it.
func TestSymlinkedTmp(t *testing.T) {
	home, file := victim(t)
	s := committed(t, map[string]string{"tmp": home})
	if _, err := s.Prune(time.Now(), DefaultMaxAge, DefaultMaxSize); err != nil && !errors.Is(err, ErrUnsafe) {
		t.Fatalf("prune: %v", err)
	}
	intact(t, file)
	if sp, err := s.NewSpool(); !errors.Is(err, ErrUnsafe) {
		if sp != nil {
			sp.Discard()
		}
		t.Fatalf("NewSpool through a linked tmp: %v, want ErrUnsafe", err)
	}
	if names, _ := os.ReadDir(home); len(names) != 1 {
		t.Errorf("the linked directory holds %d files, want only the victim's", len(names))
	}
}

// C1: last-prune -> ~/.gitconfig. PruneDue truncated it.
func TestSymlinkedPruneStamp(t *testing.T) {
	_, file := victim(t)
	s := committed(t, map[string]string{"last-prune": file})
	if s.PruneDue(time.Now()) {
		t.Error("PruneDue through a linked stamp = true, want false")
	}
	if err := s.Init(); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Init of a store with a linked stamp: %v, want ErrUnsafe", err)
	}
	intact(t, file)
}

// C1: objects/xx -> elsewhere. Prune deleted what was there; a commit
// would write there.
func TestSymlinkedObjectsPrefix(t *testing.T) {
	home, _ := victim(t)
	in := []byte("an original whose prefix directory is a link\n")
	h := sum(in)
	planted := filepath.Join(home, h[2:])
	if err := os.WriteFile(planted, []byte("the user's file"), 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-30 * 24 * time.Hour)
	os.Chtimes(planted, old, old)
	s := committed(t, map[string]string{"objects/" + h[:2]: home})
	if _, err := s.Prune(time.Now(), DefaultMaxAge, 0); err != nil && !errors.Is(err, ErrUnsafe) {
		t.Fatalf("prune: %v", err)
	}
	if _, err := os.Stat(planted); err != nil {
		t.Fatalf("prune deleted a file through objects/%s: %v", h[:2], err)
	}
	if _, err := s.Put(in, Meta{}); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Put through a linked prefix: %v, want ErrUnsafe", err)
	}
	if _, err := s.Find(h[:8]); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Find through a linked prefix: %v, want ErrUnsafe", err)
	}
	if err := s.Check(); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "objects/"+h[:2]) {
		t.Errorf("Check of a store with a linked prefix: %v, want ErrUnsafe naming it", err)
	}
}

// C1: .headroom -> elsewhere. Init made the store in the link's target.
func TestSymlinkedStore(t *testing.T) {
	home, file := victim(t)
	link := filepath.Join(t.TempDir(), DirName)
	if err := os.Symlink(home, link); err != nil {
		t.Fatal(err)
	}
	s := &Store{Dir: link}
	if err := s.Init(); !errors.Is(err, ErrUnsafe) {
		t.Fatalf("Init of a linked store: %v, want ErrUnsafe", err)
	}
	if _, err := s.Prune(time.Now(), 0, 0); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Prune of a linked store: %v, want ErrUnsafe", err)
	}
	intact(t, file)
	if names, _ := os.ReadDir(home); len(names) != 1 {
		t.Errorf("the link's target holds %d entries, want only the victim's", len(names))
	}
}

// C1: prune deletes only headroom's own temporary and object files, by
// name, whatever else a store directory holds.
func TestPruneOnlyOwnNames(t *testing.T) {
	s := newStore(t)
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-30 * 24 * time.Hour)
	foreign := []string{"tmp/notes.txt", "objects/zz/readme", "objects/ab/short", "objects/ab/" + strings.Repeat("g", 62)}
	own := []string{"tmp/spool-1234567", "tmp/write-89ab", "objects/ab/" + strings.Repeat("c", 62)}
	for _, name := range append(append([]string{}, foreign...), own...) {
		p := filepath.Join(s.Dir, name)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, []byte(name), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, old, old)
	}
	if _, err := s.Prune(time.Now(), DefaultMaxAge, DefaultMaxSize); err != nil {
		t.Fatal(err)
	}
	for _, name := range foreign {
		if _, err := os.Lstat(filepath.Join(s.Dir, name)); err != nil {
			t.Errorf("prune removed %s, which headroom does not make: %v", name, err)
		}
	}
	for _, name := range own {
		if _, err := os.Lstat(filepath.Join(s.Dir, name)); err == nil {
			t.Errorf("prune kept %s, which is past its age", name)
		}
	}
}

// H1: a store that others can write to is refused, like git refuses a
// repository another user owns.
func TestStoreWritableByOthers(t *testing.T) {
	s := newStore(t)
	if err := os.Mkdir(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(s.Dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := s.Init(); !errors.Is(err, ErrUnsafe) {
		t.Fatalf("Init of a 0777 store: %v, want ErrUnsafe", err)
	}
	if _, err := s.Prune(time.Now(), 0, 0); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Prune of a 0777 store: %v, want ErrUnsafe", err)
	}
	os.Chmod(s.Dir, 0o700)
	if err := os.Mkdir(filepath.Join(s.Dir, "objects"), 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Join(s.Dir, "objects"), 0o777)
	if err := s.Init(); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Init of a store whose objects/ is 0777: %v, want ErrUnsafe", err)
	}
}

// H1: a store owned by another user is refused. Only root can make one.
func TestStoreOwnedByOther(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a directory to another user")
	}
	s := newStore(t)
	if err := os.Mkdir(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(s.Dir, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if err := s.Init(); !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), "4242") {
		t.Fatalf("Init of a store owned by uid 4242: %v, want ErrUnsafe naming the owner", err)
	}
}

// H1: the temp fallback made by another user, or open to others, is not
// used; the user's cache directory is preferred over a predictable name.
func TestFallbackIsPrivate(t *testing.T) {
	tmp := t.TempDir()
	cache := filepath.Join(t.TempDir(), "cache")
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CACHE_HOME", cache)
	l := Resolve("", t.TempDir())
	if len(l.Fallbacks) == 0 || l.Fallbacks[0].Dir != filepath.Join(cache, "headroom") {
		t.Fatalf("fallbacks %+v, want the user's cache first", l.Fallbacks)
	}
	// A sandbox that lets headroom write only to temp, where someone else
	// made the predictable name first.
	shared := l.Fallbacks[len(l.Fallbacks)-1]
	if !strings.HasPrefix(shared.Dir, tmp) {
		t.Fatalf("last fallback %s, want one under TMPDIR", shared.Dir)
	}
	if err := os.Mkdir(shared.Dir, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(shared.Dir, 0o777)
	os.WriteFile(cache, nil, 0o600) // the cache cannot be made
	l.Primary = Store{Dir: filepath.Join(cache, "blocked", DirName)}
	if s, err := l.Writable(); err == nil {
		t.Fatalf("Writable used %s, a fallback others can write to", s.Dir)
	}
	// Made by headroom, it is private.
	os.Remove(shared.Dir)
	s, err := l.Writable()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(s.Dir)
	if err != nil || s.Dir != shared.Dir || fi.Mode().Perm() != 0o700 {
		t.Errorf("fallback %s mode %v (%v), want %s mode 0700", s.Dir, fi.Mode(), err, shared.Dir)
	}
}

// H1: a .headroom in a directory others can write to (as /tmp) is never
// the store of the projects below it.
func TestResolveSkipsSharedAncestors(t *testing.T) {
	shared := filepath.Join(t.TempDir(), "tmp")
	proj := filepath.Join(shared, "proj", "sub")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o1777); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(shared, DirName), 0o700); err != nil {
		t.Fatal(err)
	}
	l := Resolve("", proj)
	if l.Primary.Dir == filepath.Join(shared, DirName) {
		t.Fatalf("the store of %s is %s, in a directory anyone can write to", proj, l.Primary.Dir)
	}
	// The shared directory itself has no store of its own either.
	if l := Resolve("", shared); l.Primary.Dir != "" {
		t.Errorf("in a directory anyone can write to, the store is %s; want none but the fallbacks", l.Primary.Dir)
	}
}

// L11: a .headroom above the git work tree does not shadow its root.
func TestResolveStopsAtWorkTree(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	for _, d := range []string{filepath.Join(top, DirName), filepath.Join(repo, ".git"), filepath.Join(repo, "sub")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if got := Resolve("", filepath.Join(repo, "sub")).Primary.Dir; got != filepath.Join(repo, DirName) {
		t.Errorf("store %s, want the work tree's root's", got)
	}
}

// M6: prune never removes the spool of a clip still writing, however old
// its last write.
func TestPruneKeepsLiveSpool(t *testing.T) {
	s := newStore(t)
	sp, err := s.NewSpool()
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Discard()
	in := []byte("a long run printed this, then was quiet for an hour\n")
	if _, err := sp.Write(in); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(sp.f.Name(), old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Prune(time.Now(), DefaultMaxAge, DefaultMaxSize); err != nil {
		t.Fatal(err)
	}
	e, err := sp.Commit(Meta{})
	if err != nil {
		t.Fatalf("commit after a prune: %v", err)
	}
	if got := readEntry(t, s, e.Hash); !bytes.Equal(got, in) {
		t.Errorf("entry %q, want %q", got, in)
	}
}

// M6: metadata whose original is gone is removed, not kept for ever.
func TestPruneRemovesOrphanMeta(t *testing.T) {
	s := newStore(t)
	e, err := s.Put([]byte("an original removed by hand\n"), Meta{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(e.Path); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Prune(time.Now(), DefaultMaxAge, DefaultMaxSize); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(e.Path + metaSuffix); err == nil {
		t.Error("prune kept metadata whose original is gone")
	}
}

// L12: a corrupt entry names enough of both hashes to tell them apart.
func TestCorruptMessageTellsHashesApart(t *testing.T) {
	s := newStore(t)
	e, err := s.Put([]byte("the real bytes\n"), Meta{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(e.Path, []byte("other bytes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = s.Open(e)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), sum([]byte("other bytes\n"))) {
		t.Errorf("corrupt entry: %v, want the whole hash its bytes have", err)
	}
}
