// Package cmd is headroom's command line: flags, streams and exit statuses.
// What the commands do lives in the packages they call.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/gain"
	"github.com/headroom-cli/headroom/token"
)

// Exit statuses.
const (
	ExitOK      = 0
	ExitFailure = 1 // expand of an unknown or corrupt entry, an I/O error
	ExitUsage   = 2 // a bad flag or argument
)

// Main runs headroom with the process's arguments, streams and environment
// and returns its exit status.
func Main() int {
	return Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
}

// Run runs headroom with the given arguments, streams and environment and
// returns its exit status. Errors are printed once, here.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	// With SIGPIPE caught, a write to a reader that went away fails with
	// EPIPE instead of killing headroom, so it can end as documented. The
	// commands run starts get SIGPIPE's default action back.
	sigpipe := make(chan os.Signal, 1)
	signal.Notify(sigpipe, syscall.SIGPIPE)
	defer signal.Stop(sigpipe)
	env := &environment{getenv: getenv}
	root := newRoot(env)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	if errors.Is(err, syscall.EPIPE) {
		// The reader went away; nothing is wrong with what was stored.
		return ExitOK
	}
	code := ExitFailure
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	} else if isUsage(err) {
		code = ExitUsage
	}
	if errors.As(err, new(*childExit)) {
		// run exits with its command's status; the command spoke for itself.
		return code
	}
	fmt.Fprintf(stderr, "headroom: error: %s\n", oneLine(err.Error()))
	return code
}

// exitError carries the exit status an error should end the process with.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageError(format string, args ...any) error {
	return &exitError{code: ExitUsage, err: fmt.Errorf(format, args...)}
}

// isUsage recognises the errors cobra makes of bad commands and arguments,
// which it does not type.
func isUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "accepts ", "requires ", "invalid argument", "flag needs an argument", "received "} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func warn(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "headroom: warning: %s\n", oneLine(fmt.Sprintf(format, args...)))
}

// environment holds the settings every command shares: the global flags and
// the variables that stand in for them.
type environment struct {
	getenv   func(string) string
	budget   int
	store    string
	encoding string
}

func newRoot(env *environment) *cobra.Command {
	root := &cobra.Command{
		Use:   "headroom",
		Short: "Cut tool output down to what an LLM agent needs, keeping the original",
		Long: `headroom cuts the output of the tools an LLM agent runs (searches, build and
test logs, diffs, JSON) into a short view that keeps what matters, and stores
the original so that "headroom expand HASH" gives back every byte.`,
		Example: `  rg -n parseConfig | headroom clip --tool grep
  go test ./... 2>&1 | headroom clip
  headroom run -- go test ./...
  headroom expand 3f9a1c2b7e4d --lines 120:180`,
		Version:           versionString(),
		SilenceErrors:     true,
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
	}
	root.SetVersionTemplate("headroom {{.Version}}\n")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: ExitUsage, err: err}
	})
	f := root.PersistentFlags()
	f.IntVar(&env.budget, "budget", clip.DefaultBudget, "tokens the view may use, markers included (env HEADROOM_BUDGET)")
	f.StringVar(&env.store, "store", "", "where originals go (env HEADROOM_STORE; default: nearest .headroom/)")
	f.StringVar(&env.encoding, "encoding", token.DefaultEncoding, "tokenizer for counts: o200k_base or cl100k_base (env HEADROOM_ENCODING)")
	root.AddCommand(newClip(env), newExpand(env), newPrune(env), newBench(env), newRun(env), newGain(env), newLs(env), newHook(env), newInit(env), newDoctor(env), newVersion())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Example = "  source <(headroom completion bash)\n  headroom completion fish > ~/.config/fish/completions/headroom.fish"
		}
	}
	return root
}

// A setting is where a shared setting's value came from, and what is wrong
// with the value given, if anything.
type setting struct {
	from    string // --budget, HEADROOM_BUDGET or default
	problem string // empty when the value is good
}

// variable reports whether the value came from the environment.
func (s setting) variable() bool { return strings.HasPrefix(s.from, "HEADROOM_") }

// settings resolves the shared flags against the environment (a flag given
// on the command line wins over its variable) and warns of bad variables.
// A bad flag is a usage error. A bad variable is not: it comes from the
// environment an agent runs every command in, and stopping there would stop
// every command; the default stands in for it.
func (env *environment) settings(c *cobra.Command) error {
	budget, encoding := env.resolve(c)
	for _, s := range []setting{budget, encoding} {
		if s.problem == "" {
			continue
		}
		if !s.variable() {
			return usageError("%s", s.problem)
		}
		warn(c.ErrOrStderr(), "%s; using the default", s.problem)
	}
	return nil
}

// resolve sets the budget, store and encoding from the flags and the
// variables, the default standing in for a bad variable, and says where
// the budget and the encoding came from.
func (env *environment) resolve(c *cobra.Command) (budget, encoding setting) {
	flags := c.Flags()
	budget.from = "default"
	if flags.Changed("budget") {
		budget.from = "--budget"
	} else if v := env.getenv("HEADROOM_BUDGET"); v != "" {
		budget.from = "HEADROOM_BUDGET"
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err != nil {
			budget.problem = fmt.Sprintf("HEADROOM_BUDGET=%q: not a number", v)
		} else {
			env.budget = n
		}
	}
	if budget.problem == "" && (env.budget < clip.MinBudget || env.budget > clip.MaxBudget) {
		budget.problem = fmt.Sprintf("budget %d (%s) is outside %s to %s tokens", env.budget, budget.from,
			elision.Thousands(clip.MinBudget), elision.Thousands(clip.MaxBudget))
	}
	if budget.problem != "" && budget.variable() {
		env.budget = clip.DefaultBudget
	}
	if v := env.getenv("HEADROOM_STORE"); v != "" && !flags.Changed("store") {
		env.store = v
	}
	encoding.from = "default"
	if flags.Changed("encoding") {
		encoding.from = "--encoding"
	} else if v := env.getenv("HEADROOM_ENCODING"); v != "" {
		encoding.from = "HEADROOM_ENCODING"
		env.encoding = v
	}
	if !token.ValidEncoding(env.encoding) {
		encoding.problem = fmt.Sprintf("unknown encoding %q (%s; valid: %s)", env.encoding, encoding.from, strings.Join(token.Encodings, ", "))
		if encoding.variable() {
			env.encoding = token.DefaultEncoding
		}
	}
	return budget, encoding
}

// location resolves where the store is. It cannot fail: a current
// directory that is gone leaves the store named or the fallbacks, and
// clip still prints its input if none of them can be written.
func (env *environment) location() elision.Location {
	cwd, err := os.Getwd()
	if err != nil {
		cwd = ""
	}
	return elision.Resolve(env.store, cwd)
}

// isTerminal is the one place that decides whether a stream is a terminal.
func isTerminal(s any) bool {
	f, ok := s.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// reportStyle decides how a report is drawn on w: bars only on a
// terminal, and colour there unless NO_COLOR is set to anything
// (no-color.org). Bars are plain characters, which NO_COLOR leaves alone.
func reportStyle(w io.Writer, getenv func(string) string) gain.Style {
	tty := isTerminal(w)
	return gain.Style{Bars: tty, Colour: tty && getenv("NO_COLOR") == ""}
}
