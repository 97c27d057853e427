package reduce

import (
	"bytes"
	"cmp"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/headroom-cli/headroom/elision"
)

// A record list is an array of objects, or an object whose members are
// objects named by their keys (a map from names to records), near the top
// of a document: the packages of go list or cargo metadata, the items of
// kubectl get, the dependencies of npm ls. When the view of a document
// cannot show all its records, it may show each on a line of its own by
// the field that tells it from the others, and some in full: the first,
// which shows what a record holds, and those that stand out.

const (
	// minRecords is the fewest records a list needs to be shown by its
	// key: a shorter list is shown in full or cut as any other.
	minRecords = 8
	// minMapRecords is the fewest records a map needs, when the records
	// have a field in common to show them by: its members are named.
	minMapRecords = 4
	// maxRecordKey is the longest average literal a key's values may have
	// and still name records on one line each.
	maxRecordKey = 80
	// maxRecordDepth is how deep in a document a record list is looked
	// for: the root, its members, and theirs, where the few items of an
	// array a member holds are at the array's own depth.
	maxRecordDepth = 2
	// fullDepth is how many levels of a record shown in full are expanded
	// below it, whatever the depth of the rest of the view.
	fullDepth = 2
	// maxFull is the most records a list shows in full: more would leave
	// little room for the rest, and each one more the search for the
	// number that fits tries costs a pass over the document.
	maxFull = 16
	// maxSpread is the most records a list shows in full when those
	// spread over it fill the room the first, the outliers and the last
	// leave: the rest of the view gives up nothing for them, and the
	// search for the number that fits halves its range at each pass.
	maxSpread = 4 * maxFull
	// maxAlone is how many of a document's record lists, the largest
	// first, a view may show alone when they do not fit together: each
	// one tried costs passes over the document, and a document may hold
	// thousands (lists in arrays of short arrays).
	maxAlone = 8
	// maxSkips is how many records in full too large for the room left
	// a list passes over to show the next that fit: each costs a search
	// for the number that fits.
	maxSkips = 4
)

// nameKeys name records, the most telling first, in lower case: a path
// names a record in a space larger than its list, a name often only
// within it.
var nameKeys = []string{"importpath", "filepath", "file", "filename", "path", "address", "name", "id", "key",
	"ifname", "title", "package", "module", "uid", "url", "dir", "ref", "slug", "arn", "host", "hostname"}

// labelKeys are the fields a map's records are shown by, after their
// names, the most telling first, in lower case.
var labelKeys = []string{"version", "status", "state", "type", "kind"}

// recordList is a list of records a view shows one a line.
type recordList struct {
	at     int // where the container starts
	object bool
	n      int
	// path is the keys, quoted as the input has them, that lead to the
	// value naming each record: one, or two for a name nested in an
	// object (metadata, name).
	path [][]byte
	// label is the key of the field a map's records show, or nil.
	label []byte
	// full holds the records shown in full, by index; upgrades is the
	// order in which records are shown in full as the budget allows.
	full     map[int]bool
	upgrades []int
	// core is how many of upgrades are the first, those that stand out
	// and the last; records spread over the list may follow them.
	core int
	// thinBelow is the length in tokens under which a record view of the
	// list gives way to the ordinary view, or 0 (see thin in recordViews):
	// more records fill the room left only in a view that is no thinner,
	// lest they make it long enough to take the ordinary view's place.
	thinBelow int
	// byKey shows the records not in full by their keys, but for those
	// in whole: when short records shown whole do not all fit, their
	// keys may, with as many whole as fit spread over the list.
	byKey bool
	whole map[int]bool
	// counts is what the view of the list shows, for its note.
	counts recordCounts
	// lists is set for a map whose records are arrays; mixed, for one
	// whose records are objects and arrays (see recordsOrLists).
	lists, mixed bool
	// names, if set, names the records not in full in folds, for a list
	// whose records do not fit one a line.
	names *recordNames
	// someNamed holds the keys of nameKeys, quoted, that some records of
	// a list by a key that is no name have and others not (see named).
	someNamed []string
	// nameIn, if set, is the key, quoted, of the object every record
	// holds that holds the name of someNamed, for a list that goes by a
	// number (a profile's nodes by id, each named in its callFrame).
	nameIn []byte
	// numbered is set for a list whose records go by a number, as a
	// syntax tree's statements by their line numbers.
	numbered bool
	// tell is the key, quoted, of the field that tells most of a record
	// beside its key (see tellKey), or nil; telling shows it on each
	// record's line, when the view has room for it.
	tell    []byte
	telling bool
	// listsTell is set when the lines of the lists of a map of records
	// and lists of them (see mixed) show the tell field of their first
	// records, in the room the lines of its records leave.
	listsTell bool
	// tellFlat is set when the tell field is a short object of scalars
	// (see flatObject), not a scalar.
	tellFlat bool
	// tell2, if set, is a second field a line may show beside the tell
	// field, when that is a name: one whose key holds a word of
	// labelKeys (current_version_string); telling2 shows it.
	tell2    []byte
	telling2 bool
	// tellSome holds, when the lines do not all show the tell field,
	// the records spread over the list whose lines show it in the room
	// the view leaves, by index.
	tellSome map[int]bool
	// tellVaries and labelVaries are set if the values of the tell
	// field, or the label, tell most records apart (see varies);
	// tellsApart, if the tell field is besides a label of labelKeys:
	// then each record's is worth more than records in full.
	tellVaries, labelVaries, tellsApart bool
	// spreadAt is the order in which records are shown whole, or with
	// their tell field, in the room a view leaves: the largest by a
	// field that names a size first, if the records have one, then
	// records spread over the list (see largestFirst).
	spreadAt []int
}

// by names what records are shown by.
func (l *recordList) by() string {
	if l.object {
		if l.label != nil {
			return string(l.label[1 : len(l.label)-1])
		}
		return "name"
	}
	var parts []string
	for _, k := range l.path {
		parts = append(parts, string(k[1:len(k)-1]))
	}
	return strings.Join(parts, ".")
}

// recordLists finds the record lists of a document, at most
// maxRecordDepth deep.
func (d *jsonDoc) recordLists() []*recordList {
	var out []*recordList
	var walk func(v seg, depth int)
	walk = func(v seg, depth int) {
		b := d.b
		if b[v.start] != '{' && b[v.start] != '[' {
			return
		}
		if l := d.recordList(v); l != nil {
			out = append(out, l)
			return
		}
		// A document's parts are the members of its objects, and the
		// items of an array too short to be a record list, as the report
		// tree -J writes after the tree; the items of a longer array
		// that is no record list are data. The few items of an array a
		// member holds are parts side by side at the depth of the array,
		// each looked into as deep as one alone would be: the partitions
		// of an endpoint table, each with its services, or the runs of a
		// report, each with its results.
		switch {
		case depth >= maxRecordDepth:
		case b[v.start] == '{':
			eachMember(b, v.start, func(_, val seg) bool { walk(val, depth+1); return true })
		case d.container(v.start).n < minRecords:
			inner := depth + 1
			if depth > 0 {
				inner = depth
			}
			eachItem(b, v.start, func(start, end int) bool { walk(seg{start, end}, inner); return true })
		}
	}
	walk(d.root, 0)
	return out
}

// recordList returns the container at v as a record list, or nil if it is
// not one: too short, not all objects, or with no key that tells its
// records apart.
func (d *jsonDoc) recordList(v seg) *recordList {
	b := d.b
	c := d.container(v.start)
	// A map's records may be lists too: the examples of each operation,
	// the versions of each package; or some of each, as npm outdated
	// writes a package installed at one version and a list of those at
	// several.
	mixed := d.recordsOrLists(v)
	lists := c.mapLike && c.kinds[jArray] == c.n || mixed
	if c.n < minRecords && !(c.object && c.n >= minMapRecords) || c.kinds[jObject] != c.n && !lists {
		return nil
	}
	l := &recordList{at: v.start, object: c.object, n: c.n, lists: lists, mixed: mixed}
	var (
		items []seg
		set   *recordSet // items, with their keys counted once
	)
	if c.object {
		var names []seg
		eachMember(b, v.start, func(name, val seg) bool { items, names = append(items, val), append(names, name); return true })
		set = newRecordSet(b, items)
		// A map's records have a field in common that a line shows;
		// objects of other fields are a document's parts.
		if !lists {
			if st := set.labelKey(names); st != nil {
				l.label, l.labelVaries = st.name, varies(st, len(items))
			}
		}
		if l.label == nil && !c.mapLike && !lists {
			return nil
		}
		// A short field nearly all have tells the records of a map
		// shown by name alone, when no label does (see told).
		if st := set.tellStat(nil, names, true); st != nil && !lists {
			l.tell, l.tellVaries, l.tellFlat = st.name, varies(st, len(items)), st.isFlat
		}
		// Of a map of records and lists of them, the records tell
		// theirs; a list's line shows its bracket alone.
		if mixed {
			var objs, objNames []seg
			for i, it := range items {
				if b[it.start] == '{' {
					objs, objNames = append(objs, it), append(objNames, names[i])
				}
			}
			if st := newRecordSet(b, objs).tellStat(nil, objNames, true); st != nil {
				l.tell, l.tellVaries, l.tellFlat = st.name, varies(st, len(objs)), st.isFlat
			}
		}
	} else {
		eachItem(b, v.start, func(start, end int) bool { items = append(items, seg{start, end}); return true })
		set = newRecordSet(b, items)
		if l.path = set.recordKey(); l.path == nil {
			return nil
		}
		key := items[0]
		for _, k := range l.path {
			key = d.memberValue(key, k)
		}
		l.numbered = key.end > key.start && kindAt(b, key.start) == jNumber
		if len(l.path) == 1 && nameRank(l.path[0]) == len(nameKeys) && !spellsName(b, items, l.path[0]) {
			for _, st := range set.counted() {
				if nameRank(st.name) < len(nameKeys) && st.n < len(items) {
					l.someNamed = append(l.someNamed, string(st.name))
				}
			}
		}
		if len(l.path) == 1 && l.numbered && l.someNamed == nil {
			l.nameIn, l.someNamed = innerName(b, items)
		}
		if len(l.path) == 1 && l.someNamed == nil {
			if st := set.tellStat(l.path[0], namesAt(b, items, l.path), true); st != nil {
				l.tell, l.tellVaries, l.tellFlat = st.name, varies(st, len(items)), st.isFlat
				l.tellsApart = l.tellVaries && labelRank(st.name) < len(labelKeys)
				if labelRank(st.name) == len(labelKeys) && nameLike(st.name) {
					l.tell2 = set.labelWordKey(l.path[0], st.name)
				}
			}
		}
	}
	l.spreadAt = set.largestFirst(spreadOrder(l.n))
	// The first record shows what a record holds; those that stand out
	// follow, then the last.
	l.upgrades = append(l.upgrades, 0)
	for _, m := range c.outliers {
		if m.idx != 0 && len(l.upgrades) < maxFull-1 {
			l.upgrades = append(l.upgrades, m.idx)
		}
	}
	if last := c.n - 1; !slices.Contains(l.upgrades, last) {
		l.upgrades = append(l.upgrades, last)
	}
	l.core = len(l.upgrades)
	return l
}

// recordsOrLists reports whether the container at v is a map of more than
// mapLikeSize members, each a record or a list of records, with some of
// each: the packages npm outdated --long names, each a record, or a list
// of records for one installed at several versions.
func (d *jsonDoc) recordsOrLists(v seg) bool {
	c := d.container(v.start)
	if !c.object || c.n <= mapLikeSize || c.kinds[jObject] == 0 || c.kinds[jArray] == 0 || c.kinds[jObject]+c.kinds[jArray] != c.n {
		return false
	}
	ok := true
	d.eachMember(v.start, func(_, val seg) bool {
		if d.b[val.start] == '[' {
			in := d.container(val.start)
			ok = in.n > 0 && in.kinds[jObject] == in.n
		}
		return ok
	})
	return ok
}

// spread adds to the records a list shows in full, after the first, those
// that stand out and the last, records spread over the list, up to
// maxSpread: a view with room left after them shows more of what records
// hold rather than leave the room unused.
func (l *recordList) spread() {
	l.upgrades = l.upgrades[:l.core]
	for _, i := range spreadOrder(l.n) {
		if len(l.upgrades) == maxSpread {
			break
		}
		if !slices.Contains(l.upgrades, i) {
			l.upgrades = append(l.upgrades, i)
		}
	}
}

// largestFirst returns order with the records that hold the largest
// values of a field that names a size moved to its front, the largest
// first: a package's largest files, not files spread over its list, are
// what a person looks for in the room left. The field is a number nearly
// every record has, whose key holds the word size or bytes (size,
// unpackedSize, installedSizeKB), and whose values vary; without one,
// order is returned as it is.
func (r *recordSet) largestFirst(order []int) []int {
	b, items := r.b, r.items
	var size []byte
	for _, st := range r.counted() {
		if tells(st, len(items)) && st.strings == 0 && sizeWord(st.name) {
			size = st.name
			break
		}
	}
	if size == nil {
		return order
	}
	values := make([]float64, len(items))
	for i, v := range items {
		values[i] = -1
		if val, ok := scalarMember(scan{b: b}, v, size); ok {
			if x, err := strconv.ParseFloat(string(b[val.start:val.end]), 64); err == nil {
				values[i] = x
			}
		}
	}
	out := slices.Clone(order)
	slices.SortStableFunc(out, func(i, j int) int { return cmp.Compare(values[j], values[i]) })
	return out
}

// sizeWord reports whether a quoted key holds the word size or bytes (see
// eachWord).
func sizeWord(key []byte) bool {
	found := false
	eachWord(key, func(w []byte) {
		found = found || bytes.EqualFold(w, []byte("size")) || bytes.EqualFold(w, []byte("bytes"))
	})
	return found
}

// recordKeyStat is what recordKey learns of one key of a list's records.
type recordKeyStat struct {
	name    []byte // the key, quoted
	n       int    // records that have it with a scalar value
	objects int    // records that have it with an object value
	strings int    // records that have it with a string value
	length  int    // total length of its scalar values
	values  map[string]struct{}
	last    int // the index of the last record counted, plus one
	// flat counts the records that have it with a short object of
	// scalars, an npm package's engines; flatLength and flatValues are
	// length and values for those, as on a line (see flatObject).
	flat       int
	flatLength int
	flatValues map[string]struct{}
	isFlat     bool // set for the stat asFlat returns
}

// maxRecordKeys caps the keys of records whose values are counted.
const maxRecordKeys = 64

// recordKey returns the path to the value that names each record: a key
// all records have, with short scalar values no two records share,
// preferring the names of nameKeys, or such a key of an object all
// records hold (metadata.name); or nil.
func (r *recordSet) recordKey() [][]byte {
	b, items := r.b, r.items
	order := r.counted()
	if best := bestKey(order, len(items)); best != nil {
		if id := nameID(b, items, order); id != nil && !bytes.Equal(best.name, []byte(`"name"`)) {
			return [][]byte{id}
		}
		return [][]byte{best.name}
	}
	// A name nested in an object every record has.
	var nested *recordKeyStat
	var outer []byte
	for _, st := range order {
		if st.objects != len(items) {
			continue
		}
		innerOrder := countKeys(b, items, st.name)
		if k := bestKey(innerOrder, len(items)); k != nil && (nested == nil || nameRank(k.name) < nameRank(nested.name)) {
			nested, outer = k, st.name
		}
	}
	if nested != nil {
		return [][]byte{outer, nested.name}
	}
	return nil
}

// recordSet is a list's records with what countKeys learns of their
// keys, counted once however many questions are asked of them: counting
// is the most of what reading a long list costs.
type recordSet struct {
	b       []byte
	items   []seg
	keys    []*recordKeyStat
	hasKeys bool
}

func newRecordSet(b []byte, items []seg) *recordSet { return &recordSet{b: b, items: items} }

// counted returns countKeys of the records, counting them the first time.
// Its callers read the stats and never change them.
func (r *recordSet) counted() []*recordKeyStat {
	if !r.hasKeys {
		r.keys, r.hasKeys = countKeys(r.b, r.items, nil), true
	}
	return r.keys
}

// countKeys counts the keys of the records, or of the object each holds
// under outer, and the distinct scalar values of each; it returns them in
// the order first seen. A key a record repeats counts once, by its first
// value, the one memberValue finds and a record's line shows: a key all
// records have with a scalar value then has one in each, and no line
// shows a container, or nothing, for it.
func countKeys(b []byte, items []seg, outer []byte) []*recordKeyStat {
	stats := map[string]*recordKeyStat{}
	var order []*recordKeyStat
	for i, it := range items {
		v := it
		if outer != nil {
			v = memberValue(b, it, outer)
			if v.end <= v.start || b[v.start] != '{' {
				continue
			}
		}
		eachMember(b, v.start, func(key, val seg) bool {
			st, ok := stats[string(b[key.start:key.end])]
			if !ok {
				if len(stats) == maxRecordKeys {
					return true
				}
				st = &recordKeyStat{name: b[key.start:key.end], values: map[string]struct{}{}}
				stats[string(st.name)] = st
				order = append(order, st)
			}
			if st.last == i+1 {
				return true // a repeat of a key of this record
			}
			st.last = i + 1
			switch kindAt(b, val.start) {
			case jString, jNumber:
				st.n++
				st.strings += btoi(b[val.start] == '"')
				st.length += val.end - val.start
				st.values[bytesView(b[val.start:val.end])] = struct{}{}
				if len(st.values) == growValues && st.n == growValues && len(items) > 2*growValues {
					// Every value so far differs, as ids and times do: room
					// for one a record at once, rather than the set grown
					// again and again.
					all := make(map[string]struct{}, len(items))
					maps.Copy(all, st.values)
					st.values = all
				}
			case jObject:
				st.objects++
				if n, ok := flatObject(b, val); ok {
					if st.flatValues == nil {
						st.flatValues = map[string]struct{}{}
					}
					st.flat++
					st.flatLength += n
					// Told apart by their text: one tool writes every
					// record's objects alike.
					st.flatValues[bytesView(b[val.start:val.end])] = struct{}{}
				}
			}
			return true
		})
	}
	return order
}

// flatObject returns the length of the object at v as a line shows it,
// its members with a colon and a space and a comma and a space between
// them, if it holds only scalars and is no longer than a container a view
// keeps on one line: {"node": ">=18"}. It builds no line: it is asked of
// every object of every record.
func flatObject(b []byte, v seg) (int, bool) {
	n, members := 1, 0
	ok := true
	eachMember(b, v.start, func(key, val seg) bool {
		if k := kindAt(b, val.start); k == jObject || k == jArray || n > inlineMax {
			ok = false
			return false
		}
		if members > 0 {
			n += len(", ")
		}
		n += key.end - key.start + len(": ") + val.end - val.start
		members++
		return true
	})
	return n + 1, ok && members > 0
}

// bytesView returns the bytes of p as a string without copying them, for a
// set that counts the values of a long list: a copy of each would cost more
// than all the rest of counting. p must not change while the string is in
// use; the input never does once read.
func bytesView(p []byte) string { return unsafe.String(unsafe.SliceData(p), len(p)) }

// growValues is how many values of a key, all different, countKeys sees
// before it makes room for a value in every record.
const growValues = 256

// nameID returns the key, quoted, of a field that tells nine in ten
// records apart whose every value spells the record's name and more, as npm's
// "_id": "axios@1.7.7" beside "name": "axios", or nil: it names a record
// and says what it is, where a path each record has is long and shares
// most of its length with the others'. Where the names alone tell the
// records apart, recordKey keeps them: the id adds only what a reader
// can do without (CMake's "yajl::@6890427a").
func nameID(b []byte, items []seg, order []*recordKeyStat) []byte {
	for _, st := range order {
		if st.n == len(items) && len(st.values)*10 >= len(items)*9 && st.length <= maxRecordKey*len(items) && spellsName(b, items, st.name) {
			return st.name
		}
	}
	return nil
}

// spellsName reports whether every record's value of key, a string,
// spells the record's name and more: "axios@1.7.7" beside "axios".
func spellsName(b []byte, items []seg, key []byte) bool {
	name := []byte(`"name"`)
	if bytes.Equal(key, name) {
		return false
	}
	for _, v := range items {
		n, id := memberValue(b, v, name), memberValue(b, v, key)
		if n.end-n.start < 3 || id.end <= id.start || b[n.start] != '"' || b[id.start] != '"' ||
			id.end-id.start <= n.end-n.start || !bytes.HasPrefix(b[id.start:id.end-1], b[n.start:n.end-1]) ||
			isWordByte(b[id.start+n.end-n.start-1]) {
			return false
		}
	}
	return true
}

// bestKey returns the key that best names n records: one all of them have
// with a short scalar value no two share, the most telling by nameKeys,
// else the first seen.
func bestKey(order []*recordKeyStat, n int) *recordKeyStat {
	var best *recordKeyStat
	for _, st := range order {
		if st.n != n || st.length > maxRecordKey*n || len(st.values)*10 < n*9 {
			continue
		}
		// A key no two records share beats one a few share, as a flag
		// table's switches, where two spellings set the same option.
		if best == nil || len(st.values) == n && len(best.values) < n ||
			(len(st.values) == n) == (len(best.values) == n) && nameRank(st.name) < nameRank(best.name) {
			best = st
		}
	}
	return best
}

func nameRank(key []byte) int  { return keyRank(key, nameKeys) }
func labelRank(key []byte) int { return keyRank(key, labelKeys) }

// keyRank returns the position of a quoted key in names, compared in lower
// case, or len(names).
func keyRank(key []byte, names []string) int {
	if i := slices.Index(names, lowerContent(key)); i >= 0 {
		return i
	}
	return len(names)
}

// labelKey returns what countKeys learns of the field that a map's records
// are shown by: one all of them have with a short scalar value, by
// labelKeys, else the first such; or nil. A field that repeats the
// records' names (see repeatsAll) says nothing beside them.
func (r *recordSet) labelKey(names []seg) *recordKeyStat {
	b, values := r.b, r.items
	order := r.counted()
	var best *recordKeyStat
	for _, st := range order {
		if st.n != len(values) || st.length > maxRecordKey*len(values) || repeatsAll(b, values, names, st.name) {
			continue
		}
		if best == nil || labelRank(st.name) < labelRank(best.name) {
			best = st
		}
	}
	return best
}

// told returns the value of the tell field of record i, v, if its line
// shows it: a string or a number, or a short object of them if the field
// is one (see tellFlat). A list of records a map holds among records
// tells its first record's.
func (l *recordList) told(s scan, i int, v seg) (seg, bool) {
	if !l.telling && !l.tellSome[i] {
		return seg{}, false
	}
	if l.mixed && v.end > v.start && s.b[v.start] == '[' {
		if !l.listsTell {
			return seg{}, false
		}
		v = firstItem(s, v)
	}
	if l.tellFlat {
		val := s.memberValue(v, l.tell)
		if val.end <= val.start || kindAt(s.b, val.start) != jObject {
			return seg{}, false
		}
		_, ok := flatObject(s.b, val)
		return val, ok
	}
	return scalarMember(s, v, l.tell)
}

// told2 is told for the second tell field, tell2.
func (l *recordList) told2(s scan, v seg) (seg, bool) {
	if !l.telling2 {
		return seg{}, false
	}
	return scalarMember(s, v, l.tell2)
}

// firstItem returns the first item of the array at v, or an empty seg.
func firstItem(s scan, v seg) seg {
	var first seg
	s.eachItem(v.start, func(start, end int) bool { first = seg{start, end}; return false })
	return first
}

// scalarMember returns the value of record v's member key, if it has one
// and it is a string or a number.
func scalarMember(s scan, v seg, key []byte) (seg, bool) {
	val := s.memberValue(v, key)
	if val.end <= val.start {
		return seg{}, false
	}
	k := kindAt(s.b, val.start)
	return val, k == jString || k == jNumber
}

// maxTell is the longest average literal a telling field's values may
// have: a version, a size, a state, not a description.
const maxTell = 24

// tellKey returns the key of the field a line shows beside a record's
// key, to tell what it holds: a short scalar nearly every record has, that
// is not the key and varies across the records, by labelKeys, else the
// first such; or nil.
func tellKey(b []byte, items []seg, key []byte) []byte {
	if st := newRecordSet(b, items).tellStat(key, namesAt(b, items, [][]byte{key}), true); st != nil {
		return st.name
	}
	return nil
}

// labelWordKey returns the key of a short field nearly every record has,
// that varies, is neither key nor other, and holds a word of labelKeys
// (current_version_string, installedVersion); or nil.
func (r *recordSet) labelWordKey(key, other []byte) []byte {
	items := r.items
	for _, st := range r.counted() {
		if !bytes.Equal(st.name, key) && !bytes.Equal(st.name, other) && tells(st, len(items)) && labelWordRank(st.name) < len(labelKeys) {
			return st.name
		}
	}
	return nil
}

// labelWordRank returns the position in labelKeys of the first word of a
// quoted key that is one, the words parted by punctuation or a capital
// (apiVersion, current_version_string), or len(labelKeys).
func labelWordRank(key []byte) int {
	best := len(labelKeys)
	eachWord(key, func(w []byte) {
		if i := slices.Index(labelKeys, strings.ToLower(string(w))); i >= 0 {
			best = min(best, i)
		}
	})
	return best
}

// eachWord calls word with each word of a quoted key, the words parted by
// punctuation or a capital.
func eachWord(key []byte, word func(w []byte)) {
	start := 1
	for i := 1; i < len(key)-1; i++ {
		switch c := key[i]; {
		case c >= 'A' && c <= 'Z':
			word(key[start:i])
			start = i
		case !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9'):
			word(key[start:i])
			start = i + 1
		}
	}
	word(key[start : len(key)-1])
}

// tells reports whether a field may tell n records on their lines: a
// short scalar nearly all have, with more than one value.
func tells(st *recordKeyStat, n int) bool {
	return st.n*10 >= n*9 && st.length <= maxTell*st.n && len(st.values) >= 2
}

// varies reports whether a field's values tell most of n records apart,
// as versions do and a two-valued type does not.
func varies(st *recordKeyStat, n int) bool { return len(st.values)*2 >= n }

// tellStat returns what countKeys learns of the field tellKey returns, or
// nil. A field whose values repeat a part of the records' names (see
// repeatsAll), if names is set, tells nothing more and gives way: a
// version beside an id that spells it. A short
// object of scalars nearly every record has, npm's engines, may tell as a
// scalar does, if flat is set: the stat returned then counts those objects
// (see asFlat).
func (r *recordSet) tellStat(key []byte, names []seg, flat bool) *recordKeyStat {
	b, items := r.b, r.items
	var best *recordKeyStat
	bestRank := 0
	for _, st := range r.counted() {
		if flat && !tells(st, len(items)) && st.flat > 0 {
			st = st.asFlat()
		}
		if bytes.Equal(st.name, key) || !tells(st, len(items)) ||
			names != nil && !st.isFlat && repeatsAll(b, items, names, st.name) {
			continue
		}
		r := tellRank(st, len(items))
		if best == nil || r < bestRank || r == bestRank && len(st.values) > len(best.values) {
			best, bestRank = st, r
		}
	}
	return best
}

// asFlat returns the stat of a field counted by its short objects of
// scalars rather than by its scalars.
func (st *recordKeyStat) asFlat() *recordKeyStat {
	return &recordKeyStat{name: st.name, n: st.flat, length: st.flatLength, values: st.flatValues, isFlat: true}
}

// repeatsKey counts the records whose value of field repeats a part of
// their names, of those compared, which have both, names[i] naming
// items[i] (see namesAt): a
// package's name beside its import path, a version beside an id that
// spells it, an instance type beside the map's name for it.
func repeatsKey(b []byte, items, names []seg, field []byte) (repeats, compared int) {
	for i, v := range items {
		key := names[i]
		told, ok := scalarMember(scan{b: b}, v, field)
		if key.end <= key.start || !ok {
			continue
		}
		compared++
		last := bytes.Trim(b[told.start:told.end], `"`)
		if i := bytes.LastIndexByte(last, '/'); i >= 0 && i < len(last)-1 {
			last = last[i+1:] // a directory whose base the key names
		}
		if bytes.Contains(b[key.start:key.end], last) {
			repeats++
		}
	}
	return repeats, compared
}

// repeatsAll reports whether the values of field repeat a part of the
// records' names in every record that has both (see repeatsKey): where
// one differs, it says what its name does not (an AWS resource whose
// shape has a name of its own).
func repeatsAll(b []byte, items, names []seg, field []byte) bool {
	repeats, compared := repeatsKey(b, items, names, field)
	return compared > 0 && repeats == compared
}

// namesAt returns the scalar value at path of each record, or an empty
// seg where it has none.
func namesAt(b []byte, items []seg, path [][]byte) []seg {
	names := make([]seg, len(items))
	for i, v := range items {
		if len(path) == 2 {
			v = memberValue(b, v, path[0])
		}
		if v.end > v.start && b[v.start] == '{' {
			names[i], _ = scalarMember(scan{b: b}, v, path[len(path)-1])
		}
	}
	return names
}

// tellRank ranks a field by how much it tells of n records: one whose
// values tell most of them apart first (a cache entry's value before its
// type of six values), then by labelKeys, then a name, then any other.
func tellRank(st *recordKeyStat, n int) int {
	r := len(labelKeys) + btoi(!nameLike(st.name))
	if l := labelRank(st.name); l < len(labelKeys) {
		r = l
	}
	if !varies(st, n) {
		r += len(labelKeys) + 2
	}
	return r
}

// nearlyAll is how many records an ordinary view may leave out of a list
// and still show it better than a record view half as long (see thin in
// recordViews).
const nearlyAll = 2

// recordViews returns views of the document that show its record lists
// one record a line, with as many records in full as fit, or false if no
// such view fits, or none would show more records than the ordinary view.
func (d *jsonDoc) recordViews(budget int, c Counter) ([][]byte, bool) {
	lists := d.recordLists()
	if len(lists) == 0 {
		return nil, false
	}
	// The ordinary view: how many records of each list it shows.
	ordinary := 0
	var shown map[int]int
	if f, ok := d.pick(budget, c); ok {
		ordinary = d.try(f, c).tokens
		var folded map[int]int
		shown, folded = d.shownBy(f)
		var wanted []*recordList
		for _, l := range lists {
			// The document's one list, of records short enough for a
			// line each that the input spreads over lines, that the
			// view names in folds may show them whole in the room of
			// those it shows in full, a field a line. Beside other
			// lists it may take their room.
			if shown[l.at] < l.n || len(lists) == 1 && folded[l.at] > 0 && d.spreadShort(l) {
				wanted = append(wanted, l)
			}
			if l.numbered || shown[l.at]+nearlyAll >= l.n {
				l.thinBelow = (ordinary + 1) / 2
			}
		}
		lists = wanted
	}
	if len(lists) == 0 {
		return nil, false
	}
	// A record view less than half as long as the ordinary view shows
	// too thinly records that go by a number (a line number): records too
	// large for a line to say what they are, as a syntax tree's
	// statements. A code or a label that is no name in nameKeys (a
	// currency's alpha_3, a compiler switch) still says what a record is.
	// Any record view that short gives up more than it adds where the
	// ordinary view leaves out no more than nearlyAll records, as where
	// a directory tree's view cuts its top list short of two entries:
	// the record view names those two and drops half the tree.
	thin := func(t []*recordList, views [][]byte) bool {
		if ordinary == 0 || c.Count(views[0])*2 >= ordinary {
			return false
		}
		for _, l := range t {
			if l.object || !l.numbered && shown[l.at]+nearlyAll < l.n {
				return false
			}
		}
		return true
	}
	// The lists together, or else each alone, the one that holds most of
	// the document first: a list of large records may not fit where a
	// list of small ones does, but says more where it fits (an SBOM's
	// components, longer in bytes than the list of what each depends on,
	// though shorter in records). Lists of large records, an API
	// description's operations, may show one a line only with the rest of
	// the document poorer than floorLevel: their names say more than its
	// depth, and more than a smaller list would at that level (an SBOM
	// of hundreds of packages, whose dependencies do not fit at the
	// floor beside its components).
	tries := d.listTries(lists)
	// The second try of each way asks what the first asked, but for the
	// level it accepts: each view it tries is picked once.
	picked := map[listTry]listPick{}
	for _, t := range tries {
		for _, poorer := range []bool{false, true} {
			if views, ok := d.listViews(t, budget, c, poorer, picked); ok {
				if thin(t, views) {
					d.lists = nil
					d.reset()
					return nil, false
				}
				return views, true
			}
		}
	}
	return nil, false
}

// listTries returns the ways recordViews tries to show lists: all
// together, then each alone, the largest first, up to maxAlone of them.
// It sorts lists, the largest first.
func (d *jsonDoc) listTries(lists []*recordList) [][]*recordList {
	tries := [][]*recordList{lists}
	if len(lists) > 1 {
		slices.SortStableFunc(lists, func(a, b *recordList) int { return cmp.Compare(d.size(b), d.size(a)) })
		for _, l := range lists[:min(len(lists), maxAlone)] {
			tries = append(tries, []*recordList{l})
		}
	}
	return tries
}

// listViews returns views of the document that show lists one record a
// line, with as many records in full as fit, or false if none fits; the
// rest of the document no poorer than floorLevel unless poorer is set.
// picked, unless nil, holds the forms picked for the ways of showing
// lists tried.
func (d *jsonDoc) listViews(lists []*recordList, budget int, c Counter, poorer bool, picked map[listTry]listPick) ([][]byte, bool) {
	d.lists = map[int]*recordList{}
	d.reset() // other lists, or none, were shown before
	var at []byte
	for _, l := range lists {
		d.lists[l.at] = l
		at = strconv.AppendInt(append(at, ' '), int64(l.at), 10)
	}
	whole := 0    // records shown whole, spread over each list, in byKey
	told := 0     // records whose lines show the tell field, spread over the list
	var last form // the form fits picked last
	fits := func(k int) bool {
		var full []byte // the records in full, by list, in order of index
		for _, l := range lists {
			l.full = map[int]bool{}
			shown := slices.Clone(l.upgrades[:min(k, len(l.upgrades))])
			slices.Sort(shown)
			full = append(full, ';')
			for _, i := range shown {
				l.full[i] = true
				full = strconv.AppendInt(append(full, ' '), int64(i), 10)
			}
			l.whole = map[int]bool{}
			for _, i := range l.spreadAt[:min(whole, l.n)] {
				l.whole[i] = true
			}
			l.tellSome = map[int]bool{}
			for _, i := range l.spreadAt[:min(told, l.n)] {
				l.tellSome[i] = true
			}
			l.counts = l.count(d.scan)
		}
		d.forgetLists()
		key := listTry{string(at), string(full), whole, lists[0].byKey, namesTry{}, lists[0].label == nil, lists[0].telling, lists[0].telling2, lists[0].listsTell, told}
		if rn := lists[0].names; rn != nil {
			key.names = namesTry{rn, rn.m, rn.width}
		}
		p, seen := picked[key]
		if !seen {
			p.f, p.ok = d.pick(budget, c)
		}
		last = p.f
		if p.ok && (poorer || p.f.level <= floorLevel) && p.shows == 0 {
			p.shows = -1
			if d.showsLists(p.f, lists) {
				p.shows = 1
			}
		}
		if picked != nil {
			picked[key] = p
		}
		return p.ok && (poorer || p.f.level <= floorLevel) && p.shows > 0
	}
	most, longest := 0, 0
	for _, l := range lists {
		l.byKey, l.names, l.telling, l.telling2, l.listsTell = false, nil, false, false, false
		l.upgrades = l.upgrades[:l.core]
		most, longest = max(most, len(l.upgrades)), max(longest, l.n)
	}
	// toldOverFull returns how many records the named list l shows in
	// full, k or fewer, with told set to as many records whose lines
	// show the tell field by their key, spread over the list, as the room
	// left holds. Records in full, but for the first and those that fail,
	// give way to such lines when these show the field of more records: a
	// version for each of many packages says more than every field of a
	// few.
	toldOverFull := func(l *recordList, k int) int {
		if l.names == nil {
			return k
		}
		keep := min(k, max(d.failingFirst(l), 1))
		if k <= keep || l.object || !l.tellsApart || !bytes.Equal(l.names.key, l.path[len(l.path)-1]) {
			return k
		}
		fits(k)
		shown := l.tellShown()
		fits(keep)
		floor := last
		told = sort.Search(l.n, func(m int) bool { told = m + 1; return !fits(keep) || last.poorer(floor) })
		if fits(keep); told > 0 && l.tellShown() > shown {
			return keep
		}
		told = 0
		fits(k)
		return k
	}
	// Records in full, as many as fit the budget with the rest of the
	// document no poorer than floorLevel; none if even that fails.
	k := sort.Search(most+1, func(k int) bool { return !fits(k) }) - 1
	if k == 0 && len(lists) > 1 {
		k = d.firstOfNamed(lists, fits)
	}
	if k == most && len(lists) == 1 {
		// All that stand out fit: records spread over the list fill the
		// room left, as long as the rest of the view gives up nothing
		// for them.
		fits(k)
		floor := last
		if l := lists[0]; d.try(floor, c).tokens >= l.thinBelow {
			l.spread()
			k += sort.Search(len(l.upgrades)-most, func(j int) bool { return !fits(most+j+1) || last.poorer(floor) })
		}
	}
	if k < 0 {
		// Short records shown whole, as the input has them, may not all
		// fit where their keys would: a long list of codes and names.
		// Then each is shown by its key, and as many whole as fit.
		for _, l := range lists {
			l.byKey = true
		}
		k = sort.Search(most+1, func(k int) bool { return !fits(k) }) - 1
		if k >= 0 {
			whole = sort.Search(longest+1, func(m int) bool { whole = m; return !fits(k) }) - 1
		}
	}
	if l := lists[0]; k < 0 && len(lists) == 1 && l.label != nil {
		// A map whose records do not fit a line each by their label, a
		// description, may fit by their names alone, as a map with no
		// label does: its names say more than its depth.
		// The label is then the field records tell where no short
		// field does, on as many lines as the room left holds.
		label, tell, tellVaries := l.label, l.tell, l.tellVaries
		l.label, l.byKey = nil, false
		if l.tell == nil {
			l.tell, l.tellVaries = label, l.labelVaries
		}
		if k = sort.Search(most+1, func(k int) bool { return !fits(k) }) - 1; k < 0 {
			l.label, l.tell, l.tellVaries = label, tell, tellVaries
		}
	}
	if l := lists[0]; k >= 0 && len(lists) == 1 && !l.object && len(d.container(l.at).failing) > 0 && k < d.failingFirst(l) {
		// Lines for every record that leave no room for those that
		// fail, a lint report's files with errors, give way to names
		// in folds when these leave room for more of them in full.
		saved := struct {
			whole    int
			byKey    bool
			upgrades []int
		}{whole, l.byKey, slices.Clone(l.upgrades)}
		k2 := d.nameList(l, budget, c, fits)
		if k2 > k {
			k, whole = k2, 0
			fits(k)
			floor := last
			whole = sort.Search(longest+1, func(m int) bool { whole = m; return !fits(k) || last.poorer(floor) }) - 1
		} else {
			l.names = nil
			whole, l.byKey, l.upgrades = saved.whole, saved.byKey, saved.upgrades
		}
	}
	if l := lists[0]; k < 0 && len(lists) == 1 && (!l.object || l.label == nil) {
		// Once the names fit, the room they leave shows records whole,
		// one a line, spread over the list: the names are a floor. The
		// records in full and the rest of the document give up nothing
		// for them. A map's records with no field in common to show
		// them by are named by their keys.
		if k = d.nameList(l, budget, c, fits); k >= 0 {
			fits(k)
			floor := last
			whole = sort.Search(longest+1, func(m int) bool { whole = m; return !fits(k) || last.poorer(floor) }) - 1
			k = toldOverFull(l, k)
		}
	}
	if k < 0 {
		d.lists = nil
		d.reset()
		return nil, false
	}
	if l := lists[0]; len(lists) == 1 && l.tell != nil && l.names == nil && (!l.object || l.label == nil) {
		// The records shown by their keys show the field that tells
		// most of them too, when that costs the view nothing else.
		fits(k)
		floor := last
		if elided := l.counts.elided; l.counts.byKey > 0 {
			// Records in full, but for the first, give way to it when
			// the view shows more than a field more for each: a field
			// of every record tells more than a few more records. They
			// give way whatever their fields to a label that tells most
			// records apart, a version: counted against the fields of
			// records in full, it would come and go as the budget grows
			// a record in full at a time.
			// A second field, a version beside a second name, is
			// tried first, by the same count. Records that fail do
			// not give way: they are what a person debugging reads.
			keep := min(k, max(d.failingFirst(l), 1))
			for _, two := range []bool{true, false} {
				if two && l.tell2 == nil {
					continue
				}
				l.telling, l.telling2 = true, two
				k2 := sort.Search(k+1, func(j int) bool { return !fits(j) || last.poorer(floor) }) - 1
				if k2 >= keep && fits(k2) && (l.tellsApart || l.counts.elided+k-k2 < elided) {
					k = k2
					break
				}
				l.telling, l.telling2 = false, false
			}
		}
		if fits(k); !l.telling && l.tellVaries && l.counts.byKey > 0 {
			// The room the lines leave, if any, shows the field on
			// the lines of records spread over the list, as records
			// whole are spread, where its values tell records apart:
			// the rest of the view gives up nothing for them.
			told = sort.Search(l.n, func(m int) bool { told = m + 1; return !fits(k) || last.poorer(floor) })
		}
		if fits(k); l.telling && l.mixed {
			// The lists among a map's records tell their first
			// record's field too, as records in full but the first
			// and those that fail give way to the lines that tell.
			floor := last
			keep := min(k, max(d.failingFirst(l), 1))
			l.listsTell = true
			if k2 := sort.Search(k+1, func(j int) bool { return !fits(j) || last.poorer(floor) }) - 1; k2 >= keep {
				k = k2
			} else {
				l.listsTell = false
			}
		}
	}
	if l := lists[0]; len(lists) == 1 && l.names == nil && l.tellVaries && !l.telling && !l.object && fits(k) && l.counts.byKey > 0 {
		// Lines that show records by their keys alone may show the
		// field that tells them on fewer records than the keys named
		// in folds, whose room shows records on lines of their own with
		// it: a package's files by path alone, or by path in folds and
		// a third of them with their sizes. The folds are taken when
		// they name every record by the key the lines show, and the
		// view shows the field of more records.
		shown := l.tellShown()
		saved := struct {
			k, whole, told int
			byKey          bool
			upgrades       []int
		}{k, whole, told, l.byKey, slices.Clone(l.upgrades)}
		whole, told = 0, 0
		k2 := d.nameList(l, budget, c, fits)
		named := k2 >= 0 && l.names.m == len(l.names.names) && bytes.Equal(l.names.key, l.path[len(l.path)-1])
		if named {
			fits(k2)
			floor := last
			whole = sort.Search(longest+1, func(m int) bool { whole = m; return !fits(k2) || last.poorer(floor) }) - 1
			k2 = toldOverFull(l, k2)
			fits(k2)
		}
		if named && l.tellShown() > shown {
			k = k2
		} else {
			l.names = nil
			k, whole, told, l.byKey, l.upgrades = saved.k, saved.whole, saved.told, saved.byKey, saved.upgrades
		}
	}
	if l := lists[0]; len(lists) == 1 && l.names == nil && k >= most && k < len(l.upgrades) {
		// Records spread over the list in the room the view leaves pass
		// over one too large for it, a package with a deep tree of
		// dependencies, to show those after it that fit: it goes to the
		// end, rather than leave the room unused.
		fits(k)
		floor := last
		for range maxSkips {
			k += sort.Search(len(l.upgrades)-k, func(j int) bool { return !fits(k+j+1) || last.poorer(floor) })
			if k >= len(l.upgrades)-1 {
				break
			}
			up := l.upgrades
			l.upgrades = append(append(slices.Clone(up[:k]), up[k+1:]...), up[k])
		}
	}
	fits(k)
	views := d.views(budget, c)
	if len(views) == 0 {
		d.lists = nil
		d.reset()
		return nil, false
	}
	return views, true
}

// firstOfNamed shows in full the first record of each map among lists
// whose records show by their names alone, where no list shows one in
// full, if that fits, and returns 1; else it returns 0. Their lines say
// nothing of what a record holds, where the lines of lists that show a
// field of each (an API description's shapes by type) do: its first
// record in full (its first operation) does, before the first of those.
func (d *jsonDoc) firstOfNamed(lists []*recordList, fits func(int) bool) int {
	saved := make([][]int, len(lists))
	named := false
	for i, l := range lists {
		saved[i] = l.upgrades
		if l.object && l.label == nil && len(l.upgrades) > 0 && l.upgrades[0] == 0 {
			named = true
		} else {
			l.upgrades = l.upgrades[:0]
		}
	}
	if named && fits(1) {
		return 1
	}
	for i, l := range lists {
		l.upgrades = saved[i]
	}
	return 0
}

// failingFirst returns how many of the records list l shows in full
// first are the first record and records that fail, in a row: those that
// stand out by a failure come first among the outliers.
func (d *jsonDoc) failingFirst(l *recordList) int {
	c := d.container(l.at)
	n := 0
	for i, r := range l.upgrades {
		if _, fails := slices.BinarySearch(c.failing, int32(r)); !fails && i > 0 {
			break
		}
		n++
	}
	return n
}

// nameList names the records of list l in folds, when not even a line
// for each fits: as many as fit in namesShare of the budget, or in less
// if the rest of the document or the records in full need the room: the
// first, which shows what a record holds, those that stand out, and the
// last if it fits. It returns how many records are in full, or -1 if no
// such view fits (see fits).
func (d *jsonDoc) nameList(l *recordList, budget int, c Counter, fits func(int) bool) int {
	var items []seg
	paths := [][][]byte{nil}
	if l.object {
		// A map's records are named by their keys.
		var keys []seg
		d.eachMember(l.at, func(k, _ seg) bool { keys = append(keys, k); return true })
		items = keys
	} else {
		d.eachItem(l.at, func(start, end int) bool { items = append(items, seg{start, end}); return true })
		paths = namePaths(d.b, items, l.path)
	}
	l.byKey = false
	// The first record and those that stand out are shown in full with
	// the names, or the names give way: a failure is what a person
	// debugging looks for first.
	want := max(len(l.upgrades)-1, 1)
	limits := []int{budget * namesShare / 100, budget / 2, budget / 4}
	tail := tailCut(d.b, items, budget, c)
	for _, p := range paths {
		rn, ok := newRecordNames(d.b, items, p)
		if !ok {
			continue
		}
		rn.tail = tail
		text := func() string { return strings.Join(rn.folds(), "\n") }
		for _, limit := range limits {
			if !rn.fit(limit, text, c) {
				break
			}
			l.names = rn
			if fits(len(l.upgrades)) {
				return len(l.upgrades)
			}
			if fits(want) {
				return want
			}
		}
		// Records that stand out in numbers, as the packages of a
		// dependency list with fields of their own, may not all fit in
		// full beside even the fewest names; then, when the names name
		// every record, the first, the last and as many of the rest as
		// fit: a list named is more than a few more records in full,
		// and those left out are named.
		upgrades := l.upgrades
		if n := len(upgrades); n > 2 {
			l.upgrades = append([]int{upgrades[0], upgrades[n-1]}, upgrades[1:n-1]...)
		}
		for _, limit := range limits {
			if !rn.fit(limit, text, c) || rn.m < len(rn.names) {
				break
			}
			l.names = rn
			if k := sort.Search(want-1, func(k int) bool { return !fits(k + 1) }); k > 0 {
				return k
			}
		}
		l.upgrades = upgrades
		l.names = nil
	}
	return -1
}

// poorer reports whether f shows less than g of what both show: less
// deep, at a poorer level, or fewer keys, items, nested items or expanded
// containers.
func (f form) poorer(g form) bool {
	return f.depth < g.depth || f.level > g.level ||
		f.level == g.level && (f.expand < g.expand || f.keys < g.keys || f.items < g.items || f.floor < g.floor)
}

// listTry is one way of showing record lists: the lists, by where they
// start, the records of each in full, the rest by their keys or not, and
// whole records spread over each list. The records in full go by index,
// not by how many: nameList reorders those a list shows in full first.
type listTry struct {
	lists, full string
	whole       int
	byKey       bool
	names       namesTry
	// bare is set when the first list shows no label (see label).
	bare bool
	// telling is set when the first list's lines show its tell field;
	// told is how many records spread over it show it otherwise.
	telling, telling2 bool
	// listsTell is set when the first list's lists show it too.
	listsTell bool
	told      int
}

// namesTry is how a list's records are named in folds, if they are: the
// names, and how many of them in folds how wide.
type namesTry struct {
	rn       *recordNames
	m, width int
}

// listPick is the form picked for a listTry, if one fits, and whether it
// shows the lists one record a line: 0 if that is not known yet, 1 if it
// does, -1 if not.
type listPick struct {
	f     form
	ok    bool
	shows int8
}

// shownBy returns how many members of each container the view of form f
// shows, by where the container starts.
// Of those, folded counts the members shown by name alone in folds.
func (d *jsonDoc) shownBy(f form) (shown, folded map[int]int) {
	r := docRender{d: d, lv: jsonLevels[f.level], depth: f.depth, limit: d.limit, shown: map[int]int{}, folded: map[int]int{}}
	r.applyForm(f)
	r.value(d.root, 0, nil)
	return r.shown, r.folded
}

// spreadShort reports whether every record of list l is short enough to
// be shown whole on a line of its own, and written over several lines in
// the input: shown in full, each takes lines a whole one does not.
func (d *jsonDoc) spreadShort(l *recordList) bool {
	short := true
	each := func(v seg) bool {
		short = wholeLen(d.scan, v) <= inlineMax && bytes.IndexByte(d.b[v.start:v.end], '\n') >= 0
		return short
	}
	if l.object {
		d.eachMember(l.at, func(_, v seg) bool { return each(v) })
	} else {
		d.eachItem(l.at, func(start, end int) bool { return each(seg{start, end}) })
	}
	return short
}

// spreadOrder returns the indices of a list of n in an order whose every
// prefix is spread over the list: the first, the last, the middle, the
// middles of the halves, and so on.
func spreadOrder(n int) []int { return spreadFirst(n, n) }

// spreadFirst returns the first k indices of spreadOrder(n), or all n if
// k is more: the few a view marks of a long list, without ordering all.
func spreadFirst(n, k int) []int {
	if k = min(k, n); k <= 0 {
		return nil
	}
	out := make([]int, 1, k) // the first
	if k > 1 {
		out = append(out, n-1)
	}
	type span struct{ lo, hi int }
	queue := []span{{0, n - 1}}
	for next := 0; len(out) < k && next < len(queue); next++ {
		sp := queue[next]
		if sp.hi-sp.lo < 2 {
			continue
		}
		mid := (sp.lo + sp.hi) / 2
		out = append(out, mid)
		queue = append(queue, span{sp.lo, mid}, span{mid, sp.hi})
	}
	return out
}

// showsLists reports whether the view of form f shows every record list
// one record a line, rather than summarising one.
func (d *jsonDoc) showsLists(f form, lists []*recordList) bool {
	shown, _ := d.shownBy(f)
	for _, l := range lists {
		if shown[l.at] != l.n {
			return false
		}
	}
	return true
}

// reset forgets the views tried, when what a view shows has changed.
func (d *jsonDoc) reset() {
	clear(d.tries)
	clear(d.frontiers)
	clear(d.failingAt)
	clear(d.listFrontiers)
	d.forgetListText()
}

// recordCounts counts what a record list's view shows: records in full,
// records by their key, the fields those leave out, and how many of them
// show a name besides (see named) or their tell field (see told).
type recordCounts struct{ full, byKey, elided, named, told int }

// shape returns how the view shows record i, whose value is v: in full,
// whole as the input has it (a record on one line as short as a note), or
// by its key.
func (l *recordList) shape(s scan, i int, v seg) recordShape {
	switch {
	case l.full[i]:
		return shownFull
	case (!l.byKey || l.whole[i]) && wholeLen(s, v) <= inlineMax:
		return shownWhole
	}
	return shownByKey
}

// wholeLen returns how long the record at v is on one line, or more than
// inlineMax if it holds containers.
func wholeLen(s scan, v seg) int {
	b := s.b
	if bytes.IndexByte(b[v.start:v.end], '\n') < 0 {
		return v.end - v.start
	}
	if b[v.start] != '{' {
		return inlineMax + 1
	}
	n := 2
	s.eachMember(v.start, func(key, val seg) bool {
		if k := kindAt(b, val.start); k == jObject || k == jArray {
			n = inlineMax + 1
			return false
		}
		n += key.end - key.start + val.end - val.start + 4
		return n <= inlineMax
	})
	return n
}

// whole writes a short record on one line: as the input has it, or, if
// the input spreads it over several, its members with the document's
// colon and a comma and a space between them.
func (r *docRender) whole(v seg) {
	b := r.d.b
	if bytes.IndexByte(b[v.start:v.end], '\n') < 0 {
		r.out = append(r.out, b[v.start:v.end]...)
		return
	}
	r.out = append(r.out, '{')
	sep := ""
	eachMember(b, v.start, func(key, val seg) bool {
		r.out = append(r.out, sep...)
		r.out = append(r.out, b[key.start:key.end]...)
		r.out = append(r.out, r.d.colon...)
		r.out = append(r.out, b[val.start:val.end]...)
		sep = ", "
		return true
	})
	r.out = append(r.out, '}')
}

type recordShape uint8

const (
	shownByKey recordShape = iota
	shownWhole
	shownFull
)

// count counts what the view of the list shows, for its note.
func (l *recordList) count(s scan) recordCounts {
	var n recordCounts
	i := 0
	each := func(v seg) {
		switch l.shape(s, i, v) {
		case shownFull:
			n.full++
		case shownByKey:
			n.byKey++
			n.elided += l.elided(s, i, v)
			if _, ok := l.told(s, i, v); ok {
				n.told++
			}
			if _, _, ok := l.named(s, v); ok {
				n.named++
			}
		}
		i++
	}
	if l.object {
		s.eachMember(l.at, func(_, v seg) bool { each(v); return true })
	} else {
		s.eachItem(l.at, func(start, end int) bool { each(seg{start, end}); return true })
	}
	return n
}

// elided returns how many fields the line of record i, v, leaves out.
func (l *recordList) elided(s scan, i int, v seg) int {
	fields := countMembers(s, v)
	switch {
	case l.object && l.label == nil:
		// A list's line tells a field of its first record, which it
		// still counts among the items left out.
		if _, ok := l.told(s, i, v); ok && s.b[v.start] == '{' {
			fields--
		}
		return fields
	case l.object:
		return fields - 1
	case len(l.path) == 2:
		fields += countMembers(s, s.memberValue(v, l.path[0])) - 1
	}
	if _, ok := l.told(s, i, v); ok {
		fields--
	}
	if _, ok := l.told2(s, v); ok {
		fields--
	}
	if _, _, ok := l.named(s, v); ok {
		// The name's own field, or the object holding it and the fields
		// the line leaves out of that.
		fields--
		if l.nameIn != nil {
			fields += countMembers(s, s.memberValue(v, l.nameIn)) - len(l.innerNames(s, v))
		}
	}
	return fields - 1
}

// countMembers counts the members of the object at v, or the items of the
// array.
func countMembers(s scan, v seg) int {
	n := 0
	if s.b[v.start] == '[' {
		s.eachItem(v.start, func(_, _ int) bool { n++; return true })
		return n
	}
	s.eachMember(v.start, func(_, _ seg) bool { n++; return true })
	return n
}

// tellShown returns how many records of list l its view shows with their
// tell field: in full, whole, or on a line that tells it.
func (l *recordList) tellShown() int {
	if l.names != nil {
		return len(l.shownAbove())
	}
	return l.n - l.counts.byKey + l.counts.told
}

// recordList writes the list at v one record a line: a note first that
// counts what it leaves out, then each record by its key, or whole if it
// is as short as that, or in full.
func (r *docRender) recordList(v seg, depth int, l *recordList) {
	if l.names != nil {
		r.namedList(v, depth, l)
		return
	}
	b := r.d.b
	raw := b[v.start:v.end]
	c := r.d.container(v.start)
	r.out = append(r.out, raw[0])
	if n := l.counts; n.byKey > 0 {
		r.newline(depth + 1)
		note := "[headroom: " + elision.Thousands(int64(l.n)) + " records"
		if n.full > 0 {
			note += ", " + elision.Thousands(int64(n.full)) + " in full"
		}
		note += ", " + elision.Thousands(int64(n.byKey)) + " by " + l.by()
		// A map's record shown by its name alone reads {}, which would say
		// it is empty: the note says what the braces stand for.
		braces := l.bracesShown(r.d.scan, v)
		switch {
		case n.named > 0:
			note += " (" + elision.Thousands(int64(n.named)) + " with a name)"
		// Every line tells its field, or the note counts those that do.
		case l.telling2 && n.told == n.byKey:
			note += " and " + string(l.tell[1:len(l.tell)-1]) + " and " + string(l.tell2[1:len(l.tell2)-1])
		case l.telling && n.told == n.byKey:
			note += " and " + string(l.tell[1:len(l.tell)-1])
		case n.told > 0:
			note += " (" + elision.Thousands(int64(n.told)) + " with " + string(l.tell[1:len(l.tell)-1]) + ")"
		case braces == n.byKey:
			note += " as {}"
		default:
			note += " alone"
		}
		if braces > 0 && braces < n.byKey {
			note += ", " + elision.Thousands(int64(braces)) + " as {}"
		}
		if l.object {
			r.out = appendLiteral(r.out, note+"]")
			r.out = append(r.out, r.d.colon...)
			r.out = appendLiteral(r.out, l.countElided(n.elided))
		} else {
			r.out = appendLiteral(r.out, note+": "+countElided(n.elided, "fields")+"]")
		}
		r.out = append(r.out, r.d.comma...)
	}
	i := 0
	each := func(key, val seg) bool {
		if i > 0 {
			r.out = append(r.out, r.d.comma...)
		}
		r.newline(depth + 1)
		if key.end > key.start {
			r.str(b[key.start:key.end], 4*r.lv.chars)
			r.out = append(r.out, r.d.colon...)
		}
		switch l.shape(r.d.scan, i, val) {
		case shownFull:
			r.fullRecord(val, depth+1, c.rareKeys)
		case shownWhole:
			r.whole(val)
		default:
			r.oneLine(i, val, l)
		}
		i++
		return len(r.out) <= r.limit
	}
	if l.object {
		r.d.eachMember(v.start, each)
	} else {
		r.d.eachItem(v.start, func(start, end int) bool { return each(seg{}, seg{start, end}) })
	}
	r.newline(depth)
	r.out = append(r.out, raw[len(raw)-1])
	if r.shown != nil {
		r.shown[v.start] = l.n
	}
}

// shownAbove returns the records a named list shows above its folds, by
// index: in full, whole on a line, or by key and tell field.
func (l *recordList) shownAbove() map[int]bool {
	shown := maps.Clone(l.full)
	maps.Copy(shown, l.whole)
	maps.Copy(shown, l.toldAbove(shown))
	return shown
}

// toldAbove returns the records of a named list that a line shows by
// their key and tell field, of those not in shown: an array's records
// spread over it, in the room its folds leave, that have the field.
func (l *recordList) toldAbove(shown map[int]bool) map[int]bool {
	if l.object || len(l.tellSome) == 0 {
		return nil
	}
	told := map[int]bool{}
	for i := range l.tellSome {
		if !shown[i] {
			told[i] = true
		}
	}
	return told
}

// namedList writes the array at v with a note first, then the records in
// full and those whole on a line each, then the records named in folds,
// each fold as a record that holds only the key, as the input writes it:
// {"alpha_2": "{AD,AE}"}; or the map at v so, each fold a member whose key
// it is (see keyFold). The note counts the records named either way;
// the folds leave out those shown above them, so that none is named twice.
func (r *docRender) namedList(v seg, depth int, l *recordList) {
	b := r.d.b
	raw := b[v.start:v.end]
	c := r.d.container(v.start)
	r.out = append(r.out, raw[0])
	r.newline(depth + 1)
	note := "[headroom: " + elision.Thousands(int64(l.n)) + " records"
	if len(l.full) > 0 {
		note += ", " + elision.Thousands(int64(len(l.full))) + " in full"
	}
	// The records shown above the folds are named there; those past
	// the names are not among the records the note leaves out.
	shown := maps.Clone(l.full)
	maps.Copy(shown, l.whole)
	if whole := len(shown) - len(l.full); whole > 0 {
		note += ", " + onALine(whole)
	}
	if told := l.toldAbove(shown); len(told) > 0 {
		// Of the records a line shows by key, those that lack the
		// field show their key alone.
		with, j := 0, 0
		r.d.eachItem(v.start, func(start, end int) bool {
			if _, ok := l.told(r.d.scan, j, seg{start, end}); ok && told[j] {
				with++
			}
			j++
			return true
		})
		field := string(l.tell[1 : len(l.tell)-1])
		note += ", " + elision.Thousands(int64(len(told))) + " by " + l.by()
		if with == len(told) {
			note += " and " + field
		} else {
			note += " (" + elision.Thousands(int64(with)) + " with " + field + ")"
		}
		maps.Copy(shown, told)
	}
	note += "; " + l.names.namesBeside(shown)
	if more := l.names.namesMore(l.names.past(shown)); more != "" {
		note += ", " + more
	}
	r.out = appendLiteral(r.out, note+"]")
	i, elided := 0, 0
	each := func(key, val seg) bool {
		if !shown[i] {
			elided += countMembers(r.d.scan, val)
			i++
			return true
		}
		r.out = append(r.out, r.d.comma...)
		r.newline(depth + 1)
		if l.object {
			r.str(b[key.start:key.end], 4*r.lv.chars)
			r.out = append(r.out, r.d.colon...)
		}
		switch {
		case l.full[i]:
			r.fullRecord(val, depth+1, c.rareKeys)
		case l.whole[i]:
			r.lineRecord(val)
		default:
			r.oneLine(i, val, l)
		}
		i++
		return len(r.out) <= r.limit
	}
	if l.object {
		// A map's note is a member: its value, written once the records
		// are, counts the fields of those named in folds.
		r.out = append(r.out, r.d.colon...)
		at := len(r.out)
		r.d.eachMember(v.start, each)
		r.out = slices.Insert(r.out, at, appendLiteral(nil, l.countElided(elided))...)
	} else {
		r.d.eachItem(v.start, func(start, end int) bool { return each(seg{}, seg{start, end}) })
	}
	for _, f := range l.names.foldsBut(shown) {
		if len(r.out) > r.limit {
			break
		}
		if l.object {
			r.keyFold(f, depth+1)
		} else {
			r.fold(f, depth+1)
		}
	}
	r.newline(depth)
	r.out = append(r.out, raw[len(raw)-1])
	if r.shown != nil {
		r.shown[v.start] = l.n
	}
}

// fold writes, after a comma, a fold of names at depth as a record that
// holds only the key, so that the view is still JSON.
func (r *docRender) fold(f string, depth int) {
	r.out = append(r.out, r.d.comma...)
	r.newline(depth)
	r.out = append(r.out, '{')
	r.newline(depth + 1)
	r.out = append(r.out, f...)
	r.newline(depth)
	r.out = append(r.out, '}')
}

// keyFold writes, after a comma, a fold of a map's keys at depth as a
// member whose value, an empty record, is on a line of its own: the fold's
// line ends in its braces, as a fold of a record list's names does.
func (r *docRender) keyFold(f string, depth int) {
	r.out = append(r.out, r.d.comma...)
	r.newline(depth)
	r.out = append(r.out, f...)
	r.newline(depth + 1)
	r.out = append(r.out, "{}"...)
}

// lineRecord writes a record on one line: whole if it is as short as a
// note, else its members with strings cut and containers summarised as
// the view cuts and summarises them.
func (r *docRender) lineRecord(v seg) {
	if wholeLen(r.d.scan, v) <= inlineMax {
		r.whole(v)
		return
	}
	b := r.d.b
	r.out = append(r.out, '{')
	sep := ""
	r.d.eachMember(v.start, func(key, val seg) bool {
		r.out = append(r.out, sep...)
		r.member(b[key.start:key.end], val)
		sep = ", "
		return len(r.out) <= r.limit
	})
	r.out = append(r.out, '}')
}

// fullRecord writes a record in full: expanded fullDepth levels below
// itself whatever the depth of the view, and not a frontier of it.
func (r *docRender) fullRecord(v seg, depth int, rare map[string]bool) {
	savedDepth, savedEdge, savedExpand := r.depth, r.edge, r.expand
	r.depth, r.edge, r.expand = max(r.depth, depth+fullDepth), nil, nil
	r.full = true
	r.value(v, depth, rare)
	r.full = false
	r.depth, r.edge, r.expand = savedDepth, savedEdge, savedExpand
}

// bracesShown counts the records of the map at v that oneLine shows as
// {}: by name, with no field to tell and no list to count.
func (l *recordList) bracesShown(s scan, v seg) int {
	if !l.object || l.label != nil {
		return 0
	}
	n, i := 0, 0
	s.eachMember(v.start, func(_, val seg) bool {
		if l.shape(s, i, val) == shownByKey && s.b[val.start] != '[' {
			if _, ok := l.told(s, i, val); !ok {
				n++
			}
		}
		i++
		return true
	})
	return n
}

// oneLine writes record i, v, by the value that names it.
func (r *docRender) oneLine(i int, v seg, l *recordList) {
	b := r.d.b
	switch {
	case l.object && l.label == nil:
		// A record a map names shows its tell field alone, or nothing,
		// as a record shown by a label shows that field: the note above
		// counts the fields left out. A list's line tells its first
		// record's field in that record's brackets and counts the
		// records after it, or, with no field to tell, counts its
		// records: an empty list, or a list of one, would read as the
		// input's. The count is a marker, not a string the list holds.
		list := b[v.start] == '['
		val, ok := l.told(r.d.scan, i, v)
		switch {
		case !ok && list:
			r.out = append(r.out, '[')
			r.out = appendLiteral(r.out, "[headroom: "+plural(countMembers(r.d.scan, v), "record", "records")+"]")
			r.out = append(r.out, ']')
		case !ok:
			r.out = append(r.out, "{}"...)
		case list:
			r.out = append(r.out, "[{"...)
			r.member(l.tell, val)
			r.out = append(r.out, '}')
			if more := countMembers(r.d.scan, v) - 1; more > 0 {
				r.out = append(r.out, r.inlineComma()...)
				r.out = appendLiteral(r.out, "[headroom: "+elision.Thousands(int64(more))+" more]")
			}
			r.out = append(r.out, ']')
		default:
			r.out = append(r.out, '{')
			r.member(l.tell, val)
			r.out = append(r.out, '}')
		}
		return
	case l.object:
		r.out = append(r.out, '{')
		r.member(l.label, r.d.memberValue(v, l.label))
		r.out = append(r.out, '}')
		return
	}
	r.out = append(r.out, '{')
	if len(l.path) == 2 {
		inner := r.d.memberValue(v, l.path[0])
		r.out = append(r.out, l.path[0]...)
		r.out = append(r.out, r.d.colon...)
		r.out = append(r.out, '{')
		r.member(l.path[1], r.d.memberValue(inner, l.path[1]))
		r.out = append(r.out, '}')
	} else {
		r.member(l.path[0], r.d.memberValue(v, l.path[0]))
		if val, ok := l.told(r.d.scan, i, v); ok {
			r.out = append(r.out, r.inlineComma()...)
			r.member(l.tell, val)
		}
		if val, ok := l.told2(r.d.scan, v); ok {
			r.out = append(r.out, r.inlineComma()...)
			r.member(l.tell2, val)
		}
		if k, val, ok := l.named(r.d.scan, v); ok {
			r.out = append(r.out, r.inlineComma()...)
			if l.nameIn != nil {
				r.inner(l, v)
			} else {
				r.member(r.d.b[k.start:k.end], val)
			}
		}
	}
	r.out = append(r.out, '}')
}

// innerNames returns the members of the object under nameIn of record v
// that name it: strings under keys that name (see nameLike), as a
// profile's function name and its script's url.
func (l *recordList) innerNames(s scan, v seg) []member {
	var out []member
	inner := s.memberValue(v, l.nameIn)
	if inner.end <= inner.start || s.b[inner.start] != '{' {
		return nil
	}
	s.eachMember(inner.start, func(k, x seg) bool {
		if s.b[x.start] == '"' && nameLike(s.b[k.start:k.end]) {
			out = append(out, member{key: k, val: x})
		}
		return true
	})
	return out
}

// inner writes, after a comma, the object under nameIn of record v by
// its names (see innerNames).
func (r *docRender) inner(l *recordList, v seg) {
	r.out = append(r.out, l.nameIn...)
	r.out = append(r.out, r.d.colon...)
	r.out = append(r.out, '{')
	for i, m := range l.innerNames(r.d.scan, v) {
		if i > 0 {
			r.out = append(r.out, r.inlineComma()...)
		}
		r.member(r.d.b[m.key.start:m.key.end], m.val)
	}
	r.out = append(r.out, '}')
}

// maxInnerTries caps the objects of a record innerName looks in.
const maxInnerTries = 4

// innerName returns the key of an object every record holds and the key
// of the string in it that names the record: one of nameKeys, or a key that
// ends in name (functionName); or nil.
func innerName(b []byte, items []seg) ([]byte, []string) {
	tried := 0
	for _, st := range countKeys(b, items, nil) {
		if st.objects != len(items) {
			continue
		}
		// Each object tried costs a pass over the records.
		if tried++; tried > maxInnerTries {
			break
		}
		for _, in := range countKeys(b, items, st.name) {
			if in.strings == len(items) && nameLike(in.name) {
				return st.name, []string{string(in.name)}
			}
		}
	}
	return nil, nil
}

// nameLike reports whether a quoted key names what holds it: one of
// nameKeys, or a key that ends in name.
func nameLike(key []byte) bool {
	return nameRank(key) < len(nameKeys) || strings.HasSuffix(lowerContent(key), "name")
}

// named returns the member that names record v, for a list whose key is
// no name (a syntax tree's statements go by lineno, and a class or a
// function among them has a name too): a string value under the first of
// nameKeys the record has, of those only some records have (a name every
// record has, and that is no key, is a category); false if it has none.
func (l *recordList) named(s scan, v seg) (key, val seg, ok bool) {
	if len(l.someNamed) == 0 {
		return seg{}, seg{}, false
	}
	if l.nameIn != nil {
		inner := s.memberValue(v, l.nameIn)
		if inner.end <= inner.start || s.b[inner.start] != '{' {
			return seg{}, seg{}, false
		}
		s.eachMember(inner.start, func(k, x seg) bool {
			if string(s.b[k.start:k.end]) == l.someNamed[0] && s.b[x.start] == '"' {
				key, val, ok = k, x, true
				return false
			}
			return true
		})
		return key, val, ok
	}
	best := len(nameKeys)
	s.eachMember(v.start, func(k, x seg) bool {
		name := s.b[k.start:k.end]
		if rank := nameRank(name); rank < best && s.b[x.start] == '"' && slices.Contains(l.someNamed, string(name)) {
			best, key, val, ok = rank, k, x, true
		}
		return true
	})
	return key, val, ok
}

// member writes key: value, the key as the input quotes it and the value
// cut as any string of the view.
func (r *docRender) member(key []byte, v seg) {
	r.out = append(r.out, key...)
	r.out = append(r.out, r.d.colon...)
	r.value(v, maxViewDepth, nil)
}

// tierList ranks the lines of a run of records shown one a line: right
// after the census, in their order, so that Fit lays them down one after
// the other and never prices a gap between two of them.
const tierList = prioCensus - 1

// listLine is the line a view of a run of records shows for one record.
type listLine struct {
	piece Piece
	cost  int
	// fields is how many fields of the record the line shows: 0 if it
	// shows the record whole or condensed (with notes of its own), 1 by
	// its key alone, 2 with a field that sets it apart.
	fields int
	elided int // the fields it leaves out, if it shows some
	// sums is set for a condensed line that leaves out the hashes
	// closing every record of the run, which the run's note names once.
	sums bool
}

// listPieces proposes the view of a run of records one record a line, the
// records that are objects (objs, by index in s.recs) named by the value at
// path, when a line for each fits the budget with room to spare: each record by its key, as a note
// standing for its lines, or whole if it is as short; then, as the budget
// allows, the records that fail, the first, those that differ and the
// last, whole or condensed. It adds what it leaves out to the census, and
// returns false if its lines do not fit.
func (s *stream) listPieces(cen *census, objs []int, path [][]byte, c Counter) ([]Piece, bool) {
	l := &recordList{n: len(objs), path: path}
	s.sums = s.closingSums(objs)
	lines := make([]listLine, len(objs))
	cost, elided := 0, 0
	for i, ri := range objs {
		lines[i] = s.listLine(s.recs[ri], l, nil, noteBytes, c)
		cost += lines[i].cost
		elided += lines[i].elided
	}
	// Lines that are no record's (text, blank lines) go as gap lines at
	// worst, and Fit holds one gap line's worth back.
	gap := maxGapCost(s.lines, c)
	runs, next := 1, 1
	for _, ri := range objs {
		if r := s.recs[ri]; r.first > next {
			runs++
		}
		next = s.recs[ri].last + 1
	}
	if next <= s.lines {
		runs++
	}
	// The census costs at most what it costs with every count as long as
	// it can be.
	extra := cen.extra
	n := len(objs)
	tell := s.tellField(objs, path)
	cen.extra = extra + listPhrase([4]int{n, n, n, n * btoi(tell != nil)}, elided, l.by(), tell)
	left := s.budget - cost - runs*gap - c.Count([]byte(cen.note(len(s.recs)))) - 1
	if left < s.budget/10 {
		cen.extra = extra
		return nil, false
	}
	// The lines of other text (the next command's output, a tool's
	// error) get room, up to a third of the budget, before any record is
	// shown in more than its key.
	left -= min(s.textCost(c), s.budget/3)
	ups := s.upgrades(objs)
	if tell != nil && labelRank(tell) < len(labelKeys) {
		// A field that tells most records apart and says what each is,
		// a version or a state (see labelKeys), goes on every line
		// before more records are shown whole, but for those that fail
		// and the first, which shows what a record holds: a version on
		// each of forty lines tells more than three more records whole.
		// Records that all fit whole are still shown whole.
		var first, rest []upgrade
		for _, u := range ups {
			if u.key == nil && (u.i == 0 || failing(s.b, seg{}, s.recs[objs[u.i]].v, 2)) {
				first = append(first, u)
			} else {
				rest = append(rest, u)
			}
		}
		s.upgradeLines(objs, first, lines, l, &left, c)
		whole, wholeLeft := slices.Clone(lines), left
		s.upgradeLines(objs, rest, whole, l, &wholeLeft, c)
		bigs := map[int]*listLine{}
		s.spreadWhole(objs, whole, wholeLeft, bigs, false, c)
		if slices.ContainsFunc(whole, func(ln listLine) bool { return ln.fields == 1 }) {
			s.tellLines(objs, lines, l, tell, &left, c)
			if byForm(lines, 1) > byForm(lines, lineTells) {
				// Most lines have no room for the field: many lines by
				// key alone among a few with a version read as records
				// that have none (a main or replaced module). Fewer
				// lines, each with the field, spread over the run beside
				// the others named in folds, keep one form and show more
				// versions (see namedLines).
				cen.extra = extra
				return nil, false
			}
			s.upgradeLines(objs, rest, lines, l, &left, c)
			s.spreadWhole(objs, lines, left, bigs, true, c)
		} else {
			lines = whole
		}
	} else {
		s.upgradeLines(objs, ups, lines, l, &left, c)
		// The room left shows more records whole or condensed, spread
		// over the run. If that leaves records by their keys alone, it
		// shows first the field that tells most records apart (a size)
		// beside the keys of records spread over the run: for the room
		// of one record whole, the lines of two or three say what each
		// holds.
		whole := slices.Clone(lines)
		bigs := map[int]*listLine{} // the lines of records whole, once made
		s.spreadWhole(objs, whole, left, bigs, false, c)
		if tell == nil || !slices.ContainsFunc(whole, func(ln listLine) bool { return ln.fields == 1 }) {
			lines = whole
		} else {
			s.tellLines(objs, lines, l, tell, &left, c)
			s.spreadWhole(objs, lines, left, bigs, false, c)
		}
	}
	var count [4]int
	elided = 0
	for _, ln := range lines {
		count[ln.fields]++
		elided += ln.elided
	}
	cen.extra = extra + listPhrase(count, elided, l.by(), tell)
	// Other lines show the sums, or mark them elided: the count says
	// how many leave them out unmarked.
	unmarked := 0
	for _, ln := range lines {
		unmarked += btoi(ln.sums)
	}
	if unmarked > 0 {
		cen.extra += "; " + plural(unmarked, "condensed line leaves", "condensed lines leave") + " out " + s.sums
	}
	out := make([]Piece, len(lines))
	for i, ln := range lines {
		out[i] = ln.piece
		out[i].Prio = tierList - i
	}
	return out, true
}

// upgradeLines shows the records of ups more fully than by their keys,
// in that order, each that fits in the room left, which it lessens.
func (s *stream) upgradeLines(objs []int, ups []upgrade, lines []listLine, l *recordList, left *int, c Counter) {
	for _, u := range ups {
		i, r := u.i, s.recs[objs[u.i]]
		if lines[i].fields != 1 && lines[i].fields != lineTells {
			continue // shown whole or by a field most lack already
		}
		var big listLine
		ok := true
		if u.key != nil {
			big = s.listLine(r, l, u.key, noteBytes, c)
		} else {
			// In full: as long as a line of a record, or of a failing
			// one, may be.
			big, ok = s.lineIn(r, s.keepBytes(failing(s.b, seg{}, r.v, 2)), c)
		}
		if !ok || big.cost-lines[i].cost > *left {
			continue
		}
		*left -= big.cost - lines[i].cost
		lines[i] = big
	}
}

// tellLines shows the field tell beside the keys of the records of objs
// shown by their keys alone, spread over the run, in the room left, which
// it lessens, until a few in a row do not fit.
func (s *stream) tellLines(objs []int, lines []listLine, l *recordList, tell []byte, left *int, c Counter) {
	misses := 0
	for _, i := range spreadOrder(len(objs)) {
		if misses == maxLineMisses {
			break
		}
		if lines[i].fields != 1 {
			continue
		}
		told := s.listLine(s.recs[objs[i]], l, tell, 0, c)
		if told.fields != 2 || told.cost-lines[i].cost > *left {
			misses++
			continue
		}
		misses = 0
		*left -= told.cost - lines[i].cost
		told.fields = lineTells
		lines[i] = told
	}
}

// spreadWhole shows records of objs whole or condensed in place of their
// lines by key alone, or by key and the field that tells them too if told
// is set, spread over the run, in the room left, until a few in a row do
// not fit. bigs holds the lines made, by index in objs (nil for none), for
// another call.
func (s *stream) spreadWhole(objs []int, lines []listLine, left int, bigs map[int]*listLine, told bool, c Counter) {
	misses := 0
	for _, i := range spreadOrder(len(objs)) {
		if misses == maxLineMisses {
			break
		}
		if lines[i].fields != 1 && !(told && lines[i].fields == lineTells) {
			continue // shown whole, or by a field
		}
		big, made := bigs[i]
		if !made {
			ln, ok := s.lineIn(s.recs[objs[i]], min(s.keepBytes(false), spreadLine), c)
			// A summary in place of the record would not name it.
			if ok && strings.HasPrefix(ln.piece.Note+string(ln.piece.Text), "{") {
				big = &ln
			}
			bigs[i] = big
		}
		if big == nil || big.cost-lines[i].cost > left {
			misses++
			continue
		}
		misses = 0
		left -= big.cost - lines[i].cost
		lines[i] = *big
	}
}

// byForm counts the lines that show as many fields as form (see listLine).
func byForm(lines []listLine, form int) int {
	n := 0
	for _, ln := range lines {
		n += btoi(ln.fields == form)
	}
	return n
}

// lineTells, as the fields of a listLine, marks a record's line by its key
// and the field that tells records apart (see tellField).
const lineTells = 3

// tellField returns the key of the field that tells most of the records
// objs apart beside their key at path (see tellStat and varies), or nil;
// nil too if its values mostly repeat a part of the key's (a package's
// name beside its import path), which tells nothing more.
func (s *stream) tellField(objs []int, path [][]byte) []byte {
	items := make([]seg, len(objs))
	for i, ri := range objs {
		items[i] = s.recs[ri].v
	}
	st := newRecordSet(s.b, items).tellStat(path[0], nil, false)
	if st == nil || !varies(st, len(items)) {
		return nil
	}
	if repeats, _ := repeatsKey(s.b, items, namesAt(s.b, items, path), st.name); repeats*2 >= len(items) {
		return nil
	}
	return st.name
}

// keyed returns the records of the run that are objects, by index in
// s.recs, their values, and the path to the value that tells them apart;
// false if a record is another value, too few are objects, or no key
// tells them apart.
func (s *stream) keyed() ([]int, []seg, [][]byte, bool) {
	var objs []int
	for i, r := range s.recs {
		if r.text {
			continue
		}
		if kindAt(s.b, r.v.start) != jObject {
			return nil, nil, nil, false
		}
		objs = append(objs, i)
	}
	if len(objs) < minRecords {
		return nil, nil, nil, false
	}
	items := make([]seg, len(objs))
	for i, ri := range objs {
		items[i] = s.recs[ri].v
	}
	path := newRecordSet(s.b, items).recordKey()
	return objs, items, path, path != nil
}

// namesShare is the most of a budget, in percent, that a note naming the
// records of a list may take: the rest shows the first records and those
// that fail. A person debugging wants to know which records there are
// before what one more of them holds.
const namesShare = 85

// recordNames names the records of a list by the values of the key that
// tells them apart, in folds, as a listing view names paths, for a view
// that cannot show each record on a line of its own.
type recordNames struct {
	key   []byte // quoted as the input has it
	colon string // the input's, between the key and its value
	// names are the values, as the input writes each inside its quotes,
	// in the list's order; m of them are named (see picked), in folds cut
	// at width. With no key, the names are a map's keys.
	names    []string
	m, width int
	// spread is set when the m named are spread over the list rather
	// than its first m.
	spread bool
	// tail is how many of the list's last records a cut of its tail
	// would show (see tailCut): the first m named leave them out, so
	// that many of the m are the last, at most half of them.
	tail int
}

// newRecordNames returns the names of the records at items, the values at
// path, or with no path the keys of a map that items are; false if a value
// is not a string or holds a brace or a comma (it would read as a fold),
// the key is none of nameKeys and its values are mostly digits (a time or
// a serial number tells events apart, and names nothing), or most names
// differ from others only in their numbers.
func newRecordNames(b []byte, items []seg, path [][]byte) (*recordNames, bool) {
	rn := &recordNames{names: make([]string, len(items))}
	if path != nil {
		rn.key = path[len(path)-1]
	}
	size, digits := 0, 0
	for i, v := range items {
		if len(path) == 2 {
			v = memberValue(b, v, path[0])
		}
		if path == nil {
			rn.names[i] = string(b[v.start+1 : v.end-1])
		} else {
			eachMember(b, v.start, func(k, val seg) bool {
				if !bytes.Equal(b[k.start:k.end], rn.key) {
					return true
				}
				if rn.colon == "" {
					rn.colon = string(b[k.end:val.start])
				}
				if b[val.start] == '"' {
					rn.names[i] = string(b[val.start+1 : val.end-1])
				}
				return false
			})
		}
		if rn.names[i] == "" || strings.ContainsAny(rn.names[i], "{},") {
			return nil, false
		}
		size += len(rn.names[i])
		for _, r := range rn.names[i] {
			if '0' <= r && r <= '9' {
				digits++
			}
		}
	}
	if path != nil && nameRank(rn.key) == len(nameKeys) && digits*2 > size {
		return nil, false
	}
	// Names that differ only in their numbers (worker-1, worker-2) count
	// the records, and say less than the records would.
	shapes := map[string]bool{}
	for _, name := range rn.names {
		shapes[digitRuns.ReplaceAllString(name, "#")] = true
	}
	if len(shapes)*2 < len(rn.names) {
		return nil, false
	}
	if strings.ContainsAny(rn.colon, "\n\r") {
		rn.colon = ": "
	}
	return rn, true
}

// digitRuns matches the numbers in a name.
var digitRuns = regexp.MustCompile(`[0-9]+`)

// maxNamePaths caps the keys tried in turn to name records in folds.
const maxNamePaths = 4

// namePaths returns the paths to values that may name the records at items
// in folds: path, the key that tells them apart, then the other keys every
// record has with a value no two share, those of nameKeys first. A display
// name often holds spaces and commas where a code ("alpha_2": "AD") or an
// id names the record in a word.
func namePaths(b []byte, items []seg, path [][]byte) [][][]byte {
	out := [][][]byte{path}
	var keys []*recordKeyStat
	for _, st := range countKeys(b, items, nil) {
		if st.n == len(items) && len(st.values) == len(items) && (len(path) > 1 || !bytes.Equal(st.name, path[0])) {
			keys = append(keys, st)
		}
	}
	slices.SortStableFunc(keys, func(x, y *recordKeyStat) int { return cmp.Compare(nameRank(x.name), nameRank(y.name)) })
	for _, st := range keys[:min(len(keys), maxNamePaths-1)] {
		out = append(out, [][]byte{st.name})
	}
	return out
}

// folds returns the lines that name the m records picked, sorted, one fold
// a line, each as the input writes the member: "ImportPath": "archive/{tar,zip}".
func (rn *recordNames) folds() []string { return rn.foldsBut(nil) }

// foldsBut returns the folds of the m records picked but those in skip, by
// index: records a view shows besides.
func (rn *recordNames) foldsBut(skip map[int]bool) []string {
	var shown []string
	for _, i := range rn.picked() {
		if !skip[i] {
			shown = append(shown, rn.names[i])
		}
	}
	slices.Sort(shown)
	lines := newFolds(shown, true).lines(rn.width)
	for i, l := range lines {
		if rn.key == nil {
			lines[i] = "\"" + l[2:] + "\":"
		} else {
			lines[i] = string(rn.key) + rn.colon + "\"" + l[2:] + "\""
		}
	}
	return lines
}

// last is how many of the m named are the list's last, if not all are
// named and the names are not spread over it: as many as tail says, at
// most half of them.
func (rn *recordNames) last() int {
	if rn.spread || rn.m >= len(rn.names) {
		return 0
	}
	return min(rn.tail, rn.m/2)
}

// tailCut returns how many of the records at items, from the last, a cut
// of the input's tail in half of budget tokens would show whole: a view
// that names the first records only would show fewer of the last than a
// cut of the input's head and tail. Each record runs to the next; no
// record is counted past budget*16 bytes, more than the cut can hold.
func tailCut(b []byte, items []seg, budget int, c Counter) int {
	used := 0
	for k := len(items) - 1; k >= 0; k-- {
		end := items[k].end
		if k+1 < len(items) {
			end = items[k+1].start
		}
		used += c.Count(b[items[k].start:min(end, items[k].start+budget*16)])
		if used > budget/2 {
			return len(items) - 1 - k
		}
	}
	return len(items)
}

// picked returns the indices of the m records named, in order: the first
// m, and the last as many as last says; or with spread, m spread evenly
// over the list, the first and the last among them.
func (rn *recordNames) picked() []int {
	n, m := len(rn.names), min(rn.m, len(rn.names))
	out := make([]int, 0, m)
	switch {
	case rn.last() > 0:
		for i := range m - rn.last() {
			out = append(out, i)
		}
		for i := n - rn.last(); i < n; i++ {
			out = append(out, i)
		}
	case m == n || !rn.spread:
		for i := range m {
			out = append(out, i)
		}
	case m == 1:
		out = append(out, 0)
	case m > 1:
		for k := range m {
			out = append(out, (2*k*(n-1)+m-1)/(2*(m-1)))
		}
	}
	return out
}

// fit names all records in folds of the widest width whose text costs at
// most limit tokens, else as many as fit, and reports whether that names
// enough of them, in folds that save lines. text writes the names as a view shows them.
func (rn *recordNames) fit(limit int, text func() string, c Counter) bool {
	fits := func() bool {
		t := text()
		return len(t) <= limit*12 && c.Count([]byte(t)) <= limit
	}
	// The names past four times the bytes a token holds cannot fit.
	n, size := len(rn.names), 0
	for i, name := range rn.names {
		if size += len(name) + 1; size > limit*16 {
			n = i
			break
		}
	}
	widths := []int{listFoldWide, listFoldDir, listFoldTop, listFoldRun}
	if n == len(rn.names) {
		for _, w := range widths {
			if rn.m, rn.width = n, w; fits() {
				return rn.folded()
			}
		}
	}
	// most names as many as fit, at the width that fits most.
	most := func(spread bool) {
		best, width := 0, 0
		rn.spread = spread
		for _, w := range widths {
			rn.width = w
			m := sort.Search(n+1, func(m int) bool { rn.m = m; return m > best && !fits() }) - 1
			if m > best {
				best, width = m, w
			}
		}
		rn.m, rn.width = best, width
	}
	// Whether a good part of the names fit is told by the first alone.
	tail := rn.tail
	rn.tail = 0
	if most(false); rn.m*namesLeast < len(rn.names) {
		// The head of a list too long for a good part of its names to
		// fit says less than the records it would leave no room for;
		// names spread over it say how far it runs and what it holds, as
		// a map of media types holds application/, image/ and text/.
		most(true)
	} else if rn.tail = tail; tail > 0 && rn.m*2 < len(rn.names) {
		// Names that leave out most of a list say nothing of how it
		// ends, which a cut of its head and tail shows: the last records
		// such a cut would show are named too.
		most(false)
	}
	rn.tail = tail
	return rn.m >= minRecords && rn.folded()
}

// namesLeast: the names of a list's records are shown when at least one in
// namesLeast of them fits.
const namesLeast = 4

// folded reports whether the names fold two to a line at least: names that
// do not (with spaces, escapes, no start in common) say no more in folds
// than a line for each record would.
func (rn *recordNames) folded() bool {
	return len(rn.folds())*2 <= rn.m
}

// namesHead says what the names of a list's records are: all of them, or
// the first m or m spread over it; counted, after a note that counts the
// records already.
func (rn *recordNames) namesHead(counted bool) string {
	s := "the " + elision.Thousands(int64(len(rn.names))) + " records"
	switch {
	case counted && rn.m == len(rn.names):
		s = "all"
	case counted && rn.spread:
		s = elision.Thousands(int64(rn.m)) + " spread over the list"
	case counted:
		s = firstAndLast(rn.m-rn.last(), rn.last())
	case rn.m < len(rn.names) && rn.spread:
		s = elision.Thousands(int64(rn.m)) + " spread over " + s
	case rn.m < len(rn.names):
		s = firstAndLast(rn.m-rn.last(), rn.last()) + " of " + s
	}
	return s + rn.byFolds()
}

// byFolds says what the names are and how they are folded.
func (rn *recordNames) byFolds() string {
	by := "name"
	if rn.key != nil {
		by = string(rn.key[1 : len(rn.key)-1])
	}
	return " by " + by + ", in folds (" + FoldLegend + ")"
}

// namesBeside says, after a note that counts the records shown, by index,
// which of the others the names name, so that no record is counted twice:
// those shown are left out of the folds.
func (rn *recordNames) namesBeside(shown map[int]bool) string {
	picked := rn.picked()
	last := rn.last()
	firstIn, lastIn := 0, 0
	for k, i := range picked {
		switch {
		case !shown[i]:
		case k >= len(picked)-last:
			lastIn++
		default:
			firstIn++
		}
	}
	if firstIn+lastIn == 0 {
		return rn.namesHead(true)
	}
	first := len(picked) - last - firstIn
	last -= lastIn
	var s string
	switch {
	case rn.m >= len(rn.names):
		s = "others"
	case rn.spread:
		s = elision.Thousands(int64(first)) + " others spread over the list"
	default:
		s = "of the others, " + firstAndLast(first, last)
	}
	return s + rn.byFolds()
}

// firstAndLast says which records names name when they are a list's
// first first and its last last: the last alone if no first are.
func firstAndLast(first, last int) string {
	switch {
	case last == 0:
		return "the first " + elision.Thousands(int64(first))
	case first == 0:
		return "the last " + elision.Thousands(int64(last))
	}
	return "the first " + elision.Thousands(int64(first)) + " and the last " + elision.Thousands(int64(last))
}

// namesMore counts the records the names leave out, but past of them a
// view shows besides, or is "".
func (rn *recordNames) namesMore(past int) string {
	n := len(rn.names) - rn.m - past
	if n <= 0 {
		return ""
	}
	return "and " + elision.Thousands(int64(n)) + " more records"
}

// past counts the records in shown, by index, that are not among the m
// the names name.
func (rn *recordNames) past(shown map[int]bool) int {
	n := len(shown)
	for _, i := range rn.picked() {
		if shown[i] {
			n--
		}
	}
	return n
}

// streamNames names the records at items by the value at path, for a
// stream that cannot show each on a line of its own in a view of budget
// tokens, as many as fit in limit tokens and the rest counted; or nil (see
// newRecordNames and fit).
func streamNames(b []byte, items []seg, path [][]byte, budget, limit int, c Counter) *recordNames {
	tail := tailCut(b, items, budget, c)
	for _, p := range namePaths(b, items, path) {
		rn, ok := newRecordNames(b, items, p)
		if ok {
			rn.tail = tail
		}
		if ok && rn.fit(limit, func() string { return rn.note(nil) }, c) {
			return rn
		}
	}
	return nil
}

// note returns the lines that name a stream's records in folds, but those
// in shown, by index, which the view shows on a line each: a head that
// counts the records either way, the folds, and the records left out.
func (rn *recordNames) note(shown map[int]bool) string {
	head := rn.namesHead(false)
	past := rn.past(shown)
	if len(shown) > 0 {
		head = "the " + elision.Thousands(int64(len(rn.names))) + " records by " + string(rn.key[1:len(rn.key)-1]) +
			": " + onALine(len(shown)) + " below, " +
			elision.Thousands(int64(rn.m-len(shown)+past)) + " in folds (" + FoldLegend + ")"
	}
	var sb strings.Builder
	sb.WriteString("[headroom: " + head + ":]")
	for _, l := range rn.foldsBut(shown) {
		sb.WriteString("\n  " + l)
	}
	if more := rn.namesMore(past); more != "" {
		sb.WriteString("\n  " + more)
	}
	return sb.String()
}

// spreadLine is the longest line of a record shown on a line of its own
// to spread a stream's records over the run beside their names.
const spreadLine = 200

// maxLineMisses is how many records in a row may not fit on a line of
// their own before a view stops trying others: each try condenses one.
const maxLineMisses = 16

// namedLines picks the records of a stream named in folds by rn that the
// room the names leave shows on a line each, whole or condensed: those
// that fail, then the first, the last and others spread over the run, as
// many as fit beside the names and the first of notes that leaves room
// for one. It returns them by index in objs, their pieces, and the index
// of that note in notes; or no pieces and -1. Each record's line is made
// once, whichever note it is tried beside.
func (s *stream) namedLines(objs []int, path [][]byte, rn *recordNames, notes []string, c Counter) (map[int]bool, []Piece, int) {
	gap := maxGapCost(s.lines, c)
	l := &recordList{n: len(objs), path: path}
	tell := s.tellField(objs, path)
	base := s.budget - min(s.textCost(c), s.budget/3) - gap - 1
	var order []int
	for i, ri := range objs {
		if failing(s.b, seg{}, s.recs[ri].v, 2) {
			order = append(order, i)
		}
	}
	order = append(order, spreadOrder(len(objs))...)
	lines := map[int]*listLine{} // nil for a record no line may show
	line := func(i int) *listLine {
		if ln, ok := lines[i]; ok {
			return ln
		}
		r := s.recs[objs[i]]
		// The records that fail and the first, which shows what a record
		// holds, are shown as fully as a line of a record may be; the
		// others more briefly, so that more of them fit.
		failed := failing(s.b, seg{}, r.v, 2)
		keep := s.keepBytes(failed)
		if !failed && i != 0 {
			keep = min(keep, spreadLine)
		}
		ln, ok := s.lineIn(r, keep, c)
		if !failed && i != 0 && tell != nil {
			// By the field that tells records apart, rather than whole,
			// as a stream shown one record a line does (see listPieces).
			if told := s.listLine(r, l, tell, 0, c); told.fields == 2 && (!ok || told.cost < ln.cost) {
				ln, ok = told, true
			}
		}
		// A line that leaves out the record's name would leave it
		// unnamed: it leaves the folds.
		name := string(rn.key) + rn.colon + `"` + rn.names[i] + `"`
		if !ok || !strings.Contains(string(ln.piece.Text)+ln.piece.Note, name) {
			lines[i] = nil
			return nil
		}
		lines[i] = &ln
		return &ln
	}
	gaps := &gapCoster{c: c}
	for k, note := range notes {
		if shown, out := s.namedBeside(objs, rn, note, order, line, gaps, base, gap, c); out != nil {
			return shown, out, k
		}
	}
	return nil, nil, -1
}

// namedBeside picks the records namedLines shows beside note, trying
// them in order, each by its line (nil for a record no line may show), in
// base tokens with gaps of at most gap; or nil if none fits.
func (s *stream) namedBeside(objs []int, rn *recordNames, note string, order []int, line func(int) *listLine,
	gaps *gapCoster, base, gap int, c Counter) (map[int]bool, []Piece) {
	shown := map[int]bool{}
	var picked []int
	spend := func(left int) {
		misses := 0
		for _, i := range order {
			if misses == maxLineMisses || left < gap {
				return
			}
			if shown[i] {
				continue
			}
			ln := line(i)
			if ln == nil || ln.cost+gap > left {
				misses++
				continue
			}
			misses = 0
			shown[i] = true
			picked = append(picked, i)
			left -= ln.cost + gap
		}
	}
	// The gap lines between the records picked cost what their line
	// numbers do, most less than the longest: counted as such, the room
	// they leave shows more records rather than stray lines.
	cost := func() int {
		n := c.Count([]byte(note + "\n" + rn.note(shown)))
		after := 0 // the last line of the record before
		for _, i := range slices.Sorted(maps.Keys(shown)) {
			r := s.recs[objs[i]]
			n += line(i).cost
			if r.first > after+1 {
				n += gaps.line(after+1, r.first-1)
			}
			after = r.last
		}
		return n
	}
	spend(base - cost())
	// The folds leave out the names of the records picked, and the room
	// that frees shows more.
	for range 2 {
		spend(base - cost())
	}
	// Folds without some names may cost more than with them: the last
	// records picked give way until the view fits.
	for len(picked) > 0 && cost() > base {
		delete(shown, picked[len(picked)-1])
		picked = picked[:len(picked)-1]
	}
	if len(picked) == 0 {
		return nil, nil
	}
	slices.Sort(picked)
	s.onLine = map[int]bool{}
	out := make([]Piece, len(picked))
	for n, i := range picked {
		s.onLine[s.recs[objs[i]].first] = true
		out[n] = line(i).piece
		out[n].Prio = tierList - n
	}
	return shown, out
}

// textCost returns what the lines of other text among the records cost
// as a view shows them (see textLine).
func (s *stream) textCost(c Counter) int {
	n := 0
	for _, r := range s.recs {
		if r.text {
			n += c.Count([]byte(renderLine(s.textLine(r, 0))))
		}
	}
	return n
}

// textLine is the piece that shows r, a line of other text.
func (s *stream) textLine(r record, prio int) Piece {
	start := bytes.LastIndexByte(s.b[:r.v.start], '\n') + 1
	end := lineEnd(s.b, start)
	return Cut(Line{N: r.first, Text: s.b[start:end], Len: int64(end - start)}, recordKeep, prio)
}

// listPhrase says, for the census, how the lines show the records: how
// many show it whole or condensed, by its key alone, by its key and the
// field tell, by its key and a field most records lack, each way no line
// shows a record left out, and the fields those leave out, if any.
func listPhrase(count [4]int, elided int, by string, tell []byte) string {
	var parts []string
	if count[0] > 0 {
		parts = append(parts, elision.Thousands(int64(count[0]))+" whole or condensed")
	}
	if count[1] > 0 {
		parts = append(parts, elision.Thousands(int64(count[1]))+" by "+by+" alone")
	}
	if count[lineTells] > 0 {
		parts = append(parts, elision.Thousands(int64(count[lineTells]))+" by "+by+" and "+string(tell[1:len(tell)-1]))
	}
	if count[2] > 0 {
		parts = append(parts, elision.Thousands(int64(count[2]))+" with a field most lack")
	}
	phrase := "; shown one a line: " + strings.Join(parts, ", ")
	if elided == 0 {
		// Lines whole or condensed mark what they leave out themselves.
		return phrase
	}
	return phrase + " (" + countElided(elided, "fields") + ")"
}

// onALine counts n records shown on a line each, in the singular for one.
func onALine(n int) string {
	if n == 1 {
		return "1 on a line"
	}
	return elision.Thousands(int64(n)) + " on a line each"
}

// countElided returns countElided of n of what a map's records hold:
// fields, items for a map of lists, or both for one of each.
func (l *recordList) countElided(n int) string {
	switch {
	case l.mixed && n == 1:
		return countElided(n, "field or item")
	case l.mixed:
		return countElided(n, "fields and items")
	case l.lists:
		return countElided(n, "items")
	}
	return countElided(n, "fields")
}

// countElided returns "n things elided", in the singular for one: "1
// field elided".
func countElided(n int, things string) string {
	if n == 1 {
		things = strings.TrimSuffix(things, "s")
	}
	return elision.Thousands(int64(n)) + " " + things + " elided"
}

// listLine returns the line for record r by its key, and the member named
// extra if it is set: a note standing for its lines, or the record's line
// itself if it is no more than slack bytes longer.
func (s *stream) listLine(r record, l *recordList, extra []byte, slack int, c Counter) listLine {
	d := newJSONDoc(s.b, r.v, false)
	rd := docRender{d: d, lv: jsonLevels[0], depth: maxViewDepth, limit: r.v.end - r.v.start + 1024}
	rd.oneLine(0, r.v, l)
	fields := 1
	if extra != nil {
		rd.out = rd.out[:len(rd.out)-1] // the closing brace
		rd.out = append(rd.out, d.comma...)
		rd.out = append(rd.out, extra...)
		rd.out = append(rd.out, d.colon...)
		v := memberValue(s.b, r.v, extra)
		if view, _ := condense(s.b, v, extraBytes); view != nil {
			rd.out = append(rd.out, view...)
		} else {
			rd.out = append(rd.out, d.container(v.start).summary(s.b, 0)...)
		}
		rd.out = append(rd.out, '}')
		fields = 2
	}
	note := string(rd.out)
	if r.first == r.last {
		start := bytes.LastIndexByte(s.b[:r.v.start], '\n') + 1
		if end := lineEnd(s.b, start); end-start <= len(note)+slack {
			text := s.b[start:end]
			return listLine{piece: Piece{Line: r.first, Text: text}, cost: lineCost(text, c)}
		}
	} else if extra == nil && wholeLen(scan{b: s.b}, r.v) <= inlineMax {
		// A short record over several lines, whole on one.
		rd.out = rd.out[:0]
		rd.whole(r.v)
		return listLine{piece: Piece{Line: r.first, Note: string(rd.out), Stands: r.last - r.first + 1},
			cost: c.Count(append(rd.out, '\n'))}
	}
	return listLine{
		piece:  Piece{Line: r.first, Note: note, Stands: r.last - r.first + 1},
		cost:   c.Count([]byte(note + "\n")),
		fields: fields,
		elided: l.elided(scan{b: s.b}, 0, r.v) + 1 - fields,
	}
}

// extraBytes is the most a record's line by its key shows of the field
// that sets the record apart.
const extraBytes = 160

// lineIn returns the line for record r in at most keep bytes: its own
// line if it is one that short, else the record condensed on one line.
func (s *stream) lineIn(r record, keep int, c Counter) (listLine, bool) {
	if r.first == r.last {
		start := bytes.LastIndexByte(s.b[:r.v.start], '\n') + 1
		if end := lineEnd(s.b, start); end-start <= keep {
			text := s.b[start:end]
			return listLine{piece: Piece{Line: r.first, Text: text}, cost: lineCost(text, c)}, true
		}
	}
	view, sums := condenseBeside(s.b, r.v, keep, s.sums)
	if view == nil {
		return listLine{}, false
	}
	note := string(view)
	return listLine{piece: Piece{Line: r.first, Note: note, Stands: r.last - r.first + 1}, cost: c.Count([]byte(note + "\n")), sums: sums}, true
}

// closingSums returns the names of the fields holding hashes (see
// opaqueField) that close the records objs, as a note names them, if at
// least two records close on them and no record closes on other hashes:
// the sums of go's module records. Else it returns "".
func (s *stream) closingSums(objs []int) string {
	names, n := "", 0
	var members []member
	for _, ri := range objs {
		members = members[:0]
		eachMember(s.b, s.recs[ri].v.start, func(key, val seg) bool {
			members = append(members, member{key: key, val: val})
			return true
		})
		from := len(members)
		for from > 0 && opaqueField(s.b, members[from-1]) {
			from--
		}
		if from == len(members) {
			continue
		}
		var b strings.Builder
		for i, m := range members[from:] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.Write(s.b[m.key.start+1 : m.key.end-1])
		}
		if n > 0 && b.String() != names {
			return ""
		}
		names = b.String()
		n++
	}
	if n < 2 {
		return ""
	}
	return names
}

// upgrade is a record of a run shown more fully than by its key: whole or
// condensed, or, if key is set, by its key and that field.
type upgrade struct {
	i   int // by index in the records that are objects
	key []byte
}

// upgrades returns the records of a run in the order they are shown more
// fully as the budget allows: those that fail, the first, the first with
// each key most lack (the rarest first) by that field, the first of each
// rare shape, and the last.
func (s *stream) upgrades(objs []int) []upgrade {
	var out []upgrade
	seen := map[int]bool{}
	add := func(i int, key []byte) {
		if !seen[i] {
			seen[i] = true
			out = append(out, upgrade{i, key})
		}
	}
	for i, ri := range objs {
		if failing(s.b, seg{}, s.recs[ri].v, 2) {
			add(i, nil)
		}
	}
	add(0, nil)
	first := map[string]upgrade{}
	var keys []string
	shapes := map[uint64]int{}
	counts := map[uint64]int{}
	var order []uint64
	for i, ri := range objs {
		v := s.recs[ri].v
		eachMember(s.b, v.start, func(key, _ seg) bool {
			name := string(s.b[key.start+1 : key.end-1])
			if _, ok := first[name]; !ok && s.rare(name) {
				first[name] = upgrade{i, s.b[key.start:key.end]}
				keys = append(keys, name)
			}
			return true
		})
		sig := signature(s.b, v)
		if _, ok := shapes[sig]; !ok && len(shapes) < maxShapes {
			shapes[sig] = i
			order = append(order, sig)
		}
		counts[sig]++
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(s.keys[a], s.keys[b]) })
	for _, k := range keys {
		if f := first[k]; !seen[f.i] {
			// Not marked seen: the record may yet be shown in full.
			out = append(out, f)
		}
	}
	slices.SortStableFunc(order, func(a, b uint64) int { return cmp.Compare(counts[a], counts[b]) })
	if len(order) > 1 {
		for _, sig := range order[:len(order)-1] {
			add(shapes[sig], nil)
		}
	}
	add(len(objs)-1, nil)
	return out
}

// lineCost is what a line of the input costs in a view.
func lineCost(text []byte, c Counter) int {
	b := make([]byte, len(text)+1)
	copy(b, text)
	b[len(text)] = '\n'
	return c.Count(b)
}

// size returns the length in bytes of the list l in the input.
func (d *jsonDoc) size(l *recordList) int { return d.valueEnd(l.at) - l.at }
