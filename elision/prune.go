package elision

import (
	"errors"
	"io/fs"
	"os"
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
	Records      int   // ledger records dropped
}

// Prune removes entries not used for maxAge, then the least recently used
// entries until the store holds at most maxSize bytes, metadata whose
// original is gone, temporary files left by processes that died, and the
// ledger's records older than maxAge. A
// reader that already opened an entry keeps reading it whole; one that has
// not gets ErrNotFound.
//
// Prune removes only files with the names headroom gives them, in the
// directories it makes, and follows no link: what else a store holds is
// not headroom's. A store that fails the checks of ErrUnsafe is not
// touched at all, and one that does not exist gives an error matching
// fs.ErrNotExist.
func (s *Store) Prune(now time.Time, maxAge time.Duration, maxSize int64) (PruneStats, error) {
	var st PruneStats
	root, err := s.open(false)
	if err != nil {
		return st, err
	}
	defer root.Close()
	if err := s.verify(root); err != nil {
		return st, err
	}
	items, orphans, err := s.walk(root)
	if err != nil {
		return st, err
	}
	// Oldest first, ties by hash so that runs agree.
	slices.SortFunc(items, func(a, b Item) int {
		if c := a.Used.Compare(b.Used); c != 0 {
			return c
		}
		return strings.Compare(a.Hash, b.Hash)
	})
	var total int64
	for _, it := range items {
		total += it.Size
	}
	for _, it := range items {
		if now.Sub(it.Used) <= maxAge && total <= maxSize {
			st.Kept++
			st.KeptBytes += it.Size
			continue
		}
		// The object goes first: an entry without metadata is still whole.
		name := objectName(it.Hash)
		if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return st, err
		}
		root.Remove(name + metaSuffix)
		total -= it.Size
		st.Removed++
		st.RemovedBytes += it.Size
	}
	for _, name := range orphans {
		// Metadata is written after its original, so without one it is
		// left over from an entry removed before.
		if _, err := root.Lstat(strings.TrimSuffix(name, metaSuffix)); errors.Is(err, fs.ErrNotExist) {
			root.Remove(name)
		}
	}
	st.Temps = s.pruneTemps(root, now)
	st.Records, err = s.pruneLedger(root, now.Add(-maxAge))
	return st, err
}

// pruneTemps removes the temporary files that no process holds and that
// have not changed for staleTemp, and says how many.
func (s *Store) pruneTemps(root *os.Root, now time.Time) int {
	temps, err := s.readDir(root, tmpDir)
	if err != nil {
		return 0
	}
	n := 0
	for _, t := range temps {
		name := tmpDir + "/" + t.Name()
		if !isTempName(t.Name()) || !t.Type().IsRegular() {
			continue
		}
		f, err := s.openFile(root, name)
		if err != nil {
			continue
		}
		// A spool is locked while its clip runs, which can be longer than
		// staleTemp after its last write.
		if fi, err := f.Stat(); err == nil && now.Sub(fi.ModTime()) > staleTemp && !inUse(f) {
			if root.Remove(name) == nil {
				n++
			}
		}
		f.Close()
	}
	return n
}

// An Item is an original the store holds.
type Item struct {
	Entry
	Size int64
	// Used is when the original was last clipped or expanded.
	Used time.Time
}

// List returns the originals in the store, in no order.
func (s *Store) List() ([]Item, error) {
	root, err := s.open(false)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if err := s.verify(root); err != nil {
		return nil, err
	}
	items, _, err := s.walk(root)
	return items, err
}

// walk finds the originals in the store, and the metadata files that have
// none beside them. It goes only into directories headroom makes, and
// takes only regular files with the names headroom gives them.
func (s *Store) walk(root *os.Root) (items []Item, orphans []string, err error) {
	prefixes, err := s.readDir(root, objectsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	for _, p := range prefixes {
		if !isPrefixDir(p.Name()) || !p.IsDir() {
			continue
		}
		dir := objectsDir + "/" + p.Name()
		names, err := s.readDir(root, dir)
		if err != nil {
			continue // removed meanwhile, or not headroom's
		}
		objects := map[string]bool{}
		var metas []string
		for _, n := range names {
			switch name := n.Name(); {
			case !n.Type().IsRegular():
			case isObjectName(name):
				fi, err := n.Info()
				if err != nil {
					continue // removed meanwhile
				}
				h := p.Name() + name
				items = append(items, Item{Entry: Entry{Hash: h, Path: s.ObjectPath(h)}, Size: fi.Size(), Used: fi.ModTime()})
				objects[name] = true
			case isMetaName(name):
				metas = append(metas, name)
			}
		}
		for _, m := range metas {
			if !objects[strings.TrimSuffix(m, metaSuffix)] {
				orphans = append(orphans, dir+"/"+m)
			}
		}
	}
	return items, orphans, nil
}

// PruneDue reports whether the last prune was longer ago than PruneEvery,
// and if so marks a prune as started now, so that concurrent clips do not
// all prune at once. The mark is a file whose time is changed, never
// truncated; anything but a regular file in its place means no prune.
func (s *Store) PruneDue(now time.Time) bool {
	root, err := s.open(false)
	if err != nil {
		return false
	}
	defer root.Close()
	if s.checkParts(root) != nil {
		return false // Prune would refuse the store anyway
	}
	const stamp = pruneStamp
	if fi, err := root.Lstat(stamp); err == nil {
		if now.Sub(fi.ModTime()) < PruneEvery {
			return false
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	f, err := root.OpenFile(stamp, os.O_WRONLY|os.O_CREATE|openNoWait, filePerm)
	if err != nil {
		return false
	}
	fi, err := f.Stat()
	f.Close()
	if err != nil || checkInPlace(s.path(stamp), fi) != nil {
		return false
	}
	return root.Chtimes(stamp, now, now) == nil
}
