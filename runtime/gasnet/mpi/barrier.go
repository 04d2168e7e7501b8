package mpi

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The job-wide barrier. A process's local ranks meet in a counter, as on
// the smp conduit; once every local rank has either notified or finished,
// the process makes its contribution to one non-blocking MPI reduction
// (MPI_Iallreduce, polled by the progress goroutine, with an operation of
// our own). The reduction carries what an MPI_Ibarrier would not: the
// highest and lowest named barrier id, so mismatches are found across
// processes, and how many ranks wait and how many have finished, so a
// barrier that finished ranks can never reach ends the job instead of
// hanging, and a round in which every rank has finished is the job's exit
// consensus (after which no process needs another's memory).
//
// The rounds are also the processes' agreement on a deadlock (gasnet's
// deadlock.go): every contribution carries the process's deadlock check
// (are its ranks all blocked or finished, unchanged since its previous
// contribution, with nothing in flight?) and its counts of messages sent
// to and delivered from other processes. A process whose ranks are not
// all in the barrier contributes anyway, as a probe, once a check interval
// has passed and its check finds it quiet; a round with a probe completes
// no barrier. Two rounds in a row in which every process was stable and
// every message sent had been delivered are a deadlock, which every
// process learns from the same results.

// quietness is a process's deadlock check at one contribution (see
// gasnet.Quiescence.Check).
type quietness struct {
	quiet, stable   bool
	sent, delivered uint64
}

// contribution is one process's part of a barrier round, or the reduced
// result: the named ids' maximum and minimum (math.MinInt64 and
// math.MaxInt64 when there are none), the waiting ranks and the finished
// ranks; the processes that contributed as a deadlock probe, those whose
// check was not stable, and the messages sent and delivered between
// processes.
type contribution struct {
	maxID, minID      int64
	arrived, finished int64
	probes, unstable  int64
	sent, delivered   int64
}

// combine folds c into r, as the MPI reduction does.
func (r *contribution) combine(c contribution) {
	r.maxID = max(r.maxID, c.maxID)
	r.minID = min(r.minID, c.minID)
	r.arrived += c.arrived
	r.finished += c.finished
	r.probes += c.probes
	r.unstable += c.unstable
	r.sent += c.sent
	r.delivered += c.delivered
}

// barrier is one process's part of the job-wide barrier.
type barrier struct {
	mu    sync.Mutex
	job   *gasnet.Job
	first int // the first local rank
	n     int // local ranks
	me    int // this process
	kick  func()

	arrived, finished int
	maxID, minID      int64
	inFlight          bool
	waiting           atomic.Bool // arrived > 0 || inFlight, for lock-free reads

	phase   atomic.Uint32
	verdict [2]contribution // the result of phase p, kept in verdict[p&1] until phase p+2
	ranks   []barrierRank

	exit     chan struct{} // closed at the exit consensus
	exitOnce sync.Once

	// Deadlock detection, engine only: the process's check (nil: none),
	// how often a process not in the barrier probes, when it last
	// contributed, and whether the last round found every process stable.
	check     func() quietness
	every     time.Duration
	last      time.Time
	wasStable bool
}

type barrierRank struct {
	waiter   gasnet.Waiter
	notified bool
	phase    uint32
	id       int32
	anon     bool
}

// newBarrier returns process me's part of the barrier over local ranks
// [first, first+n); kick wakes the engine, and check (or nil) is the
// process's deadlock check, which contribute calls.
func newBarrier(job *gasnet.Job, first, n, me int, kick func(), check func() quietness) *barrier {
	b := &barrier{job: job, first: first, n: n, me: me, kick: kick,
		maxID: math.MinInt64, minID: math.MaxInt64, ranks: make([]barrierRank, n), exit: make(chan struct{}),
		check: check, every: job.DeadlockInterval(), last: time.Now()}
	for i := range b.ranks {
		b.ranks[i].waiter.Init()
	}
	return b
}

// ready reports whether the process can contribute. Called with b.mu held.
func (b *barrier) ready() bool {
	if b.inFlight || b.arrived+b.finished != b.n {
		return false
	}
	if b.arrived > 0 {
		return true
	}
	select {
	case <-b.exit:
		return false
	default:
		return true
	}
}

func (b *barrier) notify(r int, id int32, anonymous bool) {
	me := &b.ranks[r-b.first]
	if me.notified {
		panic("upc_notify: called twice without an intervening upc_wait")
	}
	me.notified, me.id, me.anon = true, id, anonymous
	me.phase = b.phase.Load()
	b.mu.Lock()
	if !anonymous {
		b.maxID = max(b.maxID, int64(id))
		b.minID = min(b.minID, int64(id))
	}
	b.arrived++
	b.waiting.Store(true)
	ready := b.ready()
	b.mu.Unlock()
	if ready {
		b.kick()
	}
}

// rankDone records that local rank r has returned. The last local rank
// waits for the exit consensus, so this process keeps serving the others
// until every rank of the job is done (or the job aborts).
func (b *barrier) rankDone(r int) {
	b.mu.Lock()
	b.finished++
	ready, last := b.ready(), b.finished == b.n
	b.mu.Unlock()
	if ready {
		b.kick()
	}
	if last {
		select {
		case <-b.exit:
		case <-b.job.Aborted():
		}
	}
}

// contribute returns the process's contribution if it is due and marks
// the round in flight; the progress goroutine then starts the reduction.
// It is due when every local rank has arrived or finished, or, as a
// deadlock probe, when the check interval has passed since the process
// last contributed and its check finds it quiet.
func (b *barrier) contribute() (contribution, bool) {
	b.mu.Lock()
	ready, idle := b.ready(), !b.inFlight && !b.exited()
	b.mu.Unlock()
	probe := !ready && idle && b.check != nil && time.Since(b.last) >= b.every
	if !ready && !probe {
		return contribution{}, false
	}
	var q quietness
	if b.check != nil {
		q = b.check()
		b.last = time.Now()
	}
	if probe && !q.quiet {
		return contribution{}, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	// The last local rank may have arrived meanwhile: then this is the
	// barrier's round, not a probe.
	probe = !b.ready()
	b.inFlight = true
	b.waiting.Store(true)
	c := contribution{maxID: b.maxID, minID: b.minID, arrived: int64(b.arrived), finished: int64(b.finished),
		sent: int64(q.sent), delivered: int64(q.delivered)}
	if probe {
		c.probes = 1
	}
	if !q.stable {
		c.unstable = 1
	}
	return c, true
}

// complete takes the reduced result of the round in flight.
func (b *barrier) complete(res contribution) {
	if res.probes > 0 {
		// A deadlock probe: no barrier completes. Every process sees
		// the same result, so all agree.
		stable := res.unstable == 0 && res.sent == res.delivered
		if stable && b.wasStable {
			b.job.Deadlocked()
			return
		}
		b.wasStable = stable
		b.mu.Lock()
		b.inFlight = false
		b.waiting.Store(b.arrived > 0)
		b.mu.Unlock()
		return
	}
	b.wasStable = false
	switch {
	case res.arrived > 0 && res.finished > 0:
		// Every process sees this result: one reports it, the others
		// end quietly with the same status.
		var err error = &gasnet.ExitError{Status: 1}
		if b.me == 0 {
			err = &gasnet.BarrierStuckError{Waiting: int(res.arrived), Finished: int(res.finished)}
		}
		b.job.Abort(agreed{err})
		return
	case res.arrived == 0:
		b.exitOnce.Do(func() { close(b.exit) })
		b.mu.Lock()
		b.inFlight = false
		b.waiting.Store(b.arrived > 0)
		b.mu.Unlock()
		return
	}
	b.mu.Lock()
	p := b.phase.Load()
	b.verdict[p&1] = res
	b.arrived, b.inFlight = 0, false
	b.waiting.Store(false)
	b.maxID, b.minID = math.MinInt64, math.MaxInt64
	b.phase.Add(1)
	b.mu.Unlock()
	for i := range b.ranks {
		b.ranks[i].waiter.Wake()
	}
}

// arrivedAny reports whether a local rank waits in the barrier.
func (b *barrier) arrivedAny() bool { return b.waiting.Load() }

// exited reports whether the exit consensus has been reached.
func (b *barrier) exited() bool {
	select {
	case <-b.exit:
		return true
	default:
		return false
	}
}

func (b *barrier) done(me *barrierRank) bool { return b.phase.Load() != me.phase }

func (b *barrier) wait(r int) error {
	me := &b.ranks[r-b.first]
	if !me.notified {
		panic("upc_wait: called without a preceding upc_notify")
	}
	if !b.done(me) {
		me.waiter.Wait(b.job.Endpoint(r), gasnet.WhyBarrier, func() bool { return b.done(me) })
	}
	return b.finish(r)
}

func (b *barrier) try(r int) (bool, error) {
	me := &b.ranks[r-b.first]
	if !me.notified {
		panic("upc_wait: called without a preceding upc_notify")
	}
	if !b.done(me) {
		select {
		case <-b.job.Aborted():
			panic(gasnet.ErrAborted)
		default:
		}
		return false, nil
	}
	return true, b.finish(r)
}

// finish reports a mismatch of named ids to every rank of the round, as
// the smp conduit does.
func (b *barrier) finish(r int) error {
	me := &b.ranks[r-b.first]
	me.notified = false
	v := b.verdict[me.phase&1]
	if v.maxID == math.MinInt64 || v.maxID == v.minID {
		return nil
	}
	lo, hi := int32(v.minID), int32(v.maxID)
	if me.anon {
		return &gasnet.BarrierMismatchError{Rank: r, Detail: fmt.Sprintf("threads used ids %d and %d", lo, hi)}
	}
	other := lo
	if me.id == lo {
		other = hi
	}
	return &gasnet.BarrierMismatchError{Rank: r, Detail: fmt.Sprintf("this thread used id %d, another thread used id %d", me.id, other)}
}

// agreed is an abort that every process decides alike from the same
// barrier round, so none needs telling (a barrier that can never
// complete; a deadlock is a *gasnet.DeadlockError, agreed the same way).
type agreed struct{ error }

func (a agreed) Unwrap() error { return a.error }

// isAgreed reports whether err is an abort every process decided alike.
func isAgreed(err error) bool {
	var a agreed
	var d *gasnet.DeadlockError
	return errors.As(err, &a) || errors.As(err, &d)
}
