// Command headroom cuts the output of the tools an LLM agent runs into a
// short view that keeps what matters, and keeps the original on disk.
package main

import (
	"os"

	"github.com/headroom-cli/headroom/cmd"
)

func main() { os.Exit(cmd.Main()) }
