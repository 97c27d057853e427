package reduce

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// Priorities of the pieces of a view of a run of JSON values. Within a
// tier, a record's rank is shifted past its line offsets, so that each
// record is kept from its start and records of equal rank in input order.
const (
	prioCensus = 1 << 60
	tierFail   = 4 << 52 // records that tell of a failure
	tierDetail = 3 << 52 // what goes with them: a failing test's output
	tierDiffer = 2 << 52 // the first and last records, and those unlike the rest
	tierEdge   = 1 << 52 // the rest, nearest the ends first
	rankShift  = 20
	// lineWeight is how many ranks of records one rank of lines within
	// them outweighs: a view of many records over several lines shows the
	// first members of each before the later members of any.
	lineWeight = 16
	// rareFailures is how many records a run has for each that fails, at
	// least, for where it began and ended to go right after its first
	// failure (see failRanks).
	rareFailures = 10
	// keyLineRank is the rank of the last lines of a record over several
	// lines that name it (see lineOrder), and maxLineRank caps the ranks
	// of lines that lineOrder tells apart.
	keyLineRank = 1
	maxLineRank = 64
)

const (
	// recordLine is the longest line of a record kept whole, and a longer
	// line keeps recordKeep bytes of each recordLine (see keepBytes).
	recordLine = 1024
	recordKeep = 600
	// maxKeys caps the keys whose values a census of records tracks, and
	// maxClasses the values of one key it counts.
	maxKeys    = 256
	maxClasses = 12
	// maxClassLen is the longest average value of a key that classes records.
	maxClassLen = 24
	// maxNames caps the failing tests a census names.
	maxNames = 10
)

// classKeys are the keys that best class records, in order of preference.
var classKeys = []string{"action", "level", "severity", "lvl", "status", "state", "type", "kind",
	"event", "stream", "result", "outcome", "conclusion", "reason"}

// stream is a run of JSON records and the pieces proposed for its view.
type stream struct {
	b      []byte
	recs   []record
	lines  int
	budget int
	// level, when not 0, is how long a line of a short run may be: the
	// room the view has shared among its lines (see fillLevel).
	level int
	best  shortlist
	// keys counts the object records that have each key, and objects
	// counts the object records, so that a key most records lack stands
	// out.
	keys    map[string]int
	objects int
	// failed counts the records that tell of a failure.
	failed int
	// sayKeys holds the keys whose values are a few short strings: they
	// say what a record is (its level, its message), not which one it is
	// (a time, an id), so records that fail alike agree on them.
	sayKeys map[string]bool
	// onLine holds the records, by their first line, that a view naming
	// the records in folds shows on a line each.
	onLine map[int]bool
	// sums names the hashes that close the records of a run shown one a
	// line, which the lines leave out and the census names (see
	// closingSums).
	sums string
	// offered holds, in order, the lines of the records offered whole or
	// condensed before the piece being made: Fit takes them first, so
	// they are the lines a piece may point to (see sameAsBefore).
	offered []int
}

func newStream(b []byte, recs []record, lines int) *stream {
	return &stream{b: b, recs: recs, lines: lines}
}

// pieces proposes a census of the records, the records that fail or
// differ, and the others by their distance from the ends; or, for records
// that a key tells apart, a line for each (see listPieces).
func (s *stream) pieces(budget int, c Counter) []Piece {
	s.budget = budget
	s.level = s.fillLevel(c)
	s.best = shortlist{limit: budget + 64}
	cen := s.census()
	note := ""
	if t := s.goTest(cen); t != nil {
		t.propose(s)
		note = cen.note(len(s.recs))
		// A run names its tests by outcome in the room that its
		// failures with their output, its packages' outcomes, its skips
		// and the first line each package writes leave, and the rest of
		// what its tests write up to a share, before what one more event
		// says.
		said := s.cost(tierDiffer-(saidRank+1)<<rankShift, c)
		rest := s.cost(tierEdge, c) - said
		limit := budget*namesShare/100 - c.Count([]byte(note)) - min(s.textCost(c), budget/3) - said -
			min(rest, budget*goTestSaid/100)
		if names := t.names(limit, c); names != "" {
			note += "\n" + names
		}
	} else {
		objs, items, path, keyed := s.keyed()
		if keyed {
			if list, ok := s.listPieces(cen, objs, path, c); ok {
				return s.listView(cen.note(len(s.recs)), list)
			}
		}
		s.proposeGeneric(cen)
		note = cen.note(len(s.recs))
		if keyed {
			// Records a line for each cannot show are named in folds.
			// Records that fail are what a person debugging looks for
			// first: they keep room too.
			share := namesShare
			if slices.ContainsFunc(items, func(v seg) bool { return failing(s.b, seg{}, v, 2) }) {
				share /= 2
			}
			// Other text (the next command's output, a tool's error) keeps
			// its room, as in a view one record a line.
			limit := budget*share/100 - c.Count([]byte(note)) - min(s.textCost(c), budget/3)
			if rn := streamNames(s.b, items, path, budget, limit, c); rn != nil {
				// The objects the records share (the modules of go list's
				// packages) are named once each after the names, in
				// room the records on a line each would take.
				shared := sharedParts(s.b, items, limit/sharedShare, c)
				head := note
				if shared != "" {
					head += "\n" + shared
				}
				// The names are a floor: the room they leave shows records
				// on a line each, which the folds then leave out.
				// Where no record fits on a line beside the shared
				// objects, the names stand alone.
				notes := []string{head}
				if shared != "" {
					notes = append(notes, note)
				}
				shown, pieces, k := s.namedLines(objs, path, rn, notes, c)
				if k != 0 {
					shared = ""
				}
				note += "\n" + rn.note(shown)
				if shared != "" {
					note += "\n" + shared
				}
				if pieces != nil {
					// Every record is named in folds or shown on its
					// line: a record's opening brace or a few of its
					// members beside them would say nothing more, and
					// read as a record cut short.
					return s.listView(note, pieces)
				}
			}
		}
	}
	s.proposeEdges()
	out := []Piece{{Line: 1, Note: note, Prio: prioCensus}}
	return append(out, s.shortPieces(math.MinInt)...)
}

// shortPieces makes the pieces of the candidates shortlisted above tier,
// in the order Fit takes them. Condensing a record costs a search; no view
// holds more than a few dozen of them, so past that the best candidates
// are cut instead.
func (s *stream) shortPieces(tier int) []Piece {
	s.best.trim()
	var out []Piece
	condensed := s.budget/32 + 4
	s.offered = s.offered[:0]
	for _, c := range s.best.items {
		if c.prio <= tier {
			continue
		}
		if c.condense.end > c.condense.start {
			if condensed == 0 {
				c.condense = seg{}
			}
			condensed = max(condensed-1, 0)
		}
		out = append(out, s.piece(c))
		if c.condense.end > c.condense.start || lineEnd(s.b, c.start)-c.start <= c.keep {
			at, found := slices.BinarySearch(s.offered, c.line)
			if !found {
				s.offered = slices.Insert(s.offered, at, c.line)
			}
		}
	}
	return out
}

// listView is the view of a run of records one a line: the note (the
// census, and any names in folds), each record's line, and the lines of
// other text among them.
func (s *stream) listView(note string, list []Piece) []Piece {
	out := append([]Piece{{Line: 1, Note: note, Prio: prioCensus}}, list...)
	for _, r := range s.recs {
		if r.text {
			out = append(out, s.textLine(r, tierDiffer))
		}
	}
	return out
}

// census counts the records by the key that best classes them.
type census struct {
	key     string // the key, as the input writes it (without quotes)
	classes []class
	without int // objects that lack the key
	other   [nKinds]int
	text    int // lines that are not JSON
	// extra is appended to the note, for go test's failing tests.
	extra string
}

type class struct {
	value string
	n     int
}

// keyStat is what a census learns of one key of the records.
type keyStat struct {
	name    string
	n       int
	values  map[string]int
	order   []string // values in the order first seen
	scalar  bool
	overrun bool // more than maxClasses values
	length  int  // total length of the values
}

func (s *stream) census() *census {
	cen := &census{}
	stats := map[string]*keyStat{}
	var keys []*keyStat // in the order first seen
	objects := 0
	for _, r := range s.recs {
		if r.text {
			cen.text++
			continue
		}
		k := kindAt(s.b, r.v.start)
		if k != jObject {
			cen.other[k]++
			continue
		}
		objects++
		eachMember(s.b, r.v.start, func(key, v seg) bool {
			name := s.b[key.start+1 : key.end-1]
			st, ok := stats[string(name)]
			if !ok {
				if len(stats) == maxKeys {
					return true
				}
				st = &keyStat{name: string(name), values: map[string]int{}, scalar: true}
				stats[st.name] = st
				keys = append(keys, st)
			}
			st.n++
			vk := kindAt(s.b, v.start)
			if vk == jObject || vk == jArray {
				st.scalar = false
				return true
			}
			raw := s.b[v.start:v.end]
			st.length += len(raw)
			if _, seen := st.values[string(raw)]; seen {
				st.values[string(raw)]++
			} else if len(st.values) < maxClasses {
				st.values[string(raw)] = 1
				st.order = append(st.order, string(raw))
			} else {
				st.overrun = true
			}
			return true
		})
	}
	s.objects = objects
	s.keys = make(map[string]int, len(stats))
	s.sayKeys = map[string]bool{}
	for name, st := range stats {
		s.keys[name] = st.n
		if st.scalar && !st.overrun && st.length <= shortScalar*st.n &&
			!slices.ContainsFunc(st.order, func(v string) bool { return v[0] != '"' }) {
			s.sayKeys[name] = true
		}
	}
	best := classKey(keys, objects)
	if best == nil {
		cen.without = objects
		return cen
	}
	cen.key = best.name
	cen.without = objects - best.n
	for _, v := range best.order {
		value := v
		if value[0] == '"' {
			value = value[1 : len(value)-1]
		}
		cen.classes = append(cen.classes, class{value: value, n: best.values[v]})
	}
	slices.SortStableFunc(cen.classes, func(a, b class) int { return cmp.Compare(b.n, a.n) })
	return cen
}

// classKey picks the key that best classes the records: one most records
// have, with a few short values, preferring the names of classKeys.
func classKey(keys []*keyStat, objects int) *keyStat {
	var best *keyStat
	bestRank := len(classKeys)
	for _, st := range keys {
		// A class holds two records on average, or it only names them.
		if !st.scalar || st.overrun || len(st.values) < 2 || len(st.values)*2 > st.n ||
			st.n*2 < objects || st.length > maxClassLen*st.n {
			continue
		}
		rank := slices.Index(classKeys, strings.ToLower(st.name))
		if rank < 0 {
			rank = len(classKeys)
		}
		if best == nil || rank < bestRank || (rank == bestRank && st.n > best.n) {
			best, bestRank = st, rank
		}
	}
	return best
}

// note writes the census as one line.
func (cen *census) note(records int) string {
	var b strings.Builder
	b.WriteString("[headroom: ")
	b.WriteString(elision.Thousands(int64(records - cen.text)))
	b.WriteString(" JSON records")
	sep := ": "
	if cen.key != "" {
		b.WriteString(" by " + cen.key + ": ")
		for i, c := range cen.classes {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(elision.Thousands(int64(c.n)) + " " + c.value)
		}
		sep = ", "
		if cen.without > 0 {
			b.WriteString(sep + elision.Thousands(int64(cen.without)) + " without " + cen.key)
		}
	}
	for k := nKinds - 1; k < nKinds; k-- { // objects first; k wraps past 0
		if n := cen.other[k]; n > 0 {
			b.WriteString(sep + elision.Thousands(int64(n)) + " " + k.name(n))
			sep = ", "
		}
	}
	if cen.text > 0 {
		b.WriteString("; " + elision.Thousands(int64(cen.text)) + " other " + noun(cen.text, "line", "lines"))
	}
	b.WriteString(cen.extra)
	b.WriteString("]")
	return b.String()
}

func noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// proposeGeneric proposes the records that fail, the lines that are not
// JSON, and one record of each shape unlike most.
func (s *stream) proposeGeneric(cen *census) {
	type shapeCount struct {
		n, first int
	}
	shapes := map[uint64]*shapeCount{}
	var order []uint64
	failed := make([]bool, len(s.recs))
	for i, r := range s.recs {
		if r.text {
			failed[i] = errorLike(s.b[r.v.start:r.v.end])
		} else {
			failed[i] = failing(s.b, seg{}, r.v, 2)
		}
		if failed[i] {
			s.failed++
		}
	}
	ranks := s.failRanks(failed, levelKey(cen.key))
	for i, r := range s.recs {
		switch {
		case failed[i]:
			s.propose(r, tierFail, ranks[i], true)
			if r.text {
				continue
			}
		case r.text:
			s.propose(r, tierDiffer, 1, false)
			continue
		}
		sig := signature(s.b, r.v)
		if sc, ok := shapes[sig]; ok {
			sc.n++
		} else if len(shapes) < maxShapes {
			shapes[sig] = &shapeCount{n: 1, first: i}
			order = append(order, sig)
		}
	}
	s.proposeRareKeys()
	s.proposeRareClasses(cen, failed)
	if len(order) < 2 {
		return
	}
	slices.SortStableFunc(order, func(a, b uint64) int { return cmp.Compare(shapes[a].n, shapes[b].n) })
	for rank, sig := range order[:len(order)-1] {
		// A record over several lines shows how it differs by its keys
		// (see proposeRareKeys).
		if r := s.recs[shapes[sig].first]; r.first == r.last {
			s.propose(r, tierDiffer, 2+rank, false)
		}
	}
}

// failRanks ranks the records that fail: the first of each kind of
// failure, in input order, then the run's first and last records (in a
// long run with few failures, right after the first kind) and, in a log
// (records by level), the first record of each kind that does not fail,
// then the repeats of each kind of failure in turn, spread over the
// run, so that a kind repeated a few times is shown whole before one
// repeated hundreds of times is. A log that rejects the same fare two
// hundred times shows that once beside the panic and the actuator that
// failed, where the run began and ended, and one of its vehicles that
// passed. Other records (cargo's messages) say what they are deeper down,
// where their kinds are not told.
func (s *stream) failRanks(failed []bool, log bool) []int {
	ranks := make([]int, len(s.recs))
	if s.failed == 0 {
		return ranks
	}
	// In a long run whose failures are few, a log of jobs nine of which
	// failed, where the run began and ended goes right after its first
	// failure: short lines that say its outcome (failed: 9), which
	// failures told apart by a field of their own (each job's error)
	// would otherwise crowd out. Where many records fail, as a
	// compiler's diagnostics do, each kind of failure goes first.
	endsEarly := len(s.recs) >= rareFailures*s.failed
	kinds := map[uint64]int{}   // each kind of failure's index in repeats
	var repeats [][]int         // of each kind, the records after its first
	others := map[uint64]bool{} // the kinds that do not fail
	var firsts []int            // the first record of each
	var mask []byte
	for i, r := range s.recs {
		if !failed[i] {
			h := s.recordKind(r, nil)
			// Lines of text are proposed as they are (see proposeGeneric).
			if !r.text && !others[h] && len(firsts) <= maxClasses {
				others[h] = true
				firsts = append(firsts, i)
			}
			continue
		}
		// The job or account a failure names does not make it a kind of
		// its own: "post acct-0106: can't convert 12,50" repeated for
		// six accounts is one kind beside "connection reset by peer".
		mask = mask[:0]
		h := s.recordKind(r, &mask)
		k, seen := kinds[h]
		if !seen {
			kinds[h] = len(repeats)
			ranks[i] = len(repeats) + btoi(endsEarly && len(repeats) > 0)
			repeats = append(repeats, nil)
			continue
		}
		repeats[k] = append(repeats[k], i)
	}
	edge := len(repeats) + btoi(endsEarly)
	// Only those on a line of their own: a record over several lines (a
	// document of a stream) shown whole would crowd out the failures.
	// A run that ends in text (a command's exit status) ended, as JSON,
	// in its last record too.
	ends := []int{0, len(s.recs) - 1}
	for i := len(s.recs) - 1; i > 0 && s.recs[len(s.recs)-1].text; i-- {
		if !s.recs[i].text {
			ends = append(ends, i)
			break
		}
	}
	proposeAll := func(recs []int, rank int) {
		for _, i := range recs {
			if r := s.recs[i]; r.first == r.last {
				s.propose(r, tierFail, rank, false)
			}
		}
	}
	if endsEarly {
		proposeAll(ends, 1)
	}
	if !slices.ContainsFunc(repeats, func(recs []int) bool { return len(recs) > 0 }) {
		return ranks
	}
	if !endsEarly {
		proposeAll(ends, edge)
	}
	if log && len(firsts) <= maxClasses {
		// More kinds than a census counts classes tell records apart
		// rather than what they are.
		proposeAll(firsts, edge)
	}
	for _, recs := range repeats {
		for turn, j := range spreadOrder(len(recs)) {
			ranks[recs[j]] = edge + 1 + turn
		}
	}
	return ranks
}

// recordKind hashes what a record says: a line that is not JSON by its
// text, a record by the members of sayKeys it has. Given a buffer, it
// hashes each value with its words that hold a digit masked (see
// logMask), so that values differing only in ids and counts hash alike.
func (s *stream) recordKind(r record, mask *[]byte) uint64 {
	if r.text || kindAt(s.b, r.v.start) != jObject {
		return mix(fnv(s.b[r.v.start:r.v.end]))
	}
	h := uint64(jObject)
	eachMember(s.b, r.v.start, func(key, v seg) bool {
		if s.sayKeys[string(s.b[key.start+1:key.end-1])] {
			val := s.b[v.start:v.end]
			if mask != nil {
				*mask = logMask((*mask)[:0], val)
				val = *mask
			}
			h += mix(fnv(s.b[key.start:key.end]) ^ fnv(val))
		}
		return true
	})
	return h
}

// proposeRareClasses proposes the records of the census's classes but the
// most common, the rarest class first and, of two as rare, the one of
// shorter records, each class's records spread over the run, up to about
// what the budget holds: in a search's events the start of each file
// searched, in a log its warnings, rarer than its lines of information.
func (s *stream) proposeRareClasses(cen *census, failed []bool) {
	if cen.key == "" || len(cen.classes) < 2 {
		return
	}
	key := []byte(`"` + cen.key + `"`)
	type class struct {
		recs  []int
		bytes int
	}
	classes := map[string]*class{}
	for i, r := range s.recs {
		if r.text || failed[i] || kindAt(s.b, r.v.start) != jObject {
			continue
		}
		v := memberValue(s.b, r.v, key)
		if v.end <= v.start {
			continue
		}
		name := string(s.b[v.start:v.end])
		if name[0] == '"' {
			name = name[1 : len(name)-1]
		}
		cl := classes[name]
		if cl == nil {
			cl = &class{}
			classes[name] = cl
		}
		cl.recs = append(cl.recs, i)
		cl.bytes += r.v.end - r.v.start
	}
	// cen.classes is sorted by size, the most common first.
	var rare []*class
	for _, c := range cen.classes[1:] {
		if cl := classes[c.value]; cl != nil && c.n < cen.classes[0].n {
			rare = append(rare, cl)
		}
	}
	slices.SortStableFunc(rare, func(a, b *class) int {
		if c := cmp.Compare(len(a.recs), len(b.recs)); c != 0 {
			return c
		}
		return cmp.Compare(a.bytes/len(a.recs), b.bytes/len(b.recs))
	})
	// A log's level that makes up most records, as its lines of trace,
	// shows a couple of them, its first, after the first of each rarer
	// level and before the rest: a view of its warnings and errors alone
	// hides what the run mostly did.
	if common := classes[cen.classes[0].value]; common != nil && cen.classes[0].n*2 > s.objects && levelKey(cen.key) {
		for _, i := range common.recs[:min(len(common.recs), commonShown)] {
			s.propose(s.recs[i], tierDiffer, rareClassRank+len(rare), false)
		}
	}
	room := 2 * s.budget
	own := s.ownKeys()
	for order, cl := range rare {
		// Records that differ only in fields each record has its own
		// value of (a time, a sequence number) say the same: the class
		// shows one of them.
		said := map[uint64]bool{}
		// By spread, so that any number of a class's records covers
		// the run.
		ranked := make([]int, len(cl.recs))
		for j := range ranked {
			ranked[j] = j
		}
		slices.SortFunc(ranked, func(a, b int) int { return cmp.Compare(spread(a), spread(b)) })
		for _, j := range ranked {
			r := s.recs[cl.recs[j]]
			if room <= 0 {
				return
			}
			h := s.sayHash(r, own)
			if said[h] {
				continue
			}
			said[h] = true
			room -= min(r.v.end-r.v.start, s.keepBytes(false))
			// Each class's first record before the others of any.
			rank := rareClassRank + order
			if j > 0 {
				rank += (order+1)<<16 + spread(j)>>4
			}
			s.propose(r, tierDiffer, rank, false)
		}
	}
}

// ownKeys returns the keys whose values are numbers that differ from
// record to record among the first object records of the run, which have
// them (a time, a sequence number): they tell records apart but say
// nothing of what each says.
func (s *stream) ownKeys() map[string]bool {
	seen := map[string]map[uint64]bool{}
	n := map[string]int{}
	objects := 0
	for _, r := range s.recs {
		if objects == ownSample {
			break
		}
		if r.text || kindAt(s.b, r.v.start) != jObject {
			continue
		}
		objects++
		eachMember(s.b, r.v.start, func(key, v seg) bool {
			name := string(s.b[key.start+1 : key.end-1])
			if seen[name] == nil {
				seen[name] = map[uint64]bool{}
			}
			if kindAt(s.b, v.start) != jNumber {
				// An object holds what the record says.
				n[name] = -1
			}
			if n[name] >= 0 {
				seen[name][fnv(s.b[v.start:v.end])] = true
				n[name]++
			}
			return true
		})
	}
	own := map[string]bool{}
	for name, values := range seen {
		if n[name] >= minOwn && len(values) == n[name] {
			own[name] = true
		}
	}
	return own
}

// sayHash hashes the record r by its members but those of the keys own.
func (s *stream) sayHash(r record, own map[string]bool) uint64 {
	if r.text || kindAt(s.b, r.v.start) != jObject {
		return mix(fnv(s.b[r.v.start:r.v.end]))
	}
	h := uint64(jObject)
	eachMember(s.b, r.v.start, func(key, v seg) bool {
		if !own[string(s.b[key.start+1:key.end-1])] {
			h += mix(fnv(s.b[key.start:key.end]) ^ fnv(s.b[v.start:v.end]))
		}
		return true
	})
	return h
}

const (
	// ownSample is how many object records ownKeys reads.
	ownSample = 256
	// minOwn is how many of them must have a key for its values to tell
	// whether each record has its own.
	minOwn = 16
)

// rareClassRank places the records of rare classes after the other
// records that differ within their tier.
const rareClassRank = 1 << 10

// levelKey reports whether a census key names a log line's level
// (`level`, hclog's `@level`, `severity`, `lvl`).
func levelKey(key string) bool {
	key = strings.ToLower(strings.TrimLeft(key, "@_"))
	return key == "level" || key == "severity" || key == "lvl"
}

// commonShown is how many records of a log's level that makes up most
// records a view proposes among the rarer levels' (see
// proposeRareClasses).
const commonShown = 2

// proposeRareKeys proposes, for each key that most records lack, rarest
// first, the first record over several lines that has it: its opening
// lines and that key's line, which say what the record is and how it
// differs. Records on one line each differ by their shape instead.
func (s *stream) proposeRareKeys() {
	first := map[string]int{}
	var keys []string
	for i, r := range s.recs {
		if r.text || r.first == r.last || kindAt(s.b, r.v.start) != jObject {
			continue
		}
		eachMember(s.b, r.v.start, func(key, _ seg) bool {
			name := string(s.b[key.start+1 : key.end-1])
			if _, seen := first[name]; !seen && s.rare(name) {
				first[name] = i
				keys = append(keys, name)
			}
			return true
		})
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(s.keys[a], s.keys[b]) })
	proposed := map[int]bool{}
	for _, k := range keys {
		if i := first[k]; !proposed[i] {
			proposed[i] = true
			s.proposeLines(s.recs[i], tierDiffer, 2+len(proposed), false, 1)
		}
	}
}

// rare reports whether most object records lack the key name.
func (s *stream) rare(name string) bool {
	n, ok := s.keys[name]
	return ok && n*2 < s.objects
}

// proposeEdges proposes the first and last records, then the others by
// their distance from the ends, leaning towards the end, where a run's
// outcome is. Records over several lines all rank by their distance only,
// so that no one record is shown whole before the others are shown by
// their first members (see lineRanks).
func (s *stream) proposeEdges() {
	n := len(s.recs)
	if n == 0 {
		return
	}
	first, last := s.recs[0], s.recs[n-1]
	if first.first == first.last {
		s.propose(first, tierDiffer, 0, false)
	}
	if last.first == last.last {
		s.propose(last, tierDiffer, 0, false)
	}
	for i := 0; i <= n-1-i; i++ {
		s.propose(s.recs[i], tierEdge, i*3/2, false)
		if j := n - 1 - i; j > i {
			s.propose(s.recs[j], tierEdge, i, false)
		}
	}
}

// keepBytes returns how long a line of a record may be and be kept whole:
// a failing record's lines may be longer, as long as all failing records
// can share the budget.
func (s *stream) keepBytes(failed bool) int {
	if failed {
		return min(max(4*s.budget/max(s.failed, 1), 2*recordLine/5), 4*recordLine)
	}
	return max(min(max(s.budget/2, recordLine/5), recordLine), s.level)
}

const (
	// maxFilled is the most records a run may have for its lines to share
	// the room the view has (see fillLevel).
	maxFilled = 64
	// fillSample caps the bytes whose tokens tell how many bytes a token
	// of the records holds.
	fillSample = 32 << 10
	// viewCost and noteCost are the tokens a view of a run spends beside
	// its records: its header, census and footer, and the note before a
	// line condensed.
	viewCost = 80
	noteCost = 16
)

// fillLevel returns how many bytes each line of a short run of records,
// each on a line of its own, may keep so that the lines share the room
// the view has, lines shorter than that leaving theirs to the longer;
// or 0 for a run of text, of records over several lines, or of more
// records than that room shows at the usual length. A stream of four long
// lines would otherwise condense each to half the budget's tokens in bytes,
// and leave most of the room unused.
func (s *stream) fillLevel(c Counter) int {
	if len(s.recs) > maxFilled {
		return 0
	}
	lens := make([]int, 0, len(s.recs))
	total := 0
	for _, r := range s.recs {
		if r.text || r.first != r.last {
			return 0
		}
		lens = append(lens, r.v.end-r.v.start)
		total += r.v.end - r.v.start
	}
	if len(lens) == 0 {
		return 0
	}
	from := s.recs[0].v.start
	sample := s.b[from:min(s.recs[len(s.recs)-1].v.end, from+fillSample)]
	tokens := c.Count(sample)
	room := s.budget - viewCost - noteCost*len(lens)
	if tokens == 0 || room <= 0 {
		return 0
	}
	// In bytes, at as many bytes a token as the records hold.
	left := room * len(sample) / tokens
	slices.Sort(lens)
	for i, n := range lens {
		share := left / (len(lens) - i)
		if n > share {
			return share
		}
		left -= n
	}
	return lens[len(lens)-1]
}

// propose offers a piece for each line of r, or, for a record on a line of
// its own that is too long to keep whole, a note that shows it condensed.
// The lines of a record over several lines rank by what they hold (see
// lineRanks).
func (s *stream) propose(r record, tier, rank int, failed bool) {
	s.proposeLines(r, tier, rank, failed, math.MaxInt)
}

// proposeLines is propose for the lines of r that rank no lower than
// upTo among its lines.
func (s *stream) proposeLines(r record, tier, rank int, failed bool, upTo int) {
	if s.onLine[r.first] {
		return // shown on a line of its own (see namedLines)
	}
	keep := s.keepBytes(failed)
	b := s.b
	start := bytes.LastIndexByte(b[:r.v.start], '\n') + 1
	if end := lineEnd(b, start); r.first == r.last && !r.text && end-start > keep &&
		bytes.Equal(bytes.TrimSpace(b[start:end]), b[r.v.start:r.v.end]) {
		s.best.add(candidate{prio: tier - rank<<rankShift, line: r.first, start: start, keep: keep, condense: r.v})
		return
	}
	var ranks []int
	flat := false
	if r.last > r.first && !r.text {
		ranks = s.lineRanks(r)
		flat = s.flat(r)
	}
	for n := r.first; n <= r.last && start <= len(b); n++ {
		off := n - r.first
		lineRank := 0
		if ranks != nil {
			lineRank = ranks[off]
		}
		if lineRank > upTo {
			start = lineEnd(b, start) + 1
			continue
		}
		prio := tier - s.lineOrder(rank, lineRank, flat)<<rankShift - min(off, 1<<rankShift-1)
		s.best.add(candidate{prio: prio, line: n, start: start, keep: keep})
		start = lineEnd(b, start) + 1
	}
}

// lineOrder returns where a line of lineRank among the lines of a record
// of rank goes among the lines of all records, the first first. The key
// lines of every record, its opening and its first members, go first:
// they name each record. After them, the other lines of a flat record (see
// flat) go together, record by record, so that the room left shows
// records whole, the first and the last first, rather than every record
// cut short before the same members: a module's sums beside its path. A
// record that holds containers over lines of their own shows the first
// lines of each beside those of the other records' instead: the first
// versions of each module's list, an error nested in a package.
func (s *stream) lineOrder(rank, lineRank int, flat bool) int {
	if lineRank <= keyLineRank || !flat {
		return rank + lineRank*lineWeight
	}
	whole := 2*len(s.recs) + (keyLineRank+1)*lineWeight
	return min(whole+rank*maxLineRank+min(lineRank, maxLineRank-1), math.MaxInt32)
}

// flat reports whether the record r, an object over several lines, has
// each member on a line of its own, and nothing over more lines.
func (s *stream) flat(r record) bool {
	if s.b[r.v.start] != '{' {
		return false
	}
	members := 0
	eachMember(s.b, r.v.start, func(_, _ seg) bool { members++; return true })
	return r.last-r.first+1 == members+2
}

// candidate is a piece proposed but not made yet: most are never chosen.
type candidate struct {
	prio  int
	line  int
	start int // where the line starts in the input
	keep  int // the most bytes of it to keep, or to condense it into
	// condense, if not empty, is a record alone on the line that is too
	// long to keep whole: the piece is a note showing it condensed.
	condense seg
}

// shortlist keeps the best candidates offered to it, in memory bounded by
// its limit: no view can show more lines than its budget has tokens, so
// the rest need not be held.
type shortlist struct {
	limit int
	items []candidate
}

func (l *shortlist) add(c candidate) {
	l.items = append(l.items, c)
	if len(l.items) >= 4*l.limit {
		l.trim()
	}
}

// trim sorts the candidates as Fit takes them and drops those past limit.
func (l *shortlist) trim() {
	slices.SortFunc(l.items, func(a, b candidate) int {
		if c := cmp.Compare(b.prio, a.prio); c != 0 {
			return c
		}
		return cmp.Compare(a.line, b.line)
	})
	l.items = l.items[:min(len(l.items), l.limit)]
}

// cost is what the candidates proposed above tier cost, each with a gap,
// as the view would offer them.
func (s *stream) cost(tier int, c Counter) int {
	n := 0
	for _, p := range s.shortPieces(tier) {
		n += c.Count(p.Text) + c.Count([]byte(p.Note)) + 1
	}
	return n
}

// piece makes the piece for c.
func (s *stream) piece(c candidate) Piece {
	end := lineEnd(s.b, c.start)
	if c.condense.end > c.condense.start {
		if view := s.condensed(c); view != nil {
			note := "[headroom: L" + elision.Thousands(int64(c.line)) + " condensed from " +
				elision.Thousands(int64(end-c.start)) + " bytes] " + string(view)
			return Piece{Line: c.line, Note: note, Stands: 1, Prio: c.prio}
		}
	}
	keep := c.keep
	if end-c.start > keep {
		keep = keep * recordKeep / recordLine
	}
	return Cut(Line{N: c.line, Text: s.b[c.start:end], Len: int64(end - c.start)}, keep, c.prio)
}

// condensed returns the one-line view of the record c condenses, or nil
// if none fits. The long values it shows that the records just before it
// repeat are pointed to instead (see sameAsBefore), and the bytes that
// saves leave their room to the records after it.
func (s *stream) condensed(c candidate) []byte {
	view, f := condense(s.b, c.condense, c.keep)
	if view == nil {
		return nil
	}
	var same []byte
	last, saved := c.condense.start, 0
	for _, r := range s.sameAsBefore(c.line, c.condense) {
		if !bytes.Contains(view, s.b[r.v.start:r.v.end]) {
			continue // the view does not show it anyway
		}
		same = append(append(same, s.b[last:r.v.start]...), r.marker...)
		saved += r.v.end - r.v.start - len(r.marker)
		last = r.v.end
	}
	if same == nil {
		return view
	}
	same = append(same, s.b[last:c.condense.end]...)
	// In the form the record's own view takes, which a shorter limit
	// might not pick.
	d := newJSONDoc(same, seg{0, len(same)}, false)
	d.limit = len(view) - saved
	if a := d.try(f, byteCount{}); a.ok {
		return a.view
	}
	return view
}

// sameAsBefore returns the long values of the object record at v, alone
// on line, that records before it repeat (a build's package, a linter's
// file, a run's id), each with what points to the first of them that has
// it. It points only to records offered before it, which Fit takes first,
// so that the line it names is one the view shows.
func (s *stream) sameAsBefore(line int, v seg) []sameValue {
	if kindAt(s.b, v.start) != jObject {
		return nil
	}
	// The nearest records offered before it, nearest first.
	end, _ := slices.BinarySearch(s.offered, line)
	var before []record
	for k := end - 1; k >= 0 && len(before) < sameReach; k-- {
		j, found := slices.BinarySearchFunc(s.recs, s.offered[k], func(r record, line int) int { return cmp.Compare(r.first, line) })
		if found && !s.recs[j].text && kindAt(s.b, s.recs[j].v.start) == jObject {
			before = append(before, s.recs[j])
		}
	}
	if len(before) == 0 {
		return nil
	}
	var repeated []sameValue
	eachMember(s.b, v.start, func(key, val seg) bool {
		raw := s.b[val.start:val.end]
		if len(raw) < minSame {
			return true
		}
		from := 0
		for _, p := range before {
			pv := memberValue(s.b, p.v, s.b[key.start:key.end])
			if bytes.Equal(s.b[pv.start:pv.end], raw) {
				from = p.first
			}
		}
		if from > 0 {
			marker := `"[headroom: as L` + elision.Thousands(int64(from)) + `]"`
			repeated = append(repeated, sameValue{v: val, marker: marker})
		}
		return true
	})
	return repeated
}

// sameValue is a value of a record that the records before it repeat, and
// what points to the first of them in its place.
type sameValue struct {
	v      seg
	marker string
}

const (
	// minSame is the shortest value a record's line points to the
	// records before it for, rather than repeat: a little longer than
	// the pointer.
	minSame = 32
	// sameReach is how many of the records offered before a line it
	// looks back over for the first that has a value it repeats.
	sameReach = 16
)

// lineEnd returns the index of the newline that ends the line starting at
// start, or the end of b.
func lineEnd(b []byte, start int) int {
	if i := bytes.IndexByte(b[start:], '\n'); i >= 0 {
		return start + i
	}
	return len(b)
}

// lineRanks ranks the lines of a record over several lines, from 1. A
// member's lines rank after its container's opening line by the member's
// position, so the first members of each container come first and deep or
// late ones last; members that most records lack, that tell of a failure
// or that name the record (see leadRank) rank as if they came first, and
// long strings later than their place. So a view of many records shows
// each by its first and its unusual members before it shows any one whole.
func (s *stream) lineRanks(r record) []int {
	rk := ranker{s: s, pos: r.v.start, ranks: make([]int, r.last-r.first+1)}
	for i := range rk.ranks {
		rk.ranks[i] = -1
	}
	rk.value(seg{}, r.v, 0, true)
	// The opening line goes with the first member, and lines the walk did
	// not reach (blank ones) go last.
	rk.ranks[0] = min(rk.ranks[0]+1, rk.worst)
	for i, rank := range rk.ranks {
		if rank < 0 {
			rk.ranks[i] = rk.worst + 1
		}
	}
	return rk.ranks
}

// ranker walks a record in order, counting its lines as it goes.
type ranker struct {
	s     *stream
	pos   int // offset of the line count so far
	line  int // lines from the record's first to pos
	ranks []int
	worst int
}

func (rk *ranker) lineOf(off int) int {
	rk.line += bytes.Count(rk.s.b[rk.pos:off], newline)
	rk.pos = off
	return rk.line
}

func (rk *ranker) set(line, rank int) {
	if line < len(rk.ranks) && (rk.ranks[line] < 0 || rank < rk.ranks[line]) {
		rk.ranks[line] = rank
	}
	rk.worst = max(rk.worst, rank)
}

// value ranks the lines of v, a member of a record at depth under key,
// whose first line ranks base.
func (rk *ranker) value(key, v seg, base int, top bool) {
	b := rk.s.b
	rk.set(rk.lineOf(v.start), base)
	if b[v.start] != '{' && b[v.start] != '[' {
		return
	}
	if base > maxViewDepth {
		// Past this the lines rank by their order: walking each level
		// costs a pass over what lies below it.
		first, last := rk.lineOf(v.start), rk.lineOf(v.end-1)
		for l := first + 1; l <= last; l++ {
			rk.set(l, base+l-first)
		}
		return
	}
	i := 0
	visit := func(key, val seg) bool {
		i++
		// Siblings rank apart by half as much as depth does, so that the
		// members of a long object are not all behind the first one's
		// contents.
		rank := base + 1 + (i-1)/2
		switch lead := leadRank(b, member{key: key, val: val}); {
		case key.end > key.start && ((top && rk.rare(key)) || lead == 0), failing(b, key, val, 0):
			rank = base + 1
		case lead == 2 && b[val.start] != '{' && b[val.start] != '[':
			// A long string says less for its cost than its neighbours.
			rank += 2
		}
		if key.end > key.start {
			rk.set(rk.lineOf(key.start), rank)
		}
		rk.value(key, val, rank, false)
		return true
	}
	if b[v.start] == '{' {
		eachMember(b, v.start, visit)
	} else {
		eachItem(b, v.start, func(start, end int) bool { return visit(seg{}, seg{start, end}) })
	}
	// The closing line is worth showing only with the rest.
	rk.set(rk.lineOf(v.end-1), rk.worst+1)
}

// rare reports whether most object records lack key.
func (rk *ranker) rare(key seg) bool {
	return rk.s.rare(string(rk.s.b[key.start+1 : key.end-1]))
}

// byteCount counts bytes, for views measured in bytes.
type byteCount struct{}

func (byteCount) Count(b []byte) int { return len(b) }

// hashNoteRoom is about the length of the note that counts a record's
// last fields where a line leaves out their hashes:
// `, "[headroom: keys 6-7 elided]": "Sum, GoModSum"`.
const hashNoteRoom = 48

// condense returns a one-line view of the value v in at most limit bytes,
// in the separators the input uses, and its form; or nil if none is that
// short.
func condense(b []byte, v seg, limit int) ([]byte, form) {
	d, f, ok := condensedForm(b, v, limit)
	if !ok {
		return nil, f
	}
	return d.try(f, byteCount{}).view, f
}

// condenseBeside returns the record v condensed as condense does, but
// without the note that would name its closing fields if they are sums,
// which a run's header names (see closingSums), and whether it left the
// note out.
func condenseBeside(b []byte, v seg, limit int, sums string) ([]byte, bool) {
	d, f, ok := condensedForm(b, v, limit)
	if !ok {
		return nil, false
	}
	if sums == "" {
		return d.try(f, byteCount{}).view, false
	}
	// The form is picked with the note, for which condensedForm makes
	// room: the line keeps the fields it would keep with it.
	r := docRender{d: d, lv: jsonLevels[f.level], depth: f.depth, limit: d.limit, sums: sums}
	r.applyForm(f)
	r.value(d.root, 0, nil)
	return r.out, r.leftSums
}

// condensedForm returns the document of the value v and the form of its
// view on one line in at most limit bytes, and whether there is one.
func condensedForm(b []byte, v seg, limit int) (*jsonDoc, form, bool) {
	d := newJSONDoc(b, v, false)
	if b[v.start] == '{' {
		// A record whose last field holds a hash is cut before it (see
		// kept), and the note that counts what the line leaves at its
		// end takes room of its own: the line keeps the fields it would
		// keep if nothing were said of the hash.
		if c := d.container(v.start); c.n > 0 && !c.mapLike && opaqueField(b, c.lastMembers(1)[0]) {
			limit += hashNoteRoom
		}
	}
	d.limit = limit
	f, ok := d.pick(limit, byteCount{})
	return d, f, ok
}
