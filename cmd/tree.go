package cmd

import (
	"os"

	"github.com/spf13/cobra"
)

// Tree returns headroom's command tree with its flags, as Main runs it. It
// is for generating what is derived from the tree, such as the man pages and
// the shell completions shipped in releases; it is not an API for running
// headroom.
func Tree() *cobra.Command {
	return newRoot(&environment{getenv: os.Getenv})
}
