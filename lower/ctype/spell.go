package ctype

import (
	"fmt"
	"strings"
)

// The spelling of a type, as gcc's diagnostics write it.

// String spells t as gcc does in its diagnostics: in declarator style,
// with the base type first and the pointer, array and function parts
// around an empty name ("int (*)[3][4]", "int *[4]", "shared [4] int *",
// "void (*)(int)") and gcc's names of the integer types ("long unsigned
// int").
func (t *Type) String() string { return t.Declaration("") }

// Declaration spells a declaration of name with type t ("int (*p)[4]").
func (t *Type) Declaration(name string) string {
	base, decl, bare := t.declarator(name, false)
	switch {
	case decl == "":
		return base
	case bare:
		// An abstract array or function type: "int[4]", "int(void)".
		return base + decl
	}
	return base + " " + decl
}

// declarator splits t into its base type (with that type's qualifiers)
// and the declarator decl with t's pointer, array and function parts
// applied, inside out as C reads them. bare says decl starts with an
// array or function part (it declares no name and no pointer).
func (t *Type) declarator(decl string, bare bool) (base, d string, dBare bool) {
	switch t.Kind {
	case Ptr:
		d = "*" + t.quals()
		if decl != "" && t.quals() != "" && !bare {
			d += " "
		}
		d += decl
		if e := t.Elem.Kind; e == Array || e == Func {
			d = "(" + d + ")"
		}
		return t.Elem.declarator(d, false)
	case Array:
		switch {
		case t.VLA != "":
			d = "[*]"
		case t.Len < 0:
			d = "[]"
		case t.LenTHREADS:
			d = fmt.Sprintf("[%d*THREADS]", t.Len)
		default:
			d = fmt.Sprintf("[%d]", t.Len)
		}
		return t.Elem.declarator(decl+d, decl == "" || bare)
	case Func:
		var params []string
		for _, p := range t.Fn.Params {
			params = append(params, p.String())
		}
		switch {
		case t.Fn.Variadic:
			params = append(params, "...")
		case len(params) == 0 && !t.Fn.OldStyle:
			params = append(params, "void")
		}
		return t.Fn.Result.declarator(decl+"("+strings.Join(params, ", ")+")", decl == "" || bare)
	}
	base = t.baseName()
	if q := t.quals(); q != "" {
		base = q + " " + base
	}
	return base, decl, bare
}

// quals spells t's qualifiers, UPC's first, as a declaration writes them.
func (t *Type) quals() string {
	var q []string
	if t.Strict {
		q = append(q, "strict")
	}
	if t.Relax {
		q = append(q, "relaxed")
	}
	if t.Shared {
		switch {
		case t.Star:
			q = append(q, "shared [*]")
		case t.Block == 1:
			q = append(q, "shared")
		case t.Block == 0:
			q = append(q, "shared []")
		default:
			q = append(q, fmt.Sprintf("shared [%d]", t.Block))
		}
	}
	if t.Const {
		q = append(q, "const")
	}
	if t.Volatile {
		q = append(q, "volatile")
	}
	if t.Restrict {
		q = append(q, "restrict")
	}
	return strings.Join(q, " ")
}

// kindNames are gcc's names of the arithmetic types and void.
var kindNames = [...]string{Void: "void", Bool: "_Bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short int", UShort: "short unsigned int", Int: "int", UInt: "unsigned int", Long: "long int",
	ULong: "long unsigned int", LLong: "long long int", ULLong: "long long unsigned int", Float: "float",
	Double: "double", LDouble: "long double"}

// baseName names a type that is not a pointer, array or function.
func (t *Type) baseName() string {
	switch t.Kind {
	case Struct, Union:
		kw := "struct "
		if t.Kind == Union {
			kw = "union "
		}
		if t.Rec.Tag == "" {
			return kw + "<anonymous>"
		}
		return kw + t.Rec.Tag
	case Enum:
		if t.EnumName == "" {
			return "enum <anonymous>"
		}
		return "enum " + t.EnumName
	}
	return kindNames[t.Kind]
}
