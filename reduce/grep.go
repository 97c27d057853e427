package reduce

import (
	"bytes"
	"cmp"
	"container/heap"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
)

// Priorities of the grep reducer's pieces, by class. Within a class, a line
// that is the k-th of its kind in its file, in a file that is the j-th of
// its directory, ranks by k first and j second: Fit takes the first match of
// every file before the second of any, and the first files of every
// directory before the second of any; earlier lines first among equals.
const (
	prioGrepNote      = 4 << 24
	prioGrepToolError = 3 << 24 // the search tool's own complaints
	prioGrepRanked    = 2 << 24 // matches, headings, listed paths, other lines
	prioGrepContext   = 1 << 24 // context lines, zero counts
	grepMaxK          = 1 << 13
	grepMaxJ          = 1 << 10
)

const (
	// grepMaxFiles and grepMaxPathBytes cap the files the reducer keeps
	// counts for and the bytes of their paths; past them, files and their
	// matches are only counted together.
	grepMaxFiles     = 10_000
	grepMaxPathBytes = 1 << 20
	// grepMaxToolErrors caps the complaints of the search tool held at the
	// priority of errors.
	grepMaxToolErrors = 100
	// grepLongMatch is the length past which a match line is cut.
	grepLongMatch = 512
	// Around a match in a cut line, keep this much before and after its
	// start; a line whose match is unknown keeps its head.
	grepCutBefore, grepCutAfter, grepCutHead = 80, 240, 320
	// grepLongHold is how much of a long line is held while the pattern
	// that locates its match is not known yet.
	grepLongHold = 2048
	// grepCandOverhead is what holding a candidate costs besides its text.
	grepCandOverhead = 64
	// grepMaxSamples is how many short match lines are held to infer the
	// pattern searched for.
	grepMaxSamples = 16
	// grepTrailer is how many of the last lines, after the last match,
	// are taken for the search tool's summary.
	grepTrailer = 16
)

// Grep is the reducer for search output (grep, rg, ag, git grep, find). Its
// view starts with a note that names every file that matched with its exact
// count of matches, in input order; when that list does not fit, it names
// the files with the most matches with their counts and every other file in
// folds by directory (dir/{a,b}.go); when those do not fit either, it counts
// files and matches by directory if that fits, and names the files with the
// most matches with their counts and as many others as fit in folds, those
// with more matches first.
// Then come the first matches of each file, spread fairly across files and
// directories, then context lines. Long match lines are cut around the
// match.
type Grep struct {
	holdLimit int
	plain     []byte // the line being read without its colours

	files     []grepFile
	pathBytes int // of the paths of files
	index     map[string]int
	dirs      map[string]int // files seen in each parent directory
	more      grepMore       // files past the caps
	moreP     []byte         // the path of the last file past the caps
	moreKind  grepFileKind
	cur       int // the file of the last line, -1 for none

	held      grepHeap
	heldBytes int
	dropped   bool // a candidate was let go to stay within holdLimit
	toolErrs  int
	others    int // lines of no search output
	lastOut   int // the line of the last search output
	// located is set once a path:N line names a file a line of that form
	// named before: grep -c names each file once, so the numbers are the
	// lines of locations (grep -n | cut -d: -f1,2, addr2line), not counts.
	located bool

	prev []byte // the path of the line before
	// Lines that name no file (grep -h -n, rg --no-filename) belong to
	// one file while their numbers rise; one that does not rise starts
	// another. bareNum is the number of the last such line, bareRuns
	// the files after the first, bareStarts the input lines that start
	// them, up to grepMaxFiles.
	bareNum    int
	bareRuns   int
	bareStarts []int
	heading    bool // in a --heading group
	headN      int  // the line of the group's heading
	headText   bool // the group's lines carry no line numbers
	groupStart bool // the next line may start a --heading group
	pending    *grepCand
	pendStart  bool // the pending path started a group
	pendWeak   bool // it may not be a path: Makefile, or a path with spaces
	// maybe holds the lines, read but not yet added, that may be the
	// context lines before a file's first match, of a file whose name has
	// no extension (locales/C-3-text, cpack=3=_cpack()): the match that
	// follows tells (see shape.ContextOf).
	maybe      []Line
	maybeBytes int

	text *Text // the input as text, while no file has been seen

	samples [][]byte // short match texts, to infer the pattern
	pattern []byte
	tried   int // samples the pattern was last inferred from

	// shared holds, while Pieces plans a view, what its plans have in
	// common (see grepShared); nil otherwise.
	shared *grepShared
}

// grepShared is what the plans of one view share, worked out the first time
// a plan needs it: the summary is tried with up to three shares of the room
// and the candidates ranked for each, over the same files and lines.
type grepShared struct {
	totals    grepTotals
	totalled  bool
	top       []string // the entries of topFiles, and their files
	order     []int
	ranked    bool
	depths    []int // the levels of directories worth a map (see summary)
	levels    map[int][]grepDirCount
	cands     []grepCand          // the held candidates in input order, long lines cut
	candLines int                 // the lines of the input cands were ranked for
	folds     map[[3]int][]string // by files apart, files named and width (see restFolds)
}

// grepFileKind says how a file came to be in the output.
type grepFileKind uint8

const (
	grepMatched grepFileKind = iota // it has match or context lines
	grepListed                      // a bare path (-l, find)
	grepCounted                     // grep -c's path:count
	grepBinary                      // a binary file that matches
)

// grepMore counts the files past the caps on files kept apart, and their
// lines, so the summary still counts the whole search.
type grepMore struct {
	files, matches, ctx int
	counted, zeros      int // files of grep -c's path:count, and those of them with 0
}

type grepFile struct {
	path    string
	kind    grepFileKind
	matches int // match lines, or grep -c's count
	ctx     int // context lines
	j       int // files of its parent directory seen before it
}

// grepRole says what an input line held as a candidate is.
type grepRole uint8

const (
	grepMatchLine grepRole = iota
	grepContextLine
	grepHeading
	grepEntry      // a listed path or a count
	grepZero       // grep -c's count of 0
	grepBinaryLine // a notice that a binary file matches
	grepOther
	grepToolErrorLine
	grepFiller // "--" and blank lines, kept only to close a gap
)

// grepCand is an input line that a view may show.
type grepCand struct {
	piece Piece
	role  grepRole
	file  int // files index, -1 for none
	k     int // lines of its role in its file before it
	// head is the line of the file's --heading, which a numbered line
	// cannot be shown without; 0 if none.
	head int
	// The offset of a match line's text; and for a long match line whose
	// match is not located yet, the line's length, and whether the window
	// is still to be chosen.
	textAt  int
	len     int64
	unsized bool
	// label, for a line cut around its match, is the path:line it lost.
	label string
	// fn marks the context line git grep -p or -W set apart with '=':
	// the line that starts the function the matches after it are in.
	fn bool
	// blank marks a context line with no text after its path and number.
	blank bool
}

// NewGrep returns a grep reducer for a view of about budget tokens.
func NewGrep(budget int) *Grep {
	return &Grep{
		// Enough for the first match of a few hundred directories' first
		// files, whatever grouping the summary ends up with.
		holdLimit:  max(budget*64, 64<<10),
		index:      map[string]int{},
		dirs:       map[string]int{},
		cur:        -1,
		groupStart: true,
		text:       NewText(budget),
	}
}

func newGrep(budget int) Reducer { return NewGrep(budget) }

// Add implements Reducer.
func (g *Grep) Add(l Line) {
	if bytes.IndexByte(l.Text, 0x1b) >= 0 {
		// grep --color=always wraps paths, numbers and matches in
		// colours, which every view drops: the line is read, held and
		// shown without them, and a cut counts the bytes shown.
		g.plain = appendUncoloured(g.plain[:0], l.Text)
		l.Len -= int64(len(l.Text) - len(g.plain))
		l.Text = g.plain
	}
	b := bytes.TrimSuffix(l.Text, []byte{'\r'})
	if g.text != nil {
		g.text.Add(l)
	}
	if g.hesitate(l, b) {
		return
	}
	g.add(l, b)
}

// grepMaxMaybe and grepMaxMaybeBytes cap the lines held while they may be
// context lines: git grep -W shows whole functions before their matches.
const (
	grepMaxMaybe      = 256
	grepMaxMaybeBytes = 64 << 10
)

// hesitate holds line l (b without its carriage return) while it may be a
// context line of a file whose name has no extension, and reports whether it
// did; a line that is not one first adds the lines held, as context lines of
// its file if it is a match or context line that names them, else as they
// read alone.
func (g *Grep) hesitate(l Line, b []byte) bool {
	if !g.heading && len(g.maybe) < grepMaxMaybe && g.maybeBytes < grepMaxMaybeBytes {
		// Most lines are neither: parse only those that may be, as add
		// parses every line again.
		maybe := shape.MaybeContext(b)
		_, weak := shape.WeakMatch(b)
		if maybe || weak {
			gl := shape.ParseGrepLine(b, g.prev)
			if maybe && (gl.Form == shape.GrepPath || gl.Form == shape.GrepOther || gl.Form == shape.GrepMatch && gl.Num == 0) ||
				weak && gl.Form == shape.GrepOther {
				l.Text = bytes.Clone(l.Text)
				g.maybe = append(g.maybe, l)
				g.maybeBytes += len(l.Text)
				return true
			}
		}
	}
	if len(g.maybe) == 0 {
		return false
	}
	var path []byte
	if gl := shape.ParseGrepLine(b, g.prev); !g.heading && gl.Num > 0 && (gl.Form == shape.GrepMatch || gl.Form == shape.GrepContext) {
		path = bytes.Clone(gl.Path)
	}
	g.addMaybe(path)
	return false
}

// addMaybe adds the lines held while they may be context lines: those that
// are context lines of the file at path as such, the others as they read
// alone.
func (g *Grep) addMaybe(path []byte) {
	held := g.maybe
	g.maybe, g.maybeBytes = nil, 0
	names := make([][]byte, len(held))
	for i, l := range held {
		names[i], _ = shape.WeakMatch(bytes.TrimSuffix(l.Text, []byte{'\r'}))
	}
	for i, l := range held {
		b := bytes.TrimSuffix(l.Text, []byte{'\r'})
		gl, ok := shape.ContextOf(b, path)
		if !ok && grepWeakRun(names, i) {
			// path:text of a file with no extension: a line beside it
			// names the same file.
			gl, ok = shape.GrepLine{Form: shape.GrepMatch, Path: names[i], Text: len(names[i]) + 1}, true
		}
		if !ok {
			g.add(l, b)
			continue
		}
		if g.pending != nil {
			g.resolve(b)
		}
		g.heading, g.groupStart = false, false
		g.addLine(l, b, gl, g.file(gl.Path, grepMatched), 0)
		g.prev = append(g.prev[:0], gl.Path...)
	}
}

// grepWeakRun reports whether the i-th of the lines held, whose names as
// path:text of a file with no extension are names (nil for none), has one
// that a line beside it has too.
func grepWeakRun(names [][]byte, i int) bool {
	return names[i] != nil && (i > 0 && bytes.Equal(names[i-1], names[i]) || i+1 < len(names) && bytes.Equal(names[i+1], names[i]))
}

// add reads line l, b without its carriage return.
func (g *Grep) add(l Line, b []byte) {
	if g.pending != nil {
		g.resolve(b)
	}
	if g.heading && g.addHeaded(l, b) {
		g.groupStart = false
		return
	}
	g.heading = false
	gl := shape.ParseGrepLine(b, g.prev)
	switch gl.Form {
	case shape.GrepBlank:
		g.hold(grepCand{piece: Piece{Line: l.N}, role: grepFiller, file: -1})
		g.groupStart = true
		return
	case shape.GrepSeparator:
		g.keep(grepCand{piece: Piece{Line: l.N}, role: grepFiller, file: -1}, l, 8)
	case shape.GrepMatch, shape.GrepContext:
		if gl.Path == nil && gl.Num > 0 {
			if gl.Num <= g.bareNum {
				g.bareRuns++
				if len(g.bareStarts) < grepMaxFiles {
					g.bareStarts = append(g.bareStarts, l.N)
				}
			}
			g.bareNum = gl.Num
		}
		g.addLine(l, b, gl, g.file(gl.Path, grepMatched), 0)
	case shape.GrepCount:
		if f, ok := g.index[string(gl.Path)]; g.located || ok && g.files[f].kind == grepCounted {
			g.locate()
			gl = shape.GrepLine{Form: shape.GrepMatch, Path: gl.Path, Num: gl.Num, Text: len(b)}
			g.addLine(l, b, gl, g.file(gl.Path, grepMatched), 0)
			break
		}
		g.addEntry(l, g.file(gl.Path, grepCounted), gl.Num)
	case shape.GrepBinary:
		f := g.cur
		if gl.Path != nil {
			f = g.file(gl.Path, grepBinary)
		}
		g.addEntry(l, f, 0)
	case shape.GrepPath:
		g.pending = &grepCand{piece: Cut(l, grepLongMatch, 0), len: l.Len, file: -1}
		g.pendStart, g.pendWeak = g.groupStart, !gl.Strong
	default:
		g.addOther(l, b)
	}
	g.groupStart = false
	if gl.Path != nil {
		g.prev = append(g.prev[:0], gl.Path...)
	}
}

// resolve decides, from the line b that follows it, what the pending bare
// path was: the --heading of a group, an entry of a list of paths, or, if it
// may not be a path, a line of no search output.
func (g *Grep) resolve(b []byte) {
	p := g.pending
	g.pending = nil
	path := p.piece.Text
	_, numbered := shape.ParseGrepNumbered(b)
	gl := shape.ParseGrepLine(b, nil)
	heading := numbered || (gl.Form == shape.GrepBinary && gl.Path == nil)
	// rg --heading without -n prints the group's lines bare; its
	// heading starts the output or follows a blank line, and a path with
	// spaces is believed if it has a directory.
	headText := !heading && g.pendStart && gl.Form == shape.GrepOther && !grepToolError(b) &&
		(!g.pendWeak || bytes.ContainsAny(path, `/\`))
	if !heading && !headText {
		g.settle(p)
		return
	}
	p.role, p.file = grepHeading, g.file(path, grepMatched)
	p.piece.Prio = g.prio(*p, g.fileJ(p.file))
	g.hold(*p)
	g.heading, g.headText, g.headN = true, headText, p.piece.Line
	g.prev = append(g.prev[:0], path...)
}

// settle adds a pending bare path that is no heading.
func (g *Grep) settle(p *grepCand) {
	l := Line{N: p.piece.Line, Text: p.piece.Text, Len: p.len}
	if g.pendWeak {
		g.addOther(l, l.Text)
		return
	}
	g.addEntry(l, g.file(l.Text, grepListed), 0)
}

// addHeaded adds a line of a --heading group, and reports false if the line
// ends the group and is to be read as any other.
func (g *Grep) addHeaded(l Line, b []byte) bool {
	switch {
	case len(b) == 0:
		return false
	case string(b) == "--":
		g.keep(grepCand{piece: Piece{Line: l.N}, role: grepFiller, file: -1}, l, 8)
		return true
	case g.headText:
		g.addLine(l, b, shape.GrepLine{Form: shape.GrepMatch}, g.cur, g.headN)
		return true
	}
	if gl, ok := shape.ParseGrepNumbered(b); ok {
		g.addLine(l, b, gl, g.cur, g.headN)
		return true
	}
	if gl := shape.ParseGrepLine(b, nil); gl.Form == shape.GrepBinary && gl.Path == nil {
		if g.cur >= 0 {
			g.files[g.cur].kind = grepBinary
		}
		g.addEntry(l, g.cur, 0)
		return true
	}
	return false
}

// file returns the index of the file at path, adding it if new, or -1 past
// the caps. Past them, files are counted by runs of lines, as search tools
// print each file's lines together.
func (g *Grep) file(path []byte, kind grepFileKind) int {
	if g.cur >= 0 && g.files[g.cur].path == string(path) {
		return g.cur
	}
	if i, ok := g.index[string(path)]; ok {
		g.cur = i
		return i
	}
	g.text = nil
	if len(g.files) >= grepMaxFiles || g.pathBytes+len(path) > grepMaxPathBytes {
		if g.cur >= 0 || !bytes.Equal(g.moreP, path) {
			g.more.files++
			g.moreP = append(g.moreP[:0], path...)
			g.moreKind = kind
			if kind == grepCounted {
				g.more.counted++
			}
		}
		g.cur = -1
		return -1
	}
	dir := string(grepDir(path))
	j := g.dirs[dir]
	g.dirs[dir] = j + 1
	g.pathBytes += len(path)
	g.files = append(g.files, grepFile{path: string(path), kind: kind, j: j})
	g.index[string(path)] = len(g.files) - 1
	g.cur = len(g.files) - 1
	return g.cur
}

// fileJ returns the rank of file f in its parent directory.
func (g *Grep) fileJ(f int) int {
	if f < 0 {
		return grepMaxJ
	}
	return g.files[f].j
}

// addLine adds a match or context line of file f; head is the line of its
// --heading, if any.
func (g *Grep) addLine(l Line, b []byte, gl shape.GrepLine, f, head int) {
	g.lastOut = l.N
	c := grepCand{role: grepMatchLine, file: f, head: head}
	if gl.Form == shape.GrepContext {
		c.role = grepContextLine
		c.fn = gl.Text > 0 && gl.Text <= len(b) && b[gl.Text-1] == '='
		c.blank = len(bytes.TrimSpace(b[min(gl.Text, len(b)):])) == 0
		if f >= 0 {
			c.k = g.files[f].ctx
			g.files[f].ctx++
		} else {
			g.more.ctx++
		}
		c.piece.Prio = g.prio(c, g.fileJ(f))
		g.keep(c, l, grepCutHead)
		return
	}
	if f >= 0 {
		c.k = g.files[f].matches
		g.files[f].matches++
	} else {
		c.k = grepMaxK
		g.more.matches++
	}
	prio := g.prio(c, g.fileJ(f))
	text := b[min(gl.Text, len(b)):]
	if l.Len <= grepLongMatch {
		g.sample(text)
		c.piece.Prio = prio
		c.textAt = gl.Text
		g.keep(c, l, grepLongMatch)
		return
	}
	at := -1
	switch {
	case gl.Col > 0 && gl.Col <= len(text):
		at = gl.Text + gl.Col - 1
	case g.pattern != nil:
		if i := bytes.Index(text, g.pattern); i >= 0 {
			at = gl.Text + i
		}
	}
	c.piece = Piece{Line: l.N, Prio: prio}
	if at < 0 && g.pattern == nil {
		// Later lines may tell the pattern: hold the head till then.
		c.piece = Cut(l, grepLongHold, prio)
		c.textAt, c.len, c.unsized = gl.Text, l.Len, true
		g.hold(c)
		return
	}
	g.hold(grepWindow(c, l.Text, l.Len, gl.Text, at))
}

// grepWindow cuts the long line text (of full length n, its matched text
// starting at textAt) around at, the start of the match, or keeps its head
// if at is negative or near the start.
func grepWindow(c grepCand, text []byte, n int64, textAt, at int) grepCand {
	prio := c.piece.Prio
	textAt = min(textAt, len(text)) // a path may be longer than what is held
	if at < 0 || at-grepCutBefore <= textAt+grepCutBefore/2 {
		keep := max(grepCutHead, at+grepCutAfter)
		c.piece = Cut(Line{N: c.piece.Line, Text: text, Len: n}, keep, prio)
		return c
	}
	start := at - grepCutBefore
	for start < at && !startsRune(text[start]) {
		start++
	}
	end := min(at+grepCutAfter, len(text))
	for end > at && end < len(text) && !startsRune(text[end]) {
		end--
	}
	c.piece = Piece{Line: c.piece.Line, Text: bytes.Clone(text[start:end]),
		Before: int64(start), After: n - int64(end), Prio: prio}
	c.label = string(bytes.TrimRight(text[:textAt], ":"))
	return c
}

// addEntry adds a line that stands for a whole file: a listed path, a count
// or a binary notice. A binary notice ranks with second matches: it tells
// less than a first match, and the summary names its file.
func (g *Grep) addEntry(l Line, f, count int) {
	g.lastOut = l.N
	c := grepCand{role: grepEntry, file: f}
	switch {
	case f < 0:
		g.more.matches += count
		if count == 0 && g.moreKind == grepCounted {
			g.more.zeros++
		}
	case g.files[f].kind == grepBinary:
		c.role, c.k = grepBinaryLine, 1
	case g.files[f].kind == grepCounted:
		g.files[f].matches += count
		if count == 0 {
			c.role = grepZero
		}
	}
	c.piece.Prio = g.prio(c, g.fileJ(f))
	g.keep(c, l, grepLongMatch)
}

// locate reads the path:N lines held so far as locations, a line each of
// its file that matched, not counts: their sum would tell nothing true.
// Files past the caps keep the numbers they were counted with.
func (g *Grep) locate() {
	if g.located {
		return
	}
	g.located = true
	for i := range g.files {
		if f := &g.files[i]; f.kind == grepCounted {
			f.kind, f.matches = grepMatched, 0
		}
	}
	slices.SortFunc(g.held, func(a, b grepCand) int { return cmp.Compare(a.piece.Line, b.piece.Line) })
	for i, c := range g.held {
		if (c.role == grepEntry || c.role == grepZero) && c.file >= 0 && g.files[c.file].kind == grepMatched {
			c.role, c.k = grepMatchLine, g.files[c.file].matches
			g.files[c.file].matches++
			c.piece.Prio = g.prio(c, g.fileJ(c.file))
			g.held[i] = c
		}
	}
	heap.Init(&g.held)
}

// addOther adds a line that is no search output.
func (g *Grep) addOther(l Line, b []byte) {
	c := grepCand{role: grepOther, file: -1, k: g.others}
	if grepToolError(b) && g.toolErrs < grepMaxToolErrors {
		g.toolErrs++
		c.role = grepToolErrorLine
	} else {
		g.others++
	}
	c.piece.Prio = g.prio(c, 0)
	g.keep(c, l, grepCutHead)
}

// prio returns the priority of candidate c in a file that is the j-th of
// its group.
func (g *Grep) prio(c grepCand, j int) int {
	class := prioGrepRanked
	switch c.role {
	case grepToolErrorLine:
		return prioGrepToolError
	case grepFiller:
		return 0
	case grepContextLine, grepZero:
		class = prioGrepContext
	case grepOther:
		j = 0
	}
	return class - min(c.k, grepMaxK)*grepMaxJ - min(j, grepMaxJ-1)
}

// sample keeps the text of a short match line for inferring the pattern.
func (g *Grep) sample(text []byte) {
	if len(g.samples) >= grepMaxSamples || len(text) > 256 || len(text) == 0 {
		return
	}
	g.samples = append(g.samples, bytes.Clone(text))
	if n := len(g.samples); n >= 4 && n >= 2*g.tried {
		g.pattern, g.tried = grepPattern(g.samples), n
	}
}

// keep holds c with the first keep bytes of line l as its text, unless it
// would be let go at once: most lines of a flood are, and are not copied.
func (g *Grep) keep(c grepCand, l Line, keep int) {
	size := int(min(l.Len, int64(keep))) + grepCandOverhead
	if g.heldBytes+size > g.holdLimit && len(g.held) > 0 && c.piece.Prio <= g.held[0].piece.Prio {
		g.dropped = true
		return
	}
	prio := c.piece.Prio
	c.piece = Cut(l, keep, prio)
	g.hold(c)
}

// hold keeps c as a candidate, dropping the least of the held candidates
// while they are over the limit: what ranks below that many bytes of
// better lines would never be shown.
func (g *Grep) hold(c grepCand) {
	heap.Push(&g.held, c)
	g.heldBytes += len(c.piece.Text) + grepCandOverhead
	for g.heldBytes > g.holdLimit && len(g.held) > 0 {
		out := heap.Pop(&g.held).(grepCand)
		g.heldBytes -= len(out.piece.Text) + grepCandOverhead
		g.dropped = true
	}
}

// grepHeap orders candidates worst first: lowest priority, then latest
// line.
type grepHeap []grepCand

func (h grepHeap) Len() int { return len(h) }
func (h grepHeap) Less(i, j int) bool {
	if h[i].piece.Prio != h[j].piece.Prio {
		return h[i].piece.Prio < h[j].piece.Prio
	}
	return h[i].piece.Line > h[j].piece.Line
}
func (h grepHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *grepHeap) Push(x any)   { *h = append(*h, x.(grepCand)) }
func (h *grepHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	old[len(old)-1] = grepCand{}
	*h = old[:len(old)-1]
	return c
}

// grepToolPrefixes start the complaints of search tools about files they
// could not read.
var grepToolPrefixes = []string{"grep: ", "rg: ", "ag: ", "ack: ", "find: ", "fd: ", "[fd error]", "fatal: ", "error: "}

func grepToolError(b []byte) bool {
	for _, p := range grepToolPrefixes {
		if bytes.HasPrefix(b, []byte(p)) {
			return true
		}
	}
	return bytes.Contains(b, []byte("(os error ")) || bytes.HasSuffix(b, []byte(": Permission denied"))
}

// grepPattern returns the longest run of bytes, holding a letter or digit,
// that every sample contains: the pattern searched for, when it is a
// literal. It returns nil when there is none of at least three bytes.
func grepPattern(samples [][]byte) []byte {
	short := samples[0]
	for _, s := range samples {
		if len(s) < len(short) {
			short = s
		}
	}
	// A common run of length n implies one of every shorter length, so the
	// longest is found by bisection.
	var best []byte
	lo, hi := 3, min(len(short), 64)
	for lo <= hi {
		n := (lo + hi) / 2
		if r := grepPatternOfLen(samples, short, n); r != nil {
			best, lo = r, n+1
		} else {
			hi = n - 1
		}
	}
	return bytes.Clone(best)
}

func grepPatternOfLen(samples [][]byte, short []byte, n int) []byte {
	for i := 0; i+n <= len(short); i++ {
		r := short[i : i+n]
		if !grepWordy(r) {
			continue
		}
		all := true
		for _, s := range samples {
			if !bytes.Contains(s, r) {
				all = false
				break
			}
		}
		if all {
			return r
		}
	}
	return nil
}

func grepWordy(b []byte) bool {
	for _, c := range b {
		if 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}

// grepDir returns the directory part of a path with its trailing
// separator, or nil for a bare name.
func grepDir(path []byte) []byte {
	if i := bytes.LastIndexAny(path, `/\`); i >= 0 {
		return path[:i+1]
	}
	return nil
}

// Pieces implements Reducer. It plans the view itself, so that the summary
// can say exactly how many matches and files the view shows: it returns the
// summary and the lines Fit will choose in the same budget.
func (g *Grep) Pieces(lines, budget int, c Counter) []Piece {
	g.flush()
	g.shared = &grepShared{}
	defer func() { g.shared = nil }()
	// Fit counts what lines cost together, so the plan needs no margin.
	room := budget
	if whole, ok := g.whole(lines, room, c); ok {
		return whole
	}
	if len(g.files) == 0 && g.more.files == 0 && g.text != nil {
		return g.text.Pieces(lines, budget, c)
	}
	if g.onlyMatchesOfOne(lines) {
		// The header's count of lines is the count of matches, of the
		// one file: a summary would tell it again in the room of lines.
		return g.choose(g.candidates(0, lines, nil, grepSummary{}), lines, room, c)
	}
	if t := g.totals(); t.listed == t.files || t.counted > 0 && t.listed+t.counted == t.files {
		// A list of paths that shows a path of every directory needs no
		// map: its lines are one. So does a list of counts that shows
		// most of them, and first those of the files with the most.
		cands := g.candidates(0, lines, nil, grepSummary{})
		if t.counted > 0 {
			g.raiseTop(cands)
		}
		view, chosen := g.plan(grepSummary{}, cands, lines, room, c)
		if g.coversDirs(chosen, cands) && (t.counted == 0 || g.listsCounts(chosen, cands, room, c)) {
			if t.counted > 0 {
				return g.nameLeftOut(view, chosen, cands, lines, room, c)
			}
			return view
		}
	}
	sum, depth, named := g.summary(room, c, 0)
	cands := g.candidates(depth, lines, named, sum)
	if len(sum.sections) == 1 && sum.sections[0].label == tableLabel {
		if view, ok := g.planPartial(cands, lines, room, c); ok {
			return view
		}
	}
	view, chosen := g.plan(sum, cands, lines, room, c)
	if named == nil {
		// The summary names every file, or the lines do.
		return g.moreNone(view, chosen, cands, sum, 0, lines, room, c)
	}
	// Every file that matched is worth more than a few more of their
	// lines: let the folds take more of the room when that names a
	// twentieth more of the files, in the summary or by the lines that
	// show their matches. Less, in a flood, is not worth the lines. A
	// line of a list of counts tells only a file's name and count, in
	// several times the room of a name in a fold: there the folds take
	// more room whenever they name more files than the lines they take.
	best, least := g.filesNamed(named, chosen, cands), max(len(g.files)/20, 1)
	counts := g.totals().counted == len(g.files)+g.more.files
	if counts {
		least = 1
	}
	for _, more := range grepMoreFolds {
		if len(g.files)-best < least {
			break // no share can name enough more
		}
		sum, depth, named := g.summary(room, c, more)
		cands := g.candidates(depth, lines, named, sum)
		v, fewer := g.plan(sum, cands, lines, room, c)
		n := len(g.files)
		if named != nil {
			n = g.filesNamed(named, fewer, cands)
		}
		if counts {
			least = max(len(chosen)-len(fewer)+1, 1)
		}
		if n-best >= least {
			view, best, chosen = v, n, fewer
			if named == nil {
				return g.moreNone(view, chosen, cands, sum, more, lines, room, c)
			}
		}
	}
	return view
}

// moreNone takes view, whose summary names every file grep -c counted
// matches in and some of those it counted none in, with from percent more
// room than its share (see grepMoreFolds). It returns that view, or one
// whose summary takes a larger step of the room, as the folds of files
// with matches may, if that names more of the files with none (in the
// summary or by their lines) than the count lines it pushes out: a count
// line of a file the summary names tells only its count.
func (g *Grep) moreNone(view, chosen []Piece, cands []grepCand, sum grepSummary, from, lines, room int, c Counter) []Piece {
	t := g.totals()
	if len(sum.none) == 0 || len(sum.none) == t.zeros {
		return view
	}
	best := g.noneNamed(sum, chosen, cands)
	for _, more := range grepMoreFolds {
		if more <= from {
			continue
		}
		s, depth, named := g.summary(room, c, more)
		if named != nil || len(s.none) == 0 {
			continue
		}
		cands := g.candidates(depth, lines, nil, s)
		v, fewer := g.plan(s, cands, lines, room, c)
		if n := g.noneNamed(s, fewer, cands); n-best > len(chosen)-len(fewer) {
			view, best, chosen = v, n, fewer
		}
	}
	return view
}

// noneNamed counts the files grep -c counted none in that the summary sum
// names or the chosen lines, of the candidates cands, show.
func (g *Grep) noneNamed(sum grepSummary, chosen []Piece, cands []grepCand) int {
	named := map[int]bool{}
	for _, f := range sum.none {
		named[f] = true
	}
	for _, p := range chosen {
		if cd := grepCandAt(cands, p.Line); p.Note == "" && cd.role == grepZero && cd.file >= 0 {
			named[cd.file] = true
		}
	}
	return len(named)
}

// grepMoreFolds are the steps, in percent of the room, by which a summary
// that names only some files may grow to name more.
var grepMoreFolds = []int{10, 20}

// filesNamed counts the files that the summary names (named) or that the
// chosen lines show.
func (g *Grep) filesNamed(named []bool, chosen []Piece, cands []grepCand) int {
	seen := slices.Clone(named)
	n := 0
	for _, b := range seen {
		if b {
			n++
		}
	}
	for _, p := range chosen {
		if cd := grepCandAt(cands, p.Line); p.Note == "" && cd.file >= 0 && !seen[cd.file] {
			seen[cd.file] = true
			n++
		}
	}
	return n
}

// onlyMatchesOfOne reports whether each of the input's lines is a match
// line of one file: no context, counts, paths or other lines.
func (g *Grep) onlyMatchesOfOne(lines int) bool {
	t := g.totals()
	return t.files == 1 && t.matched == 1 && t.ctx == 0 && t.matches == lines && g.others == 0 && g.toolErrs == 0
}

// tableLabel heads the summary that counts the matches of every file.
const tableLabel = "matches per file"

// planPartial returns a view whose lines show a match of every file, with
// a summary that counts the matches of only those files whose matches are
// not all shown: the other files' counts are what the view shows. A search
// a little over the budget then loses a few matches, not the room a count
// of every file takes. It returns false when the lines cannot show every
// file.
func (g *Grep) planPartial(cands []grepCand, lines, room int, c Counter) ([]Piece, bool) {
	if g.more.files > 0 {
		return nil, false
	}
	noteCost := 0
	for range 4 {
		chosen := g.choose(cands, lines, room-noteCost, c)
		sum, ok := g.partTable(chosen, cands)
		if !ok {
			return nil, false
		}
		note := Piece{Line: 1, Note: sum.text(g.phrase(g.shownOf(chosen, cands))), Prio: prioGrepNote}
		if cost := c.Count([]byte(note.Note)) + 1; cost > noteCost {
			noteCost = cost
			continue
		}
		return append([]Piece{note}, chosen...), true
	}
	return nil, false
}

// partTable returns the summary that counts the matches of the files the
// chosen lines do not show in full, or false if they leave out a file.
func (g *Grep) partTable(chosen []Piece, cands []grepCand) (grepSummary, bool) {
	shown := make([]int, len(g.files))
	for _, p := range chosen {
		if p.Note != "" {
			continue
		}
		cd := grepCandAt(cands, p.Line)
		if cd.file < 0 {
			continue
		}
		switch cd.role {
		case grepMatchLine, grepEntry, grepZero, grepBinaryLine:
			shown[cd.file]++
		}
	}
	width := 0
	var part []int
	for i, f := range g.files {
		switch {
		case f.path == "":
			return grepSummary{}, false // no line names it
		case shown[i] == 0:
			return grepSummary{}, false
		case f.kind == grepMatched && shown[i] < f.matches:
			part = append(part, i)
			width = max(width, len(grepThousands(f.matches)))
		}
	}
	if len(g.files) == 1 {
		// The phrase counts the one file's matches and every line names
		// it: a table of it would only take room from its matches.
		return grepSummary{}, true
	}
	sec := grepSection{label: "matches of the files not shown in full"}
	if len(part) == len(g.files) {
		sec.label = tableLabel // every file, as the table has them
	}
	for _, i := range part {
		sec.entries = append(sec.entries, "  "+grepPad(grepThousands(g.files[i].matches), width)+" "+g.files[i].path)
	}
	return grepSummary{sections: []grepSection{sec}}, true
}

// plan returns the view of the summary sum and the candidates that fits in
// room tokens, and of it the lines chosen. The summary's phrase counts what
// the lines show, so the lines are chosen for the room the phrase leaves,
// until it leaves enough.
func (g *Grep) plan(sum grepSummary, cands []grepCand, lines, room int, c Counter) (view, chosen []Piece) {
	noteCost := c.Count([]byte(sum.text(g.phrase(g.widest())))) + 1
	for range 4 {
		if noteCost > room {
			break
		}
		chosen = g.choose(cands, lines, room-noteCost, c)
		note := Piece{Line: 1, Note: sum.text(g.phrase(g.shownOf(chosen, cands))), Prio: prioGrepNote}
		if cost := c.Count([]byte(note.Note)) + 1; cost > noteCost {
			noteCost = cost
			continue
		}
		if len(chosen) == 0 && len(Fit([]Piece{note}, lines, room, c)) == 0 {
			break // the note alone, with the gap line for all, is too long
		}
		return append([]Piece{note}, chosen...), chosen
	}
	chosen = g.choose(cands, lines, room, c)
	return chosen, chosen
}

// grepTopCounts is how many of the files with the most matches a list of
// counts shows before the others.
const grepTopCounts = 8

// raiseTop ranks the lines of the files with the most matches first among
// the lines of a list of counts.
func (g *Grep) raiseTop(cands []grepCand) {
	_, top := g.topFiles()
	rank := make(map[int]int, grepTopCounts)
	for i, f := range top[:min(len(top), grepTopCounts)] {
		rank[f] = i
	}
	for i, cd := range cands {
		if r, ok := rank[cd.file]; ok && cd.role == grepEntry {
			cands[i].piece.Prio = prioGrepRanked + grepTopCounts - r
		}
	}
}

// grepFewLeftOut: a list of counts whose lines leave out at most one in
// grepFewLeftOut of the files with matches needs no summary.
const grepFewLeftOut = 10

// listsCounts reports whether the chosen lines of a list of counts make a
// better view than a summary: they show every file with matches, or all
// but a few of them, or most files while no summary that names every file
// fits. When folds can name
// every file, a view of lines that leaves some out loses them.
func (g *Grep) listsCounts(chosen []Piece, cands []grepCand, room int, c Counter) bool {
	t := g.totals()
	counts := 0 // the lines shown of the files with matches
	for _, p := range chosen {
		if cd := grepCandAt(cands, p.Line); p.Note == "" && cd.role == grepEntry && cd.file >= 0 && g.files[cd.file].kind == grepCounted {
			counts++
		}
	}
	withMatches := t.counted - t.zeros
	if counts >= withMatches {
		return true
	}
	if grepFewLeftOut*(withMatches-counts) <= withMatches {
		// A count line tells a file's count, a fold only its name:
		// the counts of all but a few files are worth more.
		return true
	}
	if 2*g.shownOf(chosen, cands).entries < t.files {
		return false
	}
	_, folds := g.folded(g.fits(room, c), grepFoldShare, room*grepFoldShare/100*12)
	return !folds
}

// grepLeftOutTries bounds the plans that settle which files a list of
// counts leaves out: each leaves out the files the last one did and more.
const grepLeftOutTries = 6

// grepNamesWorth: the summary names the files a list of counts leaves out
// when that leaves out at most this many times as many as counting them
// alone does. A count line tells a file's name and count, a name in a fold
// only the name: naming every file is worth some count lines, not more
// than it names files that would be named nowhere else.
const grepNamesWorth = 2

// nameLeftOut returns view, a list of counts whose chosen lines leave out
// the count lines of a few files with matches, with a summary that counts
// those files and their matches, and names them in folds by directory where
// that is worth the count lines it takes. Their gap lines alone say only
// that some lines are missing, not that files with matches are: a reader
// who trusts the list would miss them. view is returned as it is when no
// summary settles.
func (g *Grep) nameLeftOut(view, chosen []Piece, cands []grepCand, lines, room int, c Counter) []Piece {
	out := g.countsLeftOut(chosen, cands)
	if len(out) == 0 {
		return view
	}
	counted, n, ok := g.settleLeftOut(out, false, cands, lines, room, c)
	if !ok {
		return view
	}
	if named, m, ok := g.settleLeftOut(out, true, cands, lines, room, c); ok && m <= grepNamesWorth*n {
		return named
	}
	return counted
}

// settleLeftOut plans a view whose summary counts the files with matches
// whose count lines it leaves out, at least those of out, and with names
// names them. The summary takes room from the lines, so the files it
// counts are the ones a plan without their lines leaves out. It returns the
// view and how many files it leaves out, or false if no plan settles.
func (g *Grep) settleLeftOut(out []int, names bool, cands []grepCand, lines, room int, c Counter) ([]Piece, int, bool) {
	for range grepLeftOutTries {
		sum := g.leftOutSummary(out, names)
		left := make([]bool, len(g.files))
		for _, f := range out {
			left[f] = true
		}
		rest := slices.DeleteFunc(slices.Clone(cands), func(cd grepCand) bool { return cd.file >= 0 && left[cd.file] })
		v, ch := g.plan(sum, rest, lines, room, c)
		if len(v) != len(ch)+1 {
			return nil, 0, false // the summary does not fit
		}
		more := g.countsLeftOut(ch, rest)
		if len(more) == len(out) {
			return v, len(out), true
		}
		out = more
	}
	return nil, 0, false
}

// countsLeftOut returns the files with matches whose count lines are not
// among the chosen lines, in input order.
func (g *Grep) countsLeftOut(chosen []Piece, cands []grepCand) []int {
	shown := make([]bool, len(g.files))
	for _, p := range chosen {
		if cd := grepCandAt(cands, p.Line); p.Note == "" && cd.file >= 0 {
			shown[cd.file] = true
		}
	}
	var out []int
	for i, f := range g.files {
		if f.kind == grepCounted && f.matches > 0 && !shown[i] {
			out = append(out, i)
		}
	}
	return out
}

// leftOutSummary returns the summary that counts the files out and their
// matches, and with names names them in folds by directory.
func (g *Grep) leftOutSummary(out []int, names bool) grepSummary {
	matches := 0
	paths := make([]string, 0, len(out))
	for _, f := range out {
		matches += g.files[f].matches
		paths = append(paths, g.files[f].path)
	}
	sec := grepSection{label: "not shown: " + grepCount(len(out), "file", "files") + " with " + grepCount(matches, "match", "matches")}
	if !names || slices.ContainsFunc(paths, func(p string) bool { return p == "" || strings.ContainsAny(p, "{},") }) {
		// A name that would read as a fold is not named.
		return grepSummary{aside: " · " + sec.label}
	}
	slices.Sort(paths)
	sec.entries = newTailFolds(paths).lines(listFoldWide)
	if slices.ContainsFunc(sec.entries, func(e string) bool { return strings.Contains(e, "{") }) {
		sec.label += ", by directory (" + FoldLegend + ")"
	}
	return grepSummary{sections: []grepSection{sec}}
}

// coversDirs reports whether the chosen lines show a file of every
// directory that holds a match: a directory whose files grep -c counted
// none in needs no line, when the lines show every file with matches and
// the summary counts the files with none.
func (g *Grep) coversDirs(chosen []Piece, cands []grepCand) bool {
	shown := map[string]bool{}
	for _, p := range chosen {
		if cd := grepCandAt(cands, p.Line); p.Note == "" && cd.file >= 0 {
			shown[string(grepDir([]byte(g.files[cd.file].path)))] = true
		}
	}
	want := map[string]bool{}
	for _, f := range g.files {
		if f.kind != grepCounted || f.matches > 0 {
			want[string(grepDir([]byte(f.path)))] = true
		}
	}
	for d := range want {
		if !shown[d] {
			return false
		}
	}
	return g.more.files == 0
}

// whole returns every line of an input that fits in room as it is, with
// nothing to summarise.
func (g *Grep) whole(lines, room int, c Counter) ([]Piece, bool) {
	if g.dropped || len(g.held) != lines || g.heldBytes-lines*grepCandOverhead > room*8 {
		return nil, false
	}
	pieces := make([]Piece, len(g.held))
	for i, cd := range g.held {
		if cd.unsized || cd.piece.Before > 0 || cd.piece.After > 0 {
			return nil, false
		}
		pieces[i] = cd.piece
		pieces[i].Prio = 0
	}
	slices.SortFunc(pieces, func(a, b Piece) int { return cmp.Compare(a.Line, b.Line) })
	chosen := Fit(pieces, lines, room, c)
	return chosen, len(chosen) == len(pieces)
}

// flush settles a bare path left pending at the end of the input.
func (g *Grep) flush() {
	g.addMaybe(nil)
	if p := g.pending; p != nil {
		g.pending = nil
		g.settle(p)
	}
}

// candidates returns the held candidates in input order, ranked across the
// directories of the given depth (0 for parent directories) and from both
// ends of each file, with the tool's summary after the last of the input's
// lines ranked with its complaints, and the long lines still held whole
// cut around the match, now that the samples tell the pattern if any can.
// The lines of the files that named marks (those the summary names apart
// from the rest) rank after the first lines of the others: a line of a file
// the summary does not name tells more.
func (g *Grep) candidates(depth, lines int, named []bool, sum grepSummary) []grepCand {
	cands := slices.Clone(g.sized(lines))
	js := g.groupRanks(depth)
	g.countRanks(js, depth, named, sum)
	near := g.contextRanks(cands)
	for i, c := range cands {
		j := grepMaxJ
		if c.file >= 0 {
			j = js[c.file]
		}
		ranked := g.fromEnds(c)
		if c.role == grepContextLine {
			ranked.k = near[i]
		}
		if c.file >= 0 && c.file < len(named) && named[c.file] {
			ranked.k++
		}
		cands[i].piece.Prio = g.prio(ranked, j)
		if c.role == grepOther && c.piece.Line > g.lastOut && c.piece.Line > lines-grepTrailer {
			// What the tool says after its matches: rg --stats's
			// counts, a summary.
			cands[i].piece.Prio = prioGrepToolError - 1
		}
	}
	grepNameSameMatches(cands)
	// The line that starts a function, as git grep -p and -W show it,
	// says where the matches after it are: it ranks with the first of
	// them, and comes with it.
	next, file := -1, -1
	for i := len(cands) - 1; i >= 0; i-- {
		c := cands[i]
		if c.file != file {
			next, file = -1, c.file
		}
		switch {
		case c.role == grepMatchLine:
			next = c.piece.Prio
		case c.fn && next > c.piece.Prio:
			cands[i].piece.Prio = next
		}
	}
	return cands
}

// contextRanks returns, for each context line of cands (in input order),
// its rank among the context lines of its file: nearest its match first,
// and among equals the line of the match that ranks first (see fromEnds),
// then the earlier; a blank line of the file, which says nothing, after
// every worded one. As with matches, the first of every file ranks before
// the second of any.
func (g *Grep) contextRanks(cands []grepCand) []int {
	near := grepNearMatches(cands)
	key := func(i int) int {
		if m := near[i]; m.match >= 0 && !cands[i].blank {
			return g.fromEnds(cands[m.match]).k + m.d - 1
		}
		return grepMaxK
	}
	byFile := map[int][]int{}
	for i, c := range cands {
		if c.role == grepContextLine {
			byFile[c.file] = append(byFile[c.file], i)
		}
	}
	ranks := make([]int, len(cands))
	for _, is := range byFile {
		slices.SortStableFunc(is, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
		for k, i := range is {
			ranks[i] = min(k, grepMaxK)
		}
	}
	return ranks
}

// grepNear is the match nearest a context line in its group, the run of
// lines of one file without a gap: its index in the candidates, -1 for
// none, and how many lines away it is.
type grepNear struct{ match, d int }

// grepNearMatches returns, for each line of cands (in input order), the
// nearest match of its group. A context line reads with its match: the
// line right before a grep -B match, right after an -A match, tells more
// than one farther off, and one cut off from its match by a gap tells
// nothing.
func grepNearMatches(cands []grepCand) []grepNear {
	near := make([]grepNear, len(cands))
	joined := func(i int) bool { // cands[i] continues the group of cands[i-1]
		a, b := cands[i-1], cands[i]
		return a.file == b.file && b.piece.Line == a.piece.Line+1 &&
			(a.role == grepMatchLine || a.role == grepContextLine) &&
			(b.role == grepMatchLine || b.role == grepContextLine)
	}
	for i, c := range cands {
		switch {
		case c.role == grepMatchLine:
			near[i] = grepNear{i, 0}
		case i > 0 && joined(i) && near[i-1].match >= 0:
			near[i] = grepNear{near[i-1].match, near[i-1].d + 1}
		default:
			near[i] = grepNear{-1, 0}
		}
	}
	for i := len(cands) - 2; i >= 0; i-- {
		next := near[i+1]
		if joined(i+1) && next.match >= 0 && (near[i].match < 0 || next.d+1 < near[i].d) {
			near[i] = grepNear{next.match, next.d + 1}
		}
	}
	return near
}

// grepSameMatch is how many match lines, and at least half of them, must
// say the same for the context line after each to rank with it.
const grepSameMatch = 3

// grepNameSameMatches ranks the context line right after a match with the
// match, where most matches say the same word for word: a declaration
// split over lines (FT_EXPORT( FT_Error ) over the function's name, a
// decorator over a def) matches on a line that tells only where it is, and
// the line after it tells what.
func grepNameSameMatches(cands []grepCand) {
	same := map[string]int{}
	matches := 0
	body := func(c grepCand) (string, bool) {
		if c.role != grepMatchLine || c.unsized || c.piece.Before > 0 || c.textAt > len(c.piece.Text) {
			return "", false
		}
		t := bytes.TrimSpace(c.piece.Text[c.textAt:])
		return string(t), len(t) > 0
	}
	for _, c := range cands {
		if t, ok := body(c); ok {
			same[t]++
		}
		if c.role == grepMatchLine {
			matches++
		}
	}
	for i, c := range cands[:max(len(cands)-1, 0)] {
		t, ok := body(c)
		next := cands[i+1]
		if !ok || same[t] < max(grepSameMatch, (matches+1)/2) || next.role != grepContextLine || next.file != c.file ||
			next.piece.Line != c.piece.Line+1 || next.piece.Prio >= c.piece.Prio {
			continue
		}
		cands[i+1].piece.Prio = c.piece.Prio
	}
}

// sized returns the held candidates in input order, the long lines still
// held whole cut around the match: what every ranking of them shares.
func (g *Grep) sized(lines int) []grepCand {
	if s := g.shared; s != nil && s.cands != nil && s.candLines == lines {
		return s.cands
	}
	cands := slices.Clone(g.held)
	slices.SortFunc(cands, func(a, b grepCand) int { return cmp.Compare(a.piece.Line, b.piece.Line) })
	if g.pattern == nil && len(g.samples) >= 2 {
		g.pattern = grepPattern(g.samples)
	}
	for i, c := range cands {
		if !c.unsized {
			continue
		}
		at := -1
		if g.pattern != nil && c.textAt <= len(c.piece.Text) {
			if k := bytes.Index(c.piece.Text[c.textAt:], g.pattern); k >= 0 {
				at = c.textAt + k
			}
		}
		c.unsized = false
		cands[i] = grepWindow(c, c.piece.Text, c.len, c.textAt, at)
	}
	if s := g.shared; s != nil {
		s.cands, s.candLines = cands, lines
	}
	return cands
}

// fromEnds returns c ranked by its distance from the nearer end of its
// file's lines of its role, now that their number is known: a file's last
// match ranks right after its first, its second-to-last after its second,
// and so on, as head and tail do, the head leading. Lines from both ends
// of a file tell more than more of its first, and cost fewer gap lines
// than lines spread over it.
func (g *Grep) fromEnds(c grepCand) grepCand {
	if c.file < 0 {
		return c
	}
	n := 0
	switch c.role {
	case grepMatchLine:
		n = g.files[c.file].matches
	case grepContextLine:
		n = g.files[c.file].ctx
	default:
		return c
	}
	c.k = min(c.k, 2*(n-1-c.k)+1)
	return c
}

// groupRanks returns for each file its rank among the files of its
// directory at depth (its parent directory if depth is 0).
func (g *Grep) groupRanks(depth int) []int {
	js := make([]int, len(g.files))
	if depth == 0 {
		for i, f := range g.files {
			js[i] = f.j
		}
		return js
	}
	seen := map[grepDirID]int{}
	for i, f := range g.files {
		k := grepDirKey(f.path, depth)
		js[i] = seen[k]
		seen[k]++
	}
	return js
}

// countRanks ranks anew in js the files grep -c counted matches in that the
// summary sum names, or all if named is nil (the summary names every file,
// or there is none): among themselves in their group at depth by their
// counts, the most first and ties by path, as the summary ranks files, and
// last those whose counts it gives. A tool prints counts in the order it
// read the files in, which tells nothing, and a count line of a file the
// summary names tells only its count; the files with the most matches
// after those the summary counts are the ones to show.
func (g *Grep) countRanks(js []int, depth int, named []bool, sum grepSummary) {
	_, order := g.topFiles()
	seen := map[grepDirID]int{}
	for i, f := range order {
		if g.files[f].kind != grepCounted || named != nil && !named[f] {
			continue
		}
		if i < sum.counted {
			js[f] = grepMaxJ - 1
			continue
		}
		k := grepDirKey(g.files[f].path, depth)
		if depth == 0 {
			k = grepDirID{dir: string(grepDir([]byte(g.files[f].path)))}
		}
		js[f] = seen[k]
		seen[k]++
	}
}

// choose returns the pieces Fit keeps of the candidates in room tokens,
// less the lines that cannot stand alone and with the separators that close
// a gap, such that Fit, given them, keeps every one.
func (g *Grep) choose(cands []grepCand, lines, room int, c Counter) []Piece {
	var pieces []Piece
	for _, cd := range cands {
		if cd.role == grepFiller {
			continue
		}
		if cd.label != "" {
			pieces = append(pieces, Piece{Line: cd.piece.Line, Note: "  [... " + cd.label + ": cut around the match ...]", Prio: cd.piece.Prio})
		}
		pieces = append(pieces, cd.piece)
	}
	chosen := Fit(pieces, lines, room, c)
	for range 8 {
		chosen = grepBridge(grepDropOrphans(chosen, cands), cands)
		again := Fit(chosen, lines, room, c)
		if len(again) == len(chosen) {
			break
		}
		chosen = again
	}
	return chosen
}

// grepCandAt finds the candidate of an input line.
func grepCandAt(cands []grepCand, n int) grepCand {
	i, ok := slices.BinarySearchFunc(cands, n, func(c grepCand, n int) int { return cmp.Compare(c.piece.Line, n) })
	if !ok {
		return grepCand{file: -1}
	}
	return cands[i]
}

// grepDropOrphans drops the chosen pieces that cannot stand alone: a
// numbered line without its --heading, a heading without any of its lines,
// a cut line without the note naming it, and that note without its line.
func grepDropOrphans(chosen []Piece, cands []grepCand) []Piece {
	lines := map[int]bool{}
	notes := map[int]bool{}
	headed := map[int]bool{} // headings with a chosen line
	for _, p := range chosen {
		if p.Note != "" {
			notes[p.Line] = true
			continue
		}
		lines[p.Line] = true
		if cd := grepCandAt(cands, p.Line); cd.head > 0 {
			headed[cd.head] = true
		}
	}
	out := chosen[:0:0]
	for _, p := range chosen {
		cd := grepCandAt(cands, p.Line)
		switch {
		case cd.label != "" && (!lines[p.Line] || !notes[p.Line]):
			continue
		case p.Note == "" && cd.head != 0 && !lines[cd.head]:
			continue
		case p.Note == "" && cd.role == grepHeading && !headed[p.Line]:
			continue
		}
		out = append(out, p)
	}
	return out
}

// grepBridge adds the separators and blank lines that sit between two
// chosen lines: showing one costs less than the gap line that would stand
// for it.
func grepBridge(chosen []Piece, cands []grepCand) []Piece {
	shown := map[int]bool{}
	for _, p := range chosen {
		if p.Note == "" {
			shown[p.Line] = true
		}
	}
	var add []Piece
	for _, cd := range cands {
		n := cd.piece.Line
		if cd.role == grepFiller && !shown[n] && shown[n-1] && shown[n+1] {
			add = append(add, cd.piece)
		}
	}
	if len(add) == 0 {
		return chosen
	}
	out := append(chosen, add...)
	slices.SortStableFunc(out, func(a, b Piece) int {
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(noteRank(b), noteRank(a))
	})
	return out
}

// grepShown counts what a view shows of the search: match and context
// lines, listed paths and counts, binary notices, and the files whose
// matches or count it shows.
type grepShown struct {
	matches, ctx, entries, binary, files int
}

func (g *Grep) shownOf(chosen []Piece, cands []grepCand) grepShown {
	var s grepShown
	files := map[int]bool{}
	runs := map[int]bool{} // of the lines that name no file, by file
	for _, p := range chosen {
		if p.Note != "" {
			continue
		}
		cd := grepCandAt(cands, p.Line)
		switch cd.role {
		case grepMatchLine:
			s.matches++
		case grepContextLine:
			s.ctx++
			continue
		case grepBinaryLine:
			s.binary++
			continue
		case grepEntry, grepZero:
			s.entries++
		default:
			continue
		}
		if cd.file >= 0 && !files[cd.file] && g.files[cd.file].kind != grepListed {
			files[cd.file] = true
			s.files++
		}
		if cd.file >= 0 && g.files[cd.file].path == "" && len(g.bareStarts) > 0 {
			runs[sort.SearchInts(g.bareStarts, p.Line+1)] = true
		}
	}
	if len(runs) > 1 {
		s.files += len(runs) - 1
	}
	return s
}

// grepTotals counts the whole search.
type grepTotals struct {
	files, matches, ctx              int
	matched, listed, counted, binary int // files of each kind
	zeros                            int // counted files with a count of 0
}

func (g *Grep) totals() grepTotals {
	if s := g.shared; s != nil {
		if !s.totalled {
			s.totals, s.totalled = g.count(), true
		}
		return s.totals
	}
	return g.count()
}

// count counts the whole search, for totals.
func (g *Grep) count() grepTotals {
	t := grepTotals{files: len(g.files) + g.more.files + g.bareRuns, matches: g.more.matches, ctx: g.more.ctx}
	for _, f := range g.files {
		t.matches += f.matches
		t.ctx += f.ctx
		switch f.kind {
		case grepMatched:
			t.matched++
		case grepListed:
			t.listed++
		case grepCounted:
			t.counted++
			if f.matches == 0 {
				t.zeros++
			}
		case grepBinary:
			t.binary++
		}
	}
	return t
}

// widest returns the largest counts of what may be shown, to reserve the
// summary's room before they are known.
func (g *Grep) widest() grepShown {
	t := g.totals()
	return grepShown{matches: t.matches, ctx: t.ctx, entries: t.files, binary: t.binary, files: t.files}
}

// phrase writes the summary's first line: what the search found and what
// the view shows of it.
func (g *Grep) phrase(s grepShown) string {
	t := g.totals()
	switch {
	case t.listed == t.files:
		return grepCount(t.files, "path", "paths") + " in " + grepCount(len(g.dirs), "directory", "directories") +
			" · " + grepThousands(s.entries) + " shown below"
	case t.matched == 0 && t.counted > 0:
		// Files past the caps count here, as they do in the matches.
		zeros := t.zeros + g.more.zeros
		found := grepCount(t.matches, "match", "matches") + " in " + grepCount(t.counted+g.more.counted-zeros, "file", "files")
		if zeros > 0 {
			found += "; " + grepCount(zeros, "file has", "files have") + " none"
		}
		return found + " · " + grepThousands(s.entries) + " counts shown below"
	}
	found := grepCount(t.matches, "match", "matches")
	// Files whose lines name none are told apart only where line numbers
	// fall: two may be read as one.
	least := ""
	if g.bareRuns > 0 {
		least = "at least "
	}
	show := grepCount(s.matches, "match", "matches") + " from " + least + grepCount(s.files, "file", "files")
	if t.ctx > 0 {
		found += " and " + grepCount(t.ctx, "context line", "context lines")
		show += ", " + grepCount(s.ctx, "context line", "context lines")
	}
	found += " in " + least + grepCount(t.files-t.binary-t.listed, "file", "files")
	if t.binary > 0 {
		found += "; " + grepCount(t.binary, "binary file matches", "binary files match")
		show += ", " + grepCount(s.binary, "binary file", "binary files")
	}
	if t.listed > 0 {
		found += "; " + grepCount(t.listed, "path", "paths") + " listed"
		show += ", " + grepCount(s.entries, "path", "paths")
	}
	return found + " · shown below: " + show
}

// grepSummary is the note that maps the search: sections of a line for
// each file or directory.
type grepSummary struct {
	sections []grepSection
	end      string // the last line's text, if any
	// counted is how many of the files with the most matches, first in
	// topFiles' order, the summary gives with their counts.
	counted int
	none    []int  // the files grep -c counted none in that it names
	aside   string // said after the phrase, before the sections
}

type grepSection struct {
	label   string // what the entries are
	entries []string
}

// text writes the summary after its first line's phrase.
func (s grepSummary) text(phrase string) string {
	var b strings.Builder
	b.WriteString("[headroom: " + phrase + s.aside)
	sep, listed := " · ", false
	for _, sec := range s.sections {
		if len(sec.entries) == 0 {
			continue
		}
		b.WriteString(sep + sec.label + ":\n")
		for _, e := range sec.entries {
			b.WriteString(e)
			b.WriteByte('\n')
		}
		sep, listed = " ", true
	}
	if listed {
		b.WriteString(s.end)
	}
	b.WriteString("]")
	return b.String()
}

// Shares of the room, in percent, that the summary may take. Naming every
// file is what a view of a search is for, so the table of files may take
// nearly all of it; failing that, directories take part and the files with
// the most matches the rest of a smaller share.
// grepMaxDepth is the deepest level of directories the summary groups by.
const grepMaxDepth = 32

const (
	grepTableShare = 90
	grepDirShare   = 40
	grepMapShare   = 75
)

// summary returns the note that maps the search in room tokens, the depth
// of the directories it groups files by (0 for none), and which files it
// names apart from the rest (nil when it names every file or none): every
// file with its count; or every file in folds; or most files in folds; or
// else the files and matches of each directory, at the deepest level that
// fits, and the files with the most matches and as many others as fold.
// Folds and maps may take more percent of the room than they otherwise do.
func (g *Grep) summary(room int, c Counter, more int) (grepSummary, int, []bool) {
	fits := g.fits(room, c)
	t := g.totals()
	list := t.listed == t.files
	foldShare := min(grepFoldShare+more, grepTableShare)
	mapShare := min(grepMapShare+more, grepTableShare)
	dirShare := mapShare
	if !list {
		if s := g.table(); fits(s, grepTableShare) {
			return s, 0, nil
		}
		if s, ok := g.folded(fits, foldShare, room*foldShare/100*12); ok {
			return s, 0, nil
		}
		if s, named, ok := g.partFolded(grepSummary{}, fits, foldShare, (len(g.files)+1)/2); ok {
			return s, 0, named
		}
		dirShare = grepDirShare
	}
	depths, levels := g.levels()
	s, depth := grepSummary{}, 0
	for _, d := range depths {
		if s = g.grouped(levels[d], -1); fits(s, dirShare) {
			depth = d
			break
		}
	}
	if depth == 0 {
		// Even the top directories do not fit: a map of some of them
		// tells less than the names of the files with the most matches.
		if s, named, ok := g.partFolded(grepSummary{}, fits, foldShare, 2); ok && !list {
			return s, 0, named
		}
		// List as many directories as fit.
		depth = depths[len(depths)-1]
		dirs := levels[depth]
		n := sort.Search(len(dirs)+1, func(n int) bool { return !fits(g.grouped(dirs, n), dirShare) }) - 1
		s = g.grouped(dirs, max(n, 0))
	}
	if list {
		return s, depth, nil
	}
	top, files := g.topFiles()
	n := max(sort.Search(len(top)+1, func(n int) bool {
		return !fits(withTop(s, top[:n]), mapShare)
	})-1, 0)
	if s, named, ok := g.partFolded(s, fits, mapShare, n+1); ok {
		return s, depth, named
	}
	named := make([]bool, len(g.files))
	for _, f := range files[:n] {
		named[f] = true
	}
	return withTop(s, top[:n]), depth, named
}

// levels returns the levels of directories a map may group files by,
// deepest first, and the groups at each: a level with one directory tells
// nothing the totals do not.
func (g *Grep) levels() ([]int, map[int][]grepDirCount) {
	if s := g.shared; s != nil && s.levels != nil {
		return s.depths, s.levels
	}
	deepest := 1
	for _, f := range g.files {
		deepest = max(deepest, min(grepDepth(f.path), grepMaxDepth))
	}
	levels := map[int][]grepDirCount{}
	var depths []int
	for d := deepest; d >= 1; d-- {
		if dirs := g.dirsAt(d); len(dirs) > 1 || d == 1 && len(depths) == 0 {
			levels[d] = dirs
			depths = append(depths, d)
		}
	}
	if s := g.shared; s != nil {
		s.depths, s.levels = depths, levels
	}
	return depths, levels
}

// fits returns whether a summary fits in its share, in percent, of room.
func (g *Grep) fits(room int, c Counter) func(grepSummary, int) bool {
	phrase := g.phrase(g.widest())
	return func(s grepSummary, share int) bool {
		limit := room * share / 100
		text := s.text(phrase)
		// Paths take about four bytes a token: a note far longer than
		// that is not worth counting.
		return len(text) <= limit*12 && c.Count([]byte(text)) <= limit
	}
}

// grepFoldShare is the share of the room, in percent, that a summary
// naming every file in folds may take; the rest shows matches.
const grepFoldShare = 70

// folded returns the summary that names every file: the files with the most
// matches with their counts, and the others in folds by directory
// (dir/{a,b}.go), cut at the first width whose summary fits. It returns
// false when none fits or files past the caps are only counted. Folds
// whose names alone are longer than maxBytes are not worth making.
func (g *Grep) folded(fits func(grepSummary, int) bool, share, maxBytes int) (grepSummary, bool) {
	if g.more.files > 0 {
		return grepSummary{}, false
	}
	top, order := g.topFiles()
	n := 0
	for n < min(len(order), grepTopCounts) && g.files[order[n]].kind != grepBinary && g.files[order[n]].matches > 1 {
		n++
	}
	apart := make([]bool, len(g.files))
	for _, f := range order[:n] {
		apart[f] = true
	}
	var paths []string
	names := 0 // bytes of the names without their directories
	for i, f := range g.files {
		if strings.ContainsAny(f.path, "{},") {
			return grepSummary{}, false // its name would read as a fold
		}
		if f.path != "" && !apart[i] && (f.kind != grepCounted || f.matches > 0) {
			paths = append(paths, f.path)
			if names += len(f.path) - strings.LastIndexByte(f.path, '/'); names > maxBytes {
				return grepSummary{}, false
			}
		}
	}
	if len(paths) < 2 {
		return grepSummary{}, false
	}
	slices.Sort(paths)
	label := "every file, by directory (" + FoldLegend + ")"
	var s grepSummary
	if n > 0 {
		label = "every other file, by directory (" + FoldLegend + ")"
		s.sections = append(s.sections, grepSection{label: "the files with the most matches", entries: top[:n]})
	}
	folds := newTailFolds(paths)
	with := func(width int) grepSummary {
		return grepSummary{sections: append(slices.Clip(s.sections), grepSection{label: label, entries: folds.lines(width)}), counted: n}
	}
	if !slices.ContainsFunc(folds.f.runs, func(r listRun) bool { return len(r.names) > 1 }) {
		return grepSummary{}, false // nothing folds
	}
	for _, width := range []int{listFoldWide, listFoldDir, listFoldTop, listFoldRun} {
		if s := with(width); fits(s, share) {
			return g.withNone(s, width, fits, share), true
		}
	}
	return grepSummary{}, false
}

// withNone returns s, a summary that names every file with matches, naming
// after them as many of the files grep -c counted none in as fit in share
// percent of the room, in folds of width, spread evenly over them in path
// order: which files lack the pattern is what a count of every file tells
// beyond the matches.
func (g *Grep) withNone(s grepSummary, width int, fits func(grepSummary, int) bool, share int) grepSummary {
	var none []int
	for i, f := range g.files {
		if f.kind == grepCounted && f.matches == 0 && !strings.ContainsAny(f.path, "{},") {
			none = append(none, i)
		}
	}
	if len(none) == 0 {
		return s
	}
	slices.SortFunc(none, func(a, b int) int { return strings.Compare(g.files[a].path, g.files[b].path) })
	with := func(k int) grepSummary {
		picked, paths := make([]int, k), make([]string, k)
		for i := range picked {
			picked[i] = none[grepSpread(i, k, len(none))]
			paths[i] = g.files[picked[i]].path
		}
		label := "and the files that have none"
		if k < len(none) {
			label = "and " + grepThousands(k) + " of the " + grepCount(len(none), "file", "files") + " that have none, spread over them"
		}
		return grepSummary{sections: append(slices.Clip(s.sections), grepSection{label: label, entries: newTailFolds(paths).lines(width)}), end: s.end, counted: s.counted, none: picked}
	}
	k := sort.Search(len(none)+1, func(k int) bool { return !fits(with(k), share) }) - 1
	if k < 1 {
		return s
	}
	return with(k)
}

// grepSpread returns the index of the i-th of k items spread evenly over n,
// the first and the last included.
func grepSpread(i, k, n int) int {
	if k <= 1 {
		return 0
	}
	return (i*(n-1)*2 + k - 1) / ((k - 1) * 2)
}

// partFolded returns the summary s (empty, or a map of the directories)
// followed by the files with the most matches with their counts, then as
// many of the other files as fit in folds by directory in share percent of
// the room, those with more matches first, and a count of the rest; and
// which files it names. Folds name several times as many files as lines
// that repeat each one's directory. It returns false when that names
// fewer than least files, or files past the caps are only counted.
func (g *Grep) partFolded(s grepSummary, fits func(grepSummary, int) bool, share, least int) (grepSummary, []bool, bool) {
	if g.more.files > 0 || len(g.files) < 2 {
		return grepSummary{}, nil, false
	}
	top, order := g.topFiles()
	n := 0
	for n < min(len(order), grepTopCounts) && g.files[order[n]].kind != grepBinary && g.files[order[n]].matches > 1 {
		n++
	}
	rest := order[n:]
	for _, f := range rest {
		if strings.ContainsAny(g.files[f].path, "{},") {
			return grepSummary{}, nil, false // its name would read as a fold
		}
	}
	least = max(least-n, 2)
	if least > len(rest) {
		return grepSummary{}, nil, false
	}
	more := len(s.sections) > 0
	if n > 0 {
		s = withTop(s, top[:n])
		if !more {
			s.sections[0].label = "the files with the most matches"
		}
	}
	with := func(m, width int) grepSummary {
		label := fmt.Sprintf("%s of the other %s, those with the most matches first, by directory (%s)",
			grepThousands(m), grepCount(len(g.files)-n, "file", "files"), FoldLegend)
		if more || n > 0 {
			label = "and " + label
		}
		f := s
		f.sections = append(slices.Clip(s.sections), grepSection{label: label, entries: g.restFolds(order, n, m, width)})
		return f
	}
	best, width := 0, 0
	for _, w := range []int{listFoldWide, listFoldDir, listFoldTop, listFoldRun} {
		if !fits(with(max(least, best+1), w), share) {
			continue // names no more files than a wider fold, or too few
		}
		from := max(least, best+1)
		m := from + sort.Search(len(rest)-from+1, func(k int) bool { return !fits(with(from+k, w), share) }) - 1
		best, width = m, w
	}
	if best < least {
		return grepSummary{}, nil, false
	}
	named := make([]bool, len(g.files))
	for _, f := range order[:n+best] {
		named[f] = true
	}
	return with(best, width), named, true
}

// restFolds returns the lines that name, of the files in order after the
// first n, the first m in folds of width, and count the others. The plans
// of a view try the same ones again and again.
func (g *Grep) restFolds(order []int, n, m, width int) []string {
	key := [3]int{n, m, width}
	if s := g.shared; s != nil {
		if entries, ok := s.folds[key]; ok {
			return entries
		}
	}
	paths := make([]string, m)
	matches := g.more.matches
	for i, f := range order[n:] {
		if i < m {
			paths[i] = g.files[f].path
		} else {
			matches += g.files[f].matches
		}
	}
	slices.Sort(paths)
	entries := newTailFolds(paths).lines(width)
	if others := len(g.files) - n - m; others > 0 {
		entries = append(entries, "  and "+grepCount(others, "more file", "more files")+" with "+grepCount(matches, "match", "matches"))
	}
	if s := g.shared; s != nil {
		if s.folds == nil {
			s.folds = map[[3]int][]string{}
		}
		s.folds[key] = entries
	}
	return entries
}

// pathFolds gathers sorted paths into runs by directory, to be named in
// folds.
type pathFolds struct {
	f     listFolder
	loose []Piece // the paths that cannot be folded
}

func newPathFolds(paths []string) *pathFolds {
	return newFolds(paths, false)
}

// newTailFolds is newPathFolds that folds paths which end in the same name
// under directories that share no long one too, as {a,b}/package.json: a
// search of every package's manifest or copyright names hundreds of them.
func newTailFolds(paths []string) *pathFolds {
	p := &pathFolds{f: listFolder{limit: math.MaxInt / 2, tails: true}}
	p.addAll(paths)
	return p
}

// newFolds gathers sorted names into runs by directory; with bare, names
// with no directory too, written once where they start alike, as a listing
// folds them: {bufio,bytes}, dpkg-{deb,query}.
func newFolds(paths []string, bare bool) *pathFolds {
	p := &pathFolds{f: listFolder{limit: math.MaxInt / 2, bare: bare, stems: bare}}
	p.addAll(paths)
	return p
}

// addAll gathers sorted paths into runs.
func (p *pathFolds) addAll(paths []string) {
	for i, path := range paths {
		l := Line{N: i + 1, Text: []byte(path), Len: int64(len(path))}
		if !p.f.add(l, nil, l.Text, -1) {
			p.loose = append(p.loose, Piece{Line: l.N, Text: l.Text})
		}
	}
}

// lines returns the lines that name the paths in folds of up to width
// bytes of names (or a listFold width), each indented by two spaces; a path
// that cannot be folded has a line of its own.
func (p *pathFolds) lines(width int) []string {
	pieces := slices.Clone(p.loose)
	for _, d := range p.f.folds(width) {
		pieces = append(pieces, p.f.piece(d, 0))
	}
	slices.SortFunc(pieces, func(a, b Piece) int { return cmp.Compare(a.Line, b.Line) })
	out := make([]string, len(pieces))
	for i, piece := range pieces {
		out[i] = "  " + piece.Note + string(piece.Text)
	}
	return out
}

// withTop returns s with a section naming the files in top.
func withTop(s grepSummary, top []string) grepSummary {
	s.sections = append(slices.Clip(s.sections), grepSection{label: "and the files with the most matches", entries: top})
	s.counted = len(top)
	return s
}

// topFiles returns entries for the files with the most matches, most first,
// in path order among equals, then the binary files that match, and the
// index of each entry's file. rg without --sort and grep -r print files in
// the order threads finish or directories list them: among equals, path
// order names the same files on every run, and reads as a tree.
func (g *Grep) topFiles() ([]string, []int) {
	if s := g.shared; s != nil {
		if !s.ranked {
			s.top, s.order = g.rankFiles()
			s.ranked = true
		}
		return s.top, s.order
	}
	return g.rankFiles()
}

// rankFiles works out topFiles.
func (g *Grep) rankFiles() ([]string, []int) {
	var order, binary []int
	width := 0
	for i, f := range g.files {
		switch {
		case f.path == "":
		case f.kind == grepBinary:
			binary = append(binary, i)
		case f.kind != grepListed && f.matches > 0:
			order = append(order, i)
			width = max(width, len(grepThousands(f.matches)))
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(g.files[b].matches, g.files[a].matches), strings.Compare(g.files[a].path, g.files[b].path))
	})
	var out []string
	for _, f := range order {
		out = append(out, "  "+grepPad(grepThousands(g.files[f].matches), width)+" "+g.files[f].path)
	}
	for _, f := range binary {
		out = append(out, "  binary "+g.files[f].path)
	}
	return out, append(order, binary...)
}

// table lists every file with its count of matches, in input order.
func (g *Grep) table() grepSummary {
	width := 0
	for _, f := range g.files {
		if f.kind == grepMatched || f.kind == grepCounted {
			width = max(width, len(grepThousands(f.matches)))
		}
	}
	sec := grepSection{label: tableLabel}
	for _, f := range g.files {
		count := ""
		switch f.kind {
		case grepMatched, grepCounted:
			count = grepThousands(f.matches)
		case grepBinary:
			count = "binary"
		}
		if f.path != "" { // grep -n on one file names none
			sec.entries = append(sec.entries, "  "+grepPad(count, width)+" "+f.path)
		}
	}
	if g.more.files > 0 {
		sec.entries = append(sec.entries, "  and "+grepCount(g.more.files, "more file", "more files")+" with "+grepCount(g.more.matches, "match", "matches"))
	}
	return grepSummary{sections: []grepSection{sec}}
}

// grepDirCount counts the files and matches of a group.
type grepDirCount struct {
	key            string
	files, matches int
}

// dirsAt counts the files and matches of each group at depth d, in the
// order they first appear.
func (g *Grep) dirsAt(d int) []grepDirCount {
	var dirs []grepDirCount
	var ids []grepDirID
	at := map[grepDirID]int{}
	for _, f := range g.files {
		id := grepDirKey(f.path, d)
		i, ok := at[id]
		if !ok {
			i = len(dirs)
			at[id] = i
			dirs = append(dirs, grepDirCount{})
			ids = append(ids, id)
		}
		dirs[i].files++
		dirs[i].matches += f.matches
	}
	// "dir/*" tells the files directly in dir from those in its
	// subdirectories; with no subdirectory listed, "dir/" says it.
	sub := map[string]bool{} // directories with a subdirectory listed
	for _, id := range ids {
		for p := grepParent(id.dir); p != "" && !sub[p]; p = grepParent(p) {
			sub[p] = true
		}
	}
	for i, id := range ids {
		id.direct = id.direct && sub[id.dir]
		dirs[i].key = id.key()
	}
	return dirs
}

// grepParent returns the directory holding dir (both with a trailing
// separator), or "" for a top directory.
func grepParent(dir string) string {
	i := strings.LastIndexAny(dir[:len(dir)-1], `/\`)
	if i < 0 {
		return ""
	}
	return dir[:i+1]
}

// grouped lists the files and matches of each group of dirs, at most
// limit of them if limit is not negative.
func (g *Grep) grouped(dirs []grepDirCount, limit int) grepSummary {
	list := g.totals().listed == len(g.files)
	sec := grepSection{label: "files and matches per directory"}
	s := grepSummary{end: "narrow the search to a directory to count its files"}
	if list {
		sec.label, s.end = "paths per directory", "narrow the listing to a directory to see its paths"
	}
	shown := dirs
	if limit >= 0 && limit < len(dirs) {
		shown = dirs[:limit]
	}
	wf, wm := 0, 0
	for _, d := range shown {
		wf = max(wf, len(grepThousands(d.files)))
		wm = max(wm, len(grepThousands(d.matches)))
	}
	for _, d := range shown {
		e := "  " + grepPad(grepThousands(d.files), wf) + " "
		if !list {
			e += grepPad(grepThousands(d.matches), wm) + " "
		}
		sec.entries = append(sec.entries, e+d.key)
	}
	if rest := dirs[len(shown):]; len(rest) > 0 {
		files, matches := 0, 0
		for _, d := range rest {
			files += d.files
			matches += d.matches
		}
		e := "  and " + grepCount(len(rest), "more directory", "more directories") + " with " + grepCount(files, "file", "files")
		if !list {
			e += " and " + grepCount(matches, "match", "matches")
		}
		sec.entries = append(sec.entries, e)
	}
	if g.more.files > 0 {
		sec.entries = append(sec.entries, "  and "+grepCount(g.more.files, "more file", "more files")+" with "+grepCount(g.more.matches, "match", "matches")+", not grouped")
	}
	s.sections = []grepSection{sec}
	return s
}

// grepDepth counts the directories a path names, leaving out a leading
// "./", "/" or drive.
func grepDepth(path string) int {
	path = path[grepRoot(path):]
	return strings.Count(path, "/") + strings.Count(path, `\`)
}

// grepRoot returns the length of the part of a path that names no
// directory of its own: "./", "/" or a drive.
func grepRoot(path string) int {
	switch {
	case strings.HasPrefix(path, "./"), strings.HasPrefix(path, `.\`):
		return 2
	case len(path) >= 3 && path[1] == ':' && (path[2] == '\\' || path[2] == '/'):
		return 3
	case strings.HasPrefix(path, "/"):
		return 1
	}
	return 0
}

// grepDirID names a group of files: those under a directory, or those
// directly in it.
type grepDirID struct {
	dir    string // with its trailing separator
	direct bool
}

// key writes the group as the summary shows it: "dir/" for the files under
// dir, "dir/*" for those directly in it.
func (id grepDirID) key() string {
	if id.direct {
		return id.dir + "*"
	}
	return id.dir
}

// grepDirKey returns the group of path at depth d: the files under its
// directory cut to depth d, or, for a path with fewer directories, the
// files directly in its own.
func grepDirKey(path string, d int) grepDirID {
	n := 0
	for i := grepRoot(path); i < len(path); i++ {
		if path[i] == '/' || path[i] == '\\' {
			if n++; n == d {
				return grepDirID{dir: path[:i+1]}
			}
		}
	}
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return grepDirID{dir: path[:i+1], direct: true}
	}
	return grepDirID{dir: "./", direct: true}
}

func grepPad(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return strings.Repeat(" ", width-len(s)) + s
}

func grepThousands(n int) string { return elision.Thousands(int64(n)) }

// grepCount writes n and the noun that fits it.
func grepCount(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return grepThousands(n) + " " + many
}
