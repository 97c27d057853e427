// Package agent connects headroom to coding agents. It decides which shell
// commands an agent runs may go through "headroom run --" without changing
// what the command does or what the agent allows, speaks each agent's hook
// protocol, and installs and removes headroom in each agent's settings.
//
// Nothing here touches the process's streams: callers pass bytes in and
// write the bytes that come back.
package agent

import (
	"fmt"
	"slices"
	"strings"
)

// Agent names a coding agent headroom can be wired into.
type Agent string

// The agents headroom knows.
const (
	Claude   Agent = "claude"
	Gemini   Agent = "gemini"
	Codex    Agent = "codex"
	OpenCode Agent = "opencode"
)

// CodexInstructions is not an agent but the other way headroom can be
// wired into Codex: instructions in AGENTS.md that ask the model to run
// commands through headroom run, for a Codex whose hooks are off or too
// old to rewrite a command.
const CodexInstructions Agent = "codex-instructions"

// Agents lists the agents in the order the documentation presents them.
var Agents = []Agent{Claude, Gemini, Codex, OpenCode}

// Parse returns the agent a name stands for.
func Parse(name string) (Agent, error) {
	a := Agent(strings.ToLower(name))
	if slices.Contains(Agents, a) {
		return a, nil
	}
	names := make([]string, len(Agents))
	for i, a := range Agents {
		names[i] = string(a)
	}
	return "", fmt.Errorf("unknown agent %q (valid: %s)", name, strings.Join(names, ", "))
}

// runPrefix is what a rewritten command starts with. It names the binary
// bare, not by path, so that settings checked into a project work on every
// machine that has headroom on its PATH.
const runPrefix = "headroom run -- "
