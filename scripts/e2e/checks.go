package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/headroom-cli/headroom/token"
)

// checks collects the assertions of a run, printing each as it is made.
type checks struct {
	failed []string
	passed int
}

func (c *checks) check(name string, ok bool, detail string) {
	if ok {
		c.passed++
		fmt.Printf("   ok    %s: %s\n", name, detail)
		return
	}
	c.failed = append(c.failed, name+": "+detail)
	fmt.Printf("   FAIL  %s: %s\n", name, detail)
}

func (c *checks) fail(name, detail string) { c.check(name, false, detail) }

func (c *checks) ok() bool { return len(c.failed) == 0 }

func (c *checks) summary() string {
	s := fmt.Sprintf("%d checks passed, %d failed", c.passed, len(c.failed))
	for _, f := range c.failed {
		s += "\n  FAIL " + f
	}
	return s
}

// A row of the table: what the model received for one command.
type row struct {
	agent, mode, command string
	bytes, tokens        int
	marks                string // the view's header and footer
	hook, ran            string
	expand               string
	status               string
	failure              string
}

var counter = sync.OnceValue(func() *token.Counter {
	c, err := token.New("o200k_base")
	if err != nil {
		panic(err)
	}
	if err := c.Load(); err != nil {
		panic(err)
	}
	return c
})

func tokens(s string) int { return counter().Count([]byte(s)) }

// The view's first and last lines, which name the stored original; an
// agent may start the first with its own words ("Output: ").
var (
	headerLine = regexp.MustCompile(`(?m)^(?:Output: )?\[headroom: .* · headroom expand ([0-9a-f]{12})\]$`)
	footerLine = regexp.MustCompile(`(?m)^\[headroom: full output: headroom expand ([0-9a-f]{12}) · `)
)

// view finds headroom's view in a tool result: the hash its header and
// footer name, "" when it has neither.
func view(text string) (hash string, header, footer bool) {
	h := headerLine.FindStringSubmatch(text)
	f := footerLine.FindStringSubmatch(text)
	header, footer = h != nil, f != nil
	if header && footer && h[1] == f[1] {
		hash = h[1]
	}
	return hash, header, footer
}

// exitSeen is the exit status a tool result tells the model, in each
// agent's words.
var exitSeen = map[string]*regexp.Regexp{
	"claude":   regexp.MustCompile(`\AExit code (\d+)`),
	"codex":    regexp.MustCompile(`Process exited with code (\d+)`),
	"gemini":   regexp.MustCompile(`Exit Code: (\d+)`),
	"opencode": regexp.MustCompile(`exit code:? (\d+)`),
}

// status returns the exit status a result shows the model, or how it
// shows none.
func status(agent string, r toolResult) string {
	if m := exitSeen[agent].FindStringSubmatch(r.text); m != nil {
		return "exit " + m[1]
	}
	switch agent {
	case "claude":
		if r.isError {
			return "error, no status"
		}
		return "exit 0 (no mark)"
	case "gemini":
		return "exit 0 (no mark)"
	}
	return "not shown"
}

// timings finds the durations go test prints, which differ from run to run.
var timings = regexp.MustCompile(`\d+\.\d+s\b`)

// sameOutput compares what expand gave back with what the command printed
// when run again: exactly, or but for go test's timings.
func sameOutput(expanded, direct []byte) string {
	switch {
	case bytes.Equal(expanded, direct):
		return "exact"
	case bytes.Equal(timings.ReplaceAll(expanded, []byte("T")), timings.ReplaceAll(direct, []byte("T"))):
		return "exact but for timings"
	}
	return fmt.Sprintf("DIFFERS (%d vs %d bytes)", len(expanded), len(direct))
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// table writes the rows as a Markdown table.
func (c *config) table() string {
	var b strings.Builder
	b.WriteString("| agent | mode | command | bytes | ~tokens | header+footer | hook ran | command run | expand | status seen | failure line |\n")
	b.WriteString("|---|---|---|---:|---:|---|---|---|---|---|---|\n")
	for _, r := range c.rows {
		fmt.Fprintf(&b, "| %s | %s | `%s` | %s | %s | %s | %s | `%s` | %s | %s | %s |\n", r.agent, r.mode, r.command,
			thousands(r.bytes), thousands(r.tokens), r.marks, r.hook, r.ran, r.expand, r.status, r.failure)
	}
	return b.String()
}

// echoed checks the answers of the hook calls that rewrote a command: each
// must give back the tool input the agent sent, with only the command
// routed through headroom run. It returns how many it checked, and the
// first that differed. opencode's plugin sends no tool input back, only
// the command, which it puts in place of the model's.
func echoed(spy []spyEntry) (n int, diff string) {
	for _, e := range spy {
		if len(e.Args) == 0 || e.Args[0] != "hook" {
			continue
		}
		var in struct {
			ToolInput map[string]any `json:"tool_input"`
		}
		var out struct {
			Specific struct {
				UpdatedInput map[string]any `json:"updatedInput"`
				ToolInput    map[string]any `json:"tool_input"`
			} `json:"hookSpecificOutput"`
		}
		json.Unmarshal([]byte(e.In), &in)
		json.Unmarshal([]byte(e.Out), &out)
		got := out.Specific.UpdatedInput
		if got == nil {
			got = out.Specific.ToolInput
		}
		if got == nil || in.ToolInput == nil {
			continue // the call runs as it is
		}
		n++
		want := maps.Clone(in.ToolInput)
		want["command"] = "headroom run -- " + fmt.Sprint(in.ToolInput["command"])
		if !reflect.DeepEqual(got, want) && diff == "" {
			a, _ := json.Marshal(in.ToolInput)
			b, _ := json.Marshal(got)
			diff = fmt.Sprintf("%s came back as %s", a, b)
		}
	}
	return n, diff
}
