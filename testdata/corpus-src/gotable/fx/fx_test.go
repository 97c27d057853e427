package fx

import (
	"fmt"
	"testing"
)

func TestConvertIdentity(t *testing.T) {
	for c := int64(-1000); c <= 1000; c += 10 {
		t.Run(fmt.Sprintf("cents=%d", c), func(t *testing.T) {
			if got := Convert(c, 1000000); got != c {
				t.Errorf("Convert(%d, 1.0) = %d", c, got)
			}
		})
	}
}

func TestConvertHalf(t *testing.T) {
	for c := int64(0); c < 100; c++ {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			got := Convert(c, 500000)
			want := (c + 1) / 2
			if got != want {
				t.Errorf("Convert(%d, 0.5) = %d, want %d", c, got, want)
			}
		})
	}
}
