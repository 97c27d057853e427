package clip

import "github.com/headroom-cli/headroom/reduce"

// feedBuffers is how many chunks may be read ahead of the reducer: enough
// to keep both cores busy, few enough to keep memory bounded.
const feedBuffers = 8

// feeder reduces the input off the goroutine that reads, spools and hashes
// it. A reducer of lines gets two goroutines: one splits each chunk into
// lines and prepares them (the work that depends on a line alone), the
// other adds them to the reducer; a reducer of bytes gets one. Chunks go
// in, in order, and come back for reuse once reduced. A stage that panics
// stops working but still passes chunks on and hands them back, and stop
// reports the panic.
type feeder struct {
	split *reduce.Splitter
	full  chan feedChunk
	free  chan []byte
	done  chan feedResult
	// batches go from prepare to add and back: one per chunk in flight,
	// the head, and the last line.
	batches chan *reduce.Batch

	stopped bool
	res     feedResult
}

type feedChunk struct {
	b      []byte
	pooled bool          // from free, to hand back
	batch  *reduce.Batch // its lines, prepared
	err    error         // why preparing failed, instead of a batch
}

// feedResult is what stop reports: the number of lines, or why reducing
// failed.
type feedResult struct {
	lines int
	err   error
}

// startFeeder starts feeding split, which may be nil to only recycle.
func startFeeder(split *reduce.Splitter) *feeder {
	f := &feeder{
		split: split,
		full:  make(chan feedChunk, feedBuffers),
		free:  make(chan []byte, feedBuffers),
		done:  make(chan feedResult, 1),
	}
	for range feedBuffers {
		f.free <- make([]byte, chunkSize)
	}
	if split != nil && split.Staged() {
		f.batches = make(chan *reduce.Batch, feedBuffers+2)
		for range cap(f.batches) {
			f.batches <- new(reduce.Batch)
		}
		added := make(chan feedChunk, feedBuffers)
		go f.prepare(added)
		go f.add(added)
	} else {
		go f.run()
	}
	return f
}

// run writes each chunk to a reducer of bytes, or only recycles chunks.
func (f *feeder) run() {
	var res feedResult
	for c := range f.full {
		if res.err == nil && f.split != nil {
			res.err = safely(func() { f.split.Write(c.b) })
		}
		f.recycle(c)
	}
	if res.err == nil && f.split != nil {
		res.err = safely(func() { res.lines = f.split.Close() })
	}
	f.done <- res
}

// prepare splits each chunk into a batch of prepared lines for add, and
// after the last one passes on a batch with the last line if it has no
// newline. If it fails, it passes the error on in place of a batch.
func (f *feeder) prepare(added chan<- feedChunk) {
	var err error
	for c := range f.full {
		if err == nil {
			c.batch = <-f.batches
			if err = safely(func() { f.split.SplitBatch(c.b, c.batch) }); err != nil {
				f.batches <- c.batch
				c.batch = nil
			}
		}
		added <- c
	}
	if err == nil {
		last := <-f.batches
		err = safely(func() { f.split.SplitBatch(nil, last) })
		added <- feedChunk{batch: last}
	}
	if err != nil {
		added <- feedChunk{err: err}
	}
	close(added)
}

// add adds each batch to the reducer, in order, and hands it back.
func (f *feeder) add(added <-chan feedChunk) {
	var res feedResult
	for c := range added {
		if c.err != nil && res.err == nil {
			res.err = c.err
		}
		if c.batch != nil {
			if res.err == nil {
				res.err = safely(func() { f.split.AddBatch(c.batch) })
			}
			f.batches <- c.batch
		}
		f.recycle(c)
	}
	if res.err == nil {
		res.lines = f.split.Lines()
	}
	f.done <- res
}

func (f *feeder) recycle(c feedChunk) {
	if c.pooled {
		f.free <- c.b[:cap(c.b)]
	}
}

// buffer returns a chunk buffer to read into, waiting for the reducer to
// hand one back if all are in use.
func (f *feeder) buffer() []byte { return <-f.free }

// send passes b to the reducer; b must not be used after. pooled says
// whether b came from buffer. A large b (the head of the input) goes in
// pieces of chunkSize, so that the stages work on it side by side.
func (f *feeder) send(b []byte, pooled bool) {
	for !pooled && len(b) > chunkSize {
		f.full <- feedChunk{b: b[:chunkSize]}
		b = b[chunkSize:]
	}
	f.full <- feedChunk{b: b, pooled: pooled}
}

// stop waits for the reducer to take every chunk sent and returns the
// number of lines, or an error if a stage panicked. It may be called more
// than once.
func (f *feeder) stop() (int, error) {
	if !f.stopped {
		f.stopped = true
		close(f.full)
		f.res = <-f.done
	}
	return f.res.lines, f.res.err
}
