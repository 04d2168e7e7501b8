// Package upcgo carries the source of the packages that every generated
// program imports (runtime/gasnet and its conduits runtime/gasnet/smp and
// runtime/gasnet/mpi, runtime/upc, runtime/shmem, runtime/upcio,
// runtime/cmem, runtime/crt, stdlib and its headers), so that the upcgo
// binary can build UPC programs offline from any folder: internal/driver
// extracts this tree into a cache folder and points the program's go.mod
// at it with a replace directive.
//
// Test files are embedded too (a pattern per file would break whenever a
// file is added); the driver skips them when it extracts the tree.
package upcgo

import "embed"

// Source is the embedded module tree. go.mod is included for its go
// directive, which the extracted module repeats.
//
//go:embed go.mod runtime/gasnet/*.go runtime/gasnet/smp/*.go runtime/gasnet/mpi/*.go runtime/upc/*.go runtime/shmem/*.go runtime/cmem/*.go runtime/crt/*.go runtime/upcio/*.go stdlib/*.go stdlib/include
var Source embed.FS
