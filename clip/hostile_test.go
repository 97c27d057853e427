package clip

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/headroom-cli/headroom/shape"
)

// hostile are odd and adversarial inputs that every reducer must survive:
// no panic, no hang, output never longer than input, the original back
// byte for byte.
func hostile(short bool) map[string][]byte {
	in := map[string][]byte{
		"empty":                nil,
		"one byte":             []byte("x"),
		"no final newline":     bytes.Repeat([]byte("line without end "), 2000),
		"crlf":                 bytes.Repeat([]byte("error: crlf line\r\n"), 3000),
		"invalid utf-8":        bytes.Repeat([]byte("\xff\xfe\xc3(\xe2\x82 bad \xf0\x28\x8c\x28\n"), 3000),
		"nul bytes":            bytes.Repeat([]byte("a\x00b\x00\n"), 5000),
		"ansi and cr storm":    bytes.Repeat([]byte("\x1b[2K\r\x1b[1;31m 42% [=====>   ]\x1b[0m\r\x1b[A\x1b["), 5000),
		"json nested deep":     []byte(strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)),
		"json objects deep":    []byte(strings.Repeat(`{"a":`, 50_000) + "1" + strings.Repeat("}", 50_000)),
		"huge number":          []byte(`{"n": ` + strings.Repeat("9", 200_000) + `}`),
		"huge string":          []byte(`["` + strings.Repeat("s", 300_000) + `"]`),
		"diff without hunks":   bytes.Repeat([]byte("diff --git a/x b/x\nindex 123..456 100644\n--- a/x\n+++ b/x\n"), 2000),
		"grep colons in paths": bytes.Repeat([]byte("a:b:c/d:e.go:12:34: text: with: colons\nC:\\dir\\f.go:3:x\n"), 2000),
		"only newlines":        bytes.Repeat([]byte("\n"), 100_000),
		"long line":            bytes.Repeat([]byte("minified();"), 100_000),
	}
	if !short {
		in["50 MB single line"] = bytes.Repeat([]byte("0123456789abcdef"), 50<<20/16)
		in["ten million tiny lines"] = bytes.Repeat([]byte("a\n"), 10_000_000)
	}
	return in
}

func TestHostileInput(t *testing.T) {
	kinds := []shape.Kind{"", shape.Grep, shape.Log, shape.Diff, shape.JSON, shape.Text, shape.Listing, shape.Outline}
	for name, in := range hostile(testing.Short()) {
		inTokens := counter.Count(in)
		for _, kind := range kinds {
			t.Run(fmt.Sprintf("%s/%s", name, kindName(kind)), func(t *testing.T) {
				o := options(t, 500)
				o.Kind = kind
				var out, again bytes.Buffer
				res, err := Clip(bytes.NewReader(in), &out, o)
				if err != nil {
					t.Fatal(err)
				}
				if res.Warning != "" {
					t.Fatalf("failed open: %s", res.Warning)
				}
				if n := counter.Count(out.Bytes()); n > inTokens {
					t.Fatalf("output %d tokens, input %d", n, inTokens)
				}
				if !res.Clipped {
					if !bytes.Equal(out.Bytes(), in) {
						t.Fatal("passed through, but changed")
					}
					return
				}
				if n := counter.Count(out.Bytes()); n > o.Budget {
					t.Errorf("view has %d tokens, budget %d", n, o.Budget)
				}
				if !bytes.Equal(expand(t, o, res.Entry), in) {
					t.Fatal("expand differs from the input")
				}
				if _, err := Clip(bytes.NewReader(in), &again, o); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out.Bytes(), again.Bytes()) {
					t.Error("not deterministic")
				}
			})
		}
	}
}

func kindName(k shape.Kind) string {
	if k == "" {
		return "auto"
	}
	return string(k)
}
