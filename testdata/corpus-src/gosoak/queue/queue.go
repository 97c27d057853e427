// Package queue is a bounded FIFO ring buffer.
package queue

// Ring is a fixed-capacity FIFO.
type Ring struct {
	buf        []int
	head, size int
}

// New returns a ring of capacity n.
func New(n int) *Ring { return &Ring{buf: make([]int, n)} }

// Push appends v, reporting false when full.
func (r *Ring) Push(v int) bool {
	if r.size == len(r.buf) {
		return false
	}
	r.buf[(r.head+r.size)%len(r.buf)] = v
	r.size++
	return true
}

// Pop removes the oldest value.
func (r *Ring) Pop() (int, bool) {
	if r.size == 0 {
		return 0, false
	}
	v := r.buf[r.head]
	r.head = (r.head + 1) % len(r.buf)
	r.size--
	return v, true
}
