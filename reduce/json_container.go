package reduce

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"
	"strings"
)

const (
	// maxWidth is the most first items any view keeps of one array, or
	// of an object taken for a map, so analysing a container holds no
	// more than this.
	maxWidth = 128
	// maxFields is the most first members any view keeps of another
	// object: its fields are its structure, which a view gives up last,
	// and a tool's settings or a package's manifest may have a hundred.
	maxFields = 256
	// maxOutliers caps the outliers held for one container.
	maxOutliers = 64
	// maxShapes caps the distinct item shapes counted in one container;
	// items of further shapes still count, as no shape's outliers.
	maxShapes = 1024
	// maxNumeric caps the numeric fields whose extremes are tracked.
	maxNumeric = 16
	// summaryKeys is the most key names a summary of a subtree names.
	summaryKeys = 8
	// mapLikeSize is how many members an object needs before its members
	// may be taken for data (a map from names to records) rather than
	// fields, and cut like an array's items.
	mapLikeSize = 16
	// minMapLike is how many members an object of objects that all have
	// a field in common needs to be taken for a map of records, as a
	// dependency tree's smaller maps of packages by name, each with its
	// version: cut like the larger ones, so that a view does not spend
	// on one small map's records what it cuts from a large one's.
	minMapLike = 4
	// maxSmallRecord is the most fields the records of such a map may
	// have: larger records are a document's parts as often as a map's.
	maxSmallRecord = 4
	// maxTail is the most last members any view keeps of one container.
	maxTail = 8
)

// member is an item of an array or a member of an object.
type member struct {
	idx int // position in the container, from 0
	key seg // the key with its quotes; empty for an array item
	val seg
}

// container is what a view needs to know about an array or an object: its
// size, its first members and its last, and the members that stand out.
type container struct {
	object bool
	// mapLike is set for an object whose values are alike and many, like
	// a package lock's packages: its members are cut like an array's items.
	mapLike bool
	// heads holds what mapHead made of it, by the room it had.
	heads map[int][]byte
	n     int
	kinds [nKinds]int
	// empty counts the members that are empty containers, which cost
	// and say what a scalar does.
	empty int
	first []member // up to maxWidth, or maxFields for an object
	// lead is first in the order a view keeps members: for an array or
	// a map, the same; for other objects, the fields with short scalar
	// values first, which say the most for their cost (see leadRank), and
	// the others from the shortest.
	lead []member
	// tail holds the last members, up to maxTail, in a ring: the
	// member of index i at i%maxTail.
	tail [maxTail]member
	// outliers are the members that stand out, most telling first: those
	// that tell of a failure, those the document names elsewhere, one for
	// each key that most items lack, one of each rare shape, then those
	// holding extreme numbers.
	outliers []member
	// strong counts the outliers that fail, are named elsewhere or have a
	// rare key: a view keeps more of them than of the others.
	strong int
	// rareKeys holds the keys, quoted, that most of the object items lack,
	// which a view of each item keeps.
	rareKeys map[string]bool
	// failing holds the positions of all members that tell of a failure,
	// ascending, so that each elided run can say how many it hides.
	failing []int32
	// keys names the first keys of an object, or of an array's first
	// object item, for summaries; keyCount is how many keys that object has.
	keys     []seg
	keyCount int
	// summaries holds the summaries made, by the number of keys named.
	summaries map[int][]byte
	// fields holds the records by their short fields made, by the number
	// of keys their summaries name (see shortFields); nil for none.
	fields map[int][]byte
	// pairs holds the lines of a record of a name and a value made, by
	// the characters of the value they keep (see pairLine).
	pairs map[int][]byte
}

// analyse reads the array or object that starts at b[at].
func analyse(b []byte, at int, refs references) *container {
	c := &container{object: b[at] == '{'}
	var (
		shapes = map[uint64]*itemShape{}
		order  []uint64 // shapes in the order first seen
		ext    extremes
		failed []member
		named  []member // members the document refers to elsewhere
		keys   keyCounts
		widest int // the most members of an object member
		lint   lintErrors
	)
	width := maxWidth
	if c.object {
		width = maxFields
	}
	add := func(m member) {
		k := kindAt(b, m.val.start)
		c.kinds[k]++
		if (k == jObject || k == jArray) && emptyContainer(b[m.val.start:m.val.end]) {
			c.empty++
		}
		if len(c.first) < width {
			c.first = append(c.first, m)
		}
		c.tail[c.n%maxTail] = m
		if failing(b, m.key, m.val, 2) || (!c.object && k == jString && errorLike(b[m.val.start:m.val.end])) {
			c.failing = append(c.failing, int32(m.idx))
			if len(failed) < maxOutliers {
				failed = append(failed, m)
			}
		} else if !c.object {
			lint.add(b, m)
		}
		if len(named) < maxOutliers && c.object && refs.names(b, at, m) {
			named = append(named, m)
		}
		sig := signature(b, m.val)
		if s, ok := shapes[sig]; ok {
			s.n++
		} else if len(shapes) < maxShapes {
			shapes[sig] = &itemShape{n: 1, first: m}
			order = append(order, sig)
		}
		ext.add(b, m, k)
		if k == jObject {
			widest = max(widest, keys.add(b, m))
		}
		c.n++
	}
	if c.object {
		eachMember(b, at, func(k, v seg) bool { add(member{c.n, k, v}); return true })
	} else {
		eachItem(b, at, func(start, end int) bool { add(member{idx: c.n, val: seg{start, end}}); return true })
	}
	c.mapLike = c.object && c.n > mapLikeSize && slices.Max(c.kinds[:])*10 >= c.n*9 ||
		c.object && c.n >= minMapLike && c.kinds[jObject] == c.n && widest <= maxSmallRecord && keys.shared(c.n)
	c.summaryKeys(b)
	c.lead = c.first
	if c.object && !c.mapLike {
		c.lead = slices.Clone(c.first)
		slices.SortStableFunc(c.lead, func(x, y member) int {
			rx, ry := leadRank(b, x), leadRank(b, y)
			if rx == 2 && ry == 2 {
				// Of the fields that cost most, long strings are cut
				// to a bound, and of containers the smallest say as
				// much for less, but for the part that says what the
				// document is (see headPart), whatever its size.
				sx, sy := b[x.val.start] == '"', b[y.val.start] == '"'
				if sx != sy {
					return -cmp.Compare(btoi(sx), btoi(sy))
				}
				if sx {
					// A hash, short enough to show whole, before
					// strings a view cuts.
					return cmp.Compare(btoi(x.val.end-x.val.start > shortScalar), btoi(y.val.end-y.val.start > shortScalar))
				}
				if hx, hy := headPart(b, x), headPart(b, y); hx != hy {
					return -cmp.Compare(btoi(hx), btoi(hy))
				}
				return cmp.Compare(x.val.end-x.val.start, y.val.end-y.val.start)
			}
			if rx == 1 && ry == 1 {
				// Of the other short scalars, a long path says less
				// for its cost than a version, a size or a state.
				return cmp.Compare(btoi(longPath(b, x.val)), btoi(longPath(b, y.val)))
			}
			return cmp.Compare(rx, ry)
		})
	}

	failed = append(failed, lint.standOut()...)
	strong, weak := failed, []member(nil)
	if !c.object || c.mapLike {
		rare, items := keys.rare(c.kinds[jObject])
		c.rareKeys = rare
		strong = append(strong, named...)
		strong = append(strong, items...)
		weak = append(rareShapes(shapes, order), keys.categories(c.kinds[jObject])...)
		weak = append(weak, ext.members()...)
	}
	seen := map[int]bool{}
	c.strong = c.addOutliers(seen, strong)
	c.addOutliers(seen, weak)
	return c
}

// lintErrors holds the first error of each rule among a linter's messages
// (see lintRule), and whether warnings are among them.
type lintErrors struct {
	rules    map[string]bool
	first    []member
	warnings bool
}

func (l *lintErrors) add(b []byte, m member) {
	rule, severity := lintRule(b, m.val)
	switch {
	case severity == lintWarning:
		l.warnings = true
	case severity == lintError && !l.rules[rule] && len(l.first) < maxOutliers:
		if l.rules == nil {
			l.rules = map[string]bool{}
		}
		l.rules[rule] = true
		l.first = append(l.first, m)
	}
}

// standOut returns the errors that stand out: where warnings and errors
// are mixed, the errors come before more warnings, one of each rule, as a
// file with fifty of one rule says so in the first. Where all are errors
// they are the messages, cut as any list is.
func (l *lintErrors) standOut() []member {
	if !l.warnings {
		return nil
	}
	return l.first
}

// emptyContainer reports whether the container v holds nothing.
func emptyContainer(v []byte) bool {
	return len(bytes.TrimSpace(v[1:len(v)-1])) == 0
}

// scalars reports whether c holds only scalars and empty containers: a
// map of names to `{}` or `[]` reads as a map of flags.
func (c *container) scalars() bool {
	return c.kinds[jObject]+c.kinds[jArray] == c.empty
}

// appendValue appends the value v of b, an empty container as `{}` or
// `[]` however the input spreads it.
func appendValue(out, b []byte, v seg) []byte {
	if valueLen(b, v) == 2 && v.end-v.start > 2 {
		return append(out, b[v.start], b[v.end-1])
	}
	return append(out, b[v.start:v.end]...)
}

// valueLen is the length of the value v of b as appendValue writes it.
func valueLen(b []byte, v seg) int {
	if k := kindAt(b, v.start); (k == jObject || k == jArray) && emptyContainer(b[v.start:v.end]) {
		return 2
	}
	return v.end - v.start
}

// addOutliers adds to c.outliers those of members not seen yet, up to
// maxOutliers, and returns how many it added.
func (c *container) addOutliers(seen map[int]bool, members []member) int {
	n := 0
	for _, m := range members {
		if !seen[m.idx] && len(c.outliers) < maxOutliers {
			seen[m.idx] = true
			c.outliers = append(c.outliers, m)
			n++
		}
	}
	return n
}

// shortScalar is the longest scalar a record's field may hold and still be
// kept before its other fields.
const shortScalar = 80

// tellingKeys name the fields that say most about a record, in lower
// case: what it is, what went wrong and where (its file and line, as a
// compiler's span or a linter's finding names them).
var tellingKeys = wordSet("name", "id", "message", "msg", "summary", "title", "error", "code", "status",
	"level", "type", "kind", "path", "importpath", "version", "reason", "action", "test", "package", "line", "rule", "ruleid",
	"filename", "file_name", "line_start", "line_number", "lineno")

// leadRank orders the fields of a record for a view that cannot keep them
// all: telling fields with short scalar values first, then other short
// scalars, then the rest. A hash or a checksum ranks with the rest: a
// person reads a module by its path and version, not by its sums.
func leadRank(b []byte, m member) int {
	k := kindAt(b, m.val.start)
	switch {
	case k == jObject || k == jArray || m.val.end-m.val.start > shortScalar:
		return 2
	case tellingKey(b[m.key.start:m.key.end]):
		return 0
	case opaqueField(b, m):
		return 2
	}
	return 1
}

// opaqueField reports whether m holds a hash (see opaque) under a key
// that does not name it an id: an image's or an instance's id names it.
func opaqueField(b []byte, m member) bool {
	key := b[m.key.start:m.key.end]
	namesID := len(key) >= 3 && bytes.EqualFold(key[len(key)-3:], []byte(`id"`))
	return kindAt(b, m.val.start) == jString && !namesID && opaque(b[m.val.start+1:m.val.end-1])
}

// longPath reports whether v is a string longer than half a short scalar
// that reads as a path or a URL: no space, and parted by slashes at least
// twice. A record's line leaves it for its versions, sizes and states.
func longPath(b []byte, v seg) bool {
	s := b[v.start:v.end]
	return len(s) > shortScalar/2 && s[0] == '"' && bytes.IndexByte(s, ' ') < 0 && bytes.Count(s, []byte{'/'}) >= 2
}

// minOpaque is the shortest string opaque takes for a hash.
const minOpaque = 24

// opaque reports whether the string content s reads as a hash, a checksum
// or base64 rather than words: at least minOpaque characters of hex or
// base64 with digits among them, after a short prefix naming the
// algorithm ("h1:", "sha512-"), and either hex alone or letters in both
// cases. Paths, names and versions have dots or words of one case.
func opaque(s []byte) bool {
	if i := bytes.IndexAny(s, ":-"); i > 0 && i <= 8 && len(s)-i-1 >= minOpaque {
		s = s[i+1:]
	}
	if len(s) < minOpaque {
		return false
	}
	var digits, upper, lower int
	hex := true
	for _, c := range s {
		switch {
		case '0' <= c && c <= '9':
			digits++
		case 'a' <= c && c <= 'z':
			lower++
			hex = hex && c <= 'f'
		case 'A' <= c && c <= 'Z':
			upper++
			hex = hex && c <= 'F'
		case c == '+' || c == '/' || c == '=' || c == '_' || c == '-':
			hex = hex && c == '-'
		default:
			return false
		}
	}
	return digits > 0 && (hex || upper > 0 && lower > 0)
}

// tellingKey reports whether the quoted key names a telling field, with or
// without the underscores that mark a tool's own fields, as npm's and a
// search index's "_id".
func tellingKey(key []byte) bool {
	name := strings.TrimLeft(lowerContent(key), "_")
	return tellingKeys[name]
}

// headKeys name the parts of a document that say what it is, in lower
// case: a diagnostic report's header, a response's metadata, a run's
// summary. Not its errors: a list of errors is a record's part as often,
// as the errors each operation of an API description may return, and
// those that tell of a failure stand out anyway.
var headKeys = wordSet("header", "headers", "meta", "metadata", "summary", "info")

// headPart reports whether m is such a part: an object or an array under
// one of those keys, with or without leading underscores. A string under
// them is a field like any other, as the path to a module's info file.
func headPart(b []byte, m member) bool {
	k := kindAt(b, m.val.start)
	return (k == jObject || k == jArray) && headKeys[strings.TrimLeft(lowerContent(b[m.key.start:m.key.end]), "_")]
}

// summaryKeys records the keys a summary of c names.
func (c *container) summaryKeys(b []byte) {
	if c.object {
		for _, m := range c.first[:min(len(c.first), summaryKeys)] {
			c.keys = append(c.keys, m.key)
		}
		c.keyCount = c.n
		return
	}
	if c.n == 0 || kindAt(b, c.first[0].val.start) != jObject {
		return
	}
	eachMember(b, c.first[0].val.start, func(k, _ seg) bool {
		if len(c.keys) < summaryKeys {
			c.keys = append(c.keys, k)
		}
		c.keyCount++
		return true
	})
}

// itemShape counts the items of one signature.
type itemShape struct {
	n     int
	first member
}

// rareShapes returns the first item of each shape but the most common one,
// rarest first, when the items are not all alike.
func rareShapes(shapes map[uint64]*itemShape, order []uint64) []member {
	if len(order) < 2 {
		return nil
	}
	top := order[0]
	for _, sig := range order[1:] {
		if shapes[sig].n > shapes[top].n {
			top = sig
		}
	}
	var rare []*itemShape
	for _, sig := range order {
		if sig != top {
			rare = append(rare, shapes[sig])
		}
	}
	slices.SortStableFunc(rare, func(a, b *itemShape) int { return cmp.Compare(a.n, b.n) })
	out := make([]member, len(rare))
	for i, s := range rare {
		out[i] = s.first
	}
	return out
}

// maxKeyCounts caps the keys counted in the object items of a container.
const maxKeyCounts = 256

// keyCounts counts the keys of the object items of a container, and notes
// the first item with each.
type keyCounts struct {
	counts map[string]int
	first  map[string]member
	order  []string // keys in the order first seen
	// values holds, for each key, the distinct short scalar values it
	// has had, each with its count and first item, in the order first
	// seen; nil once a key has had too many or a value of another kind.
	values map[string][]keyValue
	// names holds each key counted as the one string all the maps use, so
	// that counting a key again makes no copy of it.
	names map[string]string
}

// keyValue is one value of a field of a container's object items.
type keyValue struct {
	text  string
	n     int
	first member
}

// maxCategories is the most distinct values a field may have and still be
// taken for a category (a level, a rule, a status code) rather than a name
// or a measure.
const maxCategories = 32

// add counts the keys of the object item m and returns how many it has.
func (kc *keyCounts) add(b []byte, m member) int {
	if kc.counts == nil {
		kc.counts, kc.first, kc.values = map[string]int{}, map[string]member{}, map[string][]keyValue{}
		kc.names = map[string]string{}
	}
	fields := 0
	eachMember(b, m.val.start, func(key, v seg) bool {
		fields++
		name, ok := kc.names[string(b[key.start:key.end])]
		if !ok {
			if len(kc.counts) == maxKeyCounts {
				return true // neither the key nor its values counted
			}
			name = string(b[key.start:key.end])
			kc.names[name] = name
			kc.first[name] = m
			kc.order = append(kc.order, name)
			kc.values[name] = []keyValue{}
		}
		kc.counts[name]++
		kc.addValue(name, b, v, m)
		return true
	})
	return fields
}

// shared reports whether a key is had by all of n object items.
func (kc *keyCounts) shared(n int) bool {
	for _, k := range kc.order {
		if kc.counts[k] == n {
			return true
		}
	}
	return false
}

// addValue counts a field's value, for categories.
func (kc *keyCounts) addValue(name string, b []byte, v seg, m member) {
	vals, ok := kc.values[name]
	if !ok || vals == nil {
		return
	}
	// A number is a measure, unless the field's name says it is a code
	// or a status.
	k := kindAt(b, v.start)
	if k == jObject || k == jArray || v.end-v.start > shortScalar ||
		k == jNumber && !tellingKeys[lowerContent([]byte(name))] {
		kc.values[name] = nil
		return
	}
	text := b[v.start:v.end]
	for i := range vals {
		if vals[i].text == string(text) {
			vals[i].n++
			return
		}
	}
	if len(vals) == maxCategories {
		kc.values[name] = nil
		return
	}
	kc.values[name] = append(vals, keyValue{text: string(text), n: 1, first: m})
}

// categories returns, for the fields of most of the object items whose
// values fall into a few categories (each value had by two items or more on
// average), the first item of each value but the first seen: a record of
// another level, rule or status than its neighbours differs from them in
// what it says. Fields of fewer categories come first, and in each the
// rarest values.
func (kc *keyCounts) categories(objects int) []member {
	var keys []string
	for _, k := range kc.order {
		vals := kc.values[k]
		if len(vals) >= 2 && kc.counts[k]*2 >= objects && len(vals)*2 <= kc.counts[k] {
			keys = append(keys, k)
		}
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(len(kc.values[a]), len(kc.values[b])) })
	var out []member
	for _, k := range keys {
		vals := slices.Clone(kc.values[k][1:])
		slices.SortStableFunc(vals, func(a, b keyValue) int { return cmp.Compare(a.n, b.n) })
		for _, v := range vals {
			out = append(out, v.first)
		}
	}
	return out
}

// rare returns the keys that most of the object items lack, rarest first,
// and the first item with each: an item with a field the others do not
// have differs from them in the way a reader most needs to see.
func (kc *keyCounts) rare(objects int) (map[string]bool, []member) {
	var keys []string
	for _, k := range kc.order {
		if kc.counts[k]*2 < objects {
			keys = append(keys, k)
		}
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(kc.counts[a], kc.counts[b]) })
	set := make(map[string]bool, len(keys))
	items := make([]member, len(keys))
	for i, k := range keys {
		set[k] = true
		items[i] = kc.first[k]
	}
	return set, items
}

// extremes tracks the smallest and largest value of the numbers of an
// array, or of each numeric field of its object items.
type extremes struct {
	fields []extreme
}

type extreme struct {
	key          []byte // nil for the items themselves
	min, max     float64
	atMin, atMax member
}

func (e *extremes) add(b []byte, m member, k jkind) {
	switch k {
	case jNumber:
		e.note(nil, b[m.val.start:m.val.end], m)
	case jObject:
		eachMember(b, m.val.start, func(key, v seg) bool {
			if kindAt(b, v.start) == jNumber {
				e.note(b[key.start:key.end], b[v.start:v.end], m)
			}
			return true
		})
	}
}

func (e *extremes) note(key, num []byte, m member) {
	x, err := strconv.ParseFloat(string(num), 64)
	if err != nil {
		return
	}
	i := slices.IndexFunc(e.fields, func(f extreme) bool { return bytes.Equal(f.key, key) })
	if i < 0 {
		if len(e.fields) == maxNumeric {
			return
		}
		e.fields = append(e.fields, extreme{key: key, min: x, max: x, atMin: m, atMax: m})
		return
	}
	f := &e.fields[i]
	if x > f.max {
		f.max, f.atMax = x, m
	}
	if x < f.min {
		f.min, f.atMin = x, m
	}
}

// members returns the items holding the largest value of each field, then
// those holding the smallest, for fields whose values differ.
func (e *extremes) members() []member {
	var maxes, mins []member
	for _, f := range e.fields {
		if f.min != f.max {
			maxes = append(maxes, f.atMax)
			mins = append(mins, f.atMin)
		}
	}
	return append(maxes, mins...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lastMembers returns the last k members of c, k at most maxTail.
func (c *container) lastMembers(k int) []member {
	k = min(k, maxTail, c.n)
	out := make([]member, k)
	for i := range k {
		idx := c.n - k + i
		out[i] = c.tail[idx%maxTail]
	}
	return out
}

// failingIn counts the failing members from through to.
func (c *container) failingIn(from, to int) int {
	lo, _ := slices.BinarySearch(c.failing, int32(from))
	hi, _ := slices.BinarySearch(c.failing, int32(to+1))
	return hi - lo
}

// kept returns the members a view keeps of c: the first width, those
// whose key is rare among c's siblings, the last, up to 2*width+4 of the
// strong outliers and up to width of the others, in order. full is set for
// a record a list shows in full (see closesOnList).
func (c *container) kept(b []byte, width int, rare map[string]bool, full bool) []member {
	// A run of one elided member costs about as much as the member.
	if c.n <= width+2 && c.n <= len(c.first) {
		return c.first
	}
	out := slices.Clone(c.lead[:min(width, len(c.lead))])
	has := func(idx int) bool {
		return slices.ContainsFunc(out, func(m member) bool { return m.idx == idx })
	}
	for _, m := range c.first {
		if c.object && rare[string(b[m.key.start:m.key.end])] && !has(m.idx) {
			out = append(out, m)
		}
	}
	strong, weak := 2*width+4, max(width, 2)
	for i, m := range c.outliers {
		room := &weak
		if i < c.strong {
			room = &strong
		}
		if *room > 0 && !has(m.idx) {
			out = append(out, m)
			*room--
		}
	}
	// The end of a list is as telling as its start when it is sorted,
	// by name or by time: a view keeps an eighth as many last members as
	// first ones, and at least the last; but not a record's last field
	// if it holds a hash, as the sums that close a Go module's record.
	for _, m := range c.lastMembers(max(1, width/8)) {
		switch {
		case has(m.idx), c.object && !c.mapLike && opaqueField(b, m):
		case full && c.closesOnList(b, m):
			if i := slices.IndexFunc(c.lead, func(l member) bool { return !has(l.idx) }); i >= 0 && leadRank(b, c.lead[i]) < 2 {
				out = append(out, c.lead[i])
			}
		default:
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b member) int { return cmp.Compare(a.idx, b.idx) })
	return out
}

// closesOnList reports whether last, the last member of the record c, is
// its one container or long value while the rest are short scalars: a
// package and its dependencies, a file and its lines. Cut in full, such a
// record keeps a short field in the place of the list: its size, its
// state or its owner say more beside its name than the list's first and
// last items.
func (c *container) closesOnList(b []byte, last member) bool {
	if !c.object || c.mapLike || c.n > len(c.first) || leadRank(b, last) < 2 {
		return false
	}
	for _, m := range c.first {
		if m.idx != last.idx && leadRank(b, m) == 2 {
			return false
		}
	}
	return true
}
