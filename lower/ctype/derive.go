package ctype

// Types derived from others: the adjustment of parameter types, and the
// copies with a qualifier or layout changed at every array level
// (an array's qualifiers are its elements').

// Unshared is t without shared qualifiers at any array level.
func Unshared(t *Type) *Type {
	u := *t
	u.Shared, u.Block, u.Star, u.Strict, u.Relax = false, 0, false, false, false
	if t.Kind == Array {
		u.Elem = Unshared(t.Elem)
	}
	return &u
}

// WithoutCV is t without const and volatile, at any array depth.
func WithoutCV(t *Type) *Type {
	u := *t
	u.Const, u.Volatile = false, false
	if u.Kind == Array {
		u.Elem = WithoutCV(u.Elem)
	}
	return &u
}

// ReplaceBase is t with the innermost element type of its arrays (or t
// itself) replaced by base, every array level taking base's block size:
// how [*] resolves to a block size, or to 1 after an error.
func ReplaceBase(t, base *Type) *Type {
	if t.Kind != Array {
		return base
	}
	u := *t
	u.Elem = ReplaceBase(t.Elem, base)
	u.Block, u.Star = base.Block, false
	return &u
}

// ElemCount is the number of base elements of a (multi-dimensional)
// array: total, or total*THREADS when threads.
func ElemCount(t *Type) (int64, bool) {
	n, threads := int64(1), false
	for ; t.Kind == Array; t = t.Elem {
		if t.Len >= 0 {
			n *= t.Len
		}
		threads = threads || t.LenTHREADS
	}
	return n, threads
}

// SharedIndefinite is t shared with block size 0, arrays down to their
// elements.
func SharedIndefinite(t *Type, strict, relax bool) *Type {
	u := *t
	u.Shared, u.Block, u.Star, u.Strict, u.Relax = true, 0, false, strict, relax
	if t.Kind == Array {
		u.Elem = SharedIndefinite(t.Elem, strict, relax)
	}
	return &u
}

// AdjustParam applies C99 6.7.5.3p7-8: array and function parameters are
// pointers.
func AdjustParam(t *Type) *Type {
	switch t.Kind {
	case Array:
		return PointerTo(t.Elem)
	case Func:
		return PointerTo(t)
	}
	return t
}
