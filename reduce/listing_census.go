package reduce

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// listCensus counts the entries of a listing: in all, by directory, by
// extension and, for ls -l, by type.
type listCensus struct {
	entries  int
	named    int // entries whose name has a directory
	dirs     map[string]int
	list     []listDir
	dirBytes int
	more     int // named entries in directories past the caps
	exts     map[string]int
	extNames map[string]string // each extension counted, to use its key again
	extMore  int               // entries of extensions past the cap
	types    map[byte]int
	typed    int
	last     listCount // what the last add counted
}

// listCount is where add counted an entry, for undo.
type listCount struct {
	named bool
	dir   int // the index of its directory, or -1
	more  bool
	ext   string
}

// listCensusLeast is the fewest entries not below that a directory's line
// in the census counts: fewer take about the room of the entries.
const listCensusLeast = 3

type listDir struct {
	dir string
	n   int
}

func newListCensus() listCensus {
	return listCensus{dirs: map[string]int{}, exts: map[string]int{}, extNames: map[string]string{}, types: map[byte]int{}}
}

// add counts an entry named name, in the ls -R section section if any; a
// nil name counts an entry that has none (a row of ps). It returns where
// the entry is counted: the index of its directory, or -1, and its
// extension.
func (c *listCensus) add(section, name []byte) (int, string) {
	c.entries++
	c.last = listCount{dir: -1}
	if name == nil {
		return -1, ""
	}
	base := name
	if i := bytes.LastIndexByte(name[:max(len(name)-1, 0)], '/'); i >= 0 {
		base = name[i+1:]
	}
	dir := name[:len(name)-len(base)]
	if len(dir) == 0 {
		dir = section
	}
	if len(dir) == 0 {
		// A name in no directory: a package's, a process's.
		return -1, ""
	}
	c.named++
	c.last.named = true
	e := nameExt(base)
	ext, ok := c.extNames[string(e)]
	switch {
	case ok:
		c.exts[ext]++
	case len(c.exts) < listMaxExts:
		ext = string(e)
		c.extNames[ext] = ext
		c.exts[ext]++
	default:
		c.extMore++
		ext = "\x00" // past the cap: counted with no extension's
	}
	c.last.ext = ext
	i, ok := c.dirs[string(dir)]
	if !ok {
		if len(c.list) >= listMaxDirs || c.dirBytes+len(dir) > listMaxDirBytes {
			c.more++
			c.last.more = true
			return -1, ext
		}
		i = len(c.list)
		c.dirs[string(dir)] = i
		c.list = append(c.list, listDir{dir: string(dir)})
		c.dirBytes += len(dir)
	}
	c.list[i].n++
	c.last.dir = i
	return i, ext
}

// undo takes back the entry the last add counted, found to be no entry:
// the root a drawn tree hangs from. Its kind is not taken back: only an
// ls -l row has one, and a tree's root is none.
func (c *listCensus) undo() {
	c.entries--
	l := c.last
	c.last = listCount{dir: -1}
	if !l.named {
		return
	}
	c.named--
	switch {
	case l.ext == "\x00" && c.extMore > 0:
		c.extMore--
	default:
		c.exts[l.ext]--
		if c.exts[l.ext] == 0 {
			delete(c.exts, l.ext)
			delete(c.extNames, l.ext)
		}
	}
	switch {
	case l.more:
		c.more--
	case l.dir >= 0:
		c.list[l.dir].n--
		if d := c.list[l.dir]; d.n == 0 && l.dir == len(c.list)-1 {
			// The directory the entry opened: no one else's index.
			delete(c.dirs, d.dir)
			c.dirBytes -= len(d.dir)
			c.list = c.list[:l.dir]
		}
	}
}

// extKey returns the key the census counts a name's extension under.
func (c *listCensus) extKey(name string) string {
	ext := nameExt(name)
	if _, ok := c.exts[ext]; !ok {
		return "\x00"
	}
	return ext
}

// kind counts an ls -l row by the type its mode starts with.
func (c *listCensus) kind(row []byte) {
	if modeRow(row) {
		c.types[row[0]]++
		c.typed++
	}
}

// listShown is what a view shows of the entries.
type listShown struct {
	entries int
	inFolds int            // of the entries, those shown in folds
	byName  int            // of the entries, rows shown by their names alone
	absent  int            // rows counted in those notes as not installed
	braced  bool           // some of those names in folds
	dirs    map[int]int    // entries shown of each directory the census counts
	exts    map[string]int // entries shown of each extension
}

// noun names the entries of a listing.
func (c *listCensus) noun(n int, paths bool) string {
	if paths {
		return plural(n, "path", "paths")
	}
	return plural(n, "entry", "entries")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return elision.Thousands(int64(n)) + " " + many
}

// note writes the census: how many entries there are, in how many
// directories, how many the view shows and how, and, in up to room bytes,
// the directories with the most entries and the counts by extension or
// type.
func (c *listCensus) note(s listShown, paths bool, room int) string {
	var b strings.Builder
	b.WriteString("[headroom: ")
	b.WriteString(c.noun(c.entries, paths))
	dirs := len(c.list)
	if c.named > 0 && (dirs > 1 || c.more > 0) {
		if c.more > 0 {
			fmt.Fprintf(&b, " in over %s directories", elision.Thousands(int64(dirs)))
		} else {
			fmt.Fprintf(&b, " in %s directories", elision.Thousands(int64(dirs)))
		}
	}
	switch {
	case s.entries >= c.entries:
		b.WriteString(" · all below")
	case s.entries == 0:
		b.WriteString(" · none below")
	default:
		fmt.Fprintf(&b, " · %s below", elision.Thousands(int64(s.entries)))
	}
	if s.inFolds > 0 {
		fmt.Fprintf(&b, ", %s in folds: %s", elision.Thousands(int64(s.inFolds)), FoldLegend)
	}
	if s.byName > 0 {
		fmt.Fprintf(&b, ", %s by name alone", elision.Thousands(int64(s.byName)))
		if s.braced && s.inFolds == 0 {
			b.WriteString(", in folds: " + FoldLegend)
		}
	}
	if s.absent > 0 {
		fmt.Fprintf(&b, ", %s counted as not installed", elision.Thousands(int64(s.absent)))
	}
	if s.entries < c.entries {
		c.writeCounts(&b, s, room-b.Len())
	}
	b.WriteString("]")
	return b.String()
}

// writeCounts writes, in about room bytes, the directories with the most
// entries not shown, and the counts by type, or by extension of the entries
// not shown.
func (c *listCensus) writeCounts(b *strings.Builder, s listShown, room int) {
	if c.typed*2 > c.entries {
		var parts []string
		for _, t := range []struct {
			c    byte
			what string
		}{{'d', "directories"}, {'-', "files"}, {'l', "links"}, {'c', "devices"}, {'b', "devices"}, {'p', "pipes"}, {'s', "sockets"}} {
			if n := c.types[t.c]; n > 0 {
				parts = append(parts, elision.Thousands(int64(n))+" "+t.what)
			}
		}
		b.WriteString(" · " + strings.Join(parts, ", "))
	}
	var dirs []listDir
	for i, d := range c.list {
		if n := d.n - s.dirs[i]; n > 0 {
			dirs = append(dirs, listDir{dir: d.dir, n: n})
		}
	}
	if len(c.list) > 1 && len(dirs) > 0 {
		slices.SortStableFunc(dirs, func(a, b listDir) int { return cmp.Compare(b.n, a.n) })
		width := len(elision.Thousands(int64(dirs[0].n)))
		var list strings.Builder
		used, shown := 0, 0
		for _, d := range dirs {
			line := fmt.Sprintf("\n  %*s %s", width, elision.Thousands(int64(d.n)), d.dir)
			if used+len(line) > room*3/4 && shown < len(dirs)-1 || d.n < listCensusLeast && shown > 0 {
				// A directory with few entries not below takes about
				// the room of the entries themselves.
				break
			}
			list.WriteString(line)
			used += len(line)
			shown++
		}
		rest, n := len(dirs)-shown, c.more
		for _, d := range dirs[shown:] {
			n += d.n
		}
		switch {
		case shown == 0 && c.more > 0:
			fmt.Fprintf(b, " · not below: %s in over %s directories", c.noun(n, true), elision.Thousands(int64(rest)))
		case shown == 0:
			fmt.Fprintf(b, " · not below: %s in %s directories", c.noun(n, true), elision.Thousands(int64(rest)))
		default:
			b.WriteString(" · not below, per directory:")
			b.WriteString(list.String())
			if c.more > 0 {
				fmt.Fprintf(b, "\n  and %s in other directories", c.noun(n, true))
			} else if rest > 0 {
				fmt.Fprintf(b, "\n  and %s with %s%s", plural(rest, "more directory", "more directories"), c.noun(n, true), parentsOf(dirs[shown:]))
			}
		}
	}
	if len(c.exts) > 1 && (c.named-c.exts[""])*2 >= c.named {
		type ext struct {
			ext string
			n   int
		}
		var exts []ext
		for e, n := range c.exts {
			if n -= s.exts[e]; n > 0 {
				exts = append(exts, ext{e, n})
			}
		}
		slices.SortFunc(exts, func(a, b ext) int {
			if c := cmp.Compare(b.n, a.n); c != 0 {
				return c
			}
			return cmp.Compare(a.ext, b.ext)
		})
		var parts []string
		other := c.extMore - s.exts["\x00"]
		for i, e := range exts {
			if i >= 12 || e.ext == "" {
				other += e.n
				continue
			}
			name := e.ext
			if name == "/" {
				name = "directories (/)"
			}
			parts = append(parts, elision.Thousands(int64(e.n))+" "+name)
		}
		if other > 0 {
			parts = append(parts, elision.Thousands(int64(other))+" other")
		}
		if len(parts) > 1 {
			sep := " · "
			if strings.Contains(b.String(), "\n") {
				sep = "\n "
			}
			b.WriteString(sep + "not below, per extension: " + strings.Join(parts, ", "))
		}
	}
}

// parentsOf says where the directories a census does not list lie, when
// some parents hold several of them: " (120 in /usr/share/doc/, 5 in
// /usr/lib/)", the parents holding the most first, at most three.
func parentsOf(dirs []listDir) string {
	type parent struct {
		dir string
		n   int
	}
	var parents []parent
	at := map[string]int{}
	for _, d := range dirs {
		p := d.dir[:strings.LastIndexByte(strings.TrimSuffix(d.dir, "/"), '/')+1]
		if p == "" {
			continue
		}
		if i, ok := at[p]; ok {
			parents[i].n++
			continue
		}
		at[p] = len(parents)
		parents = append(parents, parent{p, 1})
	}
	slices.SortStableFunc(parents, func(a, b parent) int { return cmp.Compare(b.n, a.n) })
	var parts []string
	for _, p := range parents[:min(len(parents), 3)] {
		if p.n < 2 {
			break
		}
		parts = append(parts, elision.Thousands(int64(p.n))+" in "+p.dir)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
