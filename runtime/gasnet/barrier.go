package gasnet

import (
	"fmt"
	"sync/atomic"
)

// NodeBarrier is the split-phase barrier among the ranks of one node: the
// one state machine behind upc_notify/upc_wait, their ids, the "barrier
// that can never complete" report, and the collectives' one-pass
// synchronisation (CollPort.Sync). The smp conduit runs it over all
// of its ranks. The mpi conduit runs one over the ranks of each process
// and completes the phase across processes itself (SetComplete, Release),
// as GASNet-EX's PSHM barrier does across nodes.
//
// Arrival is a software combining tree (Yew, Tzeng and Lawrie): ranks are
// the leaves, in order, barrierFanIn to a node; every node has a counter,
// and the rank whose arrival completes a node's count carries the node's
// combined arrival on to its parent. Notify therefore never waits (it
// climbs while it is the last to arrive), contention on any counter is at
// most barrierFanIn ranks, and the rank that completes the root knows that
// every rank has arrived: it publishes the verdict and releases the phase
// by bumping one counter every waiter watches (sense reversal by phase
// number). Nodes are reset by the rank that completes them, before it
// climbs, so no node is touched again until the release.
//
// Every word that ranks on different cores write lives on its own cache
// line. Nothing in the shared state is a Go pointer, so it could live in a
// mapping shared between processes; parking (below) is per process.
//
// Waiting spins while every local rank has a core to itself (Job.spin) and
// parks only after a bounded spin; when the ranks outnumber GOMAXPROCS it
// spins briefly, yields, then parks, because spinning then starves the
// ranks being waited for. A releaser wakes parked ranks only when some
// are parked (sleepers), so a spinning barrier's release is one store.
type NodeBarrier struct {
	first int // the first rank: ranks are first..first+n-1
	n     int
	job   *Job
	nodes []barrierNode
	_     [linePair]byte
	// phase is the number of phases released; a rank that arrived in
	// phase p is released when it differs from p.
	phase    atomic.Uint32
	_        [linePair - 4]byte
	sleepers atomic.Int32 // ranks parked (not spinning) in Wait
	_        [linePair - 4]byte
	// verdicts[p&1] is phase p's combined arrival, kept until phase p+2
	// (no rank can arrive in p+2 before every rank has read it).
	verdicts [2]barrierVerdict
	ranks    []barrierRank
	// complete, if set, takes the node's verdict instead of releasing it:
	// a conduit that spans nodes completes the phase across them and
	// calls Release.
	complete func(v BarrierVerdict)
}

// linePair is the spacing of words that different cores write: two
// cache lines, since x86's adjacent-line prefetcher moves lines in pairs.
const linePair = 2 * cacheLine

// barrierFanIn is how many arrivals meet at one tree node.
const barrierFanIn = 4

type barrierNode struct {
	count  atomic.Int32  // arrivals in this phase
	fin    atomic.Int32  // finished ranks among them (their subtrees')
	sum    atomic.Uint64 // the arrivals' combined summary (see Arrival)
	other  atomic.Uint64 // a summary that conflicted with sum, for the message
	expect int32
	parent int32 // -1 at the root
	_      [linePair - 32]byte
}

type barrierRank struct {
	leaf    int32
	phase   atomic.Uint32 // the phase this rank arrived in
	arrival atomic.Uint64 // its summary | inBarrier while notified
	waiter  Waiter
	_       [linePair - 40]byte
}

// Arrival is what a rank brings to a barrier phase: a user barrier with
// or without an id, or one of the collectives registered with
// RegisterCollective (CollArrival). Every rank of one phase must bring the
// same kind; named ids must agree, and an anonymous one matches any id.
type Arrival struct {
	ID    int32
	Named bool
	coll  uint16 // collective kind + 1; 0 for a user barrier
}

// CollArrival is the arrival of a rank at the synchronisation of the
// collective kind (a RegisterCollective value). The call's arguments are
// compared by the hook (CollPort.Sync), which can name them.
func CollArrival(kind uint8) Arrival {
	return Arrival{coll: uint16(kind) + 1}
}

// A summary packs the combined arrivals of a subtree into one word, so a
// node merges them with one compare-and-swap: the id, whether it is
// named, the kind, and whether anything conflicted.
const (
	sumNamed    = 1 << 32
	sumKindLow  = 33 // 9 bits of kind: collective kind + 1
	sumPresent  = 1 << 42
	sumIDDiff   = 1 << 43
	sumKindDiff = 1 << 44
	inBarrier   = 1 << 63 // in barrierRank.arrival: notified
)

func (a Arrival) summary() uint64 {
	s := uint64(sumPresent) | uint64(a.coll)<<sumKindLow
	if a.Named {
		s |= sumNamed | uint64(uint32(a.ID))
	}
	return s
}

func sumKind(s uint64) uint16 { return uint16(s>>sumKindLow) & 0x1ff }

// mergeSummary combines two subtrees' summaries; conflict is b when b
// disagrees with a (another kind, or another named id).
func mergeSummary(a, b uint64) (merged, conflict uint64) {
	switch {
	case a&sumPresent == 0:
		return b, 0
	case b&sumPresent == 0:
		return a, 0
	}
	merged = a | b&(sumIDDiff|sumKindDiff)
	if sumKind(a) != sumKind(b) {
		merged |= sumKindDiff
		conflict = b
	}
	if b&sumNamed != 0 {
		switch {
		case a&sumNamed == 0:
			merged = merged&^0xffffffff | sumNamed | b&0xffffffff
		case uint32(a) != uint32(b):
			merged |= sumIDDiff
			conflict = b
		}
	}
	return merged, conflict
}

// BarrierVerdict is a phase's combined arrival over the ranks a
// NodeBarrier spans (or, once a conduit has combined it, over the job).
type BarrierVerdict struct {
	Sum, Other uint64 // summaries: the combined one and one that conflicted
	Finished   int    // ranks that arrived finished (RankDone)
	Ranks      int    // ranks counted
	Err        error  // the hook's failure, which every rank's Wait returns
}

type barrierVerdict = BarrierVerdict

// ok reports a phase whose arrivals all agree.
func (v BarrierVerdict) ok() bool { return v.Sum&(sumIDDiff|sumKindDiff) == 0 }

// Stuck is the error of a phase that can never complete because some of
// its ranks arrived finished while others wait, or nil.
func (v BarrierVerdict) Stuck() error {
	if v.Finished == 0 || v.Finished == v.Ranks {
		return nil
	}
	return &BarrierStuckError{Waiting: v.Ranks - v.Finished, Finished: v.Finished}
}

// NamedIDs is the range of the named ids the verdict's arrivals used:
// the form in which a conduit combines user barriers' verdicts across
// nodes by a reduction (a minimum and a maximum), since an anonymous
// arrival matches any id. ok is false when every arrival was anonymous.
// Collectives' arrivals do not cross nodes (they synchronise through
// messages there), so their kinds have no such form.
func (v BarrierVerdict) NamedIDs() (lo, hi int32, ok bool) {
	if v.Sum&sumNamed == 0 {
		return 0, 0, false
	}
	lo, hi = int32(uint32(v.Sum)), int32(uint32(v.Sum))
	if v.Sum&sumIDDiff != 0 {
		o := int32(uint32(v.Other))
		lo, hi = min(lo, o), max(hi, o)
	}
	return lo, hi, true
}

// IDVerdict is the verdict of a phase of ranks ranks, finished of them
// finished and the others in a user barrier, whose named ids ranged over
// lo..hi (named false: every arrival was anonymous): NamedIDs' inverse,
// for a conduit that has reduced every node's range.
func IDVerdict(lo, hi int32, named bool, ranks, finished int) BarrierVerdict {
	v := BarrierVerdict{Sum: sumPresent, Ranks: ranks, Finished: finished}
	if named {
		v.Sum |= sumNamed | uint64(uint32(lo))
		if lo != hi {
			// The lower id first, so a rank that used neither is
			// told the lower.
			v.Sum |= sumIDDiff
			v.Other = sumPresent | sumNamed | uint64(uint32(hi))
		}
	}
	return v
}

// NewNodeBarrier returns a barrier over the n ranks of job numbered
// first..first+n-1 (ranks of this process).
func NewNodeBarrier(job *Job, first, n int) *NodeBarrier {
	b := &NodeBarrier{first: first, n: n, job: job, ranks: make([]barrierRank, n)}
	// Level by level: the first level's nodes take barrierFanIn ranks
	// each, every further level barrierFanIn nodes of the one below.
	below, belowCount, width := -1, 0, n
	for {
		first, k := len(b.nodes), (width+barrierFanIn-1)/barrierFanIn
		for i := range k {
			b.nodes = append(b.nodes, barrierNode{expect: int32(min(barrierFanIn, width-i*barrierFanIn)), parent: -1})
		}
		for i := range belowCount {
			b.nodes[below+i].parent = int32(first + i/barrierFanIn)
		}
		if k == 1 {
			break
		}
		below, belowCount, width = first, k, k
	}
	for r := range b.ranks {
		b.ranks[r].leaf = int32(r / barrierFanIn)
		b.ranks[r].waiter.Init()
		b.ranks[r].waiter.group = &b.sleepers
	}
	return b
}

// SetComplete makes the barrier hand each phase's verdict to f instead of
// releasing it, including a phase that finished ranks arrived in (the
// conduit then decides, with the other nodes, whether the job is stuck
// or done). f runs on the rank whose arrival completed the phase and
// must not wait; it (or code it starts) calls Release unless the phase
// can never be released.
func (b *NodeBarrier) SetComplete(f func(v BarrierVerdict)) { b.complete = f }

// Notify is the first half of rank r's barrier: it never waits. If
// r's arrival completes the phase (the last rank to arrive), hook runs
// before the release, on this rank, when every rank arrived with the same
// kind: the collectives' comparison of their arguments and one-pass work
// (CollPort.Sync). An error from hook is every rank's Wait's.
func (b *NodeBarrier) Notify(r int, a Arrival, hook func() error) {
	me := &b.ranks[r-b.first]
	if me.arrival.Load() != 0 {
		panic("upc_notify: called twice without an intervening upc_wait")
	}
	s := a.summary()
	// The phase cannot change before this rank arrives.
	me.phase.Store(b.phase.Load())
	me.arrival.Store(s | inBarrier)
	b.arrive(me.leaf, s, 0, 0, hook)
}

// arrive brings a summary (and finished ranks) to node i and climbs while
// it completes nodes.
func (b *NodeBarrier) arrive(i int32, sum, other uint64, fin int32, hook func() error) {
	for {
		nd := &b.nodes[i]
		if sum != 0 {
			for {
				cur := nd.sum.Load()
				m, c := mergeSummary(cur, sum)
				if c != 0 && nd.other.Load() == 0 {
					nd.other.CompareAndSwap(0, c)
				}
				if m == cur || nd.sum.CompareAndSwap(cur, m) {
					break
				}
			}
		}
		if other != 0 {
			nd.other.CompareAndSwap(0, other)
		}
		if fin != 0 {
			nd.fin.Add(fin)
		}
		if nd.count.Add(1) < nd.expect {
			return
		}
		// Last arrival here: take the node's state and reset it; nobody
		// arrives here again before the phase is released.
		sum, other, fin = nd.sum.Load(), nd.other.Load(), nd.fin.Load()
		nd.sum.Store(0)
		nd.other.Store(0)
		nd.fin.Store(0)
		nd.count.Store(0)
		if nd.parent < 0 {
			v := BarrierVerdict{Sum: sum, Other: other, Finished: int(fin), Ranks: b.n}
			if b.complete != nil {
				b.complete(v)
				return
			}
			if v.Finished > 0 {
				// Nobody to release if every rank finished;
				// otherwise the waiting ranks wait for ranks
				// that will never come.
				if err := v.Stuck(); err != nil {
					b.job.Abort(err)
				}
				return
			}
			if hook != nil && v.ok() {
				v.Err = hook()
			}
			b.Release(v)
			return
		}
		i = nd.parent
	}
}

// Release ends the current phase with verdict v (for a conduit that set
// SetComplete; the smp conduit's phases release themselves).
func (b *NodeBarrier) Release(v BarrierVerdict) {
	p := b.phase.Load()
	b.verdicts[p&1] = v
	b.phase.Store(p + 1)
	if b.sleepers.Load() > 0 {
		for i := range b.ranks {
			b.ranks[i].waiter.Wake()
		}
	}
}

// RankDone records that rank r has returned: it arrives, finished, in
// the phase the others are in and in none after, so a phase it is part of
// completes only as "every rank finished" or as a barrier that can never
// complete (reported by aborting the job). A rank that returns between
// notify and wait finishes the phase it notified first.
func (b *NodeBarrier) RankDone(r int) {
	me := &b.ranks[r-b.first]
	if me.arrival.Load() != 0 {
		if !b.released(me) && !b.waitQuietly(r, me) {
			return // the job aborted: it is ending anyway
		}
		me.arrival.Store(0)
	}
	b.arrive(me.leaf, 0, 0, 1, nil)
}

// waitQuietly waits for me's phase to be released; false if the job
// aborted first.
func (b *NodeBarrier) waitQuietly(r int, me *barrierRank) (ok bool) {
	defer func() {
		if v := recover(); v != nil && v != ErrAborted {
			panic(v)
		}
	}()
	b.waitRelease(r, me)
	return true
}

// Phases is the number of phases released so far.
func (b *NodeBarrier) Phases() uint32 { return b.phase.Load() }

func (b *NodeBarrier) released(me *barrierRank) bool { return b.phase.Load() != me.phase.Load() }

// Wait is the second half of rank r's barrier: it returns once every rank
// has notified, with an error if their ids or kinds disagreed.
func (b *NodeBarrier) Wait(r int) error {
	me := &b.ranks[r-b.first]
	if me.arrival.Load() == 0 {
		panic("upc_wait: called without a preceding upc_notify")
	}
	if !b.released(me) {
		b.waitRelease(r, me)
	}
	return b.finish(r)
}

// Try completes rank r's barrier if every rank has notified.
func (b *NodeBarrier) Try(r int) (bool, error) {
	me := &b.ranks[r-b.first]
	if me.arrival.Load() == 0 {
		panic("upc_wait: called without a preceding upc_notify")
	}
	if !b.released(me) {
		b.job.checkAbort()
		return false, nil
	}
	return true, b.finish(r)
}

// waitRelease waits for me's phase to be released; the wait is recorded
// (for the deadlock detector) as one for the phase me arrived in.
func (b *NodeBarrier) waitRelease(r int, me *barrierRank) {
	me.waiter.Wait(b.job.Endpoint(r), whyArrival(me.arrival.Load()&^inBarrier), func() bool { return b.released(me) })
}

// whyArrival is a rank waiting in a phase it arrived in with this
// summary, as the deadlock report says it.
type whyArrival uint64

func (w whyArrival) String() string {
	s := uint64(w)
	switch {
	case sumKind(s) != 0:
		return arrivalName(s) + ": every thread to reach its synchronisation"
	case s&sumNamed != 0:
		return fmt.Sprintf("a barrier (id %d)", int32(uint32(s)))
	}
	return "a barrier"
}

func (b *NodeBarrier) finish(r int) error {
	me := &b.ranks[r-b.first]
	mine := me.arrival.Load() &^ inBarrier
	me.arrival.Store(0)
	v := b.verdicts[me.phase.Load()&1]
	if v.ok() {
		return v.Err
	}
	return mismatchError(r, mine, v)
}

// arrivalName is what a summary's rank was in, for messages.
func arrivalName(s uint64) string {
	k := sumKind(s)
	if k == 0 {
		if s&sumNamed != 0 {
			return fmt.Sprintf("upc_barrier %d", int32(uint32(s)))
		}
		return "upc_barrier"
	}
	return collName(uint8(k - 1))
}

// mismatchError is rank r's report of a phase whose arrivals disagreed;
// mine is r's own summary.
func mismatchError(r int, mine uint64, v BarrierVerdict) error {
	first, other := v.Sum, v.Other
	if v.Sum&sumKindDiff != 0 {
		theirs := first
		if sumKind(mine) == sumKind(first) {
			theirs = other
		}
		detail := fmt.Sprintf("this thread is in %s, another thread in %s (every thread must reach the same barriers and collectives in the same order)",
			arrivalName(mine), arrivalName(theirs))
		if sumKind(mine) != 0 {
			return &CollMismatchError{Rank: r, Msg: "collective mismatch on thread " + fmt.Sprint(r) + ": " + detail}
		}
		return &BarrierMismatchError{Rank: r, Detail: detail}
	}
	a, o := int32(uint32(first)), int32(uint32(other))
	if mine&sumNamed == 0 {
		return &BarrierMismatchError{Rank: r, Detail: fmt.Sprintf("threads used ids %d and %d", a, o)}
	}
	theirs := a
	if int32(uint32(mine)) == a {
		theirs = o
	}
	return &BarrierMismatchError{Rank: r, Detail: fmt.Sprintf("this thread used id %d, another thread used id %d", int32(uint32(mine)), theirs)}
}

// BarrierStuckError reports a barrier that can never complete because
// some ranks have already returned from main.
type BarrierStuckError struct{ Waiting, Finished int }

func (e *BarrierStuckError) Error() string {
	return fmt.Sprintf("deadlock: %d thread(s) wait in a barrier that %d thread(s) which already finished can never reach", e.Waiting, e.Finished)
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
