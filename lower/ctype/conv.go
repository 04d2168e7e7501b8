package ctype

// The integer promotions, the usual arithmetic conversions and the
// compatibility of types (C99 6.3.1, 6.2.7).

// rank orders integer types for the usual arithmetic conversions.
func (t *Type) rank() int {
	switch t.Kind {
	case Bool:
		return 0
	case Char, SChar, UChar:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt, Enum:
		return 3
	case Long, ULong:
		return 4
	case LLong, ULLong:
		return 5
	}
	return 0
}

// Promote applies the integer promotions (C99 6.3.1.1).
func Promote(t *Type) *Type {
	t = t.Unqual()
	if t.Kind == Enum {
		return IntType
	}
	if t.IsInteger() && t.rank() < 3 {
		return IntType
	}
	return t
}

// UsualArith is the common type of the usual arithmetic conversions
// (C99 6.3.1.8).
func UsualArith(a, b *Type) *Type {
	a, b = Promote(a), Promote(b)
	switch {
	case a.Kind == LDouble || b.Kind == LDouble:
		return LDoubleType
	case a.Kind == Double || b.Kind == Double:
		return DoubleType
	case a.Kind == Float || b.Kind == Float:
		return FloatType
	}
	if a.Kind == b.Kind {
		return a
	}
	if a.IsSigned() == b.IsSigned() {
		if a.rank() >= b.rank() {
			return a
		}
		return b
	}
	u, s := a, b
	if a.IsSigned() {
		u, s = b, a
	}
	if u.rank() >= s.rank() {
		return u
	}
	if s.Size() > u.Size() {
		return s
	}
	return unsignedOf(s)
}

func unsignedOf(t *Type) *Type {
	switch t.Kind {
	case Int:
		return UIntType
	case Long:
		return ULongType
	case LLong:
		return ULLongType
	}
	return t
}

// SameType reports whether two types are compatible enough for
// assignment without a diagnostic: qualifiers aside, except the shared
// qualifier and its block size, which are part of a shared type (see
// SameLayout).
func SameType(a, b *Type) bool {
	if a == b {
		return true
	}
	if !SameLayout(a, b) {
		return false
	}
	if a.Kind != b.Kind {
		// char and signed char are distinct but interchangeable in practice.
		return false
	}
	switch a.Kind {
	case Ptr:
		return SameType(a.Elem, b.Elem)
	case Array:
		return SameType(a.Elem, b.Elem) && (a.Len < 0 || b.Len < 0 || a.Len == b.Len)
	case Struct, Union:
		return a.Rec == b.Rec
	case Func:
		if a.Fn.OldStyle || b.Fn.OldStyle {
			return SameType(a.Fn.Result, b.Fn.Result)
		}
		if len(a.Fn.Params) != len(b.Fn.Params) || a.Fn.Variadic != b.Fn.Variadic || !SameType(a.Fn.Result, b.Fn.Result) {
			return false
		}
		for i := range a.Fn.Params {
			if !SameType(a.Fn.Params[i].Unqual(), b.Fn.Params[i].Unqual()) {
				return false
			}
		}
	}
	return true
}

// PromoteArgument is t after the default argument promotions (C99
// 6.5.2.2p6): a variadic argument's or an unprototyped call's.
func PromoteArgument(t *Type) *Type {
	switch {
	case t.Kind == Float:
		return DoubleType
	case t.IsInteger():
		return Promote(t)
	}
	return t
}
