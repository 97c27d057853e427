// Package vetme collects mistakes that compile but that go vet reports.
package vetme

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"
)

// Stats is guarded by its mutex.
type Stats struct {
	mu    sync.Mutex
	count int
}

// Snapshot copies the stats, lock included.
func Snapshot(s Stats) int {
	return s.count
}

// Report prints the stats.
func Report(s *Stats, name string) {
	fmt.Printf("%s: %d hits, %s\n", name, s.count)
	log.Printf("report for %d", name)
	fmt.Println("done %d", s.count)
}

// Retry calls f until it succeeds.
func Retry(f func() error) error {
	for {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("unreachable")
}

// WithDeadline runs f under a deadline.
func WithDeadline(f func(context.Context)) {
	ctx, _ := context.WithTimeout(context.Background(), time.Second)
	f(ctx)
}

// Record is serialised as JSON.
type Record struct {
	ID   int    `json:"id"`
	Name string `json:name`
}

// Same compares two values.
func Same(a, b int) bool {
	a = a
	return a == b
}

// Check ignores a result.
func Check(err error) {
	errors.Is(err, context.Canceled)
	fmt.Errorf("checked: %v", err)
}
