package cmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/bench"
	"github.com/headroom-cli/headroom/bench/split"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/token"
)

type benchOptions struct {
	json     bool
	baseline string
	cmd      string
	set      string
}

func newBench(env *environment) *cobra.Command {
	var o benchOptions
	c := &cobra.Command{
		Use:   "bench [PATH...]",
		Short: "Measure what clip keeps and saves on samples of tool output",
		Long: `bench runs clip on each sample and reports tokens in and out, the ratio, the
needles kept (fragments a good view must show, read from NAME.needles beside
NAME.out), whether the stored original comes back byte for byte, and the time.

With no PATH it runs the corpus built into the binary; a PATH is a file or a
directory of samples. Originals go to a temporary store that is removed
afterwards, unless --store names one.

--baseline head or headtail adds the same columns for plain truncation at the
same budget, and --cmd runs any other filter command on the same samples.

Each sample is in the tune set or the check set, decided by its name alone:
check when the first byte of the SHA-256 of the name (without .out) is
below 86, about a third of the samples. Reducers are tuned on the tune set;
the check set tells how they do on output they were not tuned for. A name
that starts with a shape and a hyphen (grep-, log-, diff-, json-, text-,
listing-, outline-) announces the shape a sample should be taken for. After
the samples, the table totals each set and shape: needles kept, the macro
recall (the mean over samples of the share of needles kept), the samples
that keep every needle, and the samples taken for another shape than their
names announce. --set tune or check runs one set only.`,
		Example: `  headroom bench
  headroom bench --baseline headtail testdata/corpus
  headroom bench --set check --baseline headtail testdata/corpus
  headroom bench --json --cmd 'head -c 8000' ./my-logs`,
		RunE: func(c *cobra.Command, args []string) error {
			return runBench(c, env, o, args)
		},
	}
	f := c.Flags()
	f.BoolVar(&o.json, "json", false, "print a JSON array, one object per sample")
	f.StringVar(&o.baseline, "baseline", "none", "also measure naive truncation: "+strings.Join(bench.Baselines, ", "))
	f.StringVar(&o.cmd, "cmd", "", "also measure this shell command as a filter on each sample")
	f.StringVar(&o.set, "set", "all", "the samples to run: "+strings.Join(split.Sets, ", "))
	return c
}

func runBench(c *cobra.Command, env *environment, o benchOptions, args []string) error {
	if err := env.settings(c); err != nil {
		return err
	}
	if !slices.Contains(bench.Baselines, o.baseline) {
		return usageError("unknown baseline %q (valid: %s)", o.baseline, strings.Join(bench.Baselines, ", "))
	}
	if !slices.Contains(split.Sets, o.set) {
		return usageError("unknown set %q (valid: %s)", o.set, strings.Join(split.Sets, ", "))
	}
	samples, err := loadSamples(args)
	if err != nil {
		return err
	}
	samples = bench.Select(samples, o.set)
	counter, err := token.New(env.encoding)
	if err != nil {
		return err
	}
	store := elision.Store{Dir: env.store}
	if store.Dir == "" {
		dir, err := benchStore()
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		store.Dir = dir
	}
	opts := bench.Options{Budget: env.budget, Counter: counter, Store: store, Baseline: o.baseline, Cmd: o.cmd}
	if stderr := c.ErrOrStderr(); isTerminal(stderr) {
		opts.Progress = progress(stderr)
	}
	results, err := bench.Run(samples, opts)
	if err != nil {
		return err
	}
	if o.json {
		err = bench.WriteJSON(c.OutOrStdout(), results)
	} else {
		err = bench.WriteTable(c.OutOrStdout(), results, o.baseline)
	}
	if err != nil {
		return err
	}
	return failures(results)
}

// failures is the error of a run in which clip could not cut some
// samples: their figures are in the table, but a measurement that hides a
// reducer's panic behind a pass-through is no measurement.
func failures(rs []bench.Result) error {
	var names []string
	for _, r := range rs {
		if r.Failed != "" {
			names = append(names, fmt.Sprintf("%s (%s)", r.Name, r.Failed))
		}
	}
	if len(names) == 0 {
		return nil
	}
	n := len(names)
	const shown = 5
	more := ""
	if n > shown {
		more = fmt.Sprintf(" and %d more", n-shown)
		names = names[:shown]
	}
	return fmt.Errorf("%d of %d samples could not be clipped (scored as keeping no needle): %s%s",
		n, len(rs), strings.Join(names, ", "), more)
}

// benchStore makes a fresh temporary store. Its path is the same from run
// to run (unless another bench holds it), because the footer of every view
// names it and its tokens count: a random name would move the figures.
func benchStore() (string, error) {
	base := filepath.Join(os.TempDir(), "headroom-bench-"+strconv.Itoa(os.Getuid()))
	for i := range 100 {
		dir := base
		if i > 0 {
			dir += "-" + strconv.Itoa(i)
		}
		err := os.Mkdir(dir, 0o700)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("make a temporary store: %w", err)
		}
	}
	return os.MkdirTemp("", "headroom-bench-")
}

func loadSamples(paths []string) ([]bench.Sample, error) {
	if len(paths) == 0 {
		return bench.Embedded()
	}
	return bench.Load(paths)
}

// progress shows which sample runs, on one terminal line that is cleared at
// the end, so that long runs do not look stuck.
func progress(w io.Writer) func(done, total int, name string) {
	return func(done, total int, name string) {
		if done == total {
			fmt.Fprint(w, "\r\033[K")
			return
		}
		fmt.Fprintf(w, "\r\033[Kbench %d/%d %s", done+1, total, name)
	}
}
