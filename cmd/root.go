// Package cmd is headroom's command line: flags, streams and exit statuses.
// What the commands do lives in the packages they call.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
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
	root.AddCommand(newClip(env), newExpand(env), newPrune(env), newBench(env), newRun(env), newHook(env), newInit(env), newDoctor(env), newVersion())
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Example = "  source <(headroom completion bash)\n  headroom completion fish > ~/.config/fish/completions/headroom.fish"
		}
	}
	return root
}

// settings resolves the shared flags against the environment: a flag given
// on the command line wins over its variable.
func (env *environment) settings(c *cobra.Command) error {
	flags := c.Flags()
	if v := env.getenv("HEADROOM_BUDGET"); v != "" && !flags.Changed("budget") {
		n, err := strconv.Atoi(v)
		if err != nil {
			return usageError("HEADROOM_BUDGET=%q: not a number", v)
		}
		env.budget = n
	}
	if env.budget < clip.MinBudget || env.budget > clip.MaxBudget {
		return usageError("budget %d is outside %s to %s tokens", env.budget, elision.Thousands(clip.MinBudget), elision.Thousands(clip.MaxBudget))
	}
	if v := env.getenv("HEADROOM_STORE"); v != "" && !flags.Changed("store") {
		env.store = v
	}
	if v := env.getenv("HEADROOM_ENCODING"); v != "" && !flags.Changed("encoding") {
		env.encoding = v
	}
	if !token.ValidEncoding(env.encoding) {
		return usageError("unknown encoding %q (valid: %s)", env.encoding, strings.Join(token.Encodings, ", "))
	}
	return nil
}

// location resolves where the store is.
func (env *environment) location() (elision.Location, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return elision.Location{}, fmt.Errorf("find store: %w", err)
	}
	return elision.Resolve(env.store, cwd), nil
}

// isTerminal is the one place that decides whether a stream is a terminal.
func isTerminal(s any) bool {
	f, ok := s.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}
