package inventory

import (
	"fmt"
	"testing"

	"example.com/inventory/pricing"
	"example.com/inventory/sku"
	"example.com/inventory/stock"
)

func TestValue(t *testing.T) {
	for i := 0; i < 60; i++ {
		it := Item{SKU: sku.Make("WID", i), Price: pricing.Cents(100 + i), Level: stock.Level{OnHand: i % 7}}
		t.Run(fmt.Sprintf("item-%03d", i), func(t *testing.T) {
			want := pricing.Cents((100 + i) * (i % 7))
			if got := it.Value(); got != want {
				t.Fatalf("Value() = %d, want %d", got, want)
			}
		})
	}
}
