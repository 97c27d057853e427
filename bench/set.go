package bench

import "github.com/headroom-cli/headroom/bench/split"

// Select returns the samples of set, Tune or Check, in order; "all" or ""
// selects every sample.
func Select(samples []Sample, set string) []Sample {
	if set == "all" || set == "" {
		return samples
	}
	var out []Sample
	for _, s := range samples {
		if split.Of(s.Name) == set {
			out = append(out, s)
		}
	}
	return out
}
