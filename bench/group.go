package bench

import (
	"slices"

	"github.com/headroom-cli/headroom/bench/split"
)

// Group totals the results of one set and one shape.
type Group struct {
	// Set is Check, Tune or "all"; Shape is the shape the samples' names
	// announce (the kind clip took them for when they announce none), or
	// "all".
	Set          string `json:"set"`
	Shape        string `json:"shape"`
	Samples      int    `json:"samples"`
	TokensIn     int    `json:"tokens_in"`
	TokensOut    int    `json:"tokens_out"`
	NeedlesKept  int    `json:"needles_kept"`
	NeedlesTotal int    `json:"needles_total"`
	// Recall is the macro needle recall: the mean, over the samples that
	// have needles, of the share of its needles a view kept. Unlike
	// NeedlesKept/NeedlesTotal, a sample with 40 needles weighs no more than
	// one with 4.
	Recall float64 `json:"recall"`
	// AllKept counts the samples whose view kept every needle.
	AllKept int `json:"all_kept"`
	// Misclassified counts the samples clip took for another kind of output
	// than their names announce.
	Misclassified int        `json:"misclassified"`
	Baseline      *GroupSide `json:"baseline,omitempty"`
	Cmd           *GroupSide `json:"cmd,omitempty"`
}

// GroupSide totals what a baseline or another filter made of a group.
type GroupSide struct {
	TokensOut    int     `json:"tokens_out"`
	NeedlesKept  int     `json:"needles_kept"`
	NeedlesTotal int     `json:"needles_total"`
	Recall       float64 `json:"recall"`
	AllKept      int     `json:"all_kept"`
}

// Groups totals results per set (Check first) and, within a set, per shape
// (in the order of split.Shapes, then others by name), each set ending with a row
// for all its shapes; when the results hold both sets, the same rows follow
// for both sets together.
func Groups(rs []Result) []Group {
	var sets []string
	for _, set := range []string{split.Check, split.Tune} {
		if slices.ContainsFunc(rs, func(r Result) bool { return r.Set == set }) {
			sets = append(sets, set)
		}
	}
	if len(sets) > 1 {
		sets = append(sets, "all")
	}
	var out []Group
	for _, set := range sets {
		var in []Result
		for _, r := range rs {
			if set == "all" || r.Set == set {
				in = append(in, r)
			}
		}
		for _, sh := range groupShapes(in) {
			var of []Result
			for _, r := range in {
				if groupShape(r) == sh {
					of = append(of, r)
				}
			}
			out = append(out, group(set, sh, of))
		}
		out = append(out, group(set, "all", in))
	}
	return out
}

// groupShape is the shape a result is counted under.
func groupShape(r Result) string {
	if r.Expected != "" {
		return r.Expected
	}
	return r.Kind
}

// groupShapes lists the shapes of rs in the order Groups gives them.
func groupShapes(rs []Result) []string {
	var known, other []string
	for _, r := range rs {
		sh := groupShape(r)
		switch {
		case slices.Contains(split.Shapes, sh):
			if !slices.Contains(known, sh) {
				known = append(known, sh)
			}
		case !slices.Contains(other, sh):
			other = append(other, sh)
		}
	}
	slices.SortFunc(known, func(a, b string) int {
		return slices.Index(split.Shapes, a) - slices.Index(split.Shapes, b)
	})
	slices.Sort(other)
	return append(known, other...)
}

func group(set, sh string, rs []Result) Group {
	g := Group{Set: set, Shape: sh, Samples: len(rs)}
	var own, base, cmd recallSum
	for _, r := range rs {
		g.TokensIn += r.TokensIn
		g.TokensOut += r.TokensOut
		g.NeedlesKept += r.NeedlesKept
		g.NeedlesTotal += r.NeedlesTotal
		if r.Misclassified {
			g.Misclassified++
		}
		own.add(r.NeedlesKept, r.NeedlesTotal)
		g.Baseline = addGroupSide(g.Baseline, r.Baseline, &base)
		g.Cmd = addGroupSide(g.Cmd, r.Cmd, &cmd)
	}
	g.Recall, g.AllKept = own.mean(), own.all
	if g.Baseline != nil {
		g.Baseline.Recall, g.Baseline.AllKept = base.mean(), base.all
	}
	if g.Cmd != nil {
		g.Cmd.Recall, g.Cmd.AllKept = cmd.mean(), cmd.all
	}
	return g
}

func addGroupSide(sum *GroupSide, s *Side, rc *recallSum) *GroupSide {
	if s == nil {
		return sum
	}
	if sum == nil {
		sum = &GroupSide{}
	}
	sum.TokensOut += s.TokensOut
	sum.NeedlesKept += s.NeedlesKept
	sum.NeedlesTotal += s.NeedlesTotal
	rc.add(s.NeedlesKept, s.NeedlesTotal)
	return sum
}

// recallSum adds up the shares of needles kept, sample by sample.
type recallSum struct {
	sum float64
	n   int // samples with needles
	all int // samples that kept every needle, those without needles included
}

func (rc *recallSum) add(kept, total int) {
	if kept == total {
		rc.all++
	}
	if total > 0 {
		rc.sum += float64(kept) / float64(total)
		rc.n++
	}
}

func (rc *recallSum) mean() float64 {
	if rc.n == 0 {
		return 0
	}
	return rc.sum / float64(rc.n)
}
