package reduce

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// logRecords returns n records like a service's structured log: a few
// levels, services and messages, ids and numbers that differ in each,
// an error field on the failures.
func logRecords(n int) []map[string]any {
	levels := []string{"debug", "info", "info", "info", "warn", "error"}
	services := []string{"api", "worker", "scheduler", "auth", "billing"}
	messages := []string{"request served", "job started", "job finished", "cache miss", "retrying upstream", "connection reset by peer", "slow query"}
	seed := uint64(7)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	recs := make([]map[string]any, n)
	for i := range recs {
		r := map[string]any{
			"ts":         fmt.Sprintf("2026-11-27T%02d:%02d:%02d.%03dZ", i/3600000%24, i/60000%60, i/1000%60, i%1000),
			"level":      levels[next(len(levels))],
			"service":    services[next(len(services))],
			"msg":        messages[next(len(messages))],
			"request_id": fmt.Sprintf("%08x%08x", next(1<<30), next(1<<30)),
			"latency_ms": next(3000),
			"path":       fmt.Sprintf("/v1/orders/%d", next(100000)),
			"status":     []int{200, 200, 201, 404, 500}[next(5)],
			"user":       map[string]any{"id": next(1000000), "region": []string{"eu-west-1", "us-east-1"}[next(2)]},
		}
		if r["level"] == "error" {
			r["error"] = fmt.Sprintf("upstream %s: context deadline exceeded", services[next(len(services))])
		}
		recs[i] = r
	}
	return recs
}

// BenchmarkJSONLines40MB reduces 40 MB of JSON Lines, one log record a
// line: a run of values the reducer holds whole and reads record by
// record.
func BenchmarkJSONLines40MB(b *testing.B) {
	var input bytes.Buffer
	for _, r := range logRecords(40 << 20 / 270) {
		line, _ := json.Marshal(r)
		input.Write(line)
		input.WriteByte('\n')
	}
	benchChunks(b, newJSON, input.Bytes())
}

// BenchmarkJSONRecordArray20MB reduces a 20 MB indented array of log
// records: one document, a record list.
func BenchmarkJSONRecordArray20MB(b *testing.B) {
	input, _ := json.MarshalIndent(logRecords(20<<20/330), "", "  ")
	benchChunks(b, newJSON, input)
}
