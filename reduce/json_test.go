package reduce

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// The samples in testdata/json are real output captured here:
//
//	golist-packages.json         go list -json ./...   (in this module)
//	telemetry-package-lock.json  cat $(go env GOROOT)/src/cmd/vendor/golang.org/x/telemetry/package-lock.json
//	pip-inspect.json             pip inspect | jq '{version, pip_version, environment, installed: .installed[:12]}'
//	pip-list.json                pip list --format=json
//	gotest-build-fail.json       go test -json ./... 2>&1   (a module of two packages,
//	                             one that does not build and one with a failing subtest)
//	golist-go.json               go list -json go/...   (Go 1.26, 18 packages)
//	npm-ls-all.json              npm ls --json --all   (in a project of 9 dependencies)
//	gotest-pass-skip.json        go test -json ./stock ./report   (a module whose tests
//	                             pass, two of them skipped with a reason, one logging)
//	gotest-pass-hash.json        go test -json -count=1 hash/adler32 hash/crc64   (Go 1.26:
//	                             two packages whose 21 tests pass)
//	gotest-bench-utf8.json       cd $(go env GOROOT)/src/unicode/utf8 && go test -json
//	                             -count=1 -run '^$' -bench . -benchtime 100x   (Go 1.26:
//	                             36 benchmarks)
//	botocore-backup-gateway-service.json
//	                             zcat botocore/data/backup-gateway/2021-01-01/service-2.json.gz |
//	                             python3 -m json.tool   (an API description)
//	tree-j-crypto-tls.json       cd $(go env GOROOT)/src/crypto && tree -J tls
//	                             (a directory tree; testdata holds 122 files)
//	py-ast-sched.json            python3 -c 'import ast, json ...' sched.py   (the syntax
//	                             tree of Python 3.11's sched.py, each node an object of
//	                             its _type, its fields and its lineno, indent=1)
//	tree-j-image.json            cd $(go env GOROOT)/src && tree -J image   (Go 1.26: 12
//	                             directories, 169 files)
//	iso-4217.json                cat /usr/share/iso-codes/json/iso_4217.json   (Debian's
//	                             iso-codes 4.15: 181 currencies by alpha_3, name, numeric)
const localJSON = "testdata/json"

// jsonLost is how many needles a view at budget 2000 may lose, for the
// samples where keeping all of them would cost more than it is worth:
//   - json-govet is two documents of nested findings, 2,449 tokens; the
//     last findings of the second lose to the first's suggested fixes,
//     which come earlier and no deeper.
//   - json-package-lock asks for node_modules/uuid, a dependency of a
//     dependency that nothing in the lock singles out.
//   - json-aws-skeleton-output, 2,128 tokens, asks for two keys nested
//     five levels down in objects the view summarises to fit; a record
//     of a list there shows its short fields, and one of the keys.
//   - json-eslint-format-json names its 17 files, 4 of them in full; the
//     rules of the other 13 are in their messages, elided.
//   - json-shellcheck-json1 is 100 findings with no field that tells them
//     apart (a file has several on one line); it asks for the codes of
//     17 of them, and the view shows about 10 findings.
var jsonLost = map[string]int{"json-govet": 2, "json-package-lock": 1, "json-aws-skeleton-output": 1,
	"json-eslint-format-json": 3, "json-shellcheck-json1": 8}

func TestJSONGolden(t *testing.T) {
	lost := goldenCorpus(t, "json-", shape.JSON, 2000)
	for name, l := range lost {
		if len(l) > jsonLost[name] {
			t.Errorf("%s: view at 2000 tokens lost %d needles: %q", name, len(l), l)
		}
	}
	for _, path := range corpus(t, "json-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		checkJSONView(t, name+"-600", readFile(t, path), 600)
	}
}

// TestJSONLocalGolden pins the views of the samples captured for these
// tests, at a roomy and a tight budget.
func TestJSONLocalGolden(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(localJSON, "*.json"))
	if len(paths) == 0 {
		t.Fatal("no samples in " + localJSON)
	}
	for _, path := range paths {
		name := "json-local-" + strings.TrimSuffix(filepath.Base(path), ".json")
		for _, budget := range []int{2000, 500} {
			checkJSONView(t, fmt.Sprintf("%s-%d", name, budget), readFile(t, path), budget)
		}
	}
}

// A nested list is cut harder than the lists holding it only while the
// budget is short: a directory tree with room to spare shows more of its
// deepest directory than the sixteen names the richest halving allows.
func TestJSONNestedListsFillRoom(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "tree-j-crypto-tls.json"))
	got := body(t, shape.JSON, in, 2000)
	if n := bytes.Count(got, []byte(`"name":"Client-`)) + bytes.Count(got, []byte(`"name":"Server-`)); n < 40 {
		t.Errorf("the view names %d of the 122 files in testdata, want at least 40:\n%s", n, got)
	}
}

// A syntax tree's statements, told apart only by their line numbers and
// too large to show in full, are not shown one a line by line number in a
// view that leaves most of the room unused: the ordinary view shows what
// they are.
func TestJSONRecordsByNumberAloneNotThin(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "py-ast-sched.json"))
	got := string(body(t, shape.JSON, in, 2000))
	if strings.Contains(got, "by lineno alone") {
		t.Errorf("the view shows the statements by line number, not what they are:\n%s", got)
	}
}

// Records told apart by a code that is no name in nameKeys (a currency's
// alpha_3) are not taken for records told apart by a number: their record
// view, short as it is, names every one, where the ordinary view shows
// the first few in full.
func TestJSONRecordsByCodeNotThin(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "iso-4217.json"))
	var doc map[string][]map[string]string
	if err := json.Unmarshal(in, &doc); err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, in, 1500)
	named := string(got) + string(Unfolded(got))
	missed := 0
	for _, rec := range doc["4217"] {
		if !strings.Contains(named, `"alpha_3": "`+rec["alpha_3"]+`"`) {
			missed++
		}
	}
	if missed > 12 {
		t.Errorf("%d of %d currencies not named by their code:\n%s", missed, len(doc["4217"]), got)
	}
}

// A few scalars that the input spreads over lines, where a view cuts its
// depth, show on one line rather than as a summary of their keys; a
// container holding containers is still summarised.
func TestJSONFlatScalarsAtTheCut(t *testing.T) {
	in := []byte("{\n  \"with\": {\n    \"go-version\": \"1.22\",\n    \"cache\": true\n  },\n" +
		"  \"env\": {\n    \"matrix\": {\n      \"os\": \"linux\"\n    }\n  }\n}")
	d := newJSONDoc(in, seg{0, len(in)}, true)
	got := string(d.try(form{depth: 1, level: lenientLevels}, byteCount{}).view)
	for _, want := range []string{`"with": {"go-version": "1.22", "cache": true}`, `"env": "[headroom: object of 1 key: matrix]"`} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %s:\n%s", want, got)
		}
	}
}

// Empty containers cost and say what scalars do: a map of names to `{}`
// or `[]` (the regions a service has endpoints in, rules with no options)
// shows on one line at the cut, or by its first members if it is long,
// however the input spreads its empty values; a map holding a container
// that is not empty is still summarised.
func TestJSONEmptyContainersAtTheCut(t *testing.T) {
	var in bytes.Buffer
	in.WriteString("{\n  \"endpoints\": {\n    \"eu-west-1\": {},\n    \"us-east-1\": {\n    }\n  },\n  \"rules\": {")
	writeMembers(&in, 30, func(i int) string { return fmt.Sprintf(`"rule-%02d": []`, i) })
	in.WriteString("\n  },\n  \"defaults\": {\n    \"eu-west-1\": {\"tls\": true}\n  }\n}")
	checkViewAtCut(t, in.Bytes(), `"endpoints": {"eu-west-1": {}, "us-east-1": {}}`, `"rules": {"rule-00": [], "rule-01": [], `,
		`"defaults": "[headroom: object of 1 key: eu-west-1]"`)
}

// A map of short scalars (an environment's globals, a package's
// dependencies) that a view cuts at its depth shows its first members and
// a fold counting the rest, in less room than a summary of its keys; a
// map of longer values is still summarised.
func TestJSONMapOfScalarsAtTheCut(t *testing.T) {
	var in bytes.Buffer
	in.WriteString("{\n  \"node\": {")
	writeMembers(&in, 40, func(i int) string { return fmt.Sprintf(`"Global%02d": false`, i) })
	in.WriteString("\n  },\n  \"scripts\": {")
	writeMembers(&in, 20, func(i int) string {
		return fmt.Sprintf(`"task%02d": "node tools/run-a-long-task.js --with-flags %d"`, i, i)
	})
	in.WriteString("\n  }\n}")
	checkViewAtCut(t, in.Bytes(), `"node": {"Global00": false, "Global01": false, `, `elided]": "`,
		`"scripts": "[headroom: object of 20 keys: task00, `)
}

// writeMembers writes n members that member makes, one a line, parted by
// commas, as a pretty-printed map has them.
func writeMembers(in *bytes.Buffer, n int, member func(i int) string) {
	for i := range n {
		if i > 0 {
			in.WriteByte(',')
		}
		in.WriteString("\n    " + member(i))
	}
}

// checkViewAtCut checks that the view of the document in cut below its
// top level parses and holds each of wants.
func checkViewAtCut(t *testing.T, in []byte, wants ...string) {
	t.Helper()
	d := newJSONDoc(in, seg{0, len(in)}, true)
	got := string(d.try(form{depth: 1, level: lenientLevels}, byteCount{}).view)
	if !json.Valid([]byte(got)) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %s:\n%s", want, got)
		}
	}
}

// A record of short fields that the input writes on a line of its own
// stays on that line though it is longer than other containers kept on
// one: written a field a line, it costs more and no longer reads, or
// searches, as the input has it. A longer line, or one holding containers,
// is still written a member a line.
func TestJSONFlatRecordKeepsItsLine(t *testing.T) {
	line := func(name string) string {
		return `{"type":"file","name":"` + name + `","mode":"0444","prot":"-r--r--r--","size":7521}`
	}
	var in bytes.Buffer
	in.WriteString(`{"type":"directory","name":"cache","contents":[`)
	for i := range 40 {
		if i > 0 {
			in.WriteByte(',')
		}
		in.WriteString("\n  " + line(fmt.Sprintf("cache_%02d_test.go", i)))
	}
	in.WriteString("\n]}\n")
	got := string(body(t, shape.JSON, in.Bytes(), 600))
	if !strings.Contains(got, line("cache_00_test.go")) {
		t.Errorf("the first record is not on its line:\n%s", got)
	}
}

// The records of a list that a view cuts below its depth (a linter's
// findings under each file) show their short fields, the telling first,
// in no more room than a summary of their keys, under a note that says
// so; an object that is no list's record is still summarised.
func TestJSONRecordsAtTheCutShowShortFields(t *testing.T) {
	finding := func(rule, msg string, line int) string {
		return fmt.Sprintf("{\n\"ruleId\": %q,\n\"severity\": 2,\n\"message\": %q,\n\"line\": %d,\n"+
			"\"column\": 1,\n\"nodeType\": \"VariableDeclaration\",\n\"endLine\": %[3]d,\n\"endColumn\": 44,\n"+
			"\"fix\": {\"range\": [226, 229], \"text\": \"let\"}\n}", rule, msg, line)
	}
	in := []byte("{\"results\": [\n{\"filePath\": \"src/app.js\",\n\"messages\": [\n" +
		finding("no-var", "Unexpected var.", 3) + ",\n" + finding("eqeqeq", "Expected '==='.", 9) +
		"\n],\n\"stats\": {\n\"times\": {\n\"parse\": {\"ms\": 3},\n\"rules\": {\"ms\": 5}\n}\n}\n}\n]}")
	d := newJSONDoc(in, seg{0, len(in)}, true)
	got := string(d.try(form{depth: 4, level: lenientLevels}, byteCount{}).view)
	if !json.Valid([]byte(got)) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	// The rule, the message and the line each finding points at: the
	// line tells two findings of one rule apart.
	for _, want := range []string{shortFieldsNote, `{"ruleId": "no-var", "message": "Unexpected var.", "line": 3`,
		`{"ruleId": "eqeqeq", "message": "Expected '==='.", "line": 9`, `"times": "[headroom: object of 2 keys: parse, rules]"`} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %s:\n%s", want, got)
		}
	}
}

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

// checkJSONView checks the view of input at budget against its golden
// file, its size, and, for one document, that it parses.
func checkJSONView(t *testing.T, name string, input []byte, budget int) {
	t.Helper()
	got := body(t, shape.JSON, input, budget)
	if n := counter().Count(got); n > budget {
		t.Errorf("%s: view has %d tokens, budget %d", name, n, budget)
	}
	if len(got) >= len(input) {
		t.Errorf("%s: view (%d bytes) is not shorter than the input (%d bytes)", name, len(got), len(input))
	}
	if json.Valid(input) && !json.Valid(got) {
		t.Errorf("%s: the view of one document does not parse:\n%s", name, got)
	}
	checkGolden(t, name, got)
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestJSONBeatsHeadTail checks that on every corpus sample over the budget
// the view keeps at least as many needles as a cut of head and tail, and
// logs both (go test -run JSONBeatsHeadTail -v).
func TestJSONBeatsHeadTail(t *testing.T) { beatsHeadTail(t, "json-", shape.JSON) }

// Numbers are the input's own bytes: never reformatted, never rounded.
func TestJSONKeepsNumbersVerbatim(t *testing.T) {
	nums := []string{"1.0", "-0.0", "1e400", "12345678901234567890123456789", "2.50E-3", "0"}
	var in strings.Builder
	in.WriteString(`{"pad": [`)
	for i := range 400 {
		fmt.Fprintf(&in, "%q,", fmt.Sprint("filler ", i))
	}
	in.WriteString(`"end"], "nums": [` + strings.Join(nums, ", ") + "]}")
	got := body(t, shape.JSON, []byte(in.String()), 300)
	for _, n := range nums {
		if !regexp.MustCompile(`[\[ ,]` + regexp.QuoteMeta(n) + `[\],\n]`).Match(got) {
			t.Errorf("number %s is not in the view verbatim:\n%s", n, got)
		}
	}
	if !json.Valid(got) {
		t.Errorf("view does not parse:\n%s", got)
	}
}

// A long string is cut on a character, never inside an escape, and the
// note counts the characters cut exactly.
func TestJSONCutsLongStrings(t *testing.T) {
	content := strings.Repeat(`é\u00e9\n\"ab\\`, 2000) // 7 characters a repeat
	in := `{"note": "` + content + `", "pad": "` + strings.Repeat("x", 100) + `"}`
	got := body(t, shape.JSON, []byte(in), 500)
	var v struct{ Note string }
	if err := json.Unmarshal(got, &v); err != nil {
		t.Fatalf("view does not parse: %v\n%s", err, got)
	}
	// Its last line (the string is of many) may be kept after the cut.
	m := regexp.MustCompile(`(?s)^(.*)\.\.\. \[headroom: ([0-9,]+) chars cut\](?: \.\.\.(.*))?$`).FindStringSubmatch(v.Note)
	if m == nil {
		t.Fatalf("the string is not cut with a count: %q", v.Note)
	}
	var whole string
	json.Unmarshal([]byte(`"`+content+`"`), &whole)
	kept := len([]rune(m[1])) + len([]rune(m[3]))
	cut, _ := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
	if !strings.HasPrefix(whole, m[1]) || !strings.HasSuffix(whole, m[3]) || kept+cut != len([]rune(whole)) {
		t.Errorf("kept %d characters and counted %d cut, of %d", kept, cut, len([]rune(whole)))
	}
}

// A long string of several lines cut keeps its last line: a traceback
// names its exception there, a command's output its outcome.
func TestJSONCutStringKeepsItsLastLine(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		stack := `Traceback (most recent call last):\n  File \"/srv/app/reconcile.py\", line 65, in main\n    total = settle(batch, txns)\n` +
			strings.Repeat(`  File \"/srv/app/ledger.py\", line 12, in settle\n    return sum(t[\"cents\"] for t in txns)\n`, 3) +
			`KeyError: 'plate'\n`
		fmt.Fprintf(&b, `{"level": "ERROR", "msg": "batch missing field", "batch": %d, "stack": "%s"}`+"\n", i, stack)
	}
	got := string(body(t, shape.JSON, []byte(b.String()), 1000))
	cut := 0
	for _, line := range strings.Split(got, "\n") {
		if strings.Contains(line, "chars cut") {
			cut++
			if !strings.Contains(line, `KeyError: 'plate'`) {
				t.Errorf("a traceback cut lacks its last line: %s", line)
			}
		}
	}
	if cut == 0 {
		t.Errorf("no traceback is cut:\n%s", got)
	}
}

// Every elided run of an array says which items it stands for, and they
// add up with the items shown to the array's length.
func TestJSONCountsElidedItems(t *testing.T) {
	var in strings.Builder
	in.WriteString("[\n")
	for i := range 5000 {
		if i > 0 {
			in.WriteString(",\n")
		}
		fmt.Fprintf(&in, `  {"id": %d, "name": "item-%d", "ok": true}`, i, i)
	}
	in.WriteString("\n]\n")
	got := body(t, shape.JSON, []byte(in.String()), 400)
	var items []any
	if err := json.Unmarshal(got, &items); err != nil {
		t.Fatalf("view does not parse: %v\n%s", err, got)
	}
	note := regexp.MustCompile(`^\[headroom: items? ([0-9,]+)(?:-([0-9,]+))? elided \(([0-9,]+) of 5,000\)\]$`)
	shown, elided, next := 0, 0, 0
	for _, it := range items {
		s, ok := it.(string)
		if !ok {
			id := int(it.(map[string]any)["id"].(float64))
			if id != next {
				t.Errorf("item %d shown where item %d was due", id, next)
			}
			shown, next = shown+1, id+1
			continue
		}
		m := note.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("not an elision note: %q", s)
		}
		from, to, n := atoi(m[1]), atoi(m[2]), atoi(m[3])
		if m[2] == "" {
			to = from
		}
		if from != next || to-from+1 != n {
			t.Errorf("note %q: run %d-%d of %d items, next due %d", s, from, to, n, next)
		}
		elided, next = elided+n, to+1
	}
	if shown+elided != 5000 || next != 5000 {
		t.Errorf("%d items shown and %d elided, of 5,000", shown, elided)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	return n
}

// Items that tell of a failure, or that are shaped unlike the others,
// are kept from the middle of a long array.
func TestJSONKeepsOutliers(t *testing.T) {
	var in strings.Builder
	in.WriteString(`{"results": [`)
	for i := range 3000 {
		if i > 0 {
			in.WriteString(", ")
		}
		switch i {
		case 1234:
			in.WriteString(`{"test": "t1234", "status": "failed", "ms": 12}`)
		case 2345:
			in.WriteString(`{"test": "t2345", "status": "passed", "ms": 11, "retried": 3}`)
		default:
			fmt.Fprintf(&in, `{"test": "t%d", "status": "passed", "ms": %d}`, i, 10+i%7)
		}
	}
	in.WriteString("]}")
	got := body(t, shape.JSON, []byte(in.String()), 400)
	for _, want := range []string{`"t1234"`, `"failed"`, `"t2345"`, `"retried": 3`, `"t0"`, `"t2999"`} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("view lacks %s:\n%s", want, got)
		}
	}
}

// An object of a hundred settings next to a long array, as a build's
// configuration prints them: every setting is shown before more items of
// the array, since the fields are the structure.
func TestJSONKeepsManyFieldsBeforeItems(t *testing.T) {
	var in strings.Builder
	in.WriteString("{\n  \"variables\": {\n")
	for i := range 100 {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&in, "    \"use_%03d\": false,\n", i)
		case 1:
			fmt.Fprintf(&in, "    \"level_%03d\": %d,\n", i, i%5)
		default:
			fmt.Fprintf(&in, "    \"path_%03d\": \"lib/p%d\",\n", i, i)
		}
	}
	in.WriteString("    \"files\": [\n")
	for i := range 300 {
		if i > 0 {
			in.WriteString(",\n")
		}
		fmt.Fprintf(&in, "      \"lib/internal/module_%d.js\"", i)
	}
	in.WriteString("\n    ]\n  }\n}\n")
	got := body(t, shape.JSON, []byte(in.String()), 2000)
	for i := range 100 {
		if !regexp.MustCompile(fmt.Sprintf(`"[a-z]+_%03d":`, i)).Match(got) {
			t.Errorf("view lacks setting %d:\n%s", i, got)
			break
		}
	}
}

// A count of errors or failures written as a string, as a JUnit report
// turned into JSON writes every attribute ("failures": "0"), is empty when
// it is zero: else every suite is taken to fail, and the one that does is
// cut with the rest.
func TestJSONZeroCountInStringDoesNotFail(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"testsuite": [`)
	for i := range 150 {
		if i > 0 {
			b.WriteString(",\n")
		}
		failures, failure := "0", ""
		if i == 97 {
			failures, failure = "1", `, "failure": "AssertionError: expected 3 got 4"`
		}
		fmt.Fprintf(&b, `{"name": "pkg.module%03d", "tests": "12", "failures": %q, "errors": "0", "time": "0.%03d", `+
			`"testcase": [{"name": "test_case_1", "time": "0.001"%s}]}`, i, failures, i, failure)
	}
	b.WriteString("]}")
	got := body(t, shape.JSON, []byte(b.String()), 1000)
	if !strings.Contains(string(got), "expected 3 got 4") {
		t.Errorf("the failing suite is cut:\n%s", got)
	}
}

// A record cut to a few of its fields keeps those that tell what it is,
// with or without the underscore that marks a tool's own fields: npm ls
// --long writes each package's name@version as "_id", past its integrity
// hash and licence.
func TestJSONUnderscoredKeysTell(t *testing.T) {
	in := []byte(`{"version": "1.7.7", "overridden": false, "integrity": "sha512-S4kL7Xrj", ` +
		`"license": "MIT", "_id": "axios@1.7.7", "extraneous": false}`)
	c := analyse(in, 0, nil)
	var lead []string
	for _, m := range c.lead[:2] {
		lead = append(lead, string(in[m.key.start:m.key.end]))
	}
	if want := []string{`"version"`, `"_id"`}; !slices.Equal(lead, want) {
		t.Errorf("the record leads with %v, want %v", lead, want)
	}
}

// An object of a few small objects that all have a field in common (a
// dependency tree's packages by name, each with its version) is a map of
// records, cut like a larger one; a document's parts, with no field in
// common or many fields each, are not.
func TestJSONSmallMapOfRecords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{"ms": {"version": "2.1.3"}, "qs": {"version": "6.13.0", "overridden": false}, ` +
			`"debug": {"version": "2.6.9", "dependencies": {}}, "depd": {"version": "2.0.0"}}`, true},
		{`{"metadata": {"name": "web"}, "spec": {"replicas": 2}, "status": {"ready": 2}, "extra": {"x": 1}}`, false},
		{`{"a": {"version": "1"}, "b": {"version": "2"}, "c": {"version": "3"}}`, false},
		{`{"a": {"version": "1", "b": 1, "c": 1, "d": 1, "e": 1}, "b": {"version": "2"}, ` +
			`"c": {"version": "3"}, "d": {"version": "4"}}`, false},
	} {
		if got := analyse([]byte(tc.in), 0, nil).mapLike; got != tc.want {
			t.Errorf("analyse(%s).mapLike = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// A map of records that a view cuts (the dependencies of a package in
// npm ls) names the records it leaves out by their keys in folds, each
// fold a member, as an array of records names its cut run: the view still
// parses, and says which packages the run holds. At 900 tokens express
// showed 4 of its 31 dependencies and counted the rest.
func TestJSONCutMapNamesItsRecords(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "npm-ls-all.json"))
	var doc struct {
		Dependencies map[string]struct {
			Dependencies map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal(in, &doc); err != nil {
		t.Fatal(err)
	}
	got := body(t, shape.JSON, in, 900)
	if !json.Valid(got) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	named := string(got) + string(Unfolded(got))
	missed := 0
	for name := range doc.Dependencies["express"].Dependencies {
		if !strings.Contains(named, `"`+name+`":`) {
			missed++
		}
	}
	if missed > 12 {
		t.Errorf("%d of express's %d dependencies not named:\n%s", missed, len(doc.Dependencies["express"].Dependencies), got)
	}
}

// A record of a category the records before it lack (another rule, a
// numeric code, another level) is kept from the middle of a long array,
// while numbers that measure (a line) do not make categories.
func TestJSONKeepsCategories(t *testing.T) {
	var in strings.Builder
	in.WriteString(`{"comments": [`)
	for i := range 600 {
		if i > 0 {
			in.WriteString(", ")
		}
		rule, code := "quote", 2086
		switch i {
		case 300:
			rule, code = "backticks", 2006
		case 450, 451:
			rule, code = "arith", 2004
		}
		fmt.Fprintf(&in, `{"file": "f%d.sh", "line": %d, "rule": %q, "code": %d, "message": "say %s"}`, i%3, 10+i%20, rule, code, rule)
	}
	in.WriteString("]}")
	got := body(t, shape.JSON, []byte(in.String()), 600)
	for _, want := range []string{`"backticks"`, `"arith"`, `2006`, `2004`} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("view lacks %s:\n%s", want, got)
		}
	}
}

// Below the depth the budget allows, subtrees become strings that name
// their keys and count their members.
func TestJSONSummarisesDeepSubtrees(t *testing.T) {
	var in strings.Builder
	in.WriteString(`{"name": "deep", "tree": `)
	for i := range 40 {
		fmt.Fprintf(&in, `{"level": %d, "tags": ["a", "b", "c"], "description": "%s", "child": `, i, strings.Repeat("words ", 30))
	}
	in.WriteString("null" + strings.Repeat("}", 40) + "}")
	got := body(t, shape.JSON, []byte(in.String()), 800)
	if !json.Valid(got) {
		t.Fatalf("view does not parse:\n%s", got)
	}
	if !regexp.MustCompile(`"child": "\[headroom: object of 4 keys: level, tags[^"]*\]"`).Match(got) {
		t.Errorf("no summary of a subtree naming its keys:\n%s", got)
	}
	if !bytes.Contains(got, []byte(`"name": "deep"`)) {
		t.Errorf("the top of the document is gone:\n%s", got)
	}
}

// Input that starts like JSON but breaks is reduced as text, and says so.
func TestJSONBrokenIsText(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "pip-inspect.json"))
	broken := append(bytes.Clone(in[:len(in)/2]), "\n}}} not json\n"...)
	got := body(t, shape.JSON, broken, 500)
	want := regexp.MustCompile(`^\[headroom: not valid JSON at line [0-9,]+ \(invalid character .*\); reduced as text\]\n`)
	if !want.Match(got) {
		t.Errorf("no note that the input is not JSON:\n%s", got)
	}
}

// Input over the cap is reduced as text rather than held, and says so.
func TestJSONOverCapIsText(t *testing.T) {
	in := readFile(t, filepath.Join(localJSON, "telemetry-package-lock.json"))
	j := newJSON(500).(*JSON)
	j.max = 64 << 10
	s := NewSplitter(j)
	for chunk := range slices.Chunk(in, 4096) {
		s.Write(chunk)
	}
	n := s.Close()
	c := counter()
	got := Render(Fit(j.Pieces(n, 500, c), n, 500, c), n)
	if !bytes.HasPrefix(got, []byte("[headroom: the input is over 64 KiB, more than the json reducer holds; reduced as text]\n")) {
		t.Errorf("no note that the input was too large:\n%s", got)
	}
	if j.buf != nil || j.parts != nil {
		t.Errorf("%d bytes still held", len(j.buf)+j.size)
	}
}

// The census of a run of records counts each class exactly.
func TestJSONCensusCounts(t *testing.T) {
	path := filepath.Join(corpusDir, "json-gotest-json-fail.out")
	input := readFile(t, path)
	counts := map[string]int{}
	d := json.NewDecoder(bytes.NewReader(input))
	records := 0
	for d.More() {
		var e struct{ Action string }
		if err := d.Decode(&e); err != nil {
			t.Fatal(err)
		}
		counts[e.Action]++
		records++
	}
	got := body(t, shape.JSON, input, 2000)
	first, _, _ := bytes.Cut(got, []byte("\n"))
	want := fmt.Sprintf("[headroom: %s JSON records by Action: ", thousands(records))
	if !bytes.HasPrefix(first, []byte(want)) {
		t.Fatalf("census %q does not start %q", first, want)
	}
	for action, n := range counts {
		if !bytes.Contains(first, []byte(" "+thousands(n)+" "+action)) {
			t.Errorf("census %q does not count %d %s", first, n, action)
		}
	}
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Every event of a failing test, its output included, survives.
func TestJSONKeepsFailingTestEvents(t *testing.T) {
	path := filepath.Join(corpusDir, "json-gotest-json-fail.out")
	input := readFile(t, path)
	failed := map[string]bool{}
	lines := bytes.Split(bytes.TrimSpace(input), []byte("\n"))
	for _, l := range lines {
		var e struct{ Action, Test string }
		if json.Unmarshal(l, &e) == nil && e.Action == "fail" && e.Test != "" {
			failed[e.Test] = true
		}
	}
	if len(failed) == 0 {
		t.Fatal("the sample has no failing test")
	}
	got := body(t, shape.JSON, input, 2000)
	for _, l := range lines {
		var e struct{ Test string }
		if json.Unmarshal(l, &e) == nil && failed[e.Test] && !bytes.Contains(got, l) {
			t.Errorf("event of failing test %s is gone: %s", e.Test, l)
		}
	}
}

// A run of more failed tests than the view has room for the events of
// keeps what the first of them wrote (an assertion's message) beside the
// events, rather than the bare events of all: the census names them all.
func TestJSONManyFailuresKeepTheFirstMessages(t *testing.T) {
	var in strings.Builder
	ev := func(action, test, output string) {
		e := map[string]string{"Action": action, "Package": "example.com/stock", "Test": test}
		if output != "" {
			e["Output"] = output
		}
		line, _ := json.Marshal(e)
		in.Write(append(line, '\n'))
	}
	ev("start", "", "")
	ev("run", "TestTotal", "")
	for i := 1; i <= 40; i++ {
		name := fmt.Sprintf("TestTotal/items=%d", i)
		ev("run", name, "")
		ev("output", name, "=== RUN   "+name+"\n")
		ev("output", name, fmt.Sprintf("    stock_test.go:33: Total mismatch: got %d, want %d\n", i*i, i*i+2))
		ev("output", name, "--- FAIL: "+name+" (0.00s)\n")
		ev("fail", name, "")
	}
	ev("fail", "TestTotal", "")
	ev("output", "", "FAIL\n")
	ev("fail", "", "")
	got := body(t, shape.JSON, []byte(in.String()), 1000)
	for _, want := range []string{"Total mismatch: got 1, want 3", "Total mismatch: got 4, want 6"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
}

// A passing go test -json run keeps what it says beyond its routine lines:
// each package's outcome, the skipped tests and why they were skipped,
// and what the tests logged.
func TestJSONPassingRunKeepsSkipsAndOutcomes(t *testing.T) {
	got := body(t, shape.JSON, readFile(t, filepath.Join(localJSON, "gotest-pass-skip.json")), 600)
	for _, want := range []string{
		`"Action":"skip","Package":"example.com/shop/stock","Test":"TestWarehouse"`,
		`"Action":"skip","Package":"example.com/shop/report","Test":"TestColumns"`,
		`stock_test.go:10: WAREHOUSE_URL not set; skipping integration test`,
		`report_test.go:7: columns layout pending redesign`,
		`stock_test.go:16: reorder level ok`,
		`"Action":"pass","Package":"example.com/shop/stock","Elapsed"`,
		`"Action":"pass","Package":"example.com/shop/report","Elapsed"`,
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("view lacks %s:\n%s", want, got)
		}
	}
}

// A benchmark's line that only names it, as its run event does, gives its
// room to the results of the benchmarks: a view of a run of benchmarks
// shows what each measured, not that it ran.
func TestJSONBenchmarkResultsOverNames(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "gotest-bench-utf8.json"))
	bare := regexp.MustCompile(`"Output":"Benchmark[A-Za-z0-9/_]+\\n"`)
	for _, tc := range []struct{ budget, results int }{{1000, 6}, {2000, 20}} {
		got := body(t, shape.JSON, input, tc.budget)
		if bare.Match(got) {
			t.Errorf("@%d: the view keeps a line that only names a benchmark:\n%s", tc.budget, got)
		}
		if n := bytes.Count(got, []byte(" ns/op")); n < tc.results {
			t.Errorf("@%d: the view shows %d results, want %d or more:\n%s", tc.budget, n, tc.results, got)
		}
	}
}

// A passing go test -json run too long to show names each test and its
// result, in folds, as far as they fit: which tests ran is what a reader
// of a passing run looks for.
func TestJSONPassingRunNamesItsTests(t *testing.T) {
	input := readFile(t, filepath.Join(localJSON, "gotest-pass-hash.json"))
	for _, budget := range []int{1500, 2000} {
		got := body(t, shape.JSON, input, budget)
		view := append(slices.Clone(got), Unfolded(got)...)
		for l := range bytes.Lines(input) {
			var e struct{ Action, Package, Test string }
			if json.Unmarshal(l, &e) != nil || e.Action != "pass" || e.Test == "" {
				continue
			}
			if !bytes.Contains(view, []byte(`pass `+e.Package+` "Test":"`+e.Test+`"`)) {
				t.Errorf("budget %d: view does not name passing test %s of %s:\n%s", budget, e.Test, e.Package, got)
			}
		}
	}
}

// A run of many packages names the tests of as many as fit and counts the
// rest on one line: a line for each package past the room would make the
// note too long to show, census and all, and a package past it has no
// test named, so its count is its tests'.
func TestJSONRunOfManyPackagesCountsTheRest(t *testing.T) {
	var input bytes.Buffer
	const pkgs = 300
	for p := range pkgs {
		fmt.Fprintf(&input, `{"Action":"run","Package":"example.com/m/p%d","Test":"TestA"}`+"\n", p)
		fmt.Fprintf(&input, `{"Action":"pass","Package":"example.com/m/p%d","Test":"TestA"}`+"\n", p)
	}
	got := body(t, shape.JSON, input.Bytes(), 2000)
	if !bytes.HasPrefix(got, []byte("[headroom: 600 JSON records by Action")) {
		t.Fatalf("view lacks the census:\n%s", got)
	}
	named, counted := 0, 0
	for l := range bytes.Lines(got) {
		if bytes.HasPrefix(l, []byte("  pass ")) {
			named++
		}
		var n int
		if _, err := fmt.Sscanf(string(l), "  and %d more", &n); err == nil {
			counted += n
		}
	}
	if named == 0 || named+counted != pkgs {
		t.Errorf("view names %d tests and counts %d more, of %d:\n%s", named, counted, pkgs, got)
	}
}

// Condensing a record costs a search, so a view condenses no more than a
// few dozen: a go test -json run whose tests log many records too long to
// keep sizes the room for its names by the pieces the view offers, not by
// condensing every one. Reducing a run with six times as many such records
// allocates about as much, the cap reached in both.
func TestJSONRunCondensesAFewRecords(t *testing.T) {
	run := func(tests int) []byte {
		var b bytes.Buffer
		for i := range tests {
			fmt.Fprintf(&b, `{"Action":"run","Package":"p","Test":"T%d"}`+"\n", i)
			fmt.Fprintf(&b, `{"Action":"output","Package":"p","Test":"T%d","Output":"x_test.go:1: said\n","Extra":[`, i)
			for j := range 100 {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"a":%d,"b":[1,2,{"c":"xx"}]}`, j)
			}
			b.WriteString("]}\n")
			fmt.Fprintf(&b, `{"Action":"pass","Package":"p","Test":"T%d"}`+"\n", i)
		}
		return b.Bytes()
	}
	allocs := func(input []byte) float64 {
		return testing.AllocsPerRun(2, func() { body(t, shape.JSON, input, 2000) })
	}
	few, many := allocs(run(100)), allocs(run(600))
	if many > 2*few {
		t.Errorf("reducing 600 long records allocates %.0f times, 100 of them %.0f", many, few)
	}
}

// Records on a line each that repeat the long values of the records before
// them (a build's package and target, a linter's file) point to the first
// of them instead: each condensed line is shorter, so more records show,
// and each stays one JSON value.
func TestJSONStreamPointsToRepeatedValues(t *testing.T) {
	var b bytes.Buffer
	kinds := []string{"variable", "import", "function"}
	for i := range 30 {
		pkg := "alpha"
		if i >= 15 {
			pkg = "beta"
		}
		fmt.Fprintf(&b, `{"reason":"message","package_id":"path+file:///home/dev/work/%s#0.1.0",`+
			`"target":{"kind":["lib"],"name":"%s","src_path":"/home/dev/work/%s/src/lib.rs"},`+
			`"message":{"level":"warning","text":"unused %s","code":"W%d","spans":[`, pkg, pkg, pkg, kinds[i%3], i%3)
		for j := range 8 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"line":%d,"column":%d,"label":"here"}`, 10*i+j, j)
		}
		b.WriteString("]}}\n")
	}
	view := string(body(t, shape.JSON, b.Bytes(), 1000))
	// The records of beta the view shows are the last three, taken from
	// the end, so none is taken before another to point to.
	for _, want := range []string{`"package_id":"[headroom: as L1]"`} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %s:\n%s", want, view)
		}
	}
	condensed := 0
	for line := range strings.Lines(view) {
		if _, rec, ok := strings.Cut(line, " condensed from "); ok {
			condensed++
			_, rec, _ = strings.Cut(rec, "] ")
			if !json.Valid([]byte(rec)) {
				t.Errorf("condensed record is not JSON: %s", rec)
			}
		}
	}
	if condensed < 6 {
		t.Errorf("view condenses %d records, want 6 or more:\n%s", condensed, view)
	}
}

// A document whose record lists do not fit one a line together, nor the
// longest alone, shows a shorter one a line: an API description's
// operations, by name, when its many shapes are too large to list.
func TestJSONShorterRecordListAlone(t *testing.T) {
	input, doc := apiDescription(t)
	got := body(t, shape.JSON, input, 1900)
	namesOperations(t, got, doc.Operations)
	// The shapes are not summarised away for it.
	shapes := 0
	for name := range doc.Shapes {
		if bytes.Contains(got, []byte(`"`+name+`": `)) {
			shapes++
		}
	}
	if shapes < len(doc.Shapes)/8 {
		t.Errorf("view names %d of %d shapes:\n%s", shapes, len(doc.Shapes), got)
	}
}

// A list of large records shows one a line by name even when the rest of
// the document must be poorer than the floor level for it: at a budget
// too small for the shapes, an API description still names each of its
// operations.
func TestJSONRecordListBeforeDepth(t *testing.T) {
	input, doc := apiDescription(t)
	for _, budget := range []int{1000, 1400} {
		namesOperations(t, body(t, shape.JSON, input, budget), doc.Operations)
	}
}

// apiDescription reads the API description of testdata/json and its
// operations and shapes.
func apiDescription(t *testing.T) ([]byte, struct{ Operations, Shapes map[string]json.RawMessage }) {
	input := readFile(t, filepath.Join(localJSON, "botocore-backup-gateway-service.json"))
	var doc struct{ Operations, Shapes map[string]json.RawMessage }
	if err := json.Unmarshal(input, &doc); err != nil {
		t.Fatal(err)
	}
	return input, doc
}

// namesOperations checks that a view names each operation as a key.
func namesOperations(t *testing.T, view []byte, ops map[string]json.RawMessage) {
	t.Helper()
	for name := range ops {
		if !bytes.Contains(view, []byte(`"`+name+`": `)) {
			t.Errorf("view lacks operation %s:\n%s", name, view)
		}
	}
}

// A build failure reported by go test -json keeps the compiler's output
// and every fail event, even at a tight budget.
func TestJSONKeepsBuildFailure(t *testing.T) {
	got := body(t, shape.JSON, readFile(t, filepath.Join(localJSON, "gotest-build-fail.json")), 700)
	for _, want := range []string{
		`"Output":"calc/calc.go:9:9: undefined: totl\n"`,
		`"Action":"build-fail"`,
		`"Output":"FAIL\texample.com/gobf/calc [build failed]\n"`,
		`"Output":"    fmtx_test.go:16: Pad(\"abc\", 150) starts with 'a', want 'x'\n"`,
		`"Test":"TestPad","Elapsed":0.01}`,
		`"Action":"fail","Package":"example.com/gobf/fmtx","Elapsed":0.016}`,
		"failed: 2 tests in 2 packages (TestPad/n=150, TestPad)",
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("view lacks %s:\n%s", want, got)
		}
	}
}

// Text after a document on its last line, as curl writes its error after
// a body that ends without a newline, is quoted after the document's view,
// which stands for that line: it is not lost in it.
func TestJSONKeepsTextAfterDocument(t *testing.T) {
	var in strings.Builder
	in.WriteString("[\n")
	for i := range 400 {
		fmt.Fprintf(&in, "  {\"id\": %d, \"name\": \"item-%d\"},\n", i, i)
	}
	in.WriteString(`  {"id": 400, "name": "last"}` + "\n]")
	after := "curl: (18) transfer closed with 1024 bytes remaining to read"
	for _, budget := range []int{300, 2000} {
		got := body(t, shape.JSON, []byte(in.String()+after+"\n"), budget)
		if want := "[headroom: after the JSON, line 403 goes on:] " + after + "\n"; !bytes.Contains(got, []byte(want)) {
			t.Errorf("@%d: the view lacks %q:\n%s", budget, want, got)
		}
	}
}

// Lines of text before a document, more than a third of the budget holds,
// as an install's dry run prints one a package before its JSON, leave the
// document the rest of the budget: the view shows its records, and text
// lines fill what room the view leaves.
func TestJSONTextBeforeDocumentLeavesItsRoom(t *testing.T) {
	var in strings.Builder
	const n = 150
	for i := range n {
		fmt.Fprintf(&in, "add package-%03d 1.%d.0\n", i, i)
	}
	in.WriteString("{\n  \"add\": [")
	for i := range n {
		if i > 0 {
			in.WriteString(",")
		}
		fmt.Fprintf(&in, "\n    {\n      \"name\": \"package-%03d\",\n      \"version\": \"1.%d.0\",\n      \"path\": \"/srv/app/node_modules/package-%03d\"\n    }", i, i, i)
	}
	fmt.Fprintf(&in, "\n  ],\n  \"added\": %d\n}\n", n)
	got := body(t, shape.JSON, []byte(in.String()), 2000)
	if !bytes.Contains(got, []byte(`"name": "package-005"`)) || !bytes.Contains(got, []byte(`"added": 150`)) {
		t.Errorf("the view does not show the document's records:\n%s", got)
	}
	if !bytes.Contains(got, []byte("add package-000 1.0.0\n")) {
		t.Errorf("the view lacks the first line of text:\n%s", got)
	}
}

// jq -C output is read without its colours, which every view drops: a
// document's view still parses.
func TestJSONReadsThroughColours(t *testing.T) {
	var in strings.Builder
	in.WriteString("\x1b[1;39m[\n")
	for i := range 300 {
		fmt.Fprintf(&in, "  \x1b[1;39m{\x1b[0m\x1b[34;1m\"id\"\x1b[0m\x1b[1;39m:\x1b[0m \x1b[0;39m%d\x1b[0m\x1b[1;39m}\x1b[0m,\n", i)
	}
	in.WriteString("  \x1b[1;39m{}\x1b[0m\n\x1b[1;39m]\x1b[0m\n")
	got := body(t, shape.JSON, []byte(in.String()), 300)
	if !json.Valid(got) || !bytes.Contains(got, []byte(`{"id": 0}`)) {
		t.Errorf("the view is not the document without its colours:\n%s", got)
	}
}

func TestJSONDeterministic(t *testing.T) {
	for _, path := range corpus(t, "json-") {
		in := readFile(t, path)
		if a, b := body(t, shape.JSON, in, 700), body(t, shape.JSON, in, 700); !bytes.Equal(a, b) {
			t.Errorf("%s: two views differ", path)
		}
	}
}

// byteView reduces input with r as clip does, counting a token a byte.
func byteView(r Reducer, input []byte, budget int) []byte {
	s := NewSplitter(r)
	s.Write(input)
	n := s.Close()
	c := byteCount{}
	return Render(Fit(r.Pieces(n, budget, c), n, budget, c), n)
}

// checkByteView checks that a view counted a token a byte fits the budget
// and is no longer than its input. Fit prices every gap line as one with
// numbers a third of the line count, so a gap line with wider numbers may
// overrun the budget by a byte or two (clip recounts and retries).
func checkByteView(t *testing.T, input, got []byte, budget int) {
	t.Helper()
	if len(got) > budget+gapSlack {
		t.Errorf("view has %d tokens, budget %d", len(got), budget)
	}
	if len(got) > len(input) {
		t.Errorf("view (%d bytes) is longer than the input (%d bytes)", len(got), len(input))
	}
}

// gapSlack is how far a view counted a byte a token may overrun its
// budget, for Fit's estimate of the gap lines.
const gapSlack = 4

// FuzzJSON checks that any input reduces without panic to a view within
// the budget, no longer than the input, the same every time, and that a
// view of one document parses. It counts a token a byte, which any budget
// must hold to exactly.
func FuzzJSON(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "json-*.out"))
	own, _ := filepath.Glob(filepath.Join(localJSON, "*.json"))
	for _, p := range append(paths, own...) {
		b := readFile(f, p)
		f.Add(b[:min(len(b), 8<<10)], 600)
	}
	for _, name := range []string{"pip-inspect.json", "golist-go.json", "npm-ls-all.json"} {
		// Record lists, whole: a cut one no longer parses.
		f.Add(readFile(f, filepath.Join(localJSON, name)), 500)
	}
	f.Add([]byte(`{"a": [1, 2, {"b": "\u00e9\ud83d\ude00"}], "c": null}`), 100)
	f.Add([]byte("[\n  1.0,\n  -2e5\n]\nnot json\n"), 150)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		budget = 100 + int(uint(budget)%3000)
		reduce := func() []byte { return byteView(newJSON(budget), input, budget) }
		got := reduce()
		if len(input) <= budget {
			return // clip passes such input through
		}
		checkByteView(t, input, got, budget)
		if again := reduce(); !bytes.Equal(got, again) {
			t.Errorf("two views of the same input differ")
		}
		if json.Valid(input) && !json.Valid(got) {
			t.Errorf("the view of one document does not parse:\n%s", got)
		}
	})
}

// BenchmarkJSONStream reduces the largest run of JSON values in the
// corpus.
func BenchmarkJSONStream(b *testing.B) {
	benchmarkJSON(b, largestJSON(b, false))
}

// BenchmarkJSONDocument reduces the largest single document in the corpus.
func BenchmarkJSONDocument(b *testing.B) {
	benchmarkJSON(b, largestJSON(b, true))
}

// largestJSON returns the largest json sample of the corpus that is one
// document, or that is not.
func largestJSON(b *testing.B, document bool) []byte {
	var largest []byte
	for _, p := range corpus(b, "json-") {
		if in := readFile(b, p); json.Valid(in) == document && len(in) > len(largest) {
			largest = in
		}
	}
	return largest
}

// BenchmarkJSONAPIDescription reduces an API description, whose
// operations and shapes are record lists too long to show together: each
// is tried alone, with the rest of the document at the floor level and
// poorer.
func BenchmarkJSONAPIDescription(b *testing.B) {
	input := readFile(b, filepath.Join(localJSON, "botocore-backup-gateway-service.json"))
	for _, budget := range []int{2000, 300} {
		b.Run(strconv.Itoa(budget), func(b *testing.B) { benchmarkJSONAt(b, input, budget) })
	}
}

func benchmarkJSON(b *testing.B, input []byte) { benchmarkJSONAt(b, input, 2000) }

func benchmarkJSONAt(b *testing.B, input []byte, budget int) {
	c := counter()
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		r := newJSON(budget)
		s := NewSplitter(r)
		s.Write(input)
		n := s.Close()
		Render(Fit(r.Pieces(n, budget, c), n, budget, c), n)
	}
}

// Test names sort with their runs of digits by value, as a table's
// subtests were written, and the order is total.
func TestCompareNatural(t *testing.T) {
	names := []string{"TestPad/n=10", "TestPad", "TestPad/n=2", "TestPad/n=02", "TestB2", "TestB10/x", "TestB10", "TestA", "TestPad/n=1/k=3"}
	slices.SortFunc(names, compareNatural)
	want := []string{"TestA", "TestB2", "TestB10", "TestB10/x", "TestPad", "TestPad/n=1/k=3", "TestPad/n=02", "TestPad/n=2", "TestPad/n=10"}
	if !slices.Equal(names, want) {
		t.Errorf("sorted %q, want %q", names, want)
	}
	for _, a := range want {
		for _, b := range want {
			if compareNatural(a, b) != -compareNatural(b, a) || (compareNatural(a, b) == 0) != (a == b) {
				t.Errorf("compareNatural(%q, %q) = %d, (%q, %q) = %d", a, b, compareNatural(a, b), b, a, compareNatural(b, a))
			}
		}
	}
}

// A passing run's table of subtests is named in the order it was written
// (n=2 before n=10), so that those left out are its last ones.
func TestJSONTestNamesInNaturalOrder(t *testing.T) {
	got := body(t, shape.JSON, readFile(t, filepath.Join(localJSON, "gotest-build-fail.json")), 2000)
	if !bytes.Contains(got, []byte(`pass "Test":"TestPad/{n=0,n=1,n=2,n=3,`)) {
		t.Errorf("the subtests are not named in natural order:\n%s", got)
	}
}

// A failing run's head names its failed tests; the folds below name the
// other tests, not those again.
func TestJSONNamesEachFailureOnce(t *testing.T) {
	got := body(t, shape.JSON, readFile(t, filepath.Join(localJSON, "gotest-build-fail.json")), 2000)
	notes := 0
	for l := range bytes.Lines(got) {
		if !bytes.HasPrefix(l, []byte("{")) {
			notes += bytes.Count(l, []byte("TestPad/n=150"))
		}
	}
	if notes != 1 || !bytes.Contains(got, []byte("[headroom: the other 199 tests by outcome")) {
		t.Errorf("the failed test is named %d times outside its events, not once:\n%s", notes, got)
	}
}

// A record of a few short scalars that the input spreads over lines, as
// npm ls writes each dependency's version, shows on one line wherever the
// view shows it whole, not only where it cuts the depth: a field a line
// costs more tokens for the same fields. A record in a list of records is
// left as it was: those lists have views of their own.
func TestJSONFlatMemberOnALine(t *testing.T) {
	packages := make([]string, 30)
	for i := range packages {
		deps := make([]string, 3)
		for j := range deps {
			deps[j] = fmt.Sprintf("        \"dep-%02d-%d\": {\n          \"version\": \"1.%d.%d\",\n          \"overridden\": false\n        }", i, j, j, i)
		}
		packages[i] = fmt.Sprintf("    \"package-%02d\": {\n      \"version\": \"%d.%d.0\",\n      \"overridden\": false,\n      \"dependencies\": {\n%s\n      }\n    }",
			i, i%4, i, strings.Join(deps, ",\n"))
	}
	in := "{\n  \"name\": \"app\",\n  \"dependencies\": {\n" + strings.Join(packages, ",\n") + "\n  }\n}\n"
	got := body(t, shape.JSON, []byte(in), 1000)
	if !json.Valid(got) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	if !bytes.Contains(got, []byte(`"dep-00-0": {"version": "1.0.0", "overridden": false}`)) {
		t.Errorf("the first dependency's record is not on a line:\n%s", got)
	}
}

// A run of a few long records on a line each (ip -j's streams) shares the
// room the view has among its lines: each cut to half the budget in bytes,
// four lines of 1,100 bytes left a third of a view of 1,000 tokens unused.
func TestJSONShortStreamFillsRoom(t *testing.T) {
	var b bytes.Buffer
	for _, host := range []string{"loopback", "ethernet", "wireless", "bridge"} {
		b.WriteByte('[')
		for i := range 24 {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"device":"%s","scope":"global","index":%d}`, host, i)
		}
		b.WriteString("]\n")
	}
	got := body(t, shape.JSON, b.Bytes(), 1000)
	if n := bytes.Count(got, []byte(`"index":`)); n < 56 {
		t.Errorf("the view shows %d of the 96 records, want at least 56:\n%s", n, got)
	}
}

// A document written with a space before each colon, as jsoncpp writes
// (CMake's file API replies, `ctest --show-only=json-v1`), keeps it in
// every member its view writes, the records it shows by key too: a search
// for `"name" : "E07"`, as the tool prints it, finds the view's line.
func TestJSONKeepsSpaceBeforeColon(t *testing.T) {
	var in bytes.Buffer
	in.WriteString("{\n\t\"entries\" : \n\t[")
	for i := range 60 {
		if i > 0 {
			in.WriteByte(',')
		}
		fmt.Fprintf(&in, "\n\t\t{\n\t\t\t\"name\" : \"E%02d\",\n\t\t\t\"type\" : \"STRING\",\n\t\t\t\"value\" : \"/usr/lib/value/of/entry/%d\"\n\t\t}", i, i)
	}
	in.WriteString("\n\t],\n\t\"kind\" : \"cache\"\n}\n")
	for _, budget := range []int{300, 600} {
		got := string(body(t, shape.JSON, in.Bytes(), budget))
		if !strings.Contains(got, `"name" : "E00"`) || !strings.Contains(got, `"kind" : "cache"`) {
			t.Errorf("at %d tokens the view lacks the input's members:\n%s", budget, got)
		}
		if strings.Contains(got, `": "E`) || strings.Contains(got, `": "/`) {
			t.Errorf("at %d tokens the view writes members without the space before colons:\n%s", budget, got)
		}
	}
}

// The one record list of a document, of records short enough for a line
// each (a package's files with their sizes), that a view would name in
// folds beside records in full, a field a line, shows them whole on a
// line each in that room: more records with their fields.
func TestJSONShortRecordsOnLinesNotFolds(t *testing.T) {
	words := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima " +
		"mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu " +
		"amber basil cedar dune ember fern grove heath iris jade")
	dirs := []string{"bin", "dist", "lib", "lib/schema", "lib/type"}
	var in bytes.Buffer
	in.WriteString("[\n  {\n    \"name\": \"pkg\",\n    \"version\": \"1.0.0\",\n    \"files\": [")
	for i, w := range words {
		if i > 0 {
			in.WriteByte(',')
		}
		fmt.Fprintf(&in, "\n      {\n        \"path\": \"%s/%s.js\",\n        \"size\": %d,\n        \"mode\": 420\n      }",
			dirs[i*len(dirs)/len(words)], w, 1000+i*37)
	}
	in.WriteString("\n    ],\n    \"entryCount\": 36\n  }\n]\n")
	got := string(body(t, shape.JSON, in.Bytes(), 900))
	if !json.Valid([]byte(got)) {
		t.Fatalf("the view does not parse:\n%s", got)
	}
	if n := strings.Count(got, `"mode": 420}`); n < 24 {
		t.Errorf("the view shows %d records whole on a line, want 24 or more:\n%s", n, got)
	}
}

// A view writes each member's colon with the blanks the input puts beside
// it on the key's line, tabs or several spaces too, from the first member
// whose value is on that line, and never takes the indentation of a colon
// that starts a line for a space before it.
func TestJSONKeepsBlanksBesideColon(t *testing.T) {
	for _, tc := range []struct{ first, colon, want, never string }{
		{"\t:\t", "\t:\t", "\"name\"\t:\t\"E00\"", `"name" : "`},
		{"  :  ", "  :  ", `"name"  :  "E00"`, `"name" : "`},
		{" :", " :", `"name" :"E00"`, `"name" : "`},
		{" :\n\t", " : ", `"name" : "E00"`, `"name" :"`},
		{"\n    : ", "\n      : ", `"name": "E00"`, `"name" : "`},
	} {
		var in bytes.Buffer
		in.WriteString("{\n\t\"entries\"" + tc.first + "[")
		for i := range 60 {
			if i > 0 {
				in.WriteByte(',')
			}
			fmt.Fprintf(&in, "\n\t\t{\n\t\t\t\"name\"%s\"E%02d\",\n\t\t\t\"type\"%s\"STRING\",\n\t\t\t\"value\"%s\"/usr/lib/value/of/entry/%d\"\n\t\t}",
				tc.colon, i, tc.colon, tc.colon, i)
		}
		in.WriteString("\n\t],\n\t\"kind\"" + tc.colon + "\"cache\"\n}\n")
		for _, budget := range []int{300, 600} {
			got := string(body(t, shape.JSON, in.Bytes(), budget))
			if !json.Valid([]byte(got)) {
				t.Fatalf("colon %q, %d tokens: the view does not parse:\n%s", tc.colon, budget, got)
			}
			if !strings.Contains(got, tc.want) || strings.Contains(got, tc.never) {
				t.Errorf("colon %q, %d tokens: want %q and no %q in the view:\n%s", tc.colon, budget, tc.want, tc.never, got)
			}
		}
	}
}

// A linter's report lists a file's messages by line, warnings and errors
// mixed: ESLint writes an error as severity 2 beside its ruleId. Each rule
// that errs is shown once, before more warnings of rules as rare.
func TestJSONLintErrorsBeforeWarnings(t *testing.T) {
	var b strings.Builder
	b.WriteString(`[{"filePath": "/src/app.js", "messages": [`)
	for i := range 300 {
		if i > 0 {
			b.WriteString(",\n")
		}
		rule, severity := fmt.Sprintf("warn-%d", i%20), 1
		switch {
		case i == 90:
			rule, severity = "no-undef", 2
		case i >= 150 && i < 200:
			rule, severity = "no-unused-vars", 2
		case i == 240:
			rule, severity = "eqeqeq", 2
		}
		fmt.Fprintf(&b, `{"ruleId": %q, "severity": %d, "message": "message %d", "line": %d, "column": 5}`, rule, severity, i, 3*i+1)
	}
	b.WriteString(`], "errorCount": 52, "warningCount": 248}]`)
	got := string(body(t, shape.JSON, []byte(b.String()), 800))
	for _, want := range []string{`"no-undef"`, `"no-unused-vars"`, `"eqeqeq"`} {
		if !strings.Contains(got, want) {
			t.Errorf("view lacks %s:\n%s", want, got)
		}
	}
}

// A module list (go list -m -json all) cut to a line a record keeps each
// module's versions, which a person reads, before the paths and checksums
// beside them, and does not keep the last checksum for being last.
func TestJSONRecordLineKeepsVersionsOverSums(t *testing.T) {
	modules := goModules(func(i int, mod string) string {
		return fmt.Sprintf("\t\"Time\": \"2025-01-%02dT10:00:00Z\",\n"+
			"\t\"Dir\": \"/home/dev/go/pkg/mod/%s@v1.%d.0\",\n"+
			"\t\"GoMod\": \"/home/dev/go/pkg/mod/cache/download/%s/@v/v1.%d.0.mod\",\n"+
			"\t\"GoVersion\": \"1.%d\",\n", i+1, mod, i, mod, i, 18+i)
	})
	view := string(body(t, shape.JSON, modules, 900))
	cut := 0
	for line := range strings.SplitSeq(view, "\n") {
		if !strings.Contains(line, `"Path": "example.com/`) || !strings.Contains(line, " elided]") {
			continue // a module shown whole keeps its sums
		}
		cut++
		if !strings.Contains(line, `"GoVersion": "1.`) || strings.Contains(line, `"GoModSum": "h1:`) {
			t.Errorf("a module's line keeps a sum before its Go version: %s", line)
		}
	}
	if cut == 0 {
		t.Errorf("no module's line is cut:\n%s", view)
	}
}

// A module's line that leaves out its closing sums says so, or the run's
// note says it of every condensed line: every field of the record is shown
// or counted by a note, none dropped without a word.
func TestJSONRecordLineCountsEveryField(t *testing.T) {
	modules := goModules(func(i int, mod string) string {
		var b strings.Builder
		for _, ext := range []string{"Info", "GoMod", "Zip"} {
			fmt.Fprintf(&b, "\t\"%s\": \"/home/dev/go/pkg/mod/cache/download/%s/@v/v1.%d.0.%s\",\n", ext, mod, i, strings.ToLower(ext))
		}
		fmt.Fprintf(&b, "\t\"Dir\": \"/home/dev/go/pkg/mod/%s@v1.%d.0\",\n", mod, i)
		return b.String()
	})
	note := regexp.MustCompile(`^\[headroom: keys? (\d+)(?:-(\d+))? elided\]$`)
	for _, budget := range []int{600, 900, 1200} {
		view := body(t, shape.JSON, modules, budget)
		cut := 0     // lines that show a module's fields
		leftOut := 0 // fields the run's note says every condensed line leaves out
		if _, sums, ok := bytes.Cut(view, []byte("condensed lines leave out ")); ok {
			sums, _, _ = bytes.Cut(sums, []byte("]"))
			leftOut = len(bytes.Split(sums, []byte(", ")))
		}
		for line := range bytes.SplitSeq(view, []byte("\n")) {
			var fields map[string]any
			if !bytes.Contains(line, []byte(`"Path": "example.com/`)) || json.Unmarshal(line, &fields) != nil {
				continue
			}
			if len(fields) == 2 && fields["Version"] != nil && bytes.Contains(view, []byte(" by Path and Version")) {
				continue // a form the list's note names
			}
			n := 0
			if !bytes.Contains(line, []byte("Sum")) {
				n = leftOut
			}
			for k := range fields {
				m := note.FindStringSubmatch(k)
				switch {
				case m == nil:
					n++
				case m[2] == "":
					n++
				default:
					from, _ := strconv.Atoi(m[1])
					to, _ := strconv.Atoi(m[2])
					n += to - from + 1
				}
			}
			if n < 8 {
				t.Errorf("at %d tokens a module's line accounts for %d of its 8 fields: %s", budget, n, line)
			}
			cut++
		}
		if cut == 0 {
			t.Errorf("at %d tokens no module has a line of its fields:\n%s", budget, view)
		}
	}
}

// A run of module records whose condensed lines all leave out the same
// closing sums says so once, in the run's note, rather than on every line,
// where the note crowds out the fields a person reads.
func TestJSONRecordLinesNameCommonSumsOnce(t *testing.T) {
	modules := goModules(func(i int, mod string) string {
		return fmt.Sprintf("\t\"Time\": \"2025-01-%02dT10:00:00Z\",\n"+
			"\t\"Dir\": \"/home/dev/go/pkg/mod/%s@v1.%d.0\",\n"+
			"\t\"GoVersion\": \"1.%d\",\n", i+1, mod, i, 18+i)
	})
	for _, budget := range []int{700, 900} {
		view := string(body(t, shape.JSON, modules, budget))
		if n := strings.Count(view, `"Sum, GoModSum"`); n > 0 {
			t.Errorf("at %d tokens %d lines name the sums they leave out:\n%s", budget, n, view)
		}
		if !strings.Contains(view, "condensed lines leave out Sum, GoModSum") {
			t.Errorf("at %d tokens the run's note does not name the sums its lines leave out:\n%s", budget, view)
		}
	}
}

// goModules returns nine modules as go's -json flags print them, each its
// Path and Version, the fields middle writes, and its two sums last.
func goModules(middle func(i int, mod string) string) []byte {
	var b bytes.Buffer
	for i := range 9 {
		sum := func(salt string) string {
			h := sha256.Sum256([]byte(fmt.Sprint(salt, i)))
			return "h1:" + base64.StdEncoding.EncodeToString(h[:])
		}
		mod := fmt.Sprintf("example.com/vendor%d/module%d", i, i)
		fmt.Fprintf(&b, "{\n\t\"Path\": %q,\n\t\"Version\": \"v1.%d.0\",\n%s\t\"Sum\": %q,\n\t\"GoModSum\": %q\n}\n",
			mod, i, middle(i, mod), sum("zip"), sum("mod"))
	}
	return b.Bytes()
}

// A record's fields lead in the order a cut keeps them: short values that
// tell its state before long paths, and hashes after both, though a hash
// named an id stays with the short values.
func TestJSONRecordFieldsLeadBeforePathsAndHashes(t *testing.T) {
	in := []byte(`{"Dir":"/home/dev/go/pkg/mod/example.com/vendor/module@v1.2.3",` +
		`"Sum":"h1:dRaEfpa2VI55EwlIW72hMRHdWouJeRF7TPYhI+AUQjk=","ImageId":"sha256:0a3aa95487f68ae40b9c1d2e3f4a5b6c",` +
		`"GoVersion":"1.21","Size":1234,"Note":"built from the main branch of the vendor's repo"}`)
	d := newJSONDoc(in, seg{0, len(in)}, true)
	var keys []string
	for _, m := range d.container(0).lead {
		keys = append(keys, string(in[m.key.start+1:m.key.end-1]))
	}
	want := []string{"ImageId", "GoVersion", "Size", "Note", "Dir", "Sum"}
	if !slices.Equal(keys, want) {
		t.Errorf("fields lead as %v, want %v", keys, want)
	}
}

func TestJSONOpaque(t *testing.T) {
	for s, want := range map[string]bool{
		"h1:dRaEfpa2VI55EwlIW72hMRHdWouJeRF7TPYhI+AUQjk=":   true,
		"sha512-Zp3PiM21/9Ld6FzSKyL5c/BULoe/ONr9KlbYVOfG8w": true,
		"0a3aa95487f68ae40b9c1d2e3f4a5b6c7d8e9f00":          true,
		"ami-0a3aa95487f68ae40":                             false, // short: an id
		"/home/dev/go/pkg/mod/example.com/module@v1.2.3":    false,
		"terraform_data.service_names_of_the_east_region":   false,
		"ALL_UPPER_CASE_CONSTANT_NAME_WITH_2_DIGITS":        false,
		"2025-12-18T12:15:22Z":                              false,
	} {
		if got := opaque([]byte(s)); got != want {
			t.Errorf("opaque(%q) = %v, want %v", s, got, want)
		}
	}
}

// A long path cut in a view keeps its end as well as its start: paths
// share their start (a cache's directory), and what tells them apart, a
// module and its version or a file's name, is at the end.
func TestJSONPathCutKeepsItsEnd(t *testing.T) {
	dir := "/home/developer/go/pkg/mod/cache/download/"
	for i := range 120 {
		dir += fmt.Sprintf("dir%d/", i)
	}
	dir += "example.com/vendor/module@v1.2.3"
	var b strings.Builder
	fmt.Fprintf(&b, "{\"Dir\": %q, \"items\": [", dir)
	for i := range 3000 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, i)
	}
	b.WriteString("]}\n")
	view := body(t, shape.JSON, []byte(b.String()), 300)
	var v struct{ Dir string }
	if err := json.Unmarshal(view, &v); err != nil {
		t.Fatalf("view does not parse: %v\n%s", err, view)
	}
	if !strings.Contains(v.Dir, " chars cut]") {
		t.Fatalf("the path is not cut: %s", view)
	}
	if !strings.HasPrefix(v.Dir, "/home/developer/") || !strings.HasSuffix(v.Dir, "/module@v1.2.3") {
		t.Errorf("the cut path keeps %q, want its start and its end", v.Dir)
	}
}

// A log of JSON records whose failures mostly repeat one message shows
// each kind of failure once before the repeats, and its first and last
// records and one of each other kind of record, whatever lines of text
// stand among them: the panic late in the run is what a person scrolls
// to, not the fortieth rejected fare.
func TestJSONLogShowsEachFailureOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"time":"06:00:00.000","level":"INFO","msg":"controller starting","lanes":8}` + "\n")
	for i := range 600 {
		at := fmt.Sprintf("06:%02d:%02d.%d00", i/60, i%60, i%10)
		if i%40 == 7 {
			// Lines of text between the records, each its own.
			fmt.Fprintf(&b, "lane %d camera resynced at %s\n", i%8, at)
		}
		switch {
		case i == 450:
			fmt.Fprintf(&b, `{"time":%q,"level":"ERROR","msg":"panic in fare handler","lane":%d,"panic":"assignment to entry in nil map"}`+"\n", at, i%8)
		case i%97 == 50:
			fmt.Fprintf(&b, `{"time":%q,"level":"ERROR","msg":"gate actuator failed","lane":%d,"err":"open gate: loop sensor timeout"}`+"\n", at, i%8)
		case i%3 == 0:
			fmt.Fprintf(&b, `{"time":%q,"level":"WARN","msg":"fare rejected","lane":%d,"plate":"KX%04d","err":"class 5: unknown vehicle class"}`+"\n", at, i%8, i)
		case i%5 == 1:
			fmt.Fprintf(&b, `{"time":%q,"level":"INFO","msg":"vehicle passed","lane":%d,"plate":"KX%04d","cents":%d}`+"\n", at, i%8, i, 100+i)
		default:
			fmt.Fprintf(&b, `{"time":%q,"level":"DEBUG","msg":"loop tick","lane":%d,"occupancy":%d}`+"\n", at, i%8, i%100)
		}
	}
	b.WriteString(`{"time":"06:10:00.000","level":"INFO","msg":"controller stopping","failures":6}` + "\n")
	for _, budget := range []int{1000, 2000} {
		got := string(body(t, shape.JSON, []byte(b.String()), budget))
		for _, want := range []string{"controller starting", "fare rejected", "gate actuator failed",
			"panic in fare handler", "controller stopping", "loop tick", "vehicle passed"} {
			if !strings.Contains(got, want) {
				t.Errorf("budget %d: the view lacks %q:\n%s", budget, want, got)
			}
		}
		// The actuator fails six times, the fare is rejected nearly two
		// hundred: the rarer failure is shown each time first.
		if n := strings.Count(got, "gate actuator failed"); budget == 2000 && n != 6 {
			t.Errorf("budget %d: the view shows %d of 6 actuator failures:\n%s", budget, n, got)
		}
	}
}

// lastLine finds the last newline escape, not a backslash escaped before
// an n, and a final newline starts no line.
func TestJSONStringLastLine(t *testing.T) {
	for _, tc := range []struct{ content, last string }{
		{`one line`, ``},
		{`first\nKeyError: 'plate'`, `KeyError: 'plate'`},
		{`first\nKeyError: 'plate'\n`, `KeyError: 'plate'\n`},
		{`first\nC:\\new folder`, `C:\\new folder`},
		{`C:\\new folder`, ``},
		{`only\n`, ``},
		{`\n`, ``},
	} {
		got := tc.content[lastLine([]byte(tc.content)):]
		if got != tc.last {
			t.Errorf("lastLine(%q) starts %q, want %q", tc.content, got, tc.last)
		}
	}
}

// A path is cut only where the cut saves more than its note costs: a
// module's cache path cut by 48 characters cost as many tokens as whole,
// and lost the module's name, which tells it from the others of its run.
func TestJSONPathCutPays(t *testing.T) {
	str := func(lit string, keep int) string {
		b := []byte(lit)
		r := docRender{d: newJSONDoc(b, seg{0, len(b)}, false)}
		r.str(b, keep)
		return string(r.out)
	}
	short := `"/tmp/work/gomod/cache/download/github.com/go-viper/mapstructure/v2/@v/v2.4.0.info"`
	if got := str(short, 24); got != short {
		t.Errorf("a path cut by a few dozen characters: %s", got)
	}
	long := `"/tmp/work/gomod/cache/download/github.com/go-viper/mapstructure/v2/internal/testdata/fixtures/decoding/nested/deeply/structures/with/many/levels/of/directories/v2.4.0.info"`
	got := str(long, 24)
	if !strings.Contains(got, " chars cut]") || counter().Count([]byte(got)) >= counter().Count([]byte(long)) {
		t.Errorf("a long path not cut shorter: %s", got)
	}
}

// A document's header, of what ran and where, leads its other parts: a
// diagnostic report's header names the event and the version before its
// tables of limits and libraries, whatever their sizes.
func TestJSONDocumentHeaderLeadsTables(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"header\": {\n")
	for i := range 30 {
		fmt.Fprintf(&b, "    \"field%02d\": \"value of the header field %d\",\n", i, i)
	}
	b.WriteString("    \"nodejsVersion\": \"v20.20.2\"\n  },\n  \"userLimits\": {\n")
	for i := range 10 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    \"limit%d\": {\"soft\": %d, \"hard\": \"unlimited\"}", i, i)
	}
	b.WriteString("\n  },\n  \"sharedObjects\": [\"linux-vdso.so.1\", \"/lib/x86_64-linux-gnu/libc.so.6\"]\n}\n")
	in := []byte(b.String())
	d := newJSONDoc(in, seg{0, len(in)}, true)
	lead := d.container(0).lead
	if got := string(in[lead[0].key.start:lead[0].key.end]); got != `"header"` {
		t.Errorf("fields lead with %s, want \"header\"", got)
	}
}

// A run of a few records over several lines each, as go mod download
// -json prints, that does not fit names every record by its first
// members and shows the rest whole as the room allows, the first and the
// last first: a module's sums beside its path, rather than every module
// cut short before its sums.
func TestJSONFewLongRecordsWholeAfterTheirNames(t *testing.T) {
	var b bytes.Buffer
	for i := range 5 {
		fmt.Fprintf(&b, "{\n\t\"Path\": \"example.com/mod%d\",\n\t\"Version\": \"v1.%d.0\",\n", i, i)
		for _, k := range []string{"Info", "GoMod", "Zip", "Dir"} {
			fmt.Fprintf(&b, "\t\"%s\": \"/home/dev/go/pkg/mod/cache/download/example.com/mod%d/@v/v1.%d.0/%s/with/a/longer/path/to/it\",\n", k, i, i, k)
		}
		fmt.Fprintf(&b, "\t\"Sum\": \"h1:sum%dAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\",\n\t\"GoModSum\": \"h1:mod%dBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=\"\n}\n", i, i)
	}
	got := body(t, shape.JSON, b.Bytes(), 700)
	for i := range 5 {
		if !bytes.Contains(got, fmt.Appendf(nil, `"Path": "example.com/mod%d"`, i)) {
			t.Errorf("the view does not name module %d:\n%s", i, got)
		}
	}
	for _, i := range []int{0, 4} {
		if !bytes.Contains(got, fmt.Appendf(nil, `"GoModSum": "h1:mod%d`, i)) {
			t.Errorf("the view does not show module %d whole:\n%s", i, got)
		}
	}
}

// A long log whose few failures each say something of their own (every
// job's error names the job) shows where the run ended right after its
// first failure: the line that counts the failures and the command's exit
// status, rather than as many more failures as fit.
func TestJSONLogEndsAfterFirstFailure(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"level":"info","msg":"sync started","version":"v0.9.4"}` + "\n")
	for i := range 200 {
		if i%20 == 7 {
			fmt.Fprintf(&b, `{"level":"error","msg":"job failed","job":"job-%04d","err":"apply job-%04d: upstream reset","stack":"%s"}`+"\n",
				i, i, strings.Repeat("main.fetch\\n\\t/src/depotd/main.go:42\\n", 30))
			continue
		}
		fmt.Fprintf(&b, `{"level":"info","msg":"job applied","job":"job-%04d","size":%d,"status":200}`+"\n", i, 1000+i*37)
	}
	b.WriteString(`{"level":"info","msg":"sync finished","failed":10,"jobs":200}` + "\nexit status 1\n")
	got := body(t, shape.JSON, b.Bytes(), 800)
	for _, want := range []string{`"failed":10`, "exit status 1", "apply job-0007"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the view leaves out %s:\n%s", want, got)
		}
	}
}

// A condensed record that points to a line for a value it repeats points
// to a line the view shows: a pointer into a gap sends the reader to
// expand the output for a value the view has on a line it does show.
func TestJSONStreamPointsToShownLines(t *testing.T) {
	var b bytes.Buffer
	kinds := []string{"unused variable", "needless borrow", "could be const fn"}
	for i := range 60 {
		fmt.Fprintf(&b, `{"reason":"compiler-message","package_id":"path+file:///home/dev/work/binpack#0.4.1",`+
			`"manifest_path":"/home/dev/work/binpack/Cargo.toml","message":{"level":"warning","text":"%s",`+
			`"rendered":"%s","spans":[`, kinds[i%3], strings.Repeat(fmt.Sprintf("warning %d ", i), 60))
		for j := range 6 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"file_name":"src/lib.rs","line_start":%d,"column_start":%d}`, 10*i+j, j)
		}
		b.WriteString("]}}\n")
	}
	r, _ := New(shape.JSON, 2000)
	s := NewSplitter(r)
	s.Write(b.Bytes())
	n := s.Close()
	c := counter()
	shown := map[int]bool{}
	var notes []string
	for _, p := range Fit(r.Pieces(n, 2000, c), n, 2000, c) {
		if p.Note == "" || p.Stands > 0 {
			shown[p.Line] = true
		}
		if strings.Contains(p.Note, " condensed from ") {
			shown[p.Line] = true
			notes = append(notes, p.Note)
		}
	}
	pointer := regexp.MustCompile(`\[headroom: as L([0-9,]+)\]`)
	pointers := 0
	for _, note := range notes {
		for _, m := range pointer.FindAllStringSubmatch(note, -1) {
			pointers++
			if !shown[atoi(m[1])] {
				t.Errorf("a record points to L%s, which the view does not show: %s", m[1], note)
			}
		}
	}
	if pointers == 0 {
		t.Errorf("no record points to another: the test no longer tests pointers")
	}
}

// Records of a rare class that differ only in a field every record has
// its own value of (a trace's time) say the same: the view shows one of
// them, not each. cmake --trace-format=json-v1 showed one 634-byte `set`
// twice, 29 lines apart.
func TestJSONStreamRareClassOnce(t *testing.T) {
	var b bytes.Buffer
	clock := 1795819606.0
	for i := range 2000 {
		clock += 0.000137 * float64(1+i%5)
		frame := 4
		if i%3 == 0 {
			frame = []int{3, 5, 7, 2}[i%4]
		}
		if i == 700 || i == 900 || i == 1300 {
			fmt.Fprintf(&b, `{"args":["_compiler_id_version_compute","\n# define @PREFIX@COMPILER_VERSION_MAJOR @MACRO_DEC@(__clang_major__)\n`+
				`# define @PREFIX@COMPILER_VERSION_MINOR @MACRO_DEC@(__clang_minor__)"],"cmd":"set",`+
				`"file":"/usr/share/cmake-3.25/Modules/Compiler/Clang-DetermineCompilerInternal.cmake","frame":10,"global_frame":10,`+
				`"line":2,"line_end":10,"time":%.6f}`+"\n", clock)
			continue
		}
		fmt.Fprintf(&b, `{"args":["VAR_%d","value %d"],"cmd":"cmd%d","file":"/usr/share/cmake-3.25/Modules/Mod%d.cmake",`+
			`"frame":%d,"global_frame":%d,"line":%d,"time":%.6f}`+"\n", i%40, i%13, i%37, i%9, frame, frame, i*7%120, clock)
	}
	got := string(body(t, shape.JSON, b.Bytes(), 1000))
	if !strings.Contains(got, "by frame:") {
		t.Fatalf("the census no longer classes the records by frame:\n%s", got)
	}
	if n := strings.Count(got, "_compiler_id_version_compute"); n != 1 {
		t.Errorf("the view shows the same record %d times:\n%s", n, got)
	}
}

// A compiler's spans, shown by their short fields alone, show their file
// and line first, whatever their keys' order: clippy's spans, whose keys
// come in alphabetical order, showed their byte offsets and columns and
// no lint's location.
func TestJSONSpansShowFileAndLine(t *testing.T) {
	var b bytes.Buffer
	lints := []string{"redundant_field_names", "must_use_candidate", "missing_const_for_fn", "cast_sign_loss"}
	for i := range 40 {
		fmt.Fprintf(&b, `{"reason":"compiler-message","package_id":"path+file:///home/dev/work/binpack#0.4.1",`+
			`"message":{"rendered":"%s","$message_type":"diagnostic","children":[],"code":{"code":"clippy::%s","explanation":null},`+
			`"level":"warning","message":"lint %s","spans":[`, strings.Repeat(fmt.Sprintf("warning: lint %d ", i), 30), lints[i%4], lints[i%4])
		for j := range 8 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"byte_end":%d,"byte_start":%d,"column_end":%d,"column_start":%d,"expansion":null,`+
				`"file_name":"src/lib%d.rs","is_primary":true,"label":null,"line_end":%d,"line_start":%d,`+
				`"suggested_replacement":null,"suggestion_applicability":null,"text":[{"highlight_end":%d,"highlight_start":%d,"text":"    let x = %d;"}]}`,
				200*i+j+30, 200*i+j, 30+j, j, i%3, 10+i, 10+i, 30+j, j, i)
		}
		b.WriteString("]}}\n")
	}
	got := string(body(t, shape.JSON, b.Bytes(), 2000))
	// Each span the view shows by its fields shows its file and line.
	spans := strings.Count(got, `{"byte_end":`)
	if spans == 0 {
		t.Fatalf("the view shows no span by its fields:\n%s", got)
	}
	if files, lines := strings.Count(got, `"file_name":`), strings.Count(got, `"line_start":`); files < spans || lines < spans {
		t.Errorf("%d spans shown, %d with a file, %d with a line:\n%s", spans, files, lines, got)
	}
}

// A log whose failures repeat with ids and counts of their own (each
// account's posting error) still shows its one different failure (the
// queue's reset) before where the run began and ended.
func TestJSONLogShowsEachKindOfFailureBeforeItsEnds(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"level":"info","msg":"worker starting","queue":"settlements","version":"1.8.2"}` + "\n")
	stack := strings.Repeat(`main.main\n\t/src/svc/cmd/worker/main.go:42\n`, 3)
	for i := range 950 {
		if i%150 == 80 {
			fmt.Fprintf(&b, `{"level":"error","msg":"posting failed","account":"acct-%04d","error":"post acct-%04d: can't convert 12,50 to decimal","seq":%d,"stacktrace":"%s"}`+"\n",
				i, i, i, stack)
			continue
		}
		fmt.Fprintf(&b, `{"level":"debug","msg":"entry posted","account":"acct-%04d","seq":%d,"amount":"%d.25"}`+"\n", i*7%300, i, 10+i%90)
	}
	fmt.Fprintf(&b, `{"level":"error","msg":"queue drained with error","error":"upstream closed: connection reset by peer","stacktrace":"%s"}`+"\n", stack)
	b.WriteString(`{"level":"info","msg":"worker stopped","accounts":211}` + "\n")
	got := body(t, shape.JSON, b.Bytes(), 700)
	for _, want := range []string{"connection reset by peer", "can't convert 12,50"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the view leaves out %s:\n%s", want, got)
		}
	}
}
