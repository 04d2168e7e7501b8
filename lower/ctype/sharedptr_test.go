package ctype

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestResetsPhase checks which conversions between pointers-to-shared
// give phase 0 (UPC 1.3 §6.4.3).
func TestResetsPhase(t *testing.T) {
	b4int, b4char, b2int := ptr(shared(IntType, 4)), ptr(shared(CharType, 4)), ptr(shared(IntType, 2))
	sv, b1int := ptr(shared(VoidType, 1)), ptr(shared(IntType, 1))
	assert.False(t, ResetsPhase(b4int, b4int), "same type")
	assert.True(t, ResetsPhase(b4int, b2int), "another block size")
	assert.True(t, ResetsPhase(b4int, b4char), "another element size")
	assert.False(t, ResetsPhase(b4int, sv), "to shared void")
	assert.False(t, ResetsPhase(sv, b4int), "back from shared void")
	assert.True(t, ResetsPhase(sv, b1int), "from shared void to block size 1")
}
