package ctype

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// gcc compiles src as C with gcc -std=gnu99 -fsyntax-only, the oracle of
// these tests, and returns what it printed and whether it accepted src.
// The test is skipped where gcc is not installed.
func gcc(t *testing.T, src string) (string, bool) {
	t.Helper()
	path, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc is the oracle, and it is not installed")
	}
	file := filepath.Join(t.TempDir(), "oracle.c")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	cmd := exec.Command(path, "-std=gnu99", "-fsyntax-only", file)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// Test types: built by hand, as lower builds them from declarations.

func ptr(t *Type) *Type          { return PointerTo(t) }
func arr(t *Type, n int64) *Type { return &Type{Kind: Array, Elem: t, Len: n} }

func fn(result *Type, params ...*Type) *Type {
	return &Type{Kind: Func, Fn: &FuncSig{Result: result, Params: params}}
}

func variadic(t *Type) *Type { t.Fn.Variadic = true; return t }
func oldStyle(t *Type) *Type { t.Fn.OldStyle = true; return t }

// qual is t with the qualifiers const (c), volatile (v) and restrict (r).
func qual(t *Type, q string) *Type {
	u := *t
	for _, c := range q {
		switch c {
		case 'c':
			u.Const = true
		case 'v':
			u.Volatile = true
		case 'r':
			u.Restrict = true
		}
	}
	return &u
}

// shared is t shared-qualified with block size block.
func shared(t *Type, block int64) *Type {
	u := *t
	u.Shared, u.Block = true, block
	return &u
}

// record is a struct (or union) laid out by LayoutRecord.
func record(kind Kind, tag string, fields ...*Field) *Type {
	r := &Record{Tag: tag, Union: kind == Union, Fields: fields}
	LayoutRecord(r)
	return &Type{Kind: kind, Rec: r}
}

func field(name string, t *Type) *Field { return &Field{Name: name, Type: t} }

func bitField(name string, t *Type, width int64) *Field {
	return &Field{Name: name, Type: t, IsBitField: true, BitWidth: width}
}
