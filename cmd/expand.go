package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/elision"
)

type expandOptions struct {
	lines, bytes, grep string
	head, tail         int64
}

func newExpand(env *environment) *cobra.Command {
	var o expandOptions
	c := &cobra.Command{
		Use:   "expand HASH|@last|@N",
		Short: "Print a stored original, or a part of it",
		Long: `expand prints the original that a view's marker names, byte for byte. HASH is
the hash the marker shows, or any unique prefix of at least 6 hex digits;
@last, or @1, names the newest original "headroom ls" lists, @2 the one
before it, and so on.

To page in only what is needed: --lines A:B (as the gap lines name them, from
1, inclusive; A: and :B are open), --bytes A:B, --grep RE (matching lines with
their numbers), --head N, --tail N. --lines, --grep, --head and --tail combine
in that order.`,
		Example: `  headroom expand 3f9a1c2b7e4d
  headroom expand 3f9a1c --lines 120:180
  headroom expand 3f9a1c --grep 'FAIL|panic' --head 20
  headroom expand @last --tail 40`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runExpand(c, env, o, args[0])
		},
	}
	f := c.Flags()
	f.StringVar(&o.lines, "lines", "", "print lines A to B (A:B, A:, :B)")
	f.StringVar(&o.bytes, "bytes", "", "print bytes A to B (A:B, A:, :B)")
	f.StringVar(&o.grep, "grep", "", "print lines matching the regular expression RE, with their numbers")
	f.Int64Var(&o.head, "head", 0, "print the first N lines")
	f.Int64Var(&o.tail, "tail", 0, "print the last N lines")
	return c
}

func (o expandOptions) part() (elision.Part, error) {
	var p elision.Part
	if o.bytes != "" && (o.lines != "" || o.grep != "" || o.head != 0 || o.tail != 0) {
		return p, usageError("--bytes does not combine with --lines, --grep, --head or --tail")
	}
	if o.head < 0 || o.tail < 0 {
		return p, usageError("--head and --tail take a positive number")
	}
	if o.head != 0 && o.tail != 0 {
		return p, usageError("--head and --tail do not combine")
	}
	for _, r := range []struct {
		flag, val string
		dst       **elision.Range
	}{{"--lines", o.lines, &p.Lines}, {"--bytes", o.bytes, &p.Bytes}} {
		if r.val == "" {
			continue
		}
		rng, err := elision.ParseRange(r.val)
		if err != nil {
			return p, usageError("%s: %v", r.flag, err)
		}
		*r.dst = &rng
	}
	if o.grep != "" {
		re, err := regexp.Compile(o.grep)
		if err != nil {
			return p, usageError("--grep: %v", err)
		}
		p.Grep = re
	}
	p.Head, p.Tail = o.head, o.tail
	return p, nil
}

func runExpand(c *cobra.Command, env *environment, o expandOptions, hash string) error {
	if err := env.settings(c); err != nil {
		return err
	}
	part, err := o.part()
	if err != nil {
		return err
	}
	store, e, err := find(env.location(), hash)
	if err != nil {
		return err
	}
	f, err := store.Open(e)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(c.OutOrStdout(), 64<<10)
	if err := part.Write(w, f); err != nil {
		if errors.Is(err, elision.ErrOutOfRange) {
			return fmt.Errorf("expand %s: %w", e.Short(), err)
		}
		return err
	}
	return w.Flush()
}

// find finds the original that arg names: a hash or a prefix of one, or
// @last or @N for the N-th newest as ls lists them. Only a hash that
// ParseHash takes, or one that ls found in a store, reaches the file
// system.
func find(loc elision.Location, arg string) (*elision.Store, elision.Entry, error) {
	rest, ok := strings.CutPrefix(arg, "@")
	if !ok {
		if _, err := elision.ParseHash(arg); err != nil {
			return nil, elision.Entry{}, &exitError{code: ExitUsage, err: err}
		}
		return loc.Find(arg)
	}
	n := 1
	if rest != "last" {
		// Digits only, as Itoa writes them: no sign, no leading zero.
		if i, err := strconv.Atoi(rest); err == nil && i >= 1 && rest == strconv.Itoa(i) {
			n = i
		} else {
			return nil, elision.Entry{}, usageError("%v %q: want @last or @N, N from 1", elision.ErrMalformed, arg)
		}
	}
	stored, err := loc.Recent()
	if n <= len(stored) {
		st := stored[n-1]
		return &st.Store, st.Entry, nil
	}
	held := fmt.Sprintf("headroom ls lists only %d", len(stored))
	if len(stored) == 0 {
		held = "nothing is stored here"
	}
	if err != nil {
		return nil, elision.Entry{}, fmt.Errorf("%w %s: %s; not searched: %w", elision.ErrNotFound, arg, held, err)
	}
	return nil, elision.Entry{}, fmt.Errorf("%w %s: %s", elision.ErrNotFound, arg, held)
}
