package ctype

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// definition is the C definition of record type t.
func definition(t *Type) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s {", t.baseName())
	for _, f := range t.Rec.Fields {
		b.WriteString(" " + f.Type.Declaration(f.Name))
		if f.IsBitField {
			fmt.Fprintf(&b, " : %d", f.BitWidth)
		}
		b.WriteString(";")
	}
	b.WriteString(" };\n")
	return b.String()
}

// TestLayoutMatchesGCC checks LayoutRecord against gcc's layout on
// x86-64: the size, alignment and member offsets of each record, asserted
// at compile time (_Static_assert), so that gcc's own layout is the
// oracle. A bit-field has no offsetof: the members after it check where
// its storage unit ends.
func TestLayoutMatchesGCC(t *testing.T) {
	a := record(Struct, "A", field("c", CharType), field("i", IntType), field("s", ShortType))
	records := []*Type{
		a,
		record(Struct, "B", field("c", CharType), field("d", DoubleType), field("e", CharType)),
		record(Struct, "C", bitField("a", IntType, 3), bitField("b", IntType, 5), field("c", CharType),
			bitField("d", IntType, 30), bitField("e", IntType, 4), field("f", CharType)),
		record(Struct, "D", field("c", CharType), bitField("", IntType, 0), field("d", CharType)),
		record(Union, "E", field("c", CharType), field("d", DoubleType), bitField("a", IntType, 5)),
		record(Struct, "F", field("c", CharType), field("ld", LDoubleType)),
		record(Struct, "G", field("c", CharType), field("a", a), field("arr", arr(IntType, 3)), field("s", ShortType)),
		record(Struct, "H", field("c", CharType), field("p", ptr(IntType)), field("tail", arr(CharType, 3))),
		record(Struct, "I", bitField("a", UCharType, 4), bitField("b", UCharType, 6), bitField("c", UShortType, 9), field("d", CharType)),
		record(Struct, "J", bitField("a", LLongType, 40), bitField("b", IntType, 20), field("c", ShortType)),
		record(Union, "K", field("a", arr(CharType, 5)), field("s", ShortType)),
		record(Struct, "L", field("b", BoolType), field("u", record(Union, "K2", field("a", arr(CharType, 5)), field("i", IntType)))),
	}
	var src strings.Builder
	src.WriteString("#include <stddef.h>\n")
	for _, r := range records {
		for _, f := range r.Rec.Fields {
			if f.Type.Kind == Union || f.Type.Kind == Struct {
				if f.Type.Rec.Tag != "A" {
					src.WriteString(definition(f.Type))
				}
			}
		}
		src.WriteString(definition(r))
		name := r.baseName()
		fmt.Fprintf(&src, "_Static_assert(sizeof(%s) == %d, \"sizeof(%s) %d\");\n", name, r.Size(), name, r.Size())
		fmt.Fprintf(&src, "_Static_assert(_Alignof(%s) == %d, \"_Alignof(%s) %d\");\n", name, r.Align(), name, r.Align())
		for _, f := range r.Rec.Fields {
			if !f.IsBitField {
				fmt.Fprintf(&src, "_Static_assert(offsetof(%s, %s) == %d, \"offsetof(%s, %s) %d\");\n", name, f.Name, f.Offset, name, f.Name, f.Offset)
			}
		}
	}
	out, ok := gcc(t, src.String())
	assert.True(t, ok, "gcc disagrees with upcgo's layout (the message names upcgo's value):\n%s\n%s", out, src.String())
}
