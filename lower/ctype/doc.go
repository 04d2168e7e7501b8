// Package ctype is the C type model of upcgo's translator: the types of C99
// and UPC 1.3 (the shared qualifier with its block size, strict and relaxed,
// arrays whose length is a multiple of THREADS) on x86-64 LP64, their size,
// alignment and record layout as gcc lays them out, the integer promotions
// and usual arithmetic conversions, the compatibility rules of C and of
// pointers-to-shared, their spelling as gcc's diagnostics write them, and
// the values of constants (Const): literals, and the arithmetic of integer
// and floating constant expressions in their C types.
//
// It knows nothing of Go: how a C value is held in generated Go, and every
// other decision of the translation, belongs to package lower, which builds
// these types from declarations and reads them, and which folds constant
// expressions (constEval), since naming an enumerator or taking a sizeof
// needs its scopes.
package ctype
