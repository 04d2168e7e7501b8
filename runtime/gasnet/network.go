package gasnet

import (
	"fmt"
	"io"
	"sync"
)

// A program selects its network by linking a conduit package: the package
// registers itself from its init function, and the runtime's start-up
// (upc.Main) opens the registered network instead of the smp conduit. The
// build driver adds the blank import (runtime/gasnet/mpi for -network mpi),
// so generated code itself never names a conduit.

// ConduitRequest is what the user asked for at start-up; a network decides
// the job's shape from it and from what its launcher started.
type ConduitRequest struct {
	Threads int // THREADS: -n, UPC_NTHREADS or the compiled -T count; 0 if not given
	PerProc int // UPC threads per process: -ppn or UPC_THREADS_PER_PROC; 0 if not given
}

// OpenFunc starts a network conduit for one job.
type OpenFunc func(req ConduitRequest) (Conduit, error)

var network struct {
	sync.Mutex
	name string
	open OpenFunc
}

// RegisterNetwork records the network conduit linked into this program.
// A program links at most one: a second registration is a build mistake,
// reported when the program starts.
func RegisterNetwork(name string, open OpenFunc) {
	network.Lock()
	defer network.Unlock()
	if network.open != nil {
		prev := network.name
		network.open = func(ConduitRequest) (Conduit, error) {
			return nil, fmt.Errorf("this program links two networks (%s and %s); build it for one", prev, name)
		}
		return
	}
	network.name, network.open = name, open
}

// Network returns the registered network conduit, or ok false when the
// program runs on the smp conduit.
func Network() (name string, open OpenFunc, ok bool) {
	network.Lock()
	defer network.Unlock()
	return network.name, network.open, network.open != nil
}

// Optional conduit interfaces beyond RMAConduit and VISConduit.

// FlushConduit is implemented by conduits that may hold operations back
// (to merge small puts into one transfer, or to issue them from a progress
// goroutine). The endpoint calls Flush before it tests (wait false) or
// waits for (wait true) the completion of rank from's operations; the
// conduit then issues what it holds and, when wait is set, starts
// completing it.
type FlushConduit interface {
	Conduit
	Flush(from int, wait bool)
}

// AtomicConduit is implemented by conduits with native remote atomics
// (MPI_Fetch_and_op). Network atomics are atomic only with respect to each
// other, so when NativeAtomics reports true every atomic operation goes
// through Atomic, including those on segments the caller could address.
// Atomic returns the old value as Endpoint.Atomic does.
type AtomicConduit interface {
	Conduit
	NativeAtomics() bool
	Atomic(from, to int, off uintptr, op AtomicOp, kind AtomicKind, a, b uint64) uint64
}

// StartConduit is implemented by conduits whose processes must agree that
// every process has set its job up before any rank runs: a message from a
// faster process must not reach a process whose layers above are not yet
// ready for it. Job.Run calls Start once, before it starts the local ranks.
type StartConduit interface {
	Conduit
	Start() error
}

// AbortConduit is implemented by conduits that must tell other processes
// when this process's part of the job aborts; Job.Abort calls JobAborted
// once, with the abort's cause.
type AbortConduit interface {
	Conduit
	JobAborted(err error)
}

// ExitConduit is implemented by conduits that end the process themselves
// once the program is done and its output flushed (MPI_Finalize, or
// MPI_Abort after a failure so that no other process hangs). Exit does
// not return.
type ExitConduit interface {
	Conduit
	Exit(status int)
}

// StatsConduit is implemented by conduits with counters of their own;
// UPC_STATS prints them after each local rank's line.
type StatsConduit interface {
	Conduit
	WriteStats(w io.Writer, rank int)
}
