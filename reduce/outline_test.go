package reduce

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/elision"
	"github.com/headroom-cli/headroom/shape"
)

// TestOutlineGolden pins the views of the corpus samples at the default
// budget and a tight one, and checks that they fit, are shorter than the
// input and show only lines of the input, in place, between gap lines that
// count exactly what they stand for.
func TestOutlineGolden(t *testing.T) {
	goldenCorpus(t, "outline-", shape.Outline, 2000)
	for _, path := range corpus(t, "outline-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input := readFile(t, path)
		for _, budget := range []int{2000, 600} {
			if counter().Count(input) <= budget {
				continue
			}
			got := body(t, shape.Outline, input, budget)
			checkOutline(t, fmt.Sprintf("%s@%d", name, budget), input, got, budget)
			if budget != 2000 {
				checkGolden(t, fmt.Sprintf("%s-%d", name, budget), got)
			}
		}
	}
}

// checkOutline checks that a view fits the budget, is shorter than its
// input, and accounts for the input (see accounts).
func checkOutline(t *testing.T, name string, input, got []byte, budget int) {
	t.Helper()
	if n := counter().Count(got); n > budget {
		t.Errorf("%s: view has %d tokens, budget %d", name, n, budget)
	}
	if len(got) >= len(input) {
		t.Errorf("%s: view (%d bytes) is not shorter than the input (%d bytes)", name, len(got), len(input))
	}
	if err := accounts(input, got); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

// accounts returns an error unless a view is its input's lines in order,
// each verbatim (but for the controls a view shows as symbols) or cut with
// the count of its bytes left out, with a gap line for each run left out
// that names it and counts it exactly.
func accounts(input, got []byte) error {
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	next := 1 // the number of the next input line the view must account for
	for _, l := range strings.Split(strings.TrimSuffix(string(got), "\n"), "\n") {
		if from, to, ok := elision.ParseGapLine(l); ok {
			if from != next {
				return fmt.Errorf("gap line %q where line %d is due", l, next)
			}
			next = to + 1
			continue
		}
		if next > len(lines) {
			return fmt.Errorf("view line %q is past the input's end", l)
		}
		want := string(visible([]byte(lines[next-1])))
		cut := strings.LastIndex(l, " [... ")
		if l != want && !(cut >= 0 && strings.HasPrefix(want, l[:cut])) {
			return fmt.Errorf("view line %q is not line %d, %q", l, next, want)
		}
		next++
	}
	if next != len(lines)+1 {
		return fmt.Errorf("the view accounts for %d lines of %d", next-1, len(lines))
	}
	return nil
}

// outlineBehind is how many needles fewer than a cut of head and tail the
// outline at budget 2000 may keep, where keeping them would cost more than
// it is worth:
//   - outline-cat-h-stdio is a header whose needles include five macros
//     that sit among the typedefs at its head; the outline ranks the 126
//     function prototypes above macros, and 63 of them fill the budget.
//   - outline-help-gcc-warnings is a flat list of options, most with a
//     line or two of description, whose needles are spread evenly over
//     it. It is larger than the reducer holds at once, so its rows keep
//     their runs of three options, each with a gap line; one cut from each
//     end shows a fifth more options for the same tokens.
var outlineBehind = map[string]int{"outline-cat-h-stdio": 1, "outline-help-gcc-warnings": 4}

// TestOutlineBeatsHeadTail checks that on every corpus sample over the
// budget the outline keeps at least as many needles as a cut of head and
// tail, and logs both (go test -run OutlineBeatsHeadTail -v).
func TestOutlineBeatsHeadTail(t *testing.T) {
	c := counter()
	for _, path := range corpus(t, "outline-") {
		name := strings.TrimSuffix(filepath.Base(path), ".out")
		input := readFile(t, path)
		in := c.Count(input)
		if in <= 2000 {
			continue
		}
		view, base := body(t, shape.Outline, input, 2000), headTail(input, 2000, c)
		ns := needles(t, path)
		kept, baseKept := 0, 0
		for _, n := range ns {
			kept += btoi(bytes.Contains(view, []byte(n)))
			baseKept += btoi(bytes.Contains(base, []byte(n)))
		}
		t.Logf("%-32s in %7d | outline %4d tok %2d/%d needles | head+tail %4d tok %2d/%d needles",
			name, in, c.Count(view), kept, len(ns), c.Count(base), baseKept, len(ns))
		if kept+outlineBehind[name] < baseKept {
			t.Errorf("%s: view keeps %d needles, head and tail %d", name, kept, baseKept)
		}
	}
}

// An outline keeps a file's declarations before what is nested in them,
// and those before bodies: of a Python module whose outline does not fit,
// every class and top-level function is kept, and a line of a body only
// where it costs no gap line of its own: right after a line kept.
func TestOutlineTopLevelFirst(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-cat-py-classes.out"))
	got := body(t, shape.Outline, input, 2000)
	top := regexp.MustCompile(`(?m)^(class|def) [A-Za-z_]+.*:$`)
	methods := regexp.MustCompile(`(?m)^    def [A-Za-z_]+.*:$`)
	for _, decl := range top.FindAll(input, -1) {
		if !bytes.Contains(got, decl) {
			t.Errorf("top-level declaration %q is not kept", decl)
		}
	}
	kept := len(methods.FindAll(got, -1))
	all := len(methods.FindAll(input, -1))
	if kept == 0 || kept == all {
		t.Fatalf("%d of %d methods kept: the sample no longer tests what it should", kept, all)
	}
	view := strings.Split(string(got), "\n")
	for i, l := range view {
		// A body line is indented deeper than a method.
		if strings.HasPrefix(l, "        ") && (i == 0 || isGap(view[i-1])) {
			t.Errorf("body line %q kept after a gap while %d of %d methods are not", l, all-kept, all)
		}
	}
}

// The declarations kept of a file where not all fit are spread over it,
// not the first ones only.
func TestOutlineSpreadsDeclarations(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-cat-c-large.out"))
	got := body(t, shape.Outline, input, 2000)
	funcs := regexp.MustCompile(`(?m)^static [^;]*\)$`)
	all, kept := funcs.FindAllIndex(input, -1), funcs.FindAll(got, -1)
	if len(kept) == 0 || len(kept) == len(all) {
		t.Fatalf("%d of %d functions kept: the sample no longer tests what it should", len(kept), len(all))
	}
	quarter := len(input) / 4
	for q := range 4 {
		n := 0
		for _, at := range all {
			if at[0]/quarter == q && bytes.Contains(got, input[at[0]:at[1]]) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no function of the file's quarter %d is kept", q+1)
		}
	}
}

// A manual's sections are all kept, in a page far over the budget, and a
// markdown file's headings, but a script's comments are not headings.
func TestOutlineHeadings(t *testing.T) {
	for _, tc := range []struct {
		sample   string
		headings *regexp.Regexp
	}{
		{"outline-man-bash", regexp.MustCompile(`(?m)^[A-Z][A-Z ]+$`)},
		{"outline-md-readme", regexp.MustCompile("(?m)^#{1,3} .*$")},
		{"outline-git-show-readme", regexp.MustCompile("(?m)^#{1,3} .*$")},
	} {
		input := readFile(t, filepath.Join(corpusDir, tc.sample+".out"))
		got := body(t, shape.Outline, input, 2000)
		for _, h := range tc.headings.FindAll(input, -1) {
			if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(string(h)) + `$`).Match(got) {
				t.Errorf("%s: heading %q is not kept", tc.sample, h)
			}
		}
	}
	// The shell script's comments start with "# " as markdown headings
	// do; its function comes before them.
	input := readFile(t, filepath.Join(corpusDir, "outline-cat-shell.out"))
	got := body(t, shape.Outline, input, 600)
	if !bytes.Contains(got, []byte("\nbootstrapenv() {\n")) {
		t.Errorf("the script's function is not kept at budget 600:\n%s", got)
	}
}

// A declaration's header may run over lines (a class's implements) with
// its brace alone on the next: the members inside are still members. Of
// ArrayList, every public method is kept.
func TestOutlineBraceAlone(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-cat-java-arraylist.out"))
	got := body(t, shape.Outline, input, 2000)
	methods := regexp.MustCompile(`(?m)^    public [^=;\n]*\) \{$`)
	all := methods.FindAll(input, -1)
	if len(all) < 20 {
		t.Fatalf("%d public methods: the sample no longer tests what it should", len(all))
	}
	for _, m := range all {
		if !bytes.Contains(got, m) {
			t.Errorf("public method %q is not kept", m)
		}
	}
}

// A shell script's here-documents are data, however much they look like
// code: their lines are kept only as bodies are, next to a line kept, never
// on their own after a gap.
func TestOutlineHereDocument(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-cat-shell-zlib-configure.out"))
	got := body(t, shape.Outline, input, 2000)
	lines := strings.Split(string(input), "\n")
	inDoc, docs := map[int]bool{}, 0
	for i := 0; i < len(lines); i++ {
		if !strings.Contains(lines[i], "<<EOF") {
			continue
		}
		docs++
		for i++; i < len(lines) && lines[i] != "EOF"; i++ {
			inDoc[i+1] = true
		}
	}
	if docs < 10 {
		t.Fatalf("%d here-documents: the sample no longer tests what it should", docs)
	}
	next := 1
	view := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	for i, l := range view {
		if _, to, ok := elision.ParseGapLine(l); ok {
			next = to + 1
			continue
		}
		if inDoc[next] && i > 0 && isGap(view[i-1]) {
			t.Errorf("line %d of a here-document, %q, is kept after a gap", next, l)
		}
		next++
	}
}

// Options listed one a line, "-a, --append" among "    --anyauth", are
// one list: those kept are spread over it, not its head alone.
func TestOutlineOptionList(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-help-curl-all.out"))
	got := body(t, shape.Outline, input, 2000)
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	quarter := len(lines)/4 + 1
	kept := make([]int, 4)
	for i, l := range lines[1:] {
		if bytes.Contains(got, []byte("\n"+l+"\n")) {
			kept[(i+1)/quarter]++
		}
	}
	for q, n := range kept {
		if n < 10 {
			t.Errorf("%d options of the list's quarter %d are kept (of each: %v)", n, q+1, kept)
		}
	}
}

// A long flat list of options, one a line, that a view can show only a part
// of, shows a few long stretches of it, its first and last options among
// them, rather than three options to each gap line.
func TestOutlineFlatListRuns(t *testing.T) {
	var b strings.Builder
	b.WriteString("Usage: tool [options...]\n")
	for i := range 200 {
		fmt.Fprintf(&b, "     --option-%03d       Do thing number %d\n", i, i)
	}
	got := body(t, shape.Outline, []byte(b.String()), 600)
	gaps := 0
	for _, l := range strings.Split(string(got), "\n") {
		if isGap(l) {
			gaps++
		}
	}
	if gaps > rowRuns {
		t.Errorf("%d gap lines, want %d at most:\n%s", gaps, rowRuns, got)
	}
	for _, want := range []string{"--option-000 ", "--option-199 "} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("view lacks %q:\n%s", want, got)
		}
	}
}

// A flat list of options, each with a line of description under it, is a
// row of entries: an option a view keeps comes with its description, in a
// few long stretches.
func TestOutlineEntryRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("The following options control warnings:\n")
	for i := range 150 {
		fmt.Fprintf(&b, "  -Wthing-%03d         Warn about thing %d, which is\n", i, i)
		fmt.Fprintf(&b, "                      described at length here.\n")
	}
	got := body(t, shape.Outline, []byte(b.String()), 800)
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	gaps, options := 0, 0
	for i, l := range lines {
		if isGap(l) {
			gaps++
		}
		if strings.HasPrefix(l, "  -W") {
			options++
			// Where the view's room ends, a stretch may end on an
			// option.
			if i+1 < len(lines) && !strings.Contains(lines[i+1], "described") && !isGap(lines[i+1]) {
				t.Errorf("option %q is kept without its description", l)
			}
		}
	}
	if gaps > rowRuns || options < 20 {
		t.Errorf("%d options and %d gap lines, want 20 and %d at most:\n%s", options, gaps, rowRuns, got)
	}
}

// A man page's options, each with a line of description under it, whose
// names fit in the view with a gap line each, are all named: an index a
// reader expands from, not a part of them described and the rest hidden.
func TestOutlineEntryIndex(t *testing.T) {
	var b strings.Builder
	b.WriteString("OPTIONS\n")
	for i := range 40 {
		fmt.Fprintf(&b, "       -%c, --option-%02d\n", 'A'+i%26, i)
		fmt.Fprintf(&b, "              do the thing number %d to the files given\n\n", i)
	}
	got := body(t, shape.Outline, []byte(b.String()), 1000)
	for i := range 40 {
		if want := fmt.Sprintf("--option-%02d\n", i); !strings.Contains(string(got), want) {
			t.Errorf("view lacks %q:\n%s", want, got)
		}
	}
	if !strings.Contains(string(got), "do the thing number") {
		t.Errorf("no description fills the room left:\n%s", got)
	}
}

// A prototype's object of functions (Compiler.prototype = { name:
// function (...) {) declares its methods: they are spread over the view
// as a class's are, not kept in the order of their lines until it is full.
func TestOutlineObjectMethods(t *testing.T) {
	got := body(t, shape.Outline, prototypeObject(func(int) bool { return false }), 600)
	methods, late := 0, 0
	for i := range 40 {
		if strings.Contains(string(got), fmt.Sprintf("method%02d:", i)) {
			methods++
			if i >= 30 {
				late++
			}
		}
	}
	if methods < 30 || late < 5 {
		t.Errorf("%d of 40 methods named, %d of the last 10, want 30 and 5:\n%s", methods, late, got)
	}
}

// A header documents the functions its macros define by a prototype that
// opens a comment (zlib.h's deflateInit2): the prototype ranks as those
// outside comments do, above the prose under it.
func TestOutlineCommentPrototype(t *testing.T) {
	var b strings.Builder
	b.WriteString("#ifndef ZLIB_H\n#define ZLIB_H\n\n")
	for i := range 30 {
		fmt.Fprintf(&b, "ZEXTERN int ZEXPORT call%02d OF((z_streamp strm));\n/*\n", i)
		for j := range 8 {
			fmt.Fprintf(&b, "     Prose line %d about what call%02d does to the stream.\n", j, i)
		}
		b.WriteString("*/\n\n")
		if i%3 == 0 {
			fmt.Fprintf(&b, "/*\nZEXTERN int ZEXPORT macro%02d OF((z_streamp strm,\n", i)
			b.WriteString("                                     int  level));\n\n")
			for j := range 8 {
				fmt.Fprintf(&b, "     Prose line %d about what macro%02d does to the stream.\n", j, i)
			}
			b.WriteString("*/\n\n")
		}
	}
	b.WriteString("#endif /* ZLIB_H */\n")
	got := string(body(t, shape.Outline, []byte(b.String()), 1000))
	for i := 0; i < 30; i += 3 {
		if want := fmt.Sprintf("ZEXTERN int ZEXPORT macro%02d OF((", i); !strings.Contains(got, want) {
			t.Errorf("view lacks %q:\n%s", want, got)
		}
	}
}

// Code commented out, a call at the margin after a bare comment opener,
// declares nothing: a prototype that opens a comment has a return type
// before its name, as the calls a function makes do not. A view that
// shows such a call shows every function's header.
func TestOutlineCommentedOutCall(t *testing.T) {
	comments := []string{"init(ctx);", "free(buf);", `printf("%d\n", x);`, "return foo(a, b);",
		"list_add(&n->list, head);", "", "Call setup(ctx) before anything else;", "Usage: prog(file, mode);",
		"see foo(3), bar(3),", "memcpy(dst, src, n);"}
	var b strings.Builder
	for i, c := range comments {
		if c != "" {
			c += "\n"
		}
		fmt.Fprintf(&b, "/*\n%s*/\nstatic int worker%02d(int x)\n{\n", c, i)
		for j := range 40 {
			fmt.Fprintf(&b, "\tx = x * %d + compute(x, %d);\n", j, j)
		}
		b.WriteString("\treturn x;\n}\n\n")
	}
	for budget := 150; budget <= 300; budget += 25 {
		got := string(body(t, shape.Outline, []byte(b.String()), budget))
		if !strings.Contains(got, "list_add(") && !strings.Contains(got, "memcpy(") {
			continue
		}
		for i := range comments {
			if want := fmt.Sprintf("static int worker%02d(int x)", i); !strings.Contains(got, want) {
				t.Errorf("at %d tokens the view lacks %q but shows a call commented out:\n%s", budget, want, got)
			}
		}
	}
}

// A module wrapped in a function (lodash's runInContext) declares its
// functions in that function's body: they are declarations still.
func TestOutlineFunctionsInBody(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-cat-js-lodash.out"))
	got := body(t, shape.Outline, input, 2000)
	wrapper := bytes.Index(got, []byte("\n  var runInContext = (function runInContext(context) {\n"))
	if wrapper < 0 {
		t.Fatal("the wrapping function is not kept")
	}
	inner := regexp.MustCompile(`(?m)^    function [A-Za-z]+\(.*\) \{$`).FindAll(got[wrapper:], -1)
	if len(inner) < 20 {
		t.Errorf("%d functions of the wrapping function are kept", len(inner))
	}
}

// git blame prefixes each line with its commit, author and date; the
// outline reads the code after them.
func TestOutlineBlame(t *testing.T) {
	input := readFile(t, filepath.Join(corpusDir, "outline-git-blame-go.out"))
	got := body(t, shape.Outline, input, 2000)
	types := regexp.MustCompile(`(?m)^[0-9a-f]{8} \([^)]*\) type [A-Za-z]+ .*$`)
	all := types.FindAll(input, -1)
	if len(all) == 0 {
		t.Fatal("the sample has no type declarations")
	}
	for _, decl := range all {
		if !bytes.Contains(got, decl) {
			t.Errorf("type declaration %q is not kept", decl)
		}
	}
}

// Input within the budget is kept whole, as clip would pass it through.
func TestOutlineWithinBudget(t *testing.T) {
	for _, path := range corpus(t, "outline-") {
		input := readFile(t, path)
		if counter().Count(input) > 2000 {
			continue
		}
		// Kept whole, but for the controls any view shows as symbols.
		if got := body(t, shape.Outline, input, 2000); !bytes.Equal(got, visible(input)) {
			t.Errorf("%s: input within the budget is not kept whole", filepath.Base(path))
		}
	}
}

func TestOutlineDeterministic(t *testing.T) {
	for _, path := range corpus(t, "outline-") {
		in := readFile(t, path)
		if a, b := body(t, shape.Outline, in, 700), body(t, shape.Outline, in, 700); !bytes.Equal(a, b) {
			t.Errorf("%s: two views differ", path)
		}
	}
}

// Memory is bounded by the budget, not the input: what is held never
// exceeds the caps, and the view of a long input is still whole.
func TestOutlineBounded(t *testing.T) {
	src := readFile(t, filepath.Join(corpusDir, "outline-cat-go-test.out"))
	o := NewOutline(500)
	s := NewSplitter(o)
	for range 20 {
		s.Write(src)
		if o.held.len() > o.maxPieces || o.heldBytes > o.maxBytes {
			t.Fatalf("holds %d pieces of %d bytes; caps %d and %d", o.held.len(), o.heldBytes, o.maxPieces, o.maxBytes)
		}
	}
	n := s.Close()
	got := Render(Fit(o.Pieces(n, 500, counter()), n, 500, counter()), n)
	checkOutline(t, "20 copies", bytes.Repeat(src, 20), got, 500)
}

// FuzzOutline checks that any input reduces without panic to a view within
// the budget, no longer than the input, the same every time, that accounts
// for every line of the input (see accounts). It counts a token a byte,
// which any budget must hold to exactly.
func FuzzOutline(f *testing.F) {
	for _, p := range corpus(f, "outline-") {
		b := readFile(f, p)
		f.Add(b[:min(len(b), 8<<10)], 600)
	}
	f.Add([]byte("# Title\n\n```sh\n# not a heading\n```\n\nText\n===\n\n    code\n"), 40)
	f.Add([]byte("class A:\n    \"\"\"doc\n    def no(self):\n    \"\"\"\n    def yes(self):\n        pass\n"), 50)
	f.Fuzz(func(t *testing.T, input []byte, budget int) {
		budget = 100 + int(uint(budget)%3000)
		got := byteView(NewOutline(budget), input, budget)
		if again := byteView(NewOutline(budget), input, budget); !bytes.Equal(got, again) {
			t.Errorf("two views of the same input differ")
		}
		if len(input) <= budget {
			return // clip passes such input through
		}
		checkByteView(t, input, got, budget)
		if err := accounts(input, got); err != nil {
			t.Error(err)
		}
	})
}

// BenchmarkOutline reduces a megabyte of C source: a real file of the
// corpus, repeated.
func BenchmarkOutline(b *testing.B) {
	src := readFile(b, filepath.Join(corpusDir, "outline-cat-c-large.out"))
	in := bytes.Repeat(src, (1<<20)/len(src)+1)
	c := counter()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewOutline(2000)
		s := NewSplitter(r)
		for off := 0; off < len(in); off += 64 << 10 {
			s.Write(in[off:min(off+64<<10, len(in))])
		}
		n := s.Close()
		Render(Fit(r.Pieces(n, 2000, c), n, 2000, c), n)
	}
}

func isGap(line string) bool {
	_, _, ok := elision.ParseGapLine(line)
	return ok
}

// outlineRanks returns the rank of each line the outline reducer
// proposes, by its number: its tier and its class within the tier,
// without its spread, so that lines that rank alike compare equal.
func outlineRanks(text string) map[int]int {
	o := NewOutline(2000)
	s := NewSplitter(o)
	s.Write([]byte(text))
	n := s.Close()
	ranks := map[int]int{}
	for _, p := range o.Pieces(n, 2000, counter()) {
		// A priority is its tier less its class shifted, less a spread
		// below that shift: rounding up drops the spread.
		r := (p.Prio + 1<<classShift - 1) >> classShift
		if old, ok := ranks[p.Line]; !ok || r > old {
			ranks[p.Line] = r
		}
	}
	return ranks
}

// An option's entry starts at its first hyphen: "-t, --list" is the
// sibling of "--delete" where a manual indents both alike, and of
// "    --anyauth" where a help aligns the long forms, as "-o FILE" is.
func TestOutlineOptionSiblings(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		lines      []int // lines that must rank alike
	}{
		{"manual", "OPTIONS\n       --delete\n              Delete from the archive.\n\n" +
			"       -t, --list\n              List the contents.\n\n       --test-label\n              Test the label.\n",
			[]int{2, 5, 8}},
		{"help", "Usage: curl [options...] <url>\n     --anyauth            Pick any method\n" +
			" -a, --append             Append to target file\n     --basic              Use Basic\n" +
			" -E, --cert <cert>        Client certificate\n",
			[]int{2, 3, 4, 5}},
		{"short only", "Options:\n    -o <FILENAME>       Write output to FILENAME\n" +
			"        --out-dir <DIR> Write output to DIR\n    -h, --help          Display this message\n",
			[]int{2, 3, 4}},
		{"no comma", "Options:\n  -h --help              Show this help\n     --version           Show package version\n" +
			"  -H --host=HOST         Operate on remote host\n     --user              Connect to user manager\n",
			[]int{2, 3, 4, 5}},
		{"after a description", "Options:\n  -q --quiet             Suppress output\n" +
			"     --wait              For (re)start, wait until service stopped again\n" +
			"                         For is-system-running, wait until startup is completed\n" +
			"     --no-block          Do not wait until operation finished\n     --no-wall           Do not send wall message\n",
			[]int{2, 3, 5, 6}},
	} {
		ranks := outlineRanks(tc.text)
		for _, n := range tc.lines[1:] {
			if ranks[n] != ranks[tc.lines[0]] {
				t.Errorf("%s: line %d ranks %d, line %d %d", tc.name, n, ranks[n], tc.lines[0], ranks[tc.lines[0]])
			}
		}
	}
}

// A help's list of commands declares what the command does as its list
// of options does: a command's entry ranks as an option's.
func TestOutlineCommandList(t *testing.T) {
	ranks := outlineRanks("Usage: rustup <COMMAND>\n\nCommands:\n  install      Install or update the given toolchains\n" +
		"  uninstall    Uninstall the given toolchains\n\nOptions:\n  -v, --verbose  Set log level to verbose\n" +
		"  -q, --quiet    Disable progress output\n")
	if ranks[4] != ranks[8] || ranks[5] != ranks[8] {
		t.Errorf("the commands rank %d and %d, the options %d", ranks[4], ranks[5], ranks[8])
	}
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"install      Install or update the given toolchains", true},
		{"list-units [PATTERN...]             List units currently in memory", false},
		{"int         Count;", false},
		{"name    string // The name", false},
		{"level         QUICEncryptionLevel // current QUIC encryption level", false},
		{"x  Y", false},
	} {
		if got := commandEntry([]byte(tc.line)); got != tc.want {
			t.Errorf("commandEntry(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// A manual's subsection is a heading: the options it heads rank as those
// its section heads directly.
func TestOutlineSubsection(t *testing.T) {
	text := "OPTIONS\n       --follow\n           Continue listing.\n\n" +
		"   Commit Limiting\n       Besides specifying a range of commits.\n\n" +
		"       --skip=<number>\n           Skip number commits.\n"
	ranks := outlineRanks(text)
	if ranks[8] != ranks[2] {
		t.Errorf("--skip ranks %d, --follow %d", ranks[8], ranks[2])
	}
	if ranks[5] <= ranks[2] {
		t.Errorf("the subsection ranks %d, below --follow, %d", ranks[5], ranks[2])
	}
}

// A help's section title ends with a colon; the entries under it may
// start at its own column ("Environment variables:" over FORCE_COLOR),
// where they open no block under it: it heads them all the same. In
// markdown such a line leads in to a paragraph, and heads nothing.
func TestOutlineLeadInTitle(t *testing.T) {
	help := "Usage: node [options]\n\nOptions:\n  -c, --check   syntax check\n  -e, --eval    evaluate script\n\n" +
		"Environment variables:\nFORCE_COLOR   when set to true\n              colours output\nNO_COLOR      alias\n"
	ranks := outlineRanks(help)
	if ranks[7] < ranks[3] {
		t.Errorf("the title over entries at its column ranks %d, below the one over indented entries, %d", ranks[7], ranks[3])
	}
	if ranks[7] <= ranks[8] {
		t.Errorf("the title ranks %d, not above its first entry, %d", ranks[7], ranks[8])
	}
	md := "# Tool\n\nSee [the docs](x.md).\n\n## Install\n\nFor example:\nrun the installer [here](y).\n\n## Use\n\n- one\n- two\n"
	ranks = outlineRanks(md)
	if ranks[7] >= ranks[5] {
		t.Errorf("a lead-in in markdown ranks %d, as a heading (%d)", ranks[7], ranks[5])
	}
}

// A line of prose with a parenthesis is no signature, however much its
// words before it look like a return type and a name.
func TestOutlineSignatureOrProse(t *testing.T) {
	for _, tc := range []struct {
		line string
		sig  bool
	}{
		{"static void * CJSON_CDECL internal_malloc(size_t size)", true},
		{"extern int fprintf (FILE *__restrict __stream,", true},
		{"static final <K,V> boolean casTabAt(Node<K,V>[] tab, int i,", true},
		{"main (int argc, char *argv[])", true},
		{"Compiler information to print on stdout (or to a file)", false},
		{"git diff works out patch hunk headers (see Defining a custom", false},
		{"ExecuteContext is the same as Execute(), but sets the ctx on the command.", false},
		{"This is returned by run().", false},
		{"A ChainMap groups multiple dicts (or other mappings) together", false},
		{"Set<Map.Entry<K,V>> entrySet()", true},
		{"System.out.println(entry)", false},
		{"new Map.Entry(key)", false},
		{"It ends here. Then call(x)", false},
		{"zutil.o: $(SRCDIR)zutil.c", false},
		{"config commit.cleanup whitespace (note that you will", false},
		{"async #reifyNode (node) {", true},
		{"static #parse(text) {", true},
		{"echo x#y(z)", false},
		// A help's section title with a note in parentheses.
		{"File name matching options (affect both exclude and include patterns):", false},
		{"Positional options (always true):", false},
		{"Foo::Foo(int x):", true},
	} {
		if got := sigLine([]byte(tc.line)); got != tc.sig {
			t.Errorf("sigLine(%q) = %v, want %v", tc.line, got, tc.sig)
		}
	}
}

// pydoc prints a class's members behind a bar indented as the class is,
// its documentation among them: the methods are declarations, the
// sentences are not.
func TestOutlinePydocMembers(t *testing.T) {
	text := "CLASSES\n    class ChainMap(builtins.object)\n" +
		"     |  A ChainMap groups multiple dicts (or other mappings) together\n" +
		"     |  to create a single, updateable view.\n     |  \n     |  Methods defined here:\n     |  \n" +
		"     |  __bool__(self)\n     |  \n     |  clear(self)\n     |      Clear maps[0], leaving maps[1:] intact.\n"
	ranks := outlineRanks(text)
	decl := prioOutlineLast >> classShift
	for _, n := range []int{8, 10} {
		if ranks[n] <= decl {
			t.Errorf("method on line %d ranks %d, not as a declaration (above %d)", n, ranks[n], decl)
		}
	}
	for _, n := range []int{3, 4, 6} {
		if ranks[n] > decl {
			t.Errorf("documentation on line %d ranks %d, as a declaration", n, ranks[n])
		}
	}
}

// A Makefile's rule declares its target, recipe or not; a label, a
// help's usage line and a sentence leading in with a colon do not.
func TestOutlineMakeRule(t *testing.T) {
	for _, tc := range []struct {
		line string
		rule bool
	}{
		{"all: static shared", true},
		{"infcover.o: $(SRCDIR)test/infcover.c $(SRCDIR)zlib.h zconf.h", true},
		{"placebo $(SHAREDLIBV): $(PIC_OBJS) libz.a", true},
		{"out:", false},
		{"Usage: curl [options...] <url>", false},
		{"Note: this is the default.", false},
		{"Note: the value is kept", false},
		{"default: return x;", false},
		{"CFLAGS := -O2", false},
		{"AF_INET: Final = AddressFamily.AF_INET", false},
		{"timeout: float | None = None", false},
	} {
		if got := makeRule([]byte(tc.line)); got != tc.rule {
			t.Errorf("makeRule(%q) = %v, want %v", tc.line, got, tc.rule)
		}
	}
	decl := prioOutlineLast >> classShift
	ranks := outlineRanks("CC=cc\n\nall: static shared\n\nstatic: example\n\tcc -o example example.c\n")
	if ranks[3] <= decl {
		t.Errorf("a rule without a recipe ranks %d, not as a declaration (above %d)", ranks[3], decl)
	}
	// In markdown, such a line is a key and its value.
	ranks = outlineRanks("# Events\n\nadded: v0.1.26\n\nSee [the guide](guide.md).\n\n- one\n- two\n")
	if ranks[3] > decl {
		t.Errorf("a key and its value in markdown ranks %d, as a declaration", ranks[3])
	}
	// In a file that declares classes, a name and its type annotate a
	// variable: it ranks below the class's methods.
	ranks = outlineRanks("# Editions.\nclass Edition:\n    def value(self): ...\n    def name(self): ...\n\n" +
		"EDITION_LEGACY: Edition.ValueType  # 900\nEDITION_2023: Edition.ValueType  # 1000\n\ndef f(): ...\ndef g(): ...\n")
	if ranks[6] >= ranks[3] || ranks[7] >= ranks[4] {
		t.Errorf("variables annotated with their types rank %d and %d, methods %d and %d", ranks[6], ranks[7], ranks[3], ranks[4])
	}
}

// A script's lines that start with a hash are comments, even where a
// preprocessor's word follows: a string of C the script writes.
func TestOutlineScriptHashes(t *testing.T) {
	ranks := outlineRanks("#!/bin/sh\necho '\n#include <stdio.h>\n#define N 1\n'\nmain() {\n\techo\n}\n")
	decl := prioOutlineLast >> classShift
	for _, n := range []int{3, 4} {
		if ranks[n] > decl {
			t.Errorf("line %d ranks %d, as a declaration", n, ranks[n])
		}
	}
}

// A script has no block comments: a pattern of its case that starts with
// /* opens none, and the functions after it are declarations.
func TestOutlineScriptSlashStar(t *testing.T) {
	ranks := outlineRanks("#!/bin/sh\nabs ()\n{\n  case \"$1\" in\n    /* | ?:/*) ;;\n    *) x=`pwd` ;;\n  esac\n}\n" +
		"find_prefixes ()\n{\n  echo\n}\n\nmain\nexit 0\n")
	if decl := prioOutlineLast >> classShift; ranks[9] <= decl {
		t.Errorf("the function after a case pattern /* ranks %d, not as a declaration (above %d)", ranks[9], decl)
	}
}

// A C preprocessor's #define and #include declare and import, as their
// words say: they rank as declarations, not as the lines of a body.
func TestOutlinePreprocessor(t *testing.T) {
	ranks := outlineRanks("/* stdio */\n#include <stddef.h>\n#define BUFSIZ 8192\nextern int remove (const char *__filename);\n")
	decl := prioOutlineLast >> classShift
	for _, n := range []int{2, 3} {
		if ranks[n] <= decl {
			t.Errorf("line %d ranks %d, not as a declaration (above %d)", n, ranks[n], decl)
		}
	}
}

// Three quotes inside a string or a comment open no docstring, nor do
// three that prose names (a manual's 'a """-quoted value'), which follow
// a word where a string follows an operator, a parenthesis or nothing:
// the declarations after them are still declarations.
func TestOutlineQuotedTripleQuote(t *testing.T) {
	decl := prioOutlineLast >> classShift
	for _, line := range []string{`        quote_types = ["'''"]`, `        # prefer '''"''' over """\""""`, `        q = '"""'`,
		`        In the file, a """-quoted value after the "=" can span multiple`} {
		ranks := outlineRanks("class A:\n    def f(self):\n" + line + "\n        return 1\n\ndef main():\n    pass\n\nx = 1\ny = 2\n")
		if ranks[6] <= decl {
			t.Errorf("after %s, def main ranks %d, not as a declaration (above %d)", line, ranks[6], decl)
		}
	}
	// A comment line that names the quotes, in Go, C or a script, opens
	// nothing either, though they follow a parenthesis.
	for _, line := range []string{`	// the tokens (""" and ''') take three runes`, `    # strip the quotes (""") first`, `/* ends at ''' */`} {
		ranks := outlineRanks("package p\n\nfunc a() {\n" + line + "\n}\n\nfunc B() int {\n\treturn 1\n}\n\nfunc c() {\n}\n")
		if ranks[7] <= decl {
			t.Errorf("after %s, func B ranks %d, not as a declaration (above %d)", line, ranks[7], decl)
		}
	}
	for _, open := range []string{`    x = """text`, `    x = dedent(r"""`, `    """`, `    return f"""text`, `    DATA = rb"""`, `    x = Fr"""text`} {
		ranks := outlineRanks("def f():\n" + open + "\n    def g():\n    \"\"\"\n    return x\n")
		if ranks[3] > decl {
			t.Errorf("after %s, a line in a string ranks %d, as a declaration", open, ranks[3])
		}
	}
}

// The options under a help's section title that notes something in
// parentheses are declarations, as those under a plain title are.
func TestOutlineHelpTitleWithNote(t *testing.T) {
	decl := prioOutlineLast >> classShift
	ranks := outlineRanks("Usage: tar [OPTION...] [FILE]...\n\n Main operation mode:\n\n" +
		"  -A, --catenate             append tar files to an archive\n  -c, --create               create a new archive\n\n" +
		" File name matching options (affect both exclude and include patterns):\n\n" +
		"      --anchored             patterns match file name start\n      --ignore-case          ignore case\n" +
		"      --no-anchored          patterns match after any '/'\n\n Overwrite control:\n\n" +
		"  -k, --keep-old-files       do not replace existing files\n      --overwrite            overwrite existing files\n" +
		"      --remove-files         remove files after adding them\n")
	for _, n := range []int{10, 11, 12} {
		if ranks[n] <= decl {
			t.Errorf("option on line %d ranks %d, not as a declaration (above %d)", n, ranks[n], decl)
		}
	}
}

// A closing brace with a comment after it (} // namespace detail) only
// closes its block: it opens none over the lines indented after it.
func TestOutlineCloserComment(t *testing.T) {
	decl := prioOutlineLast >> classShift
	for _, end := range []string{"} // namespace detail", "} /* detail */", "}; // struct"} {
		ranks := outlineRanks("namespace a\n{\nnamespace detail\n{\n  int helper();\n" + end +
			"\n\n  /// A path\n  class path\n  {\n    int n;\n  };\n\n  int x;\n}\n")
		if ranks[9] <= decl {
			t.Errorf("after %q, the class ranks %d, not as a declaration (above %d)", end, ranks[9], decl)
		}
	}
	for _, line := range []string{"} // namespace detail", "}; /* x */", "})", "} else {", "endif()", "endfunction(name)"} {
		if !isCloser([]byte(line)) {
			t.Errorf("isCloser(%q) = false", line)
		}
	}
	for _, line := range []string{"} else if (x) {", "}, {", "} x // y", "endpoint(x)", "endif(x) y"} {
		if isCloser([]byte(line)) {
			t.Errorf("isCloser(%q) = true", line)
		}
	}
}

// A template's parameters prefix the declaration that GNU's C++ indents
// under them: the declaration is still one, not a line of a body. In a
// type, an alias (typedef) says less than a method.
func TestOutlineTemplate(t *testing.T) {
	ranks := outlineRanks("namespace std\n{\n  template<typename _Tp>\n    struct _Base\n    {\n" +
		"      typedef _Tp value_type;\n      size() const;\n    };\n}\n")
	if decl := prioOutlineLast >> classShift; ranks[4] <= decl {
		t.Errorf("the struct under its template ranks %d, not as a declaration (above %d)", ranks[4], decl)
	}
	if ranks[6] >= ranks[7] {
		t.Errorf("the typedef ranks %d, the method %d", ranks[6], ranks[7])
	}
}

// A blank line of blamed code costs what its commit, author and date
// cost, more than a gap line: it ranks with the lines kept last, not with
// the declarations around it, as a bare blank line does.
func TestOutlineBlameBlank(t *testing.T) {
	blame := "bf415045 (Seed 8be4b040 maintainers 2026-11-22 05:01:20 +0000 %3d) %s\n"
	text := fmt.Sprintf(blame, 1, "package reduce") + fmt.Sprintf(blame, 2, "") +
		fmt.Sprintf(blame, 3, "type Grep struct{}") + fmt.Sprintf(blame, 4, "") + fmt.Sprintf(blame, 5, "func F() {}")
	ranks := outlineRanks(text)
	if low := prioOutlineLow >> classShift; ranks[4] > low {
		t.Errorf("the blank line between two declarations ranks %d, above the lowest, %d", ranks[4], low)
	}
	ranks = outlineRanks("package reduce\n\ntype Grep struct{}\n\nfunc F() {}\n")
	if ranks[4] <= prioOutlineLast>>classShift {
		t.Errorf("a bare blank line between two declarations ranks %d, below them", ranks[4])
	}
}

// AsciiDoc marks its headings with equals signs: they rank as headings,
// the sections before the subsections.
func TestOutlineAsciiDoc(t *testing.T) {
	ranks := outlineRanks("= Guide\n\nIntro text here.\n\n== Install\n\nRun make.\n\n=== From source\n\nText.\n")
	decl := prioOutlineDecl >> classShift
	if ranks[5] <= decl || ranks[9] <= decl {
		t.Errorf("the headings rank %d and %d, not as headings (above %d)", ranks[5], ranks[9], decl)
	}
	if ranks[5] <= ranks[9] {
		t.Errorf("the section ranks %d, the subsection %d", ranks[5], ranks[9])
	}
}

// A member of a type is a field by its punctuation or its name and type;
// a sentence among the members (pydoc's) is not, nor a list's lead-in.
func TestOutlineFieldLike(t *testing.T) {
	for _, tc := range []struct {
		line  string
		field bool
	}{
		{"Offset int64 // error occurred after reading Offset bytes", true},
		{"need_more,      /* block not completed, need more input or more output */", true},
		{"onChange?: (event: ChangeEvent, value: string, reason: Reason, details: Details) => void;", true},
		{"name: str", true},
		{"A ChainMap groups multiple dicts (or other mappings) together", false},
		{"Methods defined here:", false},
		{"Reader", false},
	} {
		if got := fieldLike([]byte(tc.line)); got != tc.field {
			t.Errorf("fieldLike(%q) = %v, want %v", tc.line, got, tc.field)
		}
	}
}

// An operator's overload says less than a function with a name, in a
// class or out of it; a parameter named operator makes no overload.
func TestOutlineOverload(t *testing.T) {
	ranks := outlineRanks("namespace std\n{\n  class map\n  {\n  public:\n    void insert(int x);\n" +
		"    bool operator==(const map& o) const;\n  };\n  bool operator<(const map& a, const map& b);\n" +
		"  void swap(map& a, map& b);\n}\n")
	if ranks[9] >= ranks[10] {
		t.Errorf("operator< ranks %d, swap %d", ranks[9], ranks[10])
	}
	if ranks[7] >= ranks[6] {
		t.Errorf("operator== ranks %d, insert %d", ranks[7], ranks[6])
	}
	if overload([]byte("function createRelationalOperation(operator) {")) {
		t.Errorf("a parameter named operator reads as an overload")
	}
}

// go doc lists a package's methods after its types and functions, one
// line each without a body: a method ranks as a member of its type, below
// the package's functions and constructors, so that a package of many
// methods shows its functions. A method in source, with its body, ranks
// as the functions beside it.
func TestOutlineDocMethods(t *testing.T) {
	ranks := outlineRanks("package zerolog // import \"github.com/rs/zerolog\"\n\nFUNCTIONS\n\n" +
		"func SetGlobalLevel(l Level)\n    SetGlobalLevel sets the global override for log level.\n\nTYPES\n\n" +
		"type Array struct {\n\t// Has unexported fields.\n}\n\n" +
		"func Arr() *Array\n    Arr creates an array to be added to an Event or Context.\n\n" +
		"func (a *Array) Bool(b bool) *Array\n    Bool appends the val as a bool to the array.\n")
	for _, line := range []int{5, 10, 14} {
		if ranks[17] >= ranks[line] {
			t.Errorf("the method ranks %d, line %d %d", ranks[17], line, ranks[line])
		}
	}
	ranks = outlineRanks("package zerolog\n\nfunc Arr() *Array {\n\treturn &Array{}\n}\n\n" +
		"func (a *Array) Bool(b bool) *Array {\n\treturn a\n}\n")
	if ranks[7] != ranks[3] {
		t.Errorf("in source the method ranks %d, the function %d", ranks[7], ranks[3])
	}
	// A method whose body is on its line is source too (go/ast's Pos).
	ranks = outlineRanks("package ast\n\nfunc NewIdent(name string) *Ident {\n\treturn &Ident{}\n}\n\n" +
		"func (c *Comment) Pos() token.Pos { return c.Slash }\n")
	if ranks[7] != ranks[3] {
		t.Errorf("a method on one line ranks %d, the function %d", ranks[7], ranks[3])
	}
}

// A JavaScript class's private members start with a hash: they are
// declarations, where a hash comments out a call in a script.
func TestOutlinePrivateMember(t *testing.T) {
	checkLines(t, "privateMember", privateMember, []lineCase{
		{"#flatVerifyWithoutProcessors(file, providedConfig, providedOptions) {", true},
		{"#count = 0;", true},
		{"#cache;", true},
		{"#linkTargetMismatch (child) {", true},
		{"#print(x)", false},
		{"#print (x)", false},
		{"#count = 0", false},
		{"# a comment;", false},
	})
	ranks := outlineRanks("class Linter {\n    #verify(file) {\n        return file;\n    }\n}\n")
	if decl := prioOutlineLast >> classShift; ranks[2] <= decl {
		t.Errorf("the private method ranks %d, not as a declaration (above %d)", ranks[2], decl)
	}
}

// A header's constants (#define BUFSIZ 8192) are its API as its
// prototypes are: the first lines of each run of them rank with the
// prototypes, the rest of the run below. An include guard's #define, a
// flag without a value, a macro with parameters and one of the
// implementation's reserved names do not.
func TestOutlineHeaderConstants(t *testing.T) {
	ranks := outlineRanks("#ifndef _STDIO_H\n#define _STDIO_H 1\n#define __need_size_t\n\n" +
		"/* Buffering.  */\n#define _IOFBF 0\n#define _IOLBF 1\n#define _IONBF 2\n#define _IOXBF 3\n\n" +
		"/* Default buffer size.  */\n#define BUFSIZ 8192\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n" +
		"#define __cpp_lib_x 201411L\nextern int remove (const char *__filename);\nextern int rename (const char *__old);\n#endif\n")
	proto := ranks[15]
	for _, n := range []int{6, 7, 8, 12} {
		if ranks[n] != proto {
			t.Errorf("constant on line %d ranks %d, a prototype %d", n, ranks[n], proto)
		}
	}
	for _, n := range []int{2, 3, 9, 13, 14} {
		if ranks[n] >= proto {
			t.Errorf("#define on line %d ranks %d, with a prototype (%d)", n, ranks[n], proto)
		}
	}
}

// A preprocessor's line opens no block, however deep the lines after it:
// a header that indents its prototypes in its extern "C" (libtasn1's)
// defines a constant over them, and they rank as the prototypes before
// the #define do, not as the body of a block it opened.
func TestOutlineDefineOpensNoBlock(t *testing.T) {
	ranks := outlineRanks("extern \"C\"\n{\n  extern int\n    asn1_parser2tree (const char *file);\n\n" +
		"# define ASN1_MAX_TAG_SIZE 4\n  extern long\n    asn1_get_length_der (const unsigned char *der);\n}\n")
	if ranks[8] != ranks[4] {
		t.Errorf("the prototype after a #define ranks %d, the one before it %d", ranks[8], ranks[4])
	}
}

// An anonymous typedef's opener (typedef struct {) names nothing: past
// the first of its kind, which says what kind of types the names are, its
// closing line ranks above it, as one of the file's types (below the
// openers that keep their rank, above its prototypes), and a typedef with
// a tag (typedef enum Mode_) keeps its opener's rank.
func TestOutlineAnonymousTypedef(t *testing.T) {
	ranks := outlineRanks("#include <stddef.h>\ntypedef struct {\n  int x;\n} Point;\n\n" +
		"typedef struct {\n  int w;\n} Size;\n\n" +
		"typedef enum {\n  A,\n} Mode;\n\n" +
		"typedef union\n{\n  int i;\n} Value;\n\n" +
		"typedef union {\n  long l;\n} Wide;\n\n" +
		"typedef struct Rect_ {\n  int h;\n} Rect;\n\n" +
		"int area(Rect r);\n")
	for _, tc := range []struct{ opener, closer int }{{2, 4}, {10, 12}, {14, 17}, {23, 25}} {
		if ranks[tc.opener] <= ranks[tc.closer] {
			t.Errorf("the opener on line %d ranks %d, not above its closer on line %d (%d)",
				tc.opener, ranks[tc.opener], tc.closer, ranks[tc.closer])
		}
	}
	for _, tc := range []struct{ opener, closer int }{{6, 8}, {19, 21}} {
		if ranks[tc.closer] <= ranks[tc.opener] {
			t.Errorf("the name on line %d ranks %d, not above its anonymous opener on line %d (%d)",
				tc.closer, ranks[tc.closer], tc.opener, ranks[tc.opener])
		}
		if ranks[tc.closer] <= ranks[27] || ranks[tc.closer] >= ranks[2] {
			t.Errorf("the name on line %d ranks %d, not between the prototype (%d) and the first opener (%d)",
				tc.closer, ranks[tc.closer], ranks[27], ranks[2])
		}
	}
	// The name of the first of each kind, and the name a typedef with a
	// tag gives (Rect, where the opener says Rect_), are the names the
	// prototypes use: they rank above the prototypes, as the other
	// names do.
	for _, n := range []int{4, 12, 17, 25} {
		if ranks[n] <= ranks[27] {
			t.Errorf("the name on line %d ranks %d, not above the prototype (%d)", n, ranks[n], ranks[27])
		}
	}
	// In a file of functions with bodies, a type is the file's own: its
	// name ranks below the functions.
	ranks = outlineRanks("#include <stddef.h>\ntypedef struct {\n  int x;\n} Point;\n\n" +
		"static int area(Point p)\n{\n  return p.x;\n}\n\nint main(void) {\n  return 0;\n}\n")
	if ranks[4] >= ranks[6] || ranks[4] >= ranks[11] {
		t.Errorf("in source the name ranks %d, not below the functions (%d, %d)", ranks[4], ranks[6], ranks[11])
	}
}

// The closing brace of a typedef's struct or enum names the type it
// declares, which an anonymous struct's opener does not: it ranks above
// the members, as a declaration of the file; a struct's closing brace
// that declares a variable, and a lone brace, do not.
func TestOutlineTypedefName(t *testing.T) {
	ranks := outlineRanks("#include <stddef.h>\ntypedef struct {\n  int x;\n  int y;\n} Point, *PointPtr;\n\n" +
		"typedef enum  Mode_\n{\n  MODE_A,\n  MODE_B\n} Mode;\n\n" +
		"struct {\n  int count;\n} totals;\n\nstruct pair {\n  int a;\n};\n")
	for _, tc := range []struct{ closer, member int }{{5, 3}, {11, 9}} {
		if ranks[tc.closer] <= ranks[tc.member] {
			t.Errorf("typedef's name on line %d ranks %d, not above its member on line %d (%d)",
				tc.closer, ranks[tc.closer], tc.member, ranks[tc.member])
		}
	}
	for _, n := range []int{16, 20} {
		if ranks[n] > ranks[n-1] {
			t.Errorf("closing brace on line %d ranks %d, above the member before it (%d)", n, ranks[n], ranks[n-1])
		}
	}
}

// A C function's return type alone on its line, over its name indented
// under it, says little: the name's line declares the function, ranked
// as a prototype at the margin is, as where both start at the margin; a
// manual's heading over text in parentheses, and a list's bullet, are no
// return types, nor is a sentence with a type's word or capitals in it,
// nor a statement's keyword a function's name.
func TestOutlineReturnTypeApart(t *testing.T) {
	ranks := outlineRanks("#include <stdio.h>\n\nXMLPUBFUN int XMLCALL\n\t\txmlValidateQName\t(const xmlChar *value,\n" +
		"\t\t\t\t\t int space);\nconst char *\n\tecc_curve_name(int curve);\nint plain(int x);\n" +
		"static int\nmain (int argc)\n{\n  return 0;\n}\n")
	proto := ranks[8]
	for _, n := range []int{4, 7, 10} {
		if ranks[n] != proto {
			t.Errorf("function's name on line %d ranks %d, a prototype %d", n, ranks[n], proto)
		}
	}
	for _, n := range []int{3, 6} {
		if ranks[n] != ranks[9] {
			t.Errorf("return type on line %d ranks %d, static int at the margin %d", n, ranks[n], ranks[9])
		}
	}
	for _, tc := range []struct{ text, what string }{
		{"EXAMPLES\n       Rebasing (or any other form of rewriting) a branch\n", "a manual's heading"},
		{"* Removed the route funcs as http client\n  get() etc, use http.get()\n", "a list's bullet"},
		{"This is a long line\n    wrap(text)\n", "a sentence with a type's word"},
		{"Parse the JSON body\n    decode(body)\n", "a sentence with capitals"},
	} {
		if returnType([]byte(strings.SplitN(tc.text, "\n", 2)[0])) {
			t.Errorf("%s reads as a return type", tc.what)
		}
	}
	// A label over a statement (a typemap's T_PTRREF over its code) is no
	// return type over a function's name.
	for _, line := range []string{"if (SvROK($arg)) {", "while (n > 0)", "return (x);"} {
		if callStart([]byte(line)) {
			t.Errorf("%q reads as a function's name", line)
		}
	}
}

// A shell's assignment declares a variable, its value empty or not, and
// exported or not.
func TestOutlineShellAssignment(t *testing.T) {
	ranks := outlineRanks("#!/bin/sh\nSTATICLIB=libz.a\nARCHS=\nexport LDFLAGS=\nexport CC=cc\nshared=1\n")
	for _, n := range []int{3, 4, 5, 6} {
		if ranks[n] != ranks[2] {
			t.Errorf("assignment on line %d ranks %d, STATICLIB=libz.a %d", n, ranks[n], ranks[2])
		}
	}
}

// A script's comment under its first line says what it is and how it is
// used: it ranks with the assignments at the margin, not below them; a
// comment at the margin after a blank line, which says what the lines
// below it do, ranks above those lines.
func TestOutlineScriptComments(t *testing.T) {
	ranks := outlineRanks("#!/bin/sh\n# Ask the user about the time zone.\n# Interact via stdin.\n\n" +
		"VERSION=2.36\nREPORT_TO=bugs\n\n# Make sure the tables are readable.\nfor f in a b\ndo\n\ttest -r $f\ndone\nexit 0\n")
	if ranks[2] < ranks[5] {
		t.Errorf("the opening comment ranks %d, below the assignment's %d", ranks[2], ranks[5])
	}
	if doc := prioOutlineDoc >> classShift; ranks[8] < doc || ranks[8] <= ranks[9] {
		t.Errorf("the comment over the loop ranks %d, the loop %d", ranks[8], ranks[9])
	}
}

// A script's comment at the margin may run to several paragraphs parted by
// a bare comment line: each paragraph's first line says what it is about,
// as the comment's first line does, and ranks with it. A line inside a
// paragraph, or one indented after the mark (an example), does not.
func TestOutlineScriptCommentParagraphs(t *testing.T) {
	ranks := outlineRanks("#!/bin/sh\n# Configure the library.\n#\n# Normally both libraries are built.\n" +
		"# Use --static for one.\n#\n#    prefix=$HOME ./configure\n\nSTATICLIB=libz.a\n\n" +
		"# Porting notes:\n#\n# This script needs a Posix shell.\n# Korn shell works too.\n\nAWK=awk\nfor f in a b\ndo\n\ttest -r $f\ndone\n")
	for _, tc := range []struct{ para, first, inside int }{{4, 2, 5}, {13, 11, 14}} {
		if ranks[tc.para] != ranks[tc.first] {
			t.Errorf("the paragraph on line %d ranks %d, the comment's first line %d", tc.para, ranks[tc.para], ranks[tc.first])
		}
		if ranks[tc.inside] >= ranks[tc.first] {
			t.Errorf("line %d inside a paragraph ranks %d, with the comment's first line (%d)", tc.inside, ranks[tc.inside], ranks[tc.first])
		}
	}
	if ranks[7] >= ranks[2] {
		t.Errorf("the example on line 7 ranks %d, with the comment's first line (%d)", ranks[7], ranks[2])
	}
}

// A manual's roff source names each option it describes on a line of its
// own, as the rendered manual does: mdoc's list item (.It Fl f) and man's
// tag in bold (.B \-f under .TP) declare the option, above the text that
// describes it; a bold word in prose, or a list's bullet, does not.
func TestOutlineRoffOptions(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		options    []int
		prose      []int
	}{
		{"mdoc", ".Sh OPTIONS\n.Bl -tag -width Ds\n.It Fl 4\nUse IPv4 only.\n.It Fl B Ar buffer_size\nSet the buffer.\n" +
			".It Fl Fl apple\nUse Apple's format.\n.El\n.Bl -bullet\n.It\nA bullet.\n.El\n", []int{3, 5, 7}, []int{4, 11, 12}},
		{"man", ".SH OPTIONS\n.TP\n.B \\-c --stdout\nWrite to standard output.\n.TP\n.BR \\-o \" file\"\nWrite to file.\n" +
			".TP\n\\fB\\-k\\fR, \\fB\\-\\-keep\\fR\nKeep the input.\n.PP\nThe\n.B bzip2\nprogram.\n", []int{3, 6, 9}, []int{4, 12, 13}},
	} {
		ranks := outlineRanks(tc.text)
		decl := prioOutlineLast >> classShift
		for _, n := range tc.options {
			if ranks[n] <= decl {
				t.Errorf("%s: the option on line %d ranks %d, not as a declaration (above %d)", tc.name, n, ranks[n], decl)
			}
		}
		for _, n := range tc.prose {
			if ranks[n] > decl {
				t.Errorf("%s: line %d ranks %d, as a declaration", tc.name, n, ranks[n])
			}
		}
	}
}

// A class's header may go on over lines that list its bases, the last
// indented deeper; the block its brace opens is the class's all the same,
// and its members rank as members, not as the statements of a body. The
// base indented deeper goes on the header: it is no member.
func TestOutlineClassBasesOverLines(t *testing.T) {
	ranks := outlineRanks("namespace std\n{\n  template<typename _Res>\n    class function<_Res()>\n" +
		"    : public _Maybe_unary<_Res>,\n      private _Function_base\n    {\n    public:\n" +
		"      function() noexcept\n      : _Function_base() { }\n\n      void\n      swap(function& __x) noexcept\n" +
		"      {\n\tstd::swap(_M_functor, __x._M_functor);\n      }\n    };\n}\n")
	decl := prioOutlineLast >> classShift
	for _, n := range []int{9, 13} {
		if ranks[n] <= decl {
			t.Errorf("the member on line %d ranks %d, not as a declaration (above %d)", n, ranks[n], decl)
		}
	}
	for _, n := range []int{6, 15} {
		if ranks[n] > decl {
			t.Errorf("line %d, a base or a statement, ranks %d, as a declaration", n, ranks[n])
		}
	}
}

// A class declared in a function's body, as a module wrapped in a
// function (UMD, an IIFE) declares its own, is a declaration with members,
// as its functions there are.
func TestOutlineClassInBody(t *testing.T) {
	ranks := outlineRanks("(function (global, factory) {\n    factory(exports);\n})(this, (function (exports) { 'use strict';\n\n" +
		"    class Diff {\n        diff(a, b) {\n            return a;\n        }\n    }\n" +
		"    function diffChars(a, b) {\n        return a;\n    }\n}));\n")
	decl := prioOutlineLast >> classShift
	if ranks[5] < ranks[10] || ranks[10] <= decl {
		t.Errorf("the class ranks %d, the function beside it %d", ranks[5], ranks[10])
	}
	if ranks[6] <= decl {
		t.Errorf("the class's method ranks %d, not as a declaration (above %d)", ranks[6], decl)
	}
}

// A blank line between a declaration and the first line of its body is
// worth showing only with that line: kept without it, it shows nothing
// and costs a line.
func TestOutlineBlankBeforeBody(t *testing.T) {
	long := strings.Repeat("condition && ", 30)
	input := []byte("function f(a) {\n\n    if (" + long + "a) {\n        return 1;\n    }\n    return 0;\n}\n")
	for budget := 20; budget <= 60; budget += 5 {
		got := body(t, shape.Outline, input, budget)
		view := strings.Split(string(got), "\n")
		for i := 0; i+1 < len(view); i++ {
			if view[i] == "" && isGap(view[i+1]) {
				t.Errorf("budget %d: the blank line is kept without the line after it:\n%s", budget, got)
			}
		}
	}
}

// SQL declares its tables, views and functions with CREATE, in the
// capitals its dumps and schema files write.
func TestOutlineSQLCreate(t *testing.T) {
	checkDeclOf(t, []declCase{
		{"CREATE VIEW columns AS", declType},
		{"CREATE TABLE users (", declType},
		{"CREATE FUNCTION _pg_expandarray(IN anyarray, OUT x anyelement, OUT n int)", declFunc},
		{"CREATE OR REPLACE FUNCTION pg_catalog.ts_debug(document text,", declFunc},
		{"CREATE UNIQUE INDEX users_name ON users (name);", declName},
		{"CREATE", declNone},
		{"CREATE the table first.", declNone},
		{"RETURN rpad($1, $2, ' ');", declControl},
	})
}

// An SQL statement runs to its semicolon: what follows its CREATE line
// (RETURNS, LANGUAGE, a BEGIN ATOMIC body, an operator class's AS over
// its members) and statements of other verbs rank below every CREATE
// line, not as headings (AS, BEGIN ATOMIC read as a manual's) or
// declarations of their own; a CREATE in a body quoted with dollars is
// the body's.
func TestOutlineSQLStatement(t *testing.T) {
	text := "CREATE FUNCTION f(int)\n" + // 1
		"RETURNS int\n" +
		"LANGUAGE sql\n" +
		"BEGIN ATOMIC\n" + // 4
		"SELECT 1;\n" +
		"SELECT 2;\n" +
		"END;\n" +
		"\n" +
		"CREATE OPERATOR CLASS c_ops\n" + // 9
		"DEFAULT FOR TYPE int USING gist\n" +
		"AS\n" + // 11
		"\tOPERATOR\t1\t< ,\n" +
		"\tFUNCTION\t1\tg (internal, int),\n" + // 13
		"\tSTORAGE\tint;\n" +
		"\n" +
		"COMMENT ON TYPE c_ops\n" + // 16
		"\tIS 'a type';\n" +
		"\n" +
		"CREATE FUNCTION h(text) RETURNS text AS $$\n" + // 19
		"BEGIN\n" +
		"  CREATE TEMP TABLE u (a int);\n" + // 21
		"  RETURN upper($1);\n" +
		"END;\n" +
		"$$ LANGUAGE plpgsql;\n" +
		"\n" +
		"CREATE TABLE t (\n" + // 26
		"  a int\n" +
		");\n"
	ranks := outlineRanks(text)
	creates := []int{1, 9, 19, 26}
	low := ranks[creates[0]]
	for _, n := range creates {
		low = min(low, ranks[n])
	}
	for _, n := range []int{2, 3, 4, 5, 7, 10, 11, 12, 13, 16, 17, 20, 21, 22, 23, 24} {
		if ranks[n] >= low {
			t.Errorf("line %d of the statements ranks %d, as high as a CREATE line (%d)", n, ranks[n], low)
		}
	}
}

// A statement shown without its semicolon, in markdown's fence, ends at
// the fence: the headings after it are headings still.
func TestOutlineSQLStatementUnended(t *testing.T) {
	ranks := outlineRanks("# Schema\n\n```sql\nCREATE TABLE t (\n  a int\n)\n```\n\n## Next\n\nText.\n\n## Last\n\nMore.\n")
	for _, n := range []int{10, 14} {
		if ranks[n] <= ranks[4] {
			t.Errorf("the heading on line %d ranks %d, no higher than the statement (%d)", n, ranks[n], ranks[4])
		}
	}
}

// lineCase is a line and whether a test of lines holds for it.
type lineCase struct {
	line string
	want bool
}

func checkLines(t *testing.T, name string, test func([]byte) bool, cases []lineCase) {
	t.Helper()
	for _, tc := range cases {
		if got := test([]byte(tc.line)); got != tc.want {
			t.Errorf("%s(%q) = %v, want %v", name, tc.line, got, tc.want)
		}
	}
}

// declCase is a line and the kind of declaration declOf reads in it.
type declCase struct {
	line string
	want declKind
}

func checkDeclOf(t *testing.T, cases []declCase) {
	t.Helper()
	for _, tc := range cases {
		if got, _ := declOf([]byte(tc.line)); got != tc.want {
			t.Errorf("declOf(%q) = %d, want %d", tc.line, got, tc.want)
		}
	}
}

// A parenthesis alone that closes a header's parameters, over a body
// indented deeper, ends the header, not the block: the body's lines are
// not top-level declarations.
func TestOutlineHeaderParenthesis(t *testing.T) {
	ranks := outlineRanks("function(parse\n  f\n  args\n)\n  set(key)\n  foreach(arg IN LISTS args)\n    set(x 1)\n" +
		"  endforeach()\nendfunction()\n\nfunction(other name)\n  set(y)\nendfunction()\n\nset(a 1)\nset(b 2)\n")
	if ranks[5] >= ranks[11] {
		t.Errorf("a call in the body ranks %d, as the function after it, %d", ranks[5], ranks[11])
	}
}

// A template literal (or Go's raw string) that runs over lines holds
// data, which may start at the margin: it ends no block, and the methods
// after it are the class's still. A backtick in prose (a span of code
// broken over lines, the character named, GNU's `quote') opens nothing.
func TestOutlineTemplateLiteral(t *testing.T) {
	checkLines(t, "opensTemplate", opensTemplate, []lineCase{
		{"throw new Error(`Command passed to .addCommand() must have a name", true},
		{"const msg = `'${file}' does not exist", true},
		{"throw new Error(`Cannot add '${o.flags}'${this._name && ` to '${this._name}'`} due to", true},
		{"return `", true},
		{"var usage = `Usage: tool [flags]", true},
		{"xfail_strict=True -o cache_dir=cache`.", false},
		{"all characters within the quotes, with the exception of $, `, \\, and,", false},
		{"sist of a number without a leading `+' or `-', `+' is assumed.", false},
		{"const s = `one line`;", false},
		{`if j := bytes.IndexAny(s[:i], "\"'<=` + "`" + `"); j >= 0 {`, false},
		{"case '`':", false},
		{"x := 1 // set = `quoted", false},
	})
	ranks := outlineRanks("class Command {\n  add(cmd) {\n    if (!cmd) {\n      throw new Error(`no name\n" +
		"- name it`);\n    }\n  }\n\n  remove(cmd) {\n    return cmd;\n  }\n}\n")
	if ranks[9] != ranks[2] {
		t.Errorf("the method after the template ranks %d, the one before %d", ranks[9], ranks[2])
	}
	// An example in a fenced block of markdown that leaves its template
	// open holds the document's headings no less.
	checkHeading(t, "# Title\n\nSee [the API](api.md).\n\n    setup();\n    run();\n    stop();\n    clean();\n    exit();\n\n"+
		"```js\nconst page = html(`<p>\n```\n\n## Usage\n\nRun it.\n", "## Usage")
}

// Perl documents a module in POD, whose =head1 and =head2 lines are its
// table of contents: they rank as declarations, below the subs they
// document, and the POD's text does not.
func TestOutlinePODHeading(t *testing.T) {
	checkLines(t, "pod", pod, []lineCase{
		{"=head1 NAME", true},
		{"=head2 Version 1.03 (dpkg 1.20.0)", true},
		{"=head1", false},
		{"=headline of a paragraph", false},
		{"=item $v->is_valid()", false},
	})
	ranks := outlineRanks("package Dpkg::Version;\n\nsub new {\n    return 1;\n}\n\n=head1 METHODS\n\nThe methods.\n\n=cut\n")
	decl := prioOutlineLast >> classShift
	if ranks[7] <= decl || ranks[7] >= ranks[3] {
		t.Errorf("=head1 ranks %d, not a declaration (above %d) below the sub (%d)", ranks[7], decl, ranks[3])
	}
	// A sentence that leads in to an example indented after a blank line
	// declares nothing: it ranks below the =head2 above it.
	ranks = outlineRanks("sub encode {\n}\n\n=head2 encode\n\nThis call is identical to:\n\n    $json = encode($perl)\n\n" +
		"Except faster.\n\nsub decode {\n}\n")
	if ranks[6] >= ranks[4] {
		t.Errorf("a lead-in to an example ranks %d, the =head2 above it %d", ranks[6], ranks[4])
	}
}

// Code in markdown's fenced blocks is the document's examples: however
// much of it, the document's headings are headings, not a script's
// comments.
func TestOutlineFencedCode(t *testing.T) {
	input := "# OS\n\n## `os.EOL`\n\nThe end of line.\n\n```js\n" + strings.Repeat("console.log(os.EOL);\n", 25) +
		"```\n\n## `os.arch()`\n\nThe architecture.\n"
	checkHeading(t, input, "## `os.arch()`")
}

// checkHeading checks that the line of input that starts with heading
// ranks as a heading.
func checkHeading(t *testing.T, input, heading string) {
	t.Helper()
	ranks := outlineRanks(input)
	n := strings.Count(input[:strings.Index(input, "\n"+heading)+1], "\n") + 1
	if least := prioOutlineHeading>>classShift - maxHeading - 1; ranks[n] <= least {
		t.Errorf("%q ranks %d, not as a heading (above %d)", heading, ranks[n], least)
	}
}

// A paragraph wrapped before a keyword ("package with pending install
// scripts.", "use -pkgdir to keep generated packages in a separate
// location.") starts a line with it: the sentence after it tells it from
// a declaration, whose small words are few and whose line ends on no
// period or comma.
func TestOutlineKeywordOrSentence(t *testing.T) {
	checkDeclOf(t, []declCase{
		{"package with pending install scripts.", declNone},
		{"use -pkgdir to keep generated packages in a separate location.", declNone},
		{"module download mode to use: readonly, vendor, or mod.", declNone},
		{"interface but provides buffering and some help for textual I/O.", declNone},
		{"from the following argument (declared with angle brackets like `--expect <value>`). Both are `undefined` unless specified on command line.", declNone},
		{"package main", declType},
		{"package Dpkg::Version;", declType},
		{"impl<'de, T> Deserialize<'de> for Box<T> where T: Deserialize<'de>, {", declType},
		{"use std::{fmt, io};", declImport},
		{"var reWrapComment = /\\{(?:\\n\\/\\* \\[wrapped with .+\\] \\*\\/)?\\n?/,", declName},
		{"const message = 'this is the end of it',", declName},
		{"class Greeting extends Component {", declType},
	})
}

// Lines between <!-- and --> are a comment (Node's YAML of versions
// under each heading), not keys that read as a Makefile's rules, and the
// text after the comment is the section's first line.
func TestOutlineMarkupComment(t *testing.T) {
	ranks := outlineRanks("# Events\n\n## Class: `EventEmitter`\n\n<!-- YAML\nadded: v0.1.26\nchanges:\n  - version: v13.4.0\n-->\n\n" +
		"The `EventEmitter` class is defined by the `node:events` module.\n\n## Error events\n\nText.\n")
	rest, doc := prioOutlineRest>>classShift, prioOutlineDoc>>classShift
	for _, n := range []int{6, 7} {
		if ranks[n] > rest {
			t.Errorf("line %d of the comment ranks %d, above the other lines (%d)", n, ranks[n], rest)
		}
	}
	if ranks[11] <= rest || ranks[11] > doc {
		t.Errorf("the section's first line ranks %d, not as a first line (above %d, at most %d)", ranks[11], rest, doc)
	}
}

// An HTML table in markdown opens a block at each row, over its cells:
// markup over deeper lines, no evidence that the file is code whose
// hashes start comments.
func TestOutlineMarkdownTable(t *testing.T) {
	input := "# OS\n\n## `os.EOL`\n\nText.\n\n<table>\n" + strings.Repeat("  <tr>\n    <td>x</td>\n  </tr>\n", 30) +
		"</table>\n\n## `os.arch()`\n\nText.\n"
	checkHeading(t, input, "## `os.arch()`")
}

// reStructuredText underlines its titles with more characters than
// markdown's '=' and '-' (cmake's manuals: stars over the title, carets
// under the subsections, tildes, which markdown fences with), and info
// manuals underline theirs with stars, equals signs, hyphens and dots:
// all are headings, a caret's below an equals sign's, and a line of
// tildes under a title opens no fence, nor a line of double quotes a
// docstring. A line of dots shorter than the prose above it is no
// underline.
func TestOutlineReSTTitles(t *testing.T) {
	input := ".. comment\n\ncmake-presets(7)\n****************\n\nIntro.\n\nFormat\n======\n\nText.\n\n" +
		"Includes\n^^^^^^^^\n\nText.\n\n3.1 Usage\n.........\n\nText.\n\nDetails\n~~~~~~~\n\nText.\n\n" +
		"Frameworks\n\"\"\"\"\"\"\"\"\"\"\n\nText.\n\nMore\n----\n\nText.\n"
	for _, h := range []string{"cmake-presets(7)", "Format", "Includes", "3.1 Usage", "Details", "Frameworks", "More"} {
		checkHeading(t, input, h)
	}
	if ranks := outlineRanks(input); ranks[8] <= ranks[13] {
		t.Errorf("the section ranks %d, its subsection %d", ranks[8], ranks[13])
	}
	ranks := outlineRanks(".. comment\n\nSome prose that goes on\n...\n\nMore prose.\n")
	if least := prioOutlineHeading>>classShift - maxHeading - 1; ranks[3] > least {
		t.Errorf("prose over a short line of dots ranks %d, as a heading (above %d)", ranks[3], least)
	}
}

// A macro defined over lines joined by backslashes is one line of the
// preprocessor's: its body, indented as it may be, opens no block, and the
// class declared after it is a declaration, not a line of that body.
func TestOutlineMacroContinued(t *testing.T) {
	ranks := outlineRanks("namespace ns\n{\n#define BASE \\\n  detail::base<Key, \\\n    Mapped>\n\n" +
		"  class table : public BASE\n  {\n  public:\n    table() { }\n  };\n}\n")
	if decl := prioOutlineLast >> classShift; ranks[7] <= decl || ranks[10] <= decl {
		t.Errorf("the class ranks %d and its member %d, not as declarations (above %d)", ranks[7], ranks[10], decl)
	}
}

// A style sheet's rules open with selectors that start with marks code
// reads otherwise: a class's dot (a chained call), an id's hash (a
// comment), an at-rule's @ (an annotation). They are the sheet's
// declarations; a chained call and a decorator are not.
func TestOutlineStyleRule(t *testing.T) {
	for _, tc := range []struct {
		line string
		rule bool
	}{
		{".skip-to-content:focus {", true},
		{"#column2 > ul:last-child {", true},
		{"@media only screen and (min-width: 600px) {", true},
		{"&:hover {", true},
		{".then(function (res) {", false},
		{".catch(err => {", false},
		{"@Component({", false},
		{"@jdk.internal.vm.annotation.Contended static final class CounterCell {", false},
		{"#include <stdio.h>", false},
		{"# A comment {", false},
	} {
		if got := styleRule([]byte(tc.line)); got != tc.rule {
			t.Errorf("styleRule(%q) = %v, want %v", tc.line, got, tc.rule)
		}
	}
	ranks := outlineRanks("html {\n  font-size: 1rem;\n}\n\n.api_stability {\n  color: red;\n}\n\n" +
		"#toc li > ul {\n  margin: 0;\n}\n\n@media print {\n  body {\n    margin: 0;\n  }\n}\n")
	decl := prioOutlineLast >> classShift
	for _, n := range []int{5, 9, 13} {
		if ranks[n] <= decl {
			t.Errorf("the rule on line %d ranks %d, not as a declaration (above %d)", n, ranks[n], decl)
		}
	}
}

// A comment at the margin among a body's lines (code commented out) does
// not end the body: the statement after it is the body's, not a
// declaration at the top of the file.
func TestOutlineCommentAtMargin(t *testing.T) {
	ranks := outlineRanks("import os\n\ndef f():\n    x = 1\n# y = 2\n#   z = 3\n    if x:\n        return x\n\ndef g():\n    pass\n")
	if decl := prioOutlineLast >> classShift; ranks[7] > decl {
		t.Errorf("the body's if ranks %d, as a declaration (above %d)", ranks[7], decl)
	}
}

// A help that starts with a blank line (zip -h2) has its title on the
// line after it: the first line that is not blank comes first.
func TestOutlineFirstLineAfterBlank(t *testing.T) {
	ranks := outlineRanks("\nExtended Help for Zip\n\nBasic options:\n  -r        recurse into directories\n  -q        quiet operation\n")
	if first := prioOutlineFirst >> classShift; ranks[2] < first {
		t.Errorf("the title ranks %d, not first (%d)", ranks[2], first)
	}
}

// A comment that ends in a backslash (a Windows path in Python) continues
// nothing: only the preprocessor's lines go on over backslashes.
func TestOutlineCommentBackslash(t *testing.T) {
	ranks := outlineRanks("import os\n\n# files go to C:\\\ndef save(path):\n    pass\n\ndef load(path):\n    pass\n")
	if decl := prioOutlineLast >> classShift; ranks[4] <= decl {
		t.Errorf("the function after the comment ranks %d, not as a declaration (above %d)", ranks[4], decl)
	}
}

// cat -n and nl number each line in six columns and a tab; the outline
// reads the code after the number, as it reads the unnumbered file.
func TestOutlineNumbered(t *testing.T) {
	for _, src := range []string{
		"import os\n\nclass Reader:\n    \"\"\"Reads.\"\"\"\n\n    def read(self, n):\n        if n:\n            return os.read(n)\n\n\ndef main():\n    Reader().read(1)\n",
		"package csv\n\n// A Reader reads.\ntype Reader struct {\n\tr io.Reader\n}\n\nfunc (r *Reader) Read() error {\n\tif r == nil {\n\t\treturn nil\n\t}\n\treturn nil\n}\n",
	} {
		lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
		var numbered strings.Builder
		for i, l := range lines {
			fmt.Fprintf(&numbered, "%6d\t%s\n", i+1, l)
		}
		want, got := outlineRanks(src), outlineRanks(numbered.String())
		for n := 1; n <= len(lines); n++ {
			if got[n] != want[n] {
				t.Errorf("numbered line %d %q ranks %d, unnumbered %d", n, lines[n-1], got[n], want[n])
			}
		}
	}
}

// A data file's first field may be six digits and a tab, as an id in a
// TSV: a file whose first line is not numbered as cat -n and nl number
// (in six columns padded with spaces) keeps that field, and the outline
// reads its lines as it reads them with any other first field.
func TestOutlineNumberedOnlyThroughout(t *testing.T) {
	rows := []string{"class\tcore\tkept", "def\tparse\tnew", "import\tos\tstd", "func\tmain\tgo", "type\tReader\tgo", "end\tdone\tok"}
	for _, ids := range []string{"%06d", "1%05d"} {
		var data, other strings.Builder
		for i, r := range rows {
			fmt.Fprintf(&data, ids+"\t%s\n", 101+i, r)
			fmt.Fprintf(&other, "x"+ids+"\t%s\n", 101+i, r)
		}
		want, got := outlineRanks(other.String()), outlineRanks(data.String())
		for n := 1; n <= len(rows); n++ {
			if got[n] != want[n] {
				t.Errorf("ids %s: line %d %q ranks %d, with another first field %d", ids, n, rows[n-1], got[n], want[n])
			}
		}
	}
}

// Vim script declares a function that may replace one of its name with a
// bang after the keyword, "function!" or "fun!": the bang is no part of
// the keyword, and the lines after it are the function's body.
func TestOutlineBangKeyword(t *testing.T) {
	for _, kw := range []string{"function", "fun"} {
		body := "(level, msg)\n  if a:level < 1\n   return\n  endif\n  echo a:msg\nendfunction\n"
		want := outlineRanks(`" Errors.` + "\n" + kw + " netrw#Error" + body)
		got := outlineRanks(`" Errors.` + "\n" + kw + "! netrw#Error" + body)
		for n := 1; n <= 7; n++ {
			if got[n] != want[n] {
				t.Errorf("after %s!, line %d ranks %d; after %s, %d", kw, n, got[n], kw, want[n])
			}
		}
	}
}

// vimHeader is how a Vim script starts: notes after a double quote,
// which tell that a double quote starts its comments.
const vimHeader = "\" netrw.vim: browse directories\n\" Maintainer: someone\n\" Settings for the window\n"

// A comment at the margin right under a function's header (Vim script's
// commented-out trace, Python's note) does not keep the header from
// opening its body: the lines indented under the comment are the body's.
func TestOutlineMarginCommentFirst(t *testing.T) {
	for _, tc := range []struct{ with, without string }{
		{vimHeader + "fun! netrw#E(a)\n\"  call Dfunc(x)\n  if a:level < 1\n   return\n  endif\n  let x = 1\nendfun\n",
			vimHeader + "fun! netrw#E(a)\n  if a:level < 1\n   return\n  endif\n  let x = 1\nendfun\n"},
		{"import os\n\ndef f(a):\n# call g first\n    if a:\n        return 1\n    x = 2\n\ndef g():\n    pass\n",
			"import os\n\ndef f(a):\n    if a:\n        return 1\n    x = 2\n\ndef g():\n    pass\n"},
	} {
		with, without := outlineRanks(tc.with), outlineRanks(tc.without)
		// The body's lines after the comment are one line further down.
		header := strings.Count(tc.without[:strings.Index(tc.without, "(")], "\n") + 1
		for n := header + 1; n <= strings.Count(tc.without, "\n"); n++ {
			if with[n+1] != without[n] {
				t.Errorf("%q: line %d ranks %d below a comment, %d without it", tc.with, n+1, with[n+1], without[n])
			}
		}
	}
}

// Vim script calls a function with the statement call, which declares
// nothing: the functions it declares rank above the calls at the margin.
func TestOutlineCallStatement(t *testing.T) {
	ranks := outlineRanks("\" Settings.\ncall s:Init(\"g:width\", 80)\ncall s:Init(\"g:height\", 24)\n\nfun! s:Init(name, value)\n  let x = 1\nendfun\n")
	for _, n := range []int{2, 3} {
		if ranks[n] >= ranks[5] {
			t.Errorf("the call on line %d ranks %d, the function %d", n, ranks[n], ranks[5])
		}
	}
	// A method named call is declared all the same.
	if kind, _ := declOf([]byte("call(thisArg, ...args) {")); kind != declFunc {
		t.Errorf("the method call is read as %d, not a function", kind)
	}
}

// A comment at the margin before the line that ends an inner block (Vim
// script's endif) ends that block, not the function around it.
func TestOutlineMarginCommentEndsInner(t *testing.T) {
	with := outlineRanks(vimHeader + "fun! s:E(a)\n  if a\n   let x = 1\n\"   call Decho(x)\n  endif\n  if a > 1\n   let y = 2\n  endif\nendfun\n")
	without := outlineRanks(vimHeader + "fun! s:E(a)\n  if a\n   let x = 1\n  endif\n  if a > 1\n   let y = 2\n  endif\nendfun\n")
	if with[9] != without[8] {
		t.Errorf("the if after the comment ranks %d, without the comment %d", with[9], without[8])
	}
}

// In Vim script, whose comments start with a double quote, a comment
// that starts with three opens no docstring: the functions after it
// are declared.
func TestOutlineVimTripleQuote(t *testing.T) {
	text := "\" Helpers.\n\" Settings.\n\" Errors.\nfun! s:A(x)\n\"\"\"  call Dfunc(x)\n  let y = 1\nendfun\n\nfun! s:B(x)\n  let z = 2\nendfun\n"
	ranks := outlineRanks(text)
	if ranks[9] != ranks[4] {
		t.Errorf("the function after the comment ranks %d, the one before it %d", ranks[9], ranks[4])
	}
}

// A C header names what it declares where no keyword does: a typedef
// declares its last word (typedef __off_t off_t;), and glibc's
// __REDIRECT macros the first word they are passed. Those names, not the
// reserved ones around them, tell whether the declaration is private.
func TestOutlineExportedName(t *testing.T) {
	checkLines(t, "exported", exported, []lineCase{
		{"typedef __off64_t off64_t;", true},
		{"typedef struct _IO_FILE FILE;", true},
		{"typedef unsigned long int pthread_t;", true},
		{"typedef struct __pthread_internal_list __pthread_list_t;", false},
		{"typedef struct {", true},
		{"extern int __REDIRECT (fscanf, (FILE *__restrict __stream,", true},
		{"extern FILE *__REDIRECT (tmpfile, (void), tmpfile64)", true},
		{"extern int __REDIRECT_NTH (__sigpause, (int __sig), __xpg_sigpause)", false},
		{"extern int __uflow (FILE *);", false},
		{"extern int remove (const char *__filename) __THROW;", true},
		{"struct _List_node_base", false},
		{"def _helper(self):", false},
		// pydoc lists Python's special methods as a class's API; in
		// source they rank with its private methods.
		{"__init__(self, /, *args, **kwargs)", true},
		{"__eq__(self, value, /)", true},
		{"def __init__(self, name):", false},
		{"def __private(self):", false},
		{"__attribute_deprecated_msg__ (\"\\", false},
		{"__attribute__ ((__aligned__));", false},
		{"__attribute__((packed)) struct pair {", false},
	})
}

// A body in braces on one line under a constructor's initialisers
// ({ split(); }) closes the block its brace opens: the template after it
// prefixes a member, not a line of that body.
func TestOutlineBodyOnOneLine(t *testing.T) {
	ranks := outlineRanks("class path\n{\npublic:\n    path(string_type&& s, format f)\n    : _M_pathname(s)\n" +
		"    { split(); }\n\n    template<typename _Source>\n      path(_Source const& s)\n      { }\n    void clear();\n};\n")
	if ranks[9] != ranks[4] {
		t.Errorf("the constructor under a template after a body on one line ranks %d, its sibling %d", ranks[9], ranks[4])
	}
}

// A manual's roff source names its sections by macros: man's .SH and .SS,
// mdoc's .Sh and .Ss. They rank as headings, the section above its
// subsection, and the macros that fill a section do not. The title (.TH,
// .Dt) under a preamble of macros ranks as a section does.
func TestOutlineRoffSections(t *testing.T) {
	for _, tc := range []struct {
		src   string
		title int
	}{
		{".\\\" Generated by Pod::Man\n.de Sp\n.sp\n..\n.TH AR 1 \"2023-01-14\"\n.SH NAME\nar \\- archives\n", 5},
		{".\\\" Copyright\n.Dd $Mdocdate$\n.de Sp\n.sp\n..\n.Dt AR 1\n.Sh NAME\n.Nm ar\n", 6},
	} {
		ranks := outlineRanks(tc.src)
		if ranks[tc.title] != ranks[tc.title+1] {
			t.Errorf("%.12q: the title on line %d ranks %d, the section after it %d", tc.src, tc.title, ranks[tc.title], ranks[tc.title+1])
		}
	}
	for _, src := range []string{
		".TH LS 1\n.SH NAME\nls \\- list\n.SH DESCRIPTION\nList files.\n.SS Options\n.TP\n.B \\-a\nall\n",
		".Dd $Mdocdate$\n.Sh NAME\n.Nm ssh\n.Sh DESCRIPTION\nconnects.\n.Ss Options\n.Bl -tag\n.It Fl 4\nIPv4\n",
	} {
		ranks := outlineRanks(src)
		decl := prioOutlineDecl >> classShift
		if ranks[4] <= decl || ranks[6] <= decl {
			t.Errorf("%.12q: the sections rank %d and %d, not as headings (above %d)", src, ranks[4], ranks[6], decl)
		}
		if ranks[4] <= ranks[6] {
			t.Errorf("%.12q: the section ranks %d, the subsection %d", src, ranks[4], ranks[6])
		}
		if ranks[7] >= ranks[6] || ranks[8] >= ranks[6] {
			t.Errorf("%.12q: a filling macro ranks %d, %d, the subsection %d", src, ranks[7], ranks[8], ranks[6])
		}
	}
}

// LaTeX names its sections by commands, \section{...} to \subparagraph;
// they rank as headings, the section above its subsection, and the
// commands that fill a section (\sectionauthor, \item) do not.
func TestOutlineTeXSections(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{
		{`\chapter{Introduction}`, 1},
		{`\section{\module{httplib2}`, 2},
		{`\subsection*{Cache Objects}`, 3},
		{`\subsubsection[Short]{A long title}`, 4},
		{`\sectionauthor{Joe}{joe@example.org}`, 0},
		{`\section`, 0},
		{`\item[Caching]`, 0},
	} {
		if got := texSection([]byte(tc.line)); got != tc.want {
			t.Errorf("texSection(%q) = %d, want %d", tc.line, got, tc.want)
		}
	}
	checkLines(t, "texEntry", texEntry, []lineCase{
		{`\begin{funcdesc}{urlopen}{url\optional{, data}}`, true},
		{`\begin{memberdesc}[Http]{follow_redirects}`, true},
		{`\begin{theorem}[Pythagoras]`, true},
		{`\begin{itemize}`, false},
		{`\begin{verbatim}`, false},
		{`\begin{`, false},
		{`\end{funcdesc}`, false},
	})
	entries := outlineRanks("\\section{API}\nThe module's API.\n\\begin{itemize}\n\\item one\n\\end{itemize}\n" +
		"\\begin{classdesc}{Http}{cache}\nThe client.\n\\end{classdesc}\n\\begin{methoddesc}[Http]{request}{uri}\nSends it.\n\\end{methoddesc}\n")
	if doc := prioOutlineDoc >> classShift; entries[6] <= doc || entries[9] <= doc {
		t.Errorf("the entries rank %d and %d, not as declarations (above %d)", entries[6], entries[9], doc)
	}
	if entries[3] >= entries[6] {
		t.Errorf("a list ranks %d, the entry after it %d", entries[3], entries[6])
	}
	ranks := outlineRanks("\\section{Intro}\n\\sectionauthor{Joe}{joe@example.org}\nSome text.\n" +
		"\\subsection{Objects}\n\\item[Caching] The module caches.\nMore text.\n\\subsection{Examples}\nText.\n")
	decl := prioOutlineDecl >> classShift
	if ranks[4] <= decl || ranks[7] <= decl {
		t.Errorf("the subsections rank %d and %d, not as headings (above %d)", ranks[4], ranks[7], decl)
	}
	if ranks[1] <= ranks[4] {
		t.Errorf("the section ranks %d, its subsection %d", ranks[1], ranks[4])
	}
	if ranks[2] >= ranks[4] || ranks[5] >= ranks[4] {
		t.Errorf("a filling command ranks %d, %d, the subsection %d", ranks[2], ranks[5], ranks[4])
	}
}

// A roff macro package (groff's tmac files, a manual's preamble) is a
// program of macro definitions: ".de NAME" declares as a function does,
// and the requests of its body, at the margin too, do not.
func TestOutlineRoffMacros(t *testing.T) {
	checkLines(t, "roffMacro", roffMacro, []lineCase{
		{".de URL", true},
		{".de1 www-finish", true},
		{".am1 HTML-IMAGE", true},
		{".de", false},
		{".ds www-rfont R", false},
		{".deep thoughts", false},
		{".SH NAME", false},
	})
	ranks := outlineRanks(".\\\" www.tmac\n.nr www-html 0\n.de URL\n.  ie \\\\n[www-html] \\{\\\n.    HTML <a>\\\\$1</a>\n" +
		".  \\}\n.  el \\\\$2\n..\n.de MTO\n.  URL mailto:\\\\$1\n..\n")
	doc := prioOutlineDoc >> classShift
	if ranks[3] <= doc || ranks[9] <= doc {
		t.Errorf("the definitions rank %d and %d, not as declarations (above %d)", ranks[3], ranks[9], doc)
	}
	for _, n := range []int{2, 4, 7, 10} {
		if ranks[n] >= ranks[9] {
			t.Errorf("request %d ranks %d, the definition above it %d", n, ranks[n], ranks[9])
		}
	}
}

// A grammar's rules are what it declares, however it marks their heads:
// PEG's types in brackets and options in parentheses, Lark's sigils. A
// rule's alternatives under it are its body, not its header's rest, and
// the terminals a grammar names in capitals rank below its rules; a rule
// Lark inlines (?expr) ranks with the others. A
// meta directive's code in triple quotes (@trailer ”') is a string that
// ends, not prose that names the quotes.
func TestOutlineGrammarRules(t *testing.T) {
	checkLines(t, "grammarRule", grammarRule, []lineCase{
		{"file[mod_ty]: a=[statements] ENDMARKER { _PyPegen_make_module(p, a) }", true},
		{"simple_stmt[stmt_ty] (memo):", true},
		{"block[asdl_stmt_seq*] (memo):", true},
		{"?expr: term", true},
		{"!op: \"+\" | \"-\"", true},
		{"comprehension{comp_result}: comp_result comp_fors", true},
		{"number.2: DIGIT+", true},
		{"expr: term", false}, // a key and its value read alike: makeRule tells
		{"Usage: curl [options...] <url>", false},
		{"a[i]: x", true},
		{"a[i j]: x", false},
		{"x[0]:", true},
		{"f (see below):", false},
		{"?", false},
		{"[section]", false},
	})
	peg := "# PEG grammar\n\n@trailer '''\nvoid *\nparse(Parser *p)\n{\n    return x;\n}\n'''\n\n" +
		"file[mod_ty]: a=[statements] ENDMARKER { make(p, a) }\n\n" +
		"statements[asdl_stmt_seq*]:\n    | a=statement+ { flatten(p, a) }\n    | NEWLINE\n\n" +
		"simple_stmt[stmt_ty] (memo):\n    | assignment\n    | e=star_expressions { Expr(e) }\n"
	ranks := outlineRanks(peg)
	doc := prioOutlineDoc >> classShift
	for _, n := range []int{11, 13, 17} {
		if ranks[n] <= doc {
			t.Errorf("rule on line %d ranks %d, not as a declaration (above %d)", n, ranks[n], doc)
		}
	}
	if ranks[14] >= ranks[13] || ranks[18] >= ranks[17] {
		t.Errorf("a first alternative ranks %d, %d, as its rule's header (%d, %d)", ranks[14], ranks[18], ranks[13], ranks[17])
	}
	lark := "// a sum of products\nNUMBER: /[0-9]+/\nNAME: /[a-z]+/\nPLUS: \"+\"\n\nsum: product (PLUS product)*\nproduct: atom (\"*\" atom)*\natom: NUMBER | NAME\n" +
		"\n?factor: atom | \"-\" factor\n\n%import common.WS\n%ignore WS\n"
	ranks = outlineRanks(lark)
	for _, n := range []int{2, 3, 4} {
		if ranks[n] >= ranks[6] || ranks[n] >= ranks[8] {
			t.Errorf("terminal on line %d ranks %d, the rules %d, %d", n, ranks[n], ranks[6], ranks[8])
		}
	}
	// Lark's question mark inlines a rule: no conditional's continuation.
	if ranks[10] != ranks[8] {
		t.Errorf("?factor ranks %d, the rule above it %d", ranks[10], ranks[8])
	}
}

// A README's list of links (what it offers, other packages) names the
// entries of its sections, as a table of contents does: it ranks above
// the collapsed <details> blocks of a changelog and their summaries.
func TestOutlineLinkList(t *testing.T) {
	var b strings.Builder
	b.WriteString("# pack\n\nThis package provides several things.\n\n")
	for i := range 6 {
		fmt.Fprintf(&b, "* [offer%d](https://example.com/offer%d) does a useful thing for you.\n", i, i)
	}
	b.WriteString("\n# changelog\n\n")
	for i := range 12 {
		fmt.Fprintf(&b, "<details>\n\t<summary>See changes to v1.%d.x</summary>\n\t\n", i)
		for j := range 10 {
			fmt.Fprintf(&b, "\t* fix%d: Repair a thing in release %d. https://example.com/pull/%d\n", j, i, i*10+j)
		}
		b.WriteString("\n</details>\n\n")
	}
	b.WriteString("# Other packages\n\nHere are other packages of good quality:\n\n")
	for i := range 6 {
		fmt.Fprintf(&b, "* [other%d](https://example.com/other%d) - another fast codec.\n", i, i)
	}
	b.WriteString("\n# license\n\nSee LICENSE file.\n")
	wantItems(t, body(t, shape.Outline, []byte(b.String()), 400), "link item", "[offer0]", "[offer5]", "[other0]", "[other5]")
}

// wantItems reports each of names the view got leaves out, as an item
// of the kind what.
func wantItems(t *testing.T, got []byte, what string, names ...string) {
	t.Helper()
	for _, name := range names {
		if !strings.Contains(string(got), name) {
			t.Errorf("%s %s left out:\n%s", what, name, got)
		}
	}
}

// An object's shorthand method (registerDecorator(paramSize, name) {),
// among keys given functions, declares a method as they do: the object
// reads as data, its lines a body.
func TestOutlineShorthandMethods(t *testing.T) {
	got := body(t, shape.Outline, prototypeObject(func(i int) bool { return i%2 == 1 }), 600)
	short := 0
	for i := 1; i < 40; i += 2 {
		if strings.Contains(string(got), fmt.Sprintf("method%02d(", i)) {
			short++
		}
	}
	if short < 15 {
		t.Errorf("%d of 20 shorthand methods named, want 15:\n%s", short, got)
	}
}

// prototypeObject returns JavaScript that declares 40 methods of a
// prototype as keys given functions, the i-th in short where short says.
func prototypeObject(short func(i int) bool) []byte {
	var b strings.Builder
	b.WriteString("function Compiler() {}\n\nCompiler.prototype = {\n")
	for i := range 40 {
		if short(i) {
			fmt.Fprintf(&b, "  method%02d(value, options) {\n", i)
		} else {
			fmt.Fprintf(&b, "  method%02d: function(value, options) {\n", i)
		}
		for j := range 6 {
			fmt.Fprintf(&b, "    this.stack.push(value + %d, options.flag%d);\n", j, j)
		}
		b.WriteString("  },\n\n")
	}
	b.WriteString("};\n")
	return []byte(b.String())
}

// A list whose items start with a name set as code (in reST's double
// backquotes, markdown's backquote) or in bold defines what a document
// documents, a configuration's variables: its items rank with the names a
// file declares, above the prose and the examples of the sections around it.
func TestOutlineTermList(t *testing.T) {
	for _, tc := range []struct{ name, item, under string }{
		{"rst", "* ``var%d`` - The variable that sets thing %d.\n", "=========\n"},
		{"markdown", "- `var%d`: the variable that sets thing %d.\n", ""},
		{"bold", "* **var%d** \u2014 the variable that sets thing %d.\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			for s := range 4 {
				if tc.under != "" {
					fmt.Fprintf(&b, "Section %d\n%s\n", s, tc.under)
				} else {
					fmt.Fprintf(&b, "# Section %d\n\n", s)
				}
				for p := range 6 {
					fmt.Fprintf(&b, "Prose of paragraph %d in section %d that explains how the profile\n", p, s)
					b.WriteString("is read and which of its values wins over the others.\n\n")
				}
				b.WriteString("The variables are:\n\n")
				for i := range 4 {
					fmt.Fprintf(&b, tc.item, s*4+i, s*4+i)
					b.WriteString("  more about it on a second line.\n")
				}
				b.WriteString("\n")
			}
			wantItems(t, body(t, shape.Outline, []byte(b.String()), 400), "term item", "var0", "var3", "var8", "var15")
		})
	}
}

// C leaves a preprocessor line at the margin inside a struct (#if among
// its members): it ends no block in braces, so the structs after it rank
// as those before it do, and their members below them. A namespace
// holds the file's declarations: a struct in one ranks as one at the
// margin would.
func TestOutlinePreprocessorInBraces(t *testing.T) {
	ranks := outlineRanks("namespace std\n{\n  namespace detail\n  {\n    struct Base\n    {\n" +
		"      int next;\n#if FOO\n      int prev;\n#endif\n      void hook();\n    };\n\n" +
		"    struct Header : public Base\n    {\n#if FOO\n      size_t size;\n#endif\n      void init();\n    };\n  }\n}\n" +
		"struct Free\n{\n  void run();\n};\n")
	if ranks[14] != ranks[5] {
		t.Errorf("struct Header ranks %d, struct Base above it %d", ranks[14], ranks[5])
	}
	if ranks[19] != ranks[11] {
		t.Errorf("Header's init ranks %d, Base's hook %d", ranks[19], ranks[11])
	}
	if ranks[23] != ranks[5] {
		t.Errorf("struct Free at the margin ranks %d, struct Base in namespaces %d", ranks[23], ranks[5])
	}
}

// A comment opened after a line's code (#define X 0x20 /* Delta symbols
// that hold the) goes on over the lines under it up to its end: a line
// inside it (class declaration.  */) is prose, never a declaration.
func TestOutlineTrailingComment(t *testing.T) {
	ranks := outlineRanks("#define DT_MIPS_DELTA_SYM 0x7000001d /* Delta symbols that\n" +
		"\t\t\t\t   relocations refer to.  */\n#define DT_MIPS_DELTA_CLASSSYM 0x70000020 /* Delta symbols that hold the\n" +
		"\t\t\t\t     class declaration.  */\n#define DT_MIPS_DELTA_CLASSSYM_NO 0x70000021 /* Number of entries */\n")
	if decl := prioOutlineDecl >> classShift; ranks[4] >= decl {
		t.Errorf("a line inside a comment ranks %d, as a declaration (%d)", ranks[4], decl)
	}
	if ranks[3] <= ranks[4] {
		t.Errorf("the #define ranks %d, the comment under it %d", ranks[3], ranks[4])
	}
}

// A prototype split after its macros (extern ASN1_API, then int
// asn1_decode_simple_der (...) under it) declares its function on the
// name's line, as one split after its return type does.
func TestOutlineMacroOverPrototype(t *testing.T) {
	ranks := outlineRanks("#include <stdio.h>\n\n  extern ASN1_API\n    int asn1_decode_simple_der (unsigned int etype,\n" +
		"\t\t\t\tunsigned int *str_len);\n\n  extern ASN1_API int\n    asn1_get_length_der (const unsigned char *der, int der_len);\n\n" +
		"int asn1_der_coding (asn1_node_const element);\nint asn1_der_decoding (asn1_node * element);\n")
	if ranks[4] != ranks[8] {
		t.Errorf("the name's line under the macro ranks %d, under a return type %d", ranks[4], ranks[8])
	}
	if ranks[3] != ranks[7] {
		t.Errorf("the macro alone ranks %d, with the return type %d", ranks[3], ranks[7])
	}
}

// A body in braces over two lines ({ return (a, then b); } under it)
// closes where its braces balance: the declarations after it are the
// file's, not lines of that body.
func TestOutlineBodyOverTwoLines(t *testing.T) {
	ranks := outlineRanks("namespace std\n{\n  inline size_t\n  __deque_buf_size(size_t __size)\n" +
		"  { return (__size < 512\n\t    ? size_t(512 / __size) : size_t(1)); }\n\n" +
		"  template<typename _Tp>\n    struct _Deque_iterator\n    {\n      _Tp* _M_cur;\n    };\n\n" +
		"  inline size_t\n  __deque_size(size_t __n)\n  { return __n; }\n\n}\n")
	if ranks[9] < ranks[4] {
		t.Errorf("the struct after a two-line body ranks %d, the function before it %d", ranks[9], ranks[4])
	}
}

// A short line the reducer let go to stay within its memory (#else, a
// class's name in pydoc's tree) is one Fit may need to close a gap of a
// line or two between lines kept: there, its gap line would cost what
// showing it costs, or more.
func TestOutlineHoldsShortLines(t *testing.T) {
	for _, tc := range []struct {
		name   string
		budget int
	}{
		{"outline-pydoc-collections", 900},
		{"outline-cat-cpp-stl-map", 1900},
		{"outline-cat-shell-mkerrors", 900},
	} {
		src := readFile(t, filepath.Join(corpusDir, tc.name+".out"))
		view := body(t, shape.Outline, src, tc.budget)
		for _, g := range cheapGaps(src, view, counter()) {
			t.Errorf("%s at %d: %s", tc.name, tc.budget, g)
		}
	}
}

// cheapGaps returns the gap lines of view that stand for one or two lines
// of src costing no more than they do, with those lines.
func cheapGaps(src, view []byte, c Counter) []string {
	lines := strings.Split(string(src), "\n")
	var out []string
	for _, v := range strings.SplitAfter(string(view), "\n") {
		from, to, ok := elision.ParseGapLine(v)
		if !ok || to-from > 1 || to > len(lines) {
			continue
		}
		hidden := strings.Join(lines[from-1:to], "\n") + "\n"
		if textCost([]byte(hidden), c) <= c.Count([]byte(v)) {
			out = append(out, fmt.Sprintf("%q hides %q", strings.TrimSpace(v), hidden))
		}
	}
	return out
}

// A help's section titles over the entries indented right under them
// (USAGE: over its synopses, OPTIONS: over the options) are headings: they
// rank above the entries they head, and their options rank as the entries
// of a title that opens no block (Environment variables: over FORCE_COLOR),
// so that a help too long to show whole spreads what it keeps over both.
func TestOutlineHelpSectionTitles(t *testing.T) {
	help := "node 22\n\nUSAGE:\n    node [options] script.js\n\nOptions:\n  --check       syntax check script\n" +
		"  --eval=...    evaluate script\n\nEnvironment variables:\nFORCE_COLOR   when set to true\n" +
		"              colours output\nNO_COLOR      alias\n"
	ranks := outlineRanks(help)
	for _, title := range []int{3, 6} {
		if ranks[title] < ranks[10] {
			t.Errorf("the title on line %d ranks %d, below the lead-in title, %d", title, ranks[title], ranks[10])
		}
	}
	if ranks[3] <= ranks[4] || ranks[6] <= ranks[7] {
		t.Errorf("titles rank %d and %d, not above their entries, %d and %d", ranks[3], ranks[6], ranks[4], ranks[7])
	}
	if ranks[7] != ranks[11] || ranks[8] != ranks[7] {
		t.Errorf("options rank %d and %d, the entries under the lead-in title %d", ranks[7], ranks[8], ranks[11])
	}
	// A sentence that leads in to a list ends in a colon too: its bullets
	// tell it from a help's title.
	md := "The primary features are:\n\n  - When the default does not suit,\n    override it.\n"
	ranks = outlineRanks("Package cmp\n\n" + md)
	if heading := prioOutlineHeading >> classShift; ranks[3] > heading-maxHeading-2 {
		t.Errorf("a lead-in to a list ranks %d, as a heading", ranks[3])
	}
}

// A help's section title that opens no block is held as a title while the
// help is read, though it reads as prose until the whole file tells: a help
// longer than the reducer holds keeps it.
func TestOutlineLongHelpKeepsTitle(t *testing.T) {
	var b strings.Builder
	b.WriteString("Usage: tool [options]\n\nOptions:\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "  --option-%04d   does thing number %d to the input\n", i, i)
	}
	b.WriteString("\nEnvironment variables:\nTOOL_HOME     where the tool lives\nTOOL_DEBUG    print debug output\n")
	ranks := outlineRanks(b.String())
	n := 2000 + 5
	if title := prioOutlineHeading>>classShift - maxHeading - 1; ranks[n] != title {
		t.Errorf("the title after %d options ranks %d, not as a help's title (%d)", 2000, ranks[n], title)
	}
}

// A line that goes on with the sentence of the line of prose above it
// declares nothing, though it names a manual's page as a call (a manual
// ends many a description on "See git-rebase(1) for details."): it ranks
// with the prose, below the description's first line.
func TestOutlineSentenceTail(t *testing.T) {
	man := "OPTIONS\n       --squash=<commit>\n           Construct a commit message for use with rebase. The\n" +
		"           options (-m/-c/-C/-F). See git-rebase(1) for details.\n\n       --reset-author\n" +
		"           Declare that the authorship belongs to the committer.\n"
	ranks := outlineRanks(man)
	if ranks[4] >= ranks[3] || ranks[4] > prioOutlineRest>>classShift {
		t.Errorf("the description's last line ranks %d, its first %d", ranks[4], ranks[3])
	}
}

// Perl's documentation, from its first heading to its =cut, is prose and
// examples: a paragraph that names a call or leads in to an example ranks
// below the headings that outline it.
func TestOutlinePODProse(t *testing.T) {
	src := "package Getopt;\n\nsub GetOptions {\n}\n\n=head1 DESCRIPTION\n\nGetOptions() will return a true value if\n" +
		"the command line could be processed.\n\n=head2 Simple options\n\nUsually, these options can be bundled:\n" +
		"\n    -lac\n\n=cut\n\nsub configure {\n}\n"
	ranks := outlineRanks(src)
	for _, n := range []int{8, 13} {
		if ranks[n] >= ranks[11] {
			t.Errorf("the POD's line %d ranks %d, the =head2 %d", n, ranks[n], ranks[11])
		}
	}
	if ranks[19] < ranks[3] {
		t.Errorf("the sub after =cut ranks %d, below the one before, %d", ranks[19], ranks[3])
	}
}
