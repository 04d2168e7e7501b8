package gasnet

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultSegmentSize is each rank's segment (for UPC, its shared heap)
// when UPC_SHARED_HEAP_SIZE is unset: 512 MB, eight times Berkeley UPC's
// 64 MB, so that codes such as the NAS benchmarks' class A run without a
// setting. Segments are reserved, not committed (MAP_NORESERVE; sparse
// shared memory for MPI windows): untouched pages cost nothing.
const DefaultSegmentSize = 512 << 20

// Config describes a job.
type Config struct {
	// SegmentSize is each rank's segment in bytes; 0 reads
	// UPC_SHARED_HEAP_SIZE and falls back to DefaultSegmentSize.
	SegmentSize uintptr
	Conduit     Conduit // the job's ranks and network (runtime/gasnet/smp, runtime/gasnet/mpi)
	Profile     ProfileMode
}

// ErrAborted is the panic value that unwinds a rank blocked in the runtime
// when the job aborts; Job.Run recovers it.
var ErrAborted = errors.New("gasnet: job aborted")

// RankPanic is the first fault of a job: the rank, the panic value and the
// program counters of the panicking goroutine (for source positions).
type RankPanic struct {
	Rank  int
	Value any
	PCs   []uintptr
}

func (p *RankPanic) Error() string { return fmt.Sprintf("rank %d: %v", p.Rank, p.Value) }

// ExitError ends a job with a status chosen by the program (upc_global_exit).
type ExitError struct{ Status int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Status) }

// Job is one process's view of a running job.
type Job struct {
	conduit   Conduit
	first     int
	endpoints []*Endpoint
	segSize   uintptr

	abortCh   chan struct{}
	abortOnce sync.Once
	abortErr  error
	aborted   atomic.Bool

	// made is set once NewJob has made the endpoints: a conduit serves
	// the job from Attach on, before they exist, and its engine may
	// check quiescence (deadlock.go) meanwhile.
	made atomic.Bool

	wait          waitPolicy    // how Waiters spin (choosePolicy)
	deadlockEvery time.Duration // between two deadlock checks

	statsMu sync.Mutex
	profile ProfileMode
	client  any
}

// ParseSize reads a size like Berkeley UPC's UPC_SHARED_HEAP_SIZE: a number
// of bytes with an optional K, M, G or T suffix (KB, MB, GB, TB and a
// trailing B accepted; case ignored); a bare number means megabytes, as in
// Berkeley UPC.
func ParseSize(s string) (uintptr, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	mult := uint64(1 << 20)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult, t = 1<<10, t[:n-1]
		case 'M':
			mult, t = 1<<20, t[:n-1]
		case 'G':
			mult, t = 1<<30, t[:n-1]
		case 'T':
			mult, t = 1<<40, t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v <= 0 || v*float64(mult) > 1<<46 {
		return 0, fmt.Errorf("invalid size %q (want e.g. 64MB, 1GB)", s)
	}
	return uintptr(v * float64(mult)), nil
}

// EnvSegmentSize reads UPC_SHARED_HEAP_SIZE: the size it asks for, or 0
// if it is unset.
func EnvSegmentSize() (uintptr, error) {
	s := os.Getenv("UPC_SHARED_HEAP_SIZE")
	if s == "" {
		return 0, nil
	}
	v, err := ParseSize(s)
	if err != nil {
		return 0, fmt.Errorf("UPC_SHARED_HEAP_SIZE: %v", err)
	}
	return v, nil
}

// NewJob attaches the conduit and creates the local ranks' endpoints.
func NewJob(cfg Config) (*Job, error) {
	seg := cfg.SegmentSize
	if seg == 0 {
		v, err := EnvSegmentSize()
		if err != nil {
			return nil, err
		}
		seg = cmp.Or(v, DefaultSegmentSize)
	}
	seg = (seg + pageSize - 1) &^ (pageSize - 1)
	c := cfg.Conduit
	if c == nil {
		return nil, errors.New("gasnet: a job needs a conduit")
	}
	if c.Size() < 1 {
		return nil, fmt.Errorf("gasnet: need at least one rank, got %d", c.Size())
	}
	if err := checkFootprint(c, seg); err != nil {
		return nil, err
	}
	every, err := deadlockInterval()
	if err != nil {
		return nil, err
	}
	j := &Job{conduit: c, segSize: seg, abortCh: make(chan struct{}), profile: cfg.Profile, deadlockEvery: every}
	if err := c.Attach(j, seg); err != nil {
		return nil, err
	}
	first, count := c.Local()
	j.wait = choosePolicy(count)
	j.first = first
	j.endpoints = make([]*Endpoint, count)
	for i := range j.endpoints {
		j.endpoints[i] = newEndpoint(j, first+i)
	}
	j.made.Store(true)
	return j, nil
}

const pageSize = 4096

// MaxRanks is the most ranks a job may have: a Handle names its rank in
// rankBits bits.
const MaxRanks = 1 << rankBits

// rankFootprint is what one local rank costs this process before the
// program allocates anything: its endpoint, its goroutine's stack and the
// layer above's thread state. An empty UPC program measures about 4 KiB
// per thread (docs/PERFORMANCE.md); this leaves room for the program's
// own per-thread state.
const rankFootprint = 16 << 10

// maxAddressSpace is the address space the local ranks' segments may
// reserve: half of what Linux gives a process on x86-64 and arm64.
const maxAddressSpace = 1 << 46

// checkFootprint refuses, before anything is allocated, a job whose
// ranks cannot fit this process: more than MaxRanks, segments that do not
// fit the address space, or more memory than the machine has available.
func checkFootprint(c Conduit, seg uintptr) error {
	total := c.Size()
	_, local := c.Local()
	if total > MaxRanks {
		return fmt.Errorf("%d threads: at most %d are supported", total, MaxRanks)
	}
	if uint64(local)*uint64(seg) > maxAddressSpace {
		return fmt.Errorf("%d threads with a shared segment of %s each need %s of address space in one process, more than the %s available (lower UPC_SHARED_HEAP_SIZE or the number of threads)",
			local, formatSize(uint64(seg)), formatSize(uint64(local)*uint64(seg)), formatSize(maxAddressSpace))
	}
	if avail := availableMemory(); avail > 0 && uint64(local)*rankFootprint > avail {
		return fmt.Errorf("%d threads need about %s of memory in one process before the program allocates anything, more than the %s this machine has available (lower the number of threads)",
			local, formatSize(uint64(local)*rankFootprint), formatSize(avail))
	}
	return nil
}

// availableMemory is what this process may still use: the smaller of the
// machine's available memory and its cgroup's remaining limit; 0 if
// neither can be read.
func availableMemory() uint64 {
	var avail uint64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemAvailable:"); ok {
				kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				avail = kb << 10
			}
		}
	}
	limit, err1 := os.ReadFile("/sys/fs/cgroup/memory.max")
	cur, err2 := os.ReadFile("/sys/fs/cgroup/memory.current")
	if err1 == nil && err2 == nil {
		l, errL := strconv.ParseUint(strings.TrimSpace(string(limit)), 10, 64) // "max": no limit
		u, errU := strconv.ParseUint(strings.TrimSpace(string(cur)), 10, 64)
		if errL == nil && errU == nil && l > u && (avail == 0 || l-u < avail) {
			avail = l - u
		}
	}
	return avail
}

// formatSize prints a byte count with a binary unit.
func formatSize(n uint64) string {
	switch {
	case n >= 1<<40:
		return fmt.Sprintf("%.1f TiB", float64(n)/(1<<40))
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// Conduit returns the job's conduit.
func (j *Job) Conduit() Conduit { return j.conduit }

// Size is the number of ranks in the job.
func (j *Job) Size() int { return j.conduit.Size() }

// SegmentSize is each rank's segment size in bytes.
func (j *Job) SegmentSize() uintptr { return j.segSize }

// Endpoint returns the endpoint of local rank r.
func (j *Job) Endpoint(r int) *Endpoint { return j.endpoints[r-j.first] }

// Local returns the endpoints of this process's ranks.
func (j *Job) Local() []*Endpoint { return j.endpoints }

// Abort stops the job: every rank blocked in the runtime unwinds with
// ErrAborted, and Run returns err (the first abort wins).
func (j *Job) Abort(err error) {
	j.abortOnce.Do(func() {
		j.abortErr = err
		j.aborted.Store(true)
		close(j.abortCh)
		if ac, ok := j.conduit.(AbortConduit); ok {
			ac.JobAborted(err)
		}
	})
}

// Aborted is closed when the job aborts.
func (j *Job) Aborted() <-chan struct{} { return j.abortCh }

// AbortErr is the error the job was aborted with, or nil.
func (j *Job) AbortErr() error {
	if !j.aborted.Load() {
		return nil
	}
	return j.abortErr
}

// AbortGrace is how long Run waits, after an abort, for ranks that are
// computing (not blocked in the runtime) before it returns without them.
const AbortGrace = 500 * time.Millisecond

// Run runs body on every local rank, each on its own goroutine, and returns
// when all have returned. A panic in one rank aborts the job with a
// *RankPanic; a rank that panics with *ExitError aborts it with that; a
// job whose ranks all wait for each other aborts with a *DeadlockError.
// Run returns the abort error, if any, at most AbortGrace after the abort
// even if some rank never reaches the runtime again.
func (j *Job) Run(body func(ep *Endpoint)) error {
	if sc, ok := j.conduit.(StartConduit); ok {
		if err := sc.Start(); err != nil {
			j.Abort(err)
			return err
		}
	}
	var wg sync.WaitGroup
	for _, ep := range j.endpoints {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer j.conduit.RankDone(ep.rank)
			defer ep.finished.Store(true)
			defer func() {
				if v := recover(); v != nil {
					j.abortFromPanic(ep.rank, v)
				}
			}()
			body(ep)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	if _, ok := j.conduit.(AgreeConduit); !ok {
		go j.watch(done)
	}
	select {
	case <-done:
	case <-j.abortCh:
		if _, ok := j.AbortErr().(*DeadlockError); ok {
			// Every rank is blocked in the runtime or finished: all
			// unwind, each recording its part of the report, however
			// slowly a loaded machine lets them.
			<-done
			break
		}
		select {
		case <-done:
		case <-time.After(AbortGrace):
		}
	}
	return j.AbortErr()
}

func (j *Job) abortFromPanic(rank int, v any) {
	if v == ErrAborted {
		return
	}
	if e, ok := v.(*ExitError); ok {
		j.Abort(e)
		return
	}
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	j.Abort(&RankPanic{Rank: rank, Value: v, PCs: pcs[:n]})
}

// Deliver runs message m's handler; conduits call it on the target
// process's progress goroutine.
func (j *Job) Deliver(m *Message) {
	id := m.Handler &^ replyBit
	if int(id) >= len(handlerTable) {
		j.Abort(fmt.Errorf("gasnet: rank %d received message for unknown handler %d", m.Dst, id))
		return
	}
	tok := Token{job: j, src: m.Src, dst: m.Dst, isReply: m.Handler&replyBit != 0}
	// A handler that fails (a runtime check, a stray address: progress
	// goroutines panic on faults too) ends the job with a message rather
	// than the process with a Go stack dump.
	defer func() {
		if v := recover(); v != nil {
			j.Abort(fmt.Errorf("gasnet: the %s handler failed at thread %d on a message from thread %d: %v", handlerTable[id].name, m.Dst, m.Src, v))
		}
	}()
	handlerTable[id].fn(tok, m.Args[:m.NArgs], m.Payload)
}

func (j *Job) send(src, dst int, h HandlerID, args []uint64, payload []byte) {
	m := &Message{Src: src, Dst: dst, Handler: h, NArgs: uint8(len(args))}
	copy(m.Args[:], args)
	if len(payload) > 0 {
		m.Payload = append([]byte(nil), payload...)
	}
	j.conduit.Send(m)
}

type handlerEntry struct {
	name string
	fn   Handler
}

var (
	handlerTable []handlerEntry
	handlerMu    sync.Mutex
)

// handlerName is the name handler h was registered with.
func handlerName(h HandlerID) string {
	handlerMu.Lock()
	defer handlerMu.Unlock()
	if int(h) < len(handlerTable) {
		return handlerTable[h].name
	}
	return fmt.Sprintf("handler %d", h)
}

// RegisterHandler adds an active-message handler to the table every
// process shares. Call it from package initialisation (a var declaration),
// so that every process of the job registers the same handlers in the same
// order.
func RegisterHandler(name string, fn Handler) HandlerID {
	handlerMu.Lock()
	defer handlerMu.Unlock()
	if len(handlerTable) >= int(replyBit) {
		panic("gasnet: too many handlers")
	}
	handlerTable = append(handlerTable, handlerEntry{name, fn})
	return HandlerID(len(handlerTable) - 1)
}

// Waiter parks one goroutine until a condition holds. It spins first,
// then yields, then blocks. How long it spins is the job's policy
// (waitPolicy): while every local rank has a core to itself a partner
// answers within a microsecond or so and parking would cost far more;
// with more ranks than cores, spinning starves the ranks it waits for.
// While it blocks, the rank counts as waiting for the deadlock detector
// (deadlock.go).
type Waiter struct {
	state atomic.Uint32 // waiterAwake, waiterChecking or waiterParked
	spin  spinBudget
	wake  chan struct{}
	// group, if set, counts the members of a group of waiters that are
	// parked, so that whoever wakes the group can skip it when none is.
	group *atomic.Int32
}

// Init prepares the waiter for use.
func (w *Waiter) Init() { w.wake = make(chan struct{}, 1) }

// waitPolicy is how a Waiter of the job waits: up to spins checks of the
// condition (adapted between minSpins and spins, see spinBudget), then
// yields yields, then it parks.
type waitPolicy struct{ minSpins, spins, yields int32 }

var (
	// oversubscribed: more local ranks than GOMAXPROCS. About a
	// microsecond of spinning, a few yields.
	oversubscribedWait = waitPolicy{minSpins: 200, spins: 200, yields: 20}
	// dedicated: every local rank has a core. Spin for up to some 50 µs
	// before yielding and parking (yielding and parking is what made
	// barriers 20-50 times slower than OpenMP's on 16 cores); but after
	// a wait that spinning did not end, only as long as when
	// oversubscribed, growing back as spins succeed: other processes
	// taking the cores look like that.
	dedicatedWait = waitPolicy{minSpins: 200, spins: 20_000, yields: 20}
)

// choosePolicy picks the wait policy for local ranks in this process;
// UPC_WAIT_SPIN=0 or 1 forces the oversubscribed or the dedicated one.
func choosePolicy(local int) waitPolicy {
	switch os.Getenv("UPC_WAIT_SPIN") {
	case "0":
		return oversubscribedWait
	case "1":
		return dedicatedWait
	}
	if local <= runtime.GOMAXPROCS(0) {
		return dedicatedWait
	}
	return oversubscribedWait
}

// spinBudget is an adaptive number of spins: cut each time spinning
// failed (the condition came true only after yielding or parking), doubled
// each time it succeeded, so waiters stop burning a core the partner
// needs when the machine is oversubscribed, and spin again when it is not.
type spinBudget struct{ n atomic.Int32 }

func (s *spinBudget) get(def int32) int32 {
	if n := s.n.Load(); n != 0 {
		return n
	}
	return def
}

// spun records whether spinning found the condition true; a failure
// halves the budget, or drops it to lo at once when reset.
func (s *spinBudget) spun(ok, reset bool, lo, def, hi int32) {
	n := s.get(def)
	switch {
	case ok:
		n = min(2*n, hi)
	case reset:
		n = lo
	default:
		n = max(n/2, lo)
	}
	if s.n.Load() != n {
		s.n.Store(n)
	}
}

// Wait returns once cond() is true; ep is the rank that waits and why
// says for what. Whoever makes cond true must call Wake afterwards. If
// the job aborts first, Wait panics with ErrAborted.
func (w *Waiter) Wait(ep *Endpoint, why Why, cond func() bool) {
	p := ep.job.wait
	for range w.spin.get(p.spins) {
		if cond() {
			w.spin.spun(true, true, p.minSpins, p.spins, p.spins)
			return
		}
	}
	w.spin.spun(false, true, p.minSpins, p.spins, p.spins)
	for range p.yields {
		runtime.Gosched()
		if cond() {
			return
		}
	}
	rw := ep.beginWait(why, &w.state)
	for {
		w.state.Store(waiterChecking)
		if w.group != nil {
			w.group.Add(1)
		}
		if cond() {
			w.unpark()
			ep.endWait(rw)
			return
		}
		// A Wake since the store above has set waiterAwake and sent a
		// token: the swap fails and the select returns at once.
		w.state.CompareAndSwap(waiterChecking, waiterParked)
		select {
		case <-w.wake:
		case <-ep.job.abortCh:
			w.unpark()
			ep.abortWait()
		}
		w.unpark()
	}
}

// unpark ends a parked episode: the waiter is awake and out of its group.
func (w *Waiter) unpark() {
	w.state.Store(waiterAwake)
	if w.group != nil {
		w.group.Add(-1)
	}
}

// Wake unparks the waiter if it sleeps. Cheap when it does not.
func (w *Waiter) Wake() {
	if w.state.Load() != waiterAwake && w.state.Swap(waiterAwake) != waiterAwake {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// checkAbort panics with ErrAborted if the job has aborted.
func (j *Job) checkAbort() {
	if j.aborted.Load() {
		panic(ErrAborted)
	}
}

// SetClient attaches the layer above (the UPC job) to this process's job,
// so its active-message handlers can find it from a Token.
func (j *Job) SetClient(v any) { j.client = v }

// Client returns what SetClient attached.
func (j *Job) Client() any { return j.client }

// Job returns the job a message arrived in.
func (t Token) Job() *Job { return t.job }
