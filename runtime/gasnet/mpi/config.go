package mpi

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config holds the conduit's tunables. Defaults come from measurements on
// a 2-core machine with Open MPI 4.1 and MPICH 4.0 (docs/mpi.md); every
// field can be set from the environment (UPC_MPI_*) without rebuilding.
type Config struct {
	// Operation table (mpich-new-rma-design.txt): Slots is the size of
	// the slot array targets hash into; OpsLocal and OpsGlobal bound the
	// window's own and the process-wide pools of operation elements;
	// TargetsLocal and TargetsGlobal those of target elements.
	Slots         int
	OpsLocal      int
	OpsGlobal     int
	TargetsLocal  int
	TargetsGlobal int

	// Dynamic aggregation: puts of at most AggBytes bytes are held per
	// target; AggOps held puts to one target are issued as one transfer;
	// a flush merges held puts when there are at least AggMin of them;
	// AggHold is how long a put may be held when nobody synchronises.
	// AggBytes 0 turns aggregation off.
	AggBytes uintptr
	AggOps   int
	AggMin   int
	AggHold  time.Duration

	// Threads selects how MPI is called: "multiple" lets every goroutine
	// call MPI when MPI_THREAD_MULTIPLE is granted; "funneled" makes the
	// progress goroutine the only caller.
	Threads string
	// VIS selects how vector, indexed and strided transfers and merged
	// puts travel: "datatype" (one RMA call with derived datatypes),
	// "pack" (packed at the origin, carried by an active message,
	// unpacked at the target) or "auto" (per MPI library, as measured).
	VIS string
	// Atomics selects remote atomics: "mpi" (MPI_Fetch_and_op and
	// MPI_Compare_and_swap for every atomic, local ones included), "am"
	// (active messages, applied by the target's CPU) or "auto".
	Atomics string
	// Window selects "allocate" (MPI_Win_allocate) or "create"
	// (MPI_Win_create over a zero-filled mapping), or "auto", for jobs
	// without PSHM.
	Window string
	// PSHM makes the segments of processes on one node one shared
	// mapping (MPI_Win_allocate_shared), so their ranks load and store
	// each other's segments directly, as GASNet's PSHM does; MPI carries
	// only the traffic between nodes. Off, every process is reached
	// through MPI (UPC_MPI_PSHM=0: how the network path is tested on one
	// machine).
	PSHM bool
	// pshmSplit makes a PSHM job keep a shared window per node and a
	// separate window over MPI_COMM_WORLD even when every process is on
	// one node, as a job across nodes does (tests).
	pshmSplit bool

	// Eager is the largest active message sent in one MPI message (header
	// included); larger payloads follow in a second message.
	Eager int
	// Recvs is the number of receives kept posted for active messages.
	Recvs int
	// PollMax bounds how long the progress goroutine sleeps between polls
	// when idle: the worst-case delay before a computing process serves a
	// remote request that needs its MPI library to progress.
	PollMax time.Duration
	// SpinIdle and SpinBusy are how long the progress goroutine keeps
	// polling after its last work, when nothing is in flight and when
	// something is (a barrier, messages, operations), before it sleeps.
	SpinIdle, SpinBusy time.Duration
	// ExitWait bounds how long an aborting process waits for the others
	// to flush their output before the job is torn down.
	ExitWait time.Duration
	// Verbose has each process print one line at start: its host, its
	// UPC threads, and which processes it shares memory with.
	Verbose bool
}

// DefaultConfig returns the measured defaults.
func DefaultConfig() Config {
	return Config{
		Slots:         64,
		OpsLocal:      4096,
		OpsGlobal:     16384,
		TargetsLocal:  256,
		TargetsGlobal: 1024,
		AggBytes:      256,
		AggOps:        4096,
		AggMin:        8,
		AggHold:       200 * time.Microsecond,
		Threads:       "multiple",
		VIS:           "auto",
		Atomics:       "auto",
		Window:        "auto",
		PSHM:          true,
		Eager:         64 << 10,
		Recvs:         16,
		PollMax:       time.Millisecond,
		SpinIdle:      100 * time.Microsecond,
		SpinBusy:      2 * time.Millisecond,
		ExitWait:      5 * time.Second,
	}
}

// envLookup is os.LookupEnv; tests replace it.
var envLookup = os.LookupEnv

// ConfigFromEnv returns DefaultConfig with the UPC_MPI_* variables applied.
func ConfigFromEnv() (Config, error) {
	c := DefaultConfig()
	ints := []struct {
		name string
		p    *int
		min  int
	}{
		{"UPC_MPI_SLOTS", &c.Slots, 1},
		{"UPC_MPI_OPS_LOCAL", &c.OpsLocal, 1},
		{"UPC_MPI_OPS_GLOBAL", &c.OpsGlobal, 0},
		{"UPC_MPI_TARGETS_LOCAL", &c.TargetsLocal, 1},
		{"UPC_MPI_TARGETS_GLOBAL", &c.TargetsGlobal, 0},
		{"UPC_MPI_AGG_OPS", &c.AggOps, 1},
		{"UPC_MPI_AGG_MIN", &c.AggMin, 2},
		{"UPC_MPI_EAGER", &c.Eager, headerSize + 64},
		{"UPC_MPI_RECVS", &c.Recvs, 1},
	}
	for _, v := range ints {
		s, ok := envLookup(v.name)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < v.min || n > 1<<30 {
			return c, fmt.Errorf("%s=%q: want a whole number from %d to %d", v.name, s, v.min, 1<<30)
		}
		*v.p = n
	}
	if s, ok := envLookup("UPC_MPI_AGG_BYTES"); ok {
		n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32)
		if err != nil {
			return c, fmt.Errorf("UPC_MPI_AGG_BYTES=%q: want a byte count (0 turns aggregation off)", s)
		}
		c.AggBytes = uintptr(n)
	}
	durs := []struct {
		name string
		p    *time.Duration
	}{
		{"UPC_MPI_AGG_HOLD", &c.AggHold},
		{"UPC_MPI_POLL_MAX", &c.PollMax},
		{"UPC_MPI_SPIN_IDLE", &c.SpinIdle},
		{"UPC_MPI_SPIN_BUSY", &c.SpinBusy},
		{"UPC_MPI_EXIT_WAIT", &c.ExitWait},
	}
	for _, v := range durs {
		s, ok := envLookup(v.name)
		if !ok {
			continue
		}
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil || d < 0 {
			return c, fmt.Errorf("%s=%q: want a duration such as 200us or 1ms", v.name, s)
		}
		*v.p = d
	}
	words := []struct {
		name   string
		p      *string
		values []string
	}{
		{"UPC_MPI_THREADS", &c.Threads, []string{"multiple", "funneled"}},
		{"UPC_MPI_VIS", &c.VIS, []string{"auto", "datatype", "pack"}},
		{"UPC_MPI_ATOMICS", &c.Atomics, []string{"auto", "mpi", "am"}},
		{"UPC_MPI_WINDOW", &c.Window, []string{"auto", "allocate", "create"}},
	}
	for _, v := range words {
		s, ok := envLookup(v.name)
		if !ok {
			continue
		}
		s = strings.ToLower(strings.TrimSpace(s))
		found := false
		for _, w := range v.values {
			found = found || s == w
		}
		if !found {
			return c, fmt.Errorf("%s=%q: want one of %s", v.name, s, strings.Join(v.values, ", "))
		}
		*v.p = s
	}
	bools := []struct {
		name, meaning string
		p             *bool
	}{
		{"UPC_MPI_PSHM", "processes on one node share their segments", &c.PSHM},
		{"UPC_MPI_VERBOSE", "each process describes its place in the job at start", &c.Verbose},
	}
	for _, v := range bools {
		s, ok := envLookup(v.name)
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "1", "on", "yes", "true":
			*v.p = true
		case "0", "off", "no", "false":
			*v.p = false
		default:
			return c, fmt.Errorf("%s=%q: want 1 (%s) or 0", v.name, s, v.meaning)
		}
	}
	if c.AggMin > c.AggOps {
		c.AggMin = c.AggOps
	}
	return c, nil
}

// Library is the MPI implementation a process runs on; some defaults
// depend on it.
type Library int

const (
	OpenMPI Library = iota
	MPICH
	OtherMPI
)

func (l Library) String() string {
	return [...]string{"Open MPI", "MPICH", "MPI"}[l]
}

// libraryOf recognises the implementation from MPI_Get_library_version.
func libraryOf(version string) Library {
	switch {
	case strings.Contains(version, "Open MPI"):
		return OpenMPI
	case strings.Contains(version, "MPICH"):
		return MPICH
	}
	return OtherMPI
}

// resolve fills the "auto" choices, as measured (docs/mpi.md). Derived
// datatypes go in one operation except where Open MPI's UCX path (osc/ucx,
// used between nodes, or when osc/sm is not selected) sends them element
// by element; there the conduit packs transfers itself. Open MPI's osc/sm,
// the fastest shared-memory path, needs MPI_Win_allocate; MPICH is faster
// with MPI_Win_create. Remote atomics go through MPI_Fetch_and_op: an
// active message costs a round trip through both processes' progress
// goroutines (tens of microseconds against one).
//
// With PSHM and every process on one node, no put or get goes through MPI
// and every segment is addressable, so atomics are CPU atomics ("am":
// applied directly wherever the segment is addressable, which is
// everywhere), 10–30 times faster than MPI_Fetch_and_op on shared memory;
// across nodes they stay MPI atomics, the only kind atomic with respect to
// each other there.
//
// oneNode says whether every process shares this node's memory; osc is
// Open MPI's osc component list (OMPI_MCA_osc).
func (c *Config) resolve(lib Library, oneNode bool, osc string) {
	if c.Window == "auto" {
		c.Window = "create"
		if lib == OpenMPI {
			c.Window = "allocate"
		}
	}
	if c.VIS == "auto" {
		c.VIS = "datatype"
		// osc/sm serves allocated and shared windows on one node.
		allocated := c.Window == "allocate" && !c.PSHM || c.PSHM && !c.pshmSplit
		sm := oneNode && allocated && (osc == "" || strings.HasPrefix(osc, "sm"))
		if lib == OpenMPI && !sm {
			c.VIS = "pack"
		}
	}
	if c.Atomics == "auto" {
		c.Atomics = "mpi"
		if c.PSHM && oneNode {
			c.Atomics = "am"
		}
	}
}

// windowMode is how a job's segments are exposed to MPI (UPC_WIN_* in
// mpi_c.go, in the same order).
type windowMode int

const (
	winCreate      windowMode = iota // MPI_Win_create over the conduit's own mapping
	winAllocate                      // MPI_Win_allocate
	winShared                        // PSHM, one node: one MPI_Win_allocate_shared over every process
	winSharedSplit                   // PSHM: a shared window per node, MPI_Win_create over it for MPI_COMM_WORLD
)

// windowMode is how the job's segments are exposed.
func (c *Config) windowMode(oneNode bool) windowMode {
	switch {
	case c.PSHM && oneNode && !c.pshmSplit:
		return winShared
	case c.PSHM:
		return winSharedSplit
	case c.Window == "allocate":
		return winAllocate
	}
	return winCreate
}
