package reduce

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// logMode is how a block decides which of the lines after its head are
// its own.
type logMode uint8

const (
	lmIndent logMode = iota // lines indented deeper than the head; notes, excerpts, Caused by:
	lmRust                  // rustc's --> locations, | gutters and = notes
	lmUntil                 // any line up to a blank one: a Rust panic, a cargo test's output
	lmNpm                   // lines with the head's npm ERR! prefix
	lmRace                  // up to the ===== line that closes a data race report
	lmPanic                 // a Go panic's message and goroutines
	lmTrace                 // a Python traceback through its exception
	lmPytest                // a pytest failure section, up to the next section
	lmGoTest                // a go test --- FAIL and its messages
	lmCaret                 // an excerpt whose carets carry the messages, up to a blank line
	lmPara                  // paragraphs of a message, up to two blank lines or something else
	lmCtest                 // a failing test's output that ctest prints after its line, up to a blank one
)

// logBlock is an error or failure with the lines that explain it.
type logBlock struct {
	mode   logMode
	cat    logCategory
	indent int
	prio   int  // of its head; its other lines rank below
	rest   int  // if not 0, what its other lines rank below
	drop   bool // a block taken and counted but not held
	thin   bool // a block of which only the head and the keys are held
	lines  logCapped
	head   int   // the head's line
	keys   []int // lines ranked with the head: the first message
	lead   []int // lines ranked with the head before it: where a chain starts
	sys    bool  // the last note is about a system header
	inE    bool  // lmPytest: the last line was an E line
	inCall bool  // lmPytest: the last line was a short frame, "f.py:3: in g"
	blanks int   // lmPara: blank lines in a row
	ranked []Piece
	// lmCaret: whether a label or the file is new, how many labels of
	// the first label's kind came before, and whether one is an error.
	novel   bool
	repeats int
	grave   bool
	boost   []int // lines ranked right after the keys
	// demote is set while the current unit is to rank last in the block;
	// its piece is held with the priority logDemoted, as a mark. pin is
	// set while it is to be held past the lines the block holds.
	demote, pin bool
	prev        int // the line taken last
	// reverse ranks a block's other lines from its end, where Python puts
	// the innermost frame.
	reverse bool
	phase   int
	taken   int
	prefix  string // lmNpm: the prefix of its lines

	// lmPanic: the goroutine dump.
	tests    []string // tests named as running when a test timed out
	frame    bool     // the panicking goroutine's first own frame is found
	dump     map[string]int
	dumped   int
	dumpLine int
	gor      []Piece // the goroutine being read, while it may be kept
	gorKeep  bool
}

// openBlock opens a block headed by the current unit, of kind k.
func (r *Log) openBlock(k logKind) {
	t := r.body()
	ind, n := logIndent(t)
	s := t[n:]
	b := r.newBlock(lmIndent, logCatError, ind)
	switch k {
	case lkPanic:
		b.mode, b.cat = lmPanic, logCatPanic
	case lkRace:
		b.mode, b.cat = lmRace, logCatRace
	case lkTraceback:
		b.mode, b.cat, b.reverse = lmTrace, logCatTraceback, true
	case lkTestFail:
		b.cat = logCatTest
		switch {
		case logHas(s, "FAIL: "), logHas(s, "ERROR: "):
			b.mode, b.phase, b.reverse = lmTrace, -1, true
		case logHas(s, "___"):
			b.mode, b.reverse = lmPytest, true
		}
	case lkTestFailed:
		b.mode, b.cat = lmCtest, logCatTest
	case lkUntil:
		b.mode = lmUntil
		switch {
		case logHas(s, "error"):
			b.mode = lmRust
		case logHas(s, "----"):
			b.cat = logCatNone // cargo test's output of a test it also lists as FAILED
		default:
			b.cat = logCatPanic
		}
	case lkNpm:
		b.mode, b.prefix = lmNpm, string(s[:min(len(s), 8)])
	case lkInFile:
		// What it reports, and how grave, its carets tell.
		b.mode, b.cat, b.prio = lmCaret, logCatNone, prioLogWarn
		b.novel = r.newFile(logInFile(s))
	case lkWarning:
		b.prio = prioLogWarn
		if logHas(s, "warning: ") {
			b.mode = lmRust
		}
		// A warning of a kind shown already shows its head only, after
		// the first of every kind: its location and message, not its
		// excerpt again.
		if n, msg := r.newWarning(s); n > 0 {
			// Of a kind seen more than logRepeatExact times, or ranked
			// at best as new word for word and still not held, a
			// warning is only counted: a long build's flood of them is
			// not compared further.
			b.thin, b.prio = true, logRepeatPrio(prioLogWarn, min(n, logRepeatExact-1))
			b.drop = n > logRepeatExact || !r.keep.wants(b.prio, r.run.Line, r.cutLen())
			if !b.drop {
				// The third time a warning with a location in its line
				// says the same about the same file, but for numbers (a
				// macro expanded a hundred times), it tells nothing: the
				// note counts it.
				n = r.repeats(logQuotedKey(msg), n)
				b.prio = logRepeatPrio(prioLogHeading, n)
				if n < logRepeatExact {
					// Not said before word for word but for the names
					// it quotes: its head ranks after the first lines
					// of every warning shown whole, before their depths,
					// as an error's repeat does among errors. An
					// analyzer's path of events under the first
					// warning of a kind must not hide where the others
					// are.
					b.prio = logRepeatPrio(prioLogWarn, n)
				}
				same := n >= 2*logRepeatExact && len(msg) < len(s)
				b.drop = same || !r.keep.wants(b.prio, r.run.Line, r.cutLen())
			}
		}
		b.cat = logCatNone
	}
	if k == lkError && s[len(s)-1] == ':' && logAfterLocation(s) == nil && !logHas(s, "CMake ") {
		// A heading of a list of errors, "The following tests FAILED:":
		// its items are the errors, or were counted already.
		b.cat = logCatNone
		if n := logCount(r.errorKeys, logHash(s)^logHeadingSalt); n > 0 {
			// Said word for word before, as Python says "The above
			// exception was the direct cause of the following
			// exception:" in every chained traceback: it tells nothing
			// new, and ranks as a repeat.
			b.prio = logRepeatPrio(prioLogTrace, n)
		}
	}
	if (k == lkError || k == lkWarning) && b.mode == lmIndent && ind == 0 {
		switch {
		case logHas(s, "│ "):
			// terraform draws its diagnostics in a box: ╷ │ ... ╵.
			b.mode, b.prefix = lmNpm, "│"
		case logHas(s, "CMake "):
			// cmake indents its message, paragraphs with blank lines
			// between.
			b.mode, b.phase = lmPara, 1
		case logHas(s, "Error: "), logHas(s, "Warning: "):
			// terraform -no-color, and others: the message's
			// paragraphs follow, with blank lines between.
			b.mode = lmPara
		}
	}
	// An error line that repeats one held already, but for its numbers
	// and the names it quotes, ranks below the other failures, the later
	// the more it repeats, unless it is about a file no error named yet.
	// rustc's heads are not compared: the same message (mismatched types)
	// is about different code each time.
	if (k == lkError || k == lkCause) && b.cat == logCatError {
		n, other, said := r.seenError(s)
		switch {
		case n >= logRepeatExact:
			// Repeated word for word: after the first warning of
			// every kind.
			b.prio = logRepeatPrio(prioLogWarn, n)
		case n > 0:
			b.prio = logRepeatPrio(prioLogTrace, n)
		}
		if n > 0 && other {
			// The first error of its kind about a file that had
			// errors of other kinds: its head ranks before the code
			// and the notes under the other errors, its own lines
			// as a repeat's.
			b.rest, b.prio = b.prio, prioLogTrace+logRepeatMax-min(n, logRepeatMax)
		}
		if said {
			// The first error about its file, said word for word about
			// another before: its head ranks as a failure, or past the
			// first few files with the first errors of their kinds
			// about files, the lines under it after the first warning
			// of every kind.
			b.rest = logRepeatPrio(prioLogWarn, logRepeatExact)
		}
	}
	if r.preEnd == r.run.Line && !b.drop && !b.thin {
		b.preamble(r.pre.all())
	}
	if !b.drop && b.cat < logCategories {
		r.counts[b.cat]++
	}
	b.add(r)
	r.open = b
	r.tests.curSet = false
}

// logHeadingSalt parts the headings of errors from the error lines in the
// count of kinds seen.
const logHeadingSalt = 0x5bd1e9955bd1e995

// logDemoted marks a held piece of a block that ranks last in it.
const logDemoted = -1

// preamble takes the lines that lead to the block's head: gcc's "required
// from here", the line of the code being built that the chain of
// instantiations starts from, and eslint's line naming the file, rank
// with the head; the scope (In function)
// and the other links in the code being built right after; the files
// included and the links through system headers last.
func (b *logBlock) preamble(pre []Piece) {
	for _, p := range pre {
		u := logUnstamped(p.Text)
		_, n := logIndent(u)
		t := u[n:]
		file, msg := logLocation(t)
		switch {
		case msg != nil && bytes.HasSuffix(msg, []byte("required from here")), logBarePath(t):
			// The line of the code that the chain starts from, or the
			// file the problems under it are about.
			b.lead = append(b.lead, p.Line)
		case logHas(t, "In file included from "), logHas(t, "from "), msg != nil && logSystemPath(file):
			p.Prio = logDemoted
		default:
			b.boost = append(b.boost, p.Line)
		}
		b.lines.add(logClonePiece(p))
	}
}

// newBlock returns a block headed by the current unit, reusing the last
// one closed: a long build's warnings open thousands.
func (r *Log) newBlock(mode logMode, cat logCategory, indent int) *logBlock {
	b := r.spare
	if b == nil {
		b = &logBlock{}
	}
	r.spare = nil
	*b = logBlock{mode: mode, cat: cat, indent: indent, prio: prioLogFailure, head: r.run.Line,
		lines: logCapped{nFirst: logBlockFirst, nLast: logBlockLast, first: b.lines.first[:0], last: b.lines.last[:0],
			pinned: b.lines.pinned[:0]},
		keys:  b.keys[:0],
		lead:  b.lead[:0],
		boost: b.boost[:0],
		tests: b.tests[:0],
		gor:   b.gor[:0],
	}
	return b
}

// newWarning counts a warning and returns how many of its kind came
// before it, 0 for the first of its kind, the one to show whole, and its
// message.
func (r *Log) newWarning(s []byte) (n int, msg []byte) {
	r.warnTotal++
	msg = s
	if m := logAfterLocation(s); m != nil {
		msg = m
	}
	h := r.kindOf(msg)
	if k := r.warns[h]; k != nil {
		k.count++
		return k.count - 1, msg
	}
	if len(r.warns) >= logMaxWarnKinds {
		r.warnOther++
		return 1, msg
	}
	k := &logWarnKind{line: r.run.Line, count: 1}
	r.warns[h] = k
	r.warnOrder = append(r.warnOrder, k)
	return 0, msg
}

// kindOf hashes a diagnostic's message so that messages that differ only
// in numbers and in the names they quote are of one kind.
func (r *Log) kindOf(msg []byte) uint64 {
	r.quoted = logMaskQuoted(r.quoted[:0], msg)
	var h uint64
	h, r.mask = logSimilar(r.quoted, r.mask)
	return h
}

// preFile returns the path the preamble that runs up to the current unit
// ends with, if it ends with one.
func (r *Log) preFile() []byte {
	if r.preEnd != r.run.Line {
		return nil
	}
	pre := r.pre.last
	if len(pre) == 0 {
		pre = r.pre.first
	} else if r.pre.at > 0 {
		pre = pre[:r.pre.at]
	}
	if len(pre) == 0 {
		return nil
	}
	if t := pre[len(pre)-1].Text; logBarePath(t) {
		return t
	}
	return nil
}

// newFile reports whether no block named file before, and notes it.
func (r *Log) newFile(file []byte) bool {
	f := logHash(file)
	if r.errorFiles[f] || len(r.errorFiles) >= logMaxErrorKeys {
		return false
	}
	r.errorFiles[f] = true
	return true
}

// seenError counts an error line and returns how many errors of its kind
// came before it, or 0 if it is the first of its kind or the first error
// about its file, and whether it is the first of its kind about a file
// that had errors of other kinds, or names a make target no error named.
// An error with a source location is of the kind of its message; any
// other line is of the kind of the whole line but for its numbers.
//
// The first error about a file, said word for word about logSaidLead
// files before, is a repeat said word for word: past the first few files,
// the errors new to each file and make's line for each target tell more
// about it than the same message again.
func (r *Log) seenError(s []byte) (n int, other, said bool) {
	var h uint64
	firsts := 0 // files whose first error said the same before
	file, msg := logLocation(s)
	newFile := false
	inFile := -1
	if msg != nil {
		h = r.kindOf(msg)
		newFile = r.newFile(file)
		inFile = logCount(r.fileKinds, h^logHash(file))
		other = inFile == 0 && !newFile
		if newFile {
			firsts = logCount(r.firsts, logAlikeKey(msg))
			said = firsts > 0
		}
	} else {
		h, r.mask = logSimilar(s, r.mask)
		if f := r.preFile(); f != nil {
			// The file the problems under it are about.
			newFile = r.newFile(f)
		} else if t := logMakeTarget(s); t != nil {
			// make's line for a target it could not build: of one kind
			// with the others, but the target it names is new.
			other = r.newFile(t)
		}
	}
	n = logCount(r.errorKeys, h)
	if newFile || n == 0 {
		if firsts >= logSaidLead {
			return firsts*logRepeatExact + min(firsts, logRepeatExact-1), true, said
		}
		return 0, false, said
	}
	if msg == nil {
		msg = s // the line is its own message
	}
	if inFile > 0 {
		// A repeat about a file ranks by the repeats about that file, so
		// that every file with errors shows its next one before any
		// shows the one after: errors of the first files do not crowd
		// out those of the last.
		return r.repeats(logAlikeKey(msg)^logHash(file), inFile), other, false
	}
	return r.repeats(logAlikeKey(msg), n), other, false
}

// logMakeTarget returns the target of make's line for a target it could
// not build, "make: *** [Makefile:9: src/a.o] Error 1" or "make[2]: ***
// [a.o] Error 1", or nil.
func logMakeTarget(s []byte) []byte {
	_, rest, ok := bytes.Cut(s, []byte(": *** ["))
	if !ok {
		return nil
	}
	in, _, ok := bytes.Cut(rest, []byte("] "))
	if !ok {
		return nil
	}
	if i := bytes.LastIndex(in, []byte(": ")); i >= 0 {
		in = in[i+2:]
	}
	if len(in) == 0 {
		return nil
	}
	return in
}

// repeats returns the rank of a diagnostic whose kind came n times before
// it: a message new but for the names it quotes (unexpected cfg name
// `a`, then `b`) ranks before any message repeated word for word, the
// fewer its kind's repeats the earlier.
func (r *Log) repeats(key uint64, n int) int {
	same := logCount(r.messages, key)
	return same*logRepeatExact + min(n, logRepeatExact-1)
}

// logCount counts one more of h in m and returns how many came before.
// Past logMaxErrorKeys keys, a key not held counts as seen once: a log
// with that many kinds of messages repeats them.
func logCount(m map[uint64]int, h uint64) int {
	n, seen := m[h]
	switch {
	case seen:
		m[h] = n + 1
	case len(m) < logMaxErrorKeys:
		m[h] = 1
	default:
		n = 1
	}
	return n
}

// logRepeatPrio is the priority of the n-th repeat of a diagnostic whose
// first ranks at prio: after the first logRepeatLead lines of every block
// below prio, and lower the more it repeats, so that a few repeats show
// before the depths of other blocks and a flood of them after.
func logRepeatPrio(prio, n int) int {
	return prio - logRepeatLead - min(n, logRepeatMax)
}

// logMaskQuoted appends s to out with what is between quotes left out,
// so that warnings about different names are of one kind. Stretches
// without quotes are appended whole.
func logMaskQuoted(out, s []byte) []byte {
	for {
		i, open, end := logNextQuote(s)
		out = append(out, s[:i+open]...)
		if open == 0 {
			return out
		}
		s = s[i+open:]
		j := bytes.IndexByte(s, end)
		if j < 0 {
			return out
		}
		out = append(out, end)
		s = s[j+1:]
	}
}

// logQuotedKey hashes a message as logAlikeKey does, but for the quotes in
// it that hold digits, which it hashes whole: a warning that quotes another
// version or name (since `1.37.0`) says something new, one that differs in
// a count or a time outside quotes does not.
func logQuotedKey(msg []byte) uint64 {
	h := logAlikeKey(msg)
	for s := msg; ; {
		i, open, end := logNextQuote(s)
		if open == 0 {
			return h
		}
		s = s[i+open:]
		j := bytes.IndexByte(s, end)
		if j < 0 {
			return h
		}
		if q := s[:j]; logNextDigit(q, 0) < len(q) {
			h = logMixStretch(h, q)
		}
		s = s[j+1:]
	}
}

// logNextQuote finds the first quote mark in s: where it starts, its
// length and the byte that ends the quote; i is len(s) and open 0 if no
// quote starts in s.
func logNextQuote(s []byte) (i, open int, end byte) {
	for ; i < len(s); i++ {
		if !logQuoteStart[s[i]] {
			continue
		}
		if open, end = logQuoteAt(s, i); open > 0 {
			return i, open, end
		}
	}
	return len(s), 0, 0
}

// logQuoteAt returns the length of the quote mark s[i] starts, a byte
// logQuoteStart holds, and the byte that ends the quote; 0 if s[i] starts
// no quote. gcc's ‘name’ and “name” start with E2 80 98 and E2 80 9C and
// end with E2 80 99 and E2 80 9D.
func logQuoteAt(s []byte, i int) (open int, end byte) {
	if s[i] != 0xe2 {
		return 1, s[i]
	}
	if i+2 >= len(s) || s[i+1] != 0x80 || s[i+2] != 0x98 && s[i+2] != 0x9c {
		return 0, 0
	}
	return 3, s[i+2] + 1
}

// logQuotes reports whether s holds a byte that may start a quote.
func logQuotes(s []byte) bool {
	for _, c := range s {
		if logQuoteStart[c] {
			return true
		}
	}
	return false
}

// logQuoteStart holds the bytes that may start a quote.
var logQuoteStart = func() (t [256]bool) {
	for _, c := range []byte{'\'', '`', '"', 0xe2} {
		t[c] = true
	}
	return t
}()

func logClonePiece(p Piece) Piece {
	p.Text = bytes.Clone(p.Text)
	return p
}

// add holds the current unit as a line of the block; a thin block holds
// only its head and its keys.
func (b *logBlock) add(r *Log) {
	thin := b.thin && b.taken > 0 && (len(b.keys) == 0 || b.keys[len(b.keys)-1] != r.run.Line)
	if !b.drop && !thin {
		p := r.held()
		switch {
		case b.demote:
			p.Prio = logDemoted
		case b.pin:
			p.Prio = logPinned
		}
		b.lines.add(p)
	}
	b.demote, b.pin = false, false
	b.taken++
}

// take offers the current unit, of kind k, to the open block. It reports
// whether the block took it, and whether the block is complete.
func (b *logBlock) take(r *Log, k logKind) (taken, done bool) {
	t := r.body()
	ind, n := logIndent(t)
	s := t[n:]
	switch b.mode {
	case lmGoTest:
		if k == lkBlank && len(t) == 0 || k == lkGoRun || k == lkGoPass || k == lkGoFail || ind <= b.indent {
			// go test indents a message's empty lines with the rest.
			return false, false
		}
		switch {
		case len(b.keys) == 0:
			b.keys = append(b.keys, r.run.Line)
		case len(b.boost) < logMaxBoost && logStartsMessage(t, b.indent):
			// The first line of another message: right after the
			// first, and held past the lines the block holds.
			b.boost, b.pin = append(b.boost, r.run.Line), true
		}
	case lmIndent:
		switch {
		case k == lkBlank && len(t) > 0 && ind > b.indent:
			// White space within an indented message.
		case k == lkBlank, k == lkGoFail, k == lkGoPass, k == lkGoRun:
			return false, false
		case ind > b.indent, k == lkNote, logGutter(s):
		case k == lkCause:
			// The cause, deep in a chain past the lines held from the
			// block's start, is held all the same.
			b.boost, b.pin = append(b.boost, r.run.Line), true
		default:
			return false, false
		}
		if k == lkNote {
			b.note(r, s)
		}
		b.indentKey(r, s)
		if b.sys {
			// A note about a system header, and its excerpt.
			b.demote = true
		} else {
			b.excerpt(r, s)
		}
	case lmRust:
		if k == lkBlank || !(logGutter(s) || ind > 0 && !logCargoStatus(s, ind) ||
			ind == 0 && (logHas(s, "help: ") || logHas(s, "note: ") || logHas(s, "= ") || logHas(s, "..."))) {
			return false, false
		}
		if logHas(s, "-->") && len(b.keys) == 0 {
			b.keys = append(b.keys, r.run.Line)
		}
		b.excerpt(r, s)
	case lmUntil:
		if k == lkBlank || b.taken >= logUntilMax || logStrongHead(k) {
			return false, false
		}
		// A Rust panic's message; in a test's output, the panic too.
		if len(b.keys) < 1 || len(b.keys) < 2 && b.cat == logCatNone {
			b.keys = append(b.keys, r.run.Line)
		}
	case lmCtest:
		if k == lkBlank || b.taken >= logUntilMax || logStrongHead(k) || k == lkTestFailed || k == lkNotable ||
			logCtestLine(s) {
			return false, false
		}
		if len(b.keys) == 0 {
			b.keys = append(b.keys, r.run.Line) // the first line it printed
		}
	case lmPara:
		switch {
		case k == lkBlank:
			if b.blanks++; b.blanks >= 2 {
				return false, false
			}
		case k.opens(), logStrongHead(k), k == lkHeading, b.taken >= logParaMax,
			b.phase == 1 && ind == 0: // an indented message ends
			return false, false
		default:
			b.blanks = 0
			if len(b.keys) == 0 {
				b.keys = append(b.keys, r.run.Line)
			}
		}
	case lmCaret:
		if k == lkBlank || b.taken >= logUntilMax || logStrongHead(k) {
			return false, false
		}
		if label := logCaretLabel(s); label != nil {
			b.label(r, label)
		} else if len(b.keys) == 0 && len(b.boost) < logMaxBoost {
			b.boost = append(b.boost, r.run.Line) // the code the carets point at
		}
	case lmNpm:
		if !logHas(t, b.prefix) {
			return false, false
		}
		if len(b.keys) == 0 && len(bytes.TrimSpace(t[len(b.prefix):])) > 0 {
			b.keys = append(b.keys, r.run.Line)
		}
	case lmRace:
		if b.taken <= 3 && k != lkBlank {
			b.keys = append(b.keys, r.run.Line)
		}
		b.add(r)
		return true, k == lkSep && t[0] == '='
	case lmPanic:
		return b.takePanic(r, k, ind, s)
	case lmTrace:
		return b.takeTrace(r, k, ind)
	case lmPytest:
		if k == lkTestFail || k == lkSummary || k == lkSummaryFail || k == lkSep && t[0] == '=' {
			return false, false
		}
		// The first line of each exception (a chained one has more than
		// one) ranks with the head, the other E lines and the > lines
		// that raised right after, and the location that ends each part;
		// the rest from the end, where the code that failed is. A short
		// frame's code line, the call the failure went through, ranks
		// with its location.
		at := ind == 0 && logAfterLocation(t) != nil
		switch e := logHas(t, "E "); {
		case e && !b.inE && len(b.keys) < logMaxKeys:
			b.keys = append(b.keys, r.run.Line)
		case e, logHas(t, ">"), at, b.inCall && ind > 0:
			if len(b.boost) < logMaxPytestBoost {
				b.boost = append(b.boost, r.run.Line)
			}
		case logHas(t, "_ _ _"):
			b.demote = true
		}
		b.inE = logHas(t, "E ")
		b.inCall = at && logHas(logAfterLocation(t), "in ")
	}
	b.add(r)
	return true, false
}

// label takes the label of a caret line, which says what the block
// reports: it ranks with the head, and is new if its code (SC2086) or
// message was not seen before.
func (b *logBlock) label(r *Log, label []byte) {
	if len(b.keys) < logMaxKeys {
		b.keys = append(b.keys, r.run.Line)
	}
	code := label
	if i := bytes.IndexAny(code, " :"); i > 0 {
		code = code[:i]
	}
	var h uint64
	if bytes.ContainsAny(code, "0123456789") {
		h = logHash(code)
	} else {
		h = r.kindOf(label)
	}
	n := logCount(r.labels, h)
	switch {
	case n == 0:
		b.novel = true
	case len(b.keys) == 1:
		b.repeats = n
	}
	b.grave = b.grave || bytes.Contains(label, []byte("(error)"))
}

// note ranks a compiler's note: one about the code being built (the
// candidate that did not match, where an instantiation was requested)
// right after the keys, one about a system header, and the excerpt under
// it, last.
func (b *logBlock) note(r *Log, s []byte) {
	file, msg := logLocation(s)
	b.sys = logSystemPath(file)
	if msg != nil && !logQuotes(msg) && logCount(r.noteSeen, logAlikeKey(msg)) > 0 {
		// A note that quotes no code and was said before word for word
		// but for its numbers (gcc's "each undeclared identifier is
		// reported only once") tells nothing new: it ranks last in its
		// block. One that quotes code (the template whose instantiation
		// was requested here) is about this error.
		b.demote = true
		return
	}
	if !b.sys && len(b.boost) < logMaxBoost {
		b.boost = append(b.boost, r.run.Line)
	}
}

// excerpt ranks the lines of a compiler's source excerpt: the line of code
// and the caret line under it (whose label says what is wrong) right after
// the keys, the bare gutter lines last. Of a TAP failure's YAML, the
// timing and the markers rank last too.
func (b *logBlock) excerpt(r *Log, s []byte) {
	switch {
	case logCaret(s):
		if len(b.boost) < logMaxBoost {
			if b.prev > 0 && !slices.Contains(b.boost, b.prev) {
				b.boost = append(b.boost, b.prev)
			}
			b.boost = append(b.boost, r.run.Line)
		}
	case logBareGutter(s), string(s) == "---", string(s) == "...", logHas(s, "duration_ms: "):
		b.demote = true
	}
	b.prev = r.run.Line
}

// logBareGutter reports whether s is only the gutter of a source excerpt.
func logBareGutter(s []byte) bool {
	for _, c := range s {
		if c != ' ' && c != '|' {
			return false
		}
	}
	return true
}

// logCaret reports whether s is a caret line under a line of code: carets
// with tildes, dashes and gutter bars, like "|     ^~~~~~".
func logCaret(s []byte) bool {
	caret := false
	for _, c := range s {
		switch c {
		case '^':
			caret = true
		case ' ', '|', '~', '-', '+', '_':
		default:
			return caret // the label after the carets
		}
	}
	return caret
}

// indentKey makes the first line under an indented block's head its key,
// or for a TAP failure's YAML, the error message in it.
func (b *logBlock) indentKey(r *Log, s []byte) {
	if len(b.keys) > 0 {
		return
	}
	switch {
	case b.taken == 1 && string(s) == "---":
		b.phase = 1 // wait for error:
	case b.phase == 1 && logHas(s, "error:"):
		b.phase = 0
		if len(bytes.TrimSpace(s[6:])) <= 2 {
			b.phase = 2 // error: |- puts the message on the next line
			return
		}
		b.keys = append(b.keys, r.run.Line)
	case b.phase != 1:
		b.keys = append(b.keys, r.run.Line)
	}
}

// logStrongHead reports whether lines of kind k end a block that takes any
// line: they start something else.
func logStrongHead(k logKind) bool {
	switch k {
	case lkGoRun, lkGoPass, lkGoFail, lkPanic, lkRace, lkTraceback, lkTestFail, lkNpm, lkSummary, lkSummaryFail, lkSep:
		return true
	}
	return false
}

// logCtestLine reports whether s is one of ctest's own lines: a test
// started ("Start 3: name") or its outcome ("3/6 Test #3: name ... Passed
// 0.01 sec").
func logCtestLine(s []byte) bool {
	if logHas(s, "Start ") {
		i := len("Start ")
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j, digit := logWordEnd(s, i)
		return digit && j < len(s) && s[j] == ':'
	}
	return bytes.HasSuffix(s, []byte(" sec")) && logCtestNumber(s) > 0
}

// logCtestNumber returns where " Test #" is in s, the spaces ctest pads
// the number with allowed ("Test  #3"), or -1.
func logCtestNumber(s []byte) int {
	for i := 0; ; {
		j := bytes.Index(s[i:], []byte(" Test "))
		if j < 0 {
			return -1
		}
		k := i + j + len(" Test ")
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k < len(s) && s[k] == '#' {
			return i + j
		}
		i += j + 1
	}
}

// logCargoStatus reports whether s, indented by ind, is one of cargo's status
// lines, which right-align a capitalised verb: "   Compiling x v0.1.0".
func logCargoStatus(s []byte, ind int) bool {
	if ind > 12 || len(s) == 0 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	i := bytes.IndexByte(s, ' ')
	return i > 0 && ind+i == 12
}

// logGutter reports whether s is a line of a source excerpt with a line
// number gutter: "12 |     let x = 1;".
func logGutter(s []byte) bool {
	i := 0
	for i < len(s) && logDigit(s[i]) {
		i++
	}
	if i == 0 {
		return len(s) > 0 && s[0] == '|'
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i < len(s) && s[i] == '|'
}

// takeTrace takes the lines of a Python traceback: an optional unittest
// header and its rule (phase -1), the frames (phase 0), then the exception
// and its message (phase 1).
func (b *logBlock) takeTrace(r *Log, k logKind, ind int) (taken, done bool) {
	switch b.phase {
	case -1:
		switch k {
		case lkSep:
		case lkTraceback:
			b.phase = 0
		default:
			return false, false
		}
	case 0:
		switch {
		case k == lkBlank:
			return false, false
		case ind == 0:
			b.keys = append(b.keys, r.run.Line)
			b.phase = 1
		}
	case 1:
		if k == lkBlank || b.taken >= logUntilMax || logStrongHead(k) {
			return false, false
		}
		b.boost = append(b.boost, r.run.Line)
	}
	b.add(r)
	return true, false
}

// takePanic takes the lines of a Go panic: its message and the tests
// running (phase 0), the panicking goroutine, kept whole (phase 1), and the
// other goroutines, counted by state (phases 2 and 3) except those running
// a test that timed out.
func (b *logBlock) takePanic(r *Log, k logKind, ind int, s []byte) (taken, done bool) {
	switch b.phase {
	case 0:
		switch {
		case k == lkGoroutine:
			b.phase = 1
		case k == lkBlank, ind > 0:
			if ind >= 8 {
				if name := logTimedOut(s); name != "" && len(b.tests) < 8 {
					b.tests = append(b.tests, name)
				}
			}
			if k != lkBlank {
				b.boost = append(b.boost, r.run.Line)
			}
		case s[0] == '[', logHas(s, "PC="), logHas(s, "panic: "):
			b.boost = append(b.boost, r.run.Line)
		default:
			return false, false
		}
		b.add(r)
	case 1:
		if k == lkBlank {
			b.phase = 2
			return true, false
		}
		if !logFrame(k, ind) {
			return false, false
		}
		b.ownFrame(r, ind, s)
		b.add(r)
	case 2:
		r.counted = true
		switch k {
		case lkBlank:
		case lkGoroutine:
			b.phase = 3
			b.startGoroutine(r, s)
		default:
			return false, false
		}
	case 3:
		r.counted = true
		if k == lkBlank || !logFrame(k, ind) {
			b.endGoroutine(r)
			b.phase = 2
			return k == lkBlank, false
		}
		if b.gorKeep && len(b.gor) < logBlockFirst {
			b.gor = append(b.gor, r.held())
		}
	}
	return true, false
}

// logFrame reports whether a line of kind k, indented by ind, can be a
// line of a goroutine's stack: go test's outcome right after a stack is
// not.
func logFrame(k logKind, ind int) bool {
	return ind > 0 || !logStrongHead(k) && k != lkGoroutine
}

// ownFrame makes the first frame of the panicking goroutine that is not
// the runtime's or the testing package's a key of the block: where the
// panic happened.
func (b *logBlock) ownFrame(r *Log, ind int, s []byte) {
	switch {
	case b.frame && len(b.keys) == 1:
		b.keys = append(b.keys, r.run.Line) // its file and line
	case b.frame, ind > 0:
	case logHas(s, "runtime."), logHas(s, "testing."), logHas(s, "panic("), logHas(s, "goroutine "),
		logHas(s, "created by "), logHas(s, "sync."), logHas(s, "reflect."):
	default:
		b.frame = true
		b.keys = append(b.keys, r.run.Line)
	}
}

// logTimedOut returns the name of a test listed as running when go test
// timed out: "TestSlow (10s)".
func logTimedOut(s []byte) string {
	i := bytes.IndexByte(s, ' ')
	if !logHas(s, "Test") || i < 0 || !logHas(s[i:], " (") {
		return ""
	}
	name := s[:i]
	if j := bytes.IndexByte(name, '/'); j >= 0 {
		name = name[:j]
	}
	return string(name)
}

func (b *logBlock) startGoroutine(r *Log, s []byte) {
	state := logGoroutineState(s)
	if b.dump == nil {
		b.dump = map[string]int{}
		b.dumpLine = r.run.Line
	}
	if _, ok := b.dump[string(state)]; ok || len(b.dump) < 16 {
		b.dump[string(state)]++
	} else {
		b.dump["other"]++
	}
	b.dumped++
	b.gor = b.gor[:0]
	b.gorKeep = len(b.tests) > 0
	if b.gorKeep {
		b.gor = append(b.gor, r.held())
	}
}

// endGoroutine keeps the goroutine just read if it runs a test that timed
// out: that is where the test is stuck.
func (b *logBlock) endGoroutine(r *Log) {
	if !b.gorKeep || !b.runsTest() {
		return
	}
	b.dump[string(logGoroutineState(logUnstamped(b.gor[0].Text)))]--
	b.dumped--
	for i, p := range b.gor {
		b.lines.add(p)
		if i == 0 || i <= 2 && b.runsTestFrame(p.Text) {
			b.boost = append(b.boost, p.Line)
		}
	}
	b.gor = nil
}

// runsTest reports whether the goroutine read is one running a test named
// as running: testing.tRunner calls the test's own function.
func (b *logBlock) runsTest() bool {
	runner, test := false, false
	for _, p := range b.gor {
		runner = runner || logHas(logUnstamped(p.Text), "testing.tRunner(")
		test = test || b.runsTestFrame(p.Text)
	}
	return runner && test
}

func (b *logBlock) runsTestFrame(t []byte) bool {
	for _, name := range b.tests {
		i := bytes.Index(t, []byte("."+name))
		if i >= 0 && i+1+len(name) < len(t) && (t[i+1+len(name)] == '(' || t[i+1+len(name)] == '.') {
			return true
		}
	}
	return false
}

// logGoroutineState returns the state of a goroutine from its header:
// "goroutine 18 [chan receive, 2 minutes]:" gives "chan receive".
func logGoroutineState(s []byte) []byte {
	i := bytes.LastIndexByte(s, '[')
	if i < 0 {
		return nil
	}
	st := s[i+1:]
	if j := bytes.IndexAny(st, ",]"); j >= 0 {
		st = st[:j]
	}
	return st
}

// closeBlock hands the open block's lines to the keep, ranked.
func (r *Log) closeBlock() {
	b := r.open
	if b == nil {
		return
	}
	r.open = nil
	if b.phase == 3 && b.mode == lmPanic {
		b.endGoroutine(r)
	}
	if b.dumped > 0 && len(r.notes) < logMaxNotes {
		r.notes = append(r.notes, Piece{Line: b.dumpLine, Prio: prioLogFailure, Note: b.dumpNote()})
	}
	if b.mode == lmCaret {
		b.rankCaret()
	}
	if !b.drop {
		for _, p := range b.rank() {
			r.keep.add(p)
		}
	}
	// The keep holds copies of the pieces, so the block can be reused.
	r.spare = b
}

// rankCaret sets the priority of an lmCaret block once its labels are
// read: one that reports something new, or about a new file, ranks as a
// warning (or an error, if a label says so); one that repeats what was
// reported keeps its head and labels only, as a warning of a kind seen.
func (b *logBlock) rankCaret() {
	switch {
	case b.novel && b.grave:
		b.prio = prioLogFailure
	case b.novel:
		b.prio = prioLogWarn
	default:
		b.prio = logRepeatPrio(prioLogHeading, max(b.repeats, 1))
		keep := b.lines.first[:0]
		for _, p := range b.lines.all() {
			if p.Line == b.head || slices.Contains(b.keys, p.Line) {
				keep = append(keep, p)
			}
		}
		b.lines.first, b.lines.last, b.lines.at = keep, b.lines.last[:0], 0
	}
}

// dumpNote counts the goroutines of a dump that the block does not show,
// by state, most common first.
func (b *logBlock) dumpNote() string {
	type state struct {
		name string
		n    int
	}
	var states []state
	for name, n := range b.dump {
		if n > 0 {
			states = append(states, state{name, n})
		}
	}
	slices.SortFunc(states, func(a, b state) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	parts := make([]string, len(states))
	for i, s := range states {
		parts[i] = elision.Thousands(int64(s.n)) + " " + s.name
	}
	return fmt.Sprintf("[headroom: %s more %s: %s]", elision.Thousands(int64(b.dumped)),
		logPlural(b.dumped, "goroutine", "goroutines"), strings.Join(parts, ", "))
}

// rank gives the block's lines their priorities: the head and the keys
// first, then the boosted lines, then the rest in order (or from the end,
// for a traceback), each lower than the one before. White-space lines
// rank with the line after them, so that they never cost a gap line of
// their own.
func (b *logBlock) rank() []Piece {
	// The pieces are copied into the keep: the buffer is the block's to
	// reuse.
	b.ranked = b.lines.appendTo(b.ranked[:0])
	ps := b.ranked
	pos := make([]int, len(ps)) // rank in the block, from 0
	for i := range pos {
		pos[i] = -1
	}
	next := 0
	place := func(line int) {
		for i := range ps {
			if ps[i].Line == line && pos[i] < 0 {
				pos[i] = next
				next++
			}
		}
	}
	place(b.head)
	for _, l := range b.keys {
		place(l)
	}
	for _, l := range b.lead {
		place(l)
	}
	keyed := next
	for _, l := range b.boost {
		place(l)
	}
	for j := range ps {
		i := j
		if b.reverse {
			i = len(ps) - 1 - j
		}
		if pos[i] < 0 && ps[i].Prio != logDemoted {
			pos[i] = next
			next++
		}
	}
	demoted := next // pos of the first demoted line
	for i := range ps {
		if pos[i] < 0 {
			pos[i] = next
			next++
		}
	}
	top := b.prio // of the lines under the head
	if b.rest != 0 {
		top = b.rest
	}
	for i := range ps {
		switch {
		case pos[i] == 0 || pos[i] < keyed && b.rest == 0:
			ps[i].Prio = b.prio
		case pos[i] >= demoted:
			// Below the first warning of every kind, and the heads of
			// the repeated ones.
			ps[i].Prio = min(top, prioLogDemoted) - 1 - pos[i]
		case b.prio == prioLogFailure && b.rest == 0:
			ps[i].Prio = prioLogTrace - pos[i]
		default:
			ps[i].Prio = top - 1 - pos[i]
		}
	}
	for i := len(ps) - 2; i >= 0; i-- {
		if len(bytes.TrimSpace(ps[i].Text)) == 0 && ps[i+1].Line == ps[i].Line+ps[i].Same+1 {
			ps[i].Prio = ps[i+1].Prio
		}
	}
	// A failure's first line goes only with its first message, when that
	// comes right after it: a test's name without why it failed is what
	// a view must never show.
	for i := 0; i+1 < len(ps); i++ {
		if b.prio == prioLogFailure && pos[i] == 0 && pos[i+1] < keyed && ps[i+1].Prio == ps[i].Prio &&
			ps[i+1].Line == ps[i].Line+ps[i].Same+1 {
			ps[i].Bond = true
		}
	}
	return ps
}
