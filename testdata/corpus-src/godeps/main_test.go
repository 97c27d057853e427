package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/text/language"
)

func TestParse(t *testing.T) {
	assert.Equal(t, "de", language.MustParse("de").String())
}
