package gain

import (
	"io"
	"time"

	"github.com/headroom-cli/headroom/elision"
)

// An Original is a stored original as headroom ls lists it. What the
// ledger does not say (an original whose record was pruned or never
// written) comes from the original's metadata, and is zero where that
// does not say it either.
type Original struct {
	Time         time.Time `json:"time"`
	Hash         string    `json:"hash"`
	Store        string    `json:"store"`
	Dir          string    `json:"cwd,omitempty"`
	Via          string    `json:"via,omitempty"`
	Command      string    `json:"command,omitempty"`
	Exit         *int      `json:"exit,omitempty"`
	Reducer      string    `json:"reducer,omitempty"`
	BytesIn      int64     `json:"bytes_in"`
	BytesOut     int64     `json:"bytes_out,omitempty"`
	TokensIn     int64     `json:"tokens_in,omitempty"`
	TokensOut    int64     `json:"tokens_out,omitempty"`
	TokensApprox bool      `json:"tokens_approx,omitempty"`
}

// Originals describes stored originals, in the order given.
func Originals(stored []elision.Stored) []Original {
	out := make([]Original, 0, len(stored))
	for _, st := range stored {
		o := Original{Time: st.Time, Hash: st.Hash, Store: st.Store.Dir, BytesIn: st.Size}
		if r := st.Record; !r.Time.IsZero() {
			o.Dir, o.Via, o.Command, o.Exit, o.Reducer = r.Dir, r.Via, r.Command, r.Exit, r.Reducer
			o.BytesOut, o.TokensIn, o.TokensOut, o.TokensApprox = r.BytesOut, r.TokensIn, r.TokensOut, r.TokensApprox
		} else {
			o.Reducer, o.TokensIn, o.TokensApprox = st.Meta.Shape, st.Meta.Tokens, st.Meta.TokensApprox
		}
		out = append(out, o)
	}
	return out
}

// WriteList writes originals as a table, a line each.
func WriteList(w io.Writer, originals []Original, st Style) error {
	p := &printer{w: w, style: st}
	var tb table
	tb.add(p.title("time"), "command", "reducer", "bytes in", "view", "tokens in", "out", "hash")
	for _, o := range originals {
		cmd := Shown(o.Command, commandWidth)
		switch {
		case o.Via == "clip":
			cmd = Clipped
		case o.Command == "":
			cmd = "-"
		}
		tb.add(o.Time.Local().Format(minuteFormat), cmd, dash(Shown(o.Reducer, commandWidth)), elision.Thousands(o.BytesIn),
			number(o.BytesOut), tokensOrDash(o.TokensIn, o.TokensApprox), number(o.TokensOut), elision.Short(o.Hash))
	}
	tb.write(p, "lllrrrrl", nil)
	return p.err
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// number writes n, or - for a count that is not known.
func number(n int64) string {
	if n == 0 {
		return "-"
	}
	return elision.Thousands(n)
}

func tokensOrDash(n int64, approx bool) string {
	if n == 0 {
		return "-"
	}
	return tokens(n, approx)
}
