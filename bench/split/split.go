// Package split divides the corpus of tool output into the tune set,
// which reducers and the sniffer are developed against, and the check set,
// which measures them on output they were not tuned for. It is a package of
// its own so that the reducers' and the sniffer's tests can keep to the
// tune set without depending on bench.
package split

import (
	"crypto/sha256"
	"strings"
)

// The sets a sample belongs to. Reducers and the sniffer are developed
// against the tune set; the check set measures them on output they were
// not tuned for.
const (
	Tune  = "tune"
	Check = "check"
)

// Sets lists the values --set accepts: one set, or both.
var Sets = []string{Tune, Check, "all"}

// checkBelow is the split: a sample is in the check set when the first byte
// of the SHA-256 of its name is below it. 86 of 256 values is about a third.
// The rule looks at nothing but the name, so that adding, recapturing or
// measuring samples never moves one from a set to the other.
const checkBelow = 86

// Of returns the set of the sample named name (its file name without
// .out): Check or Tune.
func Of(name string) string {
	if sum := sha256.Sum256([]byte(name)); sum[0] < checkBelow {
		return Check
	}
	return Tune
}

// Shapes are the kinds of output a sample's name can start with, followed
// by a hyphen: the shape a good sniffer should find in it. listing (path
// lists, ls -l, find, tree, dpkg -l, ps) and outline (source code and
// documentation) have no reducer of their own yet.
var Shapes = []string{"grep", "log", "diff", "json", "text", "listing", "outline"}

// Expected returns the shape that the name of a sample announces, or ""
// when it starts with none of Shapes.
func Expected(name string) string {
	prefix, _, ok := strings.Cut(name, "-")
	if !ok {
		return ""
	}
	for _, s := range Shapes {
		if prefix == s {
			return s
		}
	}
	return ""
}
