package ctype

// The type rules of pointers-to-shared that C's rules for pointers leave
// out (UPC 1.3 §6.4.2, §6.4.3, §6.5.1.1). The layout qualifier is part of
// a shared type: two shared types are compatible only with the same block
// size, so pointers-to-shared whose referenced types differ in block size
// are assigned, compared or subtracted only through a cast, which resets
// the phase. GNU UPC makes each of these an error; upcgo does too.

// SameLayout reports whether a and b have the same shared qualifier and
// block size (an unresolved [*] matches any block size: it takes one
// from the array's dimensions).
func SameLayout(a, b *Type) bool {
	a, b = a.Base(), b.Base()
	if a.Shared != b.Shared {
		return false
	}
	return !a.Shared || a.Star || b.Star || a.Block == b.Block
}

// BlockMismatch reports whether pointers-to-shared a and b reference types
// with different block sizes, neither of them the generic shared void.
func BlockMismatch(a, b *Type) bool {
	return a.IsPtrToShared() && b.IsPtrToShared() && a.Elem.Kind != Void && b.Elem.Kind != Void && !SameLayout(a.Elem, b.Elem)
}

// CompatiblePtrsToShared reports whether pointers-to-shared a and b
// reference compatible types (qualifiers other than the layout aside):
// what subtraction and the relational operators need, since they count
// in elements of one layout (UPC 1.3 §6.4.2).
func CompatiblePtrsToShared(a, b *Type) bool {
	return !BlockMismatch(a, b) && a.Elem.Kind != Void && b.Elem.Kind != Void && SameType(a.Elem.Unqual(), b.Elem.Unqual())
}

// ResetsPhase reports whether converting a pointer-to-shared of type from
// to type to gives phase 0 (UPC 1.3 §6.4.3): the referenced types differ
// in block size or in size (an incomplete one counts as different), and
// neither is shared void. A conversion to shared void keeps the phase, and
// so does one from it, so that a round trip gives back the pointer, except
// to a block size of 1 or indefinite, whose pointers always have phase 0.
func ResetsPhase(from, to *Type) bool {
	f, t := from.Elem, to.Elem
	switch {
	case t.Kind == Void:
		return false
	case f.Kind == Void:
		return BlockOf(t) <= 1
	}
	fs, ts := f.Base().Size(), t.Base().Size()
	return BlockOf(f) != BlockOf(t) || fs != ts || fs < 0
}

// BlockOf is the block size of shared type t, of its elements for an
// array: 1 for a type that is not shared, 0 for an indefinite block size.
func BlockOf(t *Type) int64 {
	if t.Kind == Array {
		return BlockOf(t.Base())
	}
	if !t.Shared {
		return 1
	}
	return t.Block
}
