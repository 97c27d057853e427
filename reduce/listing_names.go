package reduce

import (
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// listNameChunk is how many rows a note of names stands for before the
// plan joins the notes Fit takes.
const listNameChunk = 16

// listNameSample caps the rows whose tokens tell whether names alone pay.
const listNameSample = 256

// listName is a row of a table that a view may show by its name alone.
type listName struct {
	line int
	name string
	dir  int    // the census's index of its directory, or -1
	ext  string // its extension, as the census counts it
}

// listNames gathers the names of a table's rows: a row of git ls-tree, jar
// tvf or dpkg -l spends most of its tokens on columns (modes, object ids,
// dates, versions) that a reader scanning for a name does not need, so that
// where rows as they are show a few dozen, their names alone show hundreds.
type listNames struct {
	limit int
	names []listName
	bytes int
	full  bool // past the limit: names are let go
}

// add takes the name of row l, found in it as name.
func (n *listNames) add(l Line, name []byte, dir int, ext string) {
	if !foldable(name) || len(name) >= len(l.Text) || int64(len(l.Text)) != l.Len {
		return
	}
	if n.full || n.bytes+len(name) > n.limit {
		n.full = true
		return
	}
	n.names = append(n.names, listName{line: l.N, name: string(name), dir: dir, ext: ext})
	n.bytes += len(name) + 32
}

// worth reports whether the names are enough shorter than their rows to be
// shown alone: a third of the tokens or more saved, as counted on up to
// listNameSample of the rows held.
func (n *listNames) worth(held []listCand, c Counter) bool {
	if len(n.names) == 0 {
		return false
	}
	at := n.index()
	rows, names, seen := 0, 0, 0
	for _, h := range held {
		i, ok := at[h.piece.Line]
		if !ok || h.piece.After > 0 || seen == listNameSample {
			continue
		}
		rows += c.Count(h.piece.Text) + 1
		names += c.Count([]byte(n.names[i].name)) + 1
		seen++
	}
	return seen > 0 && names*3 <= rows*2
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
// the rows as they are and below the rows that stand out.
func (n *listNames) chunks(stops map[int]bool, first, last int) []Piece {
	var out []Piece
	for i := 0; i < len(n.names); {
		if stops[n.names[i].line] {
			i++
			continue
		}
		j := i + 1
		for j < len(n.names) && j-i < listNameChunk && n.names[j].line == n.names[j-1].line+1 && !stops[n.names[j].line] {
			j++
		}
		p := n.note(i, j)
		d := min(p.Line-first, last-p.last())
		p.Prio = prioListRanked + 2 + listMaxRank/2 - min(max(d, 0), listMaxRank/2-1)
		out = append(out, p)
		i = j
	}
	return out
}

// note returns the note that shows the rows of names i to j by name.
func (n *listNames) note(i, j int) Piece {
	first, last := n.names[i].line, n.names[j-1].line
	var b strings.Builder
	b.WriteString("  [names of ")
	b.WriteString(elision.LineRange(first, last))
	b.WriteString(":")
	for _, nm := range n.names[i:j] {
		b.WriteByte(' ')
		b.WriteString(nm.name)
	}
	b.WriteString("]")
	return Piece{Line: first, Note: b.String(), Stands: j - i, Prio: prioListRanked}
}

// join writes each run of consecutive notes of names among pieces as one.
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
			if h, ok := at[out[k].Line]; ok {
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

// unname shows the rows of notes of names among pieces as they are, from
// the notes nearest the ends in turn, while that costs no more than avail
// tokens more: names alone are for what rows as they are cannot show.
func (r *Listing) unname(pieces []Piece, avail int, c Counter) []Piece {
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
	var notes []int // the notes of names among pieces, in input order
	for i, p := range pieces {
		if _, ok := at[p.Line]; ok && p.Note != "" && p.Stands > 0 {
			notes = append(notes, i)
		}
	}
	slices.SortFunc(notes, func(a, b int) int { return pieces[a].Line - pieces[b].Line })
	out := slices.Clone(pieces)
	for k := range notes {
		i := notes[k/2]
		if k%2 == 1 {
			i = notes[len(notes)-1-k/2]
		}
		note := pieces[i]
		lines := make([]Piece, 0, note.Stands)
		delta := -pieceCost(note, c)
		for n := note.Line; n <= note.last(); n++ {
			row, ok := rows[n]
			if !ok {
				break
			}
			row.Prio = note.Prio
			lines = append(lines, row)
			delta += pieceCost(row, c)
		}
		if len(lines) < note.Stands || delta > avail {
			continue
		}
		avail -= delta
		out[i] = lines[0]
		out = append(out, lines[1:]...)
	}
	return out
}
