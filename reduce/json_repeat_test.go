package reduce

import (
	"encoding/json"
	"fmt"
	"github.com/headroom-cli/headroom/shape"
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

// apiOperations returns a map of n operations in the style of an API
// description's, each record naming itself, at indentation 4.
func apiOperations(n int) string {
	var ops []string
	for i := range n {
		name := fmt.Sprintf("Operation%02d", i)
		ops = append(ops, fmt.Sprintf("        %q: {\n            \"name\": %[1]q,\n            \"http\": {\n                \"method\": \"POST\",\n"+
			"                \"requestUri\": \"/\"\n            },\n            \"input\": {\n                \"shape\": \"%sRequest\"\n            },\n"+
			"            \"documentation\": \"<p>Does the %[2]s thing, %s</p>\"\n        }", name, name, strings.Repeat("and more words of prose ", 12)))
	}
	return "    \"operations\": {\n" + strings.Join(ops, ",\n") + "\n    }"
}

// An API description's operations, shown by their names alone beside its
// shapes shown by their type, show the first operation in full where that
// fits and the first shape in full beside it does not: the names say
// nothing of what an operation holds.
func TestJSONFirstRecordOfNamesAloneInFull(t *testing.T) {
	var shapes []string
	for i := range 60 {
		kind := []string{"structure", "string", "list"}[i%3]
		shapes = append(shapes, fmt.Sprintf("        \"Shape%02d\": {\n            \"type\": %q,\n            \"members\": {\n"+
			"                \"Name\": {\"shape\": \"String\"},\n                \"Value\": {\"shape\": \"String\"}\n            },\n"+
			"            \"documentation\": \"<p>The shape %02[1]d, %s</p>\"\n        }", i, kind, strings.Repeat("described at length ", 10)))
	}
	in := "{\n    \"version\": \"2.0\",\n" + apiOperations(20) + ",\n    \"shapes\": {\n" + strings.Join(shapes, ",\n") + "\n    }\n}\n"
	if !json.Valid([]byte(in)) {
		t.Fatalf("not JSON:\n%s", in)
	}
	found := false
	for budget := 600; budget <= 1600 && !found; budget += 25 {
		got := string(body(t, shape.JSON, []byte(in), budget))
		found = strings.Contains(got, `"[headroom: 20 records, 1 in full, 19 by name alone]"`) &&
			strings.Contains(got, `"[headroom: 60 records, 60 by type alone]"`)
	}
	if !found {
		t.Errorf("no budget shows the first operation in full and the shapes by type alone")
	}
}
