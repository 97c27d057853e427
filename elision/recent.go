package elision

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A Stored is an original a store holds, with what its ledger says of it.
type Stored struct {
	Item
	// Store is the store that holds it.
	Store Store
	// Time is when it was last clipped: the time of the newest record
	// naming it, or else when it was stored.
	Time time.Time
	// Record is the newest record naming it; its Time is zero if none
	// does, and Meta then says what the store knows.
	Record Record
	Meta   Meta
	// seq orders originals clipped in the same second: the later
	// line of the ledger is the newer.
	seq int
}

// Recent returns the originals the location's stores hold, newest first,
// as ls lists them and expand @N counts them: those of the work tree's
// store, and those of the fallbacks whose newest record is Mine. An
// original in more than one store is listed once, from the first, where
// expand finds it.
// Stores that do not exist hold nothing. A store that fails the checks of
// ErrUnsafe, or cannot be read, is left out, and the error returned with
// the others' originals says so.
func (l Location) Recent() ([]Stored, error) {
	var (
		all  []Stored
		errs []error
		seen = map[string]bool{}
	)
	for i, s := range l.Stores() {
		stored, err := s.recent()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, st := range stored {
			if l.Mine(i, st.Record) && !seen[st.Hash] {
				seen[st.Hash] = true
				all = append(all, st)
			}
		}
	}
	slices.SortStableFunc(all, func(a, b Stored) int {
		if c := b.Time.Compare(a.Time); c != 0 {
			return c
		}
		if c := b.seq - a.seq; c != 0 {
			return c
		}
		return strings.Compare(a.Hash, b.Hash)
	})
	if len(errs) > 0 {
		return all, joinErrors(errs)
	}
	return all, nil
}

// recent returns the originals one store holds, in no order.
func (s *Store) recent() ([]Stored, error) {
	items, err := s.List()
	if err != nil {
		return nil, err
	}
	recs, err := s.Records()
	if err != nil {
		return nil, err
	}
	newest := map[string]int{}
	for i, r := range recs {
		if j, ok := newest[r.Hash]; r.Hash != "" && (!ok || !r.Time.Before(recs[j].Time)) {
			newest[r.Hash] = i
		}
	}
	stored := make([]Stored, 0, len(items))
	for _, it := range items {
		st := Stored{Item: it, Store: *s, Time: it.Used, seq: -1}
		if i, ok := newest[it.Hash]; ok {
			st.Record, st.Time, st.seq = recs[i], recs[i].Time, i
		} else if m, err := s.Meta(it.Entry); err == nil {
			st.Meta = m
			if !m.Created.IsZero() {
				st.Time = m.Created
			}
		}
		stored = append(stored, st)
	}
	return stored, nil
}

// Mine reports whether r, a record of the i-th of the location's stores,
// was made in this work tree. Every record of the work tree's own store,
// or of a store named explicitly, is; of a fallback, which every work tree
// shares, only the records made in the directory that holds the work
// tree's store or below it. Where there is no work tree store, all are.
func (l Location) Mine(i int, r Record) bool {
	if l.Primary.Dir == "" || i == 0 {
		return true
	}
	rel, err := filepath.Rel(filepath.Dir(l.Primary.Dir), r.Dir)
	return err == nil && filepath.IsAbs(r.Dir) && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
