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
	// Primary is the store to use. Its Dir is empty when the current
	// directory has no place for one: it is gone, or it is not the user's.
	Primary Store
	// Fallbacks are used in order when Primary cannot be written, and
	// searched by readers too. There are none when the store was named
	// explicitly: a user who names a store does not want another.
	Fallbacks []Store
	// Why says how Primary was chosen, for diagnostics.
	Why string
}

// Stores returns the location's stores in the order they are tried.
func (l Location) Stores() []Store {
	if l.Primary.Dir == "" {
		return l.Fallbacks
	}
	return append([]Store{l.Primary}, l.Fallbacks...)
}

// Resolve finds the store as DESIGN.md orders it: an explicit directory
// (from --store or HEADROOM_STORE); else the nearest .headroom/ in cwd or
// an ancestor, looking no higher than the root of the git work tree
// containing cwd; else .headroom/ at that root; else .headroom/ in cwd.
// Nothing is created.
//
// Only directories that are the user's alone are searched: the search
// stops below the first that another user owns or that others can write
// to (as /tmp), where anyone could have put a .headroom. If cwd itself is
// such a directory, or is gone, there is no primary store, only the
// fallbacks: the user's cache directory, then a private directory in the
// temp directory for sandboxes that allow writing only there.
func Resolve(explicit, cwd string) Location {
	if explicit != "" {
		return Location{Primary: Store{Dir: explicit}, Why: "named by --store or HEADROOM_STORE"}
	}
	l := Location{Fallbacks: fallbacks()}
	if cwd == "" {
		l.Why = "the current directory is gone"
		return l
	}
	for dir := cwd; ; {
		fi, err := os.Stat(dir)
		if err != nil {
			if dir == cwd {
				l.Why = fmt.Sprintf("the current directory cannot be read (%v)", err)
				return l
			}
			break
		}
		if why := foreign(fi, false); why != "" {
			if dir == cwd {
				l.Why = "the current directory " + why
				return l
			}
			break
		}
		if p := filepath.Join(dir, DirName); exists(p) {
			l.Primary, l.Why = Store{Dir: p}, "nearest "+DirName
			return l
		}
		if exists(filepath.Join(dir, ".git")) {
			l.Primary, l.Why = Store{Dir: filepath.Join(dir, DirName)}, "git work tree root"
			return l
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	l.Primary, l.Why = Store{Dir: filepath.Join(cwd, DirName)}, "current directory"
	return l
}

// fallbacks returns the stores used when the work tree's cannot be
// written: $XDG_CACHE_HOME/headroom or ~/.cache/headroom, then
// $TMPDIR/headroom-$UID, which must be private since the temp directory is
// shared and its name can be guessed.
func fallbacks() []Store {
	var s []Store
	if dir := cacheDir(); dir != "" {
		s = append(s, Store{Dir: filepath.Join(dir, "headroom")})
	}
	return append(s, Store{Dir: filepath.Join(os.TempDir(), "headroom-"+strconv.Itoa(os.Getuid())), Private: true})
}

// cacheDir returns the user's cache directory, or "" if the variables
// that name it are unset or relative.
func cacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil || !filepath.IsAbs(dir) {
		return ""
	}
	return dir
}

// Writable returns the first of the location's stores that can be written,
// creating it if needed. A primary store that exists but fails the checks
// of ErrUnsafe is not gone around: the caller fails open, and the user
// learns of it. A fallback that fails them is skipped.
func (l Location) Writable() (*Store, error) {
	var errs []error
	for i, s := range l.Stores() {
		err := s.Init()
		if err == nil {
			return &s, nil
		}
		if i == 0 && l.Primary.Dir != "" && errors.Is(err, ErrUnsafe) {
			return nil, err
		}
		if i > 0 || l.Primary.Dir == "" {
			err = fmt.Errorf("fallback: %w", err)
		}
		errs = append(errs, err)
	}
	if len(errs) == 0 {
		return nil, errors.New("no store")
	}
	return nil, joinErrors(errs)
}

// Find looks for an entry in each store in turn. A store that fails the
// checks of ErrUnsafe is not read, and the error says so.
func (l Location) Find(prefix string) (*Store, Entry, error) {
	var notFound, refused error
	for _, s := range l.Stores() {
		e, err := s.Find(prefix)
		switch {
		case err == nil || errors.Is(err, ErrAmbiguous) || errors.Is(err, ErrMalformed):
			return &s, e, err
		case errors.Is(err, ErrUnsafe):
			if refused == nil {
				refused = err
			}
		case notFound == nil:
			notFound = err
		}
	}
	switch {
	case notFound == nil && refused == nil:
		return nil, Entry{}, fmt.Errorf("%w %s: no store", ErrNotFound, prefix)
	case notFound == nil:
		return nil, Entry{}, refused
	case refused != nil:
		return nil, Entry{}, fmt.Errorf("%w; not searched: %w", notFound, refused)
	}
	return nil, Entry{}, notFound
}

// joinErrors joins errors on one line, "; " between them.
func joinErrors(errs []error) error {
	err := errs[0]
	for _, e := range errs[1:] {
		err = fmt.Errorf("%w; %w", err, e)
	}
	return err
}

// exists reports whether p exists, as anything, without following a link.
func exists(p string) bool {
	_, err := os.Lstat(p)
	return !errors.Is(err, fs.ErrNotExist)
}
