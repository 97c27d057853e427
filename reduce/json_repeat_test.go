package reduce

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A list's records cut to their short fields that print alike (a linter's
// findings of one rule, with no line to tell them apart) show one line,
// and the runs left out count the rest; no line shows twice.
func TestJSONRecordLineShowsOnce(t *testing.T) {
	finding := func(i int) string {
		return fmt.Sprintf("{\n\"ruleId\": \"no-var\",\n\"severity\": 2,\n\"message\": \"Unexpected var.\",\n"+
			"\"nodeType\": \"VariableDeclaration\",\n\"fix\": {\"range\": [%d, %d], \"text\": \"let\"}\n}", i, i+3)
	}
	var recs []string
	for i := range 12 {
		recs = append(recs, finding(i))
	}
	recs[7] = strings.Replace(recs[7], "no-var", "eqeqeq", 1)
	in := []byte("{\"results\": [\n{\"filePath\": \"src/app.js\",\n\"messages\": [\n" + strings.Join(recs, ",\n") +
		"\n],\n\"stats\": {\n\"times\": {\n\"parse\": {\"ms\": 3},\n\"rules\": {\"ms\": 5}\n}\n}\n}\n]}")
	d := newJSONDoc(in, seg{0, len(in)}, true)
	for _, level := range []int{lenientLevels, 10, 15} {
		got := string(d.try(form{depth: 4, level: level}, byteCount{}).view)
		if !json.Valid([]byte(got)) {
			t.Fatalf("level %d: the view does not parse:\n%s", level, got)
		}
		want := []string{`{"ruleId": "no-var", "message": "Unexpected var.", "severity": 2},`,
			`{"ruleId": "eqeqeq", "message": "Unexpected var.", "severity": 2},`,
			`"[headroom: items 1-6 elided (6 of 12)]",`, `"[headroom: items 8-11 elided (4 of 12)]"`}
		for _, w := range want {
			if strings.Count(got, w) != 1 {
				t.Errorf("level %d: the view shows %s %d times, not once:\n%s", level, w, strings.Count(got, w), got)
			}
		}
	}
}

// A record that pairs a name with a value (a CMake cache entry's
// properties, a tag's Key and Value) keeps its value beside its name where
// the view cuts it, a long value cut as strings are, with no note that
// its fields are left out: the name alone says what is set, not to what.
func TestJSONPairRecordKeepsItsValue(t *testing.T) {
	entry := func(name, help string) string {
		return fmt.Sprintf("{\n\"name\": %q,\n\"properties\": [\n{\n\"name\": \"HELPSTRING\",\n\"value\": %q\n}\n],\n"+
			"\"type\": \"STRING\",\n\"value\": \"\"\n}", name, help)
	}
	long := "This is the directory where this CMakeCache.txt was created, and more words to make it long enough to cut"
	in := []byte("{\"entries\": [\n" + entry("CMAKE_BUILD_TYPE", "Choose the type of build, options are: None Debug Release RelWithDebInfo MinSizeRel") +
		",\n" + entry("CMAKE_CACHEFILE_DIR", long) + "\n]}")
	d := newJSONDoc(in, seg{0, len(in)}, true)
	d.limit = 2 * len(in) // the input has no indentation, the view has
	for _, level := range []int{10, 15} {
		got := string(d.try(form{depth: 4, level: level}, byteCount{}).view)
		if !json.Valid([]byte(got)) {
			t.Fatalf("level %d: the view does not parse:\n%s", level, got)
		}
		for _, want := range []string{
			`{"name": "HELPSTRING", "value": "Choose the type of build, options are: None Debug Release RelWithDebInfo MinSizeRel"}`,
			`{"name": "HELPSTRING", "value": "This is the directory where this CMakeCache.txt was created,... [headroom: 45 chars cut]"}`,
		} {
			if !strings.Contains(got, want) {
				t.Errorf("level %d: the view lacks %s:\n%s", level, want, got)
			}
		}
		if strings.Contains(got, shortFieldsNote) {
			t.Errorf("level %d: the view says its records show their short fields alone:\n%s", level, got)
		}
	}
}
