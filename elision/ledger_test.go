package elision

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func initStore(t *testing.T) *Store {
	t.Helper()
	s := newStore(t)
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	return s
}

func ledgerPath(s *Store) string { return filepath.Join(s.Dir, ledgerName) }

// ledgerLines returns the ledger's lines, failing the test on one that is
// not a record.
func ledgerLines(t *testing.T, s *Store) []Record {
	t.Helper()
	b, err := os.ReadFile(ledgerPath(s))
	if err != nil {
		t.Fatal(err)
	}
	var recs []Record
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("ledger line %d is not a record: %v: %q", len(recs)+1, err, sc.Bytes())
		}
		recs = append(recs, r)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Fatal("the ledger does not end with a line end")
	}
	return recs
}

func TestRecordAppends(t *testing.T) {
	s := initStore(t)
	at := time.Date(2026, 11, 24, 10, 31, 2, 0, time.UTC)
	exit := 1
	want := []Record{
		{Time: at, Dir: "/p", Via: "clip", Passed: true, BytesIn: 3, BytesOut: 3, Uncounted: true},
		{Time: at.Add(time.Second), Dir: "/p", Via: "run", Command: "go test ./...", Exit: &exit, Reducer: "log",
			BytesIn: 17785, BytesOut: 1049, TokensIn: 4176, TokensOut: 289, Hash: strings.Repeat("9a", 32)},
	}
	for _, r := range want {
		if err := s.Record(r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Records()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1].Command != "go test ./..." || *got[1].Exit != 1 || !got[0].Time.Equal(at) || !got[0].Uncounted {
		t.Errorf("records = %+v, want %+v", got, want)
	}
	fi, err := os.Stat(ledgerPath(s))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != filePerm {
		t.Errorf("ledger mode %v, want %v: it names commands and directories", fi.Mode().Perm(), fs.FileMode(filePerm))
	}
}

// A pass-through is recorded only where a store exists: recording never
// makes one.
func TestRecordMakesNoStore(t *testing.T) {
	s := newStore(t)
	if err := s.Record(Record{Time: time.Now(), Via: "clip"}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Record without a store: %v, want fs.ErrNotExist", err)
	}
	if _, err := os.Lstat(s.Dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Record made the store: %v", err)
	}
	if recs, err := s.Records(); err != nil || len(recs) != 0 {
		t.Errorf("Records without a store = %v, %v; want none", recs, err)
	}
}

// A line cut short by a full disk costs only itself: the next record
// starts on a line of its own, and readers skip what does not parse.
func TestRecordAfterTornLine(t *testing.T) {
	s := initStore(t)
	if err := os.WriteFile(ledgerPath(s), []byte(`{"time":"2026-11-24T10:31:02Z","via":"clip","by`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Record(Record{Time: time.Now(), Via: "run", Command: "make"}); err != nil {
		t.Fatal(err)
	}
	recs, err := s.Records()
	if err != nil || len(recs) != 1 || recs[0].Command != "make" {
		t.Errorf("Records = %+v, %v; want the one whole record", recs, err)
	}
}

// Readers take only what headroom could have written: a line that does not
// parse, a record with no time, a negative count or a hash that is not one
// is another program's, and is skipped by Records and dropped by prune.
func TestRecordsSkipsForeign(t *testing.T) {
	s := initStore(t)
	good := `{"time":"2026-11-24T10:00:00Z","via":"run","command":"make","exit":0,"reducer":"log","passed":false,"bytes_in":9000,"bytes_out":900,"tokens_in":2000,"tokens_out":200,"hash":"` + strings.Repeat("9a", 32) + `"}`
	foreign := []string{
		"a line another program wrote",
		"\x00\x01\xff",
		"[1, 2, 3]",
		"null",
		`{"via":"clip","passed":true}`,
		`{"time":"2026-11-24T10:00:00Z","via":"clip","bytes_in":"many"}`,
		`{"time":"2026-11-24T10:00:00Z","via":"run","passed":false,"bytes_in":-5,"bytes_out":5,"tokens_in":2,"tokens_out":2}`,
		`{"time":"2026-11-24T10:00:00Z","via":"run","passed":false,"bytes_in":500,"bytes_out":5,"tokens_in":-100,"tokens_out":5}`,
		`{"time":"2026-11-24T10:00:00Z","via":"clip","passed":false,"bytes_in":500,"bytes_out":5,"tokens_in":100,"tokens_out":5,"hash":"../../etc/passwd"}`,
		`{"time":"2026-11-24T10:00:00Z","via":"clip","passed":false,"bytes_in":500,"bytes_out":5,"tokens_in":100,"tokens_out":5,"hash":"9ae685"}`,
		`{"time":"2026-11-24T10:00:00Z","via":"clip","passed":false,"bytes_in":500,"bytes_out":5,"tokens_in":100,"tokens_out":5,"hash":"` + strings.Repeat("9A", 32) + `"}`,
	}
	ledger := good + "\n" + strings.Join(foreign, "\n") + "\n" + good + "\n"
	if err := os.WriteFile(ledgerPath(s), []byte(ledger), 0o600); err != nil {
		t.Fatal(err)
	}
	recs, err := s.Records()
	if err != nil || len(recs) != 2 || recs[0].Command != "make" || recs[1].Command != "make" {
		t.Errorf("Records = %+v, %v; want the two records headroom could have written", recs, err)
	}
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	if st, err := s.Prune(now, DefaultMaxAge, DefaultMaxSize); err != nil || st.Records != len(foreign) {
		t.Errorf("prune dropped %d records, %v; want the %d foreign lines", st.Records, err, len(foreign))
	}
	if recs := ledgerLines(t, s); len(recs) != 2 {
		t.Errorf("prune left %d lines, want the 2 records", len(recs))
	}
}

// fill writes n bytes or more of records, the oldest first, one a second
// from start.
func fill(t *testing.T, s *Store, start time.Time, n int) {
	t.Helper()
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		line, _ := json.Marshal(Record{Time: start.Add(time.Duration(i) * time.Second), Via: "run", Command: fmt.Sprintf("filler %d %s", i, strings.Repeat("x", 200))})
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(ledgerPath(s), b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Past its cap the ledger keeps the whole lines of its newer half, the
// record just written among them.
func TestLedgerCut(t *testing.T) {
	s := initStore(t)
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	fill(t, s, start, ledgerCap-100)
	before := ledgerLines(t, s)
	if err := s.Record(Record{Time: time.Now(), Via: "run", Command: "the newest", Hash: strings.Repeat("ab", 32)}); err != nil {
		t.Fatal(err)
	}
	after := ledgerLines(t, s)
	fi, _ := os.Stat(ledgerPath(s))
	if fi.Size() > ledgerCap/2 || fi.Size() < ledgerCap/2-1000 {
		t.Errorf("cut ledger holds %d bytes, want just under %d", fi.Size(), ledgerCap/2)
	}
	if last := after[len(after)-1]; last.Command != "the newest" {
		t.Errorf("last record after the cut: %q, want the newest", last.Command)
	}
	if first, want := after[0].Command, before[len(before)-len(after)+1].Command; first != want {
		t.Errorf("first record after the cut: %.20q, want %.20q: the newer records, in order", first, want)
	}
	if fi.Mode().Perm() != filePerm {
		t.Errorf("cut ledger mode %v, want %v", fi.Mode().Perm(), fs.FileMode(filePerm))
	}
	if temps, _ := os.ReadDir(filepath.Join(s.Dir, tmpDir)); len(temps) != 0 {
		t.Errorf("the cut left %d temporary files", len(temps))
	}
}

// Prune drops the records older than its age, and with age 0 all of
// them, leaving no ledger.
func TestPruneLedger(t *testing.T) {
	s := initStore(t)
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for _, age := range []time.Duration{10 * 24 * time.Hour, 8 * 24 * time.Hour, time.Hour, time.Minute} {
		if err := s.Record(Record{Time: now.Add(-age), Via: "clip", Warning: age.String()}); err != nil {
			t.Fatal(err)
		}
	}
	f, _ := os.OpenFile(ledgerPath(s), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("not a record\n")
	f.Close()
	st, err := s.Prune(now, DefaultMaxAge, DefaultMaxSize)
	if err != nil {
		t.Fatal(err)
	}
	recs := ledgerLines(t, s)
	if st.Records != 3 || len(recs) != 2 || recs[0].Warning != "1h0m0s" {
		t.Errorf("prune dropped %d records, left %+v; want 3 dropped (two old, one not a record), the last two left", st.Records, recs)
	}
	if st, err := s.Prune(now, 0, DefaultMaxSize); err != nil || st.Records != 2 {
		t.Errorf("prune --max-age 0: %d records dropped, %v; want 2", st.Records, err)
	}
	if _, err := os.Lstat(ledgerPath(s)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an emptied ledger is still there: %v", err)
	}
}

// A ledger that is a link is refused like any other part of the store:
// nothing is written through it, it is not read, and prune leaves it.
func TestSymlinkedLedger(t *testing.T) {
	_, file := victim(t)
	s := committed(t, map[string]string{ledgerName: file})
	if err := s.Record(Record{Time: time.Now(), Via: "clip"}); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Record through a linked ledger: %v, want ErrUnsafe", err)
	}
	if _, err := s.Records(); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Records of a linked ledger: %v, want ErrUnsafe", err)
	}
	if _, err := s.Prune(time.Now(), 0, 0); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Prune with a linked ledger: %v, want ErrUnsafe", err)
	}
	if err := s.Init(); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Init of a store with a linked ledger: %v, want ErrUnsafe", err)
	}
	intact(t, file)
	if fi, err := os.Lstat(ledgerPath(s)); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced or removed: %v", err)
	}
}

// The ledger goes by the name only while the lock is held: a writer that
// waited for a writer that cut the ledger appends to the new one, not to
// the file the cut replaced.
func TestRecordAfterReplace(t *testing.T) {
	s, root := ledgerWithRecord(t, "first")
	held := holdLedger(t, s, root)
	waiting := make(chan struct{})
	var once bool
	lockBusy = func() {
		if !once {
			once = true
			close(waiting)
		}
	}
	defer func() { lockBusy = func() {} }()
	done := make(chan error)
	go func() { done <- s.Record(Record{Time: time.Now(), Via: "clip", Warning: "second"}) }()
	select {
	case <-waiting:
	case err := <-done:
		t.Fatalf("Record went ahead while the lock was held (%v)", err)
	}
	// What a cut does: a new file renamed over the ledger, under the lock.
	if err := s.replaceLedger(root, []byte(`{"time":"2026-11-24T10:31:02Z","via":"clip","passed":true,"warning":"replaced"}`+"\n")); err != nil {
		t.Fatal(err)
	}
	held.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	recs := ledgerLines(t, s)
	if len(recs) != 2 || recs[0].Warning != "replaced" || recs[1].Warning != "second" {
		t.Errorf("ledger after the replace: %+v; want the replacing record, then the waiting one", recs)
	}
}

// ledgerWithRecord makes a store whose ledger holds one record, with the
// given warning, and opens the store's root for the test.
func ledgerWithRecord(t *testing.T, warning string) (*Store, *os.Root) {
	t.Helper()
	s := initStore(t)
	if err := s.Record(Record{Time: time.Now(), Via: "clip", Warning: warning}); err != nil {
		t.Fatal(err)
	}
	root, err := s.open(false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return s, root
}

// holdLedger takes the ledger's lock for the test, and skips the test
// where the file system has no locks. The lock is released when the
// returned file is closed.
func holdLedger(t *testing.T, s *Store, root *os.Root) *os.File {
	t.Helper()
	held, _, err := s.lockLedger(root, false)
	if err != nil {
		t.Fatal(err)
	}
	// The test holds the lock itself, whatever lockLedger does, and only
	// where the file system has no locks may a writer go ahead.
	if !lockWait(held, 0, nil) {
		t.Fatal("the ledger's lock is held elsewhere")
	}
	probe, err := root.Open(ledgerName)
	if err != nil {
		t.Fatal(err)
	}
	locks := !lockWait(probe, 0, nil)
	probe.Close()
	if !locks {
		held.Close()
		t.Skip("no advisory locks here")
	}
	return held
}

// A writer waits for the lock as long as the ledger grows: a crowd of
// writers on a loaded machine passes the lock along, and none of them
// drops its record however long the queue. Only a holder that stalls
// makes it give up.
func TestRecordWaitsWhileLedgerGrows(t *testing.T) {
	s, root := ledgerWithRecord(t, "first")
	held := holdLedger(t, s, root)
	defer held.Close()
	// Far shorter than the writer's whole wait below, which is no
	// measure of time: each of its polls finds a line more.
	defer func(w time.Duration) { LedgerWait = w }(LedgerWait)
	LedgerWait = time.Microsecond
	polls := 0
	lockBusy = func() {
		polls++
		switch {
		case polls < 40:
			if _, err := held.Write([]byte(`{"time":"2026-11-24T10:31:02Z","via":"run","passed":true}` + "\n")); err != nil {
				t.Error(err)
			}
		case polls == 40:
			held.Close()
		}
	}
	defer func() { lockBusy = func() {} }()
	if err := s.Record(Record{Time: time.Now(), Via: "clip", Warning: "waited"}); err != nil {
		t.Fatalf("Record gave up while the ledger grew: %v", err)
	}
	recs := ledgerLines(t, s)
	if len(recs) != 41 || recs[40].Warning != "waited" {
		t.Errorf("ledger of %d records, last %+v; want 41, the waiting one last", len(recs), recs[len(recs)-1])
	}

	// A holder that writes nothing is taken for stopped.
	held = holdLedger(t, s, root)
	defer held.Close()
	lockBusy = func() {}
	if err := s.Record(Record{Time: time.Now(), Via: "clip", Warning: "dropped"}); !errors.Is(err, errLedgerBusy) {
		t.Errorf("Record with a stalled holder: %v, want %v", err, errLedgerBusy)
	}
}

// BenchmarkRecord measures what a pass-through pays for its record, the
// store's checks and the lock included.
func BenchmarkRecord(b *testing.B) {
	s := &Store{Dir: filepath.Join(b.TempDir(), "store")}
	if err := s.Init(); err != nil {
		b.Fatal(err)
	}
	r := Record{Time: time.Now().UTC(), Dir: "/home/me/proj", Via: "run", Command: "git status", Passed: true, BytesIn: 300, BytesOut: 300, Uncounted: true}
	for b.Loop() {
		if err := s.Record(r); err != nil {
			b.Fatal(err)
		}
	}
}
