package queue

import (
	"fmt"
	"testing"
)

func TestRingFIFO(t *testing.T) {
	for capacity := 1; capacity <= 96; capacity++ {
		for pushes := 0; pushes < 100; pushes += 1 {
			capacity, pushes := capacity, pushes
			t.Run(fmt.Sprintf("cap=%02d/push=%03d", capacity, pushes), func(t *testing.T) {
				r := New(capacity)
				accepted := 0
				for i := 0; i < pushes; i++ {
					if r.Push(i) {
						accepted++
					}
				}
				for i := 0; i < accepted; i++ {
					v, ok := r.Pop()
					if !ok || v != i {
						t.Fatalf("Pop #%d = %d, %v", i, v, ok)
					}
				}
				t.Logf("cap %d: %d of %d pushes accepted", capacity, accepted, pushes)
			})
		}
	}
}
