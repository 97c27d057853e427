package reduce

import (
	"slices"
	"strings"
)

// Pieces implements Reducer. It proposes, in this order of preference:
// every line as it is; when verbatim lines could show less than half of
// the entries, every entry with paths folded by directory; or a census of
// the entries and those that fit, rows perhaps by their names alone.
func (r *Listing) Pieces(lines, budget int, c Counter) []Piece {
	r.fold.end()
	r.names.close()
	if r.text != nil && r.census.entries*2 < lines {
		// Most lines are no entries: whatever this is, the text reducer
		// knows it better.
		return r.text.Pieces(lines, budget, c)
	}
	// Lines tokenize a little differently together than one by one; a
	// margin keeps the view within the budget when counted whole.
	room := budget - budget/100 - 2
	ranked := r.ranked(lines)
	plain := slices.Clone(ranked)
	for _, d := range r.fold.folds(0) {
		plain = append(plain, r.fold.lines(d, prioListRanked)...)
	}
	fold := true
	if r.covers(plain, lines) {
		cost := maxGapCost(lines, c)
		for _, p := range plain {
			cost += pieceCost(p, c)
		}
		if cost <= room {
			if chosen := Fit(plain, lines, room, c); len(chosen) == len(plain) {
				return chosen
			}
		}
		// Folding pays when lines as they are would show less than half
		// of them; short of that, the ends as they are and a census of
		// the middle tell more, and are exact to copy.
		fold = cost > room
		if fold {
			for _, width := range []int{listFoldWide, listFoldDir, listFoldTop, listFoldRun} {
				if all, ok := r.complete(ranked, lines, room, c, width); ok {
					return all
				}
			}
		}
	}
	return r.counted(ranked, lines, room, c, fold)
}

// ranked returns the held lines with their priorities for the view: lines
// that are no entries first, the last of them (a summary) too; rows that
// stand out, the rarer status first; tree entries by depth; other entries
// by their distance from the nearer end of the entries. Each line once.
func (r *Listing) ranked(lines int) []Piece {
	last := r.first
	for _, h := range r.held {
		if h.entry() {
			last = max(last, h.piece.Line)
		}
	}
	for _, t := range r.tail {
		last = max(last, t.piece.Line)
	}
	for _, run := range r.fold.runs {
		last = max(last, run.first+len(run.names)-1)
	}
	usual := r.usualKey()
	pieces := make([]Piece, 0, len(r.held)+len(r.tail))
	at := make(map[int]bool, len(r.held))
	// An entry ranks by its distance from the nearer end, or, under an
	// ls -R heading, from its section's start if that is nearer.
	rank := func(c listCand) int {
		prio := endRank(c.piece.Line, r.first, last)
		if c.sec >= 0 {
			prio = max(prio, prioListRanked-min(c.sec, listMaxRank/64-1)*64)
		}
		return prio
	}
	for _, h := range r.held {
		p := h.piece
		switch h.class {
		case listOtherLine:
			p.Prio = prioListOther - min(h.n, r.others-1-h.n)
		case listSection:
			// ls -R's headings name each directory in full, as the rows
			// of directories above them (ls -lR's) and the census do
			// not: they stand out, from the ends of the listing in, after
			// the largest entries and before the rows of directories.
			p.Prio = prioListBoost - listTopSizes - 1 - min(h.n, r.sections-1-h.n, listMaxRank/4)
		case listTreeRow:
			p.Prio = treeEntryPrio(h.n, h.sec, h.seen)
			if r.treeDirs[p.Line] {
				p.Prio = treeDirPrio(h.n)
			}
		case listDirRow:
			p.Prio = prioListBoost - min(r.census.types['d'], listMaxRank/4)
			if r.sections > 0 {
				p.Prio -= listMaxRank / 4
			}
		case listKeyed:
			if h.key != usual && r.rare(h.key) {
				p.Prio = prioListBoost - min(r.keys[h.key], listMaxRank-1)
				break
			}
			p.Prio = rank(h)
		case listLarge:
			// The largest so far when read; of them, the largest in all
			// stand out.
			p.Prio = rank(h)
			if h.size >= r.sizes[0] {
				p.Prio = prioListBoost - listTopSizes
			}
		case listEntry:
			p.Prio = rank(h)
		}
		at[p.Line] = true
		pieces = append(pieces, p)
	}
	for _, t := range r.tail {
		if !at[t.piece.Line] {
			p := t.piece
			p.Prio = rank(t)
			pieces = append(pieces, p)
		}
	}
	prio := make(map[int]int, len(pieces))
	for _, p := range pieces {
		prio[p.Line] = max(prio[p.Line], p.Prio)
	}
	// A tree's entry that is the only one in its directory ranks just
	// below the lower of the lines around it: once the directory and the
	// line after the entry show, a gap line between them would cost about
	// as much as the entry and say less (each package's __pycache__).
	for i, p := range pieces {
		before, after := prio[p.Line-1], prio[p.Line+1]
		if after == 0 {
			// The tree's last entry: its directory alone frames it.
			after = before
		}
		if r.treeSole[p.Line] && before > 0 {
			pieces[i].Prio = max(p.Prio, min(before, after)-1)
		}
	}
	// Blank lines and ls -l's totals rank just below the lower of the
	// lines around them, so that Fit takes them as soon as they close a
	// gap between kept lines, while the room they give back is still of
	// use, rather than last.
	between := func(n, least int) int {
		before, after := prio[n-1], prio[n+1]
		if before == 0 || after == 0 {
			return least
		}
		return max(min(before, after)-1, least)
	}
	for _, n := range r.blanks {
		pieces = append(pieces, Piece{Line: n, Text: []byte{}, Prio: between(n, 1)})
	}
	for _, t := range r.totals {
		t.Prio = between(t.Line, 2)
		pieces = append(pieces, t)
	}
	return pieces
}

// endRank ranks an entry on line n of the entries from first to last by
// its distance from the nearer end; the first and last few rank with the
// entries that stand out, as they tell where the list starts and ends.
func endRank(n, first, last int) int {
	d := min(n-first, last-n)
	if d < listEnds {
		return prioListBoost + listEnds - d
	}
	return prioListRanked - min(d, listMaxRank/64-1)*64
}

// complete returns a view of every line, with runs of paths folded in folds
// of up to width bytes of names, if it fits in room. The room the folds
// leave is filled by showing the lines of folds as they are, from both
// ends in turn, as a cut of head and tail would.
func (r *Listing) complete(ranked []Piece, lines, room int, c Counter, width int) ([]Piece, bool) {
	folds := r.fold.folds(width)
	avail := room - maxGapCost(lines, c)
	inFolds := 0
	for _, p := range ranked {
		avail -= pieceCost(p, c)
	}
	for _, d := range folds {
		avail -= pieceCost(r.fold.piece(d, prioListRanked), c)
		if d.n > 1 {
			inFolds += d.n
		}
	}
	note := func(inFolds int) Piece {
		s := listShown{entries: r.census.entries, inFolds: inFolds}
		return Piece{Line: 1, Note: r.census.note(s, r.paths(), 0), Prio: prioListNote}
	}
	if inFolds > 0 {
		avail -= pieceCost(note(inFolds), c)
	}
	if avail < 0 {
		return nil, false
	}
	folded := slices.Clone(ranked)
	for _, d := range folds {
		folded = append(folded, r.fold.piece(d, prioListRanked))
	}
	// Lines as they are cost a little more together than one by one, and
	// the margin kept for that may be short: then fewer folds open, down
	// to none, and the folds alone fit, as counted above.
	for margin := room / 20; margin < avail; margin *= 2 {
		pieces, unfolded := r.unfold(folded, avail-margin, c)
		if unfolded == 0 {
			break
		}
		if chosen := Fit(append(pieces, note(inFolds-unfolded)), lines, room, c); len(chosen) == len(pieces)+1 {
			return chosen, true
		}
	}
	if inFolds > 0 {
		folded = append(folded, note(inFolds))
	}
	chosen := Fit(folded, lines, room, c)
	return chosen, len(chosen) == len(folded)
}

// unfold shows the lines of folds among pieces as they are, from the folds
// nearest the ends in turn, while that costs no more than avail tokens
// more. It returns the pieces and how many names it unfolded.
func (r *Listing) unfold(pieces []Piece, avail int, c Counter) ([]Piece, int) {
	folds := r.fold.index()
	var at []int // the folds among pieces, in input order
	for i, p := range pieces {
		if _, ok := folds[p.Line]; ok && p.Note != "" && p.Stands > 1 {
			at = append(at, i)
		}
	}
	slices.SortFunc(at, func(a, b int) int { return pieces[a].Line - pieces[b].Line })
	out := slices.Clone(pieces)
	unfolded := 0
	for k := range at {
		i := at[k/2]
		if k%2 == 1 {
			i = at[len(at)-1-k/2]
		}
		fold := pieces[i]
		run := r.fold.runs[folds[fold.Line]]
		d := listFold{run: folds[fold.Line], i: fold.Line - run.first, n: fold.Stands}
		lines := r.fold.lines(d, fold.Prio)
		delta := -pieceCost(fold, c)
		for _, l := range lines {
			delta += pieceCost(l, c)
		}
		if delta > avail {
			continue
		}
		avail -= delta
		unfolded += d.n
		out[i] = lines[0]
		out = append(out, lines[1:]...)
	}
	return out, unfolded
}

// pieceCost is what Fit counts for a piece, but for gap lines.
func pieceCost(p Piece, c Counter) int {
	if p.Note != "" {
		return c.Count(noteText(p)) + 1
	}
	return c.Count(renderLine(p))
}

// covers reports whether pieces show every one of lines input lines.
func (r *Listing) covers(pieces []Piece, lines int) bool {
	seen := make([]bool, lines+1)
	n := 0
	for _, p := range pieces {
		if p.Note != "" && p.Stands == 0 {
			continue
		}
		for l := p.Line; l <= p.last() && l <= lines; l++ {
			if !seen[l] {
				seen[l] = true
				n++
			}
		}
	}
	return n == lines
}

// paths reports whether the entries are paths rather than rows or names.
func (r *Listing) paths() bool {
	return r.census.named*2 > r.census.entries && r.census.typed == 0
}

// counted returns a view of the census and of the entries that fit with it.
// The paths that fold offers both as they are, ranked by their distance
// from the nearer end, and folded, each directory's first fold before the
// second of any and every fold before the paths as they are, so that the
// ends show as they are and the middle shows the names of each directory. Rows whose names alone pay show by
// them, from the ends in, where rows as they are would not fit.
func (r *Listing) counted(ranked []Piece, lines, room int, c Counter, fold bool) []Piece {
	cands := slices.Clone(ranked)
	last := r.first
	for _, p := range ranked {
		last = max(last, p.Line)
	}
	for _, run := range r.fold.runs {
		last = max(last, run.first+len(run.names)-1)
	}
	for _, d := range r.fold.folds(0) {
		for _, p := range r.fold.lines(d, 0) {
			p.Prio = endRank(p.Line, r.first, last)
			cands = append(cands, p)
		}
	}
	// Short lines rank last: Fit shows them where they cost no more than
	// the gap line of one line they would leave.
	at := make(map[int]bool, len(cands))
	for _, p := range cands {
		at[p.Line] = true
	}
	for _, p := range slices.Concat(r.short[0], r.short[1]) {
		if !at[p.Line] {
			cands = append(cands, p)
		}
	}
	if fold {
		// Each directory's first fold before the second of any; a
		// directory of more than listFoldLevels folds takes turns for
		// several at once, so that the view's names spread over the
		// entries rather than over the directories. Every fold goes
		// before the paths as they are, but for the ends: a fold names
		// a dozen paths for the tokens two or three take as they are.
		narrow := r.fold.folds(listFoldNarrow)
		per := map[string]int{}
		for _, d := range narrow {
			per[r.fold.runs[d.run].dir+d.sub]++
		}
		for _, d := range narrow {
			if d.n > 1 {
				level := d.k / max(1, per[r.fold.runs[d.run].dir+d.sub]/listFoldLevels)
				cands = append(cands, r.fold.piece(d, prioListRanked+listMaxRank/4-min(level, listMaxRank/1024)*64))
			}
		}
	}
	if r.names.worth(r.held, room, c) {
		r.crowded(cands, room, last, c)
		// Rows whose other columns cost more than their names show by
		// name, but for the ends and those that stand out.
		stops := map[int]bool{}
		for _, p := range cands {
			if p.Prio > prioListRanked+listMaxRank {
				stops[p.Line] = true
			}
		}
		// ls -R's headings name the directory of the names under them:
		// they go before any.
		heading := map[int]bool{}
		for _, h := range r.held {
			if h.class == listSection {
				heading[h.piece.Line] = true
			}
		}
		for i, p := range cands {
			if heading[p.Line] && p.Note == "" {
				cands[i].Prio = max(p.Prio, prioListRanked+listMaxRank)
			}
		}
		cands = append(cands, r.names.chunks(stops, r.first, last, r.heldRows(), c)...)
	}
	paths := r.paths()
	cost := func(note string) int { return c.Count([]byte(note)) + 1 }
	// A first look, with the note's counts alone, tells how much shows.
	shown := r.shown(Fit(cands, lines, room-cost(r.census.note(listShown{}, paths, 0)), c))
	// The directories with the most entries take up to a third of the
	// room, at about four bytes a token, the less the more entries show.
	noteRoom := room * 4 / 3 * (r.census.entries - shown.entries) / max(r.census.entries, 1)
	for range 8 {
		noteCost := cost(r.census.note(shown, paths, noteRoom))
		if noteCost > room/2 && noteRoom > 0 {
			noteRoom /= 2
			continue
		}
		chosen := Fit(cands, lines, room-noteCost, c)
		for range 4 {
			joined, ok := r.fold.joined(cands, chosen)
			if !ok {
				break
			}
			cands = joined
			chosen = Fit(cands, lines, room-noteCost, c)
		}
		// Fit takes folds before the lines they stand for; what room is
		// left shows some of them as they are.
		used := c.Count(Render(chosen, lines))
		chosen, _ = r.unfold(chosen, room-noteCost-used, c)
		chosen = Fit(chosen, lines, room-noteCost, c)
		chosen = r.names.refill(chosen, cands, lines, room-noteCost, c)
		chosen = r.names.join(r.unname(chosen, lines, room-noteCost, c))
		s := r.shown(chosen)
		note := r.census.note(s, paths, noteRoom)
		if cost(note) > noteCost {
			shown = s // more digits: count again
			continue
		}
		return append([]Piece{{Line: 1, Note: note, Prio: prioListNote}}, chosen...)
	}
	return r.names.join(Fit(cands, lines, room, c))
}

// crowded ranks the rows of directories among cands as the other rows,
// by their distance from the nearer end, when as they are they would take
// more than half of room: ls -la /etc has more directories than a view
// could show whole, and by name alone they show with the rest.
func (r *Listing) crowded(cands []Piece, room, last int, c Counter) {
	dirs := map[int]bool{}
	for _, h := range r.held {
		if h.class == listDirRow {
			dirs[h.piece.Line] = true
		}
	}
	cost := 0
	for _, p := range cands {
		if dirs[p.Line] && p.Note == "" {
			cost += pieceCost(p, c)
		}
	}
	if cost <= room/2 {
		return
	}
	for i, p := range cands {
		if dirs[p.Line] && p.Note == "" {
			cands[i].Prio = endRank(p.Line, r.first, last)
		}
	}
}

// shown counts the entries the chosen pieces show, in all, by directory
// and by extension.
func (r *Listing) shown(chosen []Piece) listShown {
	s := listShown{dirs: map[int]int{}, exts: map[string]int{}}
	folds := r.fold.index()
	entries := map[int]listCand{}
	for _, h := range r.held {
		if h.entry() {
			entries[h.piece.Line] = h
		}
	}
	for _, t := range r.tail {
		entries[t.piece.Line] = t
	}
	count := func(line, dir int, ext string) {
		if line == r.root && r.root > 0 {
			return // no entry
		}
		s.entries++
		if dir >= 0 {
			s.dirs[dir]++
			s.exts[ext]++
		}
	}
	names := r.names.index()
	for _, p := range chosen {
		if i, ok := names[p.Line]; ok && p.Note != "" && p.Stands > 0 {
			absent := r.names.absentIn(i, i+p.Stands)
			s.byName += p.Stands - absent
			s.absent += absent
			// Names hold no braces: a brace is a fold's.
			s.braced = s.braced || strings.Contains(p.Note, "{")
			for _, nm := range r.names.names[i : i+p.Stands] {
				count(nm.line, nm.dir, nm.ext)
			}
			continue
		}
		if run, ok := folds[p.Line]; ok && (p.Note == "" || p.Stands > 0) {
			rn := r.fold.runs[run]
			n := max(p.Stands, 1)
			if p.Note != "" {
				s.inFolds += n
			}
			for i := p.Line - rn.first; i < p.Line-rn.first+n; i++ {
				count(rn.first+i, rn.census[i], r.census.extKey(rn.names[i]))
			}
			continue
		}
		if e, ok := entries[p.Line]; ok && p.Note == "" {
			count(p.Line, e.dir, e.ext)
		}
	}
	return s
}

// index maps each line a run holds to the run.
func (f *listFolder) index() map[int]int {
	m := map[int]int{}
	for i, r := range f.runs {
		for j := range r.names {
			m[r.first+j] = i
		}
	}
	return m
}
