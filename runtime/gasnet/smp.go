package gasnet

import (
	"fmt"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// SMP is the shared-memory conduit: every rank is a goroutine of this
// process. With procs > 1 the ranks are split into that many simulated
// processes whose segments are not addressable from each other, so every
// operation between them travels as an active message through a per-process
// progress goroutine, as it would over a network.
type SMP struct {
	ranks, procs int
	perProc      int
	job          *Job
	segs         []unsafe.Pointer
	mapped       [][]byte
	inbox        []*inbox
	barrier      smpBarrier
	wg           sync.WaitGroup
}

// NewSMP returns an smp conduit with ranks ranks in procs simulated
// processes (1 for the normal, fully shared configuration).
func NewSMP(ranks, procs int) *SMP {
	if procs < 1 {
		procs = 1
	}
	if procs > ranks {
		procs = ranks
	}
	return &SMP{ranks: ranks, procs: procs, perProc: (ranks + procs - 1) / procs}
}

func (c *SMP) Name() string              { return "smp" }
func (c *SMP) Size() int                 { return c.ranks }
func (c *SMP) Local() (first, count int) { return 0, c.ranks }
func (c *SMP) proc(r int) int            { return r / c.perProc }

// Segment is non-nil when from and to are in the same simulated process.
func (c *SMP) Segment(from, to int) unsafe.Pointer {
	if c.proc(from) != c.proc(to) {
		return nil
	}
	return c.segs[to]
}

// Attach maps every rank's segment. The mappings reserve address space
// only (MAP_NORESERVE): pages are committed when first touched.
func (c *SMP) Attach(job *Job, segSize uintptr) error {
	c.job = job
	c.segs = make([]unsafe.Pointer, c.ranks)
	c.mapped = make([][]byte, c.ranks)
	for r := range c.ranks {
		m, err := syscall.Mmap(-1, 0, int(segSize), syscall.PROT_READ|syscall.PROT_WRITE,
			syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
		if err != nil {
			c.Close()
			return fmt.Errorf("gasnet: cannot map a %d-byte segment for rank %d: %v (lower UPC_SHARED_HEAP_SIZE)", segSize, r, err)
		}
		c.mapped[r] = m
		c.segs[r] = unsafe.Pointer(&m[0])
	}
	c.barrier.init(c.ranks, job)
	c.inbox = make([]*inbox, c.procs)
	for p := range c.inbox {
		in := &inbox{wake: make(chan struct{}, 1), stop: make(chan struct{})}
		c.inbox[p] = in
		c.wg.Add(1)
		go func() { defer c.wg.Done(); in.serve(job) }()
	}
	return nil
}

// Send queues m at the target's simulated process.
func (c *SMP) Send(m *Message) { c.inbox[c.proc(m.Dst)].push(m) }

func (c *SMP) BarrierNotify(r int, id int32, anonymous bool) { c.barrier.notify(r, id, anonymous) }
func (c *SMP) BarrierWait(r int) error                       { return c.barrier.wait(r) }
func (c *SMP) BarrierTry(r int) (bool, error)                { return c.barrier.try(r) }
func (c *SMP) RankDone(r int)                                { c.barrier.rankDone() }

// Close stops the progress goroutines and unmaps the segments.
func (c *SMP) Close() error {
	for _, in := range c.inbox {
		close(in.stop)
	}
	c.wg.Wait()
	c.inbox = nil
	for r, m := range c.mapped {
		if m != nil {
			syscall.Munmap(m)
			c.mapped[r] = nil
		}
	}
	return nil
}

// inbox is an unbounded message queue served by one progress goroutine.
// Unbounded, so a sender never waits for a receiver: handlers may send and
// 65535 operations may be in flight without deadlock.
type inbox struct {
	mu    sync.Mutex
	queue []*Message
	spare []*Message
	wake  chan struct{}
	stop  chan struct{}
}

func (in *inbox) push(m *Message) {
	in.mu.Lock()
	in.queue = append(in.queue, m)
	first := len(in.queue) == 1
	in.mu.Unlock()
	if first {
		select {
		case in.wake <- struct{}{}:
		default:
		}
	}
}

func (in *inbox) serve(job *Job) {
	for {
		select {
		case <-in.wake:
		case <-in.stop:
			return
		}
		for {
			in.mu.Lock()
			batch := in.queue
			in.queue, in.spare = in.spare[:0], nil
			in.mu.Unlock()
			if len(batch) == 0 {
				break
			}
			for i, m := range batch {
				job.Deliver(m)
				batch[i] = nil
			}
			in.spare = batch
		}
	}
}

// smpBarrier is a centralised split-phase barrier over all ranks: a
// counter of arrivals and a phase number the last arrival advances. Named
// ids are compared as they arrive; the verdict is published with the phase.
type smpBarrier struct {
	n   int32
	job *Job
	// state packs the phase (high 32 bits) and the arrivals of that phase
	// (low 32 bits), so one atomic read says which barrier a count is for.
	state atomic.Uint64
	// finished counts ranks that have returned: they will never arrive.
	finished atomic.Int32
	// id holds the first named id of the current phase: 1<<32 | uint32(id).
	id       atomic.Uint64
	mismatch atomic.Bool
	other    atomic.Uint64 // a named id that differed from id
	// verdict[p&1] is the result of phase p, kept until phase p+2.
	verdict [2]atomic.Uint64
	others  [2]atomic.Uint64
	ranks   []barrierRank
}

type barrierRank struct {
	waiter   Waiter
	notified bool
	phase    uint32
	id       int32
	anon     bool
	_        [32]byte // keep ranks' state on separate cache lines
}

const verdictMismatch = 1 << 40

func (b *smpBarrier) init(n int, job *Job) {
	b.n = int32(n)
	b.job = job
	b.ranks = make([]barrierRank, n)
	for i := range b.ranks {
		b.ranks[i].waiter.Init()
	}
}

func (b *smpBarrier) notify(r int, id int32, anonymous bool) {
	me := &b.ranks[r]
	if me.notified {
		panic("upc_notify: called twice without an intervening upc_wait")
	}
	me.notified, me.id, me.anon = true, id, anonymous
	if !anonymous {
		v := 1<<32 | uint64(uint32(id))
		if !b.id.CompareAndSwap(0, v) && b.id.Load() != v {
			b.other.CompareAndSwap(0, v)
			b.mismatch.Store(true)
		}
	}
	// The phase cannot change before this rank arrives, so the value the
	// Add returns names the phase this rank arrived in.
	st := b.state.Add(1)
	me.phase = uint32(st >> 32)
	if int32(uint32(st)) < b.n {
		b.checkStuck()
		return
	}
	// Last arrival: publish the verdict, reset for the next phase, release.
	v := b.id.Load()
	if b.mismatch.Load() {
		v |= verdictMismatch
	}
	b.verdict[me.phase&1].Store(v)
	b.others[me.phase&1].Store(b.other.Load())
	b.other.Store(0)
	b.id.Store(0)
	b.mismatch.Store(false)
	b.state.Store(uint64(me.phase+1) << 32)
	for i := range b.ranks {
		b.ranks[i].waiter.Wake()
	}
}

func (b *smpBarrier) rankDone() {
	b.finished.Add(1)
	b.checkStuck()
}

// checkStuck aborts the job when every rank that is still running waits
// in a barrier that a finished rank can never reach: the hang UPC leaves
// undefined becomes an error. It reads the phase and its arrivals in one
// load, so a barrier that completed meanwhile is never taken for stuck.
func (b *smpBarrier) checkStuck() {
	f := b.finished.Load()
	arrived := int32(uint32(b.state.Load()))
	if f > 0 && arrived > 0 && arrived+f >= b.n {
		b.job.Abort(&BarrierStuckError{Waiting: int(arrived), Finished: int(f)})
	}
}

// BarrierStuckError reports a barrier that can never complete because
// some ranks have already returned from main.
type BarrierStuckError struct{ Waiting, Finished int }

func (e *BarrierStuckError) Error() string {
	return fmt.Sprintf("deadlock: %d thread(s) wait in a barrier that %d thread(s) which already finished can never reach", e.Waiting, e.Finished)
}

func (b *smpBarrier) done(me *barrierRank) bool { return uint32(b.state.Load()>>32) != me.phase }

func (b *smpBarrier) finish(r int) error {
	me := &b.ranks[r]
	me.notified = false
	v := b.verdict[me.phase&1].Load()
	if v&verdictMismatch == 0 {
		return nil
	}
	first, other := int32(uint32(v)), int32(uint32(b.others[me.phase&1].Load()))
	theirs := first
	if !me.anon && me.id == first {
		theirs = other
	}
	if me.anon {
		return &BarrierMismatchError{Rank: r, Detail: fmt.Sprintf("threads used ids %d and %d", first, other)}
	}
	mine := fmt.Sprintf("id %d", me.id)
	return &BarrierMismatchError{Rank: r, Detail: fmt.Sprintf("this thread used %s, another thread used id %d", mine, theirs)}
}

func (b *smpBarrier) wait(r int) error {
	me := &b.ranks[r]
	if !me.notified {
		panic("upc_wait: called without a preceding upc_notify")
	}
	if !b.done(me) {
		me.waiter.Wait(b.job, func() bool { return b.done(me) })
	}
	return b.finish(r)
}

func (b *smpBarrier) try(r int) (bool, error) {
	me := &b.ranks[r]
	if !me.notified {
		panic("upc_wait: called without a preceding upc_notify")
	}
	if !b.done(me) {
		b.job.checkAbort()
		return false, nil
	}
	return true, b.finish(r)
}

// BarrierMismatchError reports that the ranks of one barrier used
// different ids; every rank of that barrier gets one.
type BarrierMismatchError struct {
	Rank   int
	Detail string
}

func (e *BarrierMismatchError) Error() string {
	return fmt.Sprintf("barrier id mismatch on thread %d: %s", e.Rank, e.Detail)
}
