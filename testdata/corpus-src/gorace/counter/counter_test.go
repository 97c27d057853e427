package counter

import (
	"fmt"
	"sync"
	"testing"
)

func TestRouteCounts(t *testing.T) {
	h := NewHits()
	for i := 0; i < 50; i++ {
		h.Record(fmt.Sprintf("/r/%d", i%5))
	}
	for i := 0; i < 5; i++ {
		if got := h.Route(fmt.Sprintf("/r/%d", i)); got != 10 {
			t.Errorf("Route(/r/%d) = %d, want 10", i, got)
		}
	}
}

func TestConcurrentRecord(t *testing.T) {
	h := NewHits()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				h.Record(fmt.Sprintf("/api/v1/items/%d", g))
			}
		}(g)
	}
	wg.Wait()
	if got := h.Total(); got != 800 {
		t.Errorf("Total() = %d, want 800", got)
	}
}
