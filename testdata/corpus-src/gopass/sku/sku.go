// Package sku formats and parses stock keeping unit codes such as "WID-0042".
package sku

import (
	"fmt"
	"strconv"
	"strings"
)

// Code is a stock keeping unit.
type Code string

// Make builds a code from a family prefix and a number.
func Make(family string, n int) Code {
	return Code(fmt.Sprintf("%s-%04d", strings.ToUpper(family), n))
}

// Parse splits a code into its family and number.
func Parse(c Code) (string, int, error) {
	fam, num, ok := strings.Cut(string(c), "-")
	if !ok || fam == "" {
		return "", 0, fmt.Errorf("sku: malformed code %q", c)
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return "", 0, fmt.Errorf("sku: bad number in %q: %w", c, err)
	}
	return fam, n, nil
}
