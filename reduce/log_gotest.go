package reduce

import "bytes"

const (
	logPendMax    = 16   // lines of a running test's output held
	logPendFirst  = 4    // of them, the first ones, kept when it prints more
	logMaxPending = 1024 // running tests whose output is held
	logMaxBufs    = 1024 // line buffers kept for reuse
)

// logTests follows go test -v output: which test the lines belong to, and
// what each running test printed, until it passes (and its output is
// forgotten) or fails (and its output joins its --- FAIL block). Subtests
// report only when their parent ends, so thousands of tests may be running
// at once: their output is held up to a number of bytes, letting go first
// of the lines alike the lines just before them (a test's routine logging)
// and keeping the novel ones (a failure's message), then of the oldest
// tests.
type logTests struct {
	cur    []byte // the test the next lines belong to
	curSet bool
	runSeq int // the unit number of the === RUN line of cur, 0 if none

	// pending is keyed by a hash of the test's name, so that the many
	// tests of a run cost no allocation for their names.
	pending map[uint64]*logPending
	order   []*logPending // in the order they started printing
	bytes   int
	limit   int

	// Buffers and records of passed tests, for reuse: most tests pass.
	bufs [][]byte
	free []*logPending
}

// logPending is the output of a running test.
type logPending struct {
	name  []byte
	key   uint64
	run   Piece // its === RUN line
	lines []Piece
	novel []bool // whether each line was unlike the lines before it
	bytes int
	dead  bool // passed, failed or let go
}

// goRun notes which test the lines after a === RUN, CONT or NAME line
// belong to.
func (r *Log) goRun() {
	ts := &r.tests
	_, n := logIndent(r.body())
	t := r.body()[n:]
	verb := t[4 : bytes.IndexByte(t[4:], ' ')+4]
	if string(verb) == "PAUSE" {
		ts.curSet = false
		return
	}
	ts.cur = append(ts.cur[:0], bytes.TrimSpace(t[4+len(verb):])...)
	ts.curSet = true
	ts.runSeq = 0
	if string(verb) == "RUN" {
		ts.runSeq = r.seq
	}
}

// pend holds the current unit as output of the running test.
func (r *Log) pend() {
	ts := &r.tests
	key := logHash(ts.cur)
	p := ts.pending[key]
	switch {
	case p != nil && string(p.name) != string(ts.cur):
		return // another test of the same hash: its output is not held
	case p == nil:
		p = ts.start(key)
		// The === RUN line is one of the last few held in the head or the
		// tail, unless a run of alike lines took its place.
		if u, _ := r.placed(ts.runSeq); u != nil && ts.runSeq > 0 {
			p.run = u.piece
			p.run.Text = append(ts.buf(len(u.piece.Text)), u.piece.Text...)
			p.bytes = logPieceCost(&p.run)
		}
		ts.bytes += p.bytes
	}
	// A line alike one of the last few is routine logging.
	novel := r.alikeBack() == 0
	ts.bytes += p.add(ts, r.heldInto(ts.buf(r.cutLen())), novel)
	if ts.bytes > ts.limit || len(ts.pending) > logMaxPending {
		ts.evict()
	}
}

// start begins to hold the output of the current test, whose name
// hashes to key.
func (ts *logTests) start(key uint64) *logPending {
	var p *logPending
	if n := len(ts.free); n > 0 {
		p, ts.free = ts.free[n-1], ts.free[:n-1]
		*p = logPending{name: p.name[:0], lines: p.lines[:0], novel: p.novel[:0]}
	} else {
		p = &logPending{}
	}
	p.name, p.key = append(p.name, ts.cur...), key
	ts.pending[key] = p
	ts.order = append(ts.order, p)
	return p
}

// add holds a line of the test's output and returns how many bytes that
// adds. Past logPendMax lines it lets go of the oldest routine line, or
// else of the oldest line after the first few that goes on a message,
// so that the first lines of the first of many messages stay; when the
// lines after the first few all start messages, the new line is let go.
func (p *logPending) add(ts *logTests, q Piece, novel bool) int {
	delta := logPieceCost(&q)
	if len(p.lines) == logPendMax {
		drop := -1
		for i, n := range p.novel {
			if !n {
				drop = i
				break
			}
		}
		if drop < 0 {
			drop = logPendFirst
			for drop < len(p.lines) && p.startsMessage(p.lines[drop].Text) {
				drop++
			}
		}
		if drop == len(p.lines) {
			ts.reuse(q.Text)
			return 0
		}
		delta -= logPieceCost(&p.lines[drop])
		ts.reuse(p.lines[drop].Text)
		p.lines = append(p.lines[:drop], p.lines[drop+1:]...)
		p.novel = append(p.novel[:drop], p.novel[drop+1:]...)
	}
	p.lines = append(p.lines, q)
	p.novel = append(p.novel, novel)
	p.bytes += delta
	return delta
}

// dropRoutine lets go of the test's routine lines and returns how many
// bytes that frees.
func (p *logPending) dropRoutine(ts *logTests) int {
	freed, kept := 0, 0
	for i, q := range p.lines {
		if !p.novel[i] {
			freed += logPieceCost(&q)
			ts.reuse(q.Text)
			continue
		}
		p.lines[kept], p.novel[kept] = q, true
		kept++
	}
	clear(p.lines[kept:])
	p.lines, p.novel = p.lines[:kept], p.novel[:kept]
	p.bytes -= freed
	return freed
}

// evict brings the held output back to three quarters of the limit:
// routine lines go first, oldest tests first, then whole tests, oldest
// first.
func (ts *logTests) evict() {
	over := func() bool {
		return ts.bytes > ts.limit*3/4 || len(ts.pending) > logMaxPending*3/4
	}
	for _, p := range ts.order {
		if !over() {
			break
		}
		if p.dead {
			continue
		}
		ts.bytes -= p.dropRoutine(ts)
		if len(p.lines) == 0 {
			ts.forget(p, false)
		}
	}
	for _, p := range ts.order {
		if !over() {
			break
		}
		if !p.dead {
			ts.forget(p, false)
		}
	}
	ts.compact()
}

// forget lets go of a test's output. Unless its lines are kept
// elsewhere, their buffers are reused.
func (ts *logTests) forget(p *logPending, kept bool) {
	delete(ts.pending, p.key)
	ts.bytes -= p.bytes
	p.dead = true
	if kept {
		return
	}
	ts.reuse(p.run.Text)
	for i := range p.lines {
		ts.reuse(p.lines[i].Text)
	}
	clear(p.lines)
}

// buf returns a buffer to copy a line of n bytes into.
func (ts *logTests) buf(n int) []byte {
	if k := len(ts.bufs); k > 0 && cap(ts.bufs[k-1]) >= n {
		b := ts.bufs[k-1]
		ts.bufs = ts.bufs[:k-1]
		return b
	}
	return make([]byte, 0, max(n, 128))
}

// reuse keeps a line's buffer for a later line.
func (ts *logTests) reuse(b []byte) {
	if b != nil && len(ts.bufs) < logMaxBufs && cap(b) <= LongLine {
		ts.bufs = append(ts.bufs, b[:0])
	}
}

// compact drops the tests let go of from the order, now and then.
func (ts *logTests) compact() {
	if len(ts.order) < 2*len(ts.pending)+64 {
		return
	}
	live := ts.order[:0]
	for _, p := range ts.order {
		switch {
		case !p.dead:
			live = append(live, p)
		case len(ts.free) < logMaxPending:
			ts.free = append(ts.free, p)
		}
	}
	clear(ts.order[len(live):])
	ts.order = live
}

// find returns the output held of the test named name, if any.
func (ts *logTests) find(name []byte) *logPending {
	if p := ts.pending[logHash(name)]; p != nil && string(p.name) == string(name) {
		return p
	}
	return nil
}

// goDone forgets the output of a test that passed or was skipped.
func (r *Log) goDone() {
	ts := &r.tests
	ts.curSet = false
	if p := ts.find(logTestName(r.body())); p != nil {
		ts.forget(p, false)
		ts.compact()
	}
}

// goFail opens the block of a failing test: its --- FAIL line, with the
// output it printed while it ran and the messages indented under it.
func (r *Log) goFail() {
	ts := &r.tests
	ind, _ := logIndent(r.body())
	b := r.newBlock(lmGoTest, logCatTest, ind)
	if p := ts.find(logTestName(r.body())); p != nil {
		ts.forget(p, true)
		if p.run.Line > 0 {
			b.lines.add(p.run)
		}
		for _, q := range p.lines {
			b.lines.add(q)
		}
		if l := p.firstMessage(); l > 0 {
			b.keys = append(b.keys, l)
			// The first lines of its other messages rank right after.
			for _, q := range p.lines {
				if q.Line > l && len(b.boost) < logMaxBoost && p.startsMessage(q.Text) {
					b.boost = append(b.boost, q.Line)
				}
			}
		}
	}
	r.counts[logCatTest]++
	b.add(r)
	r.open = b
	ts.curSet = false
}

// startsMessage reports whether t, a line of the test's output, starts
// a message: a "file_test.go:12: ..." line at the indentation go test
// gives the test's messages, four spaces for each level of the test's
// name. The lines that go on a message are indented further.
func (p *logPending) startsMessage(t []byte) bool {
	return logStartsMessage(t, 4*bytes.Count(p.name, []byte("/")))
}

// logStartsMessage reports whether t starts a go test message of a test
// whose --- FAIL line is indented by indent.
func logStartsMessage(t []byte, indent int) bool {
	t = logUnstamped(t)
	ind, n := logIndent(t)
	return ind == indent+4 && logAfterLocation(t[n:]) != nil
}

// firstMessage returns the line of a test's first message: its first
// novel "file_test.go:12: ..." line, or its first such line, or its first
// line of output.
func (p *logPending) firstMessage() int {
	for _, novel := range []bool{true, false} {
		for i, q := range p.lines {
			u := logUnstamped(q.Text)
			_, n := logIndent(u)
			if (p.novel[i] || !novel) && logAfterLocation(u[n:]) != nil {
				return q.Line
			}
		}
	}
	if len(p.lines) > 0 {
		return p.lines[0].Line
	}
	return -1
}

// logTestName returns the test's name in a --- PASS or --- FAIL line.
func logTestName(t []byte) []byte {
	_, n := logIndent(t)
	t = t[n:]
	t = t[min(len(t), len("--- FAIL: ")):]
	// The name ends before " (0.00s)".
	for i := len(t) - 1; i > 0; i-- {
		if t[i] == '(' && t[i-1] == ' ' {
			return t[:i-1]
		}
	}
	return t
}
