package shape

import (
	"strings"
	"testing"
)

// TestParseTool checks the --tool values for the kinds and the tools that
// print them, and that an unknown one lists the valid ones.
func TestParseTool(t *testing.T) {
	for name, want := range map[string]Kind{
		"auto": "", "": "", "listing": Listing, "outline": Outline, "LS": Listing, "find": Listing,
		"fd": Listing, "tree": Listing, "du": Listing, "ps": Listing, "git-status": Listing,
		"git-ls-files": Listing, "man": Outline, "go-doc": Outline, "pydoc": Outline, "javap": Outline,
		"rg": Grep, "go-test": Log, "git-diff": Diff, "jq": JSON, "text": Text,
	} {
		if got, err := ParseTool(name); err != nil || got != want {
			t.Errorf("ParseTool(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	_, err := ParseTool("cat")
	if err == nil || !strings.Contains(err.Error(), "valid: auto, grep, log, diff, json, listing, outline, text, or a tool's name: ") {
		t.Errorf("ParseTool(cat): %v", err)
	}
}
