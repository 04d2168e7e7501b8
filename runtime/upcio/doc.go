// Package upcio is UPC-IO (upc_io.h, UPC-IO specification 1.2, the UPC
// 1.3 optional library): files opened, read and written collectively by
// every UPC thread, through private or shared buffers, at each thread's own
// file pointer, at a common one, or at explicit offsets (list I/O).
//
// It is built on runtime/upc's exported API alone. Every UPC thread opens
// the file itself and moves its own data with positional POSIX reads and
// writes (pread/pwrite: os.File.ReadAt and WriteAt), so threads never
// share a file offset and the same code serves the smp conduit and MPI
// processes on any file system all processes see (one host, or a cluster
// file system). The collective parts — single-valued arguments, thread 0
// creating or truncating the file first, errors every thread must agree on,
// the common file pointer's total, the entry and exit synchronisation —
// are rounds of upc.Thread.AllGatherBytes, which is also a barrier.
// docs/upcio.md has the file-pointer and consistency semantics and every
// choice the specification leaves open.
//
// Generated code reaches it through runtime/crt's C forms (upc_file_t *
// handles, C structs, errno); Go programs call Open and the File methods,
// which return an *Error carrying the errno a C caller would see.
package upcio
