// Package clip is headroom's main job: read a tool's output, pass it through
// when it fits the budget, and otherwise store the original and write a view
// of it that fits.
//
// Clip never makes things worse: whatever goes wrong after the input was
// read (no writable store, a full disk, a reducer that panics), the input is
// written unchanged and the failure is reported as a warning, not an error.
package clip

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/reduce"
	"github.com/headroom-cli/headroom/shape"
	"github.com/headroom-cli/headroom/token"
)

// DefaultBudget is the budget in tokens when none is given.
const DefaultBudget = 2000

// MinBudget is the smallest budget that leaves room for the marker lines and
// some of the input; MaxBudget the largest, past any model's context, which
// keeps what reducers hold in memory bounded.
const (
	MinBudget = 100
	MaxBudget = 1_000_000
)

// maxTokenBytes is the longest token, in bytes, of every encoding headroom
// counts with, so input longer than budget*maxTokenBytes cannot fit.
const maxTokenBytes = 128

// exactLimit is the largest input whose tokens are all counted; beyond it the
// count is estimated from this much of its start, and marked as estimated.
const exactLimit = 1 << 20

const chunkSize = 64 << 10

// maxBuffer caps what Clip holds in memory to decide whether input fits.
// Input beyond it is spooled and reduced; under a budget so large that the
// view would not be shorter, it then passes through from the spool.
const maxBuffer = 32 << 20

// newReducer makes reducers, and sniff tells which fits; tests replace
// them to make one fail.
var (
	newReducer = reduce.New
	sniff      = shape.Sniff
)

// Options configures Clip.
type Options struct {
	// Budget is how many tokens the output may use, markers included.
	Budget int
	// Kind forces a reducer; empty means sniff the input.
	Kind shape.Kind
	// Counter counts tokens. It is loaded only when the input is larger in
	// bytes than the budget in tokens.
	Counter *token.Counter
	// Store is where originals go.
	Store elision.Location
	// Now returns the time, for pruning; nil means time.Now.
	Now func() time.Time
	// CountPassed has the tokens of input that passes through by its
	// length alone counted too, after it is written, for a ledger that
	// records them: the length alone decides faster than counting.
	CountPassed bool
}

// Result says what Clip did.
type Result struct {
	// Clipped is set when a view was written in place of the input.
	Clipped bool
	// Kind is the reducer that made the view, and Why the reason it was
	// chosen.
	Kind shape.Kind
	Why  string
	// Entry is the stored original of a clipped input, and Store the store
	// that holds it.
	Entry elision.Entry
	Store *elision.Store
	// Size is the input's length in bytes, and ViewSize the view's.
	Size     int64
	ViewSize int64
	// TokensIn and TokensOut count the input and what was written; TokensIn
	// is an estimate when TokensApprox is set, and zero when the input
	// passed through by its length without being counted (see
	// CountPassed).
	TokensIn     int64
	TokensApprox bool
	TokensOut    int64
	// Warning, if set, says why the input was passed through unchanged
	// although it was over the budget.
	Warning string
}

// Clip reads all of in and writes to out either in unchanged or a view of it
// within the budget. The error it returns is about reading in or writing out;
// other failures leave in written unchanged and a Warning in the result.
func Clip(in io.Reader, out io.Writer, o Options) (Result, error) {
	if o.Budget < MinBudget || o.Budget > MaxBudget {
		return Result{}, fmt.Errorf("budget %d is outside %d to %d tokens", o.Budget, MinBudget, MaxBudget)
	}
	limit := max(min(o.Budget*maxTokenBytes, maxBuffer)+1, exactLimit+1)
	head, eof, err := readUpTo(in, limit)
	res := Result{Size: int64(len(head))}
	if err != nil {
		// What was read still reaches the reader before the error does.
		if _, werr := out.Write(head); werr != nil {
			return res, werr
		}
		return res, fmt.Errorf("read: %w", err)
	}
	if eof && len(head) <= o.Budget {
		_, err := out.Write(head)
		if o.CountPassed && o.Counter.Load() == nil {
			res.TokensIn = int64(o.Counter.Count(head))
			res.TokensOut = res.TokensIn
		}
		return res, err
	}
	if err := o.Counter.Load(); err != nil {
		return passThrough(res, "count tokens: "+err.Error(), out, head, in)
	}
	if eof && len(head) <= o.Budget*maxTokenBytes && len(head) <= maxBuffer {
		res.TokensIn = int64(o.Counter.Count(head))
		if res.TokensIn <= int64(o.Budget) {
			res.TokensOut = res.TokensIn
			_, err := out.Write(head)
			return res, err
		}
	}
	return clip(res, head, eof, in, out, o)
}

// clip handles input that is over the budget.
func clip(res Result, head []byte, eof bool, in io.Reader, out io.Writer, o Options) (Result, error) {
	// The input's tokens are counted on another core while it is stored
	// and reduced: all of it up to exactLimit, else its start, to estimate.
	counted := make(chan int, 1)
	if res.TokensIn == 0 {
		sample := head[:min(len(head), exactLimit)]
		go func() {
			n := -1
			safely(func() { n = o.Counter.Count(sample) })
			counted <- n
		}()
	}

	store, err := o.Store.Writable()
	if errors.Is(err, elision.ErrUnsafe) {
		return passThrough(res, "store refused: "+err.Error(), out, head, in)
	}
	if err != nil {
		return passThrough(res, "store not writable: "+err.Error(), out, head, in)
	}
	sp, err := store.NewSpool()
	if err != nil {
		return passThrough(res, err.Error(), out, head, in)
	}
	defer sp.Discard()

	res.Kind, res.Why = o.Kind, "named by --tool"
	if res.Kind == "" {
		// All that was read before deciding: the sniffer looks at its
		// start, middle and end, to read past a preamble.
		if err := safely(func() { res.Kind, res.Why = sniff(head) }); err != nil {
			return passThrough(res, err.Error(), out, head, in)
		}
	}
	var (
		red   reduce.Reducer
		split *reduce.Splitter
	)
	if res.Kind != shape.Binary {
		red, res.Kind = newReducer(res.Kind, o.Budget)
		split = reduce.NewSplitter(red)
	}

	// Spool and reduce in one pass, the reducer on its own goroutine. A
	// chunk the spool could not take in full is where a fail-open copy
	// resumes.
	f := startFeeder(split)
	chunk, pooled := head, false
	for {
		n, err := sp.Write(chunk)
		if err != nil {
			f.stop()
			return passThrough(res, err.Error(), out, sp.Reader(), chunk[n:], in)
		}
		f.send(chunk, pooled)
		if eof {
			break
		}
		buf := f.buffer()
		pooled = true
		var rerr error
		n, rerr = io.ReadFull(in, buf)
		chunk = buf[:n]
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			eof = true
		} else if rerr != nil {
			f.stop()
			res.Size = sp.Size()
			if _, err := passThrough(res, "", out, sp.Reader(), chunk); err != nil {
				return res, err
			}
			return res, fmt.Errorf("read: %w", rerr)
		}
	}
	res.Size = sp.Size()
	lines, err := f.stop()
	if err != nil {
		return passThrough(res, err.Error(), out, sp.Reader())
	}

	if res.TokensIn == 0 {
		n := <-counted
		if n < 0 {
			return passThrough(res, "internal error: counting tokens failed", out, sp.Reader())
		}
		if sp.Size() <= exactLimit {
			res.TokensIn = int64(n)
		} else {
			res.TokensIn = int64(float64(n) * float64(sp.Size()) / float64(exactLimit))
			res.TokensApprox = true
		}
	}

	v := elision.View{
		Shape: string(res.Kind), Hash: sp.Sum(), Path: store.ObjectPath(sp.Sum()),
		Lines: sp.Lines(), Tokens: res.TokensIn, TokensApprox: res.TokensApprox,
	}
	var view []byte
	if split == nil {
		view = []byte(elision.Binary(v, sp.Size(), utf16(head)))
	} else if err := safely(func() { view = render(red, lines, v, o, near(sp, res, o.Budget)) }); err != nil {
		return passThrough(res, err.Error(), out, sp.Reader())
	}
	viewTokens := o.Counter.Count(view)
	if int64(viewTokens) >= res.TokensIn {
		// Never worse: a view no shorter than the input is no use. Its
		// length is in tokens, the budget's currency: a view of sizes and
		// digits can take more bytes than the input and fewer tokens, and
		// it is the view that fits.
		return passThrough(res, "", out, sp.Reader())
	}

	e, err := sp.Commit(elision.Meta{Shape: string(res.Kind), Tokens: res.TokensIn, TokensApprox: res.TokensApprox, Created: now(o)})
	if err != nil {
		return passThrough(res, err.Error(), out, sp.Reader())
	}
	res.Entry, res.Store, res.Clipped = e, store, true
	res.ViewSize, res.TokensOut = int64(len(view)), int64(viewTokens)
	if _, err := out.Write(view); err != nil {
		return res, err
	}
	if store.PruneDue(now(o)) {
		store.Prune(now(o), elision.DefaultMaxAge, elision.DefaultMaxSize)
	}
	return res, nil
}

// render fits the reducer's pieces into the budget left by the marker lines
// and returns the whole view. If counting the result shows it over the
// budget (the fitter's costs are per line, and lines tokenize a little
// differently together), it tries again with less room. Room the pieces
// leave is filled with the lines of text, the whole input if it is short
// (nil if not), nearest its ends.
func render(red reduce.Reducer, lines int, v elision.View, o Options, text []byte) []byte {
	c := o.Counter
	marks := c.Count([]byte(elision.Header(v))) + c.Count([]byte(elision.Footer(v))) + 2
	if marks > o.Budget/2 {
		// A tiny budget: the path and hints would crowd out the input.
		v.Compact = true
		marks = c.Count([]byte(elision.Header(v))) + c.Count([]byte(elision.Footer(v))) + 2
	}
	room := o.Budget - marks
	pieces := red.Pieces(lines, room, c)
	for try := 0; try < 5 && room > 0; try++ {
		chosen := reduce.Fit(pieces, lines, room, c)
		view := build(chosen, lines, v, c)
		over := c.Count(view) - o.Budget
		if over > 0 {
			room -= over + room/20
			continue
		}
		if text == nil {
			return view
		}
		// Filling the room to the brim may tip the view over: then it
		// fills less, and the reducer's choice stands.
		for fill, try := room, 0; try < 3 && fill > 0; try++ {
			filled := build(reduce.Fill(chosen, text, lines, fill, c), lines, v, c)
			over := c.Count(filled) - o.Budget
			if over <= 0 {
				return filled
			}
			fill -= over + fill/50
		}
		return view
	}
	v.LinesKept, v.TokensKept, v.Compact = 0, 0, true
	return assemble(v, []byte(elision.GapLine(1, lines)))
}

// build renders the pieces chosen into a view with its marker lines.
func build(chosen []reduce.Piece, lines int, v elision.View, c reduce.Counter) []byte {
	v.LinesKept, v.TokensKept = reduce.Stats(chosen, c)
	return assemble(v, reduce.Render(chosen, lines))
}

// nearBudget is how many times the budget an input may be for its view to
// be filled (see reduce.Fill): one the budget nearly holds, of which a view
// should drop little. Beyond, what the reducer left out is left out.
const nearBudget = 2

// near returns the spooled input if it is near the budget, else nil.
func near(sp *elision.Spool, res Result, budget int) []byte {
	if res.TokensApprox || res.TokensIn > int64(nearBudget*budget) {
		return nil
	}
	text, err := io.ReadAll(sp.Reader())
	if err != nil || int64(len(text)) != sp.Size() {
		return nil
	}
	return text
}

func assemble(v elision.View, body []byte) []byte {
	h, f := elision.Header(v), elision.Footer(v)
	b := make([]byte, 0, len(h)+len(body)+len(f))
	return append(append(append(b, h...), body...), f...)
}

// passThrough writes the parts of the input unchanged, recording why.
func passThrough(res Result, why string, out io.Writer, parts ...any) (Result, error) {
	res.Warning = why
	res.Clipped = false
	for _, p := range parts {
		var err error
		switch p := p.(type) {
		case []byte:
			_, err = out.Write(p)
		case io.Reader:
			_, err = io.Copy(out, p)
		}
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// safely runs f, turning a panic into an error so that a bug in a reducer
// costs only the clipping, never the output.
func safely(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	f()
	return nil
}

// readUpTo reads until EOF or until it holds limit bytes.
func readUpTo(r io.Reader, limit int) (b []byte, eof bool, err error) {
	b = make([]byte, 0, min(limit, chunkSize))
	for len(b) < limit {
		if len(b) == cap(b) {
			// Four times larger, up to the limit: append's smaller steps past
			// 256 KiB would copy a 1 MiB input some ten times.
			b = slices.Grow(b, min(4*cap(b), limit)-len(b))
		}
		n, err := r.Read(b[len(b):min(cap(b), limit)])
		b = b[:len(b)+n]
		if errors.Is(err, io.EOF) {
			return b, true, nil
		}
		if err != nil {
			return b, false, err
		}
	}
	return b, false, nil
}

func now(o Options) time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// utf16 returns the name iconv knows the encoding of text by if text is
// UTF-16, as Windows tools write it, else "". A byte order mark says so;
// without one, text in the ASCII range has a NUL byte in every pair, first
// in big-endian order and second in little-endian.
func utf16(text []byte) string {
	switch {
	case bytes.HasPrefix(text, []byte{0xff, 0xfe}), bytes.HasPrefix(text, []byte{0xfe, 0xff}):
		return "UTF-16"
	case len(text) < 64:
		return ""
	}
	text = text[:min(len(text), 4096)&^1]
	var first, second int
	for i := 0; i < len(text); i += 2 {
		if text[i] == 0 {
			first++
		}
		if text[i+1] == 0 {
			second++
		}
	}
	pairs := len(text) / 2
	switch {
	case first*10 >= pairs*9 && second*20 <= pairs:
		return "UTF-16BE"
	case second*10 >= pairs*9 && first*20 <= pairs:
		return "UTF-16LE"
	}
	return ""
}
