package cmd

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
	"github.com/headroom-cli/headroom/token"
)

type clipOptions struct {
	tool    string
	explain bool
}

func newClip(env *environment) *cobra.Command {
	var o clipOptions
	c := &cobra.Command{
		Use:   "clip [FILE|-]",
		Short: "Reduce output to the budget and print the view",
		Long: `clip reads FILE, or standard input when FILE is - or missing, and prints it
unchanged if it fits the budget. Otherwise it stores the original and prints a
view of it that fits: a header line and a footer line name the stored
original's hash, and each run of lines left out is one line naming its range.

Whatever goes wrong after reading (no writable store, an internal error), the
input is printed unchanged, one warning goes to stderr, and the exit status is 0.`,
		Example: `  rg -n parseConfig | headroom clip --tool grep
  go test ./... 2>&1 | headroom clip
  headroom clip --budget 500 build.log`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runClip(c, env, o, args)
		},
	}
	c.Flags().StringVar(&o.tool, "tool", shape.Auto, "the kind of output or the tool that printed it (grep, log, diff, json, text, rg, go-test, ...)")
	c.Flags().BoolVar(&o.explain, "explain", false, "say on stderr which reducer was used and why")
	return c
}

func runClip(c *cobra.Command, env *environment, o clipOptions, args []string) error {
	if err := env.settings(c); err != nil {
		return err
	}
	kind, err := shape.ParseTool(o.tool)
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	stdout, stderr := c.OutOrStdout(), c.ErrOrStderr()
	in, name, err := openInput(c, args)
	if err != nil {
		return err
	}
	defer in.Close()

	// Inside headroom run, the run clips: clipping here too would clip twice.
	if env.getenv("HEADROOM_DISABLE") == "1" || env.getenv(nestedVar) == "1" {
		_, err := io.Copy(stdout, in)
		return err
	}
	loc := env.location()
	counter, err := token.New(env.encoding)
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	passed := passedLedger(loc)
	res, err := clip.Clip(in, stdout, clip.Options{Budget: env.budget, Kind: kind, Counter: counter, Store: loc, CountPassed: passed != nil})
	if err != nil {
		return fmt.Errorf("clip %s: %w", name, err)
	}
	recordClip(passed, res)
	if res.Warning != "" {
		warn(stderr, "%s: input printed unchanged", res.Warning)
	}
	if o.explain {
		explain(stderr, res)
	}
	return nil
}

func explain(w io.Writer, res clip.Result) {
	switch {
	case res.Clipped:
		approx := ""
		if res.TokensApprox {
			approx = "~"
		}
		fmt.Fprintf(w, "headroom: %s (%s): %s%s tokens in, %s out, stored as %s\n",
			res.Kind, res.Why, approx, elision.Thousands(res.TokensIn), elision.Thousands(res.TokensOut), res.Entry.Short())
	case res.TokensIn > 0:
		fmt.Fprintf(w, "headroom: passed through: %s tokens fit the budget\n", elision.Thousands(res.TokensIn))
	default:
		fmt.Fprintf(w, "headroom: passed through: %s bytes fit the budget\n", elision.Thousands(res.Size))
	}
}

// openInput opens FILE, or standard input for - or no argument. Standard
// input that is a terminal gets a hint instead of a wait for typing.
func openInput(c *cobra.Command, args []string) (io.ReadCloser, string, error) {
	if len(args) == 0 || args[0] == "-" {
		in := c.InOrStdin()
		if len(args) == 0 && isTerminal(in) {
			return nil, "", usageError("no input: pipe a command into headroom clip, or name a file (see headroom clip --help)")
		}
		return io.NopCloser(in), "<stdin>", nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, "", err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, "", fmt.Errorf("read %s: is a directory", args[0])
	}
	return f, args[0], nil
}
