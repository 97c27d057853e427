package reduce

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/headroom-cli/headroom/elision"
)

// byteCounter counts a token per byte, so costs are easy to reason about.
type byteCounter struct{}

func (byteCounter) Count(b []byte) int { return len(b) }

func TestFitOrderAndGaps(t *testing.T) {
	pieces := []Piece{
		{Line: 1, Text: []byte("first"), Prio: 10},
		{Line: 5, Text: []byte("error"), Prio: 30},
		{Line: 9, Text: []byte("last"), Prio: 20},
		{Line: 5, Text: []byte("error again"), Prio: 5}, // the same line, proposed twice
		{Line: 1, Note: "[note]", Prio: 40},
	}
	got := string(Render(Fit(pieces, 9, 1000, byteCounter{}), 9))
	want := "[note]\nfirst\n  [... L2-4]\nerror\n  [... L6-8]\nlast\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A bonded line is kept with the line after it or not at all, whichever of
// its pieces comes up: a failing test's name without its message says
// less than nothing.
func TestFitBond(t *testing.T) {
	pieces := []Piece{
		{Line: 1, Text: []byte("--- FAIL: TestA"), Prio: 9, Bond: true},
		{Line: 2, Text: []byte("a_test.go:9: got 1, want 2, and a long explanation"), Prio: 9},
		{Line: 1, Text: []byte("--- FAIL: TestA"), Prio: 1}, // the same line for being near the top
		{Line: 3, Text: []byte("ok"), Prio: 5},
	}
	gap := len(elision.GapLine(1, 3))
	for _, tc := range []struct {
		budget int
		want   string
	}{
		// Room for the name alone, or the name and "ok": neither pair line.
		{gap + len("--- FAIL: TestA\n") + len("ok\n") + 2, "  [... L1-2]\nok\n"},
		// Room for both.
		{1000, "--- FAIL: TestA\na_test.go:9: got 1, want 2, and a long explanation\nok\n"},
	} {
		got := string(Render(Fit(pieces, 3, tc.budget, byteCounter{}), 3))
		if got != tc.want {
			t.Errorf("budget %d: got\n%s\nwant\n%s", tc.budget, got, tc.want)
		}
	}
}

func TestFitRespectsBudget(t *testing.T) {
	var pieces []Piece
	for i := 1; i <= 100; i++ {
		pieces = append(pieces, Piece{Line: i, Text: []byte(strings.Repeat("x", 20)), Prio: -i})
	}
	for _, budget := range []int{0, 50, 200, 1000} {
		out := Render(Fit(pieces, 100, budget, byteCounter{}), 100)
		if len(out) > budget && budget > 0 {
			// The one gap line standing for everything is always there.
			gapOnly := len("  [... L1-100]\n")
			if len(out) > max(budget, gapOnly) {
				t.Errorf("budget %d: %d bytes:\n%s", budget, len(out), out)
			}
		}
	}
}

// A note standing among left-out lines parts their gap line in two, which
// Fit pays for: the log reducer's count of goroutines does, in a timed-out
// test's dump.
func TestFitNoteSplitsGap(t *testing.T) {
	pieces := []Piece{
		{Line: 1, Text: []byte("first"), Prio: 3},
		{Line: 100, Text: []byte("last"), Prio: 2},
		{Line: 50, Note: "[note]", Prio: 1},
		{Line: 60, Note: "[another]", Prio: 1},
		{Line: 60, Note: "[same line]", Prio: 1},
	}
	gapOnly := len(elision.GapLine(1, 100))
	for budget := range 300 {
		out := Render(Fit(pieces, 100, budget, byteCounter{}), 100)
		if len(out) > max(budget, gapOnly) {
			t.Errorf("budget %d: %d bytes:\n%s", budget, len(out), out)
		}
	}
}

// A note that stands for lines replaces their gap line.
func TestNoteStandsForLines(t *testing.T) {
	pieces := []Piece{
		{Line: 1, Text: []byte("header"), Prio: 10},
		{Line: 2, Note: "[headroom: lock file, 40 lines: +20 -20]", Stands: 40, Prio: 9},
		{Line: 42, Text: []byte("after"), Prio: 8},
	}
	got := string(Render(Fit(pieces, 42, 1000, byteCounter{}), 42))
	want := "header\n[headroom: lock file, 40 lines: +20 -20]\nafter\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// No gap line costs more than maxGapCost says, in bytes or in tokens:
// every gap of texts up to 150 lines, and gaps of longer texts where the
// number of digits changes.
func TestMaxGapCost(t *testing.T) {
	tokens := counter()
	check := func(c Counter, from, to, lines int) {
		t.Helper()
		if got, most := c.Count([]byte(elision.GapLine(from, to))), maxGapCost(lines, c); got > most {
			t.Fatalf("%T: the gap line for L%d-%d costs %d, more than %d for %d lines", c, from, to, got, most, lines)
		}
	}
	for lines := 1; lines <= 150; lines++ {
		for from := 1; from <= lines; from++ {
			for to := from; to <= lines; to++ {
				check(byteCounter{}, from, to, lines)
			}
		}
	}
	for _, lines := range []int{999, 1000, 1999, 12345, 1000000, 2000001} {
		for _, from := range []int{1, 2, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 9999, 10000, 100000} {
			for _, to := range []int{from, from + 1, 999, 1000, 1999, lines - 1, lines} {
				if from <= to && to <= lines {
					check(byteCounter{}, from, to, lines)
					check(tokens, from, to, lines)
				}
			}
		}
	}
}

// FuzzRender: whatever pieces a reducer proposes, the rendered view
// accounts for every input line once, in order, as a kept line, a gap line
// or a same-line count, and fits the budget, also when terminal controls
// in the lines and notes cost more shown than raw.
func FuzzRender(f *testing.F) {
	f.Add([]byte{1, 5, 9, 5, 2, 2}, uint16(40), uint16(300))
	f.Add([]byte{3, 0, 3, 1}, uint16(10), uint16(50))
	f.Fuzz(func(t *testing.T, spec []byte, lines16, budget16 uint16) {
		lines := int(lines16%2000) + 1
		budget := int(budget16%4000) + 1
		var pieces []Piece
		for i := 0; i+1 < len(spec); i += 2 {
			line := int(spec[i])%lines + 1
			same := min(int(spec[i+1]%4), lines-line)
			text := strings.Repeat("x", int(spec[i+1]))
			if spec[i]%3 == 0 {
				text = strings.Repeat("x\x1b", int(spec[i+1])/2)
			}
			pieces = append(pieces, Piece{Line: line, Text: []byte(text), Same: same, Prio: int(spec[i]) * int(spec[i+1])})
			if spec[i]%5 == 0 {
				// Where reducers put their notes: at the top, or before
				// a line.
				at := 1
				if spec[i]%2 == 1 {
					at = line
				}
				pieces = append(pieces, Piece{Line: at, Note: "[note \x07" + text + "]", Prio: int(spec[i+1])})
			}
		}
		out := Render(Fit(pieces, lines, budget, byteCounter{}), lines)
		gapOnly := len("  [... L1-" + strconv.Itoa(lines) + "]\n")
		if len(out) > max(budget, gapOnly) {
			t.Fatalf("%d bytes for a budget of %d", len(out), budget)
		}
		next := 1
		for _, l := range strings.SplitAfter(string(out), "\n") {
			if l == "" || strings.HasPrefix(l, "[note ") {
				continue
			}
			from, to, gap := elision.ParseGapLine(l)
			switch {
			case gap:
			case strings.HasPrefix(l, "  [... same line "):
				from, to = parseRange(t, l[strings.LastIndex(l, ": L")+3:len(l)-6])
			default:
				from, to = next, next
			}
			if from != next {
				t.Fatalf("line %q starts at %d, want %d:\n%s", l, from, next, out)
			}
			next = to + 1
		}
		if next != lines+1 {
			t.Fatalf("view accounts for %d of %d lines:\n%s", next-1, lines, out)
		}
	})
}

func parseRange(t *testing.T, r string) (int, int) {
	a, b, ok := strings.Cut(r, "-")
	from, err := strconv.Atoi(a)
	if err != nil {
		t.Fatalf("bad range %q", r)
	}
	if !ok {
		return from, from
	}
	to, err := strconv.Atoi(b)
	if err != nil {
		t.Fatalf("bad range %q", r)
	}
	return from, to
}

// FuzzFitTokens: with the real counter, the view Fit chooses fits the
// budget when counted whole, although Fit counts it line by line: tokens
// that span a line end (a path after a line that ends in punctuation, in
// o200k_base) are paid for. Each line of the input is a piece, ranked by
// the fuzzer's bytes.
func FuzzFitTokens(f *testing.F) {
	// grep -o output of absolute paths: each line after the first costs a
	// token more in the view than alone.
	paths := "/usr/local/go/src/net/dnsclient_unix.go:43:errors.New(\"lame referral\")\n" +
		"/usr/local/go/src/net/dnsclient_unix.go:44:errors.New(\"cannot unmarshal DNS message\")\n" +
		"/usr/local/go/src/net/dnsclient_unix.go:45:errors.New(\"cannot marshal DNS message\")\n" +
		"/usr/local/go/src/net/dnsclient_unix.go:46:errors.New(\"server misbehaving\")\n"
	f.Add([]byte(strings.Repeat(paths, 8)), []byte{1}, uint16(300))
	f.Add([]byte("a;\n\n  \n/x\n\r\n//c\n"), []byte{3, 1, 2}, uint16(30))
	for _, p := range corpus(f, "") {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 4<<10)], []byte{5, 1, 3, 2}, uint16(400))
	}
	f.Fuzz(func(t *testing.T, input, prios []byte, budget16 uint16) {
		if len(prios) == 0 || !utf8.Valid(input) {
			return
		}
		c := counter()
		text := strings.TrimSuffix(string(input), "\n")
		var pieces []Piece
		for i, l := range strings.Split(text, "\n") {
			pieces = append(pieces, Piece{Line: i + 1, Text: []byte(l), Prio: int(prios[i%len(prios)])})
		}
		lines, budget := len(pieces), int(budget16%3000)+1
		out := Render(Fit(pieces, lines, budget, c), lines)
		gapOnly := c.Count([]byte(elision.GapLine(1, lines)))
		if n := c.Count(out); n > max(budget, gapOnly) {
			t.Fatalf("%d tokens for a budget of %d:\n%s", n, budget, out)
		}
	})
}

// Fit charges each gap line what it costs, not what the dearest gap line
// of the text would: a view of many short gaps in a long text fills its
// budget, instead of leaving a token or two unspent for every gap.
func TestFitChargesGapLinesAtTheirCost(t *testing.T) {
	c := counter()
	const lines = 100000
	var pieces []Piece
	for l := 2; l < 3000; l += 10 {
		pieces = append(pieces, Piece{Line: l, Text: []byte(fmt.Sprintf("func f%d() {", l)), Prio: 1})
	}
	const budget = 800
	out := Render(Fit(pieces, lines, budget, c), lines)
	used := c.Count(out)
	if used > budget {
		t.Fatalf("%d tokens for a budget of %d", used, budget)
	}
	// Short of the budget by less than one more line and its gap line.
	if room := budget - used; room >= 8+maxGapCost(lines, c) {
		t.Errorf("%d of %d tokens used: the gap lines were charged more than they cost\n%s", used, budget, out)
	}
}

// A gap of one line costs its line, not a gap line, unless the gap line is
// clearly cheaper: a diff's `+;; Key-Value pairs` between two bare `+`
// lines hid for about the same price as showing it, and the room went to
// lines further on, each with a gap line of its own.
func TestFitOneLineGapShowsItsLine(t *testing.T) {
	gap := len(elision.GapLine(2, 2))
	lone := "+;; " + strings.Repeat("p", gap*3/2-len("+;; \n")) // half as much again as a gap line
	dear := strings.Repeat("d", gap*3/2+1)                      // a byte more
	pieces := []Piece{
		{Line: 1, Text: []byte("dir_a"), Prio: 30},
		{Line: 2, Text: []byte(lone), Prio: 1},
		{Line: 3, Text: []byte("dir_b"), Prio: 30},
		{Line: 4, Text: []byte(dear), Prio: 1},
		{Line: 5, Text: []byte("dir_c"), Prio: 30},
	}
	for l := 6; l <= 60; l++ {
		pieces = append(pieces, Piece{Line: l, Text: []byte("later" + strconv.Itoa(l)), Prio: 20})
	}
	got := string(Render(Fit(pieces, 60, 150, byteCounter{}), 60))
	if !strings.Contains(got, "dir_a\n"+lone+"\ndir_b\n") {
		t.Errorf("the line of a one-line gap that costs half as much again as its gap line was hidden:\n%s", got)
	}
	if !strings.Contains(got, "dir_b\n  [... L4]\ndir_c\n") {
		t.Errorf("a line that costs more than half as much again as its gap line was shown:\n%s", got)
	}
	if n := len(got); n > 150 {
		t.Errorf("%d bytes for a budget of 150:\n%s", n, got)
	}
}

// A blank line beside a gap line shows nothing that the gap line does not
// stand for: the gap line takes it in, and a run of blank lines shown as
// one with a count, at the end, goes too. Beside a note, it stays, where
// leaving it out would cost a gap line of its own. A hex dump's repeat
// mark after a gap line says "the same as the row above" of a row the
// view hides: it goes too, and the gap lines around it join. So does a
// line that only closes a comment whose words the gap line holds.
func TestFitBlankBesideGap(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pieces []Piece
		lines  int
		want   string
	}{
		{"after a kept line", []Piece{
			{Line: 1, Text: []byte("sort"), Prio: 30},
			{Line: 2, Text: []byte(""), Prio: 20},
			{Line: 9, Text: []byte("-s"), Prio: 30},
		}, 9, "sort\n  [... L2-8]\n-s\n"},
		{"before a kept line", []Piece{
			{Line: 1, Text: []byte("sort"), Prio: 30},
			{Line: 8, Text: []byte("  "), Prio: 20},
			{Line: 9, Text: []byte("-s"), Prio: 30},
		}, 9, "sort\n  [... L2-8]\n-s\n"},
		{"repeated at the end", []Piece{
			{Line: 1, Text: []byte("ncalls"), Prio: 30},
			{Line: 8, Text: []byte(""), Same: 1, Prio: 20},
		}, 9, "ncalls\n  [... L2-9]\n"},
		{"a repeat mark after a gap", []Piece{
			{Line: 1, Text: []byte("00000000  53 51"), Prio: 30},
			{Line: 5, Text: []byte("*"), Prio: 20},
			{Line: 9, Text: []byte("00008f80  01 65"), Prio: 30},
		}, 9, "00000000  53 51\n  [... L2-8]\n00008f80  01 65\n"},
		{"a repeat mark after its row", []Piece{
			{Line: 1, Text: []byte("00000000  53 51"), Prio: 30},
			{Line: 2, Text: []byte("*"), Prio: 20},
			{Line: 9, Text: []byte("00008f80  01 65"), Prio: 30},
		}, 9, "00000000  53 51\n*\n  [... L3-8]\n00008f80  01 65\n"},
		{"a comment's close after a gap", []Piece{
			{Line: 1, Text: []byte("/**"), Prio: 30},
			{Line: 5, Text: []byte(" */"), Prio: 20},
			{Line: 6, Text: []byte("#define SIZE 4096"), Prio: 30},
		}, 6, "/**\n  [... L2-5]\n#define SIZE 4096\n"},
		{"a markup comment's close after a gap", []Piece{
			{Line: 1, Text: []byte("# Title"), Prio: 30},
			{Line: 4, Text: []byte("-->"), Prio: 20},
			{Line: 5, Text: []byte("## Usage"), Prio: 30},
		}, 5, "# Title\n  [... L2-4]\n## Usage\n"},
		{"a comment's close after its words", []Piece{
			{Line: 1, Text: []byte("/**"), Prio: 30},
			{Line: 4, Text: []byte(" * default buffer size."), Prio: 20},
			{Line: 5, Text: []byte(" */"), Prio: 20},
			{Line: 6, Text: []byte("#define SIZE 4096"), Prio: 30},
		}, 6, "/**\n  [... L2-3]\n * default buffer size.\n */\n#define SIZE 4096\n"},
		{"before a note", []Piece{
			{Line: 1, Text: []byte("panic"), Prio: 30},
			{Line: 2, Text: []byte(""), Prio: 20},
			{Line: 3, Note: "[601 more goroutines]", Prio: 30},
			{Line: 9, Text: []byte("FAIL"), Prio: 30},
		}, 9, "panic\n\n[601 more goroutines]\n  [... L3-8]\nFAIL\n"},
	} {
		got := string(Render(Fit(tc.pieces, tc.lines, 1000, byteCounter{}), tc.lines))
		if got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
