package sku

import (
	"fmt"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	families := []string{"wid", "gad", "bolt", "nut", "gear"}
	for _, fam := range families {
		for n := 0; n < 40; n++ {
			t.Run(fmt.Sprintf("%s/%d", fam, n), func(t *testing.T) {
				c := Make(fam, n)
				f, got, err := Parse(c)
				if err != nil {
					t.Fatal(err)
				}
				if got != n || len(f) != len(fam) {
					t.Errorf("Parse(%q) = %q, %d", c, f, got)
				}
				t.Logf("code %s ok", c)
			})
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []Code{"", "-12", "WID", "WID-x1", "WID-"} {
		t.Run(string(c), func(t *testing.T) {
			if _, _, err := Parse(c); err == nil {
				t.Errorf("Parse(%q): want error", c)
			}
		})
	}
}
