// Package difftest is upcgo's differential tester, in the spirit of
// Csmith: it generates random, deterministic UPC programs, runs each one
// built by upcgo and, as the oracle, the same program printed as serial C
// and built by gcc, and reports any difference in their output.
//
// A program is plain data first (program.go): shared arrays of every C
// scalar type and of structs, in every layout (cyclic, [B], [*], [],
// multi-dimensional, static or from upc_all_alloc, upc_global_alloc and
// upc_alloc), shared scalars and private globals, and a list of phases
// separated by barriers. A phase is tasks: loops that hand an array's
// elements to threads (upc_forall with every kind of affinity, loops over
// MYTHREAD, pointer-to-shared walks, casts to local pointers and to
// indefinite or reblocked pointers-to-shared) and store constants and
// expressions, compound assignments and increments; and moves through the
// memcpy family and its VIS extensions (docs/memcpy.md). At the end,
// thread 0 prints one checksum per shared object and one over every
// thread's private globals.
//
// gen.go builds programs from a seed; upc.go prints the UPC program and
// model.go the C model, sharing the printing of expressions and statements
// (print.go) so that gcc decides what the C in them means. The model runs
// each phase as a loop over MYTHREAD = 0 … THREADS-1 with THREADS fixed at
// compile time (-DTHREADS=n), with shared arrays as flat C arrays and
// which thread holds an element computed from the layout (UPC 1.3
// §6.5.1.1) by its own helpers, not by runtime/upc. That is sound because
// programs are race-free by construction: within a phase each shared
// object is written by at most one task, each element by one thread, and
// a task reads only objects no task of the phase writes, plus the element
// it is writing. Undefined behaviour is kept out by the printers (guarded
// divisors and shift counts, range-checked float-to-integer conversions);
// signed overflow wraps in upcgo (docs/lowering.md), so the model is built
// with -fwrapv.
//
// check.go builds and runs both sides (upcgo through internal/driver, or
// an older upcgo binary for comparisons) at THREADS 1-8 on smp, also as
// simulated processes, and on mpi under mpirun; reduce.go minimises a
// failing program by deleting and simplifying parts of the abstract
// program, and regress.go writes it to the regression suite with expected
// outputs from the model. features.go names what a program exercises, so
// that the few seeds every go test run checks cover every layout, shape,
// affinity and memcpy-family call. The package has no command: its test
// is the driver (go test ./internal/difftest, with -long, -fresh,
// -reduce, -keep and -upcgo for longer runs; docs/testing.md says how
// they are used).
package difftest
