//go:build mpi && !mpich

package mpi

// Open MPI is the default: Debian's libopenmpi-dev provides ompi-c.

// #cgo pkg-config: ompi-c
import "C"
