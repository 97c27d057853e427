package token

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// realisticMix returns about 1 MB of the kinds of text headroom filters:
// Go source, log lines, grep output, JSON and some non-English prose.
func realisticMix(tb testing.TB) []byte {
	var sb strings.Builder
	rng := rand.New(rand.NewPCG(3, 4))
	src := goSources(tb, []string{".go"}, 60, 8<<10)
	keys := slices.Sorted(maps.Keys(src))
	for _, k := range keys {
		sb.Write(src[k])
	}
	levels := []string{"INFO", "WARN", "ERROR", "DEBUG"}
	for i := range 3500 {
		fmt.Fprintf(&sb, "2024-05-%02dT%02d:%02d:%02d.%03dZ %-5s [worker-%d] request id=%08x method=GET path=/api/v1/users/%d status=%d duration=%.1fms\n",
			1+i%28, rng.IntN(24), rng.IntN(60), rng.IntN(60), rng.IntN(1000), levels[rng.IntN(4)],
			rng.IntN(8), rng.Uint32(), rng.IntN(100000), []int{200, 201, 404, 500}[rng.IntN(4)], rng.Float64()*500)
	}
	for _, k := range keys {
		for n, line := range strings.Split(string(src[k]), "\n") {
			if strings.Contains(line, "err") {
				fmt.Fprintf(&sb, "src%s:%d:%s\n", k, n+1, line)
			}
		}
	}
	type record struct {
		ID      int               `json:"id"`
		Name    string            `json:"name"`
		Email   string            `json:"email"`
		Active  bool              `json:"active"`
		Score   float64           `json:"score"`
		Tags    []string          `json:"tags"`
		Labels  map[string]string `json:"labels"`
		Created time.Time         `json:"created"`
	}
	var recs []record
	for i := range 800 {
		recs = append(recs, record{
			ID: i, Name: fmt.Sprintf("user-%d", rng.IntN(1e6)), Email: fmt.Sprintf("u%d@example.com", rng.IntN(1e6)),
			Active: rng.IntN(2) == 0, Score: rng.Float64() * 100, Tags: []string{"alpha", "beta", "gamma"}[:rng.IntN(4)],
			Labels:  map[string]string{"team": "core", "region": []string{"us-east-1", "eu-west-1"}[rng.IntN(2)]},
			Created: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(rng.IntN(1e6)) * time.Second),
		})
	}
	j, _ := json.MarshalIndent(recs, "", "  ")
	sb.Write(j)
	for range 300 {
		sb.WriteString("Привет, мир! Это строка журнала. 你好，世界。这是日志的一行。 Größe: 12 MiB — café naïve 🚀✅\n")
	}
	return []byte(sb.String())
}

func BenchmarkCount(b *testing.B) {
	inputs := map[string][]byte{"mix": realisticMix(b)}
	if corp := corpus(b); len(corp) > 0 {
		var all []byte
		for _, k := range slices.Sorted(maps.Keys(corp)) {
			all = append(all, corp[k]...)
		}
		inputs["corpus"] = all
	}
	for _, enc := range Encodings {
		for _, in := range slices.Sorted(maps.Keys(inputs)) {
			data := inputs[in]
			b.Run(enc+"/"+in+"/headroom", func(b *testing.B) {
				c := mustNew(b, enc)
				b.SetBytes(int64(len(data)))
				defer reportCPURate(b, len(data))()
				for b.Loop() {
					c.Count(data)
				}
			})
			// A process that counts one large output once starts with
			// empty piece caches.
			b.Run(enc+"/"+in+"/headroom-cold", func(b *testing.B) {
				c := mustNew(b, enc)
				b.SetBytes(int64(len(data)))
				defer reportCPURate(b, len(data))()
				for b.Loop() {
					clearCaches(c.enc.cache)
					c.Count(data)
				}
			})
			b.Run(enc+"/"+in+"/tiktoken", func(b *testing.B) {
				ref := reference(b, enc)
				b.SetBytes(int64(len(data)))
				defer reportCPURate(b, len(data))()
				for b.Loop() {
					ref.EncodeOrdinary(string(data))
				}
			})
		}
	}
}

// reportCPURate starts measuring CPU time; the function it returns reports
// MB processed per CPU-second. On a shared machine wall-clock MB/s mostly
// measures the other processes, while this stays comparable between runs.
func reportCPURate(b *testing.B, size int) func() {
	start, ok := cpuTime()
	return func() {
		end, _ := cpuTime()
		if ok && end > start {
			b.ReportMetric(float64(size)*float64(b.N)/1e6/(end-start).Seconds(), "MB/cpu-s")
		}
	}
}

func clearCaches(c *caches) {
	for i := range c.short {
		c.short[i].Store(0)
	}
	for i := range c.long {
		e := &c.long[i]
		e.seq.Store(0)
		e.meta.Store(0)
		for k := range e.words {
			e.words[k].Store(0)
		}
	}
}

const startText = "go: downloading example.com/mod v1.2.3\n"

// BenchmarkStart measures the time from nothing to the first count:
// creating a Counter and counting a line, and for tiktoken-go, parsing the
// vocabulary and building its encoder (bypassing its cache of parsed
// vocabularies, which would otherwise hide the cost after one iteration).
func BenchmarkStart(b *testing.B) {
	for _, enc := range Encodings {
		b.Run(enc+"/headroom", func(b *testing.B) {
			for b.Loop() {
				c, err := New(enc)
				if err != nil {
					b.Fatal(err)
				}
				c.Count([]byte(startText))
			}
		})
		b.Run(enc+"/tiktoken", func(b *testing.B) {
			specials := map[string]int{"<|endoftext|>": 0}
			for b.Loop() {
				ranks, err := loader.NewOfflineLoader().LoadTiktokenBpe(enc + ".tiktoken")
				if err != nil {
					b.Fatal(err)
				}
				bpe, err := tiktoken.NewCoreBPE(ranks, specials, patterns[enc])
				if err != nil {
					b.Fatal(err)
				}
				e := &tiktoken.Encoding{Name: enc, PatStr: patterns[enc], MergeableRanks: ranks, SpecialTokens: specials}
				tiktoken.NewTiktoken(bpe, e, nil).EncodeOrdinary(startText)
			}
		})
	}
}

// processStart is set during package initialisation, before any test code
// runs, so the cold-start child below can time from (nearly) process start.
var processStart = time.Now()

const coldEnv = "HEADROOM_TOKEN_COLD_START"

// BenchmarkStartCold runs a fresh process per iteration and reports, from
// inside it, the time from package initialisation to the end of the first
// count (init-to-count-ns/op, which includes the test framework's own
// start-up) and the time New plus the first Count took (first-count-ns/op,
// which includes faulting in the embedded table pages it touches).
func BenchmarkStartCold(b *testing.B) {
	for _, enc := range Encodings {
		b.Run(enc, func(b *testing.B) {
			var sinceInit, first int64
			for b.Loop() {
				cmd := exec.Command(os.Args[0], "-test.run=^TestColdStartChild$", "-test.count=1")
				cmd.Env = append(os.Environ(), coldEnv+"="+enc)
				out, err := cmd.Output()
				if err != nil {
					b.Fatalf("%v: %s", err, out)
				}
				sinceInit += childMetric(b, out, "init-to-count-ns=")
				first += childMetric(b, out, "first-count-ns=")
			}
			b.ReportMetric(float64(sinceInit)/float64(b.N), "init-to-count-ns/op")
			b.ReportMetric(float64(first)/float64(b.N), "first-count-ns/op")
		})
	}
}

func childMetric(b *testing.B, out []byte, key string) int64 {
	_, after, ok := strings.Cut(string(out), key)
	if !ok {
		b.Fatalf("no %s in child output %q", key, out)
	}
	ns, err := strconv.ParseInt(strings.Fields(after)[0], 10, 64)
	if err != nil {
		b.Fatal(err)
	}
	return ns
}

// TestColdStartChild is the child process of BenchmarkStartCold; it does
// nothing in a normal test run.
func TestColdStartChild(t *testing.T) {
	enc := os.Getenv(coldEnv)
	if enc == "" {
		t.Skip("only runs as BenchmarkStartCold's child")
	}
	start := time.Now()
	c, err := New(enc)
	if err != nil {
		t.Fatal(err)
	}
	c.Count([]byte(startText))
	end := time.Now()
	fmt.Printf("init-to-count-ns=%d first-count-ns=%d\n", end.Sub(processStart).Nanoseconds(), end.Sub(start).Nanoseconds())
}
