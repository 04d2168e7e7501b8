// Package smp is the shared-memory conduit: every rank of the job is a
// goroutine of this process, and every segment is addressable from every
// rank. With simulated processes (New's procs > 1) the ranks are split
// into groups whose segments are not addressable from each other, so every
// operation between them travels as an active message through a
// per-process progress goroutine, as it would over a network: the core's
// message paths are tested without one.
//
// It is built on runtime/gasnet's exported interface only, as any conduit
// is: the core's NodeBarrier is its barrier, Job.Deliver runs its
// messages.
package smp

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Conduit is the smp conduit for one job.
type Conduit struct {
	ranks, procs int
	perProc      int
	job          *gasnet.Job
	segs         []unsafe.Pointer
	tables       [][]unsafe.Pointer // per simulated process, made on first use
	mapped       []byte             // every rank's segment, one after the other
	inbox        []*inbox
	inFlight     atomic.Int64 // messages sent and not yet handled
	barrier      *gasnet.NodeBarrier
	wg           sync.WaitGroup
}

// New returns an smp conduit with ranks ranks in procs simulated
// processes (1 for the normal, fully shared configuration).
func New(ranks, procs int) *Conduit {
	procs = max(min(procs, ranks), 1)
	return &Conduit{ranks: ranks, procs: procs, perProc: (ranks + procs - 1) / procs}
}

func (c *Conduit) Name() string              { return "smp" }
func (c *Conduit) Size() int                 { return c.ranks }
func (c *Conduit) Local() (first, count int) { return 0, c.ranks }
func (c *Conduit) proc(r int) int            { return r / c.perProc }

// Segment is non-nil when from and to are in the same simulated process.
func (c *Conduit) Segment(from, to int) unsafe.Pointer {
	if c.proc(from) != c.proc(to) {
		return nil
	}
	return c.segs[to]
}

// SegmentTable is the addressability table of rank from's simulated
// process, shared by its ranks.
func (c *Conduit) SegmentTable(from int) []unsafe.Pointer {
	if c.procs == 1 {
		return c.segs
	}
	p := c.proc(from)
	if c.tables[p] == nil {
		t := make([]unsafe.Pointer, c.ranks)
		for r := range t {
			t[r] = c.Segment(from, r)
		}
		c.tables[p] = t
	}
	return c.tables[p]
}

// Attach maps every rank's segment: one mapping for all of them, which
// reserves address space only (MAP_NORESERVE): pages are committed when
// first touched. One mapping, not one per rank, keeps start-up to one
// system call and stays under the kernel's limit on mappings
// (vm.max_map_count) at any number of ranks.
func (c *Conduit) Attach(job *gasnet.Job, segSize uintptr) error {
	c.job = job
	c.segs = make([]unsafe.Pointer, c.ranks)
	c.tables = make([][]unsafe.Pointer, c.procs)
	m, err := syscall.Mmap(-1, 0, int(segSize)*c.ranks, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		return fmt.Errorf("gasnet/smp: cannot map %d segments of %d bytes: %v (lower UPC_SHARED_HEAP_SIZE or the number of threads)", c.ranks, segSize, err)
	}
	c.mapped = m
	for r := range c.ranks {
		c.segs[r] = unsafe.Pointer(&m[uintptr(r)*segSize])
	}
	c.barrier = gasnet.NewNodeBarrier(job, 0, c.ranks)
	c.inbox = make([]*inbox, c.procs)
	for p := range c.inbox {
		in := &inbox{wake: make(chan struct{}, 1), stop: make(chan struct{}), handled: &c.inFlight}
		c.inbox[p] = in
		c.wg.Add(1)
		go func() { defer c.wg.Done(); in.serve(job) }()
	}
	return nil
}

// Send queues m at the target's simulated process.
func (c *Conduit) Send(m *gasnet.Message) {
	c.inFlight.Add(1)
	c.inbox[c.proc(m.Dst)].push(m)
}

// Idle reports whether no message is queued or being handled, for the
// deadlock checks.
func (c *Conduit) Idle() bool { return c.inFlight.Load() == 0 }

func (c *Conduit) BarrierNotify(r int, id int32, anonymous bool) {
	c.barrier.Notify(r, gasnet.Arrival{ID: id, Named: !anonymous}, nil)
}
func (c *Conduit) BarrierWait(r int) error        { return c.barrier.Wait(r) }
func (c *Conduit) BarrierTry(r int) (bool, error) { return c.barrier.Try(r) }
func (c *Conduit) RankDone(r int)                 { c.barrier.RankDone(r) }

// NodeBarrier is the barrier over every rank of the job, for the
// collectives to synchronise on (Endpoint.JobBarrier); nil with simulated
// processes, whose collectives then synchronise and compare their
// arguments through messages as on a network: simulating processes is
// for testing those paths.
func (c *Conduit) NodeBarrier() *gasnet.NodeBarrier {
	if c.procs > 1 {
		return nil
	}
	return c.barrier
}

// Close stops the progress goroutines and unmaps the segments.
func (c *Conduit) Close() error {
	for _, in := range c.inbox {
		close(in.stop)
	}
	c.wg.Wait()
	c.inbox = nil
	if c.mapped != nil {
		syscall.Munmap(c.mapped)
		c.mapped = nil
	}
	return nil
}

// inbox is an unbounded message queue served by one progress goroutine.
// Unbounded, so a sender never waits for a receiver: handlers may send and
// 65535 operations may be in flight without deadlock.
type inbox struct {
	mu    sync.Mutex
	queue []*gasnet.Message
	spare []*gasnet.Message
	wake  chan struct{}
	stop  chan struct{}
	// handled counts down the conduit's messages in flight once each
	// has been handled (after whatever it sent was counted).
	handled *atomic.Int64
}

func (in *inbox) push(m *gasnet.Message) {
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

func (in *inbox) serve(job *gasnet.Job) {
	// A stray address in a handler panics (Deliver reports it) instead
	// of crashing the process.
	debug.SetPanicOnFault(true)
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
				in.handled.Add(-1)
			}
			in.spare = batch
		}
	}
}
