package reduce

import (
	"bytes"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/headroom-cli/headroom/elision"
)

// docRender writes a view of a JSON document that is itself JSON: the
// members it keeps verbatim, elided runs as string values naming them, long
// strings cut with their length, and containers at or below depth as
// strings that summarise them.
type docRender struct {
	d     *jsonDoc
	lv    jsonLevel
	depth int
	// expand holds the containers at depth that are shown all the same.
	expand map[int]bool
	limit  int // past this many bytes the view is given up
	out    []byte
	// edge, if set, collects the containers summarised at depth.
	edge *[]edge
	// shown, if set, counts the members shown of each container, by
	// where it starts.
	shown map[int]int
	// folded, set with shown, counts the members of each container shown
	// by name alone in folds, by where it starts.
	folded map[int]int
	// lists is set once it writes a record list one record a line, or
	// measures the expansion of one (see expansion).
	lists bool
	// names is the room for the names of each cut run of a nested list
	// (see gapNames); with none, a note only counts the run. named is
	// set once a note names a run.
	names int
	named bool
	// record is set while the items of a list of records are written.
	record bool
	// full is set while a record a list shows in full is written, until
	// its own container is.
	full bool
	// sums, if set, names the fields holding hashes that close the record
	// at the root, which the header of the run it stands in names: the
	// note that would name them at the end of the line is not written,
	// and leftSums is set.
	sums     string
	leftSums bool
}

// edge is a container a view summarises at its depth, which a richer view
// may expand.
type edge struct {
	v       seg
	summary int  // the length of its summary
	cost    int  // the bytes expanding it adds, once frontier counts them
	failing bool // it holds a failure
}

// value writes the value v at depth; rare holds the keys that are rare
// among v's siblings, if v is an object in a list of them.
func (r *docRender) value(v seg, depth int, rare map[string]bool) {
	if len(r.out) > r.limit {
		return
	}
	b := r.d.b
	switch b[v.start] {
	case '"':
		r.str(b[v.start:v.end], r.lv.chars)
	case '{', '[':
		r.container(v, depth, rare)
	default:
		r.out = append(r.out, b[v.start:v.end]...)
	}
}

func (r *docRender) container(v seg, depth int, rare map[string]bool) {
	record, full := r.record, r.full
	r.record, r.full = false, false
	raw := r.d.b[v.start:v.end]
	c := r.d.container(v.start)
	oneLine := bytes.IndexByte(raw, '\n') < 0
	switch {
	case c.n == 0:
		r.out = append(r.out, raw[0], raw[len(raw)-1])
		return
	case depth > r.depth || (depth == r.depth && !r.expand[v.start]):
		s, how := r.atCut(v, c, record)
		switch {
		case how == cutFlat:
			r.flat(c)
			return
		case how != cutWhole && depth == r.depth && r.edge != nil:
			// Expanding a record costs what its summary would, whatever
			// stands for it: the edges a view expands keep their order.
			*r.edge = append(*r.edge, edge{v: v, summary: len(c.summary(r.d.b, r.lv.names)), failing: len(c.failing) > 0})
		}
		r.out = append(r.out, s...)
		return
	case r.d.lists[v.start] != nil:
		r.lists = true
		r.listOnce(v, depth, r.d.lists[v.start])
		return
	case oneLine && len(raw) <= min(inlineLimit(c), r.lv.chars):
		r.out = append(r.out, raw...)
		if r.shown != nil {
			r.shown[v.start] = c.n
		}
		return
	case c.object && !record && r.flat(c):
		// An object of short scalars the input spreads over lines
		// costs more written a field a line, for the same fields. A
		// list of records keeps its records as the input has them: it
		// has views of its own (see recordViews).
		if r.shown != nil {
			r.shown[v.start] = c.n
		}
		return
	}
	// Lists nested in lists are cut harder than the lists holding them,
	// down to the level's floor: the shallowest show the most.
	width := max(r.lv.items>>max(depth-1, 0), min(r.lv.floor, r.lv.items), 1)
	if c.object && !c.mapLike {
		width = r.lv.keys
	}
	kept := c.fill(c.kept(r.d.b, width, rare, full))
	records := !c.object && c.kinds[jObject] == c.n
	var repeats []member
	if records {
		kept, repeats = r.unrepeated(kept, depth+1)
	}
	if r.shown != nil {
		r.shown[v.start] = len(kept)
	}
	r.out = append(r.out, raw[0])
	// The records of a list cut below the depth show their short fields
	// rather than a summary of their keys, a note first saying so.
	if records && r.cutsToFields(kept, depth+1) {
		r.newline(depth + 1)
		r.out = append(r.out, shortFieldsNote...)
		r.out = append(r.out, r.d.comma...)
	}
	next := 0
	for i, m := range kept {
		repeats = r.repeatEdges(repeats, m.idx, depth+1)
		if m.idx > next {
			r.gap(v.start, c, next, m.idx-1, depth+1)
			r.out = append(r.out, r.d.comma...)
		}
		r.newline(depth + 1)
		if c.object {
			r.str(r.d.b[m.key.start:m.key.end], 4*r.lv.chars)
			r.out = append(r.out, r.d.colon...)
		}
		r.record = records
		r.value(m.val, depth+1, c.rareKeys)
		r.record = false
		if i < len(kept)-1 {
			r.out = append(r.out, r.d.comma...)
		}
		next = m.idx + 1
	}
	r.repeatEdges(repeats, c.n, depth+1)
	if next < c.n {
		// The last records, where they repeat a line shown; a record's
		// last fields, where they hold hashes (see kept) or where a
		// record in full leaves the list it closes on for its short
		// fields: a note counts what the view leaves out at the end as
		// it does anywhere else.
		// The sums that close the record at the root go unsaid where
		// the header of its run names them.
		if depth == 0 && len(kept) > 0 && r.sums != "" && c.object && c.keyNames(r.d.b, next, c.n-1) == r.sums {
			r.leftSums = true
		} else {
			if len(kept) > 0 {
				r.out = append(r.out, r.d.comma...)
			}
			r.gap(v.start, c, next, c.n-1, depth+1)
		}
	}
	r.newline(depth)
	r.out = append(r.out, raw[len(raw)-1])
}

// listOnce writes the record list l at v as recordList does, but copies
// what an earlier view with the same widths and depth wrote of it: the
// views tried for one way of showing lists differ mostly elsewhere. A copy
// is made only of a list written whole, and used only where it fits
// whole, so that the limit cuts no view otherwise than recordList would.
func (r *docRender) listOnce(v seg, depth int, l *recordList) {
	if r.shown != nil || r.edge != nil {
		r.recordList(v, depth, l)
		return
	}
	// Only the records in full go deeper than the list's lines, as deep
	// as fullRecord takes them at least, and only they use the level's
	// widths; the lines cut their strings, and a record on a line of its
	// own among folds (lineRecord) summarises its containers by the
	// level's names. A line that shows a record by its key shows a scalar,
	// never a container: a label or key is one every record has with a
	// scalar value, counted by the value a line shows (see countKeys).
	key := listKey{v.start, depth, max(r.depth, depth+1+fullDepth), r.lv, r.names}
	if l.counts.full == 0 {
		key.viewDepth, key.lv, key.names = 0, jsonLevel{chars: r.lv.chars, names: r.lv.names}, 0
	}
	if s, ok := r.d.listText[key]; ok && len(r.out)+len(s) <= r.limit {
		r.out = append(r.out, s...)
		return
	}
	start := len(r.out)
	r.recordList(v, depth, l)
	if len(r.out) <= r.limit {
		if r.d.listText == nil {
			r.d.listText = map[listKey][]byte{}
		}
		at := len(r.d.listBuf)
		r.d.listBuf = append(r.d.listBuf, r.out[start:]...)
		r.d.listText[key] = r.d.listBuf[at:len(r.d.listBuf):len(r.d.listBuf)]
	}
}

// listKey names what a view writes of a record list: where it starts, its
// depth, the view's depth, its widths and the room for names of cut runs.
type listKey struct {
	at, depth, viewDepth int
	lv                   jsonLevel
	names                int
}

// flat writes the container c on one line and reports true, if it holds
// only scalars and empty containers and is no longer so than a short container the view writes
// whole (see inlineMax); else it writes nothing.
func (r *docRender) flat(c *container) bool {
	if !r.flatFits(c) {
		return false
	}
	comma := r.inlineComma()
	b := r.d.b
	open, end := byte('['), byte(']')
	if c.object {
		open, end = '{', '}'
	}
	r.out = append(r.out, open)
	for i, m := range c.first {
		if i > 0 {
			r.out = append(r.out, comma...)
		}
		if c.object {
			r.out = append(r.out, b[m.key.start:m.key.end]...)
			r.out = append(r.out, r.d.colon...)
		}
		r.out = appendValue(r.out, b, m.val)
	}
	r.out = append(r.out, end)
	return true
}

// flatFits reports whether flat would write c.
func (r *docRender) flatFits(c *container) bool {
	if !c.scalars() || c.n > len(c.first) {
		return false
	}
	// Its length first: most containers at a cut are longer.
	size := 2 + (len(c.first)-1)*len(r.inlineComma())
	for _, m := range c.first {
		size += valueLen(r.d.b, m.val)
		if c.object {
			size += m.key.end - m.key.start + len(r.d.colon)
		}
	}
	return size <= min(inlineMax, r.lv.chars)
}

// inlineLimit is the longest a container on one line in the input stays on
// its line. A record of scalars only is worth its line at half as long
// again as any other container: written a field a line it costs more and
// no longer reads, or searches, as the input has it.
func inlineLimit(c *container) int {
	if c.object && c.scalars() {
		return inlineMax + inlineMax/2
	}
	return inlineMax
}

// inlineComma is what parts a container on one line between its members:
// a comma, and a space where the document's colons have one.
func (r *docRender) inlineComma() string {
	if r.d.colon != ":" {
		return ", "
	}
	return ","
}

// expansion returns the length of the container v at depth when it is
// expanded and its own containers summarised.
func (r *docRender) expansion(v seg, depth int) int {
	// A record list is expanded as the view at hand shows it; any other
	// container as every view does, its own containers summarised.
	key := expansionKey{v.start, depth, r.lv, r.names}
	n, ok := r.d.expansions[key]
	if ok && r.d.lists[v.start] == nil {
		return n
	}
	sub := docRender{d: r.d, lv: r.lv, depth: depth, expand: map[int]bool{v.start: true}, limit: r.limit, out: r.d.subBuf[:0], names: r.names}
	sub.container(v, depth, nil)
	r.d.subBuf = sub.out[:0]
	r.lists = r.lists || sub.lists
	if r.d.lists[v.start] == nil {
		if r.d.expansions == nil {
			r.d.expansions = map[expansionKey]int{}
		}
		r.d.expansions[key] = len(sub.out)
	}
	return len(sub.out)
}

// expansionKey names the expansion of the container at at, at depth,
// with the level's widths and the room for names of cut runs.
type expansionKey struct {
	at, depth int
	lv        jsonLevel
	names     int
}

// noteBytes is about the length of the note for an elided run: a run no
// longer than this is shown rather than noted.
const noteBytes = 40

// fill adds to the members kept of c those of the runs between them that
// are no longer than the note that would stand for them. With none to add,
// as for a container kept whole, it returns kept itself rather than a copy.
func (c *container) fill(kept []member) []member {
	var out []member // kept with the runs added, once one is
	added := false
	next := 0
	short := func(i, to int) {
		if to <= next || to > len(c.first) {
			return
		}
		size := 0
		for _, m := range c.first[next:to] {
			size += m.key.end - m.key.start + m.val.end - m.val.start + 2
		}
		if size <= noteBytes {
			if !added {
				out, added = append([]member(nil), kept[:i]...), true
			}
			out = append(out, c.first[next:to]...)
		}
	}
	for i, m := range kept {
		short(i, m.idx)
		if added {
			out = append(out, m)
		}
		next = m.idx + 1
	}
	short(len(kept), c.n)
	if !added {
		return kept
	}
	return out
}

func (r *docRender) newline(depth int) {
	if !r.d.pretty {
		return
	}
	r.out = append(r.out, '\n')
	for range depth {
		r.out = append(r.out, r.d.indent...)
	}
}

// gap writes the note for the members from through to of the container
// c at at, which the view leaves out: a string item in an array, a member
// in an object whose key names the run (so that no two keys are the same)
// and whose value counts it. An array's note names the records it leaves
// out, if a key names them, followed by the names in folds (see gapNames).
func (r *docRender) gap(at int, c *container, from, to, depth int) {
	r.newline(depth)
	n := to - from + 1
	count := elision.Thousands(int64(n)) + " of " + elision.Thousands(int64(c.n))
	if f := c.failingIn(from, to); f > 0 {
		count += ", " + elision.Thousands(int64(f)) + " error-like"
	}
	what := "items"
	if c.object {
		what = "keys"
	}
	if n == 1 {
		what = what[:len(what)-1]
	}
	run := "[headroom: " + what + " " + indexRange(from, to) + " elided"
	names := ""
	if c.object {
		names = c.keyNames(r.d.b, from, to)
	}
	var rn *recordNames
	if r.names > 0 && names == "" {
		rn = r.d.gapNames(at, c, from, to, r.names)
	}
	switch {
	case rn == nil && c.object:
		r.out = appendLiteral(r.out, run+"]")
		r.out = append(r.out, r.d.colon...)
		if names != "" {
			count = names
		}
		r.out = appendLiteral(r.out, count)
		return
	case rn == nil:
		r.out = appendLiteral(r.out, run+" ("+count+")]")
		return
	}
	r.named = true
	names = rn.namesHead(true)
	if more := rn.namesMore(0); more != "" {
		names += ", " + more
	}
	if c.object {
		// A map's note is a member, its records named by their keys,
		// each fold a member (see keyFold).
		r.out = appendLiteral(r.out, run+"]")
		r.out = append(r.out, r.d.colon...)
		r.out = appendLiteral(r.out, count+"; "+names)
	} else {
		r.out = appendLiteral(r.out, run+" ("+count+"); "+names+"]")
	}
	if r.shown != nil {
		// A record named is shown, as a record list shows its records
		// by name (see recordViews).
		r.shown[at] += rn.m
		r.folded[at] += rn.m
	}
	for _, f := range rn.folds() {
		if c.object {
			r.keyFold(f, depth)
		} else {
			r.fold(f, depth)
		}
	}
}

// appendLiteral appends s as a JSON string literal. s must need no escapes:
// headroom's own words, digits and punctuation, or the content of literals
// from the input, which is already escaped.
func appendLiteral(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// keyNames lists the keys of the members from through to, if they are
// few and known: a record's elided fields are better named than counted.
func (c *container) keyNames(b []byte, from, to int) string {
	if to-from >= 3 || to >= len(c.first) {
		return ""
	}
	var s []byte
	for _, m := range c.first[from : to+1] {
		name := b[m.key.start+1 : m.key.end-1]
		if len(name) > maxKeyName {
			return ""
		}
		if len(s) > 0 {
			s = append(s, ", "...)
		}
		s = append(s, name...)
	}
	return string(s)
}

func indexRange(from, to int) string {
	if from == to {
		return elision.Thousands(int64(from))
	}
	return elision.Thousands(int64(from)) + "-" + elision.Thousands(int64(to))
}

// maxKeyName is the most characters of a key name a summary lists.
const maxKeyName = 40

// minCut is the fewest characters worth cutting from a string: fewer cost
// more to announce than to show.
const minCut = 40

// minPathCut is the fewest characters worth cutting from a path (see
// pathLike), whose characters come cheaper in tokens than prose's.
const minPathCut = 2 * minCut

// str writes a string literal, cut after keep characters if it is much
// longer, with the count of characters cut. An escape sequence counts as
// one character and is never split, so the result is a valid literal.
func (r *docRender) str(lit []byte, keep int) {
	content := lit[1 : len(lit)-1]
	if len(content) <= keep+minCut {
		r.out = append(r.out, lit...)
		return
	}
	// Every view tried writes the same long strings: count each once.
	total, ok := r.d.chars[&lit[0]]
	if !ok {
		total = literalChars(content)
		if r.d.chars == nil {
			r.d.chars = map[*byte]int{}
		}
		r.d.chars[&lit[0]] = total
	}
	if total <= keep+minCut {
		r.out = append(r.out, lit...)
		return
	}
	head, tail := keep, len(content)
	if pathLike(content) {
		head = keep - keep/2
		tail = prefixChars(content, total-keep/2)
		// From a slash, if one is near: the end reads as a path's last
		// parts.
		if i := bytes.IndexByte(content[tail:], '/'); i > 0 && i < (len(content)-tail)/2 && content[tail+i-1] != '\\' {
			tail += i
		}
	} else if last := lastLine(content); last < len(content) && hasLetter(content[last:]) {
		if n := literalChars(content[last:]); n <= keep/2 {
			head, tail = keep-n, last
		}
	}
	cutChars := total - head - literalChars(content[tail:])
	if tail < len(content) && cutChars < minPathCut {
		// A path takes about three characters a token, the note as
		// many tokens as a few dozen of them: a shorter cut saves
		// little or nothing, and loses the middle that tells one
		// path of a run from the next.
		r.out = append(r.out, lit...)
		return
	}
	cut := prefixChars(content, head)
	r.out = append(r.out, '"')
	r.out = append(r.out, content[:cut]...)
	r.out = append(r.out, "... [headroom: "...)
	r.out = append(r.out, elision.Thousands(int64(cutChars))...)
	r.out = append(r.out, ` chars cut]`...)
	if tail < len(content) {
		r.out = append(r.out, " ..."...)
		r.out = append(r.out, content[tail:]...)
	}
	r.out = append(r.out, '"')
}

// lastLine returns where the last line of a string literal's content of
// several lines starts (a final newline ends that line, and starts none),
// or len(content) if it holds one line. A traceback names its exception
// on its last line, a compiler's message its advice.
func lastLine(content []byte) int {
	end := len(content)
	if escapedNewline(content, end-2) {
		end -= 2
	}
	for i := end - 2; i >= 0; i-- {
		if i = bytes.LastIndex(content[:i+2], []byte(`\n`)); i < 0 {
			break
		}
		if escapedNewline(content, i) {
			return i + 2
		}
	}
	return len(content)
}

// hasLetter reports whether a string literal's content holds an ASCII
// letter outside its escapes: a last line of a brace or a rule says
// nothing worth its room.
func hasLetter(content []byte) bool {
	for i := 0; i < len(content); i += charLen(content[i:]) {
		if c := content[i] | 0x20; 'a' <= c && c <= 'z' {
			return true
		}
	}
	return false
}

// escapedNewline reports whether the escape `\n` starts at content[i]: a
// backslash that no backslash before it escapes.
func escapedNewline(content []byte, i int) bool {
	if i < 0 || i+1 >= len(content) || content[i] != '\\' || content[i+1] != 'n' {
		return false
	}
	n := 0
	for j := i - 1; j >= 0 && content[j] == '\\'; j-- {
		n++
	}
	return n%2 == 0
}

// pathLike reports whether a string literal's content reads as a path or a
// URL: no space, parted by slashes at least twice, and no hash (base64
// holds slashes too; see opaque). Paths share their
// start (a cache's directory, a registry) and tell themselves apart at
// their end (a module and its version, a file's name), so a cut keeps both.
func pathLike(content []byte) bool {
	return bytes.IndexByte(content, ' ') < 0 && bytes.Count(content, []byte{'/'}) >= 2 && !opaque(content)
}

// literalChars counts the characters of a string literal's content.
func literalChars(content []byte) int {
	n := 0
	for i := 0; i < len(content); n++ {
		i += charLen(content[i:])
	}
	return n
}

// prefixChars returns the length in bytes of the first n characters of a
// string literal's content.
func prefixChars(content []byte, n int) int {
	i := 0
	for ; n > 0 && i < len(content); n-- {
		i += charLen(content[i:])
	}
	return i
}

// charLen returns the length in bytes of the first character of a string
// literal's content: an escape sequence (a surrogate pair is one), or a
// UTF-8 encoded rune.
func charLen(s []byte) int {
	if s[0] != '\\' {
		if s[0] < utf8.RuneSelf {
			return 1
		}
		_, n := utf8.DecodeRune(s)
		return n
	}
	if len(s) < 2 || s[1] != 'u' {
		return min(2, len(s))
	}
	if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' && isHighSurrogate(s[2:6]) {
		return 12
	}
	return min(6, len(s))
}

func isHighSurrogate(hex []byte) bool {
	v, err := strconv.ParseUint(string(hex), 16, 16)
	return err == nil && v >= 0xD800 && v < 0xDC00
}

// shortFieldsNote heads a list whose records below the depth a view shows
// show their short fields alone.
const shortFieldsNote = `"[headroom: records below show their short fields alone]"`

// cutHow is how a view writes a container where it cuts the depth.
type cutHow int

const (
	cutSummary cutHow = iota // a summary of its keys or items
	cutWhole                 // as the input has it, on one line
	cutFlat                  // its scalars on one line (see flat)
	cutFields                // a list's record by its short fields
	cutHead                  // a map of scalars by its first members (see mapHead)
	cutPair                  // a record of a name and a value (see pairLine)
)

// atCut returns what the view writes for the container c at v where it
// cuts the depth, and how; for cutFlat, flat writes it. record is set for
// an item of a list of records.
func (r *docRender) atCut(v seg, c *container, record bool) ([]byte, cutHow) {
	raw := r.d.b[v.start:v.end]
	s := c.summary(r.d.b, r.lv.names)
	switch {
	case bytes.IndexByte(raw, '\n') < 0 && len(raw) <= len(s):
		return raw, cutWhole
	case r.flatFits(c):
		// A few scalars the input spreads over lines say more on one
		// line than a summary of their keys, for about as much.
		return nil, cutFlat
	}
	if record && pairRecord(r.d.b, c) {
		return r.pairLine(c), cutPair
	}
	if f := r.shortFields(c); record && f != nil {
		return f, cutFields
	}
	if h := r.mapHead(c, len(s)*3/4); h != nil {
		return h, cutHead
	}
	return s, cutSummary
}

// pairRecord reports whether c is a record of two scalars that pairs a
// name with a value: "name" or "key" and "value", in any case, as a CMake
// cache entry's properties, a tag's Key and Value or an environment
// variable.
func pairRecord(b []byte, c *container) bool {
	if !c.object || c.n != 2 || len(c.first) != 2 || !c.scalars() {
		return false
	}
	x, y := lowerContent(b[c.first[0].key.start:c.first[0].key.end]), lowerContent(b[c.first[1].key.start:c.first[1].key.end])
	if y != "value" {
		x, y = y, x
	}
	return y == "value" && (x == "name" || x == "key")
}

// pairChars is the most characters of a pair's value a line at the cut
// shows whole, with minCut more: the line says what is set and to what,
// the rest of a long value is the store's.
const pairChars = 60

// pairLine returns the pair record c on one line, its value cut as the
// view cuts strings, to at most pairChars: a name without its value
// says what is set but not to what, for as much as a note that the value
// is left out.
func (r *docRender) pairLine(c *container) []byte {
	keep := min(r.lv.chars, pairChars)
	if s, ok := c.pairs[keep]; ok {
		return s
	}
	out := r.out
	r.out = []byte{'{'}
	for i, m := range c.first {
		if i > 0 {
			r.out = append(r.out, r.inlineComma()...)
		}
		r.out = append(r.out, r.d.b[m.key.start:m.key.end]...)
		r.out = append(r.out, r.d.colon...)
		if r.d.b[m.val.start] == '"' {
			r.str(r.d.b[m.val.start:m.val.end], keep)
		} else {
			r.out = appendValue(r.out, r.d.b, m.val)
		}
	}
	line := append(r.out, '}')
	r.out = out
	if c.pairs == nil {
		c.pairs = map[int][]byte{}
	}
	c.pairs[keep] = line
	return line
}

// minHead is the fewest members mapHead shows: one alone says little more
// than the names of a summary.
const minHead = 2

// mapHead returns the map of scalars c on one line by its first members
// and a fold counting the rest, in at most limit bytes; or nil if c is no
// such map or fewer than minHead fit. A map of flags or versions says more by
// a few of its members than by the names of a few more, for as much.
func (r *docRender) mapHead(c *container, limit int) []byte {
	if !c.mapLike || !c.scalars() {
		return nil
	}
	if h, ok := c.heads[limit]; ok {
		return h
	}
	b := r.d.b
	comma := r.inlineComma()
	var body, head []byte
	shown := 0
	for i, m := range c.first[:min(len(c.first), c.n-1)] {
		if i > 0 {
			body = append(body, comma...)
		}
		body = append(body, b[m.key.start:m.key.end]...)
		body = append(body, r.d.colon...)
		body = appendValue(body, b, m.val)
		fold := appendLiteral(nil, "[headroom: keys "+indexRange(i+1, c.n-1)+" elided]")
		fold = append(fold, r.d.colon...)
		fold = appendLiteral(fold, elision.Thousands(int64(c.n-i-1))+" of "+elision.Thousands(int64(c.n)))
		if 1+len(body)+len(comma)+len(fold)+1 > limit {
			break
		}
		head = append(append(append(append(append(head[:0], '{'), body...), comma...), fold...), '}')
		shown++
	}
	if shown < minHead {
		head = nil
	}
	if c.heads == nil {
		c.heads = map[int][]byte{}
	}
	c.heads[limit] = head
	return head
}

// unrepeated returns the records kept, at depth, but those whose line at
// the cut repeats the line of one kept before them, and those. Records
// cut to their short fields can print alike (a linter's findings of one
// rule, with no line to tell them apart), and a line twice reads as a
// fault: the run of records left out counts such a record instead. A
// summary of keys is a note, not a record's line, and may repeat.
func (r *docRender) unrepeated(kept []member, depth int) (out, repeats []member) {
	if depth < r.depth || len(kept) < 2 {
		return kept, nil
	}
	seen := map[string]bool{}
	for i, m := range kept {
		line := r.cutLine(m.val, depth)
		switch {
		case line == "":
		case seen[line]:
			if out == nil {
				out = slices.Clone(kept[:i])
			}
			repeats = append(repeats, m)
			continue
		default:
			seen[line] = true
		}
		if out != nil {
			out = append(out, m)
		}
	}
	if out == nil {
		return kept, nil
	}
	return out, repeats
}

// repeatEdges adds to the edges a view collects the records of repeats,
// at depth, before the member of index idx, and returns the others: a
// richer view may expand a record whose line at the cut repeats one, as
// it would any other. The edges keep the order of their records.
func (r *docRender) repeatEdges(repeats []member, idx, depth int) []member {
	for len(repeats) > 0 && repeats[0].idx < idx {
		if m := repeats[0]; r.edge != nil && depth == r.depth {
			c := r.d.container(m.val.start)
			if _, how := r.atCut(m.val, c, true); how != cutWhole {
				*r.edge = append(*r.edge, edge{v: m.val, summary: len(c.summary(r.d.b, r.lv.names)), failing: len(c.failing) > 0})
			}
		}
		repeats = repeats[1:]
	}
	return repeats
}

// cutLine returns the line the record at v, at depth, shows as where the
// view cuts it, or "" if it is shown otherwise or by a summary.
func (r *docRender) cutLine(v seg, depth int) string {
	c := r.d.container(v.start)
	if c.n == 0 || depth == r.depth && r.expand[v.start] {
		return ""
	}
	s, how := r.atCut(v, c, true)
	switch how {
	case cutSummary:
		return ""
	case cutFlat:
		out := r.out
		r.out = nil
		r.flat(c)
		s, r.out = r.out, out
	}
	return string(s)
}

// cutsToFields reports whether any of the records kept, at depth, is cut
// and shows its short fields (see shortFields).
func (r *docRender) cutsToFields(kept []member, depth int) bool {
	if depth < r.depth {
		return false
	}
	for _, m := range kept {
		if depth == r.depth && r.expand[m.val.start] {
			continue
		}
		if c := r.d.container(m.val.start); c.n > 0 {
			if _, how := r.atCut(m.val, c, true); how == cutFields {
				return true
			}
		}
	}
	return false
}

// shortFields returns the record c on one line by the fields with short
// scalar values that lead it (see leadRank), as many as fit in the length
// of its summary, in the order they lead; or nil if not one does. A record
// a list holds says more by its name, its code or its message than by the
// names of its keys, for as much.
func (r *docRender) shortFields(c *container) []byte {
	if !c.object || c.mapLike {
		return nil
	}
	names := r.lv.names
	if s, ok := c.fields[names]; ok {
		return s
	}
	if c.fields == nil {
		c.fields = map[int][]byte{}
	}
	s := r.fieldsIn(c, len(c.summary(r.d.b, names)))
	c.fields[names] = s
	return s
}

// fieldsIn makes the line shortFields returns, in at most limit bytes.
func (r *docRender) fieldsIn(c *container, limit int) []byte {
	b := r.d.b
	comma := r.inlineComma()
	s := []byte{'{'}
	for _, m := range c.lead {
		if leadRank(b, m) == 2 {
			break
		}
		add := len(comma)*btoi(len(s) > 1) + m.key.end - m.key.start + len(r.d.colon) + m.val.end - m.val.start
		if len(s)+add+1 > limit && !(locator(b, m) && len(s) > 1 && len(s)+add+1 <= limit+locatorRoom) {
			continue
		}
		if len(s) > 1 {
			s = append(s, comma...)
		}
		s = append(s, b[m.key.start:m.key.end]...)
		s = append(s, r.d.colon...)
		s = append(s, b[m.val.start:m.val.end]...)
	}
	if len(s) == 1 {
		return nil
	}
	return append(s, '}')
}

// locator reports whether m is a telling field that holds a line number
// ("line": 574): the line a diagnostic points at tells two of the same
// message apart, and a record's line has room for it beyond its summary's
// length (locatorRoom).
func locator(b []byte, m member) bool {
	return kindAt(b, m.val.start) == jNumber && lowerContent(b[m.key.start:m.key.end]) == "line"
}

// locatorRoom is how far a locator may take a record's line past the
// length of its summary.
const locatorRoom = 12

// summary returns the string literal that stands for c below the depth a
// view shows: its size, the kinds of its items, and up to names of its
// keys.
func (c *container) summary(b []byte, names int) []byte {
	if s, ok := c.summaries[names]; ok {
		return s
	}
	if c.summaries == nil {
		c.summaries = map[int][]byte{}
	}
	s := c.summarise(b, names)
	c.summaries[names] = s
	return s
}

// summarise makes the summary that summary returns.
func (c *container) summarise(b []byte, names int) []byte {
	s := []byte(`"[headroom: `)
	if c.object {
		s = append(s, "object of "...)
		s = appendCount(s, c.n, "key", "keys")
		s = c.appendKeys(b, s, names, ": ")
		return append(s, `]"`...)
	}
	s = append(s, "array of "...)
	kinds := 0
	for _, n := range c.kinds {
		if n > 0 {
			kinds++
		}
	}
	if kinds == 1 {
		k := kindAt(b, c.first[0].val.start)
		s = append(s, elision.Thousands(int64(c.n))...)
		s = append(s, ' ')
		s = append(s, k.name(c.n)...)
	} else {
		s = appendCount(s, c.n, "item", "items")
		sep := ": "
		for k := nKinds - 1; k < nKinds; k-- { // objects first; k wraps past 0
			if n := c.kinds[k]; n > 0 {
				s = append(s, sep...)
				s = append(s, elision.Thousands(int64(n))...)
				s = append(s, ' ')
				s = append(s, k.name(n)...)
				sep = ", "
			}
		}
	}
	// Naming the keys of an array's items pays only in rich views.
	if c.keyCount > 0 && names >= 6 {
		s = c.appendKeys(b, s, names, "; the first has keys ")
	}
	return append(s, `]"`...)
}

// appendKeys appends up to names of the keys in c.keys after intro, with
// a count of the rest. The keys' content is written as the input escapes
// it, which keeps the summary a valid literal.
func (c *container) appendKeys(b, s []byte, names int, intro string) []byte {
	names = min(names, len(c.keys))
	if names == 0 {
		return s
	}
	s = append(s, intro...)
	for i, k := range c.keys[:names] {
		if i > 0 {
			s = append(s, ", "...)
		}
		name := b[k.start+1 : k.end-1]
		if cut := prefixChars(name, maxKeyName); cut < len(name) {
			name = append(name[:cut:cut], "..."...)
		}
		s = append(s, name...)
	}
	if rest := c.keyCount - names; rest > 0 {
		s = append(s, " and "...)
		s = append(s, elision.Thousands(int64(rest))...)
		s = append(s, " more"...)
	}
	return s
}

func appendCount(s []byte, n int, one, many string) []byte {
	s = append(s, elision.Thousands(int64(n))...)
	s = append(s, ' ')
	if n == 1 {
		return append(s, one...)
	}
	return append(s, many...)
}
