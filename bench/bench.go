// Package bench measures what clip keeps, what it costs and what it saves,
// on samples of real tool output: tokens in and out, the needles (fragments a
// good view must show) it kept, whether the stored original comes back
// byte for byte, and the time it took. Naive truncation and any other filter
// command can be measured on the same samples, side by side.
package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/headroom-cli/headroom/bench/split"
	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/reduce"
	"github.com/headroom-cli/headroom/shape"
	"github.com/headroom-cli/headroom/token"
)

// Sample is one tool output to measure.
type Sample struct {
	Name    string
	Data    []byte
	Needles []string
}

// Baselines are the naive truncations bench can compare against.
var Baselines = []string{"none", "head", "headtail"}

// Options configures Run.
type Options struct {
	Budget  int
	Counter *token.Counter
	// Store is where clip keeps originals; Run does not clean it.
	Store elision.Store
	// Baseline is one of Baselines.
	Baseline string
	// Cmd, if set, is a shell command run with each sample on stdin, whose
	// output is measured like clip's.
	Cmd string
	// Progress, if set, is called before each sample.
	Progress func(done, total int, name string)
}

// Side is what one filter made of a sample.
type Side struct {
	TokensOut    int     `json:"tokens_out"`
	NeedlesKept  int     `json:"needles_kept"`
	NeedlesTotal int     `json:"needles_total"`
	Ms           float64 `json:"ms"`
	Error        string  `json:"error,omitempty"`
}

// Result is what bench measured on one sample.
type Result struct {
	Name string `json:"name"`
	// Set is the set the sample belongs to (SetOf).
	Set string `json:"set"`
	// Shape is the reducer that made the view, or for a sample that was
	// not clipped, what the sniffer takes it for and why it was not.
	Shape string `json:"shape"`
	// Kind is the kind of output clip took the sample for, whether it was
	// clipped or not.
	Kind string `json:"kind"`
	// Expected is the shape the sample's name announces (ExpectedShape),
	// empty if it announces none; Misclassified tells that Kind is not it.
	Expected      string  `json:"expected_shape,omitempty"`
	Misclassified bool    `json:"misclassified"`
	Bytes         int     `json:"bytes"`
	TokensIn      int     `json:"tokens_in"`
	TokensOut     int     `json:"tokens_out"`
	Ratio         float64 `json:"ratio"`
	NeedlesKept   int     `json:"needles_kept"`
	NeedlesTotal  int     `json:"needles_total"`
	// Missed lists the needles the view lost, so that a user can see what.
	Missed []string `json:"missed,omitempty"`
	// Failed says why clip could not cut a sample over the budget and
	// passed it through whole (a reducer's panic, a store it could not
	// write). Such a sample is scored as keeping no needle: its output is
	// over the budget, so the needles it holds were not kept within it.
	Failed      string  `json:"failed,omitempty"`
	RoundtripOK bool    `json:"roundtrip_ok"`
	Ms          float64 `json:"ms"`
	Baseline    *Side   `json:"baseline,omitempty"`
	Cmd         *Side   `json:"cmd,omitempty"`
}

// Run measures every sample, in order.
func Run(samples []Sample, o Options) ([]Result, error) {
	if !slices.Contains(Baselines, o.Baseline) {
		return nil, fmt.Errorf("unknown baseline %q (valid: %s)", o.Baseline, strings.Join(Baselines, ", "))
	}
	if err := o.Counter.Load(); err != nil {
		return nil, err
	}
	var out []Result
	for i, s := range samples {
		if o.Progress != nil {
			o.Progress(i, len(samples), s.Name)
		}
		r, err := measure(s, o)
		if err != nil {
			return out, fmt.Errorf("%s: %w", s.Name, err)
		}
		out = append(out, r)
	}
	if o.Progress != nil {
		o.Progress(len(samples), len(samples), "")
	}
	return out, nil
}

func measure(s Sample, o Options) (Result, error) {
	r := Result{Name: s.Name, Set: split.Of(s.Name), Expected: split.Expected(s.Name), Bytes: len(s.Data), NeedlesTotal: len(s.Needles)}
	r.TokensIn = o.Counter.Count(s.Data)

	var view bytes.Buffer
	start := time.Now()
	res, err := clip.Clip(bytes.NewReader(s.Data), &view, clip.Options{
		Budget: o.Budget, Counter: o.Counter, Store: elision.Location{Primary: o.Store},
	})
	r.Ms = ms(time.Since(start))
	if err != nil {
		return r, err
	}
	r.Shape, r.Kind = string(res.Kind), string(res.Kind)
	if !res.Clipped {
		sniffed, _ := shape.Sniff(s.Data[:min(len(s.Data), 64<<10)])
		r.Shape, r.Kind = shapeName(sniffed, res), string(sniffed)
	}
	r.Misclassified = r.Expected != "" && r.Kind != r.Expected
	r.TokensOut = o.Counter.Count(view.Bytes())
	r.Ratio = ratio(r.TokensIn, r.TokensOut)
	r.NeedlesKept, r.Missed = needles(view.Bytes(), s.Needles)
	if !res.Clipped && res.Warning != "" {
		r.Failed = res.Warning
		r.NeedlesKept, r.Missed = 0, s.Needles
	}
	r.RoundtripOK, err = roundTrip(s.Data, view.Bytes(), res, o.Store)
	if err != nil {
		return r, err
	}

	if o.Baseline != "none" {
		start := time.Now()
		b := truncate(s.Data, o.Budget, o.Baseline == "headtail", o.Counter)
		r.Baseline = side(b, s.Needles, time.Since(start), o.Counter)
	}
	if o.Cmd != "" {
		start := time.Now()
		b, err := filter(o.Cmd, s.Data)
		r.Cmd = side(b, s.Needles, time.Since(start), o.Counter)
		if err != nil {
			r.Cmd.Error = err.Error()
		}
	}
	return r, nil
}

// shapeName names what happened to a sample that was not clipped.
func shapeName(sniffed shape.Kind, res clip.Result) string {
	if res.Warning != "" {
		return "failed"
	}
	return string(sniffed) + " (fits)"
}

func side(out []byte, ns []string, d time.Duration, c *token.Counter) *Side {
	kept, _ := needles(out, ns)
	return &Side{TokensOut: c.Count(out), NeedlesKept: kept, NeedlesTotal: len(ns), Ms: ms(d)}
}

// needles counts the needles found in view and lists the others. A view
// that says it shows names in folds (dir/{a,b}.go) names each name a fold
// stands for, as its note says, so a needle may be found in the lines its
// folds stand for too.
func needles(view []byte, ns []string) (int, []string) {
	unfolded := reduce.Unfolded(view)
	kept := 0
	var missed []string
	for _, n := range ns {
		if bytes.Contains(view, []byte(n)) || bytes.Contains(unfolded, []byte(n)) {
			kept++
		} else {
			missed = append(missed, n)
		}
	}
	return kept, missed
}

// roundTrip checks that the original can be had back: from the store for a
// clipped sample, from the output itself for one that passed through.
func roundTrip(in, view []byte, res clip.Result, s elision.Store) (bool, error) {
	if !res.Clipped {
		return bytes.Equal(in, view), nil
	}
	e, err := s.Find(res.Entry.Hash)
	if err != nil {
		return false, nil
	}
	f, err := s.Open(e)
	if err != nil {
		if errors.Is(err, elision.ErrCorrupt) {
			return false, nil
		}
		return false, err
	}
	defer f.Close()
	got, err := io.ReadAll(f)
	if err != nil {
		return false, err
	}
	return bytes.Equal(got, in), nil
}

// truncate is the naive cut: whole lines from the start (and, with tail,
// half the budget from the end) until the budget is spent.
func truncate(in []byte, budget int, tail bool, c *token.Counter) []byte {
	lines := bytes.SplitAfter(in, []byte("\n"))
	headBudget := budget
	if tail {
		headBudget = budget / 2
	}
	var head [][]byte
	used := 0
	for _, l := range lines {
		n := c.Count(l)
		if used+n > headBudget {
			break
		}
		used += n
		head = append(head, l)
	}
	if !tail || len(head) == len(lines) {
		return bytes.Join(head, nil)
	}
	var end [][]byte
	used = 0
	for i := len(lines) - 1; i >= len(head); i-- {
		n := c.Count(lines[i])
		if used+n > budget-budget/2 {
			break
		}
		used += n
		end = append(end, lines[i])
	}
	slices.Reverse(end)
	return append(bytes.Join(head, nil), bytes.Join(end, nil)...)
}

// filter runs a shell command with in on its standard input and returns
// what it printed.
func filter(cmd string, in []byte) ([]byte, error) {
	c := exec.CommandContext(context.Background(), "sh", "-c", cmd)
	c.Stdin = bytes.NewReader(in)
	var out bytes.Buffer
	c.Stdout = &out
	c.Stderr = io.Discard
	err := c.Run()
	return out.Bytes(), err
}

func ratio(in, out int) float64 {
	if out == 0 {
		return 0
	}
	return float64(in) / float64(out)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Load reads samples from files and directories. A directory contributes
// its regular files, except .needles files, sorted by name. The needles of
// a sample X.out are in X.needles (or X.out.needles), one per line.
func Load(paths []string) ([]Sample, error) {
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.Type().IsRegular() && !strings.HasSuffix(e.Name(), ".needles") {
				files = append(files, filepath.Join(p, e.Name()))
			}
		}
	}
	var out []Sample
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		s := Sample{Name: strings.TrimSuffix(filepath.Base(f), ".out"), Data: data}
		for _, n := range []string{strings.TrimSuffix(f, filepath.Ext(f)) + ".needles", f + ".needles"} {
			b, err := os.ReadFile(n)
			if err == nil {
				s.Needles = ParseNeedles(b)
				break
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// ParseNeedles reads a .needles file: one literal fragment per line, blank
// lines ignored.
func ParseNeedles(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSuffix(l, "\r"); l != "" {
			out = append(out, l)
		}
	}
	return out
}
