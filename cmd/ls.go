package cmd

import (
	"encoding/json"
	"os"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/gain"
)

type lsOptions struct {
	json  bool
	limit int
}

func newLs(env *environment) *cobra.Command {
	var o lsOptions
	c := &cobra.Command{
		Use:   "ls",
		Short: "List the stored originals, newest first",
		Long: `ls lists the originals the stores hold, newest first: when each was last
clipped, the command that printed it, the reducer, its size and its view's in
bytes and tokens, and its hash. It lists what expand finds, in the order
expand counts for @N: "headroom expand @1" (or @last) prints the newest.

An original clipped before the ledger existed, or whose record was pruned,
shows what its metadata says; a record whose original was pruned is not
listed.`,
		Example: `  headroom ls
  headroom ls -n 5
  headroom ls --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runLs(c, env, o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print a JSON array, one object per original")
	c.Flags().IntVarP(&o.limit, "limit", "n", 0, "list only the N newest (0: all)")
	return c
}

func runLs(c *cobra.Command, env *environment, o lsOptions) error {
	if err := env.settings(c); err != nil {
		return err
	}
	if o.limit < 0 {
		return usageError("-n takes a number of originals, or 0 for all")
	}
	stored, err := env.location().Recent()
	if err != nil {
		// The other stores are still listed.
		warn(c.ErrOrStderr(), "ls: %v", err)
	}
	if o.limit > 0 && len(stored) > o.limit {
		stored = stored[:o.limit]
	}
	originals := gain.Originals(stored)
	dir, _ := os.Getwd()
	for i := range originals {
		originals[i].Store = absolute(originals[i].Store, dir)
	}
	if o.json {
		enc := json.NewEncoder(c.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(originals)
	}
	return gain.WriteList(c.OutOrStdout(), originals, reportStyle(c.OutOrStdout(), env.getenv))
}
