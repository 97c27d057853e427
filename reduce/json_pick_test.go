package reduce

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The forms a record view picks are cached by the records it shows in
// full, not by how many: nameList reorders the records a list shows in
// full first (the first, the last, then the rest) and leaves that order
// for a later pass, which must not reuse a form picked for the first k
// records in the other order. Views picked with the cache filled in one
// order, then asked in another, equal views picked without it.
func TestJSONRecordPicksCachedByRecords(t *testing.T) {
	c := counter()
	for _, every := range []int{3, 4, 7} {
		in := standOutRecords(t, every)
		for _, budget := range []int{300, 500, 700, 1000, 1500} {
			views := func(picked map[listTry]listPick) [][]byte {
				d, lists := standOutDoc(t, in, every)
				d.limit = budget*32 + 1024
				d.listViews(lists, budget, c, false, picked)
				nameListOrder(lists[0])
				v, _ := d.listViews(lists, budget, c, false, picked)
				return v
			}
			got := views(map[listTry]listPick{})
			want := views(nil)
			if !slices.EqualFunc(got, want, bytes.Equal) {
				t.Errorf("one record in %d stands out, budget %d: views picked with the cache differ from views picked afresh:\n%s\nwant:\n%s",
					every, budget, bytes.Join(got, []byte("\n--\n")), bytes.Join(want, []byte("\n--\n")))
			}
		}
	}
}

// standOutRecords returns a list of 120 records by path, one in every of
// which stands out with a map of fields of its own.
func standOutRecords(t *testing.T, every int) []byte {
	t.Helper()
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	var recs []map[string]any
	for i := range 120 {
		rec := map[string]any{"path": fmt.Sprintf("lib/%s/%s", words[i/len(words)], words[i%len(words)]),
			"version": fmt.Sprintf("1.%d.0", i)}
		if i%every == 1 {
			extra := map[string]string{}
			for j := range 4 + i%9 {
				extra[fmt.Sprintf("%s%d", words[j], i)] = strings.Repeat(words[(i+j)%len(words)]+" ", 1+i%11)
			}
			rec[words[i%len(words)]+"Config"] = extra
		}
		recs = append(recs, rec)
	}
	in, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// standOutDoc returns the document in and its one record list, whose
// records stand out one in every.
func standOutDoc(t *testing.T, in []byte, every int) (*jsonDoc, []*recordList) {
	t.Helper()
	root := seg{skipSpace(in, 0), 0}
	root.end = valueEnd(in, root.start)
	d := newJSONDoc(in, root, true)
	lists := d.recordLists()
	if len(lists) != 1 || len(lists[0].upgrades) < 4 {
		t.Fatalf("every %d: want one list with records that stand out, got %d lists", every, len(lists))
	}
	return d, lists
}

// nameListOrder reorders the records list l shows in full as nameList
// leaves them: the first, the last, then the rest.
func nameListOrder(l *recordList) {
	up := l.upgrades[:l.core]
	n := len(up)
	l.upgrades = append(append([]int{up[0], up[n-1]}, up[1:n-1]...), l.upgrades[l.core:]...)
}

// A pass of listViews over a document that ran another pass before, at
// another budget or level, gives the view a brand-new document gives for
// the same request: what the document keeps across passes (its tries,
// frontiers, expansions, names of cut runs) depends only on what each
// pass asks.
func TestJSONListPassEqualsFresh(t *testing.T) {
	c := counter()
	for _, every := range []int{2, 3, 7} {
		in := standOutRecords(t, every)
		doc := func() (*jsonDoc, *recordList) {
			d, lists := standOutDoc(t, in, every)
			d.limit = len(in)
			return d, lists[0]
		}
		for _, budget := range []int{300, 700, 1500} {
			for _, before := range []int{300, 700, 1500} {
				for _, poorer := range []bool{false, true} {
					d, l := doc()
					core := slices.Clone(l.upgrades[:l.core])
					d.listViews([]*recordList{l}, before, c, !poorer, nil)
					// The list as the fresh document has it (nameList
					// leaves its records in full reordered when its view
					// is taken): only the document keeps the first pass.
					l.upgrades = core
					nameListOrder(l)
					got, gotOK := d.listViews([]*recordList{l}, budget, c, poorer, nil)
					d, l = doc()
					nameListOrder(l)
					want, wantOK := d.listViews([]*recordList{l}, budget, c, poorer, nil)
					if gotOK != wantOK || !slices.EqualFunc(got, want, bytes.Equal) {
						t.Errorf("one record in %d stands out, budget %d after %d, poorer %v: the pass differs from a fresh one (%v, %v):\n%s\nwant:\n%s",
							every, budget, before, poorer, gotOK, wantOK, bytes.Join(got, []byte("\n--\n")), bytes.Join(want, []byte("\n--\n")))
					}
				}
			}
		}
	}
}

// As recordViews asks: the ordinary view, then two lists together, then
// each alone; each pass alone gives the view a fresh document gives.
func TestJSONListsAlonePassEqualsFresh(t *testing.T) {
	c := counter()
	var pkgs, files []map[string]any
	for i := range 80 {
		p := map[string]any{"name": fmt.Sprintf("pkg%02d", i), "version": fmt.Sprintf("2.%d.1", i)}
		if i%5 == 2 {
			p["license"] = map[string]string{"id": "MIT", "text": strings.Repeat("permission is granted ", 2+i%4)}
		}
		pkgs = append(pkgs, p)
		files = append(files, map[string]any{"path": fmt.Sprintf("src/mod%d/file%02d.go", i%6, i), "lines": i * 7})
	}
	in, err := json.MarshalIndent(map[string]any{"name": "app", "packages": pkgs, "files": files}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	doc := func() (*jsonDoc, []*recordList) {
		root := seg{skipSpace(in, 0), 0}
		root.end = valueEnd(in, root.start)
		d := newJSONDoc(in, root, true)
		lists := d.recordLists()
		if len(lists) != 2 {
			t.Fatalf("want two record lists, got %d", len(lists))
		}
		return d, lists
	}
	for _, budget := range []int{250, 400, 700, 1200} {
		for _, poorer := range []bool{false, true} {
			d, lists := doc()
			d.pick(budget, c)
			d.listViews(lists, budget, c, poorer, nil)
			for i := range lists {
				got, gotOK := d.listViews(lists[i:i+1], budget, c, poorer, nil)
				fd, fresh := doc()
				want, wantOK := fd.listViews(fresh[i:i+1], budget, c, poorer, nil)
				if gotOK != wantOK || !slices.EqualFunc(got, want, bytes.Equal) {
					t.Errorf("budget %d, poorer %v, list %d alone after both: the pass differs from a fresh one (%v, %v):\n%s\nwant:\n%s",
						budget, poorer, i, gotOK, wantOK, bytes.Join(got, []byte("\n--\n")), bytes.Join(want, []byte("\n--\n")))
				}
			}
		}
	}
}
