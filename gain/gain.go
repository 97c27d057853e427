// Package gain reports on the stores' ledgers: what clip and run took in,
// what they let out and what that saved (headroom gain), and which
// originals the stores hold (headroom ls).
package gain

import (
	"cmp"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/headroom-cli/headroom/elision"
)

// A Tally sums up records.
type Tally struct {
	Inputs  int `json:"inputs"`
	Clipped int `json:"clipped"`
	Passed  int `json:"passed"`
	// Uncounted is how many inputs passed through because their length
	// alone showed that they fit: their tokens were not counted, and they
	// count in the bytes only.
	Uncounted int   `json:"uncounted"`
	BytesIn   int64 `json:"bytes_in"`
	BytesOut  int64 `json:"bytes_out"`
	TokensIn  int64 `json:"tokens_in"`
	TokensOut int64 `json:"tokens_out"`
	// TokensSaved is TokensIn less TokensOut.
	TokensSaved int64 `json:"tokens_saved"`
	// TokensApprox is set when some of the counts are estimates: inputs
	// over 1 MiB are counted from their first MiB.
	TokensApprox bool `json:"tokens_approx,omitempty"`
}

func (t *Tally) add(r elision.Record) {
	t.Inputs++
	if r.Passed {
		t.Passed++
	} else {
		t.Clipped++
	}
	if r.Uncounted {
		t.Uncounted++
	}
	t.BytesIn += r.BytesIn
	t.BytesOut += r.BytesOut
	t.TokensIn += r.TokensIn
	t.TokensOut += r.TokensOut
	t.TokensSaved += r.TokensIn - r.TokensOut
	t.TokensApprox = t.TokensApprox || r.TokensApprox
}

// Percent returns the tokens saved as a percentage of the tokens in.
func (t Tally) Percent() float64 { return percent(t.TokensSaved, t.TokensIn) }

func percent(part, whole int64) float64 {
	if whole <= 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}

// A Group is the tally of the records that share a day, a reducer or a
// command.
type Group struct {
	Name string `json:"name"`
	Tally
}

// A Saving is one clipped original and what clipping it saved.
type Saving struct {
	Time         time.Time `json:"time"`
	Hash         string    `json:"hash"`
	Command      string    `json:"command"`
	Reducer      string    `json:"reducer"`
	TokensIn     int64     `json:"tokens_in"`
	TokensOut    int64     `json:"tokens_out"`
	TokensSaved  int64     `json:"tokens_saved"`
	TokensApprox bool      `json:"tokens_approx,omitempty"`
}

// A Summary is what headroom gain reports.
type Summary struct {
	// Stores are the stores whose ledgers were read.
	Stores []string `json:"stores"`
	// Since is the time of the oldest record taken, if a limit was given.
	Since *time.Time `json:"since,omitempty"`
	// First and Last are the times of the oldest and the newest record.
	First *time.Time `json:"first,omitempty"`
	Last  *time.Time `json:"last,omitempty"`
	Total Tally      `json:"total"`
	// Days are by the local date, oldest first.
	Days []Group `json:"days"`
	// Reducers tally the clipped inputs by the reducer that made their
	// view, Commands every input by its program: the command's name, with
	// its subcommand for tools that have them ("go test", "git diff"), or
	// "(clip)" for output piped into headroom clip. Both are ordered by
	// the tokens saved, most first.
	Reducers []Group `json:"reducers"`
	Commands []Group `json:"commands"`
	// Top are the largest savings, one per original, most first.
	Top []Saving `json:"top"`
}

// topSavings is how many of the largest savings a summary names.
const topSavings = 5

// Summarize sums up the records taken at since or later (all of them for
// a zero since), grouping days in loc.
func Summarize(recs []elision.Record, since time.Time, loc *time.Location) Summary {
	s := Summary{Days: []Group{}, Reducers: []Group{}, Commands: []Group{}, Top: []Saving{}}
	if !since.IsZero() {
		s.Since = &since
	}
	days, reducers, commands := map[string]*Tally{}, map[string]*Tally{}, map[string]*Tally{}
	top := map[string]Saving{}
	for _, r := range recs {
		if r.Time.Before(since) {
			continue
		}
		if s.First == nil || r.Time.Before(*s.First) {
			s.First = &r.Time
		}
		if s.Last == nil || r.Time.After(*s.Last) {
			s.Last = &r.Time
		}
		s.Total.add(r)
		tally(days, r.Time.In(loc).Format(time.DateOnly)).add(r)
		tally(commands, Program(r)).add(r)
		if r.Passed {
			continue
		}
		tally(reducers, r.Reducer).add(r)
		sv := Saving{Time: r.Time, Hash: r.Hash, Command: r.Command, Reducer: r.Reducer,
			TokensIn: r.TokensIn, TokensOut: r.TokensOut, TokensSaved: r.TokensIn - r.TokensOut, TokensApprox: r.TokensApprox}
		// Records come oldest first: of equal savings, the newest stays.
		if old, ok := top[r.Hash]; r.Hash != "" && (!ok || sv.TokensSaved >= old.TokensSaved) {
			top[r.Hash] = sv
		}
	}
	s.Days = groups(days, func(a, b Group) int { return strings.Compare(a.Name, b.Name) })
	s.Reducers = groups(reducers, bySaving)
	s.Commands = groups(commands, bySaving)
	for _, sv := range top {
		s.Top = append(s.Top, sv)
	}
	slices.SortFunc(s.Top, func(a, b Saving) int {
		return cmp.Or(cmp.Compare(b.TokensSaved, a.TokensSaved), b.Time.Compare(a.Time), strings.Compare(a.Hash, b.Hash))
	})
	s.Top = s.Top[:min(len(s.Top), topSavings)]
	return s
}

func tally(m map[string]*Tally, name string) *Tally {
	t := m[name]
	if t == nil {
		t = new(Tally)
		m[name] = t
	}
	return t
}

func groups(m map[string]*Tally, order func(a, b Group) int) []Group {
	g := make([]Group, 0, len(m))
	for name, t := range m {
		g = append(g, Group{Name: name, Tally: *t})
	}
	slices.SortFunc(g, order)
	return g
}

func bySaving(a, b Group) int {
	return cmp.Or(cmp.Compare(b.TokensSaved, a.TokensSaved), cmp.Compare(b.Inputs, a.Inputs), strings.Compare(a.Name, b.Name))
}

// Clipped is the name Program gives output piped into headroom clip.
const Clipped = "(clip)"

// subcommands are the programs whose first word after their options names
// what they do, so that "go test" and "go build" are told apart.
var subcommands = map[string]bool{
	"go": true, "git": true, "cargo": true, "npm": true, "pnpm": true, "yarn": true, "bun": true,
	"npx": true, "bunx": true, "pnpx": true, "deno": true, "uv": true, "poetry": true, "pip": true,
	"pip3": true, "kubectl": true, "oc": true, "docker": true, "podman": true, "helm": true,
	"terraform": true, "gh": true, "dotnet": true, "make": true, "gmake": true, "gradle": true,
	"gradlew": true, "mvn": true, "mvnw": true, "bazel": true, "bazelisk": true, "swift": true,
	"mix": true, "composer": true, "bundle": true, "rake": true, "nx": true, "turbo": true,
}

// takesValue are the options of those programs that come before the
// subcommand and take the next word as their value.
var takesValue = map[string]bool{"-C": true, "-c": true, "-f": true, "--git-dir": true, "--work-tree": true, "--namespace": true, "-n": true, "--context": true}

// Program returns the name under which gain groups a record: the
// program's name without its directory, with the subcommand of tools that
// have them ("go test", "git diff", "npm run"), or "python -m MODULE".
func Program(r elision.Record) string {
	if r.Via == "clip" {
		return Clipped
	}
	w := words(r.Command)
	for len(w) > 0 && (w[0] == "env" || isAssignment(w[0])) {
		w = w[1:]
	}
	if len(w) == 0 {
		return "(unknown)"
	}
	prog, args := path.Base(w[0]), w[1:]
	switch {
	case (prog == "python" || prog == "python3") && len(args) > 1 && args[0] == "-m":
		return prog + " -m " + args[1]
	case !subcommands[prog]:
		return prog
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if takesValue[args[0]] {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) > 0 && isWord(args[0]) {
		return prog + " " + args[0]
	}
	return prog
}

// isWord reports whether s reads as a subcommand: lower-case letters,
// digits and -, _, :, not a path or a value.
func isWord(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, c := range s {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == ':') {
			return false
		}
	}
	return true
}

func isAssignment(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	return ok && name != "" && strings.IndexFunc(name, func(c rune) bool {
		return !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_')
	}) < 0
}

// words splits a command line as run records it: words between spaces,
// with parts in single quotes and characters after a backslash taken as
// they are.
func words(s string) []string {
	var (
		out    []string
		b      strings.Builder
		quoted bool // inside single quotes
		word   bool // a word has started, if only with ''
	)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			b.WriteByte(c)
		case c == '\'':
			quoted, word = true, true
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
			word = true
		case c == ' ':
			if word {
				out = append(out, b.String())
				b.Reset()
				word = false
			}
		default:
			b.WriteByte(c)
			word = true
		}
	}
	if word {
		out = append(out, b.String())
	}
	return out
}
