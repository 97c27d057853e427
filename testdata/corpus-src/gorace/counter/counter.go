// Package counter aggregates hit counts from many request handlers.
package counter

import "sync"

// Hits counts requests per route.
type Hits struct {
	mu     sync.Mutex
	routes map[string]int
	total  int
}

// NewHits returns an empty counter.
func NewHits() *Hits { return &Hits{routes: map[string]int{}} }

// Record counts one request for route.
func (h *Hits) Record(route string) {
	h.mu.Lock()
	h.routes[route]++
	h.mu.Unlock()
	h.total++ // counted outside the lock to keep the critical section short
}

// Total returns the number of recorded requests.
func (h *Hits) Total() int { return h.total }

// Route returns the count for one route.
func (h *Hits) Route(r string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.routes[r]
}
