package mpi

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The operation table (mpich-new-rma-design.txt): one per window, holding
// the operations this process has posted to other processes and not yet
// completed. Operations are queued per target process; targets hash into
// a fixed array of slots; operation and target elements come from bounded
// two-level pools (the window's own, then the process-wide one), so the
// table's memory is bounded whatever THREADS is, and a poster that finds
// the pools empty makes progress until elements come back instead of
// failing.
//
// An operation is PENDING from the moment it is posted until its MPI call
// is made, then ISSUED until a flush of its target completes it. Puts and
// gets are completed by the flush (MPI_Win_flush): one flush per target
// per round completes every operation issued to that target before it —
// the completion rides on the last operation of the batch, never one
// request per operation.
//
// Small puts are held (dynamic aggregation): their bytes are appended to
// their target's aggregation buffer as they are posted, with their
// displacements and completions, so a held put costs no element and no
// pinning, and the buffer is the merged transfer's data as it stands.
// When AggOps puts are held for one target, or when a rank synchronises,
// they are issued together, as one transfer (an indexed or strided MPI
// datatype, or one packed active message) when there are at least AggMin
// of them. Held puts are also released after AggHold, so a program that
// never synchronises still progresses.

// opKind is what an operation does.
type opKind uint8

const (
	opPut    opKind = iota // contiguous put
	opGet                  // contiguous get
	opPutVIS               // vector, indexed or strided put
	opGetVIS               // vector, indexed or strided get
	opMerged               // held small puts issued together (op.agg)
)

// op is an operation element.
type op struct {
	kind opKind
	from int // the local rank that posted it (statistics)
	tgt  *target

	disp uintptr        // put, get: byte displacement in the target's window
	addr unsafe.Pointer // put, get: the local buffer
	n    uintptr        // put, get: bytes
	ref  gasnet.OpRef   // what completes when this operation does

	// VIS: the two sides; the remote side's offsets are from disp, the
	// target segment's displacement in the window.
	local, remote gasnet.Side

	agg aggBuf // opMerged: the held puts (the element keeps the buffers)
	seq uint64 // issue order at the target
	// after runs when the operation completes (scatter a packed get,
	// free a buffer); the network sets it when it issues the operation.
	after func()
	pin   runtime.Pinner // the caller's buffer (or agg.data), while MPI may use it
	next  *op
}

// reset clears an element for reuse. The Pinner's backing store stays
// with the element: making a new one costs a finalizer and an entry in
// the span's specials list, which is most of a small put's cost.
func (o *op) reset() {
	o.pin.Unpin()
	o.kind, o.from, o.tgt = 0, 0, nil
	o.disp, o.addr, o.n, o.ref = 0, nil, 0, 0
	o.local, o.remote = gasnet.Side{}, gasnet.Side{}
	o.agg.reset()
	o.seq, o.after, o.next = 0, nil, nil
}

// aggBuf holds small puts to one target: their bytes back to back, each
// one's displacement and length, and their completions as runs of equal
// OpRefs (a loop's implicit-handle puts all complete one).
type aggBuf struct {
	data       []byte
	offs, lens []uintptr
	refs       []refRun
	from       int // the rank that posted the first (statistics)
}

// bufMem allocates aggregation buffers outside the Go heap, so MPI may
// read them without pinning (the cgo layer's malloc); without it they are
// Go memory (the tests).
type bufMem struct {
	alloc func(n int) []byte
	free  func(b []byte)
}

// refRun is n consecutive puts completing ref.
type refRun struct {
	ref gasnet.OpRef
	n   int
}

func (a *aggBuf) add(from int, disp uintptr, src unsafe.Pointer, n uintptr, ref gasnet.OpRef, mem *bufMem) {
	if len(a.offs) == 0 {
		a.from = from
	}
	if k := len(a.data); k+int(n) > cap(a.data) && mem != nil {
		// Grown in memory MPI may read without pinning (C memory).
		grown := mem.alloc(max(2*cap(a.data), k+int(n), 1024))[:k]
		copy(grown, a.data)
		if a.data != nil {
			mem.free(a.data)
		}
		a.data = grown
	}
	a.data = append(a.data, unsafe.Slice((*byte)(src), n)...)
	a.offs = append(a.offs, disp)
	a.lens = append(a.lens, n)
	if k := len(a.refs); k > 0 && a.refs[k-1].ref == ref {
		a.refs[k-1].n++
	} else {
		a.refs = append(a.refs, refRun{ref, 1})
	}
}

func (a *aggBuf) count() int { return len(a.offs) }

// reset empties the buffer and keeps its storage.
func (a *aggBuf) reset() {
	a.data, a.offs, a.lens, a.refs = a.data[:0], a.offs[:0], a.lens[:0], a.refs[:0]
}

// target is a target element: the operations queued to one process.
type target struct {
	proc int

	pendHead, pendTail *op // PENDING, in post order
	pending            int
	agg                aggBuf // held puts
	held               int    // agg.count()
	heldSince          int64  // when the oldest held put was posted (ns)

	issHead, issTail *op // ISSUED and awaiting a flush, in issue order
	issued           int
	seq              uint64 // operations issued so far
	flushing         int    // flushes of this target in progress
	users            int    // posters that hold an element for this target

	next *target // the slot's chain
}

func (t *target) empty() bool {
	return t.pending == 0 && t.held == 0 && t.issued == 0 && t.flushing == 0 && t.users == 0
}

// network is what the table needs from MPI: the cgo layer implements it,
// the tests fake it. issue and issueHeld make an operation's MPI calls
// and report whether a flush of its target completes it (RMA) or the
// network completes it later itself (an active message), in which case
// the table forgets it at once. issueHeld issues the held puts in m.agg:
// as one transfer if there are at least Config.AggMin of them, else one
// by one. flush returns once every RMA operation issued to process p
// before the call is complete.
type network interface {
	issue(o *op) (byFlush bool)
	issueHeld(m *op) (byFlush bool)
	flush(p int)
}

// pool is one level of an element pool. Elements are made lazily, up to
// the level's capacity, so an idle process costs nothing.
type pool[T any] struct {
	mu   sync.Mutex // the global level's lock; window levels use the table's
	free []*T
	cap  int
	made int
}

func newPool[T any](capacity int) *pool[T] { return &pool[T]{cap: capacity} }

func (p *pool[T]) get() *T {
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		p.free = p.free[:n-1]
		return x
	}
	if p.made < p.cap {
		p.made++
		return new(T)
	}
	return nil
}

// put keeps x if this level has room for it.
func (p *pool[T]) put(x *T) bool {
	if len(p.free) >= p.cap {
		return false
	}
	p.free = append(p.free, x)
	return true
}

func (p *pool[T]) getShared() *T {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.get()
}

func (p *pool[T]) putShared(x *T) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.put(x)
}

// twoLevel is a window's pool backed by the process-wide one: a window
// takes from its own level first and returns to it first, so it can never
// be starved by other windows.
type twoLevel[T any] struct {
	local, global *pool[T]
}

func (p twoLevel[T]) get() *T {
	if x := p.local.get(); x != nil {
		return x
	}
	return p.global.getShared()
}

func (p twoLevel[T]) put(x *T) {
	if !p.local.put(x) {
		p.global.putShared(x)
	}
}

// Process-wide pool levels, shared by every window of the process and
// sized by the first window's configuration.
var (
	globalOnce    sync.Once
	globalOps     *pool[op]
	globalTargets *pool[target]
)

// table is a window's operation table.
type table struct {
	mu        sync.Mutex
	cfg       *Config
	net       network
	complete  func(gasnet.OpRef)
	completeN func(gasnet.OpRef, int)
	mem       *bufMem // where aggregation buffers live; nil: the Go heap
	abort     <-chan struct{}
	kick      func() // wakes the progress goroutine
	funnel    bool   // only the progress goroutine may issue and flush

	slots   []*target
	targets int // target elements in the table
	rr      int // the slot the next round of issuing starts at

	ops  twoLevel[op]
	tgts twoLevel[target]

	// starved is set while a poster waits for an element; freed is
	// closed (and replaced) when one comes back.
	starved     bool
	freed       chan struct{}
	flushWanted atomic.Bool // funneled: a rank waits for its operations

	// Counts of pending operations and held puts,
	// under the lock; the progress goroutine reads, without the lock,
	// whether they are zero (published only when that changes, so a post
	// costs no atomic operation), the issued operations, and when the last
	// one was issued: an idle table costs it nothing.
	pendingN, heldN     int
	anyPending, anyHeld atomic.Bool
	nIssued             atomic.Int64
	lastIssue           atomic.Int64
	firstHeld           atomic.Int64 // when the table last went from no held puts to some
	hungry              atomic.Bool  // a poster starves

	merged    []atomic.Uint64 // per local rank: puts issued inside merged transfers
	transfers []atomic.Uint64 // per local rank: merged transfers its puts started
	first     int             // the first local rank
}

// issueBatch bounds the operations issued to one target per round, so a
// round spreads its messages over the targets.
const issueBatch = 64

func newTable(cfg *Config, net network, complete func(gasnet.OpRef), completeN func(gasnet.OpRef, int), abort <-chan struct{}, kick func(), funnel bool, first, locals int) *table {
	globalOnce.Do(func() {
		globalOps = newPool[op](cfg.OpsGlobal)
		globalTargets = newPool[target](cfg.TargetsGlobal)
	})
	return &table{
		cfg: cfg, net: net, complete: complete, completeN: completeN, abort: abort, kick: kick, funnel: funnel,
		slots:     make([]*target, cfg.Slots),
		ops:       twoLevel[op]{newPool[op](cfg.OpsLocal), globalOps},
		tgts:      twoLevel[target]{newPool[target](cfg.TargetsLocal), globalTargets},
		freed:     make(chan struct{}),
		merged:    make([]atomic.Uint64, locals),
		transfers: make([]atomic.Uint64, locals),
		first:     first,
	}
}

// lookup finds process p's target element. The slot's chain is searched
// linearly: few targets share a slot unless a process talks to many.
func (t *table) lookup(p int) *target {
	for e := t.slots[p%len(t.slots)]; e != nil; e = e.next {
		if e.proc == p {
			return e
		}
	}
	return nil
}

func (t *table) unlink(e *target) {
	s := &t.slots[e.proc%len(t.slots)]
	for q := s; *q != nil; q = &(*q).next {
		if *q == e {
			*q = e.next
			break
		}
	}
	agg := e.agg
	agg.reset()
	*e = target{agg: agg} // the buffers stay with the element
	t.targets--
	t.tgts.put(e)
	t.signalFreed()
}

func (t *table) signalFreed() {
	if t.starved {
		t.starved = false
		t.hungry.Store(false)
		close(t.freed)
		t.freed = make(chan struct{})
	}
}

// acquire returns an operation element for process p with its target
// element attached, making progress or waiting while the pools are dry.
func (t *table) acquire(p int) *op {
	t.mu.Lock()
	defer t.mu.Unlock()
	o := t.acquireLocked(p)
	o.tgt.users++
	return o
}

// acquireLocked is acquire with t.mu held.
func (t *table) acquireLocked(p int) *op {
	for {
		e := t.lookup(p)
		if e == nil {
			if e = t.tgts.get(); e != nil {
				e.proc = p
				s := &t.slots[p%len(t.slots)]
				e.next, *s = *s, e
				t.targets++
			}
		}
		if e != nil {
			if o := t.ops.get(); o != nil {
				o.tgt = e
				return o
			}
			if e.empty() {
				t.unlink(e)
			}
		}
		t.reclaim()
	}
}

// reclaim is CLEANUP_WIN_AGGRESSIVE: it returns once elements may have
// come back. A poster that may call MPI issues and flushes the busiest
// target itself; under the funneled thread level it asks the progress
// goroutine and waits. Called and returns with t.mu held.
func (t *table) reclaim() {
	if t.funnel {
		t.starved = true
		t.hungry.Store(true)
		ch := t.freed
		t.mu.Unlock()
		t.kick()
		select {
		case <-ch:
		case <-t.abort:
			t.mu.Lock()
			panic(gasnet.ErrAborted)
		}
		t.mu.Lock()
		return
	}
	var busiest *target
	for _, e := range t.slots {
		for ; e != nil; e = e.next {
			if busiest == nil || e.pending+e.issued > busiest.pending+busiest.issued {
				busiest = e
			}
		}
	}
	if busiest == nil || busiest.pending+busiest.issued == 0 {
		// Every element is in a poster's hands: let them finish.
		t.mu.Unlock()
		runtime.Gosched()
		select {
		case <-t.abort:
			t.mu.Lock()
			panic(gasnet.ErrAborted)
		default:
		}
		t.mu.Lock()
		return
	}
	// Held puts stay held: releasing them needs an element itself.
	t.issueTarget(busiest, false, -1)
	t.flushLocked([]*target{busiest})
}

// targetLocked returns process p's target element, making one if needed
// (and progress or waiting while the pools are dry). Called with t.mu
// held.
func (t *table) targetLocked(p int) *target {
	for {
		if e := t.lookup(p); e != nil {
			return e
		}
		if e := t.tgts.get(); e != nil {
			e.proc = p
			s := &t.slots[p%len(t.slots)]
			e.next, *s = *s, e
			t.targets++
			return e
		}
		t.reclaim()
	}
}

// post queues a contiguous put or get in one critical section, the
// common case. A small put is held for aggregation: its bytes are copied
// into its target's aggregation buffer, so the caller's buffer is free at
// once. Other buffers are pinned while MPI may use them.
func (t *table) post(kind opKind, from, p int, disp uintptr, addr unsafe.Pointer, n uintptr, ref gasnet.OpRef) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if kind == opPut && t.cfg.AggBytes > 0 && n <= t.cfg.AggBytes {
		t.hold(t.targetLocked(p), from, disp, addr, n, ref)
		return
	}
	o := t.acquireLocked(p)
	o.kind, o.from, o.disp, o.addr, o.n, o.ref = kind, from, disp, addr, n, ref
	if addr != nil {
		o.pin.Pin(addr)
	}
	t.queue(o)
}

// hold adds a small put to e's aggregation buffer, and issues the buffer
// once it holds AggOps puts. Called with t.mu held.
func (t *table) hold(e *target, from int, disp uintptr, addr unsafe.Pointer, n uintptr, ref gasnet.OpRef) {
	if e.held == 0 {
		e.heldSince = nanotime()
	}
	e.agg.add(from, disp, addr, n, ref, t.mem)
	e.held++
	if t.heldN++; t.heldN == 1 {
		t.firstHeld.Store(e.heldSince)
		t.anyHeld.Store(true)
	}
	switch {
	case e.held < t.cfg.AggOps:
	case t.funnel:
		t.kick()
	default:
		t.releaseHeld(e)
	}
}

// submit queues o, from acquire, and issues it at once when the caller
// may call MPI and the operation is not held for aggregation.
func (t *table) submit(o *op) {
	t.mu.Lock()
	defer t.mu.Unlock()
	o.tgt.users--
	t.queue(o)
}

// queue adds o to its target's pending list and issues it at once when
// the caller may call MPI. Called with t.mu held.
func (t *table) queue(o *op) {
	e := o.tgt
	t.append(e, o)
	if t.funnel {
		t.kick()
		return
	}
	t.issueTarget(e, false, -1)
	if e.empty() {
		t.unlink(e)
	}
}

func (t *table) append(e *target, o *op) {
	o.next = nil
	if e.pendTail == nil {
		e.pendHead = o
	} else {
		e.pendTail.next = o
	}
	e.pendTail = o
	e.pending++
	if t.pendingN++; t.pendingN == 1 {
		t.anyPending.Store(true)
	}
}

// issueTarget issues up to limit (-1: all) of e's pending operations,
// and its held puts too if releaseHeld. It returns how many it issued.
func (t *table) issueTarget(e *target, releaseHeld bool, limit int) int {
	issued := 0
	for o := e.pendHead; o != nil && (limit < 0 || issued < limit); o = e.pendHead {
		e.pendHead = o.next
		if e.pendHead == nil {
			e.pendTail = nil
		}
		e.pending--
		if t.pendingN--; t.pendingN == 0 {
			t.anyPending.Store(false)
		}
		o.next = nil
		t.issueOne(e, o)
		issued++
	}
	if releaseHeld {
		issued += t.releaseHeld(e)
	}
	return issued
}

func (t *table) issueOne(e *target, o *op) {
	if t.net.issue(o) {
		t.markIssued(e, o)
		return
	}
	t.release(o)
}

func (t *table) markIssued(e *target, o *op) {
	e.seq++
	o.seq = e.seq
	if e.issTail == nil {
		e.issHead = o
	} else {
		e.issTail.next = o
	}
	e.issTail = o
	e.issued++
	t.nIssued.Add(1)
	t.lastIssue.Store(nanotime())
}

// releaseHeld issues e's held puts and returns how many. The element
// that carries them takes over the aggregation buffer (and e takes the
// element's empty one), so nothing is copied. Called with t.mu held; the
// element may have to be waited for, and other posters may release e's
// puts meanwhile.
func (t *table) releaseHeld(e *target) int {
	if e.held == 0 {
		return 0
	}
	e.users++
	m := t.acquireLocked(e.proc)
	e.users--
	n := e.held
	if n == 0 {
		t.release(m)
		return 0
	}
	m.kind, m.from = opMerged, e.agg.from
	m.agg, e.agg = e.agg, m.agg
	e.held, e.heldSince = 0, 0
	if t.heldN -= n; t.heldN == 0 {
		t.anyHeld.Store(false)
	}
	if i := m.from - t.first; n >= t.cfg.AggMin && i >= 0 && i < len(t.merged) {
		t.merged[i].Add(uint64(n))
		t.transfers[i].Add(1)
	}
	if t.net.issueHeld(m) {
		t.markIssued(e, m)
	} else {
		t.release(m)
	}
	return n
}

// release returns an element to the pools.
func (t *table) release(o *op) {
	o.reset()
	t.ops.put(o)
	t.signalFreed()
}

// flushLocked flushes the targets in es and completes what they had
// issued. The flushes and the completion work run without the lock; a
// target is unlinked only by the last of its flushers to finish. Called
// and returns with t.mu held.
func (t *table) flushLocked(es []*target) {
	var small [8]uint64
	seqs := small[:0]
	if len(es) > len(small) {
		seqs = make([]uint64, 0, len(es))
	}
	seqs = seqs[:len(es)]
	for i, e := range es {
		seqs[i] = e.seq
		e.flushing++
	}
	t.mu.Unlock()
	for _, e := range es {
		t.net.flush(e.proc)
	}
	t.mu.Lock()
	n := 0
	for _, e := range es {
		n += e.issued
	}
	done := make([]*op, 0, n)
	for i, e := range es {
		for o := e.issHead; o != nil && o.seq <= seqs[i]; o = e.issHead {
			e.issHead = o.next
			if e.issHead == nil {
				e.issTail = nil
			}
			e.issued--
			t.nIssued.Add(-1)
			done = append(done, o)
		}
	}
	t.finish(done)
	for _, e := range es {
		if e.flushing--; e.empty() {
			t.unlink(e)
		}
	}
}

// finish runs the completion work of done operations and returns their
// elements. Called with t.mu held; the work itself runs without it.
func (t *table) finish(done []*op) {
	if len(done) == 0 {
		return
	}
	t.mu.Unlock()
	for _, o := range done {
		if o.after != nil {
			o.after()
		}
		if o.kind == opMerged {
			for _, r := range o.agg.refs {
				t.completeN(r.ref, r.n)
			}
		} else {
			t.complete(o.ref)
		}
	}
	t.mu.Lock()
	for _, o := range done {
		t.release(o)
	}
}

// flush is the endpoint's Flush: the rank is about to test (wait false) or
// wait for (wait true) its operations. Held puts are issued; when waiting,
// every target with issued operations is flushed. Under the funneled
// thread level the progress goroutine does both.
func (t *table) flush(wait bool) {
	if t.funnel {
		t.flushWanted.Store(true)
		t.kick()
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var es, idle []*target
	for _, e := range t.slots {
		for ; e != nil; e = e.next {
			if e.pending > 0 || e.held > 0 {
				t.issueTarget(e, true, -1)
			}
			switch {
			case wait && e.issued > 0:
				es = append(es, e)
			case e.empty():
				idle = append(idle, e)
			}
		}
	}
	for _, e := range idle {
		t.unlink(e)
	}
	if len(es) > 0 {
		t.flushLocked(es)
	}
}

// progress is the progress goroutine's share of the table
// (MAKE_RMA_PROGRESS_GLOBAL): issue what is pending, round-robin across
// targets, release held puts whose time is up (or every held put if a rank
// waits or a poster starves), and flush targets with issued operations.
// It returns the number of operations issued and completed.
func (t *table) progress(now int64) int {
	issued := t.nIssued.Load()
	expired := t.anyHeld.Load() && t.heldDeadline() <= now
	if t.funnel {
		if !t.anyPending.Load() && !t.anyHeld.Load() && issued == 0 && !t.hungry.Load() && !t.flushWanted.Load() {
			return 0
		}
	} else if !expired && (issued == 0 || now-t.lastIssue.Load() < int64(lazyFlush)) {
		// Ranks that may call MPI issue their own operations and
		// complete them when they wait; what they leave behind is
		// completed here once it has sat for lazyFlush.
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	all := t.starved || t.flushWanted.Swap(false)
	work := 0
	n := len(t.slots)
	for {
		round := 0
		for i := range n {
			for e := t.slots[(t.rr+i)%n]; e != nil; e = e.next {
				if e.pending == 0 && e.held == 0 {
					continue
				}
				release := e.held > 0 && (all || e.held >= t.cfg.AggOps || now-e.heldSince >= int64(t.cfg.AggHold))
				if e.pending > 0 || release {
					round += t.issueTarget(e, release, issueBatch)
				}
			}
		}
		t.rr = (t.rr + 1) % n
		work += round
		if round == 0 {
			break
		}
	}
	var es, idle []*target
	for _, e := range t.slots {
		for ; e != nil; e = e.next {
			switch {
			case e.issued > 0:
				es = append(es, e)
				work += e.issued
			case e.empty():
				idle = append(idle, e)
			}
		}
	}
	for _, e := range idle {
		t.unlink(e)
	}
	if len(es) > 0 {
		t.flushLocked(es)
	}
	return work
}

// lazyFlush is how long operations issued by ranks under
// MPI_THREAD_MULTIPLE may wait before the progress goroutine completes
// them: a rank that waits completes its own sooner.
const lazyFlush = 500 * time.Microsecond

// busy reports whether the table has operations in flight, so the
// progress goroutine keeps polling instead of sleeping: issued ones (MPI
// may need this process's progress to send their data), and, funnelled,
// pending ones it must issue. Held puts alone are not: they wait for their
// owner's synchronisation or their deadline (heldDeadline), and polling
// meanwhile only took a core from the rank posting them.
func (t *table) busy() bool {
	return t.anyPending.Load() && t.funnel || t.nIssued.Load() > 0
}

// idle reports whether the table holds no operation at all: none
// pending, held or issued and not completed.
func (t *table) idle() bool {
	return !t.anyPending.Load() && !t.anyHeld.Load() && t.nIssued.Load() == 0
}

// deadline returns when the progress goroutine must next look at the
// table, or 0 if it need not: when held puts must be released, or, under
// MPI_THREAD_MULTIPLE, when operations ranks issued and left behind are
// due for completion (lazyFlush).
func (t *table) deadline() int64 {
	d := t.heldDeadline()
	if !t.funnel && t.nIssued.Load() > 0 {
		if l := t.lastIssue.Load() + int64(lazyFlush); d == 0 || l < d {
			d = l
		}
	}
	return d
}

// heldDeadline returns when held puts must be released, or 0 if there
// are none. It reads no lock: the time it uses is when the table last
// started holding puts, which may be earlier than the oldest held put
// still held (releasing early is harmless).
func (t *table) heldDeadline() int64 {
	if !t.anyHeld.Load() {
		return 0
	}
	return t.firstHeld.Load() + int64(t.cfg.AggHold)
}

var epoch = time.Now()

// nanotime is a monotonic clock in nanoseconds.
func nanotime() int64 { return int64(time.Since(epoch)) }
