package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/elision"
)

type pruneOptions struct {
	maxAge, maxSize string
}

func newPrune(env *environment) *cobra.Command {
	var o pruneOptions
	c := &cobra.Command{
		Use:   "prune",
		Short: "Drop stored originals past their age or beyond the size cap",
		Long: `prune removes originals not used (clipped or expanded) for --max-age, then the
least recently used ones until the store holds at most --max-size, temporary
files left by interrupted clips, and the ledger's records older than
--max-age. clip does the same on its own at most once an hour.`,
		Example: `  headroom prune
  headroom prune --max-age 2d --max-size 200MiB`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := env.settings(c); err != nil {
				return err
			}
			age, err := parseAge(o.maxAge)
			if err != nil {
				return usageError("--max-age: %v", err)
			}
			size, err := parseSize(o.maxSize)
			if err != nil {
				return usageError("--max-size: %v", err)
			}
			for _, s := range env.location().Stores() {
				st, err := s.Prune(time.Now(), age, size)
				switch {
				case errors.Is(err, fs.ErrNotExist):
					continue // nothing there to prune
				case errors.Is(err, elision.ErrUnsafe):
					// Not headroom's to touch; say so and go on.
					warn(c.ErrOrStderr(), "prune %s: %v", s.Dir, err)
					continue
				case err != nil:
					return fmt.Errorf("prune %s: %w", s.Dir, err)
				}
				records := ""
				if st.Records > 0 {
					records = ", dropped " + plural(int64(st.Records), "ledger record")
				}
				fmt.Fprintf(c.OutOrStdout(), "%s: removed %s (%s), kept %d (%s)%s\n",
					s.Dir, entries(st.Removed), plural(st.RemovedBytes, "byte"), st.Kept, plural(st.KeptBytes, "byte"), records)
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.maxAge, "max-age", "7d", "remove originals not used for this long (e.g. 7d, 36h)")
	c.Flags().StringVar(&o.maxSize, "max-size", "1GiB", "then remove the least recently used until the store is this small (e.g. 1GiB, 500MB)")
	return c
}

// parseAge reads a duration that may also be given in days, as "7d".
func parseAge(s string) (time.Duration, error) {
	if d, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.ParseFloat(d, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("bad age %q", s)
		}
		return time.Duration(n * 24 * float64(time.Hour)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("bad age %q: want e.g. 7d or 36h", s)
	}
	return d, nil
}

// parseSize reads a byte count with an optional unit: B, KB, MB, GB
// (powers of 1000) or KiB, MiB, GiB (powers of 1024).
func parseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult, num := int64(1), s
	for _, u := range units {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			mult, num = u.mult, n
			break
		}
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad size %q: want e.g. 1GiB or 500MB", s)
	}
	return int64(n * float64(mult)), nil
}

// entries writes n and "entry", in the plural unless n is 1.
func entries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return elision.Thousands(int64(n)) + " entries"
}
