package elision

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// The ledger is a file at the store's top, ledger.jsonl, where clip and
// run append one Record a line: what went in, what came out, and where it
// is kept. It is bounded and pruned with the store, and it is written with
// the same care as the rest of the store: through the store's opened
// root, never through a link, only ever appended to, and replaced only
// by a rename, under an advisory lock that every writer takes.
const (
	ledgerName = "ledger.jsonl"
	// ledgerCap is the size past which the ledger is cut to its newer
	// half: some ten thousand records, a few weeks of an agent's commands.
	ledgerCap = 4 << 20
	// maxRecordLine is the longest line a reader takes as a record.
	maxRecordLine = 1 << 20
)

// LedgerWait is how long a writer waits for the ledger's lock while the
// ledger does not change before it drops its record: the ledger never
// holds up the output for long, even if a process holding the lock was
// stopped. On a loaded machine a live holder can keep the lock that long
// (a cut rewrites two megabytes), so the command's tests, which must see
// every record, lengthen it.
var LedgerWait = time.Second

// A Record is what clip or run did with one input, as the ledger keeps it.
type Record struct {
	// Time is when the input was done with, in UTC.
	Time time.Time `json:"time"`
	// Dir is the working directory.
	Dir string `json:"cwd,omitempty"`
	// Via is the command that took the input: "clip" or "run".
	Via string `json:"via"`
	// Command is the command run ran, its words quoted for a POSIX shell.
	Command string `json:"command,omitempty"`
	// Exit is run's command's exit status.
	Exit *int `json:"exit,omitempty"`
	// Reducer is the reducer that made the view, or that was chosen before
	// the input passed through after all.
	Reducer string `json:"reducer,omitempty"`
	// Passed is set when the input was written unchanged.
	Passed bool `json:"passed"`
	// Warning says why an input over the budget passed through.
	Warning string `json:"warning,omitempty"`
	// BytesIn and BytesOut are the sizes of the input and of what was
	// written.
	BytesIn  int64 `json:"bytes_in"`
	BytesOut int64 `json:"bytes_out"`
	// TokensIn and TokensOut count tokens in the input and in what was
	// written. TokensIn is an estimate when TokensApprox is set; both are
	// zero when Uncounted is set: the input passed through because its
	// length alone showed that it fits, and no token was counted.
	TokensIn     int64 `json:"tokens_in"`
	TokensOut    int64 `json:"tokens_out"`
	TokensApprox bool  `json:"tokens_approx,omitempty"`
	Uncounted    bool  `json:"uncounted,omitempty"`
	// Hash is the full hash of the stored original of a clipped input.
	Hash string `json:"hash,omitempty"`
}

// lockBusy is called each time lockWait finds a lock held; tests replace
// it to learn that a writer waits.
var lockBusy = func() {}

// errLedgerBusy is returned when the ledger's lock is held for longer than
// LedgerWait.
var errLedgerBusy = errors.New("ledger is locked by another process")

// Record appends r to the store's ledger, creating the ledger but never
// the store: a store that does not exist gives an error matching
// fs.ErrNotExist. When the ledger grows past its cap, it keeps its newer
// half.
func (s *Store) Record(r Record) error {
	root, err := s.open(false)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := s.checkParts(root); err != nil {
		return err
	}
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	f, size, err := s.lockLedger(root, true)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	defer f.Close() // and unlocks it
	var last [1]byte
	if size > 0 {
		// A write cut short (a full disk) left a line without its end,
		// which must not swallow this one.
		if _, err := f.ReadAt(last[:], size-1); err == nil && last[0] != '\n' {
			line = append([]byte{'\n'}, line...)
		}
	}
	// One write, in append mode and under the lock: the line lands whole
	// after every other.
	if _, err := f.Write(line); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if size += int64(len(line)); size > ledgerCap {
		return s.cutLedger(root, f, size)
	}
	return nil
}

// lockLedger opens the ledger for reading and appending, creating it if
// create is set, locks it and returns it with its size. It opens only a
// regular file, and makes sure after locking that the file is still the
// ledger: a writer that held the lock may have replaced it.
func (s *Store) lockLedger(root *os.Root, create bool) (*os.File, int64, error) {
	for try := 0; try < 100; try++ {
		fi, err := root.Lstat(ledgerName)
		switch {
		case err == nil:
			if err := checkInPlace(s.path(ledgerName), fi); err != nil {
				return nil, 0, err
			}
		case !errors.Is(err, fs.ErrNotExist) || !create:
			return nil, 0, err
		}
		flag := os.O_RDWR | os.O_APPEND | openNoWait
		if create {
			flag |= os.O_CREATE
		}
		f, err := root.OpenFile(ledgerName, flag, filePerm)
		if err != nil {
			return nil, 0, err
		}
		ofi, err := f.Stat()
		if err == nil {
			err = checkInPlace(s.path(ledgerName), ofi)
		}
		if err != nil {
			f.Close()
			return nil, 0, err
		}
		if !lockWait(f, LedgerWait, grows(root, ofi)) {
			f.Close()
			return nil, 0, errLedgerBusy
		}
		if now, err := root.Lstat(ledgerName); err == nil && os.SameFile(ofi, now) {
			if ofi, err = f.Stat(); err != nil {
				f.Close()
				return nil, 0, err
			}
			return f, ofi.Size(), nil
		}
		f.Close() // replaced or removed while we waited: open the new one
	}
	return nil, 0, errors.New("the ledger keeps being replaced")
}

// grows returns a function that reports whether the ledger, first seen
// as fi, changed since it was last called: it was appended to, or a cut
// replaced it. A writer that waits for the lock waits on while the
// writers ahead of it make progress.
func grows(root *os.Root, fi fs.FileInfo) func() bool {
	return func() bool {
		now, err := root.Lstat(ledgerName)
		if err != nil || (os.SameFile(fi, now) && now.Size() == fi.Size()) {
			return false
		}
		fi = now
		return true
	}
}

// cutLedger replaces the ledger, size bytes long and locked as f, with
// the whole lines of its newer half.
func (s *Store) cutLedger(root *os.Root, f *os.File, size int64) error {
	from := max(size-ledgerCap/2, 0)
	b := make([]byte, size-from)
	if _, err := f.ReadAt(b, from); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("cut ledger: %w", err)
	}
	if i := bytes.IndexByte(b, '\n'); from > 0 && i >= 0 {
		b = b[i+1:]
	}
	return s.replaceLedger(root, b)
}

// replaceLedger replaces the ledger with b, or removes it if b is empty.
// The caller holds the lock on the ledger.
func (s *Store) replaceLedger(root *os.Root, b []byte) error {
	if len(b) == 0 {
		return root.Remove(ledgerName)
	}
	if err := s.dir(root, tmpDir, true); err != nil {
		return err
	}
	if err := writeAtomic(root, ledgerName, b); err != nil {
		return fmt.Errorf("rewrite ledger: %w", err)
	}
	return nil
}

// pruneLedger drops the records older than cutoff, and lines that are not
// records, and says how many it dropped. A store without a ledger has
// nothing to drop.
func (s *Store) pruneLedger(root *os.Root, cutoff time.Time) (int, error) {
	f, size, err := s.lockLedger(root, false)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	// A ledger is cut at ledgerCap; one larger was not written by
	// headroom alone, and only its end is read.
	from := max(size-2*ledgerCap, 0)
	var kept bytes.Buffer
	dropped := 0
	err = readLines(io.NewSectionReader(f, from, size-from), func(line []byte) {
		if r, ok := parseRecord(line); !ok || r.Time.Before(cutoff) {
			dropped++
			return
		}
		kept.Write(line)
		kept.WriteByte('\n')
	})
	if err != nil {
		return 0, err
	}
	if dropped == 0 && from == 0 {
		return 0, nil
	}
	return dropped, s.replaceLedger(root, kept.Bytes())
}

// Records returns the records of the store's ledger, oldest first. Lines
// that are not records (a line cut short by a full disk, another
// program's) are skipped. A store or a ledger that does not exist holds
// none; a store that fails the checks of ErrUnsafe is not read.
func (s *Store) Records() ([]Record, error) {
	root, err := s.open(false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if err := s.checkParts(root); err != nil {
		return nil, err
	}
	f, err := s.openFile(root, ledgerName)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []Record
	err = readLines(f, func(line []byte) {
		if r, ok := parseRecord(line); ok {
			recs = append(recs, r)
		}
	})
	return recs, err
}

// parseRecord reads a line of the ledger, and reports whether it is a
// record headroom could have written: one with a time, no negative count,
// and a full hash or none. The ledger is a file in the work tree, which
// a cloned repository can commit, and what is not a record is skipped.
func parseRecord(line []byte) (Record, bool) {
	var r Record
	if json.Unmarshal(line, &r) != nil || r.Time.IsZero() {
		return r, false
	}
	if min(r.BytesIn, r.BytesOut, r.TokensIn, r.TokensOut) < 0 {
		return r, false
	}
	return r, r.Hash == "" || len(r.Hash) == 64 && isHex(r.Hash)
}

// LedgerSize returns the number of bytes in the store's ledger, 0 if it
// has none.
func (s *Store) LedgerSize() (int64, error) {
	root, err := s.open(false)
	if err != nil {
		return 0, err
	}
	defer root.Close()
	fi, err := root.Lstat(ledgerName)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if err := checkFile(s.path(ledgerName), fi); err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// readLines calls fn with each line of r, without its end; a line longer
// than maxRecordLine is skipped.
func readLines(r io.Reader, fn func([]byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	skip := false
	for {
		part, err := br.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			if !skip {
				long = append(long, part...)
				if len(long) > maxRecordLine {
					long, skip = nil, true
				}
			}
			continue
		case err != nil && !errors.Is(err, io.EOF):
			return err
		}
		line := bytes.TrimSuffix(part, []byte{'\n'})
		if long != nil {
			line = append(long, line...)
		}
		if !skip && len(line) > 0 {
			fn(line)
		}
		long, skip = nil, false
		if err != nil {
			return nil
		}
	}
}
