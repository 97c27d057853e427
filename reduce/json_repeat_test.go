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
