package elision

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// View describes a clipped view for its header and footer lines.
type View struct {
	Shape string // the reducer that made the view
	Hash  string // full hash of the original
	Path  string // the object file, for agents whose only tool reads files

	Lines     int64 // lines in the original
	LinesKept int64 // of them, lines shown (in whole or in part)

	Tokens       int64 // tokens in the original
	TokensApprox bool  // Tokens is an estimate
	TokensKept   int64 // tokens of the original's text shown in the view

	// Compact drops the footer's hints and file path, for budgets too small
	// to pay for them.
	Compact bool
}

// Header is the first line of a view. It names what is missing in tokens and
// lines and the command that brings it back, because some agent harnesses
// keep only the head of long output.
func Header(v View) string {
	elided := v.Tokens - v.TokensKept
	if elided < 0 {
		elided = 0
	}
	tokens := Thousands(elided) + " of " + Thousands(v.Tokens) + " tokens"
	if v.TokensApprox {
		tokens = "~" + approx(elided) + " of ~" + approx(v.Tokens) + " tokens"
	}
	return fmt.Sprintf("[headroom: %s · %s of %s lines elided (%s) · headroom expand %s]\n",
		v.Shape, Thousands(v.Lines-v.LinesKept), Thousands(v.Lines), tokens, Short(v.Hash))
}

// Footer is the last line of a view, for harnesses that keep only the tail.
func Footer(v View) string {
	if v.Compact {
		return fmt.Sprintf("[headroom: full output: headroom expand %s]\n", Short(v.Hash))
	}
	return fmt.Sprintf("[headroom: full output: headroom expand %s · a part: --lines A:B or --grep RE · file: %s]\n",
		Short(v.Hash), shownPath(v.Path))
}

// shownPath writes a path for a marker line. The path comes from the store's
// directory, which a user or a repository names: one holding a newline, an
// escape or bytes that are not UTF-8 would split the line or reach a
// terminal raw, so it is quoted as Go quotes a string.
func shownPath(p string) string {
	if !utf8.ValidString(p) || strings.IndexFunc(p, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(p)
	}
	return p
}

// Binary is the one line that stands for binary input. utf16 is set for
// input that is UTF-16 text, to the name iconv knows its encoding by: the
// line says how to read it as UTF-8.
func Binary(v View, size int64, utf16 string) string {
	if utf16 != "" {
		return fmt.Sprintf("[headroom: UTF-16 text · %s bytes not shown · as UTF-8: headroom expand %s | iconv -f %s -t UTF-8 · file: %s]\n",
			Thousands(size), Short(v.Hash), utf16, shownPath(v.Path))
	}
	return fmt.Sprintf("[headroom: binary · %s bytes not shown · headroom expand %s · file: %s]\n",
		Thousands(size), Short(v.Hash), shownPath(v.Path))
}

// GapLine is the line that stands for input lines from through to, which a
// view leaves out. It names their range and nothing more, the count being
// plain from it and the leaving out from the brackets and the header: a
// view of source code or a listing can hold dozens of gap lines, and each
// token a gap line spends is one the view cannot show.
func GapLine(from, to int) string {
	return "  [... " + LineRange(from, to) + "]\n"
}

// ParseGapLine returns the range a gap line names, given the line as
// GapLine writes it, with or without its line feed.
func ParseGapLine(line string) (from, to int, ok bool) {
	r, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "  [... L")
	if !ok {
		return 0, 0, false
	}
	if r, ok = strings.CutSuffix(r, "]"); !ok {
		return 0, 0, false
	}
	a, b, span := strings.Cut(r, "-")
	from, err := strconv.Atoi(a)
	if err != nil || from < 1 {
		return 0, 0, false
	}
	to = from
	if span {
		if to, err = strconv.Atoi(b); err != nil || to < from {
			return 0, 0, false
		}
	}
	return from, to, true
}

// SameLine is the line that follows a kept line when the lines from through
// to repeat it exactly.
func SameLine(from, to int) string {
	n := to - from + 1
	return fmt.Sprintf("  [... same line %s more %s: %s ...]\n", Thousands(int64(n)), plural(n, "time", "times"), LineRange(from, to))
}

// CutBefore and CutAfter mark the bytes of a long line left out before and
// after the part of it that is shown. CutBefore marks too the bytes left
// out inside a line, after the start it shows.
func CutBefore(n int64) string { return "[... " + Thousands(n) + " bytes cut] " }

// CutAfter: see CutBefore.
func CutAfter(n int64) string { return " [... " + Thousands(n) + " bytes cut]" }

// LineRange writes a range of line numbers as gap lines and --lines do.
func LineRange(from, to int) string {
	if from == to {
		return "L" + strconv.Itoa(from)
	}
	return "L" + strconv.Itoa(from) + "-" + strconv.Itoa(to)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Thousands formats n with commas between groups of three digits, the way
// every count in a marker is written.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// approx writes an estimated count with three significant digits.
func approx(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10)
	case n < 1_000_000:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + "k"
	default:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
	}
}
