// Package inventory ties SKUs, prices and stock levels together.
package inventory

import (
	"example.com/inventory/pricing"
	"example.com/inventory/sku"
	"example.com/inventory/stock"
)

// Item is one line of the catalogue.
type Item struct {
	SKU   sku.Code
	Price pricing.Cents
	Level stock.Level
}

// Value returns the stock value of the item in cents.
func (it Item) Value() pricing.Cents {
	return it.Price * pricing.Cents(it.Level.OnHand)
}
