// Package shape names the kinds of tool output headroom knows and tells
// which kind a sample of output is.
package shape

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Kind is a kind of output, and so the reducer that handles it.
type Kind string

// The kinds of output.
const (
	Grep   Kind = "grep"
	Log    Kind = "log"
	Diff   Kind = "diff"
	JSON   Kind = "json"
	Text   Kind = "text"
	Binary Kind = "binary"
	// Listing is a list of names: paths (find, rg -l, git ls-files), ls -l
	// and tree, package and process tables.
	Listing Kind = "listing"
	// Outline is source code or documentation: a file printed with cat,
	// go doc, a man page, --help.
	Outline Kind = "outline"
)

// Auto is the --tool value that asks for sniffing.
const Auto = "auto"

// tools maps the names of producing tools to the kind of what they print.
var tools = map[string]Kind{
	"grep": Grep, "rg": Grep, "ripgrep": Grep, "ag": Grep, "ack": Grep, "git-grep": Grep, "find": Grep, "fd": Grep,
	"log": Log, "go-test": Log, "go-build": Log, "go": Log, "pytest": Log, "python": Log, "cargo": Log, "rustc": Log,
	"npm": Log, "yarn": Log, "pnpm": Log, "node": Log, "jest": Log, "vitest": Log, "make": Log, "gcc": Log,
	"clang": Log, "cmake": Log, "mvn": Log, "gradle": Log, "javac": Log, "apt": Log, "docker": Log, "ci": Log,
	"diff": Diff, "git-diff": Diff, "git-show": Diff, "git-log": Diff, "patch": Diff,
	"json": JSON, "jq": JSON, "curl": JSON, "kubectl": JSON, "go-list": JSON,
	"text": Text,
}

// Kinds lists the kinds a reducer handles, in the order users meet them.
var Kinds = []Kind{Grep, Log, Diff, JSON, Text}

// Tools returns the names of producing tools --tool accepts, sorted; the
// kinds themselves and Auto are accepted too.
func Tools() []string {
	var names []string
	for n, k := range tools {
		if string(k) != n {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// ParseTool returns the kind a --tool value stands for; Auto gives "".
func ParseTool(name string) (Kind, error) {
	if name == Auto || name == "" {
		return "", nil
	}
	if k, ok := tools[strings.ToLower(name)]; ok {
		return k, nil
	}
	kinds := []string{Auto}
	for _, k := range Kinds {
		kinds = append(kinds, string(k))
	}
	return "", fmt.Errorf("unknown tool %q (valid: %s, or a tool's name: %s)", name, strings.Join(kinds, ", "), strings.Join(Tools(), ", "))
}

// sniffer tells whether a sample is of one kind, and why.
type sniffer struct {
	kind  Kind
	sniff func(sample []byte) (bool, string)
}

// sniffers are tried in order; the first that recognises the sample wins.
// Diffs and JSON have strict syntax and go first; grep output needs a clear
// majority of path-like lines; anything else with the marks of a build or
// test is a log.
var sniffers = []sniffer{
	{Diff, sniffDiff},
	{JSON, sniffJSON},
	{Grep, sniffGrep},
	{Log, sniffLog},
}

// Sniff tells the kind of output from a sample of its start, and why.
func Sniff(sample []byte) (Kind, string) {
	if bytes.IndexByte(sample, 0) >= 0 {
		return Binary, "the input holds NUL bytes"
	}
	for _, s := range sniffers {
		if ok, why := s.sniff(sample); ok {
			return s.kind, why
		}
	}
	return Text, "no other shape matched"
}
