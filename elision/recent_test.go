package elision

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Recent lists newest first by the newest record naming each original,
// by its metadata's time when no record does; lists an original in two
// stores once; and of a fallback, only what was clipped in this work tree.
func TestRecent(t *testing.T) {
	base := t.TempDir()
	proj := filepath.Join(base, "proj")
	loc := Location{Primary: Store{Dir: filepath.Join(proj, DirName)}, Fallbacks: []Store{{Dir: filepath.Join(base, "cache")}}}
	primary, fallback := &loc.Primary, &loc.Fallbacks[0]
	at := func(min int) time.Time { return time.Date(2026, 11, 24, 10, min, 0, 0, time.UTC) }
	put := func(s *Store, text string, created time.Time) string {
		t.Helper()
		e, err := s.Put([]byte(text), Meta{Shape: "log", Created: created})
		if err != nil {
			t.Fatal(err)
		}
		return e.Hash
	}
	record := func(s *Store, hash, dir string, when time.Time) {
		t.Helper()
		if err := s.Record(Record{Time: when, Dir: dir, Via: "run", Command: "cmd " + hash[:4], Hash: hash}); err != nil {
			t.Fatal(err)
		}
	}
	a := put(primary, "a\n", at(1))
	record(primary, a, proj, at(1))
	b := put(primary, "b\n", at(2))
	record(primary, b, proj, at(2))
	record(primary, a, proj, at(5)) // clipped again: the newest now
	c := put(primary, "c\n", at(3)) // no record: its metadata's time
	// Two clipped in the same second: the later line is the newer.
	d := put(primary, "d\n", at(4))
	e := put(primary, "e\n", at(4))
	record(primary, e, proj, at(4))
	record(primary, d, proj, at(4))

	here := put(fallback, "clipped here when the work tree's store could not be written\n", at(6))
	record(fallback, here, filepath.Join(proj, "sub"), at(6))
	elsewhere := put(fallback, "clipped in another work tree\n", at(7))
	record(fallback, elsewhere, filepath.Join(base, "other"), at(7))
	put(fallback, "a\n", at(8)) // also in the work tree's store
	record(fallback, a, proj, at(8))
	put(fallback, "clipped before the ledger\n", at(9))

	got, err := loc.Recent()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{here, a, d, e, c, b}
	var names []string
	for _, st := range got {
		names = append(names, st.Hash[:6])
	}
	var wantNames []string
	for _, h := range want {
		wantNames = append(wantNames, h[:6])
	}
	if strings.Join(names, " ") != strings.Join(wantNames, " ") {
		t.Errorf("Recent = %v, want %v", names, wantNames)
	}
	if len(got) == len(want) {
		if got[1].Store.Dir != primary.Dir || !got[1].Time.Equal(at(5)) {
			t.Errorf("a is listed from %s at %v, want from the work tree's store at its newest record", got[1].Store.Dir, got[1].Time)
		}
		if got[4].Meta.Shape != "log" || !got[4].Record.Time.IsZero() {
			t.Errorf("c without a record: %+v", got[4])
		}
	}

	// Where there is no work tree store, the fallbacks are all there is.
	loc.Primary = Store{}
	if all, err := loc.Recent(); err != nil || len(all) != 4 {
		t.Errorf("without a work tree store: %d originals, %v; want the fallback's 4", len(all), err)
	}
}
