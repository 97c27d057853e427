package reduce

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// goListDeps writes a go list -deps -json stream: std packages, then n
// packages of each of mods modules, whose Module objects (the version a
// person reading the stream looks for) no line of a record shows.
func goListDeps(std, mods, n int) (string, map[string]string) {
	words := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike " +
		"november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu")
	word := func(i int) string { return words[i%len(words)] }
	var sb strings.Builder
	for i := range std {
		name := word(i / len(words))
		fmt.Fprintf(&sb, "{\n\t\"ImportPath\": \"%s/%s\",\n\t\"Name\": \"%s\",\n\t\"Standard\": true,\n\t\"Imports\": [\n\t\t\"unsafe\"\n\t]\n}\n",
			word(i), name, name)
	}
	versions := map[string]string{}
	for m := range mods {
		path := "github.com/" + word(m) + "/" + word(m+7)
		version := fmt.Sprintf("v1.%d.%d", m, 3*m+1)
		versions[path] = version
		for i := range n {
			fmt.Fprintf(&sb, "{\n\t\"ImportPath\": \"%s/%s\",\n\t\"Name\": \"%s\",\n\t\"Module\": {\n\t\t\"Path\": \"%s\",\n"+
				"\t\t\"Version\": \"%s\",\n\t\t\"Time\": \"2025-01-0%dT10:00:00Z\",\n\t\t\"Dir\": \"/home/u/go/pkg/mod/%s@%s\",\n"+
				"\t\t\"GoMod\": \"/home/u/go/pkg/mod/cache/download/%s/@v/%s.mod\",\n\t\t\"GoVersion\": \"1.22\"\n\t},\n"+
				"\t\"Imports\": [\n\t\t\"fmt\",\n\t\t\"io\",\n\t\t\"strings\"\n\t]\n}\n",
				path, word(i+3), word(i+3), path, version, 1+i%9, path, version, path, version)
		}
	}
	// The main module's packages come last, as go list writes them: its
	// Module object has no version, and says it is the main one.
	sb.WriteString("{\n\t\"ImportPath\": \"example.com/app\",\n\t\"Name\": \"main\",\n\t\"Module\": {\n" +
		"\t\t\"Path\": \"example.com/app\",\n\t\t\"Main\": true,\n\t\t\"Dir\": \"/home/u/app\",\n\t\t\"GoVersion\": \"1.22\"\n\t}\n}\n")
	return sb.String(), versions
}

// A go list -deps stream named in folds names the modules its packages
// come from once each, by path and version, the main module (which has no
// version) first, marked as the input marks it: a line of a record cannot
// show them.
func TestJSONStreamNamesSharedModules(t *testing.T) {
	input, versions := goListDeps(240, 12, 6)
	got := body(t, shape.JSON, []byte(input), 2000)
	head := regexp.MustCompile(`(?m)^\[headroom: the records' ([0-9]+) distinct "Module" objects by name and version:\]\n(.*)$`).FindSubmatch(got)
	if head == nil {
		t.Fatalf("no note names the modules:\n%s", got)
	}
	if atoi(string(head[1])) != len(versions)+1 {
		t.Errorf("the note counts %s modules, want %d:\n%s", head[1], len(versions)+1, got)
	}
	if want := `  "Module": {"Path": "example.com/app", "Main": true}`; string(head[2]) != want {
		t.Errorf("the note's first line is %q, want the main module, %q:\n%s", head[2], want, got)
	}
	lines := regexp.MustCompile(`(?m)^  "Module": \{"Path": "([^"]+)", "Version": "([^"]+)"\}$`).FindAllSubmatch(got, -1)
	if len(lines) < 3 {
		t.Errorf("%d modules named, want at least 3:\n%s", len(lines), got)
	}
	for _, m := range lines {
		if versions[string(m[1])] != string(m[2]) {
			t.Errorf("module %s named at %s, want %q", m[1], m[2], versions[string(m[1])])
		}
	}
	shown := len(lines) + 1
	if more := regexp.MustCompile(`(?m)^  and ([0-9]+) more "Module" objects$`).FindSubmatch(got); more != nil {
		shown += atoi(string(more[1]))
	}
	if shown != len(versions)+1 {
		t.Errorf("%d modules named or counted, want %d:\n%s", shown, len(versions)+1, got)
	}
	if !regexp.MustCompile(`(?m)^\[headroom: the [0-9]+ records by ImportPath`).Match(got) {
		t.Errorf("the records are no longer named in folds:\n%s", got)
	}
}

// streamItems splits a stream into its values.
func streamItems(b []byte) []seg {
	var items []seg
	for i := skipSpace(b, 0); i < len(b); i = skipSpace(b, i) {
		end := valueEnd(b, i)
		items = append(items, seg{i, end})
		i = end
	}
	return items
}

// Records whose objects are each their own name no version for many: no
// note names them; records that share a few, each once.
func TestJSONStreamSharedPartsNeedSharing(t *testing.T) {
	input, _ := goListDeps(0, 40, 1)
	if got := sharedParts([]byte(input), streamItems([]byte(input)), 10000, counter()); got != "" {
		t.Errorf("41 records of 41 modules: %s", got)
	}
	input, _ = goListDeps(0, 10, 4)
	if got := sharedParts([]byte(input), streamItems([]byte(input)), 10000, counter()); !strings.Contains(got, "11 distinct") {
		t.Errorf("41 records of 11 modules: %q", got)
	}
}
