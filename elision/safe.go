package elision

import (
	"errors"
	"io/fs"
	"path"
	"strings"
)

// ErrUnsafe is reported for a store, or a part of one, that headroom will
// not use because it cannot have made it: a symbolic link, something other
// than a directory or a regular file where one belongs, a directory that
// another user owns or that others can write to. A cloned repository can
// bring such things, and another user can plant them in a shared
// directory; used, they would let either choose which files headroom
// writes, reads and deletes.
var ErrUnsafe = errors.New("unsafe")

// unsafeError says which path was refused and why.
type unsafeError struct {
	path, why string
}

func (e *unsafeError) Error() string {
	return e.path + " " + e.why + "; headroom uses only what it made"
}

func (e *unsafeError) Is(target error) bool { return target == ErrUnsafe }

func unsafe(path, why string) error { return &unsafeError{path, why} }

// checkDir refuses a directory headroom would not have made. fi comes from
// Lstat, so that a link is seen as one.
func checkDir(path string, fi fs.FileInfo, private bool) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return unsafe(path, "is a symbolic link")
	case !fi.IsDir():
		return unsafe(path, "is not a directory")
	}
	if why := foreign(fi, private); why != "" {
		return unsafe(path, why)
	}
	return nil
}

// checkFile refuses a file headroom would not have made: a link, a FIFO,
// a device. fi comes from Lstat.
func checkFile(path string, fi fs.FileInfo) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return unsafe(path, "is a symbolic link")
	case !fi.Mode().IsRegular():
		return unsafe(path, "is not a regular file")
	}
	return nil
}

// checkInPlace refuses a file that headroom changes in place (the ledger
// it appends to, the prune mark whose time it sets) for what checkFile
// refuses, and also when the file has another name: a hard link planted
// in the store would have headroom change a file outside it.
func checkInPlace(path string, fi fs.FileInfo) error {
	if err := checkFile(path, fi); err != nil {
		return err
	}
	if links(fi) > 1 {
		return unsafe(path, "has other hard links")
	}
	return nil
}

// The names of what headroom makes in a store. Prune removes nothing
// else: whatever else a store holds is not headroom's to delete.
const (
	spoolPrefix = "spool-"
	writePrefix = "write-"
	metaSuffix  = ".json"
)

// isTempName reports whether name is one of headroom's temporary files:
// a prefix, then hex or decimal digits.
func isTempName(name string) bool {
	rest, ok := strings.CutPrefix(name, spoolPrefix)
	if !ok {
		rest, ok = strings.CutPrefix(name, writePrefix)
	}
	return ok && rest != "" && isHex(rest)
}

// isPrefixDir reports whether name is one of the two-digit directories
// objects are filed under.
func isPrefixDir(name string) bool { return len(name) == 2 && isHex(name) }

// isObjectName reports whether name, in a prefix directory, is an
// original's: the 62 hex digits of its hash after the prefix.
func isObjectName(name string) bool { return len(name) == 62 && isHex(name) }

// isMetaName reports whether name is an original's metadata file.
func isMetaName(name string) bool {
	n, ok := strings.CutSuffix(name, metaSuffix)
	return ok && isObjectName(n)
}

func isHex(s string) bool {
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// objectName is where an original lives relative to the store's root.
func objectName(hash string) string {
	return path.Join("objects", hash[:2], hash[2:])
}
