package reduce

import (
	"bytes"
	"container/heap"
	"slices"
	"unicode/utf8"

	"github.com/headroom-cli/headroom/shape"
)

// Priorities of the listing reducer's pieces, by class; within a class, a
// smaller rank first, and earlier lines first among equals.
const (
	prioListNote   = 5 << 24
	prioListOther  = 4 << 24 // titles, headers, summaries, complaints
	prioListBoost  = 3 << 24 // entries that stand out: directories, rare statuses, the largest
	prioListRanked = 2 << 24 // the other entries, by rank
	listMaxRank    = 1 << 20
)

const (
	// listCandOverhead is what holding a candidate costs besides its text.
	listCandOverhead = 64
	// listLongLine is the length past which a kept line is cut.
	listLongLine = 512
	// listMaxDirs and listMaxDirBytes cap the directories the census counts
	// entries in; past them, entries are counted together.
	listMaxDirs     = 10_000
	listMaxDirBytes = 1 << 20
	// listMaxExts caps the extensions the census counts.
	listMaxExts = 256
	// listKeyRows caps the statuses counted.
	listKeyRows = 64
	// listTopSizes is how many of the largest entries stand out.
	listTopSizes = 8
	// listEdge is how many entries at the end rank with the first ones.
	listEdge = 8
	// listMaxBlanks caps the blank lines held.
	listMaxBlanks = 4096
	// listEnds is how many entries at either end rank above all others.
	listEnds = 3
	// listPathColumns is how many fields before a path make them columns
	// of a row rather than a status (git status -s's M, a rename's old
	// path).
	listPathColumns = 3
	// listTextUntil is how many entries, half the lines or more, make the
	// input a listing beyond doubt; until then it is also read as text.
	listTextUntil = 64
)

// Listing is the reducer for lists of names: paths (find, rg -l, git
// ls-files, dpkg -L, jar tf), tables of files, packages or processes (ls -l,
// du, git ls-tree, dpkg -l, ps) and drawn trees (tree, npm ls).
//
// When the entries do not fit as they are, a note counts them exactly, by
// directory and by extension (or by type, for ls -l), and the view shows:
// lines that are no entries (errors, headers, summaries) first; then rows
// that stand out (directories, a status other than the usual one, the
// largest sizes); then the first and last entries, and of every directory
// its first names, consecutive paths of one directory folded as
// dir/{a,b}.go for dir/a.go and dir/b.go. When verbatim lines could show
// less than half of the entries but the folded list fits, every name is
// shown, folded but for the ends. Rows and tree entries are kept verbatim,
// a tree's shallow entries before its deep ones; but rows whose other
// columns cost most of their tokens show, where they do not fit whole, by
// their names alone in notes that say which lines they stand for.
type Listing struct {
	holdLimit int
	parser    shape.ListingParser
	text      *Text // the input as text, while it may be no listing

	census listCensus
	fold   listFolder
	names  listNames

	held      listHeap
	heldBytes int
	tail      []listCand // the last entries
	others    int        // lines that are no entries, but for ls -R's headings
	sections  int        // ls -R's headings
	rows      int        // entries held as lines: rows, tree entries, unfolded paths
	first     int        // the line of the first entry
	blanks    []int      // blank lines
	short     [2][]Piece // short lines (see holdShort): the first, and the last after them
	shortB    [2]int     // and their length
	totals    []Piece    // ls -l's "total 42" lines

	section []byte // the directory ls -R heads the current entries with
	secRows int    // the entries read under it

	lastEntry int            // the line of the last entry the census counted
	root      int            // the line a drawn tree hangs from, counted as no entry
	treeLast  int            // the line of the last tree entry
	treeDepth int            // and its depth
	treeDirs  map[int]bool   // the lines of tree entries that others are under
	treeSole  map[int]bool   // the lines of tree entries that are the only one in their directory, so far
	treeFirst []int          // the line of the first entry in each directory of the path to the last one, by depth
	treeKids  []int          // entries read so far in each directory of the path to the last one, by depth
	treeNames map[string]int // the names of the tree's entries read so far, with the least depth of each
	nameBytes int            // and their length

	keys    map[string]int // rows by status
	keyRows int
	sizes   []int64 // the largest sizes so far, smallest first
}

// listClass says what a line held as a candidate is.
type listClass uint8

const (
	listOtherLine listClass = iota // no entry: a title, a header, an error
	listBlank
	listSection // ls -R's "dir:" heading the entries after it
	listEntry   // a row, a path shown as it is
	listTreeRow // an entry of a drawn tree
	listDirRow  // a directory's row in ls -l
	listKeyed   // a row whose status was not the usual one when read
	listLarge   // a row of one of the largest sizes when read
	listSelf    // ls -a's . and ..
)

// listCand is an input line that a view may show verbatim.
type listCand struct {
	piece Piece
	class listClass
	key   string // a row's status
	n     int    // for a line that is no entry, how many came before it; for a tree entry, its depth
	dir   int    // for an entry, the census's index of its directory, or -1
	ext   string // and its extension, as the census counts it
	size  int64  // for a row of one of the largest sizes when read, the size
	sec   int    // for an entry under an ls -R heading, how many came before it there, for a tree entry in its directory; else -1
	seen  bool   // for a tree entry, whether an entry before it had its name
}

// NewListing returns a listing reducer for a view of about budget tokens.
func NewListing(budget int) *Listing {
	return &Listing{
		holdLimit: max(budget*32, 64<<10),
		text:      NewText(budget),
		census:    newListCensus(),
		fold:      listFolder{limit: max(budget*32, 64<<10), stems: true, bare: true},
		names:     listNames{limit: max(budget*32, 64<<10)},
		keys:      map[string]int{},
		treeDirs:  map[int]bool{},
		treeSole:  map[int]bool{},
		treeNames: map[string]int{},
	}
}

func newListing(budget int) Reducer { return NewListing(budget) }

// Add implements Reducer.
func (r *Listing) Add(l Line) {
	if r.text != nil {
		r.text.Add(l)
	}
	r.holdShort(l)
	b := l.Text
	ll := r.parser.Parse(b)
	switch ll.Form {
	case shape.ListingBlank:
		r.fold.end()
		// Blank lines are held apart, to be shown only where they
		// close a gap between kept lines.
		if len(r.blanks) < listMaxBlanks {
			r.blanks = append(r.blanks, l.N)
		}
		return
	case shape.ListingTotal:
		// Held apart, as blank lines are, to be shown only where they
		// close a gap: ls -lR prints one under each heading.
		r.fold.end()
		if len(r.totals) < listMaxBlanks {
			r.totals = append(r.totals, Cut(l, listLongLine, 2))
		}
		return
	case shape.ListingHead:
		if ll.End > ll.Start {
			// ls -R's "dir:" heads the entries that follow. It stands out
			// as a directory's row does, not above every entry as a
			// complaint does: ls -R of a large tree has thousands.
			r.fold.end()
			r.section = append(append(r.section[:0], b[ll.Start:ll.End]...), '/')
			r.secRows = 0
			r.keep(l, listCand{class: listSection, n: r.sections, dir: -1, sec: -1}, prioListBoost-min(r.sections, listMaxRank))
			r.sections++
			return
		}
		fallthrough
	case shape.ListingOther:
		r.fold.end()
		r.keep(l, listCand{class: listOtherLine, n: r.others, dir: -1}, prioListOther-min(r.others, listMaxRank))
		r.others++
		return
	}
	if r.census.entries >= listTextUntil && r.census.entries*2 >= l.N {
		// A listing beyond doubt: no need for the text view.
		r.text = nil
	}
	if r.first == 0 {
		r.first = l.N
	}
	switch ll.Form {
	case shape.ListingPath:
		name := b[ll.Start:ll.End]
		dir, ext := r.census.add(r.section, name)
		r.lastEntry = l.N
		// A name with no directory (ls, ls -1) folds as a path does,
		// but not under an ls -R heading, whose entries take turns by
		// section, nor after an indentation (apt-cache rdepends), where
		// names alone in notes show it at less cost; nor a directory's
		// name alone (jar tf's org/), which stands out as it is.
		// Nor a path after columns (git's raw rows: modes, object ids,
		// the status), which differ from row to row and would keep
		// every row a fold of its own: it shows by name alone, as a
		// row of ls -l does.
		bare := bytes.IndexByte(name[:max(len(name)-1, 0)], '/') < 0
		folds := !bare || r.section == nil && ll.Start == 0 && !bytes.HasSuffix(name, []byte("/"))
		folds = folds && fieldCount(b[:ll.Start]) < listPathColumns
		if ll.End == len(b) && folds && r.fold.add(l, b[:ll.Start], name, dir) {
			return
		}
		r.names.add(l, ll.Start, ll.End, dir, ext)
		r.entry(l, listCand{class: listEntry, dir: dir, ext: ext})
	case shape.ListingRow:
		r.fold.end()
		var name []byte
		if ll.End > ll.Start {
			name = b[ll.Start:ll.End]
		}
		if string(name) == "." || string(name) == ".." {
			// ls -a's own entries tell nothing: shown only to close a
			// gap, and counted nowhere, as they name the directory and
			// its parent, not what the directory holds.
			r.keep(l, listCand{class: listSelf, dir: -1, sec: -1}, 2)
			return
		}
		counted := name
		if ll.Command {
			// A program's name, counted in no directory: ps's
			// [kworker/0:1] and /usr/bin/python3 are no paths to count
			// by directory.
			counted = nil
		}
		dir, ext := r.census.add(r.section, counted)
		r.lastEntry = l.N
		r.census.kind(b)
		c := r.classify(b, ll)
		c.dir, c.ext = dir, ext
		if name != nil {
			r.names.add(l, ll.Start, ll.End, dir, ext)
			if notInstalled(b) {
				r.names.absent(l.N)
			}
			if c.class == listDirRow {
				r.names.slash(l.N)
				if bytes.IndexByte(name[:len(name)-1], '/') >= 0 {
					// A directory's row named by its path (tar tv,
					// zipinfo, find -ls) heads the paths under it,
					// whose names show it: it ranks as they do.
					c.class = listEntry
				}
			}
			if s, ok := rowSize(b, ll); ok {
				r.names.sized(s)
			}
		}
		r.entry(l, c)
	case shape.ListingTree:
		r.fold.end()
		if r.treeLast == 0 && r.root == 0 && r.lastEntry == l.N-1 && ll.Depth == 0 {
			// The line a tree's first entry follows is its root (tree's
			// ".", npm ls's package), not one of its entries: tree
			// itself counts it in neither its directories nor its
			// files.
			r.census.undo()
			r.root = l.N - 1
		}
		r.census.add(nil, nil)
		if r.treeLast > 0 && r.treeLast == l.N-1 && ll.Depth > r.treeDepth && len(r.treeDirs) < listMaxDirs {
			// The entry before this deeper one holds it: a directory
			// (tree), a package with dependencies (npm ls).
			r.treeDirs[r.treeLast] = true
		}
		r.treeLast, r.treeDepth = l.N, ll.Depth
		// Entries of a directory rank by how many came before them in
		// it: every directory at a depth shows its first entries before
		// any shows more, rather than the first directories all of
		// theirs and a large one late in the tree none.
		d := min(ll.Depth, listMaxDepth)
		for len(r.treeKids) <= d {
			r.treeKids = append(r.treeKids, 0)
		}
		r.treeKids = r.treeKids[:d+1]
		r.sole(l.N, d, r.treeKids[d], b[ll.Start:ll.End])
		c := listCand{class: listTreeRow, n: ll.Depth, dir: -1, sec: r.treeKids[d], seen: r.repeated(b[ll.Start:ll.End], ll.Depth)}
		r.treeKids[d]++
		r.keep(l, c, treeEntryPrio(ll.Depth, c.sec, c.seen))
	}
}

// treeMaxKids caps the rank an entry of a tree takes from its place in its
// directory, below the step from one depth to the next: half of that step
// for a name not seen before in the tree, the other half for one seen.
const treeMaxKids = 1<<11 - 1

// repeated reports whether the tree has named an entry name before, no
// deeper than depth, and notes the name. Builds of one library side by
// side (amd/, cjs/, esm/), the packages of node_modules and the __pycache__
// of every package hold the same names over and over: a directory's names
// that no other showed tell more than the ones it repeats, which a reader
// has seen once already. A name seen only deeper (httptest/server.go) does
// not make the shallower one (server.go) a repeat.
func (r *Listing) repeated(name []byte, depth int) bool {
	if d, ok := r.treeNames[string(name)]; ok {
		if d <= depth {
			return true
		}
		r.treeNames[string(name)] = depth
		return false
	}
	if len(r.treeNames) < listMaxDirs && r.nameBytes+len(name) <= listMaxDirBytes {
		r.treeNames[string(name)] = depth
		r.nameBytes += len(name)
	}
	return false
}

// sole notes the tree entry name on line n, at depth d after before
// others of its directory: the first is its directory's only entry until a
// second one comes. A package's dependency (npm ls's, yarn list's
// name@version) is none: it is an edge to a package the tree lists
// elsewhere, and a gap line says as much for less.
func (r *Listing) sole(n, d, before int, name []byte) {
	for len(r.treeFirst) <= d {
		r.treeFirst = append(r.treeFirst, 0)
	}
	switch before {
	case 0:
		r.treeFirst[d] = n
		if d > 0 && (len(name) == 0 || bytes.IndexByte(name[1:], '@') < 0) && len(r.treeSole) < listMaxDirs {
			r.treeSole[n] = true
		}
	case 1:
		delete(r.treeSole, r.treeFirst[d])
	}
}

// listMaxDepth caps the depths of a tree whose entries are counted by
// directory.
const listMaxDepth = 255

// treeEntryPrio ranks a tree's entry by its depth, then below the others
// if its name was seen before, then by how many entries of its directory
// came before it.
func treeEntryPrio(depth, before int, seen bool) int {
	p := treePrio(depth) - min(before, treeMaxKids)
	if seen {
		p -= treeMaxKids + 1
	}
	return p
}

// treePrio ranks a tree's entries by depth: the top two levels stand out.
func treePrio(depth int) int {
	if depth <= 1 {
		return prioListBoost - depth<<12
	}
	return prioListRanked - min(depth, 255)<<12
}

// treeDirPrio ranks a tree's entries that hold others: below the top
// level, above every other entry, the shallower first. A tree's
// directories are its shape, which its files do not tell.
func treeDirPrio(depth int) int {
	if depth == 0 {
		return treePrio(depth)
	}
	return prioListBoost - 1<<11 - min(depth, 255)<<3
}

// entry adds a row or a path shown as it is, held by its rank as read: its
// place among the entries, or its standing out.
func (r *Listing) entry(l Line, c listCand) {
	r.fold.end()
	r.rows++
	c.sec = -1
	if r.section != nil {
		c.sec = r.secRows
		r.secRows++
	}
	prio := prioListRanked - min(r.rows, listMaxRank)
	if c.class >= listDirRow {
		prio = prioListBoost - min(r.rows, listMaxRank)
	}
	r.keep(l, c, prio)
	r.keepTail(l, c)
}

// classify tells whether a row stands out from the rest: a directory in
// ls -l, a status other than the usual one so far (dpkg -l's rc among ii,
// apt list's [installed] among [installed,automatic]), or one of the
// largest sizes so far.
func (r *Listing) classify(b []byte, ll shape.ListingLine) listCand {
	c := listCand{class: listEntry, key: rowKey(b)}
	if c.key != "" {
		if _, ok := r.keys[c.key]; ok || len(r.keys) < listKeyRows {
			r.keys[c.key]++
		}
		r.keyRows++
	}
	switch {
	case modeRow(b) && b[0] == 'd':
		c.class = listDirRow
	case c.key != "" && r.keyRows >= 8 && c.key != r.usualKey():
		c.class = listKeyed
	default:
		if s, ok := rowSize(b, ll); ok && r.large(s) {
			c.class, c.size = listLarge, s
		}
	}
	return c
}

// usualKey returns the status most rows have had so far, the first of
// those that tie.
func (r *Listing) usualKey() string {
	best, n := "", 0
	for k, c := range r.keys {
		if c > n || c == n && k < best {
			best, n = k, c
		}
	}
	return best
}

// rare reports whether a status is rare enough for its rows to stand out:
// an eighth of the rows with a status or fewer. A status many rows share
// (apt list's upgradable packages, a fifth of them after a while without
// upgrades) would take the room of every other row.
func (r *Listing) rare(key string) bool {
	return r.keys[key]*16 <= r.keyRows
}

// large reports whether size s is among the largest seen so far.
func (r *Listing) large(s int64) bool {
	if len(r.sizes) == listTopSizes && s <= r.sizes[0] {
		return false
	}
	i := 0
	for i < len(r.sizes) && r.sizes[i] < s {
		i++
	}
	r.sizes = slices.Insert(r.sizes, i, s)
	if len(r.sizes) > listTopSizes {
		r.sizes = r.sizes[1:]
	}
	return true
}

// holdShort holds line l, if it is short enough to cost about what the gap
// line that would stand for it alone does (twice its bytes, as a gap line
// is dense in tokens): a census's view shows such a line rather than a gap
// line between two lines it keeps (see counted), and it may lie far from
// where candidates are held. The first short lines take up to half the
// reducer's limit, and the last after them the other half.
func (r *Listing) holdShort(l Line) {
	size := len(l.Text) + listCandOverhead
	gap := len("  [... L]") + digits(l.N)
	if len(l.Text) > 2*gap || len(bytes.TrimSpace(l.Text)) == 0 {
		return
	}
	k := 0
	if r.shortB[0]+size > r.holdLimit/2 {
		k = 1
	}
	r.short[k] = append(r.short[k], Piece{Line: l.N, Text: bytes.Clone(l.Text)})
	r.shortB[k] += size
	for k == 1 && r.shortB[1] > r.holdLimit/2 {
		r.shortB[1] -= len(r.short[1][0].Text) + listCandOverhead
		r.short[1] = r.short[1][1:]
	}
}

// keep holds line l as candidate c of priority prio, unless it would be let
// go at once.
func (r *Listing) keep(l Line, c listCand, prio int) {
	size := int(min(l.Len, listLongLine)) + listCandOverhead
	if r.heldBytes+size > r.holdLimit && len(r.held) > 0 && prio <= r.held[0].piece.Prio {
		return
	}
	c.piece = Cut(l, listLongLine, prio)
	heap.Push(&r.held, c)
	r.heldBytes += len(c.piece.Text) + listCandOverhead
	for r.heldBytes > r.holdLimit && len(r.held) > 0 {
		out := heap.Pop(&r.held).(listCand)
		r.heldBytes -= len(out.piece.Text) + listCandOverhead
	}
}

// keepTail holds entry c among the last ones, which rank by their distance
// from the end once it is known.
func (r *Listing) keepTail(l Line, c listCand) {
	if len(r.tail) < listEdge {
		c.piece = Cut(l, listLongLine, 0)
		r.tail = append(r.tail, c)
		return
	}
	// Reuse the oldest one's text: most entries pass through here.
	old := r.tail[0]
	copy(r.tail, r.tail[1:])
	text, after := cutAt(l, listLongLine)
	c.piece = Piece{Line: l.N, Text: append(old.piece.Text[:0], text...), After: after}
	r.tail[len(r.tail)-1] = c
}

// entry reports whether a held line is an entry of the listing.
func (c listCand) entry() bool { return c.class >= listEntry }

// modeRow reports whether a row starts with a file's mode, as ls -l prints
// it: drwxr-xr-x.
func modeRow(b []byte) bool {
	if len(b) < 11 || bytes.IndexByte([]byte("-dlcbpsD"), b[0]) < 0 {
		return false
	}
	for _, c := range b[1:10] {
		if bytes.IndexByte([]byte("rwxsStT-"), c) < 0 {
			return false
		}
	}
	return true
}

// rowKey returns the status a row starts or ends with, where a table has
// one: dpkg -l's ii, apt list's [installed,automatic]; or "".
func rowKey(b []byte) string {
	if len(b) > 3 && b[2] == ' ' && b[0] != ' ' && b[0] != '-' && b[1] != ' ' {
		if isLowerWord(b[:2]) {
			return string(b[:2])
		}
	}
	first, _, _ := bytes.Cut(b, []byte(" "))
	if i := bytes.LastIndexByte(b, '['); i > 0 && b[len(b)-1] == ']' && b[i-1] == ' ' && bytes.IndexByte(first, '/') > 0 {
		// apt list's name/suite version arch [status], not ps's [kthreadd].
		// [installed,upgradable to: 2.6.2]: the words, not the version.
		key := b[i:]
		if j := bytes.IndexAny(key, ":0123456789"); j > 0 {
			key = key[:j]
		}
		return string(key)
	}
	return ""
}

// fieldCount counts the fields of b as bytes.Fields splits them, without
// a slice of them: it runs on every row.
func fieldCount(b []byte) int {
	n := 0
	for range bytes.FieldsSeq(b) {
		n++
	}
	return n
}

func isLowerWord(b []byte) bool {
	for _, c := range b {
		if c < 'a' || c > 'z' {
			if c < 'A' || c > 'Z' {
				return false
			}
		}
	}
	return true
}

// rowSize returns the size in a row of ls -l, ls -s or du, in bytes as far
// as its unit tells; in a row of git diff --stat, the lines changed.
func rowSize(b []byte, ll shape.ListingLine) (int64, bool) {
	var f []byte
	switch {
	case ll.Start > 0 && b[ll.Start-1] == '\t' && bytes.IndexByte(b, '\t') == ll.Start-1:
		// du: the size, a tab, the path.
		f = b[:ll.Start-1]
	case ll.Start > 0 && modeRow(b):
		// ls -l: the field before the date, which starts three fields
		// before the name.
		var last [4][]byte // the last four fields, the nth at n%4
		n := 0
		for f := range bytes.FieldsSeq(b[:ll.Start]) {
			last[n%4] = f
			n++
		}
		if n < 4 {
			return 0, false
		}
		f = last[n%4]
	case ll.Start > 0 && ll.End == len(b) && fieldCount(b[:ll.Start]) == 1:
		// ls -s: the size, then the name.
		f = bytes.TrimSpace(b[:ll.Start])
	case ll.Start == 1 && b[0] == ' ' && ll.End < len(b):
		// git diff --stat: the path, a bar, the lines changed; a binary
		// file's Bin and bytes are no count of lines.
		rest, ok := bytes.CutPrefix(bytes.TrimLeft(b[ll.End:], " "), []byte("| "))
		if !ok {
			return 0, false
		}
		f, _, _ = bytes.Cut(bytes.TrimLeft(rest, " "), []byte(" "))
	default:
		return 0, false
	}
	return parseSize(f)
}

// parseSize reads a size as 4096, 4.0K or 112M.
func parseSize(f []byte) (int64, bool) {
	var n, frac, div int64 = 0, 0, 1
	i := 0
	for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
		n = n*10 + int64(f[i]-'0')
		if n > 1<<50 {
			return 0, false
		}
	}
	if i == 0 {
		return 0, false
	}
	if i < len(f) && f[i] == '.' {
		for i++; i < len(f) && f[i] >= '0' && f[i] <= '9' && div < 1000; i++ {
			frac = frac*10 + int64(f[i]-'0')
			div *= 10
		}
	}
	mult := int64(1)
	if i < len(f) {
		switch f[i] {
		case 'K', 'k':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		default:
			return 0, false
		}
	}
	return n*mult + frac*mult/div, true
}

// listHeap orders candidates worst first: lowest priority, then latest
// line.
type listHeap []listCand

func (h listHeap) Len() int { return len(h) }
func (h listHeap) Less(i, j int) bool {
	if h[i].piece.Prio != h[j].piece.Prio {
		return h[i].piece.Prio < h[j].piece.Prio
	}
	return h[i].piece.Line > h[j].piece.Line
}
func (h listHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *listHeap) Push(x any)   { *h = append(*h, x.(listCand)) }
func (h *listHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	old[len(old)-1] = listCand{}
	*h = old[:len(old)-1]
	return c
}

// foldable reports whether a name may go inside a fold's braces: nothing
// in it that would read as the fold's own punctuation, or hide.
func foldable(name []byte) bool {
	if len(name) == 0 || len(name) > 200 || !utf8.Valid(name) {
		return false
	}
	for _, c := range name {
		if c <= ' ' || c == 0x7f || c == ',' || c == '{' || c == '}' || c == '\\' {
			return false
		}
	}
	return true
}
