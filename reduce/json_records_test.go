package reduce

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// The key that names records is one all of them have, unique, preferring
// paths and names, or a name nested in an object each record holds.
func TestJSONRecordKey(t *testing.T) {
	for _, tc := range []struct {
		path, list string // list: the key of the record list, "" for the root
		want       string
	}{
		{filepath.Join(localJSON, "pip-inspect.json"), "installed", "metadata.name"},
		{filepath.Join(localJSON, "pip-list.json"), "", "name"},
		{filepath.Join(corpusDir, "json-eslint-format-json.out"), "", "filePath"},
		{filepath.Join(corpusDir, "json-terraform-show-plan.out"), "resource_changes", "address"},
	} {
		b := readFile(t, tc.path)
		var items []seg
		v := seg{skipSpace(b, 0), len(bytes.TrimRight(b, " \n"))}
		if tc.list != "" {
			v = memberValue(b, v, []byte(`"`+tc.list+`"`))
		}
		eachItem(b, v.start, func(start, end int) bool { items = append(items, seg{start, end}); return true })
		var got []string
		for _, k := range newRecordSet(b, items).recordKey() {
			got = append(got, string(k[1:len(k)-1]))
		}
		if strings.Join(got, ".") != tc.want {
			t.Errorf("%s: records named by %q, want %q", filepath.Base(tc.path), strings.Join(got, "."), tc.want)
		}
	}
}

// A document's record list that does not fit is shown one record a line by
// its key, every record named, in a view that parses, and its note counts
// exactly the records shown each way and the fields they leave out.
func TestJSONRecordListDocument(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "pip-inspect.json"))
	var doc struct {
		Installed []map[string]json.RawMessage
	}
	if err := json.Unmarshal(input, &doc); err != nil {
		t.Fatal(err)
	}
	names := map[string]int{} // fields of each record, with its metadata's
	for _, rec := range doc.Installed {
		var meta map[string]json.RawMessage
		json.Unmarshal(rec["metadata"], &meta)
		var name string
		json.Unmarshal(meta["name"], &name)
		names[name] = len(rec) - 1 + len(meta) - 1
	}
	for _, budget := range []int{500, 2000} {
		got := body(t, shape.JSON, input, budget)
		var view struct{ Installed []json.RawMessage }
		if err := json.Unmarshal(got, &view); err != nil {
			t.Fatalf("@%d: the view does not parse: %v\n%s", budget, err, got)
		}
		if len(view.Installed) != len(doc.Installed)+1 {
			t.Fatalf("@%d: %d items where %d records and a note are due", budget, len(view.Installed), len(doc.Installed))
		}
		var note string
		json.Unmarshal(view.Installed[0], &note)
		m := regexp.MustCompile(`^\[headroom: ([0-9]+) records, (?:([0-9]+) in full, )?([0-9]+) by metadata\.name alone: ([0-9,]+) fields elided\]$`).FindStringSubmatch(note)
		if m == nil {
			t.Fatalf("@%d: not a note of the records: %q", budget, note)
		}
		byKey, elided, full := 0, 0, 0
		for i, raw := range view.Installed[1:] {
			var rec map[string]json.RawMessage
			var meta map[string]json.RawMessage
			if json.Unmarshal(raw, &rec) != nil || json.Unmarshal(rec["metadata"], &meta) != nil {
				t.Fatalf("@%d: record %d is not an object with metadata: %s", budget, i, raw)
			}
			var name string
			json.Unmarshal(meta["name"], &name)
			if _, ok := names[name]; !ok {
				t.Errorf("@%d: record %d is not named: %s", budget, i, raw)
			}
			if len(rec) == 1 && len(meta) == 1 {
				byKey++
				elided += names[name]
			} else {
				full++
			}
		}
		if atoi(m[1]) != len(doc.Installed) || atoi(m[2]) != full || atoi(m[3]) != byKey || atoi(m[4]) != elided {
			t.Errorf("@%d: note %q; counted %d in full, %d by name, %d fields elided", budget, note, full, byKey, elided)
		}
	}
}

// A run of records is shown one a line, each named by its key, and the
// census counts exactly what the lines by key leave out.
func TestJSONRecordListStream(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "golist-go.json"))
	fields := map[string]int{}
	d := json.NewDecoder(bytes.NewReader(input))
	for d.More() {
		var rec map[string]json.RawMessage
		if err := d.Decode(&rec); err != nil {
			t.Fatal(err)
		}
		var path string
		json.Unmarshal(rec["ImportPath"], &path)
		fields[path] = len(rec)
	}
	got := body(t, shape.JSON, input, 600)
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	m := regexp.MustCompile(`; shown one a line:(?: ([0-9]+) whole or condensed,)? ([0-9]+) by ImportPath alone(?:, ([0-9]+) with a field most lack)? \(([0-9,]+) fields elided\)\]$`).FindStringSubmatch(lines[0])
	if m == nil {
		t.Fatalf("the census does not say how the records are shown: %q", lines[0])
	}
	if len(lines) != 1+len(fields) {
		t.Fatalf("%d lines for %d records:\n%s", len(lines)-1, len(fields), got)
	}
	byKey, withField, elided, other := 0, 0, 0, 0
	keyLine := regexp.MustCompile(`^\{"ImportPath": "([^"]+)"(, "([A-Za-z]+)": .*)?\}$`)
	for _, l := range lines[1:] {
		if k := keyLine.FindStringSubmatch(l); k != nil && !strings.Contains(k[2], `, "Name": `) {
			if _, ok := fields[k[1]]; !ok {
				t.Errorf("line %q names no record", l)
			}
			if k[2] == "" {
				byKey++
				elided += fields[k[1]] - 1
			} else {
				withField++
				elided += fields[k[1]] - 2
			}
			continue
		}
		other++
		if !strings.Contains(l, `"ImportPath": "go/`) {
			t.Errorf("line %q does not name its record", l)
		}
	}
	if atoi(m[1]) != other || atoi(m[2]) != byKey || atoi(m[3]) != withField || atoi(m[4]) != elided {
		t.Errorf("census %q; counted %d whole, %d by key, %d with a field, %d fields elided", lines[0], other, byKey, withField, elided)
	}
	if byKey == 0 || other == 0 {
		t.Errorf("%d records by key and %d otherwise: the sample no longer tests both", byKey, other)
	}
}

// A key a record repeats counts once, by the value a line shows: the field
// that labels a map's records, and the key that names a list's, has a
// scalar value in every record, never a container or nothing. (What a view
// writes of a list's lines is kept for views with strings as long: see
// listOnce.)
func TestJSONRecordKeyRepeated(t *testing.T) {
	for _, input := range []string{
		// The label's first value in one record is an object; another
		// record has it twice.
		`{"a": {"type": {"x": 1}, "port": 1}, "b": {"type": "web", "type": "api", "port": 2}, "c": {"type": "web", "port": 3}, "d": {"type": "db", "port": 4}}`,
		// One record lacks the label, another has it twice.
		`{"a": {"state": "up", "port": 1}, "b": {"state": "up", "state": "down", "port": 2}, "c": {"port": 3}, "d": {"state": "x", "port": 4}}`,
		// A list's key is an object in one record, twice in another.
		`[{"name": {"o": 1}, "id": 0}, {"name": "n1", "name": "n1b", "id": 1}, {"name": "n2", "id": 2}, {"name": "n3", "id": 3},
		  {"name": "n4", "id": 4}, {"name": "n5", "id": 5}, {"name": "n6", "id": 6}, {"name": "n7", "id": 7}]`,
	} {
		b := []byte(input)
		d := newJSONDoc(b, seg{0, valueEnd(b, 0)}, true)
		lists := d.recordLists()
		if len(lists) != 1 {
			t.Fatalf("%s: %d record lists, want 1", input, len(lists))
		}
		l := lists[0]
		key := l.label
		if !l.object {
			key = l.path[0]
		}
		each := func(v seg) {
			if x := d.memberValue(v, key); x.end <= x.start || kindAt(b, x.start) != jString && kindAt(b, x.start) != jNumber {
				t.Errorf("%s: a record's %s is %q, no scalar", input, key, b[x.start:x.end])
			}
		}
		if l.object {
			d.eachMember(l.at, func(_, v seg) bool { each(v); return true })
		} else {
			d.eachItem(l.at, func(start, end int) bool { each(seg{start, end}); return true })
		}
	}
}

// A map whose members are records is shown one record a line by the field
// they have in common, every member named.
func TestJSONRecordListMap(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "json-npm-ls-long.out"))
	var doc struct{ Dependencies map[string]map[string]any }
	if err := json.Unmarshal(input, &doc); err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, input, 2000)
	var view struct{ Dependencies map[string]any }
	if err := json.Unmarshal(got, &view); err != nil {
		t.Fatalf("the view does not parse: %v", err)
	}
	for name, dep := range doc.Dependencies {
		v, ok := view.Dependencies[name].(map[string]any)
		if !ok || v["version"] != dep["version"] {
			t.Errorf("dependency %s is not shown with its version %v: %v", name, dep["version"], view.Dependencies[name])
		}
	}
	if !bytes.Contains(got, []byte(`"[headroom: 7 records, 1 in full, 6 by version alone]": "`)) {
		t.Errorf("no note of the records:\n%s", got)
	}
}

// At any budget, a view of a record list fits, and a view of one document
// parses: list mode changes what a view shows with the budget, and must
// hold to both at each step.
func TestJSONRecordListsAnyBudget(t *testing.T) {
	paths := []string{
		filepath.Join(localJSON, "pip-inspect.json"), filepath.Join(localJSON, "golist-go.json"),
		filepath.Join(localJSON, "npm-ls-all.json"), filepath.Join(localJSON, "pip-list.json"),
		filepath.Join(corpusDir, "json-terraform-show-plan.out"), filepath.Join(corpusDir, "json-npm-ls-long.out"),
		filepath.Join(corpusDir, "json-eslint-format-json.out"), filepath.Join(corpusDir, "json-go-list-deps.out"),
	}
	for _, path := range paths {
		input := readFile(t, path)
		for _, budget := range []int{120, 250, 400, 700, 1100, 1600, 2500, 4000} {
			if counter().Count(input) <= budget {
				continue
			}
			got := body(t, shape.JSON, input, budget)
			if n := counter().Count(got); n > budget {
				t.Errorf("%s@%d: view has %d tokens", filepath.Base(path), budget, n)
			}
			if json.Valid(input) && !json.Valid(got) {
				t.Errorf("%s@%d: the view of one document does not parse:\n%s", filepath.Base(path), budget, got)
			}
		}
	}
}

// BenchmarkJSONRecordList reduces a document whose view shows its records
// one a line, and a run of records shown so.
func BenchmarkJSONRecordList(b *testing.B) {
	for _, name := range []string{"json-eslint-format-json", "json-go-list-deps"} {
		b.Run(name, func(b *testing.B) {
			benchmarkJSON(b, readFile(b, filepath.Join(corpusDir, name+".out")))
		})
	}
}

// A list of records each short enough to show whole, too many to show so
// within the budget, is shown by its key: every record named, rather than
// the first few whole, and as many whole as fit, spread over the list.
func TestJSONRecordListShortRecordsByKey(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"codes\": [\n")
	const n = 180
	for i := range n {
		sep := ","
		if i == n-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "    {\n      \"code\": \"K%03d\",\n      \"label\": \"label number %d\",\n      \"numeric\": \"%03d\"\n    }%s\n", i, i, 7*i%1000, sep)
	}
	b.WriteString("  ]\n}\n")
	got := body(t, shape.JSON, []byte(b.String()), 2000)
	namesEach(t, got, `"K%03d"`, n)
	if !json.Valid(got) {
		t.Errorf("the view does not parse:\n%s", got)
	}
	// The room the keys leave shows records whole, spread over the list.
	var whole []int
	for _, m := range regexp.MustCompile(`\{"code": "K([0-9]+)", "label"`).FindAllSubmatch(got, -1) {
		whole = append(whole, atoi(string(m[1])))
	}
	if len(whole) < 2 || whole[0] > n/4 || whole[len(whole)-1] < 3*n/4 {
		t.Errorf("records shown whole: %v, want some spread over the list:\n%s", whole, got)
	}
}

// A record list inside a short array of other objects, as tree -J writes
// its tree and then a report, is found as one at the top of a document.
func TestJSONRecordListInShortArray(t *testing.T) {
	var b strings.Builder
	b.WriteString(`[{"type":"directory","name":"root","contents":[`)
	const n = 60
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n"+`{"type":"directory","name":"pkg%02d","contents":[{"type":"file","name":"index.js"},{"type":"file","name":"package.json"},{"type":"file","name":"README.md"}]}`, i)
	}
	fmt.Fprintf(&b, "\n"+`]},{"type":"report","directories":%d,"files":%d}]`+"\n", n+1, 3*n)
	got := body(t, shape.JSON, []byte(b.String()), 700)
	namesEach(t, got, `"pkg%02d"`, n)
	if !json.Valid(got) || !bytes.Contains(got, []byte(`"type":"report"`)) {
		t.Errorf("the view does not parse or lacks the report:\n%s", got)
	}
}

// The few items of an array a member holds are looked into as deep as
// the document: the services of each partition of an endpoint table are
// records, each named on a line, not summarised by their counts of keys.
func TestJSONRecordListInMemberArray(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"partitions": [`)
	const parts, n = 2, 40
	for p := range parts {
		if p > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n"+`{"partition": "part%d", "dnsSuffix": "example.com", "services": {`, p)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "\n"+`"svc%d%02d": {"endpoints": {"north-1": {}, "north-2": {}, "south-1": {}, "south-2": {}, "east-1": {}, "west-1": {}}}`, p, i)
		}
		b.WriteString("}}")
	}
	b.WriteString("]}\n")
	input := []byte(b.String())
	d := newJSONDoc(input, seg{0, valueEnd(input, 0)}, true)
	if lists := d.recordLists(); len(lists) != parts {
		t.Fatalf("%d record lists, want one in each of %d partitions", len(lists), parts)
	}
	got := body(t, shape.JSON, input, 1000)
	for p := range parts {
		namesEach(t, got, fmt.Sprintf(`"svc%d%%02d"`, p), n)
	}
	if !json.Valid(got) {
		t.Errorf("the view does not parse:\n%s", got)
	}
}

// A map whose members are lists of records, as the examples of each
// operation of a service, is shown one member a line by its name.
func TestJSONRecordListMapOfLists(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"version\": \"1.0\",\n  \"examples\": {")
	const n = 40
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n    \"Operation%02d\": [\n      {\n        \"input\": {\"Name\": \"thing-%d\", \"Count\": %d},\n        \"output\": {\"Id\": \"id-%d\"},\n        \"title\": \"To run operation %d on a thing\"\n      }\n    ]", i, i, i, i, i)
	}
	b.WriteString("\n  }\n}\n")
	got := body(t, shape.JSON, []byte(b.String()), 800)
	namesEach(t, got, `"Operation%02d"`, n)
	if !json.Valid(got) {
		t.Errorf("the view does not parse:\n%s", got)
	}
	if !bytes.Contains(got, []byte(" items elided")) {
		t.Errorf("the note does not count the items left out:\n%s", got)
	}
	for _, budget := range []int{60, 150, 300, 1200} {
		if got := body(t, shape.JSON, []byte(b.String()), budget); !json.Valid(got) || counter().Count(got) > budget {
			t.Errorf("@%d: the view does not parse or fit:\n%s", budget, got)
		}
	}
}

// namesEach fails the test unless the view names each of n records, the
// name of record i written by format.
func namesEach(t *testing.T, view []byte, format string, n int) {
	t.Helper()
	for i := range n {
		if name := fmt.Sprintf(format, i); !bytes.Contains(view, []byte(name)) {
			t.Fatalf("record %s is not named:\n%s", name, view)
		}
	}
}

// A key that a few records share still names a list's records when no key
// is unique, as the switches of a compiler's flag table; a unique key wins.
func TestJSONRecordKeyNearlyUnique(t *testing.T) {
	flags := func(seq bool) string {
		var b strings.Builder
		b.WriteString("[")
		for i := range 20 {
			if i > 0 {
				b.WriteString(",")
			}
			sw := fmt.Sprintf("W%d", i)
			if i == 7 {
				sw = "W6" // two spellings of one option
			}
			fmt.Fprintf(&b, `{"group": "Warnings%d", "switch": "%s"`, i%4, sw)
			if seq {
				fmt.Fprintf(&b, `, "seq": %d`, i)
			}
			b.WriteString("}")
		}
		return b.String() + "]"
	}
	for _, tc := range []struct {
		doc  string
		want string
	}{
		{flags(false), "switch"},
		{flags(true), "seq"},
	} {
		b := []byte(tc.doc)
		if !json.Valid(b) {
			t.Fatalf("not JSON: %s", b)
		}
		var items []seg
		eachItem(b, 0, func(start, end int) bool { items = append(items, seg{start, end}); return true })
		var got []string
		for _, k := range newRecordSet(b, items).recordKey() {
			got = append(got, string(k[1:len(k)-1]))
		}
		if strings.Join(got, ".") != tc.want {
			t.Errorf("records named by %q, want %q:\n%s", strings.Join(got, "."), tc.want, tc.doc)
		}
	}
}

// importPaths returns the ImportPath of each record of a go list stream.
func importPaths(t *testing.T, input []byte) []string {
	t.Helper()
	var paths []string
	d := json.NewDecoder(bytes.NewReader(input))
	for d.More() {
		var rec struct{ ImportPath string }
		if err := d.Decode(&rec); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, rec.ImportPath)
	}
	return paths
}

// namedOnce checks that the view got names each record of paths at most
// once (named counts the names it shows), and returns how many records it
// says it leaves unnamed.
func namedOnce(t *testing.T, budget int, got []byte, named map[string]int, paths []string) int {
	t.Helper()
	for p, n := range named {
		if n > 1 || !slices.Contains(paths, p) {
			t.Errorf("budget %d: %q named %d times, in a list of %d", budget, p, n, len(paths))
		}
	}
	if m := regexp.MustCompile(`(?m)^  and ([0-9]+) more records$`).FindSubmatch(got); m != nil {
		return atoi(string(m[1]))
	}
	return 0
}

// When a stream's records do not fit one a line, a note names them by their
// key in folds, as a listing view names paths: each record is named, or
// counted when the note has no room for it, and none is named twice.
func TestJSONRecordStreamNamedInFolds(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "golist-go.json"))
	paths := importPaths(t, input)
	notes := 0
	for _, budget := range []int{200, 250, 300, 350} {
		got := body(t, shape.JSON, input, budget)
		head := regexp.MustCompile(`(?m)^\[headroom: (?:the first ([0-9]+) of )?the ([0-9]+) records by ImportPath, in folds \(` +
			regexp.QuoteMeta(FoldLegend) + `\):\]$`).FindSubmatch(got)
		if head == nil {
			if bytes.Contains(got, []byte("in folds")) {
				t.Errorf("budget %d: a note of folds without its head:\n%s", budget, got)
			}
			continue
		}
		notes++
		if atoi(string(head[2])) != len(paths) {
			t.Errorf("budget %d: the note counts %s records, want %d", budget, head[2], len(paths))
		}
		lines := append(bytes.Split(Unfolded(got), []byte("\n")), bytes.Split(got, []byte("\n"))...)
		named := map[string]int{}
		for _, l := range lines {
			if m := regexp.MustCompile(`^  "ImportPath": "([^{},"]+)"$`).FindSubmatch(l); m != nil {
				named[string(m[1])]++
			}
		}
		more := namedOnce(t, budget, got, named, paths)
		if len(named)+more != len(paths) || head[1] != nil && atoi(string(head[1])) != len(named) {
			t.Errorf("budget %d: %d records named and %d counted, of %d:\n%s", budget, len(named), more, len(paths), got)
		}
	}
	if notes == 0 {
		t.Error("no budget names the records in folds: the sample no longer tests the note")
	}
}

// A run of records shown one a line, some by their key alone, shows more
// whole in the room the lines leave, spread over the run: the view leaves
// no more of its budget than a few records' lines would take.
func TestJSONRecordListStreamFillsRoom(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "golist-cmd-docs.json"))
	c := counter()
	lists := 0
	for budget := 2300; budget <= 2600; budget += 100 {
		got := body(t, shape.JSON, input, budget)
		m := regexp.MustCompile(`shown one a line: ([0-9]+) whole or condensed, ([0-9]+) by ImportPath alone`).FindSubmatch(got)
		if m == nil || atoi(string(m[2])) == 0 {
			continue
		}
		lists++
		if n := c.Count(got); n < budget*9/10 {
			t.Errorf("budget %d: the view uses %d tokens with %s records by key alone:\n%s", budget, n, m[2], got)
		}
	}
	if lists == 0 {
		t.Error("no budget shows the records one a line, some by key alone: the sample no longer tests the room")
	}
}

// Once a stream's names fit in folds, the room they leave shows records on
// a line each, spread over the run, and the folds leave those out: each
// record is named once, on its line, in the folds or counted, and the note
// counts each way exactly.
func TestJSONRecordStreamNamesAreAFloor(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "golist-cmd-docs.json"))
	paths := importPaths(t, input)
	spread := 0
	for _, budget := range []int{600, 1000, 1500} {
		got := body(t, shape.JSON, input, budget)
		head := regexp.MustCompile(`(?m)^\[headroom: the ([0-9]+) records by ImportPath: ([0-9]+) on a line each below, ([0-9]+) in folds \(` +
			regexp.QuoteMeta(FoldLegend) + `\):\]$`).FindSubmatch(got)
		if head == nil {
			continue
		}
		named := map[string]int{}
		folded, onLine := 0, 0
		// Unfolded gives the names of the folds, and the view's lines those
		// of the lines that fold none.
		lines := append(bytes.Split(Unfolded(got), []byte("\n")), bytes.Split(got, []byte("\n"))...)
		for _, l := range lines {
			if m := regexp.MustCompile(`^  "ImportPath": "([^{},"]+)"$`).FindSubmatch(l); m != nil {
				named[string(m[1])]++
				folded++
			}
		}
		for _, l := range bytes.Split(got, []byte("\n")) {
			if m := regexp.MustCompile(`^\{"ImportPath": "([^"]+)"`).FindSubmatch(l); m != nil {
				named[string(m[1])]++
				onLine++
			}
		}
		more := namedOnce(t, budget, got, named, paths)
		if atoi(string(head[1])) != len(paths) || atoi(string(head[2])) != onLine || atoi(string(head[3])) != folded ||
			onLine+folded+more != len(paths) {
			t.Errorf("budget %d: %d on a line, %d in folds and %d counted, of %d:\n%s", budget, onLine, folded, more, len(paths), got)
		}
		spread = max(spread, onLine)
	}
	if spread < 2 {
		t.Error("no budget shows records on a line each beside the names")
	}
}

// When not even a line for each record of a document's list fits, the
// records are named in folds, each fold a record that holds only the key,
// in a view that parses: each record is named or counted, none twice, and
// those shown on a line of their own are not named again in the folds.
func TestJSONRecordListNamedInFolds(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "pip-list.json"))
	var recs []struct{ Name string }
	if err := json.Unmarshal(input, &recs); err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, budget := range []int{300, 400, 500, 600} {
		got := body(t, shape.JSON, input, budget)
		var items []json.RawMessage
		if err := json.Unmarshal(got, &items); err != nil {
			t.Fatalf("budget %d: view does not parse: %v\n%s", budget, err, got)
		}
		head := regexp.MustCompile(`^"\[headroom: ([0-9,]+) records(?:, [0-9]+ in full)?(?:, [0-9]+ on a line each)?; (all|others|(?:of the others, )?the first ([0-9]+)(?: and the last ([0-9]+))?) by name, in folds \(` +
			regexp.QuoteMeta(FoldLegend) + `\)(?:, and ([0-9,]+) more records)?\]"$`).FindSubmatch(items[0])
		if head == nil {
			if bytes.Contains(got, []byte("in folds")) {
				t.Errorf("budget %d: folds without their note:\n%s", budget, got)
			}
			continue
		}
		notes++
		named := map[string]int{}
		for _, l := range append(bytes.Split(Unfolded(got), []byte("\n")), bytes.Split(got, []byte("\n"))...) {
			if m := regexp.MustCompile(`^(?:    |  \{)"name": "([^{},"]+)"`).FindSubmatch(l); m != nil {
				named[string(m[1])]++
			}
		}
		for name, n := range named {
			if n > 1 || !slices.ContainsFunc(recs, func(r struct{ Name string }) bool { return r.Name == name }) {
				t.Errorf("budget %d: %q named %d times, in a list of %d", budget, name, n, len(recs))
			}
		}
		want := len(recs) - atoi(string(head[5]))
		// The first names and the last, and records past them shown on a line.
		if head[3] != nil && atoi(string(head[3]))+atoi(string(head[4])) > want || len(named) != want || atoi(string(head[1])) != len(recs) {
			t.Errorf("budget %d: %d records named, the note says %s:\n%s", budget, len(named), items[0], got)
		}
	}
	if notes == 0 {
		t.Error("no budget names the records in folds: the sample no longer tests the note")
	}
}

// Naming a stream's records in folds leaves room for the record that fails.
func TestJSONRecordStreamNamesLeaveRoomForFailures(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	var in strings.Builder
	for i, w := range words {
		for j, v := range words[:6] {
			fmt.Fprintf(&in, "{\n  \"ImportPath\": \"%s/%s\",\n  \"Doc\": \"package %s of %s, number %d\"", w, v, v, w, i*6+j)
			if i == 13 && j == 3 {
				in.WriteString(",\n  \"Error\": {\n    \"Err\": \"undefined: frobnicate in the middle of the list\"\n  }")
			}
			in.WriteString("\n}\n")
		}
	}
	got := body(t, shape.JSON, []byte(in.String()), 400)
	if !bytes.Contains(got, []byte("in folds")) {
		t.Fatalf("the records are not named in folds:\n%s", got)
	}
	if !bytes.Contains(got, []byte("undefined: frobnicate")) {
		t.Errorf("the failing record gave way to the names:\n%s", got)
	}
}

// Records listed by a key that is no name show their name too where only
// some have one (a syntax tree's classes among its statements), and not a
// name every record has, which is a category.
func TestJSONRecordListByKeyWithName(t *testing.T) {
	long := strings.Repeat("a statement too long to show whole in the view ", 3)
	for _, tc := range []struct {
		name   func(i int) string
		want   string
		absent string
	}{
		{func(i int) string {
			if i%5 == 2 {
				return fmt.Sprintf(`"name": "Class%d", `, i)
			}
			return ""
		}, `{"lineno": 12, "name": "Class12"}`, ""},
		{func(i int) string { return fmt.Sprintf(`"name": "Group%d", `, i%3) }, `{"lineno": 12}`, `"name": "Group0"}`},
	} {
		var in strings.Builder
		in.WriteString("[\n")
		for i := range 60 {
			if i > 0 {
				in.WriteString(",\n")
			}
			fmt.Fprintf(&in, `  {%s"lineno": %d, "text": "%s"}`, tc.name(i), i, long)
		}
		in.WriteString("\n]\n")
		got := body(t, shape.JSON, []byte(in.String()), 700)
		if !bytes.Contains(got, []byte(tc.want)) || tc.absent != "" && bytes.Contains(got, []byte(tc.absent)) {
			t.Errorf("want %s, and not %q:\n%s", tc.want, tc.absent, got)
		}
	}
}

// Names in folds are a floor, not a cap: once they fit, the room they
// leave shows records on a line each, spread over the list, rather than
// half the budget unused.
func TestJSONRecordNamesAFloor(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "iso-4217.json"))
	var doc map[string][]map[string]string
	if err := json.Unmarshal(in, &doc); err != nil {
		t.Fatal(err)
	}
	c := counter()
	for _, budget := range []int{1000, 1500} {
		got := body(t, shape.JSON, in, budget)
		if !bytes.Contains(got, []byte("in folds")) {
			t.Fatalf("budget %d: the currencies are not named in folds: the sample no longer tests the floor\n%s", budget, got)
		}
		if n := c.Count(got); n < budget*3/4 {
			t.Errorf("budget %d: the view uses %d tokens:\n%s", budget, n, got)
		}
		middle := false
		for _, m := range regexp.MustCompile(`(?m)^    \{"alpha_3": "([A-Z]{3})", `).FindAllSubmatch(got, -1) {
			i := slices.IndexFunc(doc["4217"], func(r map[string]string) bool { return r["alpha_3"] == string(m[1]) })
			middle = middle || i*3 > len(doc["4217"]) && i*3 < 2*len(doc["4217"])
		}
		if !middle {
			t.Errorf("budget %d: no record from the middle of the list on a line:\n%s", budget, got)
		}
	}
}

// A record view half as long as the ordinary view does not take its place
// where the ordinary view leaves out only a record or two of the list: a
// directory tree whose top list is cut short of two entries keeps its
// view of the tree, rather than naming the two and dropping half of it.
func TestJSONRecordViewNotForNearlyAll(t *testing.T) {
	checkFills(t, "tree-j-image.json", 900, 2000)
}

// A list whose records stand out in numbers, each with fields of its own,
// is still named in folds where the names fit beside the first and the
// last record in full, though not beside all that stand out: the names
// say more of the list than more records in full would.
func TestJSONRecordNamesBeforeManyOutliers(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	var recs []map[string]any
	for i := range 200 {
		rec := map[string]any{"path": fmt.Sprintf("lib/%s/%s", words[i/len(words)], words[i%len(words)]), "version": fmt.Sprintf("1.%d.0", i)}
		if i%4 == 1 {
			extra := map[string]string{}
			for j := range 12 {
				extra[fmt.Sprintf("%s%d", words[j], i)] = strings.Repeat(words[(i+j)%len(words)]+" ", 6)
			}
			rec[words[i%len(words)]+"Config"] = extra
		}
		recs = append(recs, rec)
	}
	in, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, in, 1000)
	if !json.Valid(got) {
		t.Fatalf("view does not parse:\n%s", got)
	}
	if !bytes.Contains(got, []byte("; all by path, in folds")) && !bytes.Contains(got, []byte("; others by path, in folds")) {
		t.Errorf("the records are not all named in folds:\n%s", got)
	}
	for _, name := range []string{"alpha/alpha", "juliet/tango"} {
		if !bytes.Contains(got, []byte(`"path": "lib/`+name+`"`)) {
			t.Errorf("record %s, first or last, not in full:\n%s", name, got)
		}
	}
}

// A record view with room left after the first record, those that stand
// out and the last shows more records in full, spread over the list,
// rather than leave the room unused: npm ls --long's dependencies, alike
// but for their values.
func TestJSONRecordListFillsRoomWithRecords(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	deps := map[string]any{}
	for i, w := range words[:12] {
		deps[w] = map[string]any{
			"version":     fmt.Sprintf("%d.%d.0", i, i*3),
			"name":        w,
			"description": strings.Repeat(w+" ", 8),
			"license":     "MIT",
			"path":        "/srv/app/node_modules/" + w,
			"resolved":    "https://registry.invalid/" + w + "/-/" + w + ".tgz",
			"_id":         fmt.Sprintf("%s@%d.%d.0", w, i, i*3),
			"engines":     map[string]string{"node": fmt.Sprintf(">=%d", 10+i)},
		}
	}
	in, err := json.MarshalIndent(map[string]any{"name": "app", "version": "1.0.0", "dependencies": deps}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	c := counter()
	for _, budget := range []int{700, 800, 900, 1000, 1100, 1200} {
		got := body(t, shape.JSON, in, budget)
		m := regexp.MustCompile(`\[headroom: 12 records, ([0-9]+) in full`).FindSubmatch(got)
		if m == nil {
			t.Fatalf("budget %d: no record view:\n%s", budget, got)
		}
		if n := c.Count(got); atoi(string(m[1])) <= 2 || n < budget*3/4 {
			t.Errorf("budget %d: %s records in full in %d tokens:\n%s", budget, m[1], n, got)
		}
	}
}

// Of a document's lists that do not fit together, the one that holds
// most of it is tried alone first, though another counts a record more:
// an SBOM's components, not the list of what each depends on.
// The list that holds most is tried alone before the others, though the
// rest of the document is then poorer: an SBOM of hundreds of packages,
// whose dependencies do not fit at the floor level beside its components,
// shows the components by their keys, not the dependencies.
func TestJSONRecordListsLargestFirst(t *testing.T) {
	for _, tc := range []struct {
		n, dependsOn int
		budgets      []int
	}{{120, 0, []int{1000, 1500, 2000}}, {250, 4, []int{1500, 2000}}} {
		in := sbom(tc.n, tc.dependsOn)
		for _, budget := range tc.budgets {
			got := body(t, shape.JSON, in, budget)
			if !regexp.MustCompile(`"components": \[\n    "\[headroom: ` + strconv.Itoa(tc.n) + ` records`).Match(got) {
				t.Errorf("%d packages, budget %d: the components are not shown as a record list:\n%s", tc.n, budget, got)
			}
		}
	}
}

// sbom writes a CycloneDX document of n packages, each with a record in
// its components and in its dependencies, where it depends on the next
// dependsOn packages.
func sbom(n, dependsOn int) []byte {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	ref := func(i int) string {
		return fmt.Sprintf("%s-%s@1.%d.0", words[i%len(words)], words[i/len(words)%len(words)], i)
	}
	var components, dependencies []any
	dependencies = append(dependencies, map[string]any{"ref": "app@1.0.0", "dependsOn": []string{}})
	for i := range n {
		name, _, _ := strings.Cut(ref(i), "@")
		components = append(components, map[string]any{
			"bom-ref": ref(i), "type": "library", "name": name, "version": fmt.Sprintf("1.%d.0", i),
			"description": strings.Repeat(words[i%len(words)]+" ", 6), "purl": "pkg:npm/" + ref(i),
			"licenses": []any{map[string]any{"license": map[string]string{"id": "MIT"}}},
		})
		deps := []string{}
		for j := 1; j <= dependsOn; j++ {
			deps = append(deps, ref((i+j)%n))
		}
		dependencies = append(dependencies, map[string]any{"ref": ref(i), "dependsOn": deps})
	}
	in, err := json.MarshalIndent(map[string]any{"bomFormat": "CycloneDX", "components": components, "dependencies": dependencies}, "", "  ")
	if err != nil {
		panic(err)
	}
	return in
}

// mapOfRecords writes a pretty-printed document whose "entries" map n
// names to records that each, from the input's record i, member writes.
func mapOfRecords(n int, member func(i int) string) []byte {
	var b strings.Builder
	b.WriteString("{\n    \"format_version\": \"1.0\",\n    \"entries\": {")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n        \"entry%02d\": {\n%s\n        }", i, member(i))
	}
	b.WriteString("\n    }\n}\n")
	return []byte(b.String())
}

// A map whose records have no short field in common, as the functions of
// a tool's metadata each with a long description and its parameters, is
// shown one record a line by its name: each line as the input writes it,
// the name and the record's opening bracket, with its fields counted in
// the note, rather than a summary too long to show them all.
func TestJSONRecordMapByNameAlone(t *testing.T) {
	input := mapOfRecords(90, func(i int) string {
		params := ""
		if i%3 == 0 {
			params = fmt.Sprintf(",\n            \"parameters\": [\n                {\n                    \"name\": \"arg%d\",\n                    \"type\": \"string\"\n                }\n            ]", i)
		}
		return fmt.Sprintf("            \"description\": \"entry%02d takes a value of one kind and returns another, converting it as the rules of its kind say, %d times over.\",\n            \"return_type\": [\n                \"list\",\n                \"string\"\n            ]%s", i, i, params)
	})
	got := body(t, shape.JSON, input, 1000)
	namesEach(t, got, `"entry%02d": {`, 90)
	if !json.Valid(got) || counter().Count(got) > 1000 {
		t.Errorf("the view does not parse or fit:\n%s", got)
	}
	if !bytes.Contains(got, []byte(" by name as {}]")) {
		t.Errorf("the note does not say the records go by name alone:\n%s", got)
	}
}

// A map whose records' common field, a description, makes each line too
// long for them all to fit shows them by name alone instead.
func TestJSONRecordMapLabelTooLong(t *testing.T) {
	input := mapOfRecords(90, func(i int) string {
		return fmt.Sprintf("            \"Definition\": {\n                \"Statement\": [\n                    {\n                        \"Action\": \"thing:Describe%d\",\n                        \"Effect\": \"Allow\"\n                    }\n                ]\n            },\n            \"Description\": \"Gives permission to describe the things of group %d\"", i, i)
	})
	got := body(t, shape.JSON, input, 1000)
	namesEach(t, got, `"entry%02d": {`, 90)
	if !json.Valid(got) || counter().Count(got) > 1000 {
		t.Errorf("the view does not parse or fit:\n%s", got)
	}
}

// Records that go by a number (a profile's nodes by id) and are named in
// an object each holds (the node's callFrame) show that object's names on
// their lines, the function and the script, not the number alone.
func TestJSONRecordsByNumberNamedWithin(t *testing.T) {
	nodes := make([]string, 40)
	for i := range nodes {
		nodes[i] = fmt.Sprintf("{\n\"id\": %d,\n\"callFrame\": {\n\"functionName\": \"step%d\",\n\"scriptId\": \"%d\",\n"+
			"\"url\": \"node:internal/mod%d\",\n\"lineNumber\": %d,\n\"columnNumber\": 4\n},\n\"hitCount\": %d,\n"+
			"\"children\": [\n%d,\n%d\n],\n\"positionTicks\": [\n{\n\"line\": %d,\n\"ticks\": 1\n},\n{\n\"line\": %d,\n\"ticks\": 2\n}\n]\n}",
			i+1, i, 60+i, i, 100+i, i%3, i+2, i+3, 100+i, 110+i)
	}
	in := []byte("{\n\"nodes\": [\n" + strings.Join(nodes, ",\n") + "\n],\n\"startTime\": 1,\n\"endTime\": 2\n}\n")
	if !json.Valid(in) {
		t.Fatalf("not JSON:\n%s", in)
	}
	got := string(body(t, shape.JSON, in, 1500))
	named := 0
	for i := range 40 {
		if strings.Contains(got, fmt.Sprintf(`"callFrame": {"functionName": "step%d", "url": "node:internal/mod%d"}`, i, i)) {
			named++
		}
	}
	if named < 30 {
		t.Errorf("%d of 40 nodes named by function and script on their lines, want at least 30:\n%s", named, got)
	}
}

// natoPairs returns n names of two words, group/member, in sorted order:
// alpha/alpha, alpha/bravo, ... as a list of packages or media types is.
func natoPairs(n int) []string {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	var out []string
	for _, w := range words {
		for _, v := range words {
			if len(out) < n {
				out = append(out, w+"/"+v)
			}
		}
	}
	return out
}

// joinItems writes a container between open and close of n items, one a
// line, item(i) writing each.
func joinItems(open, close string, n int, item func(i int) string) []byte {
	var b strings.Builder
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  " + item(i))
	}
	b.WriteString("\n" + close + "\n")
	return []byte(b.String())
}

// groupsNamed returns the groups (the words before the slash) of the names
// a view shows, in folds or not, and whether it names the last of names.
func groupsNamed(view []byte, names []string) (map[string]bool, bool) {
	groups := map[string]bool{}
	last := false
	for l := range bytes.Lines(append(Unfolded(view), view...)) {
		for _, name := range names {
			if bytes.Contains(l, []byte(`"`+name+`"`)) {
				groups[strings.SplitN(name, "/", 2)[0]] = true
				last = last || name == names[len(names)-1]
			}
		}
	}
	return groups, last
}

// A list too long for a good part of its names to fit names some spread
// over it, the first and the last among them, rather than none: the view
// says how far the list runs and what it holds.
func TestJSONRecordNamesSpreadOverLongList(t *testing.T) {
	names := natoPairs(400)
	in := joinItems("[", "]", len(names), func(i int) string {
		return fmt.Sprintf("{\"name\": %q, \"summary\": \"the %s package, which does what its name says\"}", names[i], strings.ReplaceAll(names[i], "/", " "))
	})
	notes := 0
	for _, budget := range []int{500, 550, 600, 650} {
		got := body(t, shape.JSON, in, budget)
		if !json.Valid(got) {
			t.Fatalf("budget %d: the view does not parse:\n%s", budget, got)
		}
		if !bytes.Contains(got, []byte(" spread over the list by name, in folds")) {
			continue
		}
		notes++
		if groups, last := groupsNamed(got, names); len(groups) < 16 || !last {
			t.Errorf("budget %d: the names cover %d of 20 groups (the last named: %v):\n%s", budget, len(groups), last, got)
		}
	}
	if notes == 0 {
		t.Error("no budget names records spread over the list")
	}
}

// A map of many records with no field in common, as a database of media
// types keyed by type, names its records by their keys in folds when a line
// for each does not fit: members whose key is a fold, each valued by an
// empty record on a line of its own.
func TestJSONRecordMapNamedInFolds(t *testing.T) {
	names := natoPairs(400)
	in := joinItems("{", "}", len(names), func(i int) string {
		field := "\"source\": \"iana\""
		if i%2 == 1 {
			field = "\"compressible\": true"
		}
		return fmt.Sprintf("%q: {\n    %s\n  }", names[i], field)
	})
	for _, budget := range []int{600, 1000} {
		got := body(t, shape.JSON, in, budget)
		var view map[string]any
		if err := json.Unmarshal(got, &view); err != nil {
			t.Fatalf("budget %d: the view does not parse: %v\n%s", budget, err, got)
		}
		if !bytes.Contains(got, []byte(" by name, in folds")) || counter().Count(got) > budget {
			t.Fatalf("budget %d: the map's records are not named in folds, or the view does not fit:\n%s", budget, got)
		}
		groups, last := groupsNamed(got, names)
		if bytes.Contains(got, []byte(" spread over the list")) && (len(groups) < 16 || !last) {
			t.Errorf("budget %d: the names cover %d of 20 groups (the last named: %v):\n%s", budget, len(groups), last, got)
		}
	}
}

// The forms that write a record's name, or its short fields, on one line
// copy keys and strings from the input: a key that is empty, long, or
// holds quotes, backslashes and escapes still gives a view that parses,
// the same every time, for each of them (a map by name alone, records
// named by an object they hold, records at the cut by their short fields).
func TestJSONRecordLinesOfHostileKeys(t *testing.T) {
	keys := []string{``, `\"`, `\\`, `a\"b\\c`, strings.Repeat("k", 3000), `\u0000`, `}{,:[]`, `\ud83d\ude00`, "\u00e9", `x\ny`}
	var b strings.Builder
	b.WriteString("{\n\"entries\": {")
	for i := range 90 {
		fmt.Fprintf(&b, "%s\n\"%s%d\": {\n\"description\": \"takes a value of one kind and returns another, converting it as the rules of its kind say, %d times\",\n\"return_type\": [\n\"list\"\n]\n}",
			map[bool]string{true: ","}[i > 0], keys[i%len(keys)], i, i)
	}
	b.WriteString("\n}\n}\n")
	nodes, recs := make([]string, 40), make([]string, 40)
	for i := range nodes {
		k := keys[i%len(keys)]
		nodes[i] = fmt.Sprintf("{\n\"id\": %d,\n\"callFrame\": {\n\"functionName\": \"step%s%d\",\n\"scriptId\": \"%d\",\n"+
			"\"url\": \"mod%s\",\n\"lineNumber\": %d,\n\"columnNumber\": 4\n},\n\"hitCount\": %d,\n"+
			"\"children\": [\n%d,\n%d\n],\n\"positionTicks\": [\n{\n\"line\": %d,\n\"ticks\": 1\n}\n]\n}",
			i+1, k, i, 60+i, k, 100+i, i%3, i+2, i+3, 100+i)
		recs[i] = fmt.Sprintf("{\n\"ruleId\": \"%s\",\n\"%s\": 2,\n\"message\": \"%s%d\",\n\"line\": %d,\n"+
			"\"nodeType\": \"VariableDeclaration\",\n\"fix\": {\"range\": [226, 229], \"text\": \"let\"}\n}", k, k, k, i, i)
	}
	forms := map[string]string{
		b.String(): " by name as {}]",
		"{\n\"nodes\": [\n" + strings.Join(nodes, ",\n") + "\n],\n\"startTime\": 1\n}\n": `"callFrame": {"functionName": "step`,
	}
	for in, want := range forms {
		if !json.Valid([]byte(in)) {
			t.Fatalf("not JSON:\n%s", in)
		}
		for _, budget := range []int{300, 1500, 3000} {
			got := body(t, shape.JSON, []byte(in), budget)
			if !json.Valid(got) || len(got) > len(in) {
				t.Errorf("budget %d: the view does not parse or is longer than the input:\n%s", budget, got)
			}
			if again := body(t, shape.JSON, []byte(in), budget); !bytes.Equal(got, again) {
				t.Errorf("budget %d: two views differ", budget)
			}
			if budget == 1500 && !bytes.Contains(got, []byte(want)) {
				t.Errorf("the view lacks %q:\n%s", want, got)
			}
		}
	}
	in := []byte("{\"results\": [\n{\"filePath\": \"a\",\n\"messages\": [\n" + strings.Join(recs, ",\n") + "\n]\n}\n]}")
	d := newJSONDoc(in, seg{0, len(in)}, true)
	got := d.try(form{depth: 4, level: lenientLevels}, byteCount{}).view
	if !json.Valid(got) || !bytes.Contains(got, []byte(shortFieldsNote)) {
		t.Errorf("the view does not parse, or shows no short fields:\n%s", got)
	}
}

// A list's records shown by their keys show, beside the key, the one field
// that tells most of them: a short scalar nearly every record has, that
// varies across them and is not the key; a version before a size.
func TestJSONRecordLineTells(t *testing.T) {
	for _, tc := range []struct {
		records []string
		want    string // the key of the field a line shows, "" for none
	}{
		{[]string{`{"name": "a", "size": 10, "version": "1.0"}`, `{"name": "b", "size": 12, "version": "2.1"}`}, "version"},
		{[]string{`{"pid": 1, "ppid": 0, "comm": "init"}`, `{"pid": 2, "ppid": 0, "comm": "kthreadd"}`, `{"pid": 3, "ppid": 2, "comm": "bash"}`}, "comm"},
		// The same value in every record tells nothing apart.
		{[]string{`{"name": "a", "type": "file"}`, `{"name": "b", "type": "file"}`}, ""},
		// A type of few values gives way to a field whose values tell
		// the records apart (a cache's entries by their values) ...
		{[]string{`{"name": "CC", "type": "FILEPATH", "value": "/usr/bin/cc"}`, `{"name": "AR", "type": "FILEPATH", "value": "/usr/bin/ar"}`,
			`{"name": "FLAGS", "type": "STRING", "value": "-O2"}`, `{"name": "DIR", "type": "INTERNAL", "value": "/tmp/build"}`,
			`{"name": "LD", "type": "FILEPATH", "value": "/usr/bin/ld"}`, `{"name": "NM", "type": "FILEPATH", "value": "/usr/bin/nm"}`,
			`{"name": "CFLAGS", "type": "STRING", "value": "-g"}`, `{"name": "HOME", "type": "INTERNAL", "value": "/src"}`}, "value"},
		// ... but not to one that varies no more than it does.
		{[]string{`{"name": "a", "type": "file", "mode": "0644"}`, `{"name": "b", "type": "dir", "mode": "0755"}`,
			`{"name": "c", "type": "file", "mode": "0644"}`, `{"name": "d", "type": "dir", "mode": "0755"}`}, "type"},
		// A version that tells records apart still comes first.
		{[]string{`{"name": "a", "version": "1.0", "path": "/a"}`, `{"name": "b", "version": "1.1", "path": "/b"}`}, "version"},
		// A description is no short field.
		{[]string{`{"name": "a", "summary": "reads the configuration of a package and checks it"}`, `{"name": "b", "summary": "writes the configuration of a package back to its file"}`}, ""},
		// A version the key spells tells nothing the key does not ...
		{[]string{`{"id": "a@1.0.0", "version": "1.0.0"}`, `{"id": "b@2.1.0", "version": "2.1.0"}`}, ""},
		// ... where a short object of scalars beside it does.
		{[]string{`{"id": "a@1.0.0", "version": "1.0.0", "engines": {"node": ">=8"}}`, `{"id": "b@2.1.0", "version": "2.1.0", "engines": {"node": ">=14"}}`}, "engines"},
		// An object that holds containers is no short field.
		{[]string{`{"id": "a@1.0.0", "dist": {"files": ["a.js"]}}`, `{"id": "b@2.1.0", "dist": {"files": ["b.js"]}}`}, ""},
	} {
		b := []byte("[" + strings.Join(tc.records, ",") + "]")
		var items []seg
		eachItem(b, 0, func(start, end int) bool { items = append(items, seg{start, end}); return true })
		got := ""
		if k := tellKey(b, items, newRecordSet(b, items).recordKey()[0]); k != nil {
			got = string(k[1 : len(k)-1])
		}
		if got != tc.want {
			t.Errorf("%s: a line tells %q, want %q", b, got, tc.want)
		}
	}

	// A list of packages too long for its records whole shows each by
	// its name and version, and the note says so.
	recs := make([]string, 90)
	for i := range recs {
		recs[i] = fmt.Sprintf("  {\n    \"name\": \"package-%02d\",\n    \"version\": \"%d.%d.0\",\n    \"summary\": \"a library that does thing number %d of the many things a program needs\"\n  }", i, i%7, i, i)
	}
	checkRecordLines(t, recs, 2000, "name and version", func(i int) (string, []string) {
		return fmt.Sprintf(`{"name": "package-%02d", "version": "%d.%d.0"}`, i, i%7, i), []string{fmt.Sprintf(`"name": "package-%02d",`, i)}
	})
}

// checkRecordLines checks the view at budget of a list of records: that
// it parses and fits, that its note says the records go by what by says,
// and that each record is in full or on its line, as lines says: the
// line, and what shows the record in full.
func checkRecordLines(t *testing.T, recs []string, budget int, by string, lines func(i int) (string, []string)) {
	t.Helper()
	got := body(t, shape.JSON, []byte("[\n"+strings.Join(recs, ",\n")+"\n]\n"), budget)
	if !json.Valid(got) || counter().Count(got) > budget {
		t.Fatalf("the view does not parse or fit:\n%s", got)
	}
	if !bytes.Contains(got, []byte(" by "+by+": ")) {
		t.Errorf("the note does not say the records go by %s:\n%s", by, got)
	}
	for i := range recs {
		line, full := lines(i)
		shown := bytes.Contains(got, []byte(line))
		for _, f := range full {
			shown = shown || bytes.Contains(got, []byte(f))
		}
		if !shown {
			t.Errorf("record %d is neither in full nor on its line %s:\n%s", i, line, got)
		}
	}
}

// A list of packages by ids that spell their versions shows beside each
// id the engines it needs, an object of one short member, rather than
// the version again: npm query's records.
func TestJSONRecordLineTellsShortObject(t *testing.T) {
	recs := make([]string, 60)
	for i := range recs {
		recs[i] = fmt.Sprintf("  {\n    \"name\": \"package-%02d\",\n    \"version\": \"%d.%d.0\",\n"+
			"    \"description\": \"a library that does thing number %d of the many things a program needs\",\n"+
			"    \"main\": \"index.js\",\n    \"license\": \"MIT\",\n    \"homepage\": \"https://example.com/package-%02d#readme\",\n"+
			"    \"engines\": {\n      \"node\": \">=%d\"\n    },\n    \"_id\": \"package-%02d@%d.%d.0\",\n"+
			"    \"location\": \"node_modules/package-%02d\",\n    \"path\": \"/home/user/project/node_modules/package-%02d\",\n"+
			"    \"scripts\": {\n      \"test\": \"tap test/*.js\",\n      \"lint\": \"standard\",\n      \"build\": \"tsc -p .\"\n    },\n"+
			"    \"keywords\": [\n      \"thing\",\n      \"program\",\n      \"library\",\n      \"tool\"\n    ],\n"+
			"    \"repository\": {\n      \"type\": \"git\",\n      \"url\": \"git+https://example.com/package.git\"\n    },\n"+
			"    \"from\": [\n      \"\"\n    ],\n    \"dev\": false,\n    \"deduped\": false\n  }",
			i%50, i%7, i, i, i%50, 4+i%9, i%50, i%7, i, i%50, i%50)
	}
	checkRecordLines(t, recs, 2000, "_id and engines", func(i int) (string, []string) {
		full := fmt.Sprintf(`"_id": "package-%02d@%d.%d.0"`, i%50, i%7, i)
		return fmt.Sprintf(`{"_id": "package-%02d@%d.%d.0", "engines": {"node": ">=%d"}}`, i%50, i%7, i, 4+i%9), []string{full + ",", full + "\n"}
	})
}

// A list's records that go by name and version, once a budget shows every
// version, show every version at any larger budget: the versions do not
// come and go as the budget grows a record in full at a time, which shows
// eight fields of one record where the lines showed the version of all
// the others.
func TestJSONRecordLineTellsAtEveryBudget(t *testing.T) {
	recs := make([]string, 20)
	for i := range recs {
		recs[i] = fmt.Sprintf("  {\n    \"name\": \"package-%02d\",\n    \"version\": \"%d.%d.%d\",\n"+
			"    \"summary\": \"a library that does thing %d\",\n    \"home_page\": \"https://example.com/p%02d\",\n"+
			"    \"author\": \"Author %d\",\n    \"license\": \"MIT\",\n    \"location\": \"/usr/lib/python3/site-packages\",\n"+
			"    \"requires\": [\"dep-a\", \"dep-b\"],\n    \"required_by\": []\n  }", i, i%3, i%7, i, i, i, i)
	}
	in := []byte("[\n" + strings.Join(recs, ",\n") + "\n]\n")
	version := regexp.MustCompile(`"version": "[0-9.]+"`)
	most, at := 0, 0
	for budget := 300; budget <= 1400; budget += 20 {
		got := body(t, shape.JSON, in, budget)
		n := len(version.FindAll(got, -1))
		if most == len(recs) && n < most {
			t.Errorf("budget %d shows %d versions, budget %d showed %d:\n%s", budget, n, at, most, got)
		}
		if n > most {
			most, at = n, budget
		}
	}
	if most < len(recs) {
		t.Errorf("no budget shows every version; at most %d", most)
	}
}

// Records shown by their keys alone, where the lines cannot all show the
// field that tells them, show it on the lines of records spread over the
// list in the room the view leaves: a lockfile's packages by name, some
// with their versions, from the first to the last.
func TestJSONRecordLineTellsSome(t *testing.T) {
	const n = 100
	members := make([]string, n)
	for i := range members {
		version := ""
		if i%20 != 7 {
			version = fmt.Sprintf("\n      \"version\": \"%d.%d.%d\",", i%5, i%11, i)
		}
		members[i] = fmt.Sprintf("    \"node_modules/package-%03d\": {%s\n      \"integrity\": \"sha512-%064d\",\n      \"license\": \"MIT\"\n    }", i, version, i)
	}
	in := []byte("{\n  \"packages\": {\n" + strings.Join(members, ",\n") + "\n  }\n}\n")
	for _, budget := range []int{1300, 1500} {
		got := body(t, shape.JSON, in, budget)
		if !json.Valid(got) || counter().Count(got) > budget {
			t.Fatalf("budget %d: the view does not parse or fit:\n%s", budget, got)
		}
		m := regexp.MustCompile(`by name \((\d+) with version\)`).FindSubmatch(got)
		if m == nil {
			t.Fatalf("budget %d: the note does not count records with their version:\n%s", budget, got)
		}
		lines := regexp.MustCompile(`"node_modules/package-(\d{3})": \{"version": "[0-9.]+"\}`).FindAllSubmatch(got, -1)
		if want, _ := strconv.Atoi(string(m[1])); len(lines) != want || want < 2 {
			t.Fatalf("budget %d: %d lines with a version, the note says %s:\n%s", budget, len(lines), m[1], got)
		}
		first, _ := strconv.Atoi(string(lines[0][1]))
		last, _ := strconv.Atoi(string(lines[len(lines)-1][1]))
		if first > n/10 || last < n-1-n/10 {
			t.Errorf("budget %d: the versions go from package %d to %d, not over the list:\n%s", budget, first, last, got)
		}
	}
}

// A list whose lines tell a record by a second name (an id beside a
// display name) show beside it a field whose key holds a word of a label
// (current_version_string), as gcloud's components list: the version
// says more of a component than its name twice.
func TestJSONRecordLineTellsTwo(t *testing.T) {
	recs := make([]string, 40)
	for i := range recs {
		recs[i] = fmt.Sprintf("  {\n    \"current_version_string\": \"%d.%d.%d\",\n    \"id\": \"component-%02d\",\n"+
			"    \"name\": \"Component number %d of the kit\",\n    \"platform\": {\"architecture\": null, \"operating_system\": null},\n"+
			"    \"size\": %d,\n    \"state\": {\"name\": \"Not Installed\"}\n  }", i%4, i%9, i, i, i, 1000*i)
	}
	checkRecordLines(t, recs, 1400, "name and id and current_version_string", func(i int) (string, []string) {
		return fmt.Sprintf(`{"name": "Component number %d of the kit", "id": "component-%02d", "current_version_string": "%d.%d.%d"}`, i, i, i%4, i%9, i),
			[]string{fmt.Sprintf(`"id": "component-%02d",`, i)}
	})
}

// Records whose members hold what JSON escapes or spells oddly (quotes,
// backslashes, \u0000, surrogate pairs, brackets and commas in strings,
// long keys, exponents, duplicate keys) still give views that parse, no
// longer than the input and the same every time, however a view shows
// them: on their own line, by key with a field beside it, or whole.
func TestJSONOddMembersParse(t *testing.T) {
	odd := []string{`a\"b`, `c\\d`, `\u0000`, `\ud83d\ude00`, `}{,:[]`, strings.Repeat("k", 3000)}
	docs := map[string]func(i int, s string) string{
		"line": func(i int, s string) string {
			return fmt.Sprintf(`{"name":"n%d%s","%s":"%s","n":-1.5e+308,"k%s":%d}`, i, s, s, s, s, i)
		},
		"fields": func(i int, s string) string {
			return fmt.Sprintf("{\n \"name\": \"p%d%s\",\n \"%s\": \"%d\",\n \"current_%s_version\": \"v%d\",\n"+
				" \"deps\": [\"a\", \"b\"],\n \"meta\": {\"x\": %d}\n}", i, s, s, i, s, i, i)
		},
		"twice": func(i int, s string) string {
			return fmt.Sprintf(`{"name":"a%d","name":"%s","version":"%d","version":1E-7}`, i, s, i)
		},
	}
	for form, record := range docs {
		for _, s := range odd {
			var in bytes.Buffer
			in.WriteString("{\"items\": [\n")
			for i := range 60 {
				if i > 0 {
					in.WriteString(",\n")
				}
				in.WriteString(record(i, s))
			}
			in.WriteString("\n]}\n")
			if !json.Valid(in.Bytes()) {
				t.Fatalf("%s %.20s: the input does not parse", form, s)
			}
			for _, budget := range []int{150, 600, 2000} {
				got := body(t, shape.JSON, in.Bytes(), budget)
				if !json.Valid(got) || len(got) > in.Len() {
					t.Errorf("%s %.20s@%d: the view (%d bytes of %d) does not parse or is longer:\n%s",
						form, s, budget, len(got), in.Len(), got)
				}
				if again := body(t, shape.JSON, in.Bytes(), budget); !bytes.Equal(got, again) {
					t.Errorf("%s %.20s@%d: two views differ", form, s, budget)
				}
			}
		}
	}
}

// Where some records lack the field their lines tell, the note counts the
// lines that show it rather than say every record goes by it.
func TestJSONRecordNoteCountsTheTold(t *testing.T) {
	recs := make([]string, 90)
	for i := range recs {
		version := fmt.Sprintf("\n    \"version\": \"%d.%d.0\",", i%7, i)
		if i%10 == 3 {
			version = "" // a package of the workspace, with no version of its own
		}
		recs[i] = fmt.Sprintf("  {\n    \"name\": \"package-%02d\",%s\n    \"summary\": \"a library that does thing number %d of the many things a program needs\"\n  }", i, version, i)
	}
	got := body(t, shape.JSON, []byte("[\n"+strings.Join(recs, ",\n")+"\n]\n"), 2000)
	if !json.Valid(got) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	if bytes.Contains(got, []byte(" by name and version: ")) {
		t.Errorf("the note says every record goes by name and version, where 9 have none:\n%s", got)
	}
	m := regexp.MustCompile(`by name \(([0-9,]+) with version\)`).FindSubmatch(got)
	if m == nil {
		t.Fatalf("the note does not count the records shown with a version:\n%s", got)
	}
	shown := len(regexp.MustCompile(`\{"name": "package-[0-9]+", "version": "[0-9.]+"\}`).FindAll(got, -1))
	if string(m[1]) != strconv.Itoa(shown) {
		t.Errorf("the note counts %s records with a version, the view shows %d:\n%s", m[1], shown, got)
	}
}

// A stream of records shown one a line, some by their key alone, shows
// in the room the lines leave the field that tells the records apart (a
// version) beside the keys of records spread over the run, before more
// records whole, and the note counts those lines; a field that repeats
// part of the key (a package's name beside its path) is not shown so,
// and records that all fit whole are shown whole. Beside names in folds,
// the records on a line each go by key and that field too.
func TestJSONRecordStreamLinesTell(t *testing.T) {
	stream := func(n int, name bool) []byte {
		var b bytes.Buffer
		for i := range n {
			pkg := fmt.Sprintf("lib%c%c", 'a'+i/26, 'a'+i%26)
			extra := fmt.Sprintf(`"version":"%d.%d.%d"`, i%3, i%7, i)
			if name {
				extra = `"name":"` + pkg + `"`
			}
			fmt.Fprintf(&b, `{"path":"node_modules/%s",%s,"dev":%t,"license":"MIT","integrity":"sha512-%032d"}`+"\n", pkg, extra, i%2 == 0, i)
		}
		return b.Bytes()
	}
	const n = 120
	got := body(t, shape.JSON, stream(n, false), 2000)
	m := regexp.MustCompile(`(\d+) by path and version`).FindSubmatch(got)
	if m == nil {
		t.Fatalf("the note does not count records by path and version:\n%s", got)
	}
	lines := regexp.MustCompile(`(?m)^\{"path":"node_modules/lib[a-z]{2}","version":"[0-9.]+\.(\d+)"\}$`).FindAllSubmatch(got, -1)
	if want, _ := strconv.Atoi(string(m[1])); len(lines) != want || want < n/4 {
		t.Fatalf("%d lines by path and version, the note says %s:\n%s", len(lines), m[1], got)
	}
	first, _ := strconv.Atoi(string(lines[0][1]))
	last, _ := strconv.Atoi(string(lines[len(lines)-1][1]))
	if first > n/10 || last < n-1-n/10 {
		t.Errorf("the versions go from record %d to %d, not over the run:\n%s", first, last, got)
	}
	if got := body(t, shape.JSON, stream(n, true), 2000); bytes.Contains(got, []byte("by path and")) {
		t.Errorf("the lines show a name the path holds:\n%s", got)
	}
	if got := body(t, shape.JSON, stream(12, false), 650); !bytes.Contains(got, []byte("12 whole or condensed")) {
		t.Errorf("records that fit whole are not all shown whole:\n%s", got)
	}
	// Where the names go in folds, the records the room they leave shows
	// on a line each, but for the first, go by path and version too.
	got = body(t, shape.JSON, stream(n, false), 800)
	if !bytes.Contains(got, []byte("in folds")) {
		t.Fatalf("the records are not named in folds:\n%s", got)
	}
	if lines := regexp.MustCompile(`(?m)^\{"path":"node_modules/lib[a-z]{2}","version":"[0-9.]+"\}$`).FindAll(got, -1); len(lines) < 2 {
		t.Errorf("%d lines beside the folds by path and version:\n%s", len(lines), got)
	}
}

// A stream of records over several lines, shown one a line, shows the
// version beside every record's key before it shows records whole that
// have a field most lack, but for the first: go list -m -json all at
// 1,000 tokens showed three modules whole and 34 by path alone, where
// the room of the two past the first gives the versions of nearly all.
func TestJSONRecordStreamVersionsBeforeWhole(t *testing.T) {
	var b bytes.Buffer
	const n = 36
	for i := range n {
		mod := fmt.Sprintf("github.com/org%c/mod%c", 'a'+i%7, 'a'+i%26)
		fmt.Fprintf(&b, "{\n\t\"Path\": \"%s\",\n\t\"Version\": \"v1.%d.%d\",\n", mod, i%5, i)
		if i%6 == 4 {
			fmt.Fprintf(&b, "\t\"Dir\": \"/home/user/go/pkg/mod/%s@v1.%d.%d\",\n\t\"GoMod\": \"/home/user/go/pkg/mod/cache/download/%s/@v/v1.%d.%d.mod\",\n", mod, i%5, i, mod, i%5, i)
			fmt.Fprintf(&b, "\t\"GoVersion\": \"1.%d\",\n\t\"Sum\": \"h1:%044d=\",\n\t\"GoModSum\": \"h1:%044d=\",\n", 12+i%9, i, i*7)
		}
		fmt.Fprintf(&b, "\t\"Time\": \"2024-0%d-1%dT10:00:00Z\",\n\t\"Indirect\": true\n}\n", 1+i%9, i%10)
	}
	got := body(t, shape.JSON, b.Bytes(), 900)
	m := regexp.MustCompile(`shown one a line: ([0-9]+) whole or condensed, (?:([0-9]+) by Path alone, )?([0-9]+) by Path and Version`).FindSubmatch(got)
	if m == nil {
		t.Fatalf("the note does not count records by path and version:\n%s", got)
	}
	if alone := atoi(string(m[2])); alone > 0 {
		t.Errorf("%d of %d records by path alone:\n%s", alone, n, got)
	}
	if lines := regexp.MustCompile(`(?m)^\{"Path": "[^"]+", "Version": "v1\.[0-9]+\.[0-9]+"\}$`).FindAll(got, -1); len(lines) != atoi(string(m[3])) {
		t.Errorf("the note counts %s lines by path and version, the view shows %d:\n%s", m[3], len(lines), got)
	}
}

// Records spread over a list in the room its view leaves pass over one
// too large for that room to show those after it that fit: npm ls --all
// at 1,000 tokens showed two packages in full and left half the budget
// unused, because the next spread over the list held a deep tree.
func TestJSONRecordSpreadPassesOverLarge(t *testing.T) {
	names := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"}
	type dep struct {
		Version    string `json:"version"`
		Overridden bool   `json:"overridden"`
	}
	type pkg struct {
		Version      string         `json:"version"`
		Overridden   bool           `json:"overridden"`
		Dependencies map[string]dep `json:"dependencies"`
	}
	deps := map[string]pkg{}
	for i, name := range names {
		p := pkg{Version: fmt.Sprintf("1.%d.0", i), Dependencies: map[string]dep{}}
		n := 4
		if name == "echo" {
			n = 60 // the third record spread over the list, after the first and the last
		}
		for j := range n {
			p.Dependencies[fmt.Sprintf("%s-dep-%02d", name, j)] = dep{Version: fmt.Sprintf("0.%d.%d", j, i)}
		}
		deps[name] = p
	}
	input, err := json.MarshalIndent(map[string]any{"version": "1.0.0", "name": "app", "dependencies": deps}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, input, 800)
	m := regexp.MustCompile(`10 records, ([0-9]+) in full`).FindSubmatch(got)
	if m == nil {
		t.Fatalf("the packages are not shown one a line:\n%s", got)
	}
	if full := atoi(string(m[1])); full < 4 {
		t.Errorf("%d packages in full, want the first, the last and two more:\n%s", full, got)
	}
	if bytes.Contains(got, []byte("echo-dep-")) {
		t.Errorf("the package too large for the room is shown in full:\n%s", got)
	}
	if !json.Valid(got) {
		t.Errorf("the view does not parse:\n%s", got)
	}
}

// A list whose lines show records by their keys alone, the field that
// tells them (a version) on only a few, names the keys in folds instead
// when that shows the field of more records on lines of their own: pip
// list at 1,000 tokens showed 89 packages by name alone and the versions
// of 5; its folds name all 94 and leave room for the versions of a third.
func TestJSONRecordFoldsShowMoreTold(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "pip-list.json"))
	var pkgs []struct{ Name, Version string }
	if err := json.Unmarshal(input, &pkgs); err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, input, 1000)
	named := append(Unfolded(got), got...)
	for _, p := range pkgs {
		if !bytes.Contains(named, []byte(`"`+p.Name+`"`)) {
			t.Fatalf("package %s is not named:\n%s", p.Name, got)
		}
	}
	if n := bytes.Count(got, []byte(`"version": `)); n < len(pkgs)/4 {
		t.Errorf("the view shows %d versions of %d packages, want a quarter:\n%s", n, len(pkgs), got)
	}
	if !json.Valid(got) {
		t.Errorf("the view does not parse:\n%s", got)
	}
}

// A list whose records all stand out but none, with room left after the
// first maxFull in full, fills it with more records in full spread over
// the list rather than leave the room unused.
func TestJSONRecordListSpreadPastMaxFull(t *testing.T) {
	type territory struct {
		Code      string `json:"code"`
		Name      string `json:"name"`
		Numeric   string `json:"numeric"`
		Withdrawn string `json:"withdrawn"`
		Comment   string `json:"comment"`
	}
	var doc struct {
		Territories []territory `json:"territories"`
	}
	for i := range 30 {
		doc.Territories = append(doc.Territories, territory{fmt.Sprintf("T%02d", i),
			fmt.Sprintf("Territory %c of the northern reach", 'A'+i), strconv.Itoa(100 + 7*i), fmt.Sprintf("%d-03-15", 1970+i), "renamed"})
	}
	input, err := json.MarshalIndent(doc, "", "    ")
	if err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, input, 1400)
	if full := bytes.Count(got, []byte(`"comment"`)); full <= maxFull {
		t.Errorf("%d records in full, want more than %d:\n%s", full, maxFull, got)
	}
	if !json.Valid(got) {
		t.Errorf("the view does not parse:\n%s", got)
	}
}

// TestJSONListTriesCapped checks that a document holding many record
// lists, in arrays of short arrays that are all looked into, tries at most
// maxAlone of them alone, the largest first: each try costs passes over
// the document, so that trying them all took time as the square of its
// size.
func TestJSONListTriesCapped(t *testing.T) {
	n := 0
	var tree func(depth int) string
	tree = func(depth int) string {
		if depth == 0 {
			var recs []string
			for range 8 + n%5 {
				n++
				recs = append(recs, fmt.Sprintf(`{"name": "n%d", "v": %d}`, n, n))
			}
			return "[" + strings.Join(recs, ",") + "]"
		}
		return "[" + tree(depth-1) + "," + tree(depth-1) + "]"
	}
	input := []byte(`{"a": ` + tree(6) + "}\n")
	d := newJSONDoc(input, seg{0, valueEnd(input, 0)}, true)
	lists := d.recordLists()
	if len(lists) != 64 {
		t.Fatalf("%d record lists, want 64", len(lists))
	}
	tries := d.listTries(lists)
	if len(tries[0]) != len(lists) {
		t.Errorf("first try shows %d lists, want all %d", len(tries[0]), len(lists))
	}
	if len(tries) != 1+maxAlone {
		t.Errorf("%d tries, want all together and %d alone", len(tries), maxAlone)
	}
	for i := 2; i < len(tries); i++ {
		if d.size(tries[i][0]) > d.size(tries[i-1][0]) {
			t.Errorf("try %d alone is larger than the one before", i)
		}
	}
}

// lintReport writes a lint report (eslint -f json) of 60 files with
// warnings in the folders of dirs, path names each, where the 38th file
// has an error too.
func lintReport(dirs []string, path func(dir string, i int) string) []byte {
	var files []string
	for i := range 60 {
		var msgs []string
		for j := range i%5 + 2 {
			msgs = append(msgs, fmt.Sprintf(`{"ruleId":"no-var","severity":1,"message":"Unexpected var, use let or const instead.","line":%d,"column":5}`, 10+j))
		}
		errors := 0
		if i == 37 {
			msgs = slices.Insert(msgs, 1, `{"ruleId":"no-undef","severity":2,"message":"'frobnicate' is not defined.","line":99,"column":3}`)
			errors = 1
		}
		files = append(files, fmt.Sprintf(`{"filePath":%q,"messages":[%s],"errorCount":%d,"warningCount":%d,"source":%q}`,
			path(dirs[i*len(dirs)/60], i), strings.Join(msgs, ","), errors, len(msgs)-errors, strings.Repeat("var x = 1;\n", 40)))
	}
	return []byte("[" + strings.Join(files, ",") + "]")
}

// A lint report's file with an error stands out among the files with only
// warnings, though its record looks like theirs: its count of errors
// tells of a failure, and the view shows its messages, rather than give
// way to the count of warnings on each file's line.
func TestJSONRecordListShowsFileWithErrors(t *testing.T) {
	in := lintReport([]string{"components"}, func(dir string, i int) string {
		return fmt.Sprintf("/home/user/projects/webapp/src/%s/module%02d/implementation/file%02d.js", dir, i, i)
	})
	got := body(t, shape.JSON, in, 2000)
	if !bytes.Contains(got, []byte("'frobnicate' is not defined.")) {
		t.Errorf("the file with an error is not shown in full:\n%s", got)
	}
}

// Where a line for each file of a lint report leaves no room for the file
// with an error, the files are named in folds, and it is shown in full.
func TestJSONRecordListNamesFilesForOneWithErrors(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	in := lintReport([]string{"lib", "util", "view"}, func(dir string, i int) string {
		return fmt.Sprintf("/home/user/projects/webapp/src/components/%s/%s.js", dir, words[i%20])
	})
	got := body(t, shape.JSON, in, 1500)
	if !bytes.Contains(got, []byte("in folds")) {
		t.Errorf("the files are not named in folds:\n%s", got)
	}
	if !bytes.Contains(got, []byte("'frobnicate' is not defined.")) {
		t.Errorf("the file with an error is not shown in full:\n%s", got)
	}
}

// Records named by a path each, that hold an id spelling their name and
// more (npm query's "_id": "axios@1.7.7"), go by the id: it tells them
// apart and says what each is, where the paths share a long prefix.
func TestJSONRecordKeyIDHoldsName(t *testing.T) {
	var items []string
	for _, p := range []string{"axios", "body-parser", "@babel/core", "dayjs", "depd", "ee-first", "express", "fresh", "lodash", "marked"} {
		items = append(items, fmt.Sprintf(`{"name":%q,"version":"1.2.3","_id":"%s@1.2.3","path":"/home/user/work/project/node_modules/%s"}`, p, p, p))
	}
	b := []byte("[" + strings.Join(items, ",") + "]")
	var segs []seg
	eachItem(b, 0, func(start, end int) bool { segs = append(segs, seg{start, end}); return true })
	if got := newRecordSet(b, segs).recordKey(); len(got) != 1 || string(got[0]) != `"_id"` {
		t.Errorf("records named by %q, want _id", got)
	}
}

// Records whose names tell them apart keep going by the name where an id
// spells it and more (CMake's codemodel targets, "id": "yajl::@6890427a"):
// the name says all the id says that a reader needs, in less.
func TestJSONRecordKeyNameOverIDThatSpellsIt(t *testing.T) {
	var items []string
	for _, p := range []string{"gen-extra-close", "json_reformat", "json_verify", "yajl", "yajl_s", "parse_config", "perftest", "yajl_test"} {
		items = append(items, fmt.Sprintf(`{"directoryIndex":0,"id":"%s::@6890427a1f51a3e7e1df","jsonFile":"target-%s-Debug-0a1b2c.json","name":%q,"projectIndex":0}`, p, p, p))
	}
	b := []byte("[" + strings.Join(items, ",") + "]")
	var segs []seg
	eachItem(b, 0, func(start, end int) bool { segs = append(segs, seg{start, end}); return true })
	if got := newRecordSet(b, segs).recordKey(); len(got) != 1 || string(got[0]) != `"name"` {
		t.Errorf("records named by %q, want name", got)
	}
}

// The records a list of files named in folds shows on lines of their own,
// in the room the names leave, are its largest files first, by a field
// that names a size: what takes the room in a package is what a person
// looks for in npm pack's list, not files spread over it.
func TestJSONRecordWholeLargestFirst(t *testing.T) {
	big := map[int]int{13: 91234, 77: 85123, 141: 99871, 188: 70456}
	words := strings.Fields("attributes css extract forms manipulation traversing cheerio index load parse options slim static types utils")
	files := make([]string, 200)
	for i := range files {
		size := 100 + i*37%900
		if s, ok := big[i]; ok {
			size = s
		}
		dir, ext := []string{"browser", "commonjs", "esm", "types"}[i/50], []string{"js", "d.ts", "js.map", "d.ts.map"}[i%4]
		files[i] = fmt.Sprintf("      {\n        \"path\": \"dist/%s/%s.%s\",\n        \"size\": %d,\n        \"mode\": 420\n      }", dir, words[i/4%len(words)], ext, size)
	}
	in := []byte("[\n  {\n    \"id\": \"pkg@1.0.0\",\n    \"files\": [\n" + strings.Join(files, ",\n") + "\n    ],\n    \"entryCount\": 200\n  }\n]\n")
	got := body(t, shape.JSON, in, 2000)
	if !json.Valid(got) || counter().Count(got) > 2000 {
		t.Fatalf("the view does not parse or fit:\n%s", got)
	}
	if !bytes.Contains(got, []byte("in folds")) {
		t.Fatalf("the files are not named in folds:\n%s", got)
	}
	for i, size := range big {
		if !bytes.Contains(got, []byte(fmt.Sprintf(`"size": %d`, size))) {
			t.Errorf("file %d of size %d is not shown with its size:\n%s", i, size, got)
		}
	}
}

// A map's records are not shown by a field that repeats every record's
// name (an instance type under its own name, an operation's name), which
// tells nothing beside it; a field that differs from the name in one
// record still does (an AWS resource whose shape has a name of its own).
func TestJSONRecordMapLabelNotTheName(t *testing.T) {
	for _, tc := range []struct {
		members []string
		want    string // the label, "" for none
	}{
		{[]string{`"m5.large": {"InstanceType": "m5.large", "Hypervisor": "nitro"}`, `"m5.xlarge": {"InstanceType": "m5.xlarge", "Hypervisor": "nitro"}`,
			`"t2.micro": {"InstanceType": "t2.micro", "Hypervisor": "xen"}`, `"t2.nano": {"InstanceType": "t2.nano", "Hypervisor": "xen"}`}, "Hypervisor"},
		{[]string{`"Image": {"shape": "Image"}`, `"Instance": {"shape": "Instance"}`,
			`"Tag": {"shape": "TagDescription"}`, `"Volume": {"shape": "Volume"}`}, "shape"},
	} {
		b := []byte("{" + strings.Join(tc.members, ",") + "}")
		var values, names []seg
		eachMember(b, 0, func(k, v seg) bool { values, names = append(values, v), append(names, k); return true })
		got := ""
		if st := newRecordSet(b, values).labelKey(names); st != nil {
			got = string(st.name[1 : len(st.name)-1])
		}
		if got != tc.want {
			t.Errorf("%s: label %q, want %q", b, got, tc.want)
		}
	}
}

// spreadOrder orders every index of a list once, the first and the last
// first, and spreadFirst gives the start of that order.
func TestSpreadFirst(t *testing.T) {
	if got, want := spreadOrder(9), []int{0, 8, 4, 2, 6, 1, 3, 5, 7}; !slices.Equal(got, want) {
		t.Errorf("spreadOrder(9) = %v, want %v", got, want)
	}
	for n := 0; n <= 70; n++ {
		order := spreadOrder(n)
		if sorted := slices.Sorted(slices.Values(order)); len(order) != n || n > 0 && (sorted[0] != 0 || sorted[n-1] != n-1 || len(slices.Compact(sorted)) != n) {
			t.Fatalf("spreadOrder(%d) = %v, not each index once", n, order)
		}
		for k := 0; k <= n+1; k++ {
			if got := spreadFirst(n, k); !slices.Equal(got, order[:min(k, n)]) {
				t.Errorf("spreadFirst(%d, %d) = %v, want %v", n, k, got, order[:min(k, n)])
			}
		}
	}
}

// A list named in folds whose names leave out most of it names its last
// records too, as many as a cut of the input's tail would show: the first
// names alone say nothing of how the list ends, which head and tail do.
func TestJSONRecordListNamesTheLast(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	var names []string
	for _, w := range words {
		for _, v := range words {
			names = append(names, w+"-"+v)
		}
	}
	var in strings.Builder
	in.WriteString("[\n")
	for i, name := range names {
		if i > 0 {
			in.WriteString(",\n")
		}
		fmt.Fprintf(&in, "  {\n    \"package\": %q,\n    \"version\": \"1.%d.0\",\n    \"arch\": \"amd64\"\n  }", name, i%7)
	}
	in.WriteString("\n]\n")
	got := body(t, shape.JSON, []byte(in.String()), 1000)
	m := regexp.MustCompile(`(of the others, )?the first ([0-9]+) and the last ([0-9]+) by package, in folds`).FindSubmatch(got)
	if m == nil {
		t.Fatalf("the note does not name the first and the last records:\n%s", got)
	}
	first, last := atoi(string(m[2])), atoi(string(m[3]))
	// Records shown in full or on a line are not among the others the
	// note counts, if it says so.
	shown := func(name string) bool { return bytes.Contains(got, []byte(`"package": "`+name+`",`)) }
	others := names
	if m[1] != nil {
		others = slices.DeleteFunc(slices.Clone(names), shown)
	}
	unfolded := Unfolded(got)
	for i, name := range others {
		named := bytes.Contains(unfolded, []byte(`"package": "`+name+`"`))
		want := i < first || i >= len(others)-last
		if named != want && !shown(name) {
			t.Errorf("record %d %q named %v, want %v (the first %d and the last %d):\n%s", i, name, named, want, first, last, got)
		}
	}
	if last < 2 || first <= last {
		t.Errorf("the first %d and the last %d named, want more of the first and some of the last", first, last)
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
		found = strings.Contains(got, `"[headroom: 20 records, 1 in full, 19 by name as {}]"`) &&
			strings.Contains(got, `"[headroom: 60 records, 60 by type alone]"`)
	}
	if !found {
		t.Errorf("no budget shows the first operation in full and the shapes by type alone")
	}
}

// A record in full that is cut keeps its short fields before the one list
// it closes on: a package's size and priority say more beside its name
// and version than the first and last of its dependencies. The fields cut
// after them are named as any others. A record cut elsewhere, or one
// holding other containers, keeps its last member as before.
func TestJSONRecordInFullShortFieldsBeforeList(t *testing.T) {
	in := []byte(`{
  "package": "openssh-client",
  "version": "1:9.2p1-2+deb12u6",
  "installedSizeKiB": 5792,
  "priority": "standard",
  "maintainer": "Debian OpenSSH Maintainers <debian-ssh@lists.debian.org>",
  "depends": ["adduser", "libc6 (>= 2.36)", "libedit2 (>= 2.11-20080614-4)", "libfido2-1 (>= 1.8.0)", "zlib1g (>= 1:1.1.4)"]
}`)
	view := func(in []byte, full bool) string {
		d := newJSONDoc(in, seg{0, len(in)}, true)
		r := docRender{d: d, lv: jsonLevel{items: 2, keys: 2, chars: 64, names: 4, floor: 1}, depth: 2, limit: len(in) * 4, full: full}
		r.value(d.root, 0, nil)
		return string(r.out)
	}
	got := view(in, true)
	for _, want := range []string{`"installedSizeKiB": 5792`, `"[headroom: keys 3-5 elided]": "priority, maintainer, depends"`} {
		if !strings.Contains(got, want) {
			t.Errorf("the record in full lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "zlib1g") {
		t.Errorf("the record in full keeps its list before its short fields:\n%s", got)
	}
	if got := view(in, false); !strings.Contains(got, "zlib1g") {
		t.Errorf("a record not in full leaves its last member:\n%s", got)
	}
	two := bytes.Replace(in, []byte(`"priority": "standard"`), []byte(`"tags": ["net", "ssh"]`), 1)
	if got := view(two, true); !strings.Contains(got, "zlib1g") {
		t.Errorf("a record in full with two lists leaves its last member:\n%s", got)
	}
}

// A list named in folds whose lines can show a version gives the room of
// its records in full, but for the first, to lines of the name and the
// version spread over it: `pip inspect` at 1,000 tokens showed six
// packages in full and the versions of no others; a version each for a
// score of packages says more.
func TestJSONRecordNamedListTellsOverFull(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
		"kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"}
	type pkg struct {
		Name           string   `json:"name"`
		Version        string   `json:"version"`
		Summary        string   `json:"summary"`
		RequiresPython string   `json:"requires_python"`
		RequiresDist   []string `json:"requires_dist"`
	}
	var pkgs []pkg
	versions := map[string]string{}
	for i := range 94 {
		p := pkg{
			Name:           words[i%20] + "-" + words[i/20],
			Version:        fmt.Sprintf("%d.%d.%d", i%5, i%11, i%7),
			RequiresPython: fmt.Sprintf(">=3.%d", i%6+7),
		}
		p.Summary = fmt.Sprintf("The %s library for %s and %s, with helpers for everyday work", p.Name, words[i*7%20], words[i*11%20])
		for j := range i % 6 {
			p.RequiresDist = append(p.RequiresDist, fmt.Sprintf("%s>=%d.0", words[(i+j)%20], j))
		}
		versions[p.Name] = p.Version
		pkgs = append(pkgs, p)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // as pip writes ">=3.9"
	enc.SetIndent("", "  ")
	if err := enc.Encode(pkgs); err != nil {
		t.Fatal(err)
	}
	input := buf.Bytes()
	got := body(t, shape.JSON, input, 1000)
	if !json.Valid(got) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	m := regexp.MustCompile(`94 records, 1 in full, (?:[0-9]+ on a line each, )?([0-9]+) by name and version; `).FindSubmatch(got)
	if m == nil {
		t.Fatalf("the packages are not shown by name and version:\n%s", got)
	}
	lines := regexp.MustCompile(`(?m)^  \{"name": "([a-z-]+)", "version": "([0-9.]+)"\}`).FindAllSubmatch(got, -1)
	if len(lines) != atoi(string(m[1])) || len(lines) < 10 {
		t.Errorf("%d lines by name and version, the note says %s:\n%s", len(lines), m[1], got)
	}
	for _, l := range lines {
		if versions[string(l[1])] != string(l[2]) {
			t.Errorf("%s shown at %s, not %s", l[1], l[2], versions[string(l[1])])
		}
	}
}

// A note that counts one field left out says so in the singular.
func TestJSONCountElided(t *testing.T) {
	for n, want := range map[int]string{0: "0 fields elided", 1: "1 field elided", 2: "2 fields elided", 1234: "1,234 fields elided"} {
		if got := countElided(n, "fields"); got != want {
			t.Errorf("countElided(%d) = %q, want %q", n, got, want)
		}
	}
	if got := countElided(1, "items"); got != "1 item elided" {
		t.Errorf("countElided(1, items) = %q", got)
	}
}

// The note of a list named in folds counts every record once: those in
// full or on a line of their own are not counted again among the names, so
// the counts add up to the list's length.
func TestJSONRecordNamesNoteAddsUp(t *testing.T) {
	words := []string{"ADDR", "BUILD", "CACHE", "COLOR", "EXPORT", "FIND", "INSTALL", "LINKER", "NM", "OBJCOPY", "RANLIB", "STRIP"}
	var b strings.Builder
	b.WriteString("{\"entries\": [\n")
	for i := range 120 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\n    \"name\": \"CMAKE_%s_%s_%d\",\n    \"properties\": [\n"+
			"      {\"name\": \"HELPSTRING\", \"value\": \"Help for entry %d of the cache.\"}\n    ],\n"+
			"    \"type\": \"STRING\",\n    \"value\": \"value-%d\"\n  }", words[i%12], words[i/12], i%3, i, i)
	}
	b.WriteString("\n], \"kind\": \"cache\"}\n")
	note := regexp.MustCompile(`\[headroom: (\d+) records((?:, \d+ [a-z ]+?)*); (.*?) by name, in folds \(.*?\)(?:, and (\d+) more records)?\]`)
	number := regexp.MustCompile(`\d+`)
	sum := func(s string) int {
		n := 0
		for _, d := range number.FindAllString(s, -1) {
			k, _ := strconv.Atoi(d)
			n += k
		}
		return n
	}
	seen := 0
	for _, budget := range []int{600, 1000, 1500} {
		view := string(body(t, shape.JSON, []byte(b.String()), budget))
		m := note.FindStringSubmatch(view)
		if m == nil {
			continue
		}
		seen++
		total, _ := strconv.Atoi(m[1])
		named := sum(m[3])
		switch m[3] {
		case "all":
			named = total
		case "others":
			named = total - sum(m[2])
		}
		if got := sum(m[2]) + named + sum(m[4]); got != total {
			t.Errorf("at %d tokens the note counts %d of %d records: %s", budget, got, total, m[0])
		}
	}
	if seen == 0 {
		t.Errorf("no view names the records in folds")
	}
}

// outdatedMap returns a map of n packages as npm outdated --long writes
// it, every third a list of two records, for a package installed at two
// versions, the rest a record each.
func outdatedMap(n int) []byte {
	record := func(i, major int) string {
		return fmt.Sprintf("{\n    \"current\": \"%d.%d.0\",\n    \"wanted\": \"%d.%d.1\",\n    \"latest\": \"%d.0.0\",\n    \"dependent\": \"app%d\",\n"+
			"    \"location\": \"/home/user/project/node_modules/pkg-%02d\",\n    \"type\": \"dependencies\"\n  }", major, i, major, i, major+1, i%7, i)
	}
	var b bytes.Buffer
	b.WriteString("{")
	writeMembers(&b, n, func(i int) string {
		if i%3 == 1 {
			return fmt.Sprintf("\"pkg-%02d\": [\n  %s,\n  %s\n  ]", i, record(i, 1), record(i, 2))
		}
		return fmt.Sprintf("\"pkg-%02d\": %s", i, record(i, 1))
	})
	b.WriteString("\n}\n")
	return b.Bytes()
}

// A map whose members are records or, for a name that has several, lists
// of them, as npm outdated --long writes a package installed at two
// versions, is shown one member a line by its name.
func TestJSONRecordMapOfRecordsAndLists(t *testing.T) {
	const n = 60
	b := outdatedMap(n)
	got := body(t, shape.JSON, b, 1000)
	namesEach(t, got, `"pkg-%02d": `, n)
	if !json.Valid(got) || counter().Count(got) > 1000 {
		t.Errorf("the view does not parse or fit:\n%s", got)
	}
	if !bytes.Contains(got, []byte(" fields and items elided")) {
		t.Errorf("the note does not count the fields and items left out:\n%s", got)
	}
}

// A member of a map of records and lists of them that holds a list tells
// its first record's field on its line, as the records' lines tell
// theirs: a package installed at several versions is read by its first,
// not left an empty bracket among packages with their versions.
func TestJSONRecordMapListTellsFirst(t *testing.T) {
	const n = 60
	b := outdatedMap(n)
	got := body(t, shape.JSON, b, 2000)
	objs := regexp.MustCompile(`(?m)^ +"pkg-[0-9]+": \{"current": "1\.[0-9]+\.0"\},?$`).FindAll(got, -1)
	lists := regexp.MustCompile(`(?m)^ +"pkg-[0-9]+": \[\{"current": "1\.[0-9]+\.0"\}, "\[headroom: 1 more\]"\],?$`).FindAll(got, -1)
	empty := regexp.MustCompile(`(?m)^ +"pkg-[0-9]+": \[\],?$`).FindAll(got, -1)
	if len(objs) == 0 || len(lists) == 0 || len(empty) > 0 {
		t.Errorf("%d records and %d lists tell their current, %d lists show nothing:\n%s", len(objs), len(lists), len(empty), got)
	}
	if !json.Valid(got) || counter().Count(got) > 2000 {
		t.Errorf("the view does not parse or fit:\n%s", got)
	}
}

// A list a map of records and lists of them holds reads as cut where its
// line leaves records out, never as an empty list or a list of one: npm
// outdated --long at 2,000 tokens showed packages installed at several
// versions as [], and a line that told its first record's version hid the
// others. The line counts the records it leaves out, in a marker that
// does not read as one of the list's strings.
func TestJSONRecordMapListReadsCut(t *testing.T) {
	const n = 150
	b := outdatedMap(n)
	for _, budget := range []int{1000, 2000, 3000} {
		got := body(t, shape.JSON, b, budget)
		if !json.Valid(got) || counter().Count(got) > budget {
			t.Fatalf("budget %d: the view does not parse or fit:\n%s", budget, got)
		}
		if empty := regexp.MustCompile(`(?m)^ +"pkg-[0-9]+": \[\],?$`).FindAll(got, -1); len(empty) > 0 {
			t.Errorf("budget %d: %d lists read as empty:\n%s", budget, len(empty), got)
		}
		if hid := regexp.MustCompile(`(?m)^ +"pkg-[0-9]+": \[\{[^{}]*\}\],?$`).FindAll(got, -1); len(hid) > 0 {
			t.Errorf("budget %d: %d lists of two read as one record:\n%s", budget, len(hid), got)
		}
	}
	got := body(t, shape.JSON, b, 2000)
	if !regexp.MustCompile(`(?m)^ +"pkg-[0-9]+": (\["\[headroom: 2 records\]"\]|\[\{"current": "1\.[0-9]+\.0"\}, "\[headroom: 1 more\]"\]),?$`).Match(got) {
		t.Errorf("no list's line counts what it leaves out:\n%s", got)
	}
}

// A run of records shown one a line keeps one form: where the room does
// not give every line its version, fewer lines each with the version,
// spread over the run beside the rest named in folds, tell more than
// many lines by path alone among a few with it, which read as modules
// with no version (a main or replaced one). go list -m -u -json all at
// 1,000 tokens showed 52 modules by path alone and 5 with their version.
func TestJSONRecordStreamOneLineForm(t *testing.T) {
	got := body(t, shape.JSON, goModStream(60, -1), 1000)
	alone := regexp.MustCompile(`(?m)^\{"Path": "[^"]+"\}$`).FindAll(got, -1)
	told := regexp.MustCompile(`(?m)^\{"Path": "[^"]+", "Version": "v1\.[0-9]+\.[0-9]+"\}$`).FindAll(got, -1)
	if len(alone) > 0 && len(told) > 0 {
		t.Errorf("%d lines by path alone among %d with the version:\n%s", len(alone), len(told), got)
	}
	if len(told) < 8 {
		t.Errorf("%d lines with the version, want at least 8:\n%s", len(told), got)
	}
}

// A stream named in folds, a few records on a line each, shows nothing
// else of its records: a record's opening brace or a few of its members
// among the lines say nothing the folds and the lines do not, and read as
// a record cut short.
func TestJSONRecordStreamNamedShowsOnlyLines(t *testing.T) {
	for _, budget := range []int{600, 1000} {
		got := body(t, shape.JSON, goModStream(60, 7), budget)
		if !bytes.Contains(got, []byte("in folds")) {
			t.Fatalf("budget %d: no folds:\n%s", budget, got)
		}
		for _, ln := range strings.Split(string(got), "\n") {
			if ln == "{" || strings.HasPrefix(ln, "\t") || ln == "}" {
				t.Errorf("budget %d: a piece of a record beside its line %q:\n%s", budget, ln, got)
				break
			}
		}
	}
}

// A log stream shows each of its levels, the most common too: a level
// that makes up most records shows at least a couple of its lines, not
// only the rarer levels' lines around them. 684 trace records of 723
// showed none, and "trace" only in the census.
func TestJSONStreamCommonLevelShowsLines(t *testing.T) {
	var b bytes.Buffer
	for i := range 700 {
		rest := fmt.Sprintf(`"@level":"trace","@message":"sku synced","@module":"syncd.m%d","@timestamp":"2026-11-28T01:00:%02d.000000Z","qty":%d,"rev":%d,"sku":"SKU-%05d"`,
			i%5, i%60, i*13%97, i, i*7919%100000)
		switch {
		case i == 0:
			rest = `"@level":"info","@message":"starting reconcile","@module":"syncd","workers":4`
		case i%97 == 5:
			rest = fmt.Sprintf(`"@level":"error","@message":"reconcile failed","@module":"syncd.m%d","attempt":3,"error":"put SKU-%05d: version conflict"`, i%5, i)
		case i%61 == 3:
			rest = fmt.Sprintf(`"@level":"warn","@message":"price drift above threshold","@module":"syncd.m%d","local":%d.25,"remote":%d.75,"sku":"SKU-%05d","threshold":10`, i%5, i%40, i%40+12, i)
		case i%29 == 1:
			rest = fmt.Sprintf(`"@level":"debug","@message":"batch checkpoint","@module":"syncd.m%d","batch":%d,"elapsed_ms":%d`, i%5, i/29, 40+i%23)
		}
		fmt.Fprintf(&b, `{"@caller":"/tmp/work/src/tally/cmd/syncd/main.go:%d",%s}`+"\n", 20+i%7, rest)
	}
	for _, budget := range []int{1000, 2000} {
		got := body(t, shape.JSON, b.Bytes(), budget)
		if n := bytes.Count(got, []byte(`"@level":"trace"`)); n < 2 {
			t.Errorf("budget %d: %d trace lines, want at least 2:\n%s", budget, n, got)
		}
		if !bytes.Contains(got, []byte(`"@level":"error"`)) || !bytes.Contains(got, []byte(`"@level":"warn"`)) {
			t.Errorf("budget %d: the rarer levels left out:\n%s", budget, got)
		}
	}
}

// goModStream writes n modules as go mod download -json does, the one at
// update (none if negative) with an available update, as go list -m -u
// -json writes it.
func goModStream(n, update int) []byte {
	var b bytes.Buffer
	for i := range n {
		mod := fmt.Sprintf("github.com/org%c%c/module-%c%c", 'a'+i%7, 'a'+i%5, 'a'+i/26, 'a'+i%26)
		fmt.Fprintf(&b, "{\n\t\"Path\": \"%s\",\n\t\"Version\": \"v1.%d.%d\",\n", mod, i%5, i)
		fmt.Fprintf(&b, "\t\"Time\": \"2024-0%d-1%dT10:00:00Z\",\n", 1+i%9, i%10)
		if i == update {
			fmt.Fprintf(&b, "\t\"Update\": {\n\t\t\"Path\": \"%s\",\n\t\t\"Version\": \"v1.9.0\"\n\t},\n", mod)
		}
		fmt.Fprintf(&b, "\t\"Dir\": \"/home/user/go/pkg/mod/%s@v1.%d.%d\",\n", mod, i%5, i)
		fmt.Fprintf(&b, "\t\"Sum\": \"h1:%044d=\",\n\t\"GoModSum\": \"h1:%044d=\"\n}\n", i, i*7)
	}
	return b.Bytes()
}

// A census of a run's lines leaves out the ways no line shows a record,
// and counts one in the singular: "0 by Path alone" and "1 on a line each"
// read as a form the view uses, or as several.
func TestJSONRecordPhrasesCountRight(t *testing.T) {
	var count [4]int
	count[0], count[lineTells] = 18, 3
	got := listPhrase(count, 18, "Path", []byte(`"Version"`))
	if want := "; shown one a line: 18 whole or condensed, 3 by Path and Version (18 fields elided)"; got != want {
		t.Errorf("listPhrase = %q, want %q", got, want)
	}
	// Lines all whole or condensed mark what they leave out themselves:
	// "0 fields elided" beside their markers reads as false.
	count = [4]int{15, 0, 0, 0}
	got = listPhrase(count, 0, "Path", nil)
	if want := "; shown one a line: 15 whole or condensed"; got != want {
		t.Errorf("listPhrase = %q, want %q", got, want)
	}
	count = [4]int{0, 1, 0, 0}
	got = listPhrase(count, 1, "Path", nil)
	if want := "; shown one a line: 1 by Path alone (1 field elided)"; got != want {
		t.Errorf("listPhrase = %q, want %q", got, want)
	}
	for n, want := range map[int]string{1: "1 on a line", 2: "2 on a line each", 1200: "1,200 on a line each"} {
		if got := onALine(n); got != want {
			t.Errorf("onALine(%d) = %q, want %q", n, got, want)
		}
	}
}

// A map's record shown by its name alone reads {}, which alone would say
// the record is empty: the map's note says that {} stands for such records,
// and counts them where some lines show more.
func TestJSONMapNoteSaysEmptyBracesAreElided(t *testing.T) {
	in := "{\n    \"version\": \"2.0\",\n" + apiOperations(40) + "\n}\n"
	if !json.Valid([]byte(in)) {
		t.Fatalf("not JSON:\n%s", in)
	}
	got := string(body(t, shape.JSON, []byte(in), 800))
	if !regexp.MustCompile(`(?m)^ +"Op[^"]*": \{\},?$`).MatchString(got) {
		t.Fatalf("no record shown as {}:\n%s", got)
	}
	if !regexp.MustCompile(`"\[headroom: 40 records, [^"]*by name as \{\}\]"`).MatchString(got) {
		t.Errorf("the note does not say what {} stands for:\n%s", got)
	}
}

// go mod download -json's records condensed a line each: the census
// counts the lines that leave out the closing hashes with no mark of
// their own, and says nothing of fields elided where every line marks
// its own: "(0 fields elided)" over lines that each elide keys, and
// "condensed lines leave out Sum" over a line that shows Sum, read as
// false.
func TestJSONRecordDownloadCensusTrue(t *testing.T) {
	var b bytes.Buffer
	mods := []string{"github.com/pelletier/go-toml/v2", "github.com/rs/zerolog", "github.com/sirupsen/logrus",
		"github.com/tidwall/gjson", "github.com/urfave/cli/v2", "go.uber.org/zap", "github.com/cpuguy83/go-md2man/v2",
		"github.com/mattn/go-colorable", "github.com/mattn/go-isatty", "github.com/russross/blackfriday/v2",
		"github.com/tidwall/match", "github.com/tidwall/pretty", "github.com/xrash/smetrics", "go.uber.org/multierr",
		"golang.org/x/sys"}
	sum := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return base64.StdEncoding.EncodeToString(h[:])
	}
	for i, mod := range mods {
		cache := fmt.Sprintf("/home/dev/go/pkg/mod/cache/download/%s/@v/v1.%d.%d", mod, i%5, i)
		fmt.Fprintf(&b, "{\n\t\"Path\": \"%s\",\n\t\"Version\": \"v1.%d.%d\",\n\t\"Info\": \"%s.info\",\n\t\"GoMod\": \"%s.mod\",\n"+
			"\t\"Zip\": \"%s.zip\",\n\t\"Dir\": \"/home/dev/go/pkg/mod/%s@v1.%d.%d\",\n\t\"Sum\": \"h1:%s\",\n\t\"GoModSum\": \"h1:%s\"\n}\n",
			mod, i%5, i, cache, cache, cache, mod, i%5, i, sum(mod), sum(mod+"/go.mod"))
	}
	got := string(body(t, shape.JSON, b.Bytes(), 2000))
	census, _, _ := strings.Cut(got, "\n")
	if strings.Contains(census, "(0 fields elided)") {
		t.Errorf("the census counts no field elided:\n%s", got)
	}
	m := regexp.MustCompile(`; ([0-9]+ )?condensed lines? leaves? out Sum, GoModSum`).FindStringSubmatch(census)
	// A line leaves the sums out silently where it ends on another
	// field than a note of keys elided or the last sum.
	marked := regexp.MustCompile(`("\[headroom: keys? [0-9-]+ elided\]": "[^"]*"|"GoModSum": "[^"]*")\}$`)
	silent := 0
	for line := range strings.Lines(got) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, `{"Path"`) && !marked.MatchString(line) {
			silent++
		}
	}
	switch {
	case silent == 0 && m != nil:
		t.Errorf("the census says lines leave out the sums, none does:\n%s", got)
	case silent > 0 && (m == nil || m[1] != strconv.Itoa(silent)+" "):
		t.Errorf("%d lines leave out the sums, the census says %q:\n%s", silent, m, got)
	}
}
