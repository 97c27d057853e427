package cmd

import (
	"errors"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/headroom-cli/headroom/clip"
	"github.com/headroom-cli/headroom/elision"
)

// maxCommand is the longest command line a record keeps, in bytes: a
// script given to sh -c can be long, and the ledger is for counting.
const maxCommand = 2000

// recordClip appends what clip did with its input to a store's ledger;
// passed is passedLedger's store.
func recordClip(passed *elision.Store, res clip.Result) {
	record(passed, res, elision.Record{Time: time.Now(), Via: "clip"})
}

// recordRun appends what run did with its command's output to a store's
// ledger: the command, as the shell would take it, and its exit status.
func recordRun(c *cobra.Command, passed *elision.Store, res clip.Result, exitErr error) {
	r := elision.Record{Time: time.Now(), Via: "run", Command: shellQuote(c.Flags().Args())}
	var ee *exitError
	switch {
	case exitErr == nil:
		r.Exit = new(int)
	case errors.As(exitErr, &ee):
		r.Exit = &ee.code
	}
	record(passed, res, r)
}

// record completes r from res and appends it to the ledger of the store
// that holds the original, or, for an input that was not clipped, of
// passed (see passedLedger), if any. Errors are dropped: the ledger never
// costs the output, or a line on stderr.
func record(passed *elision.Store, res clip.Result, r elision.Record) {
	r.Time = r.Time.UTC().Truncate(time.Second)
	r.Dir, _ = os.Getwd()
	r.Reducer = string(res.Kind)
	r.Passed = !res.Clipped
	r.Warning = res.Warning
	r.BytesIn, r.BytesOut = res.Size, res.Size
	r.TokensIn, r.TokensOut, r.TokensApprox = res.TokensIn, res.TokensIn, res.TokensApprox
	r.Uncounted = res.TokensIn == 0 && res.Size > 0
	if res.Clipped {
		r.BytesOut, r.TokensOut, r.Hash = res.ViewSize, res.TokensOut, res.Entry.Hash
		res.Store.Record(r)
		return
	}
	if passed != nil {
		passed.Record(r)
	}
}

// passedLedger returns the store whose ledger records input that was not
// clipped, or nil: the work tree's store if it exists, or, where there is
// none (the current directory is not the user's alone), the first
// fallback that exists. No store is made to count output that did not
// need one, and output that passes through in a work tree without a
// store is not counted in the fallbacks, which every work tree shares.
// It is looked up once, before the input is read: whether the input's
// tokens are counted depends on it too.
func passedLedger(loc elision.Location) *elision.Store {
	if loc.Primary.Dir != "" {
		if _, err := os.Lstat(loc.Primary.Dir); err != nil {
			return nil
		}
		return &loc.Primary
	}
	for _, s := range loc.Fallbacks {
		if _, err := os.Lstat(s.Dir); err == nil {
			return &s
		}
	}
	return nil
}

// shellQuote writes argv as a POSIX shell would read it back: words of
// plain characters as they are, others in single quotes. A line longer
// than maxCommand is cut, and ends with "…".
func shellQuote(argv []string) string {
	s := shellJoin(argv)
	if len(s) <= maxCommand {
		return s
	}
	cut := maxCommand
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// needsQuote reports whether r means something to a shell, or may: only
// letters, digits and a few punctuation marks are left bare.
func needsQuote(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return false
	}
	return !strings.ContainsRune("-_./:=@%+,~", r)
}
