package reduce

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// Priorities of the log reducer's pieces, highest first. Each failure's
// first line and its first message rank together, so that when failures
// alone overflow the budget each one kept keeps both, in input order; the
// rest of each block ranks by its distance from its head, so every block
// gets its next line before any gets the one after.
const (
	prioLogTop     = 9_000_000 // the last lines, where the outcome is; notes of counts
	prioLogFailure = 8_000_000 // a failure's or error's first line and first message
	prioLogSummary = 7_000_000 // a test runner's or build tool's outcome
	prioLogEdge    = 6_000_000 // the first lines and the last ten
	prioLogTrace   = 5_000_000 // the rest of each block, less its rank in it
	prioLogRepeat  = 4_000_000 // an error that repeats one already held
	prioLogWarn    = 3_000_000 // the first warning of each kind, and its lines
	prioLogDemoted = 2_500_000 // lines of a block that tell little: links through system headers
	prioLogHeading = 2_000_000 // headings, the line after each, and milestones
	prioLogNear    = 1_000_000 // head and tail, less their distance from the end
)

const (
	logHeadEdge = 2  // lines at the start ranked prioLogEdge
	logTailTop  = 3  // lines at the end ranked prioLogTop
	logTailEdge = 10 // lines at the end ranked prioLogEdge
	// logHeadWeight is how much faster priority falls with distance in the
	// head than in the tail: a log's outcome is at its end.
	logHeadWeight = 3
	logMaxPeriod  = 8  // the longest cycle of lines a run of noise may repeat
	logShortLine  = 64 // a line shorter than the marker of its repeat

	logPreFirst   = 4  // lines of a preamble held from its start
	logPreLast    = 12 // and from its end
	logBlockFirst = 24 // lines of a block held from its start
	logBlockLast  = 40 // and from its end
	logMaxBoost   = 8  // lines of a block ranked right after its keys
	logMaxKeys    = 4  // lines of a block ranked with its head, where a mode finds several
	// logNotableDepth is how many lines of every block rank before a
	// test skipped or expected to fail.
	logNotableDepth = 6
	// logMaxPytestBoost caps the E and > lines of a pytest failure
	// ranked right after its keys: an assertion's diff may have hundreds.
	logMaxPytestBoost = 64
	logUntilMax       = 200
	logParaMax        = 24 // lines of a message in paragraphs

	logMaxWarnKinds  = 64
	logMaxMilestones = 16
	logMaxErrorKeys  = 4096
	logMaxNotes      = 32
	// A repeated diagnostic ranks after the first logRepeatLead lines of
	// every block, and at most logRepeatMax ranks lower.
	logRepeatLead = 2
	logRepeatMax  = 100_000
	// logRepeatExact parts the repeats of a diagnostic word for word from
	// those of its kind: the first rank below the second.
	logRepeatExact = 64
	// logSaidLead is how many files show the first error about them as a
	// failure when it says word for word what the first error about
	// another said.
	logSaidLead = 4
)

// Log is the reducer for build, test and CI output. It keeps every
// failure and error with its block (a failing test's messages, a panic's
// goroutine, a traceback through its exception, a compiler diagnostic with
// its source excerpt), the outcome lines of test runners and build tools,
// the first warning of each kind, and the head and the tail, leaning to
// the tail. Noise is thinned: identical lines collapse with their count,
// runs of lines that differ only in numbers keep their first and last, a
// line redrawn with carriage returns shows only its last state, ANSI
// escapes are dropped, and the goroutines of a dump other than the
// panicking one are counted by state.
//
// Memory is bounded by the budget: candidates are held up to a number of
// bytes, dropping those Fit would choose last, and every count is exact.
type Log struct {
	headLimit int
	head      []logTailUnit
	headBytes int
	tail      logTail
	keep      logKeep
	seq       int // units (runs of identical lines) seen

	// The run of identical lines being read, its cleaned length, and what
	// Prepare made of its first line.
	run     Piece
	runLen  int64
	runPrep Prep
	stamp   int // the length of the date and time its text starts with
	running bool
	clean   []byte // buffer for cleaning lines

	// alike is the distance back to the nearest of the last noise units
	// that the current one is alike to, 0 if none, and alikeKey the
	// current one's logAlikeKey, once alikeOK is set.
	alike    int
	alikeKey uint64
	alikeOK  bool
	mask     []byte // buffer for logSimilar
	// The last noise units, the latest first, and the run of units alike
	// the ones period before them.
	lead    uint64               // the logLead of the last noise unit
	leadRun int                  // units in a row with that lead
	hist    [logMaxPeriod]uint64 // their logAlikeKeys, a ring: the latest at histAt
	histAt  uint                 // kept below logMaxPeriod, a power of two
	histN   int
	period  int
	repeat  int // units of the run after its first period

	open         *logBlock
	spare        *logBlock // the last block closed, for reuse
	quoted       []byte    // buffer for logMaskQuoted
	milestones   int       // milestone lines seen
	afterHeading bool      // the current unit is a heading
	prevHeading  bool      // the unit before was
	// counted is set when the current unit is one of the goroutines of a
	// dump that a note counts: neither head nor tail shows it.
	counted bool

	// pre holds the lines that name what the block after them is about
	// (# pkg, In function, gcc's chain of includes and instantiations),
	// while they run up to the current unit; preEnd is the line after them.
	pre    logCapped
	preEnd int

	tests logTests // go test -v: which test speaks, what running tests printed

	counts     [logCategories]int
	warns      map[uint64]*logWarnKind
	warnOrder  []*logWarnKind
	warnTotal  int
	warnOther  int             // warnings of kinds past logMaxWarnKinds
	errorKeys  map[uint64]int  // errors of each kind seen
	errorFiles map[uint64]bool // files errors named
	fileKinds  map[uint64]int  // errors of each kind about each file
	firsts     map[uint64]int  // first errors about files, but for their numbers
	labels     map[uint64]int  // caret labels of each kind seen
	messages   map[uint64]int  // diagnostics repeated but for their numbers
	noteSeen   map[uint64]int  // notes of each message but for its numbers
	notes      []Piece
}

// logWarnKind is a kind of warning: warnings whose text differs only in
// numbers and quoted names.
type logWarnKind struct {
	line  int // the first one's line
	count int
}

func newLog(budget int) Reducer {
	// A token is rarely more than 8 bytes of text; holding that much for
	// the tail and four times the budget in candidates is enough to fill
	// any budget.
	b := max(budget*8, 4096)
	return &Log{
		headLimit:  b / 2,
		tail:       logTail{limit: b},
		pre:        logCapped{nFirst: logPreFirst, nLast: logPreLast},
		keep:       logKeep{limit: max(budget*32, 64<<10)},
		tests:      logTests{limit: max(budget*16, 32<<10), pending: map[uint64]*logPending{}},
		warns:      map[uint64]*logWarnKind{},
		errorKeys:  map[uint64]int{},
		errorFiles: map[uint64]bool{},
		fileKinds:  map[uint64]int{},
		firsts:     map[uint64]int{},
		labels:     map[uint64]int{},
		messages:   map[uint64]int{},
		noteSeen:   map[uint64]int{},
	}
}

// Add implements Reducer.
func (r *Log) Add(l Line) { r.AddPrepared(l, Prep{}) }

// Prepare implements Preparer: it classifies a line and computes its
// alike key and lead, unless the line needs cleaning first (carriage
// returns, escapes), which Add then does with the rest.
func (r *Log) Prepare(l Line) Prep {
	t := l.Text
	if bytes.IndexByte(t, '\r') >= 0 || bytes.IndexByte(t, 0x1b) >= 0 {
		return Prep{}
	}
	t = logUnstamped(t)
	return Prep{Ready: true, Class: uint8(logClassify(t)), A: logAlikeKey(t[:min(len(t), LongLine)]), B: logLead(t)}
}

// AddPrepared implements Preparer.
func (r *Log) AddPrepared(l Line, prep Prep) {
	// A prepared line has neither carriage returns nor escapes: Prepare
	// looked.
	text := l.Text
	if !prep.Ready {
		text, r.clean = logClean(l.Text, r.clean)
	}
	full := int64(len(text)) + l.Len - int64(len(l.Text))
	if r.running && full == r.runLen && bytes.Equal(text, r.run.Text) {
		r.run.Same++
		return
	}
	r.flush()
	r.running = true
	r.runPrep = prep
	r.run.Line, r.run.Same = l.N, 0
	r.run.Text = append(r.run.Text[:0], text...)
	r.runLen = full
	r.stamp = logStampLen(r.run.Text)
}

// flush handles the run of identical lines just ended. A short line
// repeated once is two units: the line costs less than the marker that
// would count its repeat.
func (r *Log) flush() {
	if !r.running {
		return
	}
	r.running = false
	if r.run.Same == 1 && r.runLen < logShortLine {
		r.run.Same = 0
		r.handle()
		r.run.Line++
	}
	r.handle()
}

// handle classifies the current unit and puts it where it belongs.
func (r *Log) handle() {
	r.seq++
	var k logKind
	if r.open == nil && r.tests.curSet {
		// A running test's output goes to the test whatever its words say:
		// only how it starts matters.
		k = logClassifyStart(r.body())
	} else if r.runPrep.Ready {
		k = logKind(r.runPrep.Class)
	} else {
		k = logClassify(r.body())
	}
	r.counted, r.alikeOK = false, false
	r.prevHeading, r.afterHeading = r.afterHeading, false
	preEnd := r.preEnd
	signal := r.route(k)
	if r.preEnd == preEnd && preEnd > 0 {
		// The unit continues no preamble: what ran up to it is over.
		r.pre.reset()
		r.preEnd = 0
	}
	if r.counted {
		r.histN, r.period = 0, 0
	} else {
		r.edges(k, signal)
	}
}

// body returns the current unit's text without the date and time it
// starts with: what the program printed.
func (r *Log) body() []byte { return r.run.Text[r.stamp:] }

// cutLen returns how many bytes of the current unit's text a held piece
// keeps.
func (r *Log) cutLen() int {
	if r.runLen <= LongLine {
		return len(r.run.Text)
	}
	keep := min(longKeep, len(r.run.Text))
	for keep > 0 && keep < len(r.run.Text) && !startsRune(r.run.Text[keep]) {
		keep--
	}
	return keep
}

// held returns a copy of the current unit to hold, cut if it is long.
func (r *Log) held() Piece {
	return r.heldInto(nil)
}

func (r *Log) heldInto(buf []byte) Piece {
	var p Piece
	r.heldTo(&p, buf)
	return p
}

// heldTo fills p with the current unit, cut if it is long, copying its
// text into buf. Line pieces have no note; only the fields set differ.
func (r *Log) heldTo(p *Piece, buf []byte) {
	n := r.cutLen()
	p.Line, p.Same, p.Prio = r.run.Line, r.run.Same, 0
	p.Text = append(buf, r.run.Text[:n]...)
	p.After = r.runLen - int64(n)
}

// route passes the current unit to the open block, or opens one, or holds
// it as what it is. It reports whether the unit is signal.
func (r *Log) route(k logKind) bool {
	if r.open != nil {
		taken, done := r.open.take(r, k)
		if done {
			r.closeBlock()
		}
		if taken {
			return true
		}
		r.closeBlock()
	}
	switch k {
	case lkGoRun:
		r.goRun()
		return false
	case lkGoPass:
		r.goDone()
		return false
	case lkGoFail:
		r.goFail()
		return true
	case lkSummary, lkSummaryFail:
		r.tests.curSet = false
		p := r.held()
		p.Prio = prioLogSummary
		if k == lkSummaryFail {
			p.Prio++
		}
		r.keep.add(p)
		return true
	case lkTestFailed, lkNotable:
		if _, n := logIndent(r.body()); k == lkTestFailed && logCtestLine(r.body()[n:]) {
			// ctest prints a failing test's output after its line
			// (--output-on-failure): the line heads a block.
			r.openBlock(k)
			return true
		}
		// A test's outcome in a runner's list: a failure's name ranks
		// with failures, a skip after the first lines of every block.
		p := r.held()
		p.Prio = prioLogFailure
		if k == lkNotable {
			p.Prio = prioLogTrace - logNotableDepth
		}
		r.keep.add(p)
		return true
	case lkHeading, lkMilestone:
		p := r.held()
		p.Prio = prioLogHeading
		if k == lkMilestone && r.milestones < logMaxMilestones {
			// A build's steps done rank with outcomes, while they are few.
			p.Prio = prioLogSummary - 1
			r.milestones++
		}
		r.keep.add(p)
		r.afterHeading = k == lkHeading
		return true
	case lkContext, lkChain:
		r.addPre()
		return false
	case lkNoise:
		if r.preEnd == r.run.Line {
			if ind, n := logIndent(r.body()); ind > 0 && logIncludedFrom(r.body()[n:]) {
				r.addPre()
				return false
			}
		}
	}
	if r.tests.curSet && k != lkPanic && k != lkRace && k != lkBlank {
		// A running test's output counts only if the test fails.
		r.pend()
		return false
	}
	if k.opens() {
		r.openBlock(k)
		return true
	}
	if r.prevHeading && k == lkNoise {
		// The first item of the list a heading introduces.
		p := r.held()
		p.Prio = prioLogHeading - 1
		r.keep.add(p)
	}
	return false
}

// addPre holds the current unit as a line of the preamble of the block
// that may follow.
func (r *Log) addPre() {
	if r.preEnd != r.run.Line {
		r.pre.reset()
	}
	// Most preambles lead to no block, or to one that does not take
	// them: the buffer of the piece replaced is reused, and a block
	// copies what it takes.
	var buf []byte
	if old := r.pre.next(); old != nil {
		buf = old.Text[:0]
	}
	r.pre.add(r.heldInto(buf))
	r.preEnd = r.run.Line + r.run.Same + 1
}

// edges puts the current unit in the head or the tail. Of a run of noise
// lines that repeat the lines before them but for their numbers, one
// line ("retry 3 of 10") or a cycle of a few (=== RUN x/case-12, --- PASS:
// x/case-12), only the first and the last cycle are kept: the gap between
// them says how many lines there were.
func (r *Log) edges(k logKind, signal bool) {
	var (
		reuse *logTailUnit
		bytes *int
	)
	if signal {
		r.histN, r.period = 0, 0
	} else {
		p := r.alikeBack()
		switch {
		case r.period > 0 && (p == r.period || p < r.period && r.alikeKey == r.back(r.period)):
			r.repeat++
		default:
			r.period, r.repeat = p, min(p, 1)
		}
		if r.period > 0 && r.repeat > r.period {
			// The unit a period back is now in the middle of the run: the
			// current one takes its place.
			reuse, bytes = r.placed(r.seq - r.period)
		}
		r.histAt = (r.histAt + 1) % logMaxPeriod
		r.hist[r.histAt] = r.alikeKey
		r.histN = min(r.histN+1, logMaxPeriod)
	}
	r.listing(signal)
	if reuse != nil {
		*bytes -= len(reuse.piece.Text) + 1
		reuse.seq, reuse.middle = r.seq, false
		r.heldTo(&reuse.piece, reuse.piece.Text[:0])
		*bytes += len(reuse.piece.Text) + 1
		return
	}
	if r.headBytes < r.headLimit {
		p := r.held()
		r.head = append(r.head, logTailUnit{seq: r.seq, piece: p})
		r.headBytes += len(p.Text) + 1
		return
	}
	u := r.tail.slot(r.cutLen() + 1)
	u.seq, u.middle = r.seq, false
	r.heldTo(&u.piece, u.piece.Text[:0])
}

// listing follows runs of noise lines that start alike, with the same
// indentation and first word (Inst x, Compiling y): the lines in the
// middle of such a listing rank below the rest of the head and tail, so
// that a long listing shows its first and last lines before its middle.
func (r *Log) listing(signal bool) {
	lead := uint64(0)
	if !signal {
		lead = r.runPrep.B
		if !r.runPrep.Ready {
			lead = logLead(r.body())
		}
	}
	if lead == 0 || lead != r.lead {
		r.lead, r.leadRun = lead, 1
		return
	}
	r.leadRun++
	if r.leadRun < 3 {
		return
	}
	// The line before is now in the middle.
	if n := len(r.head); n > 0 && r.head[n-1].seq == r.seq-1 {
		r.head[n-1].middle = true
	} else if u := r.tail.find(r.seq-1, logMaxPeriod); u != nil {
		u.middle = true
	}
}

// back returns the logAlikeKey of the noise unit p back, from 1 to histN.
func (r *Log) back(p int) uint64 {
	return r.hist[(r.histAt+logMaxPeriod+1-uint(p))%logMaxPeriod]
}

// alikeBack returns how many noise units back the nearest one alike to
// the current unit is, or 0.
func (r *Log) alikeBack() int {
	if !r.alikeOK {
		r.alike, r.alikeOK = 0, true
		r.alikeKey = r.runPrep.A
		if !r.runPrep.Ready {
			t := r.body()
			r.alikeKey = logAlikeKey(t[:min(len(t), LongLine)])
		}
		at := r.histAt
		for p := 1; p <= r.histN; p++ {
			if r.hist[at] == r.alikeKey {
				r.alike = p
				break
			}
			at = (at - 1) % logMaxPeriod
		}
	}
	return r.alike
}

// placed returns the unit numbered seq, if it is one of the last few put
// in the head or the tail, and the count of bytes it is part of.
func (r *Log) placed(seq int) (*logTailUnit, *int) {
	if n := len(r.head); n > 0 && r.head[n-1].seq >= seq {
		for i := n - 1; i >= max(0, n-logMaxPeriod); i-- {
			if r.head[i].seq == seq {
				return &r.head[i], &r.headBytes
			}
		}
	}
	if u := r.tail.find(seq, logMaxPeriod); u != nil {
		return u, &r.tail.bytes
	}
	return nil, nil
}

// Pieces implements Reducer.
func (r *Log) Pieces(lines, budget int, c Counter) []Piece {
	r.flush()
	r.closeBlock()
	out := slices.Clone(r.keep.heap)
	out = append(out, r.notes...)
	out = append(out, r.countNotes(budget, c)...)
	for i, u := range r.head {
		p := u.piece
		p.Prio = max(r.tailPrio(u), prioLogNear-logHeadWeight*i-logMiddle(u))
		if i < logHeadEdge {
			p.Prio = max(p.Prio, prioLogEdge-i)
		}
		out = append(out, p)
	}
	r.tail.each(func(u *logTailUnit) {
		p := u.piece
		p.Prio = r.tailPrio(*u)
		out = append(out, p)
	})
	return out
}

// tailPrio returns the priority of a unit as part of the tail.
func (r *Log) tailPrio(u logTailUnit) int {
	switch dist := r.seq - u.seq; {
	case dist < logTailTop:
		return prioLogTop - dist
	case dist < logTailEdge:
		return prioLogEdge - dist
	default:
		return prioLogNear - dist - logMiddle(u)
	}
}

// logMiddle is how much lower a line in the middle of a listing ranks.
func logMiddle(u logTailUnit) int {
	if u.middle {
		return prioLogNear / 2
	}
	return 0
}

// countNotes returns the notes that count what the log reports: its
// failures, when there are more than the budget shows, and its warnings,
// when kinds of them repeat.
func (r *Log) countNotes(budget int, c Counter) []Piece {
	var out []Piece
	blocks, cost := 0, 0
	for _, n := range r.counts {
		blocks += n
	}
	for i := range r.keep.heap {
		if p := &r.keep.heap[i]; p.Prio >= prioLogFailure && p.Prio < prioLogTop {
			cost += c.Count(p.Text) + 1
		}
	}
	if blocks > 1 && (r.keep.dropped > 0 || cost > budget/2) {
		var parts []string
		for cat, n := range r.counts {
			if n > 0 {
				parts = append(parts, logCategoryCount(logCategory(cat), n))
			}
		}
		out = append(out, Piece{Line: 1, Prio: prioLogTop,
			Note: "[headroom: this log reports " + strings.Join(parts, ", ") + "]"})
	}
	if w := r.warnNote(); w != "" {
		out = append(out, Piece{Line: r.warnOrder[0].line, Prio: prioLogWarn + 1, Note: w})
	}
	return out
}

// warnNote counts the warnings and their kinds, and names the kinds
// that repeat most by the line of their first warning, if any repeats.
func (r *Log) warnNote() string {
	kinds := slices.Clone(r.warnOrder)
	slices.SortStableFunc(kinds, func(a, b *logWarnKind) int { return cmp.Compare(b.count, a.count) })
	if len(kinds) == 0 || kinds[0].count < 2 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[headroom: %s %s of ", elision.Thousands(int64(r.warnTotal)), logPlural(r.warnTotal, "warning", "warnings"))
	if r.warnOther > 0 {
		fmt.Fprintf(&b, "more than %d kinds", len(kinds))
	} else {
		fmt.Fprintf(&b, "%d %s", len(kinds), logPlural(len(kinds), "kind", "kinds"))
	}
	b.WriteString("; the most frequent:")
	for i, k := range kinds {
		if i == 4 || k.count < 2 {
			break
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s like L%d", elision.Thousands(int64(k.count)), k.line)
	}
	b.WriteString("]")
	return b.String()
}

func logPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// logCategory is what the log reducer counts blocks as.
type logCategory uint8

const (
	logCatTest logCategory = iota
	logCatPanic
	logCatRace
	logCatTraceback
	logCatError
	logCatNone
	logCategories = logCatNone
)

func logCategoryCount(c logCategory, n int) string {
	names := [...][2]string{
		logCatTest:      {"failing test", "failing tests"},
		logCatPanic:     {"panic", "panics"},
		logCatRace:      {"data race", "data races"},
		logCatTraceback: {"traceback", "tracebacks"},
		logCatError:     {"error", "errors"},
	}
	return elision.Thousands(int64(n)) + " " + logPlural(n, names[c][0], names[c][1])
}
