package mpi

import (
	"fmt"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// layout is the hybrid shape of a job: procs MPI processes, each running
// perProc UPC threads as goroutines. UPC thread t lives in process
// t / perProc, so each process hosts a contiguous block of threads.
type layout struct {
	procs   int
	perProc int
	me      int // this process's MPI rank
}

// resolveLayout decides the threads per process from what the user asked
// for and how many processes the launcher started: the count per process
// if given, else THREADS divided by the processes, else one thread per
// process (THREADS = processes, as Berkeley UPC does on a network).
func resolveLayout(req gasnet.ConduitRequest, procs, me int) (layout, error) {
	l := layout{procs: procs, me: me, perProc: req.PerProc}
	switch {
	case req.PerProc > 0 && req.Threads > 0 && req.Threads != procs*req.PerProc:
		return l, fmt.Errorf("THREADS=%d does not match %d MPI processes × %d UPC threads per process = %d; change -n or -ppn (UPC_THREADS_PER_PROC), or start %d processes",
			req.Threads, procs, req.PerProc, procs*req.PerProc, max(1, req.Threads/req.PerProc))
	case req.PerProc > 0:
	case req.Threads > 0 && req.Threads%procs != 0:
		return l, fmt.Errorf("THREADS=%d is not a multiple of the %d MPI processes: every process runs THREADS/processes UPC threads", req.Threads, procs)
	case req.Threads > 0:
		l.perProc = req.Threads / procs
	default:
		l.perProc = 1
	}
	if int64(l.procs)*int64(l.perProc) >= 1<<20 {
		return l, fmt.Errorf("%d MPI processes × %d UPC threads per process is more threads than upcgo supports (%d)", procs, l.perProc, 1<<20-1)
	}
	return l, nil
}

// threads is THREADS.
func (l layout) threads() int { return l.procs * l.perProc }

// first is the first UPC thread of this process.
func (l layout) first() int { return l.me * l.perProc }

// proc is the process hosting UPC thread t.
func (l layout) proc(t int) int { return t / l.perProc }

// local reports whether UPC thread t lives in this process.
func (l layout) local(t int) bool { return l.proc(t) == l.me }
