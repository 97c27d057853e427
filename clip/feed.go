package clip

import "github.com/headroom-cli/headroom/reduce"

// feedBuffers is how many chunks may be read ahead of the reducer: enough
// to keep both cores busy, few enough to keep memory bounded.
const feedBuffers = 8

// feeder runs a Splitter on its own goroutine, so that reducing the input
// overlaps reading, spooling and hashing it. Chunks go to it in order and
// come back for reuse once split; a reducer that panics stops being fed
// but still hands the chunks back, and stop reports the panic.
type feeder struct {
	split   *reduce.Splitter
	full    chan feedChunk
	free    chan []byte
	done    chan error
	stopped bool
	err     error
}

type feedChunk struct {
	b      []byte
	pooled bool // from free, to hand back
}

// startFeeder starts feeding split, which may be nil to only recycle.
func startFeeder(split *reduce.Splitter) *feeder {
	f := &feeder{
		split: split,
		full:  make(chan feedChunk, feedBuffers),
		free:  make(chan []byte, feedBuffers),
		done:  make(chan error, 1),
	}
	for range feedBuffers {
		f.free <- make([]byte, chunkSize)
	}
	go f.run()
	return f
}

func (f *feeder) run() {
	var err error
	for c := range f.full {
		if err == nil && f.split != nil {
			err = safely(func() { f.split.Write(c.b) })
		}
		if c.pooled {
			f.free <- c.b[:cap(c.b)]
		}
	}
	f.done <- err
}

// buffer returns a chunk buffer to read into, waiting for the reducer to
// hand one back if all are in use.
func (f *feeder) buffer() []byte { return <-f.free }

// send passes b to the reducer; b must not be used after. pooled says
// whether b came from buffer.
func (f *feeder) send(b []byte, pooled bool) {
	f.full <- feedChunk{b: b, pooled: pooled}
}

// stop waits for the reducer to take every chunk sent and reports a panic
// in it. It may be called more than once.
func (f *feeder) stop() error {
	if !f.stopped {
		f.stopped = true
		close(f.full)
		f.err = <-f.done
	}
	return f.err
}
