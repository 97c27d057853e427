package reduce

// logPieceSize is what holding a piece costs, beyond its text.
const logPieceSize = 96

// logKeep holds the candidate pieces of the log reducer up to a number of
// bytes. When it is over, it drops the piece Fit would choose last: the
// lowest priority, and among equals the latest line. So what it holds is
// what Fit would choose from all pieces, as far as the budget reaches.
type logKeep struct {
	limit   int
	bytes   int
	heap    []Piece // a min-heap in Fit's order
	dropped int     // pieces dropped for room
}

// less orders pieces as Fit chooses them last: a before b if Fit would take
// b first.
func (k *logKeep) less(i, j int) bool {
	a, b := &k.heap[i], &k.heap[j]
	if a.Prio != b.Prio {
		return a.Prio < b.Prio
	}
	return a.Line > b.Line
}

// wants reports whether a piece of priority prio for line, holding size
// bytes of text, would be held, rather than dropped at once as the least
// of a full keep: a reducer asks before copying a line that is likely to
// be dropped.
func (k *logKeep) wants(prio, line, size int) bool {
	if k.bytes+size+logPieceSize <= k.limit || len(k.heap) == 0 {
		return true
	}
	least := &k.heap[0]
	return prio > least.Prio || prio == least.Prio && line < least.Line
}

func logPieceCost(p *Piece) int { return len(p.Text) + len(p.Note) + logPieceSize }

// add holds p, dropping the least pieces if that makes too many bytes.
func (k *logKeep) add(p Piece) {
	k.heap = append(k.heap, p)
	k.bytes += logPieceCost(&p)
	k.up(len(k.heap) - 1)
	for k.bytes > k.limit && len(k.heap) > 1 {
		k.pop()
		k.dropped++
	}
}

func (k *logKeep) pop() {
	last := len(k.heap) - 1
	k.bytes -= logPieceCost(&k.heap[0])
	k.heap[0] = k.heap[last]
	k.heap[last] = Piece{}
	k.heap = k.heap[:last]
	k.down(0)
}

func (k *logKeep) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !k.less(i, parent) {
			return
		}
		k.heap[i], k.heap[parent] = k.heap[parent], k.heap[i]
		i = parent
	}
}

func (k *logKeep) down(i int) {
	for {
		least, l, r := i, 2*i+1, 2*i+2
		if l < len(k.heap) && k.less(l, least) {
			least = l
		}
		if r < len(k.heap) && k.less(r, least) {
			least = r
		}
		if least == i {
			return
		}
		k.heap[i], k.heap[least] = k.heap[least], k.heap[i]
		i = least
	}
}

// logCapped holds the first and the last pieces of a sequence that may be
// long: a block's lines.
type logCapped struct {
	nFirst, nLast int
	first         []Piece
	last          []Piece // a ring once full, oldest at at
	at            int
	// pinned holds, up to logMaxPinned, the pieces the ring let go that
	// were marked to keep (Prio logPinned): a Caused by: deep in a chain.
	pinned []Piece
}

// logPinned marks a held piece that a logCapped keeps past its ring.
const logPinned = -2

// logMaxPinned caps the pieces a logCapped keeps past its ring.
const logMaxPinned = 8

func (c *logCapped) add(p Piece) {
	switch {
	case len(c.first) < c.nFirst:
		c.first = append(c.first, p)
	case len(c.last) < c.nLast:
		c.last = append(c.last, p)
	default:
		if old := c.last[c.at]; old.Prio == logPinned && len(c.pinned) < logMaxPinned {
			c.pinned = append(c.pinned, old)
		}
		c.last[c.at] = p
		c.at = (c.at + 1) % c.nLast
	}
}

// next returns the piece that add will replace, whose buffer the caller
// may reuse, or nil if add will not replace one.
func (c *logCapped) next() *Piece {
	switch {
	case len(c.first) < c.nFirst:
		if len(c.first) < cap(c.first) {
			return &c.first[:len(c.first)+1][len(c.first)]
		}
	case len(c.last) < c.nLast:
		if len(c.last) < cap(c.last) {
			return &c.last[:len(c.last)+1][len(c.last)]
		}
	default:
		return &c.last[c.at]
	}
	return nil
}

// reset empties c, keeping its buffers.
func (c *logCapped) reset() {
	c.first, c.last, c.at, c.pinned = c.first[:0], c.last[:0], 0, c.pinned[:0]
}

// all returns the pieces held, in input order.
func (c *logCapped) all() []Piece { return c.appendTo(nil) }

// appendTo appends the pieces held to out, in input order.
func (c *logCapped) appendTo(out []Piece) []Piece {
	out = append(out, c.first...)
	out = append(out, c.pinned...)
	out = append(out, c.last[c.at:]...)
	return append(out, c.last[:c.at]...)
}

// logTailUnit is a line held in the tail, in a buffer the ring reuses.
type logTailUnit struct {
	seq   int // the unit's number, to tell its distance from the end
	piece Piece
	// middle is set on a line in the middle of a listing, which ranks
	// below the other lines of the head or the tail.
	middle bool
}

// logTail holds the last units of the log up to a number of bytes,
// reusing their buffers, so that the tail costs no allocation per line.
type logTail struct {
	limit int
	bytes int
	buf   []logTailUnit
	start int
	n     int
}

// slot returns the unit to fill for a new line, evicting old ones to make
// room for size bytes. It holds an old line, whose Text's capacity is
// there to reuse.
func (r *logTail) slot(size int) *logTailUnit {
	for r.n > 0 && r.bytes+size > r.limit {
		old := &r.buf[r.start]
		r.bytes -= len(old.piece.Text) + 1
		r.start = (r.start + 1) & (len(r.buf) - 1)
		r.n--
	}
	if r.n == len(r.buf) {
		r.grow()
	}
	i := (r.start + r.n) & (len(r.buf) - 1)
	r.n++
	r.bytes += size
	return &r.buf[i] // its fields are the caller's to set
}

// find returns the unit numbered seq if it is among the last within, or
// nil.
func (r *logTail) find(seq, within int) *logTailUnit {
	for k := r.n - 1; k >= max(0, r.n-within); k-- {
		if u := &r.buf[(r.start+k)&(len(r.buf)-1)]; u.seq == seq {
			return u
		}
	}
	return nil
}

// grow doubles the ring; its length is a power of two, so that indices
// wrap with a mask.
func (r *logTail) grow() {
	buf := make([]logTailUnit, max(16, 2*len(r.buf)))
	for i := range r.n {
		buf[i] = r.buf[(r.start+i)&(len(r.buf)-1)]
	}
	r.buf, r.start = buf, 0
}

// each calls f with the units held, oldest first.
func (r *logTail) each(f func(u *logTailUnit)) {
	for i := range r.n {
		f(&r.buf[(r.start+i)&(len(r.buf)-1)])
	}
}
