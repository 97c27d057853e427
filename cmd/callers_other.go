//go:build !linux

package cmd

import "github.com/headroom-cli/headroom/agent"

// callers returns nothing where the system has no /proc to read the
// processes headroom runs under from.
func callers() []agent.Caller { return nil }
