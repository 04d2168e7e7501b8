package mpi

import (
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The job-wide barrier is hierarchical, as GASNet-EX's PSHM barrier is: a
// process's ranks meet in a gasnet.NodeBarrier (the smp conduit's state
// machine: ids, kinds of arrival, finished ranks, waiting), which hands
// the process's verdict of each phase to the conduit instead of releasing
// it (SetComplete). The engine then makes the process's contribution to
// one non-blocking MPI reduction (MPI_Iallreduce, polled by the progress
// goroutine, with an operation of our own) and releases the phase with
// the job's verdict. The reduction carries what an MPI_Ibarrier would
// not: the highest and lowest named barrier id, so mismatches are found
// across processes (and reported by the NodeBarrier as on smp), and how
// many ranks wait and how many have finished, so a barrier that finished
// ranks can never reach ends the job instead of hanging, and a round in
// which every rank has finished is the job's exit consensus (after which
// no process needs another's memory).
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

// noIDs is a contribution without named ids.
var noIDs = contribution{maxID: math.MinInt64, minID: math.MaxInt64}

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

// contributionOf is a process's contribution of its node's verdict.
func contributionOf(v gasnet.BarrierVerdict) contribution {
	c := noIDs
	if lo, hi, ok := v.NamedIDs(); ok {
		c.minID, c.maxID = int64(lo), int64(hi)
	}
	c.arrived, c.finished = int64(v.Ranks-v.Finished), int64(v.Finished)
	return c
}

// verdict is the job's verdict of a reduced round.
func (r contribution) verdict() gasnet.BarrierVerdict {
	named := r.maxID != math.MinInt64
	return gasnet.IDVerdict(int32(r.minID), int32(r.maxID), named, int(r.arrived+r.finished), int(r.finished))
}

// barrier is one process's part of the job-wide barrier: its node
// barrier, and the rounds between processes.
type barrier struct {
	node *gasnet.NodeBarrier
	job  *gasnet.Job
	n    int // local ranks
	me   int // this process
	kick func()

	mu       sync.Mutex
	local    gasnet.BarrierVerdict // the process's verdict of the phase, when due
	due      bool                  // local awaits a round that completes it
	inFlight bool
	// notified is set while a local rank waits in the barrier, for the
	// engine to poll without pause.
	notified atomic.Bool
	finished atomic.Int32 // local ranks that returned

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

// newBarrier returns process me's part of the barrier over local ranks
// [first, first+n); kick wakes the engine, and check (or nil) is the
// process's deadlock check, which contribute calls.
func newBarrier(job *gasnet.Job, first, n, me int, kick func(), check func() quietness) *barrier {
	b := &barrier{node: gasnet.NewNodeBarrier(job, first, n), job: job, n: n, me: me, kick: kick,
		exit: make(chan struct{}), check: check, every: job.DeadlockInterval(), last: time.Now()}
	b.node.SetComplete(b.arrived)
	return b
}

// arrived takes the process's verdict of a phase, on the rank whose
// arrival completed it.
func (b *barrier) arrived(v gasnet.BarrierVerdict) {
	b.mu.Lock()
	b.local, b.due = v, true
	b.mu.Unlock()
	b.kick()
}

// ready reports whether the process can contribute its verdict. Called
// with b.mu held.
func (b *barrier) ready() bool { return b.due && !b.inFlight }

func (b *barrier) notify(r int, id int32, anonymous bool) {
	if !b.notified.Load() {
		b.notified.Store(true)
	}
	b.node.Notify(r, gasnet.Arrival{ID: id, Named: !anonymous}, nil)
}

// rankDone records that local rank r has returned. The last local rank
// waits for the exit consensus, so this process keeps serving the others
// until every rank of the job is done (or the job aborts).
func (b *barrier) rankDone(r int) {
	b.node.RankDone(r)
	if int(b.finished.Add(1)) == b.n {
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
	c := noIDs
	if b.ready() {
		c = contributionOf(b.local)
	} else {
		c.probes = 1
	}
	b.inFlight = true
	c.sent, c.delivered = int64(q.sent), int64(q.delivered)
	if !q.stable {
		c.unstable = 1
	}
	return c, true
}

// complete takes the reduced result of the round in flight.
func (b *barrier) complete(res contribution) {
	if res.probes > 0 {
		// A deadlock probe: no barrier completes (a process's verdict
		// stays due). Every process sees the same result, so all agree.
		stable := res.unstable == 0 && res.sent == res.delivered
		if stable && b.wasStable {
			b.job.Deadlocked()
			return
		}
		b.wasStable = stable
		b.mu.Lock()
		b.inFlight = false
		b.mu.Unlock()
		return
	}
	b.wasStable = false
	v := res.verdict()
	if err := v.Stuck(); err != nil {
		// Every process sees this result: one reports it, the others
		// end quietly with the same status.
		if b.me != 0 {
			err = &gasnet.ExitError{Status: 1}
		}
		b.job.Abort(agreed{err})
		return
	}
	b.mu.Lock()
	b.due, b.inFlight = false, false
	b.mu.Unlock()
	if v.Finished == v.Ranks {
		b.exitOnce.Do(func() { close(b.exit) })
		return
	}
	b.notified.Store(false)
	b.node.Release(v)
}

// arrivedAny reports whether a local rank waits in the barrier.
func (b *barrier) arrivedAny() bool { return b.notified.Load() }

// exited reports whether the exit consensus has been reached.
func (b *barrier) exited() bool {
	select {
	case <-b.exit:
		return true
	default:
		return false
	}
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
