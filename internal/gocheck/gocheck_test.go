package gocheck

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var checker = sync.OnceValues(func() (*Checker, error) { return New(".") })

const prelude = `package main

import (
	"github.com/upcgo/upcgo/runtime/crt"
	"github.com/upcgo/upcgo/runtime/upc"
)

var _ = crt.Cond[int32]

func f(t *upc.Thread, p upc.SharedPtr, x int32, c bool) {
`

func check(t *testing.T, body string) *Program {
	t.Helper()
	c, err := checker()
	require.NoError(t, err)
	p, err := c.Check("main.go", []byte(prelude+body+"\n}\n"))
	require.NoError(t, err)
	return p
}

func TestUntypedConstants(t *testing.T) {
	for _, tc := range []struct {
		body string
		want string // the finding's text after the position, or "" for none
	}{
		// The bug of issue 12: Store[int] from the constant 1.
		{"upc.Store(t, p, 1)", "upc.Store infers T from the untyped constant 1"},
		{"upc.Store(t, p, 'c' + 1)", "upc.Store infers T from the untyped constant 'c' + 1"},
		{"const k = 3\nupc.Store(t, p, -k)", "upc.Store infers T from the untyped constant -k"},
		{"upc.Store(t, p, 1 << 3)", "upc.Store infers T from the untyped constant 1 << 3"},
		{"_ = crt.Cond(c, 0, 1)", "crt.Cond infers T from the untyped constant 0"},
		// Type arguments given, or fixed by a typed argument.
		{"upc.Store[int32](t, p, 1)", ""},
		{"upc.Store(t, p, int32(1))", ""},
		{"const k int32 = 3\nupc.Store(t, p, k)", ""},
		{"upc.Store(t, p, x)", ""},
		{"_ = crt.Cond(c, x, 0)", ""},
		{"_ = crt.Cond(c, 0, x)", ""},
		{"_ = crt.PreInc(&x, 1)", ""},
		// Not a generic function, or not the runtime's.
		{"_ = crt.B2I(c)", ""},
		{"_ = max(1, 2)", ""},
		// Interface parameters: the constant's default type travels.
		{"_ = crt.VaPack(x, 2)", "crt.VaPack gets the untyped constant 2 as an interface value"},
		{"_ = crt.VaPack(x, int32(2))", ""},
	} {
		p := check(t, tc.body)
		got := p.UntypedConstants()
		if tc.want == "" {
			assert.Empty(t, got, tc.body)
			continue
		}
		if assert.Len(t, got, 1, tc.body) {
			_, rest, _ := strings.Cut(got[0].String(), ": ")
			assert.Equal(t, tc.want, rest, tc.body)
		}
	}
}

func TestCheckReportsTypeErrors(t *testing.T) {
	c, err := checker()
	require.NoError(t, err)
	_, err = c.Check("main.go", []byte(prelude+"var y uint32 = -1\n_ = y\n}\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "overflows")
}
