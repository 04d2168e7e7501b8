// Package mpi is upcgo's MPI conduit: the gasnet.Conduit that runs a job
// as MPI processes, each hosting a contiguous block of UPC threads as
// goroutines (THREADS = processes × threads per process). Threads of one
// process address each other's segments directly, as on the smp conduit;
// everything between processes goes through MPI. It owns the operation
// table (mpich-new-rma-design.txt), the progress engine, the job-wide
// barrier, active messages over two-sided MPI, start-up and the ending of
// a job, and the C wrappers over MPI.
//
// The MPI code is cgo behind the mpi build tag (with mpich for MPICH;
// Open MPI otherwise), so the default build stays pure Go; without the
// tag the package holds only its pure-Go parts (configuration, layout,
// operation table, wire format, datatype choice, barrier logic), which
// are tested with fakes. A program selects the conduit by importing the
// package: its init registers it with gasnet.RegisterNetwork, and
// upc.Main opens it (upcgo build -network mpi adds the import).
//
// Each process exposes its ranks' segments as one MPI-3 window, in one
// passive-target MPI_Win_lock_all epoch for the job's life. Puts and gets
// to another process are posted to the operation table, issued as
// MPI_Put/MPI_Get and completed by MPI_Win_flush, one flush per target for
// everything issued before it. Small puts are held and merged into one
// indexed transfer (dynamic aggregation). Vector, indexed and strided
// transfers are one MPI call with derived datatypes, or packed into one
// active message where the MPI in use sends datatypes element by element.
// Remote atomics use MPI_Fetch_and_op and MPI_Compare_and_swap. A goroutine
// locked to the thread that initialised MPI (the engine) keeps MPI
// progressing while the ranks compute, runs active messages and barriers,
// and makes every MPI call when MPI_THREAD_MULTIPLE is not granted.
// docs/mpi.md records the decisions and their measurements.
package mpi
