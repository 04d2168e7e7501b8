//go:build mpi && mpich

package mpi

// The mpich build tag selects MPICH (Debian's libmpich-dev).

// #cgo pkg-config: mpich
import "C"
