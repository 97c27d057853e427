package pool

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestMain(m *testing.M) {
	// Crash reports from CI must show every goroutine.
	debug.SetTraceback("all")
	os.Exit(m.Run())
}

func TestSubmitAcrossShards(t *testing.T) {
	p := New(600, 8)
	total := 0
	for i := 0; i <= 8; i++ {
		total += p.Submit(Task{Shard: i, Value: i + 1})
	}
	t.Logf("total %d", total)
}
