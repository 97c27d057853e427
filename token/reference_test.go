package token

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// tiktoken-go is the reference implementation; it is only used by tests.

// patterns are the pre-tokenizer regular expressions of tiktoken-go's
// encodings, used to check piece boundaries directly.
var patterns = map[string]string{
	"o200k_base": strings.Join([]string{
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
		`\p{N}{1,3}`,
		` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
		`\s*[\r\n]+`,
		`\s+(?!\S)`,
		`\s+`,
	}, "|"),
	"cl100k_base": `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
}

var (
	setLoaderOnce sync.Once
	refs          = map[string]*refEncoding{"o200k_base": {}, "cl100k_base": {}}
	regexps       = map[string]*regexp2.Regexp{}
)

type refEncoding struct {
	once sync.Once
	enc  *tiktoken.Tiktoken
	err  error
}

// reference returns tiktoken-go's encoder, loaded once per test binary.
func reference(tb testing.TB, name string) *tiktoken.Tiktoken {
	tb.Helper()
	r := refs[name]
	r.once.Do(func() {
		setLoaderOnce.Do(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
		r.enc, r.err = tiktoken.GetEncoding(name)
	})
	if r.err != nil {
		tb.Fatal(r.err)
	}
	return r.enc
}

// compileRegexps is lazy so that processes that never compare splits, such
// as BenchmarkStartCold's children, do not pay for it.
var compileRegexps = sync.OnceFunc(func() {
	for name, p := range patterns {
		regexps[name] = regexp2.MustCompile(p, regexp2.None)
	}
})

func mustNew(tb testing.TB, name string) *Counter {
	tb.Helper()
	c, err := New(name)
	if err != nil {
		tb.Fatal(err)
	}
	if err := c.Load(); err != nil {
		tb.Fatal(err)
	}
	return c
}

// checkCount fails t if c disagrees with tiktoken-go on b, with a diagnosis
// of where they part ways.
func checkCount(t testing.TB, c *Counter, label string, b []byte) {
	t.Helper()
	want := len(reference(t, c.Name()).EncodeOrdinary(string(b)))
	// Count twice: the second time, pieces come from the caches.
	if got, again := c.Count(b), c.Count(b); got != want || again != want {
		t.Errorf("%s: %s: Count = %d then %d, tiktoken-go = %d\n%s\ninput: %s",
			c.Name(), label, got, again, want, explain(t, c, b), quote(b, 400))
	}
}

// explain locates the first piece where the pre-tokenizer or the merge
// count differs from the reference.
func explain(t testing.TB, c *Counter, b []byte) string {
	s := b
	if !utf8.Valid(s) {
		s = sanitize(s)
	}
	ours := ourPieces(c, s)
	theirs := regexPieces(c.Name(), s)
	for i := range min(len(ours), len(theirs)) {
		if ours[i] != theirs[i] {
			return fmt.Sprintf("first split difference at piece %d: ours %s, regexp2 %s (context %s)",
				i, quote(s[ours[i][0]:ours[i][1]], 80), quote(s[theirs[i][0]:theirs[i][1]], 80),
				quote(s[max(0, ours[i][0]-20):min(len(s), ours[i][1]+20)], 120))
		}
	}
	if len(ours) != len(theirs) {
		return fmt.Sprintf("splits agree on a common prefix but have %d vs %d pieces", len(ours), len(theirs))
	}
	ref := reference(t, c.Name())
	for _, p := range ours {
		piece := s[p[0]:p[1]]
		if got, want := c.enc.pieceCount(piece), len(ref.EncodeOrdinary(string(piece))); got != want {
			return fmt.Sprintf("splits agree; piece %s counts %d, tiktoken-go %d", quote(piece, 200), got, want)
		}
	}
	return "splits and per-piece counts agree (?)"
}

// ourPieces returns the byte ranges of the pieces of valid UTF-8 text s.
func ourPieces(c *Counter, s []byte) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		var j int
		if c.enc.o200k {
			j = splitO200K(s, i)
		} else {
			j = splitCL100K(s, i)
		}
		if j <= i {
			panic(fmt.Sprintf("split made no progress at %d", i))
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// regexPieces returns the byte ranges of regexp2's matches in valid UTF-8
// text s, converting regexp2's rune offsets.
func regexPieces(name string, s []byte) [][2]int {
	runeToByte := make([]int, 0, len(s)+1)
	for i := range string(s) {
		runeToByte = append(runeToByte, i)
	}
	runeToByte = append(runeToByte, len(s))
	compileRegexps()
	var out [][2]int
	m, err := regexps[name].FindStringMatch(string(s))
	for ; m != nil && err == nil; m, err = regexps[name].FindNextMatch(m) {
		out = append(out, [2]int{runeToByte[m.Index], runeToByte[m.Index+m.Length]})
	}
	if err != nil {
		panic(err)
	}
	return out
}

func quote(b []byte, limit int) string {
	if len(b) > limit {
		return fmt.Sprintf("%q... (%d bytes)", b[:limit], len(b))
	}
	return fmt.Sprintf("%q", b)
}

// alphabet holds runes chosen to exercise every branch of the two
// patterns: each Unicode category they mention, whitespace that is and is
// not \s, case-folding oddities near the contraction letters, non-BMP runes,
// and the bytes of special tokens.
var alphabet = []rune{
	'a', 'z', 'A', 'Z', 's', 'S', 't', 'T', 'r', 'R', 'e', 'E', 'v', 'V', 'm', 'M',
	'l', 'L', 'd', 'D', 'x', 'Q', '\'', '\'', '\'', ' ', ' ', ' ', '\t', '\n', '\n', '\r',
	'\v', '\f', '0', '1', '9', '/', '/', '.', ',', '-', '_', '<', '|', '>', '"', '{',
	'}', '(', ')', '#', '*', '=', '\\', ':', ';', '!', '?', '@', '$', '%', '&', '+',
	'\u00a0', '\u0085', '\u2028', '\u2029', '\u3000', '\u1680', '\u2003', '\u202f', '\u200b', '\ufeff', '\u0000', '\u001c', '\u001f', '\u007f',
	'\u0301', '\u0308', '\u0903', '\u20dd', '\u064b', '\ufe0f', '\u200d', '\u200c',
	'\u02b0', '\u02c6', '\u01c5', '\u1f88', '\u05d0', '\u0627', '\u4e2d', '\u6587', '\u3042', '\u30ab', '\uac00',
	'\u0416', '\u0436', '\u0401', '\u0451', '\u03a3', '\u03c3', '\u03c2', '\u00df', '\u1e9e', '\u00e9', '\u00c9',
	'\u0660', '\u0669', '\u2160', '\u2167', '\u00bd', '\u00b2', '\uff10', '\u0e51', '\u09e6', '\u3007',
	'\U0001f600', '\U0001f44d', '\U0001f3fb', '\U0001f1fa', '\U0001f1f8', '\u2764', '\u2122', '\u00a9', '\u20ac',
	'\u0130', '\u0131', '\u212a', '\u212b', '\u017f', '\ufb01', '\ufffd', '\U00010400', '\U00010428',
	'\U0001d7ce', '\U0001d400', '\ue000', '\U000f0000', '\u00ad', '\u2019', '\u2018', '\uff07',
}

// expand maps each byte of b to a rune of alphabet, turning arbitrary fuzz
// input into text dense in the cases the pre-tokenizers distinguish.
func expand(b []byte) []byte {
	out := make([]byte, 0, 2*len(b))
	for _, x := range b {
		out = utf8.AppendRune(out, alphabet[int(x)%len(alphabet)])
	}
	return out
}

// tricky are hand-picked inputs; they also seed FuzzCount.
var tricky = []string{
	"", "a", " ", "\n", "'", "'s", "'S", "'sa", "'ll", "'LL", "'Ll", "'lL", "'re", "'Re", "'rE", "'r", "'l", "'v",
	"don't", "DON'T", "I'M", "we'Ve", "they're", "it's's", "x'll've", "'''s", "a'S'T'D'M", "' s", "'\u212a",
	"he\u0130'S", "\u0301's", "HELLO world", "HelloWorld", "helloWorld", "ABCdef GHI", "Dž\u01c5a",
	"<|endoftext|>", "<|endofprompt|>", "<|fim_prefix|>x<|fim_middle|>y<|fim_suffix|>", "<|endoftext|><|endoftext|>",
	"\r\n", "a\r\nb", "a\r\n\r\n\r\nb", " \r\n ", "\n\n\n", "x  \n  y", "x \t \n\t y", "  ", "   a", "\t\ta",
	"a    ", "a\u3000\u3000b", "\u00a0a", "\u0085\u0085x", "\u2028\u2029", "a\u00a0\u00a0b",
	"0", "12", "123", "1234", "12345678901234567890", "3.14159", "1,000,000", "\u0660\u0661\u0662\u0663", "\u00bd\u00b2\u2160x",
	"!!!", " !!!", "  !!!", "!!!\n\n", "a/b/c", "http://example.com/a/b?c=d", "+/\n/", "--\r\n//\r\n", "...///\n\r",
	"\u4e2d\u6587\u6587\u672c", "\u041f\u0440\u0438\u0432\u0435\u0442 \u043c\u0438\u0440", "\u0645\u0631\u062d\u0628\u0627", "\u3053\u3093\u306b\u3061\u306f",
	"\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f44d\U0001f3fb", "e\u0301\u0301\u0301", "\u0301\u0301abc", "A\u0301B\u02b0C", "\u05d0\u05b8",
	"\xff", "\xff\xfe", "a\xffb", "\xe2\x82", "\xe2\x82x", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\xef\xbf\xbd\xff",
	"func main() {\n\tfmt.Println(\"hi\")\n}\n", `{"a": [1, 2, 3], "b": {"c": null}}`,
	"2024-01-02T03:04:05Z ERROR something failed: exit status 1\n",
	"main.go:12:\tif err != nil {", strings.Repeat("=", 300), strings.Repeat(" ", 300) + "x",
	strings.Repeat("a", 1000), strings.Repeat("ab", 700), strings.Repeat("\u4e2d", 500), strings.Repeat("9", 100),
	strings.Repeat("\n", 50) + "x", strings.Repeat(" \n", 50), strings.Repeat("Ab", 300), strings.Repeat("'s", 100),
}

// goSources returns up to n files under GOROOT/src whose names end in one
// of exts, spread evenly over the tree, each cut to at most limit bytes.
func goSources(tb testing.TB, exts []string, n, limit int) map[string][]byte {
	tb.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skipf("go env GOROOT: %v", err)
	}
	root := filepath.Join(strings.TrimSpace(string(goroot)), "src")
	var paths []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && slices.Contains(exts, filepath.Ext(p)) {
			paths = append(paths, p)
		}
		return nil
	})
	if len(paths) == 0 {
		tb.Logf("no files in %s", root)
		return nil
	}
	out := map[string][]byte{}
	step := max(1, len(paths)/n)
	for i := 0; i < len(paths) && len(out) < n; i += step {
		b, err := os.ReadFile(paths[i])
		if err != nil {
			continue
		}
		out[strings.TrimPrefix(paths[i], root)] = b[:min(len(b), limit)]
	}
	return out
}

// corpus returns the files under the repository's testdata/corpus, if any.
func corpus(tb testing.TB) map[string][]byte {
	tb.Helper()
	root := filepath.Join("..", "testdata", "corpus")
	out := map[string][]byte{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if b, err := os.ReadFile(p); err == nil {
				out[p] = b
			}
		}
		return nil
	})
	return out
}

// generated returns pseudo-random inputs of the kinds the brief worries
// about, reproducibly.
func generated() map[string][]byte {
	rng := rand.New(rand.NewPCG(1, 2))
	out := map[string][]byte{}
	for i := range 60 {
		b := make([]byte, 1+rng.IntN(1500))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		out[fmt.Sprintf("random bytes %d", i)] = b
	}
	for i := range 200 {
		b := make([]byte, 1+rng.IntN(600))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		out[fmt.Sprintf("alphabet %d", i)] = expand(b)
	}
	// Text with sparse corruption: valid runs broken by stray bytes.
	for i := range 40 {
		b := expand([]byte(fmt.Sprint(rng.Uint64(), rng.Uint64(), rng.Uint64())))
		for range 1 + rng.IntN(4) {
			k := rng.IntN(len(b))
			b[k] = byte(0x80 + rng.IntN(0x80))
		}
		out[fmt.Sprintf("corrupted %d", i)] = b
	}
	pick := func(parts ...string) string { return parts[rng.IntN(len(parts))] }
	for i := range 40 {
		var sb strings.Builder
		for range 200 {
			switch rng.IntN(8) {
			case 0:
				sb.WriteString(strings.Repeat(pick(" ", "\t", "\n", "\r\n", " \n", "\u3000", "\u00a0"), 1+rng.IntN(40)))
			case 1:
				sb.WriteString(strings.Repeat(pick("0", "7", "42", "\u0663", "\uff11"), 1+rng.IntN(12)))
			case 2:
				sb.WriteString(pick("'s", "'S", "'ll", "'LL", "'Re", "'rE", "'ve", "'VE", "'m", "'D", "'t", "'"))
			case 3:
				sb.WriteString(pick("<|endoftext|>", "<|endofprompt|>", "<|fim_middle|>", "<|", "|>"))
			case 4:
				sb.WriteString(pick("\u4e2d\u6587", "\u041f\u0440\u0438\u0432\u0435\u0442", "\u0645\u0631\u062d\u0628\u0627", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "e\u0301", "\U0001f44d\U0001f3fb", "\u0915\u094d\u0937"))
			case 5:
				sb.WriteString(pick("hello", "World", "HTTP", "camelCase", "snake_case", "XMLHttpRequest", "i", "A"))
			case 6:
				sb.WriteString(pick("\r\n", "\r", "\n\n", "//", "/*", "{}", "!=", "==>", "...", ":"))
			default:
				sb.WriteString(pick(" ", "  ", "\t"))
			}
		}
		out[fmt.Sprintf("mixed %d", i)] = []byte(sb.String())
	}
	return out
}
