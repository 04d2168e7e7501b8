package driver

import (
	"fmt"
	"strings"
)

// EnvVar is one environment variable upcgo or a program it built reads.
type EnvVar struct {
	Name    string
	Default string // what applies when it is unset
	Reader  string // "program", "program (mpi)", "upcgo", or both
	Meaning string
}

// Environment is every variable the runtime, the mpi conduit and the
// driver read: the one list that "upcgo help env" prints and
// docs/environment.md repeats (a test checks both that the tree reads no
// variable missing here, and that the docs say what this says).
var Environment = []EnvVar{
	// The program's start-up and runtime.
	{"UPC_NTHREADS", "the number of CPUs (or -T)", "program, upcgo run", "THREADS when the program gets no -n N"},
	{"UPC_THREADS_PER_PROC", "1", "program, upcgo run", "UPC threads per process when there is no -ppn P"},
	{"UPC_SHARED_HEAP_SIZE", "512MB", "program", "each thread's shared heap, beside its static shared data (a number with K, M, G or T; a bare number is megabytes); the program's -shared-heap flag wins over it, and it over the build's -shared-heap"},
	{"UPC_WAIT_SPIN", "by the thread count", "program", "how a waiting thread spins: 1 as if every UPC thread had a core (long spins), 0 as if oversubscribed (short spins, then parking); unset: 1 when a process's threads fit in GOMAXPROCS"},
	{"UPC_STATS", "off", "program", "1: print each thread's accesses to every thread's memory at exit; lines: also per .upc line, busiest first (docs/observability.md)"},
	{"UPC_CPUPROFILE", "none", "program", "write a CPU profile (go tool pprof) to this file; with several processes, to FILE.N for process N"},
	{"UPC_TRACE", "none", "program", "write an execution trace (go tool trace) to this file; FILE.N as for UPC_CPUPROFILE"},
	{"UPC_BACKTRACE", "off", "program", "1: a fault also prints the program's frames, innermost first; a deadlock, every waiting thread's; and no crash guard runs (Go's own report of a fatal error)"},
	{"UPC_DEADLOCK_INTERVAL", "500ms", "program", "the time between two deadlock checks (a Go duration); a deadlock is reported three checks after it forms"},
	{"GOTRACEBACK", "unset", "program", "set: no crash guard runs, so a fatal error of the Go runtime (a stack overflow) prints Go's own report instead of one line naming the UPC thread"},
	{"UPCGO_CRASH_GUARD", "unset", "program", "internal: set by a program's crash guard in the child it runs the job in (never set it yourself)"},
	{"UPC_VIS_CHECK", "off", "program", "1: check the destination regions of unsorted vector and indexed transfers for overlap (sorts them)"},

	// The mpi conduit (docs/mpi.md).
	{"UPC_MPI_PSHM", "1", "program (mpi)", "processes on one node load and store each other's segments; 0: everything goes through MPI"},
	{"UPC_MPI_THREADS", "multiple", "program (mpi)", "funneled: only the progress goroutine calls MPI"},
	{"UPC_MPI_VIS", "auto", "program (mpi)", "vector, indexed and strided transfers as derived datatypes (datatype) or packed active messages (pack)"},
	{"UPC_MPI_ATOMICS", "auto", "program (mpi)", "mpi: MPI_Fetch_and_op for every atomic; am: CPU atomics where addressable, active messages elsewhere"},
	{"UPC_MPI_WINDOW", "auto", "program (mpi)", "without PSHM: MPI_Win_allocate (allocate, Open MPI's default) or MPI_Win_create (create, MPICH's)"},
	{"UPC_MPI_AGG_BYTES", "256", "program (mpi)", "puts of at most this many bytes are held and merged; 0 turns merging off"},
	{"UPC_MPI_AGG_OPS", "4096", "program (mpi)", "held puts to one target issued as one transfer"},
	{"UPC_MPI_AGG_MIN", "8", "program (mpi)", "fewest held puts a flush merges"},
	{"UPC_MPI_AGG_HOLD", "200µs", "program (mpi)", "longest a put is held when nobody synchronises"},
	{"UPC_MPI_SLOTS", "64", "program (mpi)", "slots of the operation table"},
	{"UPC_MPI_OPS_LOCAL", "4096", "program (mpi)", "operation elements per window"},
	{"UPC_MPI_OPS_GLOBAL", "16384", "program (mpi)", "operation elements per process"},
	{"UPC_MPI_TARGETS_LOCAL", "256", "program (mpi)", "target elements per window"},
	{"UPC_MPI_TARGETS_GLOBAL", "1024", "program (mpi)", "target elements per process"},
	{"UPC_MPI_EAGER", "65536", "program (mpi)", "largest active message sent in one MPI message, in bytes"},
	{"UPC_MPI_RECVS", "16", "program (mpi)", "receives kept posted for active messages"},
	{"UPC_MPI_POLL_MAX", "1ms", "program (mpi)", "longest the progress goroutine sleeps when idle"},
	{"UPC_MPI_SPIN_IDLE", "100µs", "program (mpi)", "how long the progress goroutine polls after its last work, nothing in flight"},
	{"UPC_MPI_SPIN_BUSY", "2ms", "program (mpi)", "the same with operations or messages in flight"},
	{"UPC_MPI_EXIT_WAIT", "5s", "program (mpi)", "how long an aborting job waits for the other processes' output"},
	{"UPC_MPI_VERBOSE", "0", "program (mpi)", "1: each process prints its host, UPC threads and the processes it shares memory with at start, and MPI_Finalize's own output is kept"},
	{"OMPI_MCA_osc", "sm,ucx,pt2pt", "program (mpi)", "Open MPI's one-sided components; set to the default before MPI starts unless set"},
	{"OMPI_COMM_WORLD_SIZE", "set by mpirun", "program (mpi)", "read to recognise a program started by another MPI's mpirun"},
	{"PMI_SIZE", "set by mpirun", "program (mpi)", "the same, for MPICH's launcher"},

	// The upcgo command.
	{"UPCC_FLAGS", "none", "upcgo", "flags the upcc face reads before the command line's, as Berkeley UPC's upcc does"},
	{"UPCGO_DESCRIBE", "unset", "program", "1: the program prints how it was built (network, static THREADS) and exits; upcrun uses it"},
	{"UPCGO_CACHE", "$XDG_CACHE_HOME/upcgo or ~/.cache/upcgo", "upcgo", "the folder of extracted runtimes and build folders (upcgo clean empties it)"},
	{"UPCGO_MPI", "openmpi if installed, else mpich", "upcgo", "the MPI -network mpi builds against and upcgo run launches with"},
	{"UPCGO_MPIRUN", "that MPI's mpirun", "upcgo", "the launcher upcgo run -network mpi starts"},
	{"UCX_HANDLE_ERRORS", "none, for the launched job", "upcgo", "upcgo run -network mpi sets it unless set, so that UCX leaves faults to the runtime"},
	{"CC", "gcc", "upcgo", "the C compiler for the mpi conduit's cgo code"},
	{"GOROOT", "the Go upcgo was built with", "upcgo", "where to find the go command when it is not on PATH"},
	{"SOURCE_DATE_EPOCH", "now", "upcgo", "the time __DATE__ and __TIME__ show, for reproducible builds"},
}

// EnvironmentTable is Environment as a Markdown table.
func EnvironmentTable() string {
	var b strings.Builder
	b.WriteString("| variable | default | read by | meaning |\n| --- | --- | --- | --- |\n")
	for _, v := range Environment {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", v.Name, v.Default, v.Reader, v.Meaning)
	}
	return b.String()
}

// EnvironmentText is Environment for a terminal, as "upcgo help env"
// prints it.
func EnvironmentText() string {
	var b strings.Builder
	b.WriteString("usage: upcgo help env\n\nThe environment variables upcgo and the programs it builds read, with\nwhat applies when they are unset (docs/environment.md):\n")
	reader := ""
	for _, v := range Environment {
		if v.Reader != reader {
			reader = v.Reader
			fmt.Fprintf(&b, "\nRead by %s:\n\n", reader)
		}
		fmt.Fprintf(&b, "\t%s (default: %s)\n", v.Name, v.Default)
		line := ""
		for _, w := range strings.Fields(v.Meaning) {
			if line != "" && len(line)+1+len(w) > 60 {
				fmt.Fprintf(&b, "\t\t%s\n", line)
				line = ""
			}
			line = strings.TrimPrefix(line+" "+w, " ")
		}
		fmt.Fprintf(&b, "\t\t%s\n", line)
	}
	return b.String()
}
