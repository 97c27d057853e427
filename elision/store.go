// Package elision keeps the originals of clipped output and writes the marker
// lines that point to them.
//
// The store is content-addressed: an original lives at objects/3f/9a1c...,
// named by the SHA-256 of its bytes, beside a small metadata file. Writes go
// to a temporary file in the same store and are renamed into place, so a
// reader sees a whole entry or none, and an entry is committed before any
// view that names it is written.
package elision

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Permissions of what the store creates: tool output can hold secrets.
const (
	dirPerm  = 0o700
	filePerm = 0o600
)

// MinPrefix is the shortest hash prefix Find accepts.
const MinPrefix = 6

// Errors that Find and Open report; match them with errors.Is.
var (
	ErrMalformed = errors.New("malformed hash")
	ErrNotFound  = errors.New("no such entry")
	ErrAmbiguous = errors.New("ambiguous hash prefix")
	ErrCorrupt   = errors.New("corrupt entry")
)

// Store is a directory of originals. The directory is created on the first
// write, not before. Every path in it is reached through the directory
// opened as an os.Root, never through a link, and every directory and
// file headroom uses in it is checked to be one headroom could have made
// (see ErrUnsafe).
type Store struct {
	// Dir is the store's root, holding objects/ and tmp/.
	Dir string
	// Private is set for a store in a directory other users share, such as
	// the temp directory: it must then be open to nobody else at all.
	Private bool
}

// Meta is what the store records beside an original.
type Meta struct {
	Size   int64  `json:"size"`
	Lines  int64  `json:"lines"`
	Shape  string `json:"shape,omitempty"`
	Tokens int64  `json:"tokens,omitempty"`
	// TokensApprox is set when Tokens was estimated rather than counted.
	TokensApprox bool      `json:"tokens_approx,omitempty"`
	Created      time.Time `json:"created"`
}

// Entry is a committed original.
type Entry struct {
	Hash string // full hex SHA-256
	Path string // the object file
}

// Short returns the hash as shown in markers.
func (e Entry) Short() string { return Short(e.Hash) }

// Short returns the first 12 hex digits of a hash.
func Short(hash string) string {
	if len(hash) > 12 {
		return hash[:12]
	}
	return hash
}

// ObjectPath returns where the original with the given full hash is kept.
func (s *Store) ObjectPath(hash string) string {
	return filepath.Join(s.Dir, filepath.FromSlash(objectName(hash)))
}

// Names of the store's parts, relative to its root.
const (
	objectsDir = "objects"
	tmpDir     = "tmp"
	ignoreFile = ".gitignore"
	pruneStamp = "last-prune"
)

// topFiles are the files at the store's top that headroom makes.
var topFiles = []string{ignoreFile, pruneStamp, ledgerName}

// open opens the store's directory, creating it first if create is set,
// after checking that it is one headroom could have made. A store that
// does not exist gives an error matching fs.ErrNotExist.
func (s *Store) open(create bool) (*os.Root, error) {
	fi, err := os.Lstat(s.Dir)
	if errors.Is(err, syscall.ENOTDIR) {
		// A path through a file is as missing as a path through nothing.
		err = fmt.Errorf("%w: %w", fs.ErrNotExist, err)
	}
	if errors.Is(err, fs.ErrNotExist) && create {
		if err := os.MkdirAll(filepath.Dir(s.Dir), dirPerm); err != nil {
			return nil, fmt.Errorf("create store: %w", err)
		}
		if err := os.Mkdir(s.Dir, dirPerm); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("create store: %w", err)
		}
		fi, err = os.Lstat(s.Dir)
	}
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	if err := checkDir(s.Dir, fi, s.Private); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	// What was checked is what was opened: nothing swapped it between.
	if rfi, err := root.Stat("."); err != nil || !os.SameFile(fi, rfi) {
		root.Close()
		return nil, unsafe(s.Dir, "changed while it was opened")
	}
	return root, nil
}

// dir checks a directory inside the store, making it first if create is
// set. A directory that does not exist gives an error matching
// fs.ErrNotExist.
func (s *Store) dir(root *os.Root, name string, create bool) error {
	fi, err := root.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) && create {
		if err := root.Mkdir(name, dirPerm); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("create store: %w", err)
		}
		fi, err = root.Lstat(name)
	}
	if err != nil {
		return err
	}
	return checkDir(s.path(name), fi, s.Private)
}

// path returns the full path of a name inside the store, for messages.
func (s *Store) path(name string) string { return filepath.Join(s.Dir, filepath.FromSlash(name)) }

// Init creates the store's directories and its .gitignore if they are
// missing, and reports whether the store can be written.
func (s *Store) Init() error {
	root, err := s.prepare()
	if err != nil {
		return err
	}
	return root.Close()
}

// Check reports whether the store exists and is one headroom may use,
// without changing anything: nil, an error matching fs.ErrNotExist, or one
// matching ErrUnsafe.
func (s *Store) Check() error {
	root, err := s.open(false)
	if err != nil {
		return err
	}
	defer root.Close()
	return s.verify(root)
}

// verify checks every part of an open store that headroom would use.
func (s *Store) verify(root *os.Root) error {
	if err := s.checkParts(root); err != nil {
		return err
	}
	// A prefix directory that is a link would take a commit elsewhere.
	prefixes, err := s.readDir(root, objectsDir)
	if err != nil {
		return nil // objects/ is missing, which checkParts allows
	}
	for _, p := range prefixes {
		if isPrefixDir(p.Name()) {
			if err := s.dir(root, objectsDir+"/"+p.Name(), false); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkParts checks the parts of the store that exist: its directories
// and the files at its top.
func (s *Store) checkParts(root *os.Root) error {
	for _, d := range []string{objectsDir, tmpDir} {
		if err := s.dir(root, d, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	for _, f := range topFiles {
		if fi, err := root.Lstat(f); err == nil {
			if err := checkInPlace(s.path(f), fi); err != nil {
				return err
			}
		}
	}
	return nil
}

// prepare opens the store for writing, making what is missing.
func (s *Store) prepare() (*os.Root, error) {
	root, err := s.open(true)
	if err != nil {
		return nil, err
	}
	for _, d := range []string{objectsDir, tmpDir} {
		if err := s.dir(root, d, true); err != nil {
			root.Close()
			return nil, err
		}
	}
	if err := s.checkParts(root); err != nil {
		root.Close()
		return nil, err
	}
	if _, err := root.Lstat(ignoreFile); errors.Is(err, fs.ErrNotExist) {
		// Originals must never be committed by accident.
		if err := writeAtomic(root, ignoreFile, []byte("*\n")); err != nil {
			root.Close()
			return nil, fmt.Errorf("create store: %w", err)
		}
	}
	return root, nil
}

// Spool is an original being written to the store. It hashes and counts what
// passes through it; Commit makes it an entry, Discard drops it. A Spool
// whose process dies leaves only a temporary file, which Prune removes;
// while the process lives, the file is locked against Prune.
type Spool struct {
	store   *Store
	root    *os.Root
	f       *os.File
	name    string // the temporary file, relative to root
	h       hash.Hash
	size    int64
	newline int64
	last    byte
	done    bool
}

// NewSpool starts a new original in the store, creating the store if needed.
func (s *Store) NewSpool() (*Spool, error) {
	root, err := s.prepare()
	if err != nil {
		return nil, err
	}
	f, name, err := createTemp(root, spoolPrefix)
	if err != nil {
		root.Close()
		return nil, fmt.Errorf("create spool: %w", err)
	}
	lock(f)
	return &Spool{store: s, root: root, f: f, name: name, h: sha256.New()}, nil
}

// createTemp creates a new file in the store's tmp/ with a name Prune
// knows for one of headroom's. O_EXCL makes sure the file is new: a
// name that exists, link or not, is never opened.
func createTemp(root *os.Root, prefix string) (*os.File, string, error) {
	for try := 0; ; try++ {
		name := tmpDir + "/" + prefix + strconv.FormatUint(rand.Uint64(), 16)
		f, err := root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, filePerm)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, name, err
	}
}

// Write appends p to the original. Size counts only what reached the file.
func (sp *Spool) Write(p []byte) (int, error) {
	n, err := sp.f.Write(p)
	sp.h.Write(p[:n])
	sp.size += int64(n)
	if n > 0 {
		sp.newline += int64(countNewlines(p[:n]))
		sp.last = p[n-1]
	}
	if err != nil {
		return n, fmt.Errorf("write spool: %w", err)
	}
	return n, nil
}

// Size returns the number of bytes written so far.
func (sp *Spool) Size() int64 { return sp.size }

// Lines returns the number of lines written so far; a last line without a
// newline counts.
func (sp *Spool) Lines() int64 {
	if sp.size > 0 && sp.last != '\n' {
		return sp.newline + 1
	}
	return sp.newline
}

// Sum returns the hex SHA-256 of what was written so far.
func (sp *Spool) Sum() string { return hex.EncodeToString(sp.h.Sum(nil)) }

// ReadAt reads back what was written, so that a caller can print the original
// when it cannot commit it.
func (sp *Spool) ReadAt(p []byte, off int64) (int, error) { return sp.f.ReadAt(p, off) }

// Reader returns a reader over what was written.
func (sp *Spool) Reader() io.Reader { return io.NewSectionReader(sp.f, 0, sp.size) }

// Commit moves the original into place and records meta beside it. An
// entry of the same hash that is already there is success: it is the same
// bytes, and its last use is renewed. If Commit fails, what was written can
// still be read back until Discard. The metadata is written after the
// original, so that it never outlives it; an entry whose metadata could not
// be written is still whole.
func (sp *Spool) Commit(meta Meta) (Entry, error) {
	if sp.done {
		return Entry{}, errors.New("commit spool: already finished")
	}
	sum := sp.Sum()
	e := Entry{Hash: sum, Path: sp.store.ObjectPath(sum)}
	name := objectName(sum)
	fail := func(err error) (Entry, error) { return Entry{}, fmt.Errorf("commit %s: %w", Short(sum), err) }
	if err := sp.store.dir(sp.root, path.Dir(name), true); err != nil {
		return fail(err)
	}
	fi, err := sp.root.Lstat(name)
	switch {
	case err == nil:
		if err := checkFile(e.Path, fi); err != nil {
			return fail(err)
		}
		touch(sp.root, name)
		sp.Discard()
		return e, nil
	case !errors.Is(err, fs.ErrNotExist):
		return fail(err)
	}
	// The file is renamed while still open, so that a failure leaves it
	// readable for the caller's fail-open copy.
	if err := sp.root.Rename(sp.name, name); err != nil {
		return fail(err)
	}
	meta.Size, meta.Lines = sp.size, sp.Lines()
	if b, err := json.Marshal(meta); err == nil {
		writeAtomic(sp.root, name+metaSuffix, append(b, '\n'))
	}
	sp.done = true
	sp.f.Close()
	sp.root.Close()
	return e, nil
}

// Discard drops the original. It is safe to call after Commit.
func (sp *Spool) Discard() {
	if sp.done {
		return
	}
	sp.done = true
	sp.root.Remove(sp.name)
	sp.f.Close()
	sp.root.Close()
}

// Put stores b as an entry.
func (s *Store) Put(b []byte, meta Meta) (Entry, error) {
	sp, err := s.NewSpool()
	if err != nil {
		return Entry{}, err
	}
	if _, err := sp.Write(b); err != nil {
		sp.Discard()
		return Entry{}, err
	}
	return sp.Commit(meta)
}

// writeAtomic writes b to name through a temporary file in tmp/.
func writeAtomic(root *os.Root, name string, b []byte) error {
	f, tmp, err := createTemp(root, writePrefix)
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		root.Remove(tmp)
		return err
	}
	if err := root.Rename(tmp, name); err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}

// touch renews an entry's last use, which Prune goes by.
func touch(root *os.Root, name string) {
	now := time.Now()
	root.Chtimes(name, now, now)
}

// ParseHash checks that s can name an entry: 6 to 64 hex digits. Nothing
// else reaches the file system, so a name like ../x cannot escape the store.
func ParseHash(s string) (string, error) {
	h := strings.ToLower(strings.TrimSpace(s))
	if !isHexPrefix(h) {
		return "", fmt.Errorf("%w %q: want %d to 64 hex digits", ErrMalformed, s, MinPrefix)
	}
	return h, nil
}

// isHexPrefix reports whether s is 6 to 64 lower-case hex digits. It is
// not a regular expression so that no command pays for compiling one.
func isHexPrefix(s string) bool {
	return len(s) >= MinPrefix && len(s) <= 64 && isHex(s)
}

// Find returns the entry whose hash starts with prefix.
func (s *Store) Find(prefix string) (Entry, error) {
	p, err := ParseHash(prefix)
	if err != nil {
		return Entry{}, err
	}
	notFound := fmt.Errorf("%w %s in %s", ErrNotFound, p, s.Dir)
	root, err := s.open(false)
	if err != nil {
		// A store that was never made holds nothing.
		if errors.Is(err, fs.ErrNotExist) {
			return Entry{}, notFound
		}
		return Entry{}, fmt.Errorf("find %s: %w", p, err)
	}
	defer root.Close()
	names, err := s.readDir(root, path.Join(objectsDir, p[:2]))
	if errors.Is(err, fs.ErrNotExist) {
		return Entry{}, notFound
	}
	if err != nil {
		return Entry{}, fmt.Errorf("find %s: %w", p, err)
	}
	var found []string
	for _, n := range names {
		if name := n.Name(); isObjectName(name) && strings.HasPrefix(p[:2]+name, p) {
			found = append(found, p[:2]+name)
		}
	}
	switch len(found) {
	case 0:
		return Entry{}, notFound
	case 1:
		return Entry{Hash: found[0], Path: s.ObjectPath(found[0])}, nil
	default:
		return Entry{}, fmt.Errorf("%w %s: matches %d entries, give more digits", ErrAmbiguous, p, len(found))
	}
}

// readDir lists a directory of the store, after checking it and each
// directory above it up to the root.
func (s *Store) readDir(root *os.Root, name string) ([]fs.DirEntry, error) {
	parts := strings.Split(name, "/")
	for i := range parts {
		if err := s.dir(root, strings.Join(parts[:i+1], "/"), false); err != nil {
			return nil, err
		}
	}
	d, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.ReadDir(-1)
}

// openFile opens a regular file of the store for reading, after checking
// it and the directories it is in. A FIFO or a device is refused before it
// is opened, and opening does not wait in case one takes its place.
func (s *Store) openFile(root *os.Root, name string) (*os.File, error) {
	if _, err := s.readDir(root, path.Dir(name)); err != nil {
		return nil, err
	}
	fi, err := root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if err := checkFile(s.path(name), fi); err != nil {
		return nil, err
	}
	f, err := root.OpenFile(name, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, err
	}
	if ofi, err := f.Stat(); err != nil || !os.SameFile(fi, ofi) {
		f.Close()
		return nil, unsafe(s.path(name), "changed while it was opened")
	}
	return f, nil
}

// Meta returns the metadata recorded with e, if any.
func (s *Store) Meta(e Entry) (Meta, error) {
	var m Meta
	root, err := s.open(false)
	if err != nil {
		return m, err
	}
	defer root.Close()
	f, err := s.openFile(root, objectName(e.Hash)+metaSuffix)
	if err != nil {
		return m, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return m, err
	}
	return m, json.Unmarshal(b, &m)
}

// Open opens e's original after checking that its bytes still hash to its
// name, so a corrupted or truncated entry is reported instead of served.
// Opening renews the entry's last use. The caller closes the file.
func (s *Store) Open(e Entry) (*os.File, error) {
	root, err := s.open(false)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w %s in %s", ErrNotFound, Short(e.Hash), s.Dir)
		}
		return nil, fmt.Errorf("open %s: %w", Short(e.Hash), err)
	}
	defer root.Close()
	name := objectName(e.Hash)
	f, err := s.openFile(root, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w %s in %s", ErrNotFound, Short(e.Hash), s.Dir)
		}
		return nil, fmt.Errorf("open %s: %w", Short(e.Hash), err)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		f.Close()
		return nil, fmt.Errorf("read %s: %w", Short(e.Hash), err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != e.Hash {
		f.Close()
		// The whole hash: a prefix could be the same as the name's.
		return nil, fmt.Errorf("%w %s: its bytes hash to %s", ErrCorrupt, Short(e.Hash), got)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("read %s: %w", Short(e.Hash), err)
	}
	touch(root, name)
	return f, nil
}

func countNewlines(p []byte) int { return bytes.Count(p, newline) }

var newline = []byte{'\n'}
