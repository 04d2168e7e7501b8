package lower

import (
	"strings"

	"github.com/upcgo/upcgo/parser/token"
)

// A Unit is one translation unit lowered on its own: the Go of its
// functions and private data, and the symbol table Link needs to join it
// with other units into a program, as a C linker joins object files.
//
// Every unit's Go goes into one Go main package. Names with external
// linkage keep their Go spelling (the C name); names private to the unit
// (static functions and variables, string literals, wrappers) carry
// TagMark, which Link replaces with a suffix naming the unit ("_ep" for
// ep.upc) when several units are linked, and with nothing for a program of
// one unit, so that static names of different units never meet.
//
// Private globals are fields of the per-thread context, as in a
// one-unit program; those with external linkage live in C memory (the
// field holds their address) so that every unit reaches them the same way,
// whether or not some unit takes their address.
type Unit struct {
	File          string // the source file, as named on the command line
	StaticThreads int    // -T n: THREADS fixed at compile time, or 0
	// MainParams is the number of parameters of the unit's main (0 or 2),
	// or -1 if it defines no main.
	MainParams int
	Decls      string // package-level declarations: literals, wrappers
	Funcs      string // the unit's functions
	// Init initialises the unit's private data in every thread, after
	// every unit's data is allocated; SharedInit initialises its static
	// shared data, in thread 0 before main.
	Init, SharedInit string
	// FuncPtrs are the Go names of the functions whose address the unit
	// takes: Link numbers them in the program's function table.
	FuncPtrs []string
	// CallsPointers says the unit's Go calls through the program's
	// function table (funcs.Get): Link then writes the table even if no
	// unit takes a function's address.
	CallsPointers bool
	Symbols       []*Symbol
}

// TagMark stands for the unit's tag in the Go names of a unit's private
// declarations. It is a letter (so the names are Go identifiers) that no
// C identifier and no generated string literal contains (goQuote escapes
// every byte outside ASCII).
const TagMark = "ᵁ"

// SymKind says what a symbol names.
type SymKind uint8

const (
	SymFunc SymKind = iota // a function of the program
	SymVar                 // an object with static storage
	SymLibc                // a C library function the unit calls
)

// Def says how a unit has a symbol.
type Def uint8

const (
	Ref       Def = iota // used, defined elsewhere (an extern declaration, a prototype, an implicit declaration)
	Declared             // an object declared extern and not used: checked against the definition, not required
	Tentative            // int x; at file scope (C99 6.9.2): merged with other units' definitions
	Defined              // a function body, or an object with an initialiser
)

// A Symbol is a name at file scope that a unit defines, or uses without
// defining. Units list every object they define with static storage,
// private or not, with the Go pieces that declare and allocate it, because
// of tentative definitions: when several units define int x;, Link emits
// one unit's pieces.
type Symbol struct {
	Name     string    // the C name (fn.x for a static local)
	GoName   string    // its Go name (private ones contain TagMark)
	Kind     SymKind   //
	Internal bool      // static: private to its unit
	Def      Def       //
	Pos      token.Pos // the definition or declaration; for a Ref, the first use
	// Type spells the C type for messages; Check is what must be the same
	// in every unit: the Go function type of a function or of a call
	// through an old-style declaration, or for an object the type of its
	// elements (layout and size included), with Len the length of its
	// outermost array dimension ("" for none or unknown, "4*THREADS").
	Type, Check, Len string
	// Unprototyped: a function called through an implicit or old-style
	// declaration, whose Check is the Go type of one kind of call.
	Unprototyped bool
	Shared       bool // a shared object (its Check spells its layout)
	// The Go pieces of an object definition: a package-level declaration
	// (a shared object's offset), a field of the thread context, a line of
	// the job's Setup (static shared layout), the per-thread allocation.
	Decl, Field, Setup, Alloc string
}

// unitTag makes a Go-identifier suffix from a source file name:
// "common/c_timers.c" gives "c_timers".
func unitTag(file string) string {
	base := baseName(file)
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	var b strings.Builder
	for _, r := range base {
		switch {
		case r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "unit"
	}
	return b.String()
}

// private is the Go name of a declaration private to the unit.
func private(goName string) string { return goName + TagMark }
