package shape

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sampleSize is how much of an input clip gives the sniffer.
const sampleSize = 64 << 10

// readSamples returns the start of every file matching pattern, by name.
func readSamples(t *testing.T, pattern string) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if corpus, ok := strings.CutPrefix(pattern, "../testdata/corpus/"); ok {
		paths = tuneCorpus(t, corpus)
	}
	if len(paths) == 0 {
		t.Fatalf("no samples match %s", pattern)
	}
	out := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = b[:min(len(b), sampleSize)]
	}
	return out
}

// TestSniffJSONCorpus runs the sniffer on the start of every tune sample:
// the json samples must be taken for JSON, and no other sample may be.
func TestSniffJSONCorpus(t *testing.T) {
	for name, sample := range readSamples(t, "../testdata/corpus/*.out") {
		ok, why := sniffJSON(sample)
		want := strings.HasPrefix(name, "json-")
		if ok != want {
			t.Errorf("%s: sniffJSON = %v (%s), want %v", name, ok, why, want)
		}
		if want {
			if kind, why := Sniff(sample); kind != JSON {
				t.Errorf("%s: Sniff = %s (%s), want json", name, kind, why)
			}
		}
	}
}

// TestSniffJSONWhy pins the reason given for real samples of each form of
// JSON output: a document, one cut by the sample's end, a run of values,
// and either among lines of other text.
func TestSniffJSONWhy(t *testing.T) {
	corpus := readSamples(t, "../testdata/corpus/json-*.out")
	local := readSamples(t, "../reduce/testdata/json/*.json")
	own := readSamples(t, "testdata/json-*.out")
	for _, tc := range []struct {
		sample []byte
		why    string
	}{
		{local["pip-list.json"], "the input is one JSON array"},
		{local["telemetry-package-lock.json"], "the input starts a JSON object longer than the sample"},
		{local["golist-packages.json"], "the input is a run of JSON values (11 in the sample)"},
		{corpus["json-gotest-json-fail.out"], "the input is a run of JSON values"},
		// npm ls --all --json 2>&1, for a package.json naming two
		// dependencies that are not installed.
		{own["json-npm-ls-missing.out"], "the input is one JSON object with 4 other lines"},
		{corpus["json-cargo-build-messages.out"], "the input is a run of JSON values (10 in the sample) with 2 other lines"},
	} {
		if tc.sample == nil {
			t.Fatalf("sample for %q is missing", tc.why)
		}
		ok, why := sniffJSON(tc.sample)
		if !ok || !strings.HasPrefix(why, tc.why) {
			t.Errorf("sniffJSON = %v, %q; want %q", ok, why, tc.why)
		}
	}
}

// TestSniffJSONCutValue checks that a sample that ends inside a value is
// still JSON if it is valid so far, and not if it breaks before its end.
func TestSniffJSONCutValue(t *testing.T) {
	b, err := os.ReadFile("../reduce/testdata/json/pip-inspect.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{100, 1000, 10000, 65536} {
		if ok, why := sniffJSON(b[:n]); !ok {
			t.Errorf("first %d bytes: not JSON (%s)", n, why)
		}
		broken := append(b[:n:n], "\n} oops"...)
		if ok, why := sniffJSON(broken); ok {
			t.Errorf("first %d bytes and a broken end: JSON (%s)", n, why)
		}
	}
}

// jq -C colours keys and values: the JSON is read through the colours.
func TestSniffJSONColour(t *testing.T) {
	sample := "\x1b[1;39m[\n  \x1b[1;39m{\n    \x1b[0m\x1b[34;1m\"id\"\x1b[0m\x1b[1;39m:\x1b[0m\x1b[0;39m1\x1b[0m\x1b[1;39m\n  \x1b[1;39m}\x1b[0m\x1b[1;39m\n\x1b[1;39m]\x1b[0m\n"
	if ok, why := sniffJSON([]byte(sample)); !ok || why != "the input is one JSON array" {
		t.Errorf("sniffJSON of jq -C output = %v (%s)", ok, why)
	}
}
