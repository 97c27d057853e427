package gain

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/headroom-cli/headroom/elision"
)

func at(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, time.UTC) }

func hash(c string) string { return strings.Repeat(c, 64) }

// records are what a day's work leaves: clipped runs, a clipped pipe,
// pass-throughs by length and by count, one that failed open.
var records = []elision.Record{
	{Time: at(22, 9), Via: "run", Command: "go test ./...", Reducer: "log", BytesIn: 90000, BytesOut: 6000, TokensIn: 24104, TokensOut: 995, Hash: hash("a")},
	{Time: at(23, 9), Via: "run", Command: "rg -n parseConfig", Reducer: "grep", BytesIn: 40000, BytesOut: 7000, TokensIn: 9342, TokensOut: 1953, Hash: hash("b")},
	{Time: at(23, 10), Via: "clip", Reducer: "text", BytesIn: 17785, BytesOut: 1049, TokensIn: 4176, TokensOut: 289, Hash: hash("c")},
	{Time: at(23, 11), Via: "run", Command: "git status", Passed: true, BytesIn: 300, BytesOut: 300, Uncounted: true},
	{Time: at(24, 8), Via: "run", Command: "go test -run TestX ./cmd", Reducer: "log", BytesIn: 5000000, BytesOut: 7000, TokensIn: 1305727, TokensOut: 1656, TokensApprox: true, Hash: hash("d")},
	{Time: at(24, 9), Via: "run", Command: "go test ./...", Reducer: "log", BytesIn: 90000, BytesOut: 6000, TokensIn: 24104, TokensOut: 995, Hash: hash("a")},
	{Time: at(24, 10), Via: "run", Command: "cat big.log", Passed: true, Warning: "store not writable", BytesIn: 30000, BytesOut: 30000, TokensIn: 8000, TokensOut: 8000},
}

func TestSummarize(t *testing.T) {
	s := Summarize(records, time.Time{}, time.UTC)
	tot := s.Total
	if tot.Inputs != 7 || tot.Clipped != 5 || tot.Passed != 2 || tot.Uncounted != 1 || !tot.TokensApprox {
		t.Errorf("total = %+v", tot)
	}
	if want := int64(24104 - 995 + 9342 - 1953 + 4176 - 289 + 1305727 - 1656 + 24104 - 995); tot.TokensSaved != want {
		t.Errorf("tokens saved %d, want %d", tot.TokensSaved, want)
	}
	if len(s.Days) != 3 || s.Days[0].Name != "2026-11-22" || s.Days[2].Inputs != 3 {
		t.Errorf("days = %+v", s.Days)
	}
	// Reducers count clipped inputs only; the one that failed open
	// saved nothing and is no reducer's.
	if len(s.Reducers) != 3 || s.Reducers[0].Name != "log" || s.Reducers[0].Clipped != 3 || s.Reducers[2].Name != "text" {
		t.Errorf("reducers = %+v", s.Reducers)
	}
	var names []string
	for _, g := range s.Commands {
		names = append(names, g.Name)
	}
	if got := strings.Join(names, ","); got != "go test,rg,(clip),cat,git status" {
		t.Errorf("commands by saving = %s", got)
	}
	// One saving per original, the largest first.
	if len(s.Top) != 4 || s.Top[0].Hash != hash("d") || s.Top[1].Hash != hash("a") {
		t.Errorf("top = %+v", s.Top)
	}
	if s.First == nil || !s.First.Equal(at(22, 9)) || !s.Last.Equal(at(24, 10)) {
		t.Errorf("first %v, last %v", s.First, s.Last)
	}

	since := Summarize(records, at(24, 0), time.UTC)
	if since.Total.Inputs != 3 || len(since.Days) != 1 {
		t.Errorf("since the 24th: %d inputs over %d days, want 3 over 1", since.Total.Inputs, len(since.Days))
	}
	// Days are the local calendar's.
	east := Summarize(records[:1], time.Time{}, time.FixedZone("UTC+15", 15*3600))
	if east.Days[0].Name != "2026-11-23" {
		t.Errorf("day at UTC+15 = %s, want 2026-11-23", east.Days[0].Name)
	}
}

func TestProgram(t *testing.T) {
	tests := []struct{ via, command, want string }{
		{"clip", "", "(clip)"},
		{"run", "go test ./...", "go test"},
		{"run", "go -C ./sub vet ./...", "go vet"},
		{"run", "git --no-pager diff HEAD~1", "git diff"},
		{"run", "git -C ../other log -p", "git log"},
		{"run", "rg -n 'parse Config' --glob '*.go'", "rg"},
		{"run", "/usr/local/bin/rg foo", "rg"},
		{"run", "./scripts/ci.sh --fast", "ci.sh"},
		{"run", "env CGO_ENABLED=0 go build ./...", "go build"},
		{"run", "npx jest --ci", "npx jest"},
		{"run", "npm run lint", "npm run"},
		{"run", "python3 -m pytest -x", "python3 -m pytest"},
		{"run", "kubectl logs deploy/api", "kubectl logs"},
		{"run", "make", "make"},
		{"run", "go ./weird", "go"},
		{"run", "'my tool' arg", "my tool"},
		{"run", "", "(unknown)"},
	}
	for _, tt := range tests {
		if got := Program(elision.Record{Via: tt.via, Command: tt.command}); got != tt.want {
			t.Errorf("Program(%q) = %q, want %q", tt.command, got, tt.want)
		}
	}
}

// words reads back what run's quoting writes.
func TestWords(t *testing.T) {
	got := words(`sh -c 'echo "it'\''s"; exit 3' '' a\ b`)
	want := []string{"sh", "-c", `echo "it's"; exit 3`, "", "a b"}
	if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
		t.Errorf("words = %q, want %q", got, want)
	}
}

func TestWriteTextStyles(t *testing.T) {
	s := Summarize(records, time.Time{}, time.UTC)
	s.Stores = []string{"/home/me/proj/.headroom"}
	text := func(st Style) string {
		var b bytes.Buffer
		if err := s.WriteText(&b, st); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	plain := text(Style{})
	if strings.ContainsAny(plain, "█▏\x1b") {
		t.Errorf("bars or escapes without a terminal:\n%s", plain)
	}
	bars := text(Style{Bars: true})
	if strings.Contains(bars, "\x1b") {
		t.Errorf("colour with NO_COLOR:\n%s", bars)
	}
	// The longest bar of each table is full width, and every row that
	// saved something has one.
	if n := strings.Count(bars, strings.Repeat("█", barWidth)+"\n"); n != 3 {
		t.Errorf("%d full bars, want one for each of the three tables:\n%s", n, bars)
	}
	for _, line := range strings.Split(bars, "\n") {
		if strings.HasPrefix(line, "go test ") && !strings.Contains(line, "█") {
			t.Errorf("a row without its bar: %q", line)
		}
	}
	colour := text(Style{Bars: true, Colour: true})
	if !strings.Contains(colour, "\x1b[32m█") || !strings.Contains(colour, "\x1b[1mby day\x1b[0m") {
		t.Errorf("no colour on a terminal:\n%q", colour)
	}
	// Escapes do not count in the widths: stripped, the table is the same.
	if stripped := strings.NewReplacer("\x1b[32m", "", "\x1b[1m", "", "\x1b[0m", "").Replace(colour); stripped != bars {
		t.Errorf("colour changes the layout:\n%s\nwant\n%s", stripped, bars)
	}
}

func TestShown(t *testing.T) {
	tests := []struct{ in, want string }{
		{"go test ./...", "go test ./..."},
		{"printf '\x1b]52;c;eA==\x07'", `printf '\x1b]52;c;eA==\a'`},
		{"a\nb", `a\nb`},
		{strings.Repeat("x", 50), strings.Repeat("x", 39) + "…"},
		{"\xff", `\xff`},
	}
	for _, tt := range tests {
		if got := Shown(tt.in, 40); got != tt.want {
			t.Errorf("Shown(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A ledger is a file in the work tree, which a cloned repository can
// commit: what its records say is shown, never passed on to the terminal,
// in every column.
func TestReportsShowControls(t *testing.T) {
	const osc = "\x1b]52;c;eA==\a"
	recs := []elision.Record{{Time: at(24, 9), Via: "run", Command: "make " + osc, Reducer: "log" + osc,
		BytesIn: 9000, BytesOut: 900, TokensIn: 2000, TokensOut: 200, Hash: hash("e")}}
	s := Summarize(recs, time.Time{}, time.UTC)
	s.Stores = []string{"/home/me/proj/.headroom" + osc}
	var report bytes.Buffer
	if err := s.WriteText(&report, Style{Bars: true}); err != nil {
		t.Fatal(err)
	}
	var list bytes.Buffer
	o := Original{Time: at(24, 9), Hash: hash("e"), Via: "run", Command: "make " + osc, Reducer: "log" + osc, BytesIn: 9000}
	if err := WriteList(&list, []Original{o}, Style{}); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"gain": report.String(), "ls": list.String()} {
		if strings.ContainsAny(out, "\x1b\a") {
			t.Errorf("%s passes on a control:\n%q", name, out)
		}
	}
}

// One of a thing is singular, and a share short of all is not rounded up
// to all of it.
func TestWriteTextWords(t *testing.T) {
	recs := []elision.Record{
		{Time: at(24, 9), Via: "run", Command: "rg -n func /usr/local/go/src", Reducer: "grep",
			BytesIn: 16291759, BytesOut: 6011, TokensIn: 4585086, TokensOut: 1980, TokensApprox: true, Hash: hash("f")},
		{Time: at(24, 9), Via: "run", Command: "git status", Passed: true, BytesIn: 55, BytesOut: 55, Uncounted: true},
	}
	s := Summarize(recs, time.Time{}, time.UTC)
	s.Stores = []string{"/home/me/proj/.headroom"}
	var b bytes.Buffer
	if err := s.WriteText(&b, Style{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"\n        1 passed by its length alone, its tokens not counted\n",
		"~4,583,106 saved (99.9%)\n",
		"~4,585,086  ~4,583,106  99.9%\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "100.0%") {
		t.Errorf("a saving short of all reads as all of it:\n%s", out)
	}
	if got := percentText(100); got != "100.0%" {
		t.Errorf("percentText(100) = %s", got)
	}
}

// The text report shows the last 7 days and the 10 commands that saved
// most, and says how many more commands there were; --json has them all.
func TestWriteTextCuts(t *testing.T) {
	var recs []elision.Record
	for i := range 12 {
		recs = append(recs, elision.Record{Time: at(10+i, 9), Via: "run", Command: fmt.Sprintf("tool%02d x", i), Reducer: "log",
			BytesIn: 9000, BytesOut: 900, TokensIn: int64(2000 + i), TokensOut: 200, Hash: hash(fmt.Sprintf("%x", i))})
	}
	s := Summarize(recs, time.Time{}, time.UTC)
	if len(s.Days) != 12 || len(s.Commands) != 12 {
		t.Fatalf("%d days and %d commands summed up, want 12 of each", len(s.Days), len(s.Commands))
	}
	var b bytes.Buffer
	if err := s.WriteText(&b, Style{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "\nby day ") || strings.Contains(out, "\n2026-11-14 ") || !strings.Contains(out, "\n2026-11-15 ") || !strings.Contains(out, "\n2026-11-21 ") {
		t.Errorf("want the 7 days from the 15th to the 21st:\n%s", out)
	}
	if strings.Contains(out, "\ntool01 ") || !strings.Contains(out, "\ntool02 ") || !strings.Contains(out, "\n2 more commands saved less\n") {
		t.Errorf("want the 10 commands that saved most, and a count of the rest:\n%s", out)
	}
}
