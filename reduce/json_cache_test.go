package reduce

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A scan that keeps where containers end walks the same members and items
// as one that scans every value to its end, the first time through and
// when it walks again from what it kept.
func TestScanEndsWalkAlike(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(localJSON, "*.json"))
	for _, path := range paths {
		b := readFile(t, path)
		root := skipSpace(b, 0)
		if b[root] != '{' && b[root] != '[' {
			continue // a stream of go test -json events
		}
		want := walkSpans(scan{b: b}, root)
		kept := scan{b: b, ends: map[int]int{}}
		for pass := range 2 {
			if got := walkSpans(kept, root); !slices.Equal(got, want) {
				t.Errorf("%s, pass %d: the scan that keeps ends walks %d spans, the other %d",
					filepath.Base(path), pass, len(got), len(want))
			}
		}
		if len(kept.ends) == 0 {
			t.Errorf("%s: no ends kept", filepath.Base(path))
		}
	}
}

// walkSpans returns the spans of every key and value under the container
// at i, in the order s walks them.
func walkSpans(s scan, i int) []seg {
	var out []seg
	var walk func(v seg)
	walk = func(v seg) {
		switch s.b[v.start] {
		case '{':
			s.eachMember(v.start, func(k, val seg) bool {
				out = append(out, k, val)
				walk(val)
				return true
			})
		case '[':
			s.eachItem(v.start, func(start, end int) bool {
				out = append(out, seg{start, end})
				walk(seg{start, end})
				return true
			})
		}
	}
	walk(seg{i, s.valueEnd(i)})
	return out
}

// The views a document tries while it shows its record lists one way are
// kept, when the lists are then shown another way, only where they do not
// show the lists, and what one view writes of a list is used by another
// only where it would write the same: each view tried, each frontier and
// each list's expansion is the one a fresh document gives.
func TestJSONTriesKeptAcrossListStates(t *testing.T) {
	for _, name := range []string{"botocore-backup-gateway-service.json", "npm-ls-all.json", "pip-inspect.json"} {
		t.Run(name, func(t *testing.T) { triesKeptAcrossListStates(t, readFile(t, filepath.Join(localJSON, name))) })
	}
}

func triesKeptAcrossListStates(t *testing.T, input []byte) {
	c := counter()
	root := seg{skipSpace(input, 0), 0}
	root.end = valueEnd(input, root.start)
	newDoc := func() (*jsonDoc, []*recordList) {
		d := newJSONDoc(input, root, true)
		d.limit = 2000*32 + 1024
		lists := d.recordLists()
		if len(lists) == 0 {
			t.Fatalf("no record lists")
		}
		d.lists = map[int]*recordList{}
		for _, l := range lists {
			d.lists[l.at] = l
		}
		return d, lists
	}
	show := func(d *jsonDoc, lists []*recordList, k int) {
		for _, l := range lists {
			setFull(d, l, k)
		}
		d.forgetLists()
	}
	var forms []form
	for depth := range 7 {
		for _, level := range []int{0, floorLevel, len(jsonLevels) - 1} {
			for expand := range 3 {
				forms = append(forms, form{depth: depth, level: level, expand: expand},
					form{depth: depth, level: level, expand: expand, keys: 5, items: 3})
			}
		}
	}
	d, lists := newDoc()
	kept := 0
	for _, k := range []int{0, 4, 1, 0} {
		show(d, lists, k)
		kept += len(d.tries)
		for _, f := range forms {
			// A fresh document for each form: views of one share what
			// they write of its lists.
			fresh, freshLists := newDoc()
			show(fresh, freshLists, k)
			got, want := d.try(f, c), fresh.try(f, c)
			if got.ok != want.ok || got.tokens != want.tokens || !bytes.Equal(got.view, want.view) {
				t.Errorf("k=%d, form %+v: the view tried again differs from a fresh document's:\n%s\nwant:\n%s",
					k, f, got.view, want.view)
			}
			if got, want := d.frontier(f.depth, f.level), fresh.frontier(f.depth, f.level); !slices.Equal(got, want) {
				t.Errorf("k=%d, form %+v: frontier %v, a fresh document's %v", k, f, got, want)
			}
		}
		fresh, freshLists := newDoc()
		show(fresh, freshLists, k)
		for i, l := range lists {
			v := seg{l.at, valueEnd(input, l.at)}
			depth := depthAt(input, root, l.at)
			r := docRender{d: d, lv: jsonLevels[0], depth: depth, limit: d.limit}
			rf := docRender{d: fresh, lv: jsonLevels[0], depth: depth, limit: fresh.limit}
			if got, want := r.expansion(v, depth), rf.expansion(v, depth); got != want {
				t.Errorf("k=%d, list %d: expanding it adds %d bytes, in a fresh document %d", k, i, got, want)
			}
		}
	}
	if kept == 0 {
		t.Errorf("no view was kept from one way of showing the lists to the next")
	}
}

// depthAt returns the depth in the document at root of the value that
// starts at at, or -1.
func depthAt(b []byte, root seg, at int) int {
	found := -1
	var walk func(v seg, depth int)
	walk = func(v seg, depth int) {
		if v.start == at {
			found = depth
		}
		if found >= 0 || at < v.start || at >= v.end {
			return
		}
		switch b[v.start] {
		case '{':
			eachMember(b, v.start, func(_, val seg) bool { walk(val, depth+1); return found < 0 })
		case '[':
			eachItem(b, v.start, func(start, end int) bool { walk(seg{start, end}, depth+1); return found < 0 })
		}
	}
	walk(root, 0)
	return found
}

// A frontier priced again, when the record list among its containers is
// shown another way, orders the containers that cost the same as the view
// wrote them, whatever order an earlier pricing left them in.
func TestJSONFrontierTiesInViewOrder(t *testing.T) {
	pad := padFor(t, func(list, other int) bool { return other == list })
	input := listAndOther(pad)
	d, list, other := openListAndOther(t, input, 3)
	if listCost(d, list) <= listCost(d, other) {
		t.Fatalf("with 3 records in full the list costs %d, no more than the other's %d", listCost(d, list), listCost(d, other))
	}
	d.try(form{depth: 1}, counter())
	d.frontier(1, 0)
	setFull(d, d.lists[list.start], 0)
	d.forgetLists()
	fresh, _, _ := openListAndOther(t, input, 0)
	if got, want := d.frontier(1, 0), fresh.frontier(1, 0); !slices.Equal(got, want) {
		t.Errorf("frontier %v, a fresh document's %v (the list at %d, the other at %d)", got, want, list.start, other.start)
	}
}

// A view that expands the first containers of a frontier is forgotten
// with the frontier when the record list among them is shown another way:
// the first may then be another container.
func TestJSONExpandedViewForgottenWithItsFrontier(t *testing.T) {
	pad := padFor(t, func(list, other int) bool { return other > list })
	input := listAndOther(pad)
	c := counter()
	d, list, other := openListAndOther(t, input, 3)
	if listCost(d, list) <= listCost(d, other) {
		t.Fatalf("with 3 records in full the list costs %d, no more than the other's %d", listCost(d, list), listCost(d, other))
	}
	f := form{depth: 1, expand: 1}
	d.try(f, c)
	setFull(d, d.lists[list.start], 0)
	d.forgetLists()
	fresh, _, _ := openListAndOther(t, input, 0)
	if got, want := d.try(f, c), fresh.try(f, c); !bytes.Equal(got.view, want.view) {
		t.Errorf("the view expanding the first container differs from a fresh document's:\n%s\nwant:\n%s", got.view, want.view)
	}
}

// listAndOther returns a document of a record list and another object,
// whose string is pad characters long.
func listAndOther(pad int) []byte {
	var b strings.Builder
	b.WriteString("{\n  \"list\": [\n")
	for i := range 10 {
		fmt.Fprintf(&b, "    {\n      \"name\": \"record-%d\",\n      \"size\": %d,\n      \"tags\": [\"a\", \"b\"]\n    },\n", i, 10*i)
	}
	b.WriteString("    {\n      \"name\": \"last\",\n      \"size\": 0,\n      \"tags\": []\n    }\n  ],\n")
	fmt.Fprintf(&b, "  \"other\": {\n    \"text\": %q\n  }\n}\n", strings.Repeat("x", pad))
	return []byte(b.String())
}

// openListAndOther returns the document listAndOther made, with k records
// of its list in full, and the list and the other object.
func openListAndOther(t *testing.T, input []byte, k int) (*jsonDoc, seg, seg) {
	t.Helper()
	root := seg{0, valueEnd(input, 0)}
	d := newJSONDoc(input, root, true)
	lists := d.recordLists()
	if len(lists) != 1 {
		t.Fatalf("%d record lists, want 1", len(lists))
	}
	d.lists = map[int]*recordList{lists[0].at: lists[0]}
	setFull(d, lists[0], k)
	return d, seg{lists[0].at, d.valueEnd(lists[0].at)}, d.memberValue(root, []byte(`"other"`))
}

// padFor returns the first length of the other object's string for which
// ok holds of what expanding the list, with no record in full, and the
// other object add to a view at level 0.
func padFor(t *testing.T, ok func(list, other int) bool) int {
	t.Helper()
	for pad := range 400 {
		d, list, other := openListAndOther(t, listAndOther(pad), 0)
		if ok(listCost(d, list), listCost(d, other)) {
			return pad
		}
	}
	t.Fatal("no length of the other object's string will do")
	return 0
}

// listCost returns what expanding the container at v, a member of the
// root, adds to a view at level 0.
func listCost(d *jsonDoc, v seg) int {
	r := docRender{d: d, lv: jsonLevels[0], depth: 1, limit: d.limit}
	return r.expansion(v, 1) - len(d.container(v.start).summary(d.b, jsonLevels[0].names))
}

// setFull shows the first k records of l's upgrades in full.
func setFull(d *jsonDoc, l *recordList, k int) {
	l.full = map[int]bool{}
	for _, i := range l.upgrades[:min(k, len(l.upgrades))] {
		l.full[i] = true
	}
	l.whole = map[int]bool{}
	l.counts = l.count(d.scan)
}
