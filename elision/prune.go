package elision

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Defaults for how long originals live and how much room they take.
const (
	DefaultMaxAge  = 7 * 24 * time.Hour
	DefaultMaxSize = 1 << 30
	// PruneEvery is how often clip prunes on its own.
	PruneEvery = time.Hour
	// staleTemp is the age past which a temporary file is taken to belong to
	// a process that died: no clip spools for an hour.
	staleTemp = time.Hour
)

// PruneStats says what Prune did.
type PruneStats struct {
	Removed      int   // entries removed
	RemovedBytes int64 // their size
	Kept         int   // entries left
	KeptBytes    int64 // their size
	Temps        int   // stale temporary files removed
}

// Prune removes entries not used for maxAge, then the least recently used
// entries until the store holds at most maxSize bytes, and temporary files
// left by processes that died. A reader that already opened an entry keeps
// reading it whole; one that has not gets ErrNotFound.
func (s *Store) Prune(now time.Time, maxAge time.Duration, maxSize int64) (PruneStats, error) {
	var st PruneStats
	type object struct {
		path string
		size int64
		used time.Time
	}
	var objs []object
	err := filepath.WalkDir(s.objectsDir(), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() || strings.HasSuffix(p, ".json") {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		objs = append(objs, object{p, fi.Size(), fi.ModTime()})
		return nil
	})
	if err != nil {
		return st, err
	}
	// Oldest first, ties by path so that runs agree.
	slices.SortFunc(objs, func(a, b object) int {
		if c := a.used.Compare(b.used); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	var total int64
	for _, o := range objs {
		total += o.size
	}
	for _, o := range objs {
		if now.Sub(o.used) <= maxAge && total <= maxSize {
			st.Kept++
			st.KeptBytes += o.size
			continue
		}
		// The object goes first: an entry without metadata is still whole.
		if err := os.Remove(o.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return st, err
		}
		os.Remove(metaPath(o.path))
		total -= o.size
		st.Removed++
		st.RemovedBytes += o.size
	}
	temps, _ := os.ReadDir(s.tmpDir())
	for _, t := range temps {
		fi, err := t.Info()
		if err == nil && now.Sub(fi.ModTime()) > staleTemp {
			if os.Remove(filepath.Join(s.tmpDir(), t.Name())) == nil {
				st.Temps++
			}
		}
	}
	return st, nil
}

// PruneDue reports whether the last prune was longer ago than PruneEvery,
// and if so marks a prune as started now, so that concurrent clips do not
// all prune at once.
func (s *Store) PruneDue(now time.Time) bool {
	stamp := filepath.Join(s.Dir, "last-prune")
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < PruneEvery {
		return false
	}
	if err := os.WriteFile(stamp, nil, filePerm); err != nil {
		return false
	}
	os.Chtimes(stamp, now, now)
	return true
}
