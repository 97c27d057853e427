package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/headroom-cli/headroom/elision"
)

// Summary totals a run.
type Summary struct {
	Samples      int     `json:"samples"`
	TokensIn     int     `json:"tokens_in"`
	TokensOut    int     `json:"tokens_out"`
	Ratio        float64 `json:"ratio"`
	MedianRatio  float64 `json:"median_ratio"`
	NeedlesKept  int     `json:"needles_kept"`
	NeedlesTotal int     `json:"needles_total"`
	RoundtripOK  int     `json:"roundtrip_ok"`
	// Failed counts the samples clip could not cut (Result.Failed).
	Failed   int     `json:"failed"`
	MedianMs float64 `json:"median_ms"`
	TotalMs  float64 `json:"total_ms"`
	Baseline *Side   `json:"baseline,omitempty"`
	Cmd      *Side   `json:"cmd,omitempty"`
}

// Summarize totals results.
func Summarize(rs []Result) Summary {
	s := Summary{Samples: len(rs)}
	var ratios, times []float64
	for _, r := range rs {
		s.TokensIn += r.TokensIn
		s.TokensOut += r.TokensOut
		s.NeedlesKept += r.NeedlesKept
		s.NeedlesTotal += r.NeedlesTotal
		s.TotalMs += r.Ms
		if r.RoundtripOK {
			s.RoundtripOK++
		}
		if r.Failed != "" {
			s.Failed++
		}
		ratios = append(ratios, r.Ratio)
		times = append(times, r.Ms)
		s.Baseline = addSide(s.Baseline, r.Baseline)
		s.Cmd = addSide(s.Cmd, r.Cmd)
	}
	s.Ratio = ratio(s.TokensIn, s.TokensOut)
	s.MedianRatio = median(ratios)
	s.MedianMs = median(times)
	return s
}

func addSide(sum, s *Side) *Side {
	if s == nil {
		return sum
	}
	if sum == nil {
		sum = &Side{}
	}
	sum.TokensOut += s.TokensOut
	sum.NeedlesKept += s.NeedlesKept
	sum.NeedlesTotal += s.NeedlesTotal
	sum.Ms += s.Ms
	return sum
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// WriteJSON writes the results as a JSON array, one object per sample.
func WriteJSON(w io.Writer, rs []Result) error {
	if rs == nil {
		rs = []Result{}
	}
	b, err := json.MarshalIndent(rs, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteTable writes the results as a table with a summary row, then the
// totals of each set and shape (Groups); baseline names the baseline's
// columns ("none" for none).
func WriteTable(w io.Writer, rs []Result, baseline string) error {
	head := []string{"sample", "set", "expected", "shape", "tokens in", "tokens out", "ratio", "needles", "round trip", "ms"}
	hasCmd := len(rs) > 0 && rs[0].Cmd != nil
	if baseline != "none" {
		head = append(head, baseline+" out", baseline+" needles")
	}
	if hasCmd {
		head = append(head, "cmd out", "cmd needles")
	}
	rows := [][]string{head}
	for _, r := range rs {
		trip := "ok"
		if !r.RoundtripOK {
			trip = "FAILED"
		}
		row := []string{r.Name, r.Set, dash(r.Expected), r.Shape, num(r.TokensIn), num(r.TokensOut), times(r.Ratio),
			frac(r.NeedlesKept, r.NeedlesTotal), trip, strconv.FormatFloat(r.Ms, 'f', 1, 64)}
		row = appendSide(row, r.Baseline)
		if hasCmd {
			row = appendSide(row, r.Cmd)
		}
		rows = append(rows, row)
	}
	s := Summarize(rs)
	total := []string{fmt.Sprintf("total (%d)", s.Samples), "", "", "", num(s.TokensIn), num(s.TokensOut), times(s.Ratio),
		frac(s.NeedlesKept, s.NeedlesTotal), frac(s.RoundtripOK, s.Samples), strconv.FormatFloat(s.TotalMs, 'f', 1, 64)}
	total = appendSide(total, s.Baseline)
	if hasCmd {
		total = appendSide(total, s.Cmd)
	}
	med := []string{"median", "", "", "", "", "", times(s.MedianRatio), "", "", strconv.FormatFloat(s.MedianMs, 'f', 1, 64)}
	rows = append(rows, total, med)
	if err := writeRows(w, rows, 4); err != nil {
		return err
	}
	if len(rs) == 0 {
		return nil
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	return writeGroups(w, Groups(rs), baseline, hasCmd)
}

// writeGroups writes the totals of each set and shape as a table.
func writeGroups(w io.Writer, gs []Group, baseline string, hasCmd bool) error {
	head := []string{"set", "shape", "samples", "tokens in", "tokens out", "needles", "recall", "all kept", "misclassified"}
	sides := []string{}
	if baseline != "none" {
		sides = append(sides, baseline)
	}
	if hasCmd {
		sides = append(sides, "cmd")
	}
	for _, n := range sides {
		head = append(head, n+" out", n+" needles", n+" recall", n+" all kept")
	}
	rows := [][]string{head}
	for _, g := range gs {
		row := []string{g.Set, g.Shape, num(g.Samples), num(g.TokensIn), num(g.TokensOut),
			frac(g.NeedlesKept, g.NeedlesTotal), recall(g.Recall), frac(g.AllKept, g.Samples), num(g.Misclassified)}
		for _, side := range []*GroupSide{g.Baseline, g.Cmd} {
			if side != nil {
				row = append(row, num(side.TokensOut), frac(side.NeedlesKept, side.NeedlesTotal),
					recall(side.Recall), frac(side.AllKept, g.Samples))
			}
		}
		rows = append(rows, row)
	}
	return writeRows(w, rows, 2)
}

func appendSide(row []string, s *Side) []string {
	if s == nil {
		return row
	}
	return append(row, num(s.TokensOut), frac(s.NeedlesKept, s.NeedlesTotal))
}

// writeRows aligns columns: the first left ones to the left, numbers to
// the right.
func writeRows(w io.Writer, rows [][]string, left int) error {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-len(c))
			if i < left {
				b.WriteString(c)
				if i < len(r)-1 {
					b.WriteString(pad)
				}
			} else {
				b.WriteString(pad + c)
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func num(n int) string { return elision.Thousands(int64(n)) }

func frac(a, b int) string { return strconv.Itoa(a) + "/" + strconv.Itoa(b) }

func times(r float64) string {
	if r == 0 {
		return "-"
	}
	return strconv.FormatFloat(r, 'f', 1, 64) + "x"
}

func recall(r float64) string { return strconv.FormatFloat(r, 'f', 2, 64) }

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
