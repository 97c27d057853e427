package elision

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// DirName is the name of a store directory found or made in a work tree.
const DirName = ".headroom"

// Location says where a store should be and where to go if it cannot be
// written.
type Location struct {
	// Primary is the store to use.
	Primary Store
	// Fallback, if not empty, is used when Primary cannot be written, and
	// searched by readers too. It is empty when the store was named
	// explicitly: a user who names a store does not want another.
	Fallback Store
	// Why says how Primary was chosen, for diagnostics.
	Why string
}

// Resolve finds the store as DESIGN.md orders it: an explicit directory
// (from --store or HEADROOM_STORE), else the nearest .headroom/ in cwd or an
// ancestor, else .headroom/ at the root of the git work tree containing cwd,
// else .headroom/ in cwd; with $TMPDIR/headroom-$UID as the fallback for
// sandboxes that allow writing only to temp. Nothing is created.
func Resolve(explicit, cwd string) Location {
	if explicit != "" {
		return Location{Primary: Store{Dir: explicit}, Why: "named by --store or HEADROOM_STORE"}
	}
	fallback := Store{Dir: filepath.Join(os.TempDir(), "headroom-"+strconv.Itoa(os.Getuid()))}
	if d, ok := nearest(cwd, func(dir string) bool { return isDir(filepath.Join(dir, DirName)) }); ok {
		return Location{Primary: Store{Dir: filepath.Join(d, DirName)}, Fallback: fallback, Why: "nearest " + DirName}
	}
	if d, ok := nearest(cwd, func(dir string) bool { return exists(filepath.Join(dir, ".git")) }); ok {
		return Location{Primary: Store{Dir: filepath.Join(d, DirName)}, Fallback: fallback, Why: "git work tree root"}
	}
	return Location{Primary: Store{Dir: filepath.Join(cwd, DirName)}, Fallback: fallback, Why: "current directory"}
}

// Writable returns the first of the location's stores that can be written,
// creating it if needed.
func (l Location) Writable() (*Store, error) {
	perr := l.Primary.Init()
	if perr == nil {
		return &l.Primary, nil
	}
	if l.Fallback.Dir == "" {
		return nil, perr
	}
	if ferr := l.Fallback.Init(); ferr != nil {
		return nil, fmt.Errorf("%w; fallback: %w", perr, ferr)
	}
	return &l.Fallback, nil
}

// Find looks for an entry in the primary store, then in the fallback.
func (l Location) Find(prefix string) (*Store, Entry, error) {
	e, err := l.Primary.Find(prefix)
	if err == nil || l.Fallback.Dir == "" || !errors.Is(err, ErrNotFound) {
		return &l.Primary, e, err
	}
	if fe, ferr := l.Fallback.Find(prefix); !errors.Is(ferr, ErrNotFound) {
		return &l.Fallback, fe, ferr
	}
	return &l.Primary, e, err
}

func nearest(dir string, ok func(string) bool) (string, bool) {
	for {
		if ok(dir) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return !errors.Is(err, fs.ErrNotExist)
}
