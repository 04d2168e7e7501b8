//go:build mpi

package mpi

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

func init() { gasnet.RegisterNetwork("mpi", open) }

// open is the registered start-up: the configuration from the
// environment, then New. When the job cannot be formed (a thread count
// the processes cannot share), every process finds the same error, so
// they finalise MPI together and the program exits with the message.
func open(req gasnet.ConduitRequest) (gasnet.Conduit, error) {
	cfg, err := ConfigFromEnv()
	if err != nil {
		return nil, err
	}
	c, err := New(req, cfg)
	if err != nil && theEngine != nil {
		theEngine.call(mpiFinalize)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Finalize ends MPI in this process, for programs that use the conduit
// directly (upc.Main ends the process through Exit instead). No job may
// be attached.
func Finalize() error {
	if theEngine == nil {
		return nil
	}
	return theEngine.call(mpiFinalize)
}

// Conduit is the MPI conduit for one job. Each process hosts a block of
// UPC threads (its ranks), whose segments are consecutive parts of one
// MPI window; ranks of one process address each other's segments
// directly, and reach other processes through MPI.
type Conduit struct {
	cfg        Config
	unresolved Config // cfg before its "auto" choices, for withoutPSHM
	eng        *engine
	l          layout

	job     *gasnet.Job
	cj      *cjob
	segSize uintptr
	winSize uintptr
	base    unsafe.Pointer
	mapped  []byte // the window's memory when the conduit mapped it itself
	// peers[p] is where this process sees process p's segments when
	// they share memory (PSHM: this process and the others on its node),
	// else nil.
	peers    []unsafe.Pointer
	table    []unsafe.Pointer // SegmentTable, made on first use
	multiple bool             // goroutines other than the engine may call MPI
	tab      *table
	bar      *barrier

	// Active messages waiting for the engine: for local ranks, and to
	// send to other processes.
	qmu    sync.Mutex
	localQ []*gasnet.Message
	outQ   []outMsg
	queued atomic.Int32 // non-zero when either queue may hold messages

	// Engine-only state: request slots; per peer process, the sequence
	// numbers of active messages sent and the arrivals not yet delivered.
	slots     []reqSlot
	freeSlots []int
	sendSeq   map[int]uint32
	inbound   map[int]*inboundQ
	early     int // arrivals waiting for an earlier message or their payload
	bulkTag   uint32
	tested    tested
	barBusy   bool // this process's barrier contribution is in flight
	barDone   bool // the barrier request completed (set by poll)

	// Completions of packed transfers, by the id their reply carries.
	pmu      sync.Mutex
	pending  map[uint64]func(payload []byte)
	nextID   uint64
	awaiting atomic.Int32 // len(pending), read by the engine without the lock

	// inMPI counts ranks inside an MPI call: they drive MPI's progress
	// themselves, and the engine's polls would only contend with them for
	// the library's lock (MPICH serialises all threads on one).
	inMPI atomic.Int32
	// mpiCalls counts the calls inMPI counted that have returned: ranks
	// that call MPI again and again (posting puts) make progress too,
	// and the engine leaves them the library while they do.
	mpiCalls atomic.Uint64

	// Active messages sent to and delivered from other processes
	// (engine only), for the deadlock checks.
	amSent, amDelivered uint64

	// The deadlock report's parts, gathered at process 0 (Gather).
	gmu     sync.Mutex
	parts   [][]byte
	nparts  int
	gotPart chan struct{}

	remoteAbort  atomic.Bool  // the job was aborted by another process's notice
	abortStatus  atomic.Int64 // the status this process's abort ends the job with
	abortPending atomic.Bool  // notices to send
	ready        atomic.Int64 // processes that flushed their output after an abort
	closed       bool
}

// outMsg is a message waiting to be sent: an active message, or a
// control message (abort, ready) to process proc.
type outMsg struct {
	kind   msgKind
	proc   int
	m      *gasnet.Message
	status int
}

// reqSlot is one MPI request of the engine's and what it keeps alive.
type reqSlot struct {
	cbuf unsafe.Pointer // a send buffer in C memory
	pin  runtime.Pinner // a bulk payload in Go memory
	recv *arrival       // a bulk receive
}

// arrival is a received active message; a bulk one is ready once its
// payload has arrived.
type arrival struct {
	m     *gasnet.Message
	proc  int
	ready bool
}

// inboundQ holds the arrivals from one process that cannot be delivered
// yet, by sequence number.
type inboundQ struct {
	next uint32
	held map[uint32]*arrival
}

// New starts MPI if needed and returns the conduit for a job of the shape
// req asks for. Only one job may be attached per process at a time.
func New(req gasnet.ConduitRequest, cfg Config) (*Conduit, error) {
	e, err := startEngine(cfg.Threads)
	if err != nil {
		return nil, fmt.Errorf("cannot start MPI: %v", err)
	}
	if e.size == 1 {
		if err := launcherMismatch(e.lib); err != nil {
			return nil, err
		}
	}
	l, err := resolveLayout(req, e.size, e.rank)
	if err != nil {
		return nil, err
	}
	unresolved := cfg
	cfg.resolve(e.lib, e.oneNode, os.Getenv("OMPI_MCA_osc"))
	c := &Conduit{cfg: cfg, unresolved: unresolved, eng: e, l: l, multiple: e.multiple && cfg.Threads != "funneled", sendSeq: map[int]uint32{}, inbound: map[int]*inboundQ{}, pending: map[uint64]func([]byte){},
		gotPart: make(chan struct{}, 1)}
	return c, nil
}

// launcherMismatch reports a singleton process that a launcher meant to
// be one of several: the mpirun of another MPI implementation starts
// processes this MPI sees as independent jobs of one process each.
func launcherMismatch(lib Library) error {
	for _, v := range []struct{ env, launcher string }{
		{"OMPI_COMM_WORLD_SIZE", "Open MPI's"},
		{"PMI_SIZE", "MPICH's (Hydra)"},
	} {
		if n, err := strconv.Atoi(os.Getenv(v.env)); err == nil && n > 1 {
			return fmt.Errorf("this program uses %s but was started by %s mpirun as one of %d processes, which it cannot join: start it with the mpirun of %s, or rebuild it for the other MPI (UPCGO_MPI=openmpi or mpich)", lib, v.launcher, n, lib)
		}
	}
	return nil
}

// Library reports the MPI implementation the process runs on.
func (c *Conduit) Library() Library { return c.eng.lib }

// Config returns the conduit's resolved configuration.
func (c *Conduit) Config() Config { return c.cfg }

// Multiple reports whether ranks call MPI themselves (MPI_THREAD_MULTIPLE)
// rather than through the progress goroutine.
func (c *Conduit) Multiple() bool { return c.multiple }

// Procs is the number of MPI processes.
func (c *Conduit) Procs() int { return c.l.procs }

func (c *Conduit) Name() string              { return "mpi" }
func (c *Conduit) Size() int                 { return c.l.threads() }
func (c *Conduit) Local() (first, count int) { return c.l.first(), c.l.perProc }

// Segment is non-nil when both ranks live in this process, or with PSHM
// when rank to's process shares this node's memory.
func (c *Conduit) Segment(from, to int) unsafe.Pointer {
	if !c.l.local(from) {
		return nil
	}
	base := c.peers[c.l.proc(to)]
	if base == nil {
		return nil
	}
	return unsafe.Add(base, uintptr(to%c.l.perProc)*c.segSize)
}

// SegmentTable is the addressability table every local rank shares.
func (c *Conduit) SegmentTable(from int) []unsafe.Pointer {
	if c.table == nil {
		c.table = make([]unsafe.Pointer, c.Size())
		for r := range c.table {
			c.table[r] = c.Segment(from, r)
		}
	}
	return c.table
}

// Shared reports how many processes (this one included) share their
// segments with this process: 1 without PSHM.
func (c *Conduit) Shared() int {
	n := 0
	for _, p := range c.peers {
		if p != nil {
			n++
		}
	}
	return n
}

// where returns the process hosting rank to and the window displacement
// of offset off of its segment.
func (c *Conduit) where(to int, off uintptr) (proc int, disp uintptr) {
	return c.l.proc(to), uintptr(to%c.l.perProc)*c.segSize + off
}

// Attach creates the window over the local ranks' segments (collective:
// every process attaches its job together) and starts serving the job.
func (c *Conduit) Attach(job *gasnet.Job, segSize uintptr) error {
	if c.eng.current() != nil {
		return errors.New("gasnet/mpi: a process runs one MPI job at a time")
	}
	c.job, c.segSize = job, segSize
	c.winSize = uintptr(c.l.perProc) * segSize
	err := c.openWindow()
	var none *noSharedWindows
	if errors.As(err, &none) {
		// Every process learnt it together, so every process goes on
		// without PSHM.
		c.withoutPSHM(none)
		err = c.openWindow()
	}
	if err != nil {
		return fmt.Errorf("gasnet/mpi: %v%s", err, c.windowHint())
	}
	c.base = c.cj.base()
	if c.peers == nil {
		c.peers = make([]unsafe.Pointer, c.l.procs)
	}
	c.peers[c.l.me] = c.base
	if c.cfg.Verbose {
		fmt.Fprintln(os.Stderr, c.describe())
	}
	c.tab = newTable(&c.cfg, c, job.Complete, job.CompleteN, job.Aborted(), c.eng.wake, !c.multiple, c.l.first(), c.l.perProc)
	c.tab.mem = &cMem
	q := job.NewQuiescence()
	c.bar = newBarrier(job, c.l.first(), c.l.perProc, c.l.me, c.eng.wake, func() quietness {
		r := q.Check(c.idle, c.amSent, c.amDelivered)
		return quietness{quiet: r.Quiet, stable: r.Stable, sent: c.amSent, delivered: c.amDelivered}
	})
	c.eng.attach(c)
	return nil
}

// openWindow makes the job's C state and window in the configured mode.
func (c *Conduit) openWindow() error {
	mode := c.cfg.windowMode(c.eng.oneNode)
	var mem unsafe.Pointer
	if mode == winCreate {
		// Reserved, not committed, and zero-filled as C's static
		// storage must be.
		m, err := syscall.Mmap(-1, 0, int(c.winSize), syscall.PROT_READ|syscall.PROT_WRITE,
			syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
		if err != nil {
			return fmt.Errorf("cannot map %d bytes of segments: %v (lower UPC_SHARED_HEAP_SIZE)", c.winSize, err)
		}
		c.mapped, mem = m, unsafe.Pointer(&m[0])
	}
	err := c.eng.call(func() error {
		cj, err := newCJob(c.winSize, mode, mem, c.cfg.Eager, c.cfg.Recvs, 64)
		if err == nil && (mode == winShared || mode == winSharedSplit) {
			// On failure the job cannot start: every process ends
			// with MPI_Abort (Exit), so the window is left as it is.
			c.peers, err = cj.sharedBases(c.l.procs)
		}
		if err == nil {
			c.cj = cj
			c.slots = make([]reqSlot, 64)
			for i := 63; i >= 0; i-- {
				c.freeSlots = append(c.freeSlots, i)
			}
		}
		return err
	})
	if err != nil {
		c.unmap()
	}
	return err
}

// withoutPSHM reconfigures a job whose processes could not allocate
// shared windows (Open MPI with osc/pt2pt alone has none) to reach each
// other through MPI, as UPC_MPI_PSHM=0 does, and says so once: the job
// is correct but slower on a node, and the user should know why.
// Choosing UPC_MPI_PSHM=0 gets the same job without the message.
func (c *Conduit) withoutPSHM(why *noSharedWindows) {
	cfg := c.unresolved
	cfg.PSHM = false
	cfg.resolve(c.eng.lib, c.eng.oneNode, os.Getenv("OMPI_MCA_osc"))
	c.cfg = cfg
	if c.l.me == 0 {
		fmt.Fprintf(os.Stderr, "%s: gasnet/mpi: shared windows are unavailable (%v): processes on one node reach each other through MPI, without PSHM (UPC_MPI_PSHM=0 chooses this without this message)\n", filepath.Base(os.Args[0]), why.err)
	}
}

// windowHint explains a window MPI could not make where the cause is
// known: Open MPI's osc/pt2pt, the one component left when OMPI_MCA_osc
// names only it, serves no process initialised with
// MPI_THREAD_MULTIPLE.
func (c *Conduit) windowHint() string {
	if c.eng.lib == OpenMPI && c.eng.multiple && strings.TrimSpace(os.Getenv("OMPI_MCA_osc")) == "pt2pt" {
		return " (Open MPI's osc/pt2pt serves no process with MPI_THREAD_MULTIPLE: add ucx to OMPI_MCA_osc, or set UPC_MPI_THREADS=funneled)"
	}
	return ""
}

// describe is the process's UPC_MPI_VERBOSE line.
func (c *Conduit) describe() string {
	host, _ := os.Hostname()
	var shared []string
	for p, base := range c.peers {
		if base != nil {
			shared = append(shared, strconv.Itoa(p))
		}
	}
	pshm := "no PSHM"
	if c.cfg.PSHM {
		pshm = "PSHM with processes " + strings.Join(shared, ",")
	}
	return fmt.Sprintf("%s: gasnet/mpi: process %d of %d on %s: UPC threads %d-%d, %s, %s, vis %s, atomics %s",
		filepath.Base(os.Args[0]), c.l.me, c.l.procs, host, c.l.first(), c.l.first()+c.l.perProc-1,
		c.eng.lib, pshm, c.cfg.VIS, c.cfg.Atomics)
}

// Start waits until every process's job is set up (the job's start-up
// barrier), so no rank's message reaches a process not ready for it.
func (c *Conduit) Start() error {
	return c.eng.call(func() error {
		if err := c.cj.ibarrier(); err != nil {
			return err
		}
		for !c.barDone {
			c.poll()
		}
		c.barDone = false
		return nil
	})
}

func (c *Conduit) unmap() {
	if c.mapped != nil {
		syscall.Munmap(c.mapped)
		c.mapped = nil
	}
}

// fail aborts the job on an MPI error: the network is unusable.
func (c *Conduit) fail(err error) {
	if err != nil {
		c.job.Abort(fmt.Errorf("gasnet/mpi: process %d: %v", c.l.me, err))
	}
}

// Put and Get post contiguous transfers to the operation table.
func (c *Conduit) Put(from, to int, off uintptr, src unsafe.Pointer, n uintptr, done gasnet.OpRef) {
	c.post(opPut, from, to, off, src, n, done)
}

func (c *Conduit) Get(from int, dst unsafe.Pointer, to int, off uintptr, n uintptr, done gasnet.OpRef) {
	c.post(opGet, from, to, off, dst, n, done)
}

func (c *Conduit) post(k opKind, from, to int, off uintptr, addr unsafe.Pointer, n uintptr, done gasnet.OpRef) {
	proc, disp := c.where(to, off)
	c.tab.post(k, from, proc, disp, addr, n, done)
}

// enterMPI and leaveMPI bracket the MPI calls of ranks (and of the
// engine's table work) for the engine's polling decisions.
func (c *Conduit) enterMPI() { c.inMPI.Add(1) }

func (c *Conduit) leaveMPI() {
	c.mpiCalls.Add(1)
	c.inMPI.Add(-1)
}

// Flush issues what the table holds for the rank (and, before a wait,
// completes it). The engine keeps out of MPI meanwhile (see inMPI).
func (c *Conduit) Flush(from int, wait bool) {
	c.enterMPI()
	c.tab.flush(wait)
	c.leaveMPI()
}

// PutVIS and GetVIS post a VIS transfer (gasnet.VISConduit); the remote
// side's offsets are from the target segment's displacement in the window.
func (c *Conduit) PutVIS(from, to int, remote, local gasnet.Side, done gasnet.OpRef) {
	c.postVIS(opPutVIS, from, to, local, remote, done)
}

func (c *Conduit) GetVIS(from int, local gasnet.Side, to int, remote gasnet.Side, done gasnet.OpRef) {
	c.postVIS(opGetVIS, from, to, local, remote, done)
}

func (c *Conduit) postVIS(k opKind, from, to int, local, remote gasnet.Side, done gasnet.OpRef) {
	proc, seg := c.where(to, 0)
	o := c.tab.acquire(proc)
	o.kind, o.from, o.local, o.remote, o.disp, o.ref = k, from, local, remote, seg, done
	c.tab.submit(o)
}

// NativeAtomics reports whether atomics go through MPI (Config.Atomics).
func (c *Conduit) NativeAtomics() bool { return c.cfg.Atomics == "mpi" }

// Atomic runs one atomic operation with MPI_Fetch_and_op or
// MPI_Compare_and_swap and waits for it. Operations whose result does not
// depend on signedness use the unsigned type of their width, so that
// nearly every operation on a location uses one datatype (MPI promises
// atomicity only among accumulates of the same type).
func (c *Conduit) Atomic(from, to int, off uintptr, op gasnet.AtomicOp, kind gasnet.AtomicKind, a, b uint64) uint64 {
	proc, disp := c.where(to, off)
	wide := kind != gasnet.Int32 && kind != gasnet.Uint32 && kind != gasnet.Float32
	bits := int(gasnet.Uint32)
	if wide {
		bits = int(gasnet.Uint64)
	}
	typ, code := bits, aopNoOp
	switch op {
	case gasnet.AtomicSet, gasnet.AtomicSwap:
		code = aopReplace
	case gasnet.AtomicAdd:
		code = aopSum
	case gasnet.AtomicAnd:
		code = aopBand
	case gasnet.AtomicOr:
		code = aopBor
	case gasnet.AtomicXor:
		code = aopBxor
	case gasnet.AtomicMin:
		code = aopMin
	case gasnet.AtomicMax:
		code = aopMax
	case gasnet.AtomicMul:
		code = aopProd
	}
	float := kind == gasnet.Float32 || kind == gasnet.Float64
	switch {
	case code == aopMin || code == aopMax:
		typ = int(kind)
	case (code == aopSum || code == aopProd) && float:
		typ = int(kind)
	}
	var res [2]uint64
	val, cmp := [2]uint64{a}, [2]uint64{b}
	if !wide {
		// The 32-bit value is the low half in little-endian memory.
		val[0], cmp[0] = uint64(uint32(a)), uint64(uint32(b))
	}
	call := func() error {
		if op == gasnet.AtomicCAS {
			return c.cj.cas(proc, disp, unsafe.Pointer(&val), unsafe.Pointer(&cmp), unsafe.Pointer(&res), bits)
		}
		return c.cj.fetchOp(proc, disp, unsafe.Pointer(&val), unsafe.Pointer(&res), typ, code)
	}
	// Where the MPI in use gets an operation wrong, the new value is
	// computed here and stored with a compare-and-swap loop, which is
	// atomic with respect to the other MPI atomics on the location,
	// whichever component runs.
	var combine func(old uint64) uint64
	switch {
	case code == aopSum && float && c.eng.lib == OpenMPI:
		// Open MPI 4.1's osc/ucx adds MPI_FLOAT and MPI_DOUBLE with
		// the network's integer fetch-and-add (the conduit's tests
		// caught it: 50 additions of 0.5 gave -2.2e248).
		combine = func(old uint64) uint64 { return floatAdd(kind, old, a) }
	case (code == aopMin || code == aopMax) && (kind == gasnet.Uint32 || kind == gasnet.Uint64) && c.eng.lib == MPICH:
		// MPICH 4.0 compares MPI_UINT32_T and MPI_UINT64_T as signed
		// in MPI_MIN and MPI_MAX (the conformance suite caught it:
		// max(3, 0xFFFFFFFF) left 3).
		operand := val[0]
		combine = func(old uint64) uint64 { return unsignedMinMax(op, old, operand) }
	}
	if combine != nil {
		call = func() error {
			var cur, none [2]uint64
			if err := c.cj.fetchOp(proc, disp, unsafe.Pointer(&none), unsafe.Pointer(&cur), bits, aopNoOp); err != nil {
				return err
			}
			for {
				cmp[0], val[0] = cur[0], combine(cur[0])
				if err := c.cj.cas(proc, disp, unsafe.Pointer(&val), unsafe.Pointer(&cmp), unsafe.Pointer(&res), bits); err != nil {
					return err
				}
				if res[0] == cur[0] {
					return nil
				}
				cur = res
			}
		}
	}
	var err error
	if c.multiple {
		c.enterMPI()
		err = call()
		c.leaveMPI()
	} else {
		err = c.eng.call(call)
	}
	if err != nil {
		c.fail(err)
		panic(gasnet.ErrAborted)
	}
	if op == gasnet.AtomicSet {
		return 0
	}
	if !wide {
		return uint64(uint32(res[0]))
	}
	return res[0]
}

// floatAdd adds the float of kind in a's bits to the one in old's (the
// low 32 bits for Float32) and returns the sum's bits, as they are stored.
func floatAdd(kind gasnet.AtomicKind, old, a uint64) uint64 {
	if kind == gasnet.Float32 {
		return uint64(math.Float32bits(math.Float32frombits(uint32(old)) + math.Float32frombits(uint32(a))))
	}
	return math.Float64bits(math.Float64frombits(old) + math.Float64frombits(a))
}

// unsignedMinMax is the minimum (AtomicMin) or maximum of the unsigned
// values old and a, of the width that holds them.
func unsignedMinMax(op gasnet.AtomicOp, old, a uint64) uint64 {
	if (op == gasnet.AtomicMin) == (a < old) {
		return a
	}
	return old
}

// Send queues an active message for the engine.
func (c *Conduit) Send(m *gasnet.Message) {
	c.qmu.Lock()
	if c.l.local(m.Dst) {
		c.localQ = append(c.localQ, m)
	} else {
		c.outQ = append(c.outQ, outMsg{kind: kindAM, proc: c.l.proc(m.Dst), m: m})
	}
	c.queued.Store(1)
	c.qmu.Unlock()
	c.eng.wake()
}

func (c *Conduit) BarrierNotify(r int, id int32, anonymous bool) { c.bar.notify(r, id, anonymous) }
func (c *Conduit) BarrierWait(r int) error                       { return c.bar.node.Wait(r) }
func (c *Conduit) BarrierTry(r int) (bool, error)                { return c.bar.node.Try(r) }

// RankDone records a finished rank; the last local one waits for the
// job's exit consensus (or its abort).
func (c *Conduit) RankDone(r int) { c.bar.rankDone(r) }

// Close releases the job's MPI resources after a clean end: it serves the
// other processes until every process has completed its sends, then frees
// the window and communicators together with them. After an abort it
// keeps everything, so the engine can still pass on the abort; Exit ends
// the process.
func (c *Conduit) Close() error {
	if c.closed || c.cj == nil {
		return nil
	}
	c.closed = true
	if !c.cleanEnd() {
		return nil
	}
	err := c.eng.call(func() error {
		for c.tab.busy() || c.cj.pendingSlots() > 0 || c.hasQueued() {
			c.poll()
		}
		if err := c.cj.ibarrier(); err != nil {
			return err
		}
		for !c.barDone {
			c.poll()
		}
		c.barDone = false
		// Detached first: the engine polls no more after this call.
		c.eng.detach(c)
		c.cj.release(true)
		return nil
	})
	c.eng.detach(c)
	if err == nil {
		c.unmap()
	}
	return err
}

func (c *Conduit) hasQueued() bool { return c.queued.Load() != 0 }

// idle reports whether this process has no message or operation in
// flight but those the deadlock checks count (engine only).
func (c *Conduit) idle() bool {
	return !c.hasQueued() && c.early == 0 && c.awaiting.Load() == 0 && c.tab.idle()
}

// AgreesOnDeadlock marks the conduit as one whose processes agree on a
// deadlock in their barrier rounds.
func (c *Conduit) AgreesOnDeadlock() {}

// JobAborted tells the other processes, unless their notice caused it or
// every process decided alike (a deadlock, a barrier that can never
// complete): a notice then could only race the one process that reports
// the cause, and end it quietly before it has.
func (c *Conduit) JobAborted(err error) {
	if c.remoteAbort.Load() || isAgreed(err) {
		return
	}
	status := 1
	var ee *gasnet.ExitError
	if errors.As(err, &ee) {
		status = ee.Status
	}
	c.abortStatus.Store(int64(status))
	c.abortPending.Store(true)
	c.eng.wake()
}

// Exit ends the process once the program is done and its output flushed.
// After a clean end every process finalises MPI. After an abort, each
// process tells process 0 that its output is flushed; once all have (or
// after Config.ExitWait) process 0 ends the job with MPI_Abort, which ends
// every process with the status. It waits exitLinger first: the launcher
// forwards the processes' output on its own time, and under load MPICH's
// Hydra was seen to drop output it had not yet forwarded when the abort
// came. A process that hears nothing from process 0 within the wait calls
// MPI_Abort itself, so no process is ever left running.
func (c *Conduit) Exit(status int) {
	if c.bar == nil {
		// The job never started (its window could not be made): end
		// every process rather than guess which got how far.
		mpiAbort(status)
		os.Exit(status)
	}
	if c.cleanEnd() {
		// Every process has finished and flushed its output (or
		// stopped where every process saw the job fail alike). What the
		// MPI library prints while it tears itself down is not the
		// program's: Open MPI 4.1's osc/ucx over TCP, on a loaded
		// machine, reports "disconnect failed: Endpoint timeout" when
		// another process closed its connection first (the multi-node
		// test saw it in about one job in ten). UPC_MPI_VERBOSE keeps it;
		// a failing MPI_Finalize is reported either way.
		finalize := mpiFinalizeQuiet
		if c.cfg.Verbose {
			finalize = mpiFinalize
		}
		if err := c.eng.call(finalize); err != nil {
			fmt.Fprintf(os.Stderr, "%s: gasnet/mpi: process %d: %v\n", filepath.Base(os.Args[0]), c.l.me, err)
		}
		os.Exit(status)
	}
	deadline := time.Now().Add(c.cfg.ExitWait)
	if c.l.me != 0 {
		c.qmu.Lock()
		c.outQ = append(c.outQ, outMsg{kind: kindReady, proc: 0, status: status})
		c.queued.Store(1)
		c.qmu.Unlock()
		c.eng.wake()
		time.Sleep(time.Until(deadline))
	} else {
		for c.ready.Load() < int64(c.l.procs-1) && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(exitLinger)
	}
	mpiAbort(status)
	os.Exit(status)
}

// Gather collects a part of the job's final report from every process at
// process 0, which gets them in process order (the others get nil): the
// lines of a deadlock report, which every process learns of alike. A
// part that has not come within Config.ExitWait is left empty.
func (c *Conduit) Gather(part []byte) [][]byte {
	if c.l.me != 0 {
		c.Send(&gasnet.Message{Src: c.l.first(), Dst: 0, Handler: hReportPart, NArgs: 1, Args: [gasnet.MaxArgs]uint64{uint64(c.l.me)}, Payload: part})
		return nil
	}
	c.addPart(0, part)
	deadline := time.After(c.cfg.ExitWait)
	for {
		c.gmu.Lock()
		n := c.nparts
		c.gmu.Unlock()
		if n == c.l.procs {
			break
		}
		select {
		case <-c.gotPart:
			continue
		case <-deadline:
		}
		break
	}
	c.gmu.Lock()
	defer c.gmu.Unlock()
	return append([][]byte(nil), c.parts...)
}

// addPart records process p's part of the final report.
func (c *Conduit) addPart(p int, part []byte) {
	c.gmu.Lock()
	if c.parts == nil {
		c.parts = make([][]byte, c.l.procs)
	}
	if c.parts[p] == nil {
		c.parts[p] = part
		c.nparts++
	}
	c.gmu.Unlock()
	select {
	case c.gotPart <- struct{}{}:
	default:
	}
}

var hReportPart = gasnet.RegisterHandler("mpi-report-part", func(tok gasnet.Token, args []uint64, payload []byte) {
	conduitOf(tok).addPart(int(args[0]), payload)
})

// cleanEnd reports whether every process ends the job together, so that
// it can release MPI with the others and exit normally: after the exit
// consensus, or after an abort every process decided alike (nothing is
// then in flight, and no process is stopped mid-operation). The launcher
// then forwards every process's output before it exits, which no wait
// before MPI_Abort can promise.
func (c *Conduit) cleanEnd() bool {
	if err := c.job.AbortErr(); err != nil {
		return isAgreed(err)
	}
	return c.bar.exited()
}

// exitLinger is how long process 0 lets the launcher forward output
// before it aborts the job.
const exitLinger = 200 * time.Millisecond

// WriteStats prints the conduit's counters of a local rank.
func (c *Conduit) WriteStats(w io.Writer, rank int) {
	i := rank - c.l.first()
	if c.tab == nil || i < 0 || i >= len(c.tab.merged) {
		return
	}
	fmt.Fprintf(w, "upc stats: thread %d: mpi: %d small puts merged, into %d transfers\n", rank, c.tab.merged[i].Load(), c.tab.transfers[i].Load())
}
