package gasnet

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Deadlock detection (docs/runtime.md, "Deadlock"). A rank that blocks in
// the runtime says so: every wait that parks (Waiter.Wait, the
// notification waits) or polls (Endpoint.Poll) records what it waits for
// in the rank's wait record, and whoever wakes it clears its parked state.
// A job is deadlocked when every rank is blocked or has finished and
// nothing that could wake one is under way: no rank computes, no message
// is queued or being handled, no operation is in flight.
//
// That is decided from samples, never from how long ranks have waited, so
// a loaded machine cannot cause a false report, only a later one. A check
// reads every local rank's record and parked state, then asks the conduit
// whether anything is in flight, then reads the polling ranks' poll
// counts. Two checks that find the same records, all parked, bracket an
// instant at which every rank was parked and nothing was in flight: from
// then on nothing can change. A rank that polls memory (OpenSHMEM's waits,
// which other ranks' direct stores satisfy without waking anyone) counts
// as parked once it has tested its condition again after the earlier
// check; a third check makes sure of that. Processes of one job agree by
// the same rule, with a reduction per check (the mpi conduit's barrier
// rounds), counting the messages sent and delivered between processes.

// Why says what a blocked rank waits for, in words for the deadlock
// report ("a barrier", "upc_lock: the lock is held by thread 1"). String
// is called only by the rank itself, once the job has stopped for a
// deadlock, so it may read state the rank owns.
type Why interface{ String() string }

// WhyText is a Why that is a fixed text.
type WhyText string

func (w WhyText) String() string { return string(w) }

// WhyBarrier is a rank waiting in a barrier.
const WhyBarrier = WhyText("a barrier")

// rankWait is one blocking episode of a rank: published in the rank's
// Endpoint.blocked while it lasts, a new one for each episode, so that the
// pointer tells episodes apart.
type rankWait struct {
	why   Why
	since time.Time
	// parked is the waiter's state (waiterParked while it sleeps and no
	// one has woken it), or nil for a polling wait.
	parked *atomic.Uint32
	polls  atomic.Uint64 // a polling wait's tests of its condition
}

// The states of a parking waiter. Wake sets waiterAwake; only the waiter
// moves from there to waiterChecking (it announces that it will sleep,
// then tests its condition) and on to waiterParked (the condition was
// false and no one has woken it since).
const (
	waiterAwake uint32 = iota
	waiterChecking
	waiterParked
)

// beginWait publishes that the rank blocks for why. A wait inside another
// (a remote atomic inside a polling wait) keeps the outer record and gets
// nil.
func (ep *Endpoint) beginWait(why Why, parked *atomic.Uint32) *rankWait {
	if ep.blocked.Load() != nil {
		return nil
	}
	w := &rankWait{why: why, since: time.Now(), parked: parked}
	ep.blocked.Store(w)
	return w
}

func (ep *Endpoint) endWait(w *rankWait) {
	if w != nil {
		ep.blocked.Store(nil)
	}
}

// abortWait unwinds a rank that was blocked when the job aborted. If the
// job stopped for a deadlock, the rank first records what it waited for
// and where (its own stack), for the report.
func (ep *Endpoint) abortWait() {
	if d, ok := ep.job.AbortErr().(*DeadlockError); ok {
		if w := ep.blocked.Load(); w != nil {
			pcs := make([]uintptr, 64)
			n := runtime.Callers(2, pcs)
			d.record(ep.rank, w.why.String(), time.Since(w.since), pcs[:n])
		}
	}
	ep.blocked.Store(nil)
	panic(ErrAborted)
}

// Poll waits until cond() holds by testing it again and again, for waits
// that no one wakes: conditions on memory other ranks store to directly
// (OpenSHMEM's wait_until, its locks). It yields between tests, since the
// rank that will make cond true may need this core. why says what it
// waits for.
func (ep *Endpoint) Poll(why Why, cond func() bool) {
	var w *rankWait
	for i := 0; ; i++ {
		if cond() {
			ep.endWait(w)
			return
		}
		switch {
		case i == pollsBeforeBlocked:
			w = ep.beginWait(why, nil)
		case i > pollsBeforeBlocked && w != nil:
			w.polls.Add(1)
		}
		if ep.job.aborted.Load() {
			ep.abortWait()
		}
		runtime.Gosched()
	}
}

// pollsBeforeBlocked is how many failed tests make a polling rank count
// as blocked.
const pollsBeforeBlocked = 100

// DeadlockError is the abort of a job that can make no progress: every
// rank waits in the runtime for something only another blocked rank could
// do, or has finished. It holds this process's ranks; each blocked one
// fills its entry as it unwinds.
type DeadlockError struct {
	mu    sync.Mutex
	ranks []RankWait
}

// RankWait is one rank's part in a deadlock.
type RankWait struct {
	Rank     int
	Finished bool          // the rank had returned (it waits for nothing)
	Why      string        // what it waited for ("" if it never said)
	Waited   time.Duration // for how long
	PCs      []uintptr     // its stack in the wait, for the source line
}

func (e *DeadlockError) Error() string {
	return "deadlock: every thread waits for another or has finished"
}

// Ranks returns this process's ranks' parts, in rank order.
func (e *DeadlockError) Ranks() []RankWait {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.ranks)
}

func (e *DeadlockError) record(rank int, why string, waited time.Duration, pcs []uintptr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range e.ranks {
		// The first record is the rank's wait; a rank whose job aborted
		// may block again as it ends (its barrier's RankDone finishing the
		// phase it notified), where its stack has no frame of the program.
		if e.ranks[i].Rank == rank && e.ranks[i].Why == "" {
			e.ranks[i].Why, e.ranks[i].Waited, e.ranks[i].PCs = why, waited, pcs
		}
	}
}

// newDeadlock starts the report: finished ranks are known now, blocked
// ones fill their entries as they unwind.
func (j *Job) newDeadlock() *DeadlockError {
	d := &DeadlockError{}
	for _, ep := range j.endpoints {
		d.ranks = append(d.ranks, RankWait{Rank: ep.rank, Finished: ep.finished.Load()})
	}
	return d
}

// Deadlocked aborts the job for a deadlock: conduits of several processes
// call it once their processes have agreed on one.
func (j *Job) Deadlocked() { j.Abort(j.newDeadlock()) }

// Quiescence checks one process's ranks again and again, each check
// compared with the one before.
type Quiescence struct {
	job        *Job
	prev, next quietCheck // next: the buffers the next check fills
	have       bool
}

// quietCheck is one check's view of the local ranks.
type quietCheck struct {
	waits   []*rankWait // per local rank: its wait, nil if it has finished
	polls   []uint64    // per local rank: a polling wait's count, read last
	counts  [2]uint64   // the conduit's counters (messages between processes)
	quiet   bool        // every rank parked or finished, nothing in flight
	blocked int
}

// NewQuiescence returns a checker of the job's local ranks.
func (j *Job) NewQuiescence() *Quiescence { return &Quiescence{job: j} }

// Quiet is the result of a check.
type Quiet struct {
	// Quiet: every local rank is blocked and parked, or has finished,
	// and nothing of this process is in flight.
	Quiet bool
	// Stable: this check and the previous one were both quiet, with the
	// same waits and counts, and every polling rank has tested its
	// condition again since the previous check.
	Stable  bool
	Blocked int // ranks waiting (the others have finished)
}

// Check samples the local ranks. idle reports whether the conduit holds
// nothing of this process in flight (it is called after the ranks have
// been read); sent and delivered count messages to and from other
// processes (zero for a single process).
func (q *Quiescence) Check(idle func() bool, sent, delivered uint64) Quiet {
	if !q.job.made.Load() {
		// The conduit is attached but NewJob is still making the
		// endpoints: the ranks have not started, which is not quiet.
		return Quiet{}
	}
	eps := q.job.endpoints
	if q.next.waits == nil {
		q.next = quietCheck{waits: make([]*rankWait, len(eps)), polls: make([]uint64, len(eps))}
	}
	c := quietCheck{waits: q.next.waits, polls: q.next.polls, counts: [2]uint64{sent, delivered}, quiet: true}
	clear(c.waits)
	clear(c.polls)
	for i, ep := range eps {
		if ep.finished.Load() {
			continue
		}
		w := ep.blocked.Load()
		c.waits[i] = w
		if w == nil || w.parked != nil && w.parked.Load() != waiterParked {
			c.quiet = false
		} else {
			c.blocked++
		}
	}
	if c.quiet && idle != nil && !idle() {
		c.quiet = false
	}
	for i, w := range c.waits {
		if w != nil && w.parked == nil {
			c.polls[i] = w.polls.Load()
		}
	}
	stable := q.have && q.prev.quiet && c.quiet && c.counts == q.prev.counts
	for i := range c.waits {
		if !stable {
			break
		}
		w := c.waits[i]
		stable = w == q.prev.waits[i] && (w == nil || w.parked != nil || c.polls[i] >= q.prev.polls[i]+2)
	}
	// The previous check's buffers are the next one's: a check per
	// barrier round allocates nothing.
	q.prev, q.next, q.have = c, q.prev, true
	return Quiet{Quiet: c.quiet, Stable: stable, Blocked: c.blocked}
}

// IdleConduit is implemented by conduits that can hold this process's
// messages or operations in flight: Idle reports whether there are none,
// so that a rank waiting for one is not taken for stuck.
type IdleConduit interface {
	Conduit
	Idle() bool
}

// AgreeConduit is implemented by conduits of several processes, which run
// the deadlock checks themselves so that every process takes part in each
// (Job.Run starts no watch of its own for them).
type AgreeConduit interface {
	Conduit
	AgreesOnDeadlock()
}

// GatherConduit is implemented by conduits of several processes: Gather
// collects a part from every process at process 0, which gets all parts
// in process order (the others get nil). Every process calls it, at the
// end of a job they all know has deadlocked, to print one report.
type GatherConduit interface {
	Conduit
	Gather(part []byte) [][]byte
}

// DefaultDeadlockInterval is the time between two deadlock checks when
// UPC_DEADLOCK_INTERVAL is unset: a deadlock is reported three checks
// after it forms.
const DefaultDeadlockInterval = 500 * time.Millisecond

// deadlockInterval reads UPC_DEADLOCK_INTERVAL (a Go duration: 100ms, 2s).
func deadlockInterval() (time.Duration, error) {
	s, ok := os.LookupEnv("UPC_DEADLOCK_INTERVAL")
	if !ok {
		return DefaultDeadlockInterval, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("UPC_DEADLOCK_INTERVAL=%q: want a duration such as 500ms or 2s", s)
	}
	return d, nil
}

// DeadlockInterval is the time between two deadlock checks.
func (j *Job) DeadlockInterval() time.Duration { return j.deadlockEvery }

// watch checks the job for a deadlock every interval until stop is
// closed, for conduits of one process: three checks in a row that find
// every rank blocked or finished, with the same waits, and at least one
// blocked, are a deadlock.
func (j *Job) watch(stop <-chan struct{}) {
	ic, _ := j.conduit.(IdleConduit)
	var idle func() bool
	if ic != nil {
		idle = ic.Idle
	}
	q := j.NewQuiescence()
	tick := time.NewTicker(j.deadlockEvery)
	defer tick.Stop()
	wasStable := false
	for {
		select {
		case <-tick.C:
		case <-stop:
			return
		case <-j.abortCh:
			return
		}
		c := q.Check(idle, 0, 0)
		if c.Stable && wasStable && c.Blocked > 0 {
			j.Deadlocked()
			return
		}
		wasStable = c.Stable
	}
}
