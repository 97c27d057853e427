package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/gain"
)

type gainOptions struct {
	json  bool
	since string
}

func newGain(env *environment) *cobra.Command {
	var o gainOptions
	c := &cobra.Command{
		Use:     "gain",
		Aliases: []string{"stats"},
		Short:   "Report the tokens and bytes clip and run saved",
		Long: `gain reads the ledger in which clip and run record every input they take, and
reports what they saved: inputs, tokens and bytes in, out and saved in total;
the same by day, by reducer and by command; the share of inputs that passed
through unchanged; and the originals whose clipping saved the most.

It reads the ledgers of the stores expand searches. In a fallback store,
which every work tree shares, it counts only what was recorded in this work
tree. On a terminal it draws a bar for each row, in colour unless NO_COLOR
is set.`,
		Example: `  headroom gain
  headroom gain --since 7d
  headroom gain --since 2026-11-01 --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runGain(c, env, o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON object")
	c.Flags().StringVar(&o.since, "since", "", "only what was recorded since then: a duration ago (24h, 7d) or a date (2026-11-01)")
	return c
}

func runGain(c *cobra.Command, env *environment, o gainOptions) error {
	if err := env.settings(c); err != nil {
		return err
	}
	now := time.Now()
	since, err := parseSince(o.since, now)
	if err != nil {
		return usageError("--since: %v", err)
	}
	loc := env.location()
	dir, _ := os.Getwd()
	var recs []elision.Record
	var stores []string
	for i, s := range loc.Stores() {
		rs, err := s.Records()
		switch {
		case errors.Is(err, elision.ErrUnsafe):
			warn(c.ErrOrStderr(), "gain: %v", err)
			continue
		case err != nil:
			return fmt.Errorf("gain: read the ledger of %s: %w", s.Dir, err)
		}
		n := len(recs)
		for _, r := range rs {
			if loc.Mine(i, r) {
				recs = append(recs, r)
			}
		}
		if len(recs) > n {
			stores = append(stores, absolute(s.Dir, dir))
		}
	}
	if len(stores) == 0 && len(loc.Stores()) > 0 {
		stores = []string{absolute(loc.Stores()[0].Dir, dir)}
	}
	sum := gain.Summarize(recs, since, time.Local)
	sum.Stores = stores
	if o.json {
		enc := json.NewEncoder(c.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}
	return sum.WriteText(c.OutOrStdout(), reportStyle(c.OutOrStdout(), env.getenv))
}

// parseSince reads --since: a duration before now (7d, 1.5d, 24h, 90m), a
// date, midnight where now is, or a time in RFC 3339.
func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, now.Location()); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if d, ok := sinceAge(s); ok {
		return now.Add(-d), nil
	}
	return time.Time{}, fmt.Errorf("bad time %q: want e.g. 7d, 24h or 2026-11-01", s)
}

// sinceAge reads a duration that --since counts back: days as a decimal
// number and "d", or a duration as Go writes one, without a sign. It
// refuses what ParseFloat takes beyond decimals (NaN, Inf, exponents,
// hex), which would give a time that depends on the machine, and an age
// that a time.Duration cannot hold, some 290 years.
func sinceAge(s string) (time.Duration, bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	days, ok := strings.CutSuffix(s, "d")
	if !ok {
		d, err := time.ParseDuration(s)
		return d, err == nil
	}
	whole, frac, dot := strings.Cut(days, ".")
	if !digits(whole) || dot && !digits(frac) {
		return 0, false
	}
	n, err := strconv.ParseFloat(days, 64)
	ns := n * float64(24*time.Hour)
	if err != nil || ns >= math.MaxInt64 {
		return 0, false
	}
	return time.Duration(ns), true
}

// digits reports whether s is one or more decimal digits.
func digits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
