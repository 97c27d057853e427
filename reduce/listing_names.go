package reduce

import (
	"bytes"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// listNameChunk is how many rows a note of names stands for before the
// plan joins the notes Fit takes.
const listNameChunk = 4

// listUnnames caps the rounds of showing rows of notes of names as they
// are.
const listUnnames = 64

// listRefills caps the rounds of fitting notes of names again in the room
// that joining them frees.
const listRefills = 8

// listNameSample caps the rows whose tokens tell whether names alone pay.
const listNameSample = 256

// listName is a row of a table that a view may show by its name alone.
type listName struct {
	line int
	name string
	dir  int    // the census's index of its directory, or -1
	ext  string // its extension, as the census counts it
	// absent marks a row whose status says its package is not installed
	// (dpkg -l's un and pn): the pattern asked for a name the system does
	// not have, which a note counts rather than names.
	absent bool
}

// listNames gathers the names of a table's rows: a row of git ls-tree, jar
// tvf or dpkg -l spends most of its tokens on columns (modes, object ids,
// dates, versions) that a reader scanning for a name does not need, so that
// where rows as they are show a few dozen, their names alone show hundreds.
type listNames struct {
	limit int
	names []listName // the first, in up to half the limit
	bytes int
	last  []listName // the last after them, in up to half the limit
	lastB int

	rows    int // rows whose names are taken
	numbers int // of them, rows whose other columns are all numbers

	sizes    int   // rows with a size (ls -l, du, find -printf '%s\t%p')
	prev     int64 // the size of the last of them
	up, down int   // of them, rows larger and smaller than the one before
}

// sized counts a row of size s, to tell a table in order of size.
func (n *listNames) sized(s int64) {
	if n.sizes > 0 && s > n.prev {
		n.up++
	} else if n.sizes > 0 && s < n.prev {
		n.down++
	}
	n.prev = s
	n.sizes++
}

// bySize reports whether the rows are in order of size (ls -lS, sort -rn):
// most have one, and of the changes of size from a row to the next, at
// least eight and nine in ten go one way.
func (n *listNames) bySize() bool {
	changes := n.up + n.down
	return n.sizes*2 > n.rows && changes >= 8 && min(n.up, n.down)*10 <= changes
}

// listNameCost is what holding a name costs besides its text.
const listNameCost = 64

// add takes the name of row l, found in it from start to end.
func (n *listNames) add(l Line, start, end int, dir int, ext string) {
	name := l.Text[start:end]
	if !foldable(name) || int64(len(l.Text)) != l.Len {
		return
	}
	n.rows++
	if onlyNumbers(l.Text[:start], l.Text[end:]) {
		n.numbers++
	}
	nm := listName{line: l.N, name: string(name), dir: dir, ext: ext}
	size := len(name) + listNameCost
	if n.last == nil && n.bytes+size <= n.limit/2 {
		n.names = append(n.names, nm)
		n.bytes += size
		return
	}
	n.last = append(n.last, nm)
	n.lastB += size
	drop := 0
	for n.lastB > n.limit/2 {
		n.lastB -= len(n.last[drop].name) + listNameCost
		drop++
	}
	n.last = n.last[drop:]
	if len(n.last)*4 < cap(n.last) {
		n.last = slices.Clone(n.last)
	}
}

// slash marks the name of the row on line n, if it is the last taken, as
// a directory's, with a slash after it as ls -F writes one: by name alone,
// ls -l's directories are told from its files so.
func (n *listNames) slash(line int) {
	list := n.names
	if n.last != nil {
		list = n.last
	}
	if k := len(list) - 1; k >= 0 && list[k].line == line && !strings.HasSuffix(list[k].name, "/") {
		list[k].name += "/"
	}
}

// absent marks the name of the row on line n, if it is the last taken,
// as a package's that is not installed.
func (n *listNames) absent(line int) {
	list := n.names
	if n.last != nil {
		list = n.last
	}
	if k := len(list) - 1; k >= 0 && list[k].line == line {
		list[k].absent = true
	}
}

// absentIn counts the rows of names i to j whose packages are not
// installed.
func (n *listNames) absentIn(i, j int) int {
	absent := 0
	for _, nm := range n.names[i:j] {
		if nm.absent {
			absent++
		}
	}
	return absent
}

// notInstalled reports whether a row of dpkg -l says its package is not
// installed: its status, the second letter of its first column, is n
// (un, pn), where an installed one's is i (ii, hi) or another state.
func notInstalled(b []byte) bool {
	return len(b) > 4 && (b[0] == 'u' || b[0] == 'p') && b[1] == 'n' && b[2] == ' ' && b[3] == ' '
}

// onlyNumbers reports whether the fields of parts are all numbers or sizes
// (4096, 4.0K), and there are some.
func onlyNumbers(parts ...[]byte) bool {
	some := false
	for _, p := range parts {
		for f := range bytes.FieldsSeq(p) {
			if _, ok := parseSize(f); !ok {
				return false
			}
			some = true
		}
	}
	return some
}

// close puts the last names after the first, once all are read.
func (n *listNames) close() {
	n.names = append(n.names, n.last...)
	n.bytes += n.lastB
	n.last, n.lastB = nil, 0
}

// worth reports whether the rows show by their names alone. The names must
// be names at all: more than half of them distinct, as counted on up to
// listNameSample of the rows held. Rows with nothing but numbers besides
// their names (du's sizes, wc -l's counts, find -printf '%s\t%p' | sort
// -rn) do only when every name, in notes under their directories, takes at
// most nine tenths of room: the view then names all or most of them, where
// rows as they are would show a fraction, and the rows that stand out (the
// largest) and those at the ends keep their numbers as room allows;
// other rows in order of size do not (ls -lS: the sizes are what was asked
// for, and its names show as rows); other rows when names save a quarter
// of the tokens or more, a name after a space against a row and its line
// feed.
func (n *listNames) worth(held []listCand, room int, c Counter) bool {
	if len(n.names) == 0 {
		return false
	}
	at := n.index()
	rows, names, seen := 0, 0, 0
	distinct := map[string]bool{}
	for _, h := range held {
		i, ok := at[h.piece.Line]
		if !ok || h.piece.After > 0 || seen == listNameSample {
			continue
		}
		rows += c.Count(append(h.piece.Text, '\n'))
		names += c.Count([]byte(" " + n.names[i].name))
		distinct[n.names[i].name] = true
		seen++
	}
	// A first column most rows share is no name: ps's user, df's
	// filesystem type.
	if seen == 0 || len(distinct)*2 <= seen {
		return false
	}
	if n.numbers*2 > n.rows {
		return len(n.names) == n.rows && n.allCost(c) <= room*9/10
	}
	return !n.bySize() && names*4 <= rows*3
}

// allCost is what notes of every name cost, each run of names under one
// directory in one note.
func (n *listNames) allCost(c Counter) int {
	cost := 0
	for i := 0; i < len(n.names); {
		j := i + 1
		for j < len(n.names) && n.names[j].line == n.names[j-1].line+1 && n.joins(i, j) {
			j++
		}
		cost += pieceCost(n.note(i, j), c)
		i = j
	}
	return cost
}

// index maps the line of each name gathered to its place.
func (n *listNames) index() map[int]int {
	m := make(map[int]int, len(n.names))
	for i, nm := range n.names {
		m[nm.line] = i
	}
	return m
}

// chunks returns notes that show the rows between the lines of stops by
// their names, up to listNameChunk consecutive rows a note; each ranks by
// its distance from the nearer end of the entries, first to last, above
// the rows as they are and below the rows that stand out. A run of rows
// that its note would not show for fewer tokens than the rows of it held
// (a few bare names between paths) gets none.
func (n *listNames) chunks(stops map[int]bool, first, last int, rows map[int]Piece, c Counter) []Piece {
	var out []Piece
	for i := 0; i < len(n.names); {
		if stops[n.names[i].line] {
			i++
			continue
		}
		end := i + 1
		for end < len(n.names) && n.names[end].line == n.names[end-1].line+1 && !stops[n.names[end].line] {
			end++
		}
		if n.pays(i, end, rows, c) {
			for j := i; j < end; {
				// A note holds the names of one directory, to be
				// folded under it.
				k := j + 1
				for k < end && k-j < listNameChunk && n.joins(j, k) {
					k++
				}
				p := n.note(j, k)
				d := min(p.Line-first, last-p.last())
				p.Prio = prioListRanked + 2 + listMaxRank/2 - min(max(d, 0), listMaxRank/2-1)
				out = append(out, p)
				j = k
			}
		}
		i = end
	}
	return out
}

// pays reports whether a note of names i to j costs fewer tokens than the
// rows of them held, as counted on the first listNameSample of them.
func (n *listNames) pays(i, j int, rows map[int]Piece, c Counter) bool {
	j = min(j, i+listNameSample)
	cost := 0
	for _, nm := range n.names[i:j] {
		row, ok := rows[nm.line]
		if !ok {
			return true // the note is all a view can show of it
		}
		cost += pieceCost(row, c)
	}
	return pieceCost(n.note(i, j), c) < cost
}

// heldRows returns the rows held whose names are gathered, by line.
func (r *Listing) heldRows() map[int]Piece {
	at := r.names.index()
	rows := map[int]Piece{}
	for _, h := range r.held {
		if _, ok := at[h.piece.Line]; ok {
			rows[h.piece.Line] = h.piece
		}
	}
	for _, t := range r.tail {
		if _, ok := at[t.piece.Line]; ok {
			rows[t.piece.Line] = t.piece
		}
	}
	return rows
}

// note returns the note that shows the rows of names i to j by name. Names
// under one directory, paths as git ls-tree and unzip -l name their rows,
// are folded under it, dir/{a,b}.go, as runs of paths are.
func (n *listNames) note(i, j int) Piece {
	first, last := n.names[i].line, n.names[j-1].line
	absent := n.absentIn(i, j)
	var b strings.Builder
	if absent == j-i {
		// It names none of them: a gap that says what it holds.
		b.WriteString("  [... ")
	} else {
		b.WriteString("  [names of ")
	}
	b.WriteString(elision.LineRange(first, last))
	b.WriteString(":")
	if absent > 0 {
		b.WriteString(n.present(i, j))
		if absent < j-i {
			b.WriteString(";")
		}
		b.WriteString(" " + plural(absent, "row", "rows") + " not installed]")
		return Piece{Line: first, Note: b.String(), Stands: j - i, Prio: prioListRanked}
	}
	if dir := n.dir(i, j); dir != "" {
		inner := make([]string, 0, j-i)
		for _, nm := range n.names[i:j] {
			inner = append(inner, nm.name[len(dir):])
		}
		fold := tailBraces(inner)
		if fold == "" {
			fold = braces(inner, true)
		}
		b.WriteString(" " + dir + fold)
	} else {
		for _, nm := range n.names[i:j] {
			b.WriteByte(' ')
			b.WriteString(nm.name)
		}
	}
	b.WriteString("]")
	return Piece{Line: first, Note: b.String(), Stands: j - i, Prio: prioListRanked}
}

// present writes the names i to j of the packages installed, each after a
// space.
func (n *listNames) present(i, j int) string {
	var b strings.Builder
	for _, nm := range n.names[i:j] {
		if !nm.absent {
			b.WriteByte(' ')
			b.WriteString(nm.name)
		}
	}
	return b.String()
}

// under returns the directory a note of names i to j is written under:
// the one they share, or for a single name its own.
func (n *listNames) under(i, j int) string {
	if j-i == 1 {
		if n.names[i].dir < 0 {
			return ""
		}
		return nameDir(n.names[i].name)
	}
	return n.dir(i, j)
}

// joins reports whether name k may join a note of names i to k, which
// joined one by one: all of them in the directory of the first; or, name
// by name, each in a directory other than the one before, under one they
// share of listFoldMinDir bytes or more, all ending in one name, as
// find's node_modules/*/package.json do, to be written
// node_modules/{a,b}/package.json. It looks at names i, k-1 and k alone:
// a directory all share is one the first shares with each.
func (n *listNames) joins(i, k int) bool {
	if n.under(k, k+1) == n.under(i, i+1) {
		return true
	}
	first, prev, name := n.names[i], n.names[k-1], n.names[k]
	if first.dir < 0 || name.dir < 0 {
		return false
	}
	base := func(s string) string { return s[len(nameDir(s)):] }
	common := commonDir(nameDir(first.name), []byte(name.name))
	return base(name.name) == base(first.name) && base(prev.name) == base(first.name) &&
		nameDir(name.name) != nameDir(prev.name) && len(common) >= listFoldMinDir &&
		len(nameDir(first.name)) > len(common) && len(nameDir(name.name)) > len(common)
}

// dir returns the directory names i to j are all under, with its slash,
// if there are two names or more, all paths the census counts in a
// directory (not ps's [kworker/0:1]), and each has something after it; or
// "".
func (n *listNames) dir(i, j int) string {
	if j-i < 2 {
		return ""
	}
	for _, nm := range n.names[i:j] {
		if nm.dir < 0 {
			return ""
		}
	}
	dir := nameDir(n.names[i].name)
	for _, nm := range n.names[i+1 : j] {
		if dir == "" {
			return ""
		}
		dir = commonDir(dir, []byte(nm.name))
	}
	for _, nm := range n.names[i:j] {
		if len(nm.name) <= len(dir) {
			return ""
		}
	}
	return dir
}

// join writes each run of consecutive notes of names among pieces under
// one directory as one.
func (n *listNames) join(pieces []Piece) []Piece {
	at := n.index()
	out := make([]Piece, 0, len(pieces))
	for _, p := range pieces {
		i, ok := at[p.Line]
		if !ok || p.Note == "" || p.Stands == 0 {
			out = append(out, p)
			continue
		}
		if k := len(out) - 1; k >= 0 && out[k].Note != "" && out[k].Stands > 0 && out[k].Line+out[k].Stands == p.Line {
			if h, ok := at[out[k].Line]; ok && n.under(h, h+out[k].Stands) == n.under(i, i+p.Stands) {
				joined := n.note(h, i+p.Stands)
				joined.Prio = out[k].Prio
				out[k] = joined
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// unname shows rows of the first and the last notes of names among pieces
// as they are, from their outer ends, as many as Fit still takes with every
// other piece in room: names alone are for what rows as they are cannot
// show. Its pieces are in input order.
func (r *Listing) unname(pieces []Piece, lines, room int, c Counter) []Piece {
	at := r.names.index()
	rows := r.heldRows()
	// The head takes half of what it could first, so that the tail gets
	// its share, and then what the tail leaves.
	// A note shown whole as rows gives the next note from that end its
	// turn: notes of names hold one directory each.
	rounds := []bool{false, true, false}
	for round := 0; round < len(rounds) && round < listUnnames; round++ {
		tail := rounds[round]
		i := -1
		for k, p := range pieces {
			if _, ok := at[p.Line]; ok && p.Note != "" && p.Stands > 0 && (i < 0 || tail) {
				i = k
			}
		}
		if i < 0 {
			return pieces
		}
		note, first := pieces[i], at[pieces[i].Line]
		// with returns pieces with k rows of the note as they are, or nil
		// if not all of them are held.
		with := func(k int) []Piece {
			from, to := note.Line, note.Line+k-1 // the rows as they are
			if tail {
				from, to = note.last()-k+1, note.last()
			}
			out := slices.Delete(slices.Clone(pieces), i, i+1)
			for n := from; n <= to; n++ {
				row, ok := rows[n]
				if !ok {
					return nil
				}
				row.Prio = note.Prio
				out = append(out, row)
			}
			switch {
			case k == note.Stands:
			case tail:
				out = append(out, r.names.note(first, first+note.Stands-k))
			default:
				out = append(out, r.names.note(first+k, first+note.Stands))
			}
			out[len(out)-1].Prio = note.Prio
			return out
		}
		fits := func(k int) bool {
			p := with(k)
			return p != nil && len(Fit(p, lines, room, c)) == len(p)
		}
		lo, hi := 0, note.Stands // lo fits; the most that do is sought
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if fits(mid) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		if round == 0 {
			lo /= 2
		}
		if lo > 0 {
			pieces = with(lo)
			slices.SortStableFunc(pieces, func(a, b Piece) int { return a.Line - b.Line })
		}
		if lo == note.Stands && round > 0 {
			rounds = append(rounds, tail)
		}
	}
	return pieces
}

// refill joins the notes of names among chosen, which Fit counted each with
// its own head, and fits the notes of names among cands again in the room
// that frees, the pieces chosen first; again while a round takes more, as
// each join frees a little more, up to listRefills rounds.
func (n *listNames) refill(chosen, cands []Piece, lines, room int, c Counter) []Piece {
	at := n.index()
	cands = slices.DeleteFunc(slices.Clone(cands), func(p Piece) bool {
		_, ok := at[p.Line]
		return !ok || p.Note == "" || p.Stands == 0
	})
	if len(cands) == 0 {
		return chosen
	}
	for range listRefills {
		kept := n.join(chosen)
		prio := make(map[int]int, len(kept))
		for i, p := range kept {
			prio[p.Line] = p.Prio
			kept[i].Prio = prioListNote - 1
		}
		again := Fit(append(kept, cands...), lines, room, c)
		for i, p := range again {
			if q, ok := prio[p.Line]; ok && p.Prio == prioListNote-1 {
				again[i].Prio = q // as chosen, for a Fit with less room
			}
		}
		if len(again) == len(kept) {
			return again
		}
		chosen = again
	}
	return n.join(chosen)
}
