package gain

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/headroom-cli/headroom/elision"
)

// Style says how a report is drawn: bars need a terminal, colour a
// terminal and no NO_COLOR.
type Style struct {
	Bars   bool
	Colour bool
}

// Rows of the text report that are cut short.
const (
	shownDays     = 7  // the last days
	shownCommands = 10 // the commands that saved most
	barWidth      = 24 // cells of the longest bar
	commandWidth  = 40 // characters of a command line shown
)

// WriteText writes the summary for a person to read.
func (s Summary) WriteText(w io.Writer, st Style) error {
	p := &printer{w: w, style: st}
	if s.Total.Inputs == 0 {
		p.line("no records%s in the ledger of %s", sinceText(s), escape(strings.Join(s.Stores, ", ")))
		return p.err
	}
	p.line("%s in %s, %s to %s", count(s.Total.Inputs, "input", "inputs"), storesText(s.Stores),
		s.First.Local().Format(minuteFormat), s.Last.Local().Format(minuteFormat))
	p.line("")
	t := s.Total
	p.row("inputs", fmt.Sprintf("%s clipped, %s passed through (%s of inputs)",
		elision.Thousands(int64(t.Clipped)), elision.Thousands(int64(t.Passed)), percentText(percent(int64(t.Passed), int64(t.Inputs)))))
	switch {
	case t.Uncounted == 1:
		p.row("", "1 passed by its length alone, its tokens not counted")
	case t.Uncounted > 1:
		p.row("", fmt.Sprintf("%s passed by their length alone, their tokens not counted", elision.Thousands(int64(t.Uncounted))))
	}
	p.row("tokens", fmt.Sprintf("%s in, %s out: %s saved (%s)",
		tokens(t.TokensIn, t.TokensApprox), elision.Thousands(t.TokensOut), tokens(t.TokensSaved, t.TokensApprox), percentText(t.Percent())))
	p.row("bytes", fmt.Sprintf("%s in, %s out: %s saved (%s)",
		elision.Thousands(t.BytesIn), elision.Thousands(t.BytesOut), elision.Thousands(t.BytesIn-t.BytesOut), percentText(percent(t.BytesIn-t.BytesOut, t.BytesIn))))

	days := s.Days[max(len(s.Days)-shownDays, 0):]
	p.groups("by day", "inputs", days, func(g Group) int { return g.Inputs })
	p.groups("by reducer", "clipped", s.Reducers, func(g Group) int { return g.Clipped })
	commands := s.Commands[:min(len(s.Commands), shownCommands)]
	p.groups("by command", "inputs", commands, func(g Group) int { return g.Inputs })
	if more := len(s.Commands) - len(commands); more > 0 {
		p.line("%s saved less", count(more, "more command", "more commands"))
	}

	if len(s.Top) > 0 {
		p.line("")
		var tb table
		tb.add(p.title("largest savings"), "time", "command", "reducer", "tokens in", "out", "saved")
		for _, sv := range s.Top {
			cmd := sv.Command
			if cmd == "" {
				cmd = Clipped
			}
			tb.add(escape(elision.Short(sv.Hash)), sv.Time.Local().Format(minuteFormat), Shown(cmd, commandWidth), Shown(sv.Reducer, commandWidth),
				tokens(sv.TokensIn, sv.TokensApprox), elision.Thousands(sv.TokensOut), tokens(sv.TokensSaved, sv.TokensApprox))
		}
		tb.write(p, "llllrrr", nil)
	}
	return p.err
}

// minuteFormat is how reports write a time.
const minuteFormat = "2006-01-02 15:04"

func sinceText(s Summary) string {
	if s.Since == nil {
		return ""
	}
	return " since " + s.Since.Local().Format(minuteFormat)
}

func storesText(stores []string) string {
	if len(stores) == 1 {
		return escape(stores[0])
	}
	return fmt.Sprintf("%d stores (%s)", len(stores), escape(strings.Join(stores, ", ")))
}

// groups writes a table of groups with their tokens in and saved, and a
// bar for the tokens saved.
func (p *printer) groups(title, what string, gs []Group, n func(Group) int) {
	if len(gs) == 0 {
		return
	}
	p.line("")
	var tb table
	tb.add(p.title(title), what, "tokens in", "saved", "")
	bars := make([]int64, 0, len(gs))
	for _, g := range gs {
		in, pct := tokens(g.TokensIn, g.TokensApprox), percentText(g.Percent())
		if g.Uncounted == g.Inputs {
			in = "-" // passed by length: no token was counted
		}
		if g.TokensIn == 0 {
			pct = "-"
		}
		tb.add(Shown(g.Name, commandWidth), elision.Thousands(int64(n(g))), in, tokens(g.TokensSaved, g.TokensApprox), pct)
		bars = append(bars, g.TokensSaved)
	}
	tb.write(p, "lrrrr", bars)
}

// printer writes lines and keeps the first error.
type printer struct {
	w     io.Writer
	style Style
	err   error
}

func (p *printer) line(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format+"\n", args...)
	}
}

// row writes a labelled line, as doctor does.
func (p *printer) row(label, text string) { p.line("%-8s%s", label, text) }

// title returns a table's title, in bold where there is colour. Its
// width is counted without the escapes.
func (p *printer) title(s string) string {
	if p.style.Colour {
		return "\x1b[1m" + s + "\x1b[0m"
	}
	return s
}

// bar draws v of most as a bar of barWidth cells at most, in eighths.
func (p *printer) bar(v, most int64) string {
	if !p.style.Bars || most <= 0 || v <= 0 {
		return ""
	}
	eighths := int(v * barWidth * 8 / most)
	b := strings.Repeat("█", eighths/8)
	if r := eighths % 8; r > 0 {
		b += string([]rune("▏▎▍▌▋▊▉")[r-1])
	}
	if b == "" {
		b = "▏" // something, however little, was saved
	}
	if p.style.Colour {
		b = "\x1b[32m" + b + "\x1b[0m"
	}
	return "  " + b
}

// A table is rows of cells written in aligned columns.
type table struct{ rows [][]string }

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

// write writes the table, aligning column i to the left or the right as
// align[i] is 'l' or 'r', with a bar after each row but the first when
// bars are given.
func (t *table) write(p *printer, align string, bars []int64) {
	width := make([]int, len(align))
	for _, r := range t.rows {
		for i, c := range r {
			width[i] = max(width[i], visibleWidth(c))
		}
	}
	var most int64
	for _, b := range bars {
		most = max(most, b)
	}
	for n, r := range t.rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-visibleWidth(c))
			if i > 0 {
				b.WriteString("  ")
			}
			if align[i] == 'r' {
				b.WriteString(pad + c)
			} else if i < len(r)-1 {
				b.WriteString(c + pad)
			} else {
				b.WriteString(c)
			}
		}
		if n > 0 && bars != nil {
			b.WriteString(p.bar(bars[n-1], most))
		}
		p.line("%s", strings.TrimRight(b.String(), " "))
	}
}

// visibleWidth counts the characters of s a terminal shows, leaving out
// the escapes of a title.
func visibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		if utf8.RuneStart(s[i]) {
			n++
		}
	}
	return n
}

// tokens writes a count of tokens, with ~ when it is an estimate.
func tokens(n int64, approx bool) string {
	if approx {
		return "~" + elision.Thousands(n)
	}
	return elision.Thousands(n)
}

// percentText writes a percentage with one decimal. A share short of all
// never reads as all of it: 99.96% is 99.9%, not 100.0%.
func percentText(p float64) string {
	s := strconv.FormatFloat(p, 'f', 1, 64)
	if s == "100.0" && p < 100 {
		s = "99.9"
	}
	return s + "%"
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return elision.Thousands(int64(n)) + " " + many
}

// Shown returns s as a report shows it: escaped, and cut to width
// characters, the last of them "…".
func Shown(s string, width int) string {
	s = escape(s)
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	return string(r[:width-1]) + "…"
}

// escape returns s with every character that a terminal would not print
// as itself escaped as Go escapes it: what a ledger or a path says is
// shown, never acted on.
func escape(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 || !utf8.ValidString(s) {
		q := strconv.Quote(s)
		return q[1 : len(q)-1]
	}
	return s
}
