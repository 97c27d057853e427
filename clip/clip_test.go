package clip

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/reduce"
	"github.com/headroom-cli/headroom/shape"
	"github.com/headroom-cli/headroom/token"
)

var counter = token.Default()

func options(t testing.TB, budget int) Options {
	return Options{
		Budget:  budget,
		Counter: counter,
		Store:   elision.Location{Primary: elision.Store{Dir: filepath.Join(t.TempDir(), "store")}},
	}
}

func expand(t testing.TB, o Options, e elision.Entry) []byte {
	t.Helper()
	f, err := o.Store.Primary.Open(e)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sample is real output shipped with the repository.
func sample(t testing.TB) []byte {
	b, err := os.ReadFile("../testdata/sample/go-doc-strings.txt")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPassThrough(t *testing.T) {
	for _, in := range [][]byte{nil, []byte("x"), []byte("ok\n"), sample(t)[:1999], []byte(strings.Repeat("the ", 1000))} {
		o := options(t, 2000)
		var out bytes.Buffer
		res, err := Clip(bytes.NewReader(in), &out, o)
		if err != nil {
			t.Fatal(err)
		}
		if res.Clipped || !bytes.Equal(out.Bytes(), in) {
			t.Errorf("%d bytes: clipped %v, output changed %v", len(in), res.Clipped, !bytes.Equal(out.Bytes(), in))
		}
		if _, err := os.Stat(o.Store.Primary.Dir); !os.IsNotExist(err) {
			t.Errorf("%d bytes within the budget made a store", len(in))
		}
	}
}

var header = regexp.MustCompile(`^\[headroom: [a-z]+ · ([0-9,]+) of ([0-9,]+) lines elided \(([0-9,]+) of ([0-9,]+) tokens\) · headroom expand ([0-9a-f]{12})\]\n`)

func TestClipView(t *testing.T) {
	in := sample(t)
	for _, budget := range []int{MinBudget, 300, 1000, 3000} {
		o := options(t, budget)
		var out bytes.Buffer
		res, err := Clip(bytes.NewReader(in), &out, o)
		if err != nil {
			t.Fatal(err)
		}
		view := out.Bytes()
		if !res.Clipped {
			t.Fatalf("budget %d: not clipped", budget)
		}
		if n := counter.Count(view); n > budget || int64(n) != res.TokensOut {
			t.Errorf("budget %d: view has %d tokens (result says %d)", budget, n, res.TokensOut)
		}
		if len(view) >= len(in) {
			t.Errorf("budget %d: view not shorter than input", budget)
		}
		m := header.FindSubmatch(view)
		if m == nil {
			t.Fatalf("budget %d: no header in %q", budget, view[:min(200, len(view))])
		}
		if string(m[2]) != "422" || string(m[5]) != res.Entry.Short() {
			t.Errorf("budget %d: header %q", budget, m[0])
		}
		footer := fmt.Sprintf("[headroom: full output: headroom expand %s · a part: --lines A:B or --grep RE · file: %s]\n", res.Entry.Short(), res.Entry.Path)
		if budget == MinBudget {
			// Too small a budget for the path and hints.
			footer = fmt.Sprintf("[headroom: full output: headroom expand %s]\n", res.Entry.Short())
		}
		if !bytes.HasSuffix(view, []byte(footer)) {
			t.Errorf("budget %d: view does not end with %q", budget, footer)
		}
		if got := expand(t, o, res.Entry); !bytes.Equal(got, in) {
			t.Errorf("budget %d: expand differs from the input", budget)
		}
		checkLines(t, in, view)
	}
}

// checkLines checks that every line of the view between the markers is a
// line of the input, a gap line or a same-line count, and that they
// account for every input line exactly once, in order.
func checkLines(t *testing.T, in, view []byte) {
	t.Helper()
	src := strings.SplitAfter(string(in), "\n")
	lines := strings.SplitAfter(string(view), "\n")
	lines = lines[1 : len(lines)-2] // header, footer and the empty rest
	gap := regexp.MustCompile(`^  \[\.\.\. (?:L(\d+)(?:-(\d+))?|same line [0-9,]+ more times?: L(\d+)(?:-(\d+))? \.\.\.)\]\n$`)
	next := 1
	for _, l := range lines {
		if m := gap.FindStringSubmatch(l); m != nil {
			a, b := m[1], m[2]
			if a == "" {
				a, b = m[3], m[4] // a same-line marker
			}
			var from, to int
			fmt.Sscan(a, &from)
			to = from
			if b != "" {
				fmt.Sscan(b, &to)
			}
			if from != next {
				t.Fatalf("gap %q starts at %d, want %d", l, from, next)
			}
			next = to + 1
			continue
		}
		if next > len(src) || src[next-1] != l {
			t.Fatalf("view line %q is not input line %d", l, next)
		}
		next++
	}
	if want := len(src); next != want && next != want+1 {
		t.Fatalf("view accounts for %d lines, input has %d", next-1, want)
	}
}

func TestDeterministic(t *testing.T) {
	in := sample(t)
	o := options(t, 500)
	var a, b bytes.Buffer
	if _, err := Clip(bytes.NewReader(in), &a, o); err != nil {
		t.Fatal(err)
	}
	if _, err := Clip(bytes.NewReader(in), &b, o); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two clips of the same input differ")
	}
}

// A reducer that panics costs the clipping, not the output: in any stage
// of the pipeline, on input that fits in memory and on input that flows
// through it in many chunks after the panic.
func TestReducerPanicFailsOpen(t *testing.T) {
	old := newReducer
	t.Cleanup(func() { newReducer = old })
	reducers := map[string]reduce.Reducer{
		"Add":         panicky{},
		"Pieces":      panicky{at: "Pieces"},
		"Prepare":     panickyPreparer{at: "Prepare"},
		"AddPrepared": panickyPreparer{at: "AddPrepared"},
		"Write":       panickyBytes{},
	}
	for name, red := range reducers {
		newReducer = func(shape.Kind, int) (reduce.Reducer, shape.Kind) { return red, shape.Text }
		for _, in := range [][]byte{sample(t), bytes.Repeat(sample(t), 3<<20/len(sample(t))+1)} {
			o := options(t, 300)
			var out bytes.Buffer
			res, err := Clip(bytes.NewReader(in), &out, o)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), in) || res.Clipped {
				t.Fatalf("%s, %d bytes: input not passed through unchanged", name, len(in))
			}
			if !strings.Contains(res.Warning, "internal error: reducer bug") {
				t.Errorf("%s, %d bytes: warning = %q", name, len(in), res.Warning)
			}
			objects, _ := filepath.Glob(filepath.Join(o.Store.Primary.Dir, "objects", "*", "*"))
			temps, _ := filepath.Glob(filepath.Join(o.Store.Primary.Dir, "tmp", "*"))
			if len(objects)+len(temps) != 0 {
				t.Errorf("%s: a failed clip left %v %v in the store", name, objects, temps)
			}
		}
	}
}

// A sniffer that panics costs the clipping, not the output, as a reducer
// that panics does.
func TestSnifferPanicFailsOpen(t *testing.T) {
	old := sniff
	t.Cleanup(func() { sniff = old })
	sniff = func([]byte) (shape.Kind, string) { panic("sniffer bug") }
	in := sample(t)
	o := options(t, 300)
	var out bytes.Buffer
	res, err := Clip(bytes.NewReader(in), &out, o)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), in) || res.Clipped {
		t.Fatal("input not passed through unchanged")
	}
	if !strings.Contains(res.Warning, "internal error: sniffer bug") {
		t.Errorf("warning = %q", res.Warning)
	}
	objects, _ := filepath.Glob(filepath.Join(o.Store.Primary.Dir, "objects", "*", "*"))
	if len(objects) != 0 {
		t.Errorf("a failed clip left %v in the store", objects)
	}
}

// panicky panics in Add, or in Pieces if at says so.
type panicky struct{ at string }

func (p panicky) Add(reduce.Line) {
	if p.at == "" {
		panic("reducer bug")
	}
}

func (panicky) Pieces(int, int, reduce.Counter) []reduce.Piece {
	panic("reducer bug")
}

// panickyPreparer panics in the stage named by at.
type panickyPreparer struct{ at string }

func (p panickyPreparer) Add(l reduce.Line) { p.AddPrepared(l, p.Prepare(l)) }
func (p panickyPreparer) Prepare(reduce.Line) reduce.Prep {
	if p.at == "Prepare" {
		panic("reducer bug")
	}
	return reduce.Prep{}
}

func (p panickyPreparer) AddPrepared(reduce.Line, reduce.Prep) {
	if p.at == "AddPrepared" {
		panic("reducer bug")
	}
}

func (panickyPreparer) Pieces(int, int, reduce.Counter) []reduce.Piece { return nil }

// panickyBytes is a reducer of bytes that panics in Write.
type panickyBytes struct{ panicky }

func (panickyBytes) Write([]byte) (int, error) { panic("reducer bug") }

// Input larger than the in-memory limit is spooled and still comes back
// whole; its token count is then an estimate, and says so.
func TestLargeInput(t *testing.T) {
	in := bytes.Repeat(sample(t), 80) // ~1.4 MB
	o := options(t, 2000)
	var out bytes.Buffer
	res, err := Clip(bytes.NewReader(in), &out, o)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Clipped || !res.TokensApprox {
		t.Fatalf("clipped %v, approx %v", res.Clipped, res.TokensApprox)
	}
	if !bytes.Contains(out.Bytes(), []byte(" of ~")) {
		t.Errorf("estimated count not marked with ~: %q", out.Bytes()[:150])
	}
	if got := expand(t, o, res.Entry); !bytes.Equal(got, in) {
		t.Error("expand differs from the input")
	}
	if n := counter.Count(out.Bytes()); n > 2000 {
		t.Errorf("view has %d tokens", n)
	}
}

func FuzzClip(f *testing.F) {
	f.Add(sample(f)[:3000], uint16(100))
	f.Add([]byte(strings.Repeat("same line\n", 500)), uint16(120))
	f.Add([]byte(strings.Repeat("x", 5000)), uint16(100))
	f.Add([]byte("a\r\nb\r\n\x00\xff\xfe"+strings.Repeat("é", 900)), uint16(150))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, in []byte, b uint16) {
		budget := MinBudget + int(b)%1000
		o := Options{Budget: budget, Counter: counter, Store: elision.Location{Primary: elision.Store{Dir: dir}}}
		var out1, out2 bytes.Buffer
		res, err := Clip(bytes.NewReader(in), &out1, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(out1.Bytes()) > len(in) {
			t.Fatalf("output %d bytes, input %d", out1.Len(), len(in))
		}
		if !res.Clipped {
			if !bytes.Equal(out1.Bytes(), in) {
				t.Fatal("unclipped output differs from input")
			}
			return
		}
		if n := counter.Count(out1.Bytes()); n > budget {
			t.Fatalf("view has %d tokens, budget %d", n, budget)
		}
		if got := expand(t, o, res.Entry); !bytes.Equal(got, in) {
			t.Fatal("expand differs from the input")
		}
		if _, err := Clip(bytes.NewReader(in), &out2, o); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out1.Bytes(), out2.Bytes()) {
			t.Fatal("not deterministic")
		}
	})
}

// clip prunes the store on its own, at most once an hour.
func TestClipPrunesHourly(t *testing.T) {
	o := options(t, 300)
	st := &o.Store.Primary
	old, err := st.Put([]byte("an original nobody used for eight days\n"), elision.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	eightDays := time.Now().Add(-8 * 24 * time.Hour)
	if err := os.Chtimes(old.Path, eightDays, eightDays); err != nil {
		t.Fatal(err)
	}
	in := sample(t)
	if _, err := Clip(bytes.NewReader(in), io.Discard, o); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Find(old.Hash); !errors.Is(err, elision.ErrNotFound) {
		t.Fatalf("the stale entry survived the first clip: %v", err)
	}
	// Within the hour, clip leaves the store alone.
	again, err := st.Put([]byte("another stale original\n"), elision.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	os.Chtimes(again.Path, eightDays, eightDays)
	if _, err := Clip(bytes.NewReader(in), io.Discard, o); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Find(again.Hash); err != nil {
		t.Errorf("clip pruned twice within the hour: %v", err)
	}
}

// Output just over the budget whose tokens are short (sizes and digits)
// makes a view longer in bytes than itself, yet the view is what fits:
// the budget is in tokens, and the input must not pass through over it.
func TestJustOverBudgetInDenseTokens(t *testing.T) {
	const budget = 300
	var in []byte
	for i := 0; ; i++ {
		line := fmt.Appendf(nil, "%d.%dK\t%x/%d\n", i%97, i%7, i*7919, i)
		if counter.Count(append(in, line...)) > budget+30 {
			break
		}
		in = append(in, line...)
		if counter.Count(in) <= budget {
			continue
		}
		o := options(t, budget)
		var out bytes.Buffer
		res, err := Clip(bytes.NewReader(in), &out, o)
		if err != nil {
			t.Fatal(err)
		}
		if n := counter.Count(out.Bytes()); n > budget {
			t.Fatalf("%d tokens in %d bytes at budget %d: wrote %d tokens (clipped %v)", counter.Count(in), len(in), budget, n, res.Clipped)
		}
	}
}

// A view of an input the budget nearly holds drops little: the room the
// reducer's pieces leave takes the lines nearest the ends. node --test's
// spec output, 2,680 tokens, made a view of 1,825 at 2,000. Beyond twice
// the budget, what the reducer left out stays out: a pytest run of 6,198
// tokens shows its failures, not the passes it thinned.
func TestNearBudgetViewFillsItsRoom(t *testing.T) {
	for _, tc := range []struct {
		sample   string
		min, max int
		absent   string
	}{
		{"log-node-test-spec-failures", 1900, 2000, ""},
		{"log-pytest-v-pyproj-failures", 0, 1500, "test_receive_001 PASSED"},
	} {
		in, err := os.ReadFile(filepath.Join("../testdata/corpus", tc.sample+".out"))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if _, err := Clip(bytes.NewReader(in), &out, options(t, 2000)); err != nil {
			t.Fatal(err)
		}
		if n := counter.Count(out.Bytes()); n < tc.min || n > tc.max {
			t.Errorf("%s: view of %d tokens, want %d to %d:\n%s", tc.sample, n, tc.min, tc.max, out.Bytes())
		}
		if tc.absent != "" && bytes.Contains(out.Bytes(), []byte(tc.absent)) {
			t.Errorf("%s: view shows %q:\n%s", tc.sample, tc.absent, out.Bytes())
		}
	}
}
