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
	"os"
	"path/filepath"
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
// write, not before.
type Store struct {
	// Dir is the store's root, holding objects/ and tmp/.
	Dir string
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

func (s *Store) objectsDir() string { return filepath.Join(s.Dir, "objects") }
func (s *Store) tmpDir() string     { return filepath.Join(s.Dir, "tmp") }

// ObjectPath returns where the original with the given full hash is kept.
func (s *Store) ObjectPath(hash string) string {
	return filepath.Join(s.objectsDir(), hash[:2], hash[2:])
}

func metaPath(object string) string { return object + ".json" }

// Init creates the store's directories and its .gitignore if they are
// missing, and reports whether the store can be written.
func (s *Store) Init() error {
	for _, d := range []string{s.Dir, s.objectsDir(), s.tmpDir()} {
		if err := os.MkdirAll(d, dirPerm); err != nil {
			return fmt.Errorf("create store: %w", err)
		}
	}
	ignore := filepath.Join(s.Dir, ".gitignore")
	if _, err := os.Stat(ignore); errors.Is(err, fs.ErrNotExist) {
		// Originals must never be committed by accident.
		if err := writeAtomic(s.tmpDir(), ignore, []byte("*\n")); err != nil {
			return fmt.Errorf("create store: %w", err)
		}
	}
	return nil
}

// Spool is an original being written to the store. It hashes and counts what
// passes through it; Commit makes it an entry, Discard drops it. A Spool
// whose process dies leaves only a temporary file, which Prune removes.
type Spool struct {
	store   *Store
	f       *os.File
	h       hash.Hash
	size    int64
	newline int64
	last    byte
	done    bool
}

// NewSpool starts a new original in the store, creating the store if needed.
func (s *Store) NewSpool() (*Spool, error) {
	if err := s.Init(); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(s.tmpDir(), "spool-*")
	if err != nil {
		return nil, fmt.Errorf("create spool: %w", err)
	}
	return &Spool{store: s, f: f, h: sha256.New()}, nil
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
// still be read back until Discard.
func (sp *Spool) Commit(meta Meta) (Entry, error) {
	if sp.done {
		return Entry{}, errors.New("commit spool: already finished")
	}
	sum := sp.Sum()
	e := Entry{Hash: sum, Path: sp.store.ObjectPath(sum)}
	if err := os.MkdirAll(filepath.Dir(e.Path), dirPerm); err != nil {
		return Entry{}, fmt.Errorf("commit %s: %w", Short(sum), err)
	}
	meta.Size, meta.Lines = sp.size, sp.Lines()
	if err := sp.store.writeMeta(e.Path, meta); err != nil {
		return Entry{}, fmt.Errorf("commit %s: %w", Short(sum), err)
	}
	if _, err := os.Stat(e.Path); err == nil {
		touch(e.Path)
		sp.Discard()
		return e, nil
	}
	// The file is renamed while still open, so that a failure leaves it
	// readable for the caller's fail-open copy.
	if err := os.Rename(sp.f.Name(), e.Path); err != nil {
		return Entry{}, fmt.Errorf("commit %s: %w", Short(sum), err)
	}
	sp.done = true
	sp.f.Close()
	return e, nil
}

// Discard drops the original. It is safe to call after Commit.
func (sp *Spool) Discard() {
	if sp.done {
		return
	}
	sp.done = true
	sp.f.Close()
	os.Remove(sp.f.Name())
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

func (s *Store) writeMeta(object string, meta Meta) error {
	b, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	return writeAtomic(s.tmpDir(), metaPath(object), append(b, '\n'))
}

// writeAtomic writes b to path through a temporary file in tmpDir.
func writeAtomic(tmpDir, path string, b []byte) error {
	f, err := os.CreateTemp(tmpDir, "write-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// touch renews an entry's last use, which Prune goes by.
func touch(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
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
	if len(s) < MinPrefix || len(s) > 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Find returns the entry whose hash starts with prefix.
func (s *Store) Find(prefix string) (Entry, error) {
	p, err := ParseHash(prefix)
	if err != nil {
		return Entry{}, err
	}
	dir := filepath.Join(s.objectsDir(), p[:2])
	names, err := os.ReadDir(dir)
	// A store that was never made, or a path through a file, holds nothing.
	if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return Entry{}, fmt.Errorf("find %s: %w", p, err)
	}
	var found []string
	for _, n := range names {
		name := n.Name()
		if n.IsDir() || strings.HasSuffix(name, ".json") || len(name) != 62 {
			continue
		}
		if strings.HasPrefix(p[:2]+name, p) {
			found = append(found, p[:2]+name)
		}
	}
	switch len(found) {
	case 0:
		return Entry{}, fmt.Errorf("%w %s in %s", ErrNotFound, p, s.Dir)
	case 1:
		return Entry{Hash: found[0], Path: s.ObjectPath(found[0])}, nil
	default:
		return Entry{}, fmt.Errorf("%w %s: matches %d entries, give more digits", ErrAmbiguous, p, len(found))
	}
}

// Meta returns the metadata recorded with e, if any.
func (s *Store) Meta(e Entry) (Meta, error) {
	var m Meta
	b, err := os.ReadFile(metaPath(e.Path))
	if err != nil {
		return m, err
	}
	return m, json.Unmarshal(b, &m)
}

// Open opens e's original after checking that its bytes still hash to its
// name, so a corrupted or truncated entry is reported instead of served.
// Opening renews the entry's last use. The caller closes the file.
func (s *Store) Open(e Entry) (*os.File, error) {
	f, err := os.Open(e.Path)
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
		return nil, fmt.Errorf("%w %s: its bytes hash to %s", ErrCorrupt, Short(e.Hash), Short(got))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("read %s: %w", Short(e.Hash), err)
	}
	touch(e.Path)
	return f, nil
}

func countNewlines(p []byte) int { return bytes.Count(p, newline) }

var newline = []byte{'\n'}
