package reduce

import (
	"bytes"
	"cmp"
	"slices"
	"sort"
)

// jsonLevel is how much of a document a view shows at each depth it does
// not summarise.
type jsonLevel struct {
	items int // first items of an array, or of an object taken for a map
	keys  int // first members of any other object
	chars int // the longest string shown whole
	names int // key names a summary of a subtree lists
	// floor is the fewest items a nested array shows, however deep.
	floor int
}

// jsonLevels go from the richest view to the poorest. Arrays give way
// first, the fields of records last, because the fields are the structure
// a reader wants and the items are mostly more of the same. The richest
// levels cut nested lists less hard, down to a floor, for a document with
// room to spare: a directory tree, a dependency tree or a syntax tree
// shows its deeper lists as far as they fit.
var jsonLevels = []jsonLevel{
	{128, maxFields, 1000, 8, 128}, {128, maxFields, 1000, 8, 64}, {128, maxFields, 1000, 8, 32},
	{128, maxFields, 1000, 8, 1}, {64, maxFields, 1000, 8, 1}, {48, maxFields, 800, 8, 1}, {32, maxFields, 600, 8, 1}, {24, maxFields, 400, 8, 1},
	{16, 64, 300, 8, 1}, {12, 48, 240, 8, 1}, {10, 40, 200, 8, 1}, {8, 32, 160, 8, 1},
	{6, 32, 120, 8, 1}, {5, 24, 100, 6, 1}, {4, 24, 80, 6, 1}, {3, 16, 72, 6, 1},
	{2, 12, 64, 5, 1}, {2, 8, 56, 4, 1}, // floorLevel
	{1, 6, 48, 4, 1}, {1, 4, 40, 3, 1}, {1, 3, 32, 2, 1}, {1, 2, 24, 0, 1},
}

// lenientLevels is how many of the richest levels cut nested lists less
// hard than the rest: they widen a view, never trade its depth.
const lenientLevels = 3

// floorLevel is the poorest level a view gives up depth for: below it,
// showing the structure deeper is worth less than showing it wider.
const floorLevel = 17

// inlineMax is the longest container that a view writes on one line as the
// input has it, rather than one member a line; a record of scalars only
// stays on its line up to half as long again (see inlineLimit).
const inlineMax = 80

// maxViewDepth is the deepest a view shows containers. Each level costs a
// pass over what lies below it, so a pathological nesting must stop
// somewhere; real output nests far less.
const maxViewDepth = 48

// jsonDoc is one JSON document and what is known of its containers.
type jsonDoc struct {
	// scan holds the input, without a byte-order mark, and where its
	// containers end, as views find them.
	scan
	root     seg
	maxDepth int
	limit    int // the most bytes a view may have
	// keep, unless 0, is the most tokens of a view whose text try keeps:
	// views is asked for none longer, and most views tried are only
	// counted.
	keep int
	// A view is pretty-printed with indent, or written on one line with
	// the input's own separators.
	pretty       bool
	indent       string
	colon, comma string
	cache        map[int]*container // containers analysed, by offset
	refs         references
	tries        map[form]attempt
	// frontiers and failingAt hold, by depth and level, the containers
	// summarised at that depth and how many of them hold a failure.
	frontiers map[[2]int][]int
	failingAt map[[2]int]int
	// listFrontiers holds the frontiers that expand a record list.
	listFrontiers map[[2]int]bool
	// lists holds the record lists a view shows one record a line, by
	// where they start (see recordViews).
	lists map[int]*recordList
	// chars holds the length in characters of the long string literals
	// counted, by where they start.
	chars map[*byte]int
	// expansions holds what expanding a container adds to a view, by
	// where it starts, the depth and the level: views that differ only in
	// their record lists expand the rest alike.
	expansions map[expansionKey]int
	// listText holds what views wrote of record lists, until what they
	// show of them changes (see listOnce), in listBuf, whose room is
	// used again once they are forgotten.
	listText map[listKey][]byte
	listBuf  []byte
	// gaps holds the names of the cut runs of nested lists, by run and
	// room (see gapNames).
	gaps map[gapKey]*recordNames
	// buf and subBuf are room for the view being rendered and for a
	// container expanded in it, kept from one render to the next.
	buf, subBuf []byte
}

// attempt is a view rendered in one form: its text and tokens, or nothing
// if it was too long to count.
type attempt struct {
	view   []byte
	tokens int
	ok     bool
	// edges are the containers it summarises at its depth, if it shows
	// nothing beyond its level (see frontier).
	edges []edge
	// lists is set if it hangs on how record lists are shown: it shows
	// one, or expands a frontier whose order does (see forgetLists).
	lists bool
	names bool // it names the records of a cut run
}

// newJSONDoc returns the document at root, to be viewed pretty-printed in
// the input's indentation (two spaces for a minified input, which is
// easier to read printed so), or on one line as the input has it; either
// way with the input's colons.
func newJSONDoc(b []byte, root seg, pretty bool) *jsonDoc {
	d := &jsonDoc{
		scan: scan{b: b, ends: map[int]int{}}, root: root, maxDepth: min(depthOf(b[root.start:root.end]), maxViewDepth), limit: root.end - root.start,
		pretty: pretty, indent: indentOf(b, root), comma: ",",
		cache: map[int]*container{}, tries: map[form]attempt{}, frontiers: map[[2]int][]int{}, failingAt: map[[2]int]int{},
	}
	// The input's own colon, with a space after it or not, keeps the
	// view's members as the input writes them.
	colon, comma := separators(b[root.start:root.end])
	d.colon = colon
	if !pretty && bytes.IndexByte(b[root.start:root.end], '\n') < 0 {
		d.comma = comma
	} else if !pretty {
		// A document over several lines written on one: a space after
		// each comma, as after each colon.
		d.comma = ", "
	}
	return d
}

// indentOf returns the indentation unit of a pretty-printed document, or
// two spaces for a minified one.
func indentOf(b []byte, root seg) string {
	i := bytes.IndexByte(b[root.start:root.end], '\n')
	if i < 0 {
		return "  "
	}
	j := root.start + i + 1
	k := j
	for k < root.end && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	if k == j || k-j > 8 {
		return "  "
	}
	return string(b[j:k])
}

// separators returns the separators a one-line value uses after its first
// key and its first member: with a space after them or not, and the colon
// with the blanks around it that the input writes on the key's line (as
// jsoncpp writes `"name" : "x"`), not an indentation before it or blanks
// that end a line after it.
func separators(v []byte) (colon, comma string) {
	colon, comma = ":", ","
	first := ""
	seenColon, seenComma := false, false
	for i := 0; i < len(v)-1 && !(seenColon && seenComma); i++ {
		switch v[i] {
		case '"':
			i = stringEnd(v, i) - 1
		case ':':
			// The first colon with its value on its line; failing
			// one, the first colon.
			if c, inline := colonOf(v, i); !seenColon && (inline || first == "") {
				colon, first, seenColon = c, c, inline
			}
		case ',':
			if !seenComma && v[i+1] == ' ' {
				comma = ", "
			}
			seenComma = true
		}
	}
	return colon, comma
}

// colonOf returns the colon at v[i] with the spaces and tabs beside it on
// its line: those before it if the key ends right before them, those
// after it if its value follows them on the line (inline), else a space
// if one follows it.
func colonOf(v []byte, i int) (colon string, inline bool) {
	blank := func(c byte) bool { return c == ' ' || c == '\t' }
	s, e := i, i+1
	for s > 0 && blank(v[s-1]) {
		s--
	}
	if s == 0 || v[s-1] != '"' {
		s = i
	}
	for e < len(v) && blank(v[e]) {
		e++
	}
	if e == len(v) || v[e] == '\n' || v[e] == '\r' {
		if e > i+1 {
			return string(v[s:i+1]) + " ", false
		}
		return string(v[s : i+1]), false
	}
	return string(v[s:e]), true
}

// depthOf returns how deep containers nest in a valid value: 0 for a
// scalar, 1 for a container of scalars.
func depthOf(v []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			i = stringEnd(v, i) - 1
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		}
	}
	return deepest
}

// container returns the analysis of the container at offset at, made once.
func (d *jsonDoc) container(at int) *container {
	c, ok := d.cache[at]
	if !ok {
		if d.refs == nil {
			d.refs = references{}
			d.refs.gather(d.b, d.root, 0)
		}
		c = analyse(d.b, at, d.refs)
		d.cache[at] = c
	}
	return c
}

// views returns the view that best fills budget tokens, and after it
// smaller ones in case the caller finds it has less room than it thought.
// It returns nothing if even the smallest view does not fit.
func (d *jsonDoc) views(budget int, c Counter) [][]byte {
	var out [][]byte
	last := budget + 1
	for _, share := range []int{100, 95, 90, 80, 70, 50} {
		f, ok := d.pick(budget*share/100, c)
		if !ok {
			break
		}
		if a := d.try(f, c); a.tokens < last {
			out = append(out, a.view)
			last = a.tokens
		}
	}
	return out
}

// form says how much of a document a view shows: containers nested
// deeper than depth are summarised, and so are those at depth but the
// first expand of its frontier (see frontier); the rest show as much as
// jsonLevels[level] says.
type form struct {
	depth, level, expand int
	// keys, items and floor, if set, replace the level's, to fill the
	// budget between two levels.
	keys, items, floor int
	// names is the room, in bytes of folds, for the names of the records
	// of each cut run of a nested list (see gapNames): none if 0, or
	// namesAsChars.
	names int
}

// pick returns the form of the richest view that fits budget: the deepest
// that fits at floorLevel, with as much of the next depth as fits, made as
// wide as fits. If the poorest level shows more of what fails, or goes
// deeper, it is picked instead.
//
// The records of cut nested lists are named in folds (see gapNames), which
// says more for its tokens than items do, so the view is picked with them
// named. But their names change with every item shown, and may cost a level
// so much that the view picked uses far less than the budget; then the view
// picked with the runs counted, and named in the room it leaves, is taken.
func (d *jsonDoc) pick(budget int, c Counter) (form, bool) {
	someNamed := false // a view tried names a run
	fits := func(f form) bool {
		a := d.try(f, c)
		someNamed = someNamed || a.names
		return a.ok && a.tokens <= budget
	}
	named, ok := d.pickWith(fits, namesAsChars, c)
	if !someNamed || ok && d.try(named, c).tokens*11/10 >= budget {
		// With no run named, counting them picks the same view; and no
		// view that fits can be that much longer.
		return named, ok
	}
	counted, okCounted := d.pickWith(fits, 0, c)
	switch {
	case !okCounted:
		return named, ok
	case !ok:
		return d.named(counted, fits), true
	}
	if counted = d.named(counted, fits); d.try(counted, c).tokens > d.try(named, c).tokens*11/10 {
		return counted, true
	}
	return named, true
}

// namesAsChars, as the names of a form, gives the names of each cut run
// as much room as the level gives a string.
const namesAsChars = -1

// pickWith picks as pick says, with the names of every form tried set to
// names.
func (d *jsonDoc) pickWith(fits func(form) bool, names int, c Counter) (form, bool) {
	if names != 0 {
		plain := fits
		fits = func(f form) bool { f.names = names; return plain(f) }
	}
	if full := (form{depth: d.maxDepth}); fits(full) {
		full.names = names
		return full, true
	}
	var (
		best  form
		found bool
	)
	for _, widest := range []int{floorLevel, len(jsonLevels) - 1} {
		f, ok := d.deepest(widest, fits)
		if ok && (!found || d.score(f).beats(d.score(best))) {
			best, found = d.widen(f, fits), true
		}
	}
	best.names = names
	if !found || best.level <= lenientLevels {
		return best, found
	}
	// One more item may bring a whole deep subtree with it, so widening
	// can stop far short of the budget; a view a level wider and less
	// deep may then show much more.
	if g, ok := d.deepest(best.level-1, fits); ok && d.score(g).failing >= d.score(best).failing &&
		d.try(g, c).tokens > d.try(best, c).tokens*6/5 {
		best = g
		best.names = names
	}
	return best, true
}

// named returns f, its cut runs counted, with the records of the runs
// named in folds in as much room as fits the budget, up to the longest
// string its level shows.
func (d *jsonDoc) named(f form, fits func(form) bool) form {
	most := jsonLevels[f.level].chars
	g := f
	if g.names = most; fits(g) {
		return g
	}
	g.names = sort.Search(most, func(n int) bool { g.names = n + 1; return !fits(g) })
	if g.names == 0 {
		return f
	}
	return g
}

// deepest returns the form at level that goes deepest and fits, with as
// much of its frontier expanded as fits.
func (d *jsonDoc) deepest(level int, fits func(form) bool) (form, bool) {
	f := form{level: level}
	f.depth = sort.Search(d.maxDepth+1, func(depth int) bool { return !fits(form{depth: depth, level: level}) }) - 1
	if f.depth < 0 {
		return f, false
	}
	edge := d.frontier(f.depth, level)
	f.expand = sort.Search(len(edge)+1, func(e int) bool { return !fits(form{depth: f.depth, level: level, expand: e}) }) - 1
	return f, true
}

// widen returns f at the richest level that fits, with as many items as
// fit short of the next level.
func (d *jsonDoc) widen(f form, fits func(form) bool) form {
	widest := f.level
	f.level = sort.Search(widest, func(level int) bool { return fits(form{depth: f.depth, level: level, expand: f.expand}) })
	if f.level > 0 {
		// The fields of records give way last: a level's worth more of
		// them first, then more items.
		lo, hi := jsonLevels[f.level].keys, jsonLevels[f.level-1].keys
		f.keys = lo + sort.Search(hi-lo, func(n int) bool {
			return !fits(form{f.depth, f.level, f.expand, lo + 1 + n, 0, 0, 0})
		})
		lo, hi = jsonLevels[f.level].items, jsonLevels[f.level-1].items
		f.items = lo + sort.Search(hi-lo, func(n int) bool {
			return !fits(form{f.depth, f.level, f.expand, f.keys, lo + 1 + n, 0, 0})
		})
		lo, hi = jsonLevels[f.level].floor, jsonLevels[f.level-1].floor
		f.floor = lo + sort.Search(hi-lo, func(n int) bool {
			return !fits(form{f.depth, f.level, f.expand, f.keys, f.items, lo + 1 + n, 0})
		})
	}
	return f
}

// formScore ranks forms by what they show: depth first, then the
// containers holding a failure that they expand.
type formScore struct{ depth, failing int }

func (a formScore) beats(b formScore) bool {
	return a.depth > b.depth || (a.depth == b.depth && a.failing > b.failing)
}

func (d *jsonDoc) score(f form) formScore {
	return formScore{f.depth, min(f.expand, d.failingEdges(f.depth, f.level))}
}

// frontier returns the containers a view at depth and level summarises
// at that depth, in the order a richer view expands them: those that hold
// a failure first, then the cheapest.
func (d *jsonDoc) frontier(depth, level int) []int {
	k := [2]int{depth, level}
	if f, ok := d.frontiers[k]; ok {
		return f
	}
	// The view of that depth and level, tried before, found its edges, in
	// the order it wrote them, which breaks ties of cost.
	r := docRender{d: d, lv: jsonLevels[level], depth: depth, limit: d.limit}
	a, ok := d.tries[form{depth: depth, level: level}]
	edges := slices.Clone(a.edges)
	r.lists = a.lists
	if !ok {
		r.edge, r.out = &edges, d.buf[:0]
		r.value(d.root, 0, nil)
		d.buf = r.out[:0]
	}
	for i := range edges {
		edges[i].cost = r.expansion(edges[i].v, depth) - edges[i].summary
	}
	slices.SortStableFunc(edges, func(a, b edge) int {
		if a.failing != b.failing {
			if a.failing {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.cost, b.cost)
	})
	f := make([]int, len(edges))
	failing := 0
	for i, e := range edges {
		f[i] = e.v.start
		if e.failing {
			failing++
		}
	}
	d.frontiers[k] = f
	d.failingAt[k] = failing
	if r.lists {
		if d.listFrontiers == nil {
			d.listFrontiers = map[[2]int]bool{}
		}
		d.listFrontiers[k] = true
	}
	return f
}

// failingEdges returns how many containers of the frontier at depth and
// level hold a failure; they come first in it.
func (d *jsonDoc) failingEdges(depth, level int) int {
	d.frontier(depth, level)
	return d.failingAt[[2]int{depth, level}]
}

// applyForm sets what a view of form f shows beyond its level and depth.
func (r *docRender) applyForm(f form) {
	if f.keys > 0 {
		r.lv.keys = f.keys
	}
	if f.items > 0 {
		r.lv.items = f.items
	}
	if f.floor > 0 {
		r.lv.floor = f.floor
	}
	r.names = f.names
	if f.names == namesAsChars {
		r.names = r.lv.chars
	}
	if f.expand > 0 {
		r.expand = map[int]bool{}
		// A richer level may have a shorter frontier than the one the
		// expansion was counted on.
		edge := r.d.frontier(f.depth, f.level)
		for _, at := range edge[:min(f.expand, len(edge))] {
			r.expand[at] = true
		}
	}
}

// forgetLists forgets the views tried that show a record list, when what
// they show of the lists has changed; the others stand.
func (d *jsonDoc) forgetLists() {
	for f, a := range d.tries {
		if a.lists {
			delete(d.tries, f)
		}
	}
	for k := range d.listFrontiers {
		delete(d.frontiers, k)
		delete(d.failingAt, k)
	}
	clear(d.listFrontiers)
	d.forgetListText()
}

// forgetListText forgets what views wrote of record lists.
func (d *jsonDoc) forgetListText() {
	clear(d.listText)
	d.listBuf = d.listBuf[:0]
}

// try renders the view of form f and counts its tokens, once.
func (d *jsonDoc) try(f form, c Counter) attempt {
	if a, ok := d.tries[f]; ok {
		return a
	}
	r := docRender{d: d, lv: jsonLevels[f.level], depth: f.depth, limit: d.limit, out: d.buf[:0]}
	var edges []edge
	if f == (form{depth: f.depth, level: f.level}) {
		r.edge = &edges
	}
	r.applyForm(f)
	r.value(d.root, 0, nil)
	d.buf = r.out[:0]
	// The containers a view expands beyond its depth are the first of a
	// frontier, whose order may hang on how a record list is shown.
	lists := r.lists || f.expand > 0 && d.listFrontiers[[2]int{f.depth, f.level}]
	a := attempt{edges: edges, lists: lists, names: r.named}
	if len(r.out) <= r.limit {
		a.tokens, a.ok = c.Count(append(r.out, '\n')), true
		if d.keep == 0 || a.tokens <= d.keep {
			a.view = bytes.Clone(r.out)
		}
	}
	d.tries[f] = a
	return a
}
