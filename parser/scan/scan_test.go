package scan

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		src  string
		want []string // kind:text
	}{
		{"int x=1;", []string{"Ident:int", "Ident:x", "Punct:=", "Int:1", "Punct:;"}},
		{"a->b++ <<= c", []string{"Ident:a", "Punct:->", "Ident:b", "Punct:++", "Punct:<<=", "Ident:c"}},
		{"1.5e+3f 0x1p-2 .5 0x2AUL 1e", []string{"Float:1.5e+3f", "Float:0x1p-2", "Float:.5", "Int:0x2AUL", "Float:1e"}},
		{`"a\"b" L'x' 'c' u8"s"`, []string{`String:"a\"b"`, "Char:L'x'", "Char:'c'", `String:u8"s"`}},
		{"a/*c*/b//x\nc", []string{"Ident:a", "Ident:b", "Ident:c"}},
		{"ab\\\ncd", []string{"Ident:abcd"}},
		{"x ... y", []string{"Ident:x", "Punct:...", "Ident:y"}},
		{"<: :> <% %> %: %:%:", []string{"Punct:[", "Punct:]", "Punct:{", "Punct:}", "Punct:#", "Punct:##"}},
		{"shared [4] int a;", []string{"Ident:shared", "Punct:[", "Int:4", "Punct:]", "Ident:int", "Ident:a", "Punct:;"}},
	}
	for _, tt := range tests {
		var errs diag.List
		toks := Tokenize("t.c", []byte(tt.src), &errs)
		require.False(t, errs.HasErrors(), "%q: %v", tt.src, errs.Error())
		var got []string
		for _, tok := range toks {
			got = append(got, tok.Kind.String()+":"+tok.Text)
		}
		assert.Equal(t, tt.want, got, tt.src)
	}
}

func TestPositionsAndFlags(t *testing.T) {
	var errs diag.List
	toks := Tokenize("p.c", []byte("#define f(x) x\n  f (1)\n"), &errs)
	require.False(t, errs.HasErrors())
	assert.Equal(t, token.Pos{File: "p.c", Line: 1, Col: 1}, toks[0].Pos)
	assert.Equal(t, token.BOL, toks[0].Flags)
	assert.Equal(t, "f", toks[2].Text)
	assert.Equal(t, token.Flags(0), toks[3].Flags&token.Space, "f( has no space")
	assert.Equal(t, token.Pos{File: "p.c", Line: 2, Col: 3}, toks[7].Pos)
	assert.Equal(t, token.BOL|token.Space, toks[7].Flags)
	assert.NotZero(t, toks[8].Flags&token.Space, "f ( has a space")
}

// TestByteOrderMark: a UTF-8 byte-order mark starts no token and moves no
// column.
func TestByteOrderMark(t *testing.T) {
	var errs diag.List
	toks := Tokenize("b.c", []byte("\xef\xbb\xbf#include <x.h>\nint y;\n"), &errs)
	require.False(t, errs.HasErrors(), errs.Error())
	assert.Equal(t, "#", toks[0].Text)
	assert.Equal(t, token.Pos{File: "b.c", Line: 1, Col: 1}, toks[0].Pos)
	assert.Equal(t, token.BOL, toks[0].Flags)
}

func TestErrors(t *testing.T) {
	for _, src := range []string{"/* open", "\"open\nx", "'a", "a @ b"} {
		var errs diag.List
		Tokenize("e.c", []byte(src), &errs)
		require.True(t, errs.HasErrors(), src)
		assert.True(t, errs.Items[0].Pos.IsValid(), src)
	}
}

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"int main(){return 0;}", "a\\\nb", "\"x", "/*", "0x1p+3", "L'\\''"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var errs diag.List
		toks := Tokenize("f.c", []byte(src), &errs)
		for _, tok := range toks {
			if !tok.Pos.IsValid() || tok.Text == "" {
				t.Fatalf("bad token %v", tok)
			}
		}
		for _, d := range errs.Items {
			if !d.Pos.IsValid() {
				t.Fatalf("unpositioned error %v", d)
			}
		}
	})
}
