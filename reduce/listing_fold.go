package reduce

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"
)

const (
	// listFoldFew is how many names a run keeps once the folder is past its
	// limit, and only for a directory no run has kept names of.
	listFoldFew = 8
	// Folds of a view that shows every name are cut at listFoldWide bytes
	// of names; folds of a view that shows the first names of each
	// directory at listFoldNarrow, so that more directories get some.
	listFoldWide   = 240
	listFoldNarrow = 90
	// listFoldMin is how many names a fold takes at least, however long:
	// a fold writes its directory once, which long names do not make
	// cheaper.
	listFoldMin = 4
	// listFoldLevels is how many turns of folds a directory takes at
	// most in a view that shows the first names of each directory.
	listFoldLevels = 8
	// listFoldDir folds the names of each directory of a run in one,
	// however many, when folds cut at listFoldWide do not fit.
	listFoldDir = -1
	// listFoldTop folds the names under each directory of the run's own
	// in one, when folds of each directory do not fit.
	listFoldTop = -2
	// listFoldRun folds a whole run in one, when nothing narrower fits.
	listFoldRun = 1 << 30
)

// listFolder gathers runs of consecutive paths under one directory, with
// the same text before each (an indentation, git status's XY), to be shown
// as dir/{a,b}.go. A run may span directories under a common one: each
// fold of it is then written under the deepest directory its own names
// share, as dir/{a/x,b/y}.go.
type listFolder struct {
	limit int
	// stems: the listing's own folder, whose folds write the words
	// their names start with once, dpkg-{deb,query}.1.gz.
	stems bool
	// bare: runs take names with no directory too, as ls and ls -1
	// print them, to be folded as {a,b}.gz.
	bare bool
	// tails: runs take paths in directories that share no long one when
	// their names are the same, to be folded as {a,b}/copyright.
	tails bool
	runs  []listRun
	bytes int
	open  bool // the last run may take the next line
	full  bool // past the limit: names are let go
	kept  map[string]bool
}

// listRun is a run of consecutive lines prefix+dir+name, for each of names.
type listRun struct {
	first  int
	prefix string
	dir    string
	names  []string
	census []int  // the census's index of each name's directory, or -1
	base   string // the name every path of the run ends in, or ""
}

// listFoldMinDir is the shortest directory a run may span several of: a
// shorter one saves too little to be worth the longer names.
const listFoldMinDir = 10

// add takes the line l, which is prefix followed by the path name, into a
// run, and reports whether it did: the line is then shown in a fold or not
// at all. A path whose name cannot be folded is not taken.
func (f *listFolder) add(l Line, prefix, name []byte, census int) bool {
	cut, ok := foldCut(name)
	if !ok || cut < 0 && !f.bare || int64(len(l.Text)) != l.Len || !plainText(prefix) || bytes.ContainsAny(prefix, "{},") {
		f.end()
		return false
	}
	dir, base := name[:cut+1], name[cut+1:]
	if f.open {
		r := &f.runs[len(f.runs)-1]
		common := commonDir(r.dir, name)
		same := f.tails && r.base == string(base)
		if r.first+len(r.names) == l.N && r.prefix == string(prefix) && (r.dir == string(dir) || len(common) >= listFoldMinDir || same) {
			if f.full && len(r.names) >= listFoldFew {
				f.open = false
				return true
			}
			if len(common) < len(r.dir) {
				// Widen the run to the directory both are under.
				more := r.dir[len(common):]
				for i := range r.names {
					r.names[i] = more + r.names[i]
				}
				f.grow(len(more) * len(r.names))
				r.dir = common
			}
			r.names = append(r.names, string(name[len(r.dir):]))
			r.census = append(r.census, census)
			if !same {
				r.base = ""
			}
			f.grow(len(name) - len(r.dir))
			return true
		}
	}
	f.open = false
	if f.full && (f.kept[string(dir)] || len(f.kept) >= listMaxDirs) {
		// Past the limit, only a directory no run has kept names of
		// gets some, up to a cap on directories.
		return true
	}
	if f.kept == nil {
		f.kept = map[string]bool{}
	}
	f.kept[string(dir)] = true
	f.runs = append(f.runs, listRun{first: l.N, prefix: string(prefix), dir: string(dir), names: []string{string(base)}, census: []int{census}, base: string(base)})
	f.open = true
	f.grow(len(prefix) + len(dir) + len(base) + 64)
	return true
}

func (f *listFolder) grow(n int) {
	f.bytes += n + 16
	if f.bytes > f.limit {
		f.full = true
	}
}

// end closes the open run: the next path starts another.
func (f *listFolder) end() { f.open = false }

// foldCut returns where the directory of a path that a fold may hold ends
// (the index of its last slash but a trailing one, or -1 for a name with
// no directory), and whether a fold may hold it: not if it holds what
// would read as a fold's own punctuation (braces and commas), or blanks
// and controls in its name.
func foldCut(name []byte) (int, bool) {
	if len(name) < 2 || len(name) > 1024 {
		return -1, false
	}
	cut, ascii := -1, true
	for i, c := range name {
		switch {
		case c == '/' && i < len(name)-1:
			cut = i
		case c == ',' || c == '{' || c == '}' || c == 0x7f || c < ' ':
			return -1, false
		case c >= 0x80:
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(name) || len(name)-cut-1 > 200 {
		return -1, false
	}
	for _, c := range name[cut+1:] {
		if c <= ' ' || c == '\\' {
			return -1, false
		}
	}
	return cut, true
}

// plainText reports whether b is text a fold can repeat as it is: valid
// UTF-8 without controls but tabs.
func plainText(b []byte) bool {
	for _, c := range b {
		if c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return utf8.Valid(b)
}

// listFold is a piece of a run: its names from the i-th on, n of them.
type listFold struct {
	run, i, n int
	sub       string // the directory under the run's its names share
	k         int    // folds of its directory before it
}

// folds cuts every run into folds of up to width bytes of names, and
// numbers each among the folds of its directory.
func (f *listFolder) folds(width int) []listFold {
	var out []listFold
	seen := map[string]int{}
	for ri, r := range f.runs {
		for i := 0; i < len(r.names); {
			n, w := 0, 0
			for i+n < len(r.names) && (n == 0 || width > 0 && (n < listFoldMin || w+len(r.names[i+n]) <= width) ||
				width == listFoldDir && nameDir(r.names[i+n]) == nameDir(r.names[i]) ||
				width == listFoldTop && topDir(r.names[i+n]) == topDir(r.names[i])) {
				w += len(r.names[i+n]) + 1
				n++
			}
			d := f.span(ri, i, n)
			d.k = seen[r.dir+d.sub]
			seen[r.dir+d.sub]++
			out = append(out, d)
			i += n
		}
	}
	return out
}

// span returns the fold of the n names of run ri from its i-th on, under
// the deepest directory they share.
func (f *listFolder) span(ri, i, n int) listFold {
	names := f.runs[ri].names[i : i+n]
	sub := nameDir(names[0])
	for _, name := range names[1:] {
		sub = commonDir(sub, []byte(name))
	}
	return listFold{run: ri, i: i, n: n, sub: sub}
}

// joined returns cands with each row of folds among chosen that follow one
// another in a run, under one directory, replaced by one fold of all their
// names, up to listFoldWide bytes of them; and whether it joined any. A
// directory that takes turns for its folds writes itself once a turn, and
// once joined, leaving room for more names.
func (f *listFolder) joined(cands, chosen []Piece) ([]Piece, bool) {
	runs := f.index()
	fold := func(p Piece) (listFold, bool) {
		ri, ok := runs[p.Line]
		if !ok || p.Note == "" || p.Stands < 2 || p.Line+p.Stands > f.runs[ri].first+len(f.runs[ri].names) {
			return listFold{}, false
		}
		d := f.span(ri, p.Line-f.runs[ri].first, p.Stands)
		return d, f.piece(d, 0).Note == p.Note
	}
	width := func(d listFold) int {
		w := 0
		for _, name := range f.runs[d.run].names[d.i : d.i+d.n] {
			w += len(name) - len(d.sub) + 1
		}
		return w
	}
	parts := map[int]bool{} // lines of the folds joined
	var joins []Piece
	for k := 0; k < len(chosen); {
		d, ok := fold(chosen[k])
		prio, j := chosen[k].Prio, k+1
		for ; ok && j < len(chosen); j++ {
			e, ok := fold(chosen[j])
			if !ok || e.run != d.run || e.i != d.i+d.n || e.sub != d.sub || width(d)+width(e) > listFoldWide {
				break
			}
			d.n += e.n
			prio = max(prio, chosen[j].Prio)
		}
		if j > k+1 {
			for _, p := range chosen[k:j] {
				parts[p.Line] = true
			}
			joins = append(joins, f.piece(d, prio))
		}
		k = j
	}
	if len(joins) == 0 {
		return cands, false
	}
	out := joins
	for _, p := range cands {
		if parts[p.Line] && p.Note != "" {
			if _, ok := fold(p); ok {
				continue
			}
		}
		out = append(out, p)
	}
	return out, true
}

// piece returns what shows fold d: the line itself for a single name, else
// a note standing for its lines.
func (f *listFolder) piece(d listFold, prio int) Piece {
	r := f.runs[d.run]
	names := r.names[d.i : d.i+d.n]
	if d.n == 1 {
		return Piece{Line: r.first + d.i, Text: []byte(r.prefix + r.dir + names[0]), Prio: prio}
	}
	inner := make([]string, len(names))
	for i, n := range names {
		inner[i] = n[len(d.sub):]
	}
	fold := ""
	if f.tails {
		fold = tailBraces(inner)
	}
	if fold == "" {
		fold = braces(inner, f.stems)
	}
	return Piece{Line: r.first + d.i, Note: r.prefix + r.dir + d.sub + fold, Stands: d.n, Prio: prio}
}

// nameDir returns the directory part of a run's name, up to its last
// slash but a trailing one; "" for a name directly in the run's directory.
func nameDir(name string) string {
	return name[:strings.LastIndexByte(name[:max(len(name)-1, 0)], '/')+1]
}

// topDir returns the first directory of a run's name, with its slash; ""
// for a name directly in the run's directory.
func topDir(name string) string {
	return name[:strings.IndexByte(name[:max(len(name)-1, 0)], '/')+1]
}

// commonDir returns the longest directory, a prefix of both that ends in a
// slash, that dir and name start with.
func commonDir(dir string, name []byte) string {
	n := 0
	for n < len(dir) && n < len(name) && dir[n] == name[n] {
		n++
	}
	return dir[:strings.LastIndexByte(dir[:n], '/')+1]
}

// lines returns the lines of fold d as they are.
func (f *listFolder) lines(d listFold, prio int) []Piece {
	r := f.runs[d.run]
	out := make([]Piece, d.n)
	for i, name := range r.names[d.i : d.i+d.n] {
		out[i] = Piece{Line: r.first + d.i + i, Text: []byte(r.prefix + r.dir + name), Prio: prio}
	}
	return out
}

// FoldLegend is what a listing view's note says of its folds, when it
// shows names in folds.
const FoldLegend = "dir/{a,b}.go is dir/a.go and dir/b.go"

// Unfold returns the lines a fold line of a listing view stands for, or nil
// if line is not one: dir/{a,b}.go gives dir/a.go and dir/b.go. A fold's
// names and the text before them hold no braces or commas, so its last
// brace group is the fold.
func Unfold(line []byte) [][]byte {
	open, end := bytes.LastIndexByte(line, '{'), bytes.LastIndexByte(line, '}')
	if open < 0 || end < open || bytes.ContainsAny(line[:open], "{},") || bytes.ContainsAny(line[end+1:], "{},") {
		return nil
	}
	names := bytes.Split(line[open+1:end], []byte(","))
	if len(names) < 2 {
		return nil
	}
	out := make([][]byte, len(names))
	for i, n := range names {
		out[i] = slices.Concat(line[:open], n, line[end+1:])
	}
	return out
}

// Unfolded returns the lines the folds of a view stand for, each ended by a
// line feed, when the view's note says it shows names in folds; nil
// otherwise. A name a view shows in a fold is a name it shows.
func Unfolded(view []byte) []byte {
	if !bytes.Contains(view, []byte(FoldLegend)) {
		return nil
	}
	var out []byte
	for line := range bytes.Lines(view) {
		for _, l := range Unfold(bytes.TrimRight(line, "\n")) {
			out = append(append(out, l...), '\n')
		}
	}
	return out
}

// braces writes names as {a,b}, or {a,b}.go when all end in one extension
// (or all are directories, {a,b}/), which is then written once; and with
// stem, the words all start with, up to a - _ or / that ends one, written
// once before the braces: dpkg-{deb,query}.1.gz, as a sorted list has many.
func braces(names []string, stem bool) string {
	suffix := commonExt(names)
	start := ""
	if stem {
		start = commonStem(names, len(suffix))
	}
	var b strings.Builder
	b.WriteString(start)
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(n[len(start) : len(n)-len(suffix)])
	}
	b.WriteByte('}')
	b.WriteString(suffix)
	return b.String()
}

// tailBraces writes paths that all end in one name, each under a directory
// of its own, as {a,b}/copyright, the name written once; "" if they do not.
func tailBraces(names []string) string {
	i := strings.LastIndexByte(names[0], '/')
	if i <= 0 || i == len(names[0])-1 {
		return ""
	}
	tail := names[0][i:]
	for _, n := range names {
		if len(n) <= len(tail) || !strings.HasSuffix(n, tail) {
			return ""
		}
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(n[:len(n)-len(tail)])
	}
	b.WriteByte('}')
	b.WriteString(tail)
	return b.String()
}

// commonStem returns the start every name shares, up to and with a - _ or
// / that ends a word of it, such that each name keeps something between
// it and the last cut bytes; or "" if that is shorter than listStemMin.
func commonStem(names []string, cut int) string {
	if len(names) < 2 {
		return ""
	}
	n := len(names[0]) - cut - 1
	for _, s := range names[1:] {
		n = min(n, len(s)-cut-1)
		i := 0
		for i < n && s[i] == names[0][i] {
			i++
		}
		n = i
	}
	for n > 0 && strings.IndexByte("-_/", names[0][n-1]) < 0 {
		n--
	}
	if n < listStemMin {
		// _{a,b}: a byte saved, and a word cut that reads worse.
		return ""
	}
	return names[0][:n]
}

// listStemMin is the shortest start a fold writes once.
const listStemMin = 3

// commonExt returns the extension every name ends in, with its dot, or "/"
// if every name is a directory's, or "". A name must keep something before
// it.
func commonExt(names []string) string {
	ext := nameExt(names[0])
	if ext == "" {
		return ""
	}
	for _, n := range names {
		if !strings.HasSuffix(n, ext) || len(n) == len(ext) || nameExt(n) != ext {
			return ""
		}
	}
	return ext
}

// nameExt returns the extension of a name, with its dot, or "/" for a
// directory's name; "" if it has none.
func nameExt[T string | []byte](name T) T {
	n := len(name)
	if n > 0 && name[n-1] == '/' {
		return name[n-1:]
	}
	i := n - 1
	for i >= 0 && name[i] != '.' && n-i <= 11 {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return name[:0]
		}
		i--
	}
	if i <= 0 || name[i] != '.' || i == n-1 {
		return name[:0]
	}
	return name[i:]
}
