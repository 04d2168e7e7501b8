package gasnet

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fastChecks makes the deadlock checks of the jobs a test starts frequent.
// The checks decide from samples, never from elapsed time, so this only
// makes a deadlock reported sooner.
func fastChecks(t *testing.T) { t.Setenv("UPC_DEADLOCK_INTERVAL", "5ms") }

// deadlockOf runs body on ranks ranks in procs simulated processes and
// returns the deadlock the job ended with.
func deadlockOf(t *testing.T, ranks, procs int, body func(ep *Endpoint)) *DeadlockError {
	t.Helper()
	err := runErr(t, ranks, procs, body)
	var d *DeadlockError
	require.ErrorAs(t, err, &d)
	return d
}

func TestDeadlockEveryRankWaits(t *testing.T) {
	fastChecks(t)
	for _, procs := range []int{1, 3} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			d := deadlockOf(t, 3, procs, func(ep *Endpoint) {
				ep.waiter.Wait(ep, WhyText(fmt.Sprintf("test condition %d", ep.Rank())), func() bool { return false })
			})
			ranks := d.Ranks()
			require.Len(t, ranks, 3)
			for r, w := range ranks {
				assert.Equal(t, r, w.Rank)
				assert.False(t, w.Finished)
				assert.Equal(t, fmt.Sprintf("test condition %d", r), w.Why)
				assert.NotEmpty(t, w.PCs, "the rank recorded where it waited")
			}
		})
	}
}

// A rank that returned takes part as finished; one waiting for a call that
// is never answered (a handler kept its CallRef, as a lock's home does)
// waits for nothing in flight.
func TestDeadlockCallNeverAnswered(t *testing.T) {
	fastChecks(t)
	d := deadlockOf(t, 2, 2, func(ep *Endpoint) {
		if ep.Rank() == 1 {
			ep.Call(0, hTestKeep, nil, nil)
		}
	})
	ranks := d.Ranks()
	require.Len(t, ranks, 2)
	assert.True(t, ranks[0].Finished)
	assert.False(t, ranks[1].Finished)
	assert.Equal(t, "a reply from thread 0 (test-keep-call)", ranks[1].Why)
}

var (
	keptCalls atomic.Int64
	hTestKeep = RegisterHandler("test-keep-call", func(tok Token, args []uint64, _ []byte) { keptCalls.Add(1) })
)

// busy computes without entering the runtime for about d.
func busy(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// A wait that a rank still computing will complete is never a deadlock,
// however long the computation takes.
func TestNoDeadlockWhileARankComputes(t *testing.T) {
	fastChecks(t)
	for _, procs := range []int{1, 2} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			var flag atomic.Bool
			var waiter *Endpoint
			ready := make(chan struct{})
			run(t, 2, procs, func(ep *Endpoint) {
				if ep.Rank() == 0 {
					waiter = ep
					close(ready)
					ep.waiter.Wait(ep, WhyText("the flag"), flag.Load)
					return
				}
				<-ready
				busy(20 * ep.job.DeadlockInterval())
				flag.Store(true)
				waiter.waiter.Wake()
			})
		})
	}
}

// A polling wait (no one wakes it) satisfied by a store of a rank that
// computed first is not a deadlock; one never satisfied is.
func TestDeadlockPolling(t *testing.T) {
	fastChecks(t)
	var word atomic.Int64
	run(t, 2, 1, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			ep.Poll(WhyText("the word"), func() bool { return word.Load() != 0 })
			return
		}
		busy(20 * ep.job.DeadlockInterval())
		word.Store(1)
	})

	d := deadlockOf(t, 2, 1, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			ep.Poll(WhyText("a word no one stores"), func() bool { return false })
			return
		}
		require.NoError(t, ep.Barrier(0, true))
	})
	ranks := d.Ranks()
	assert.Equal(t, "a word no one stores", ranks[0].Why)
	assert.Equal(t, "a barrier", ranks[1].Why)
}

// Check: a rank is quiet only while it sleeps unwoken (or polls), and a
// check is stable only if the previous one saw the same episodes; a
// polling rank must have tested its condition twice more since.
func TestQuiescenceCheck(t *testing.T) {
	j, err := NewJob(Config{Conduit: NewTestConduit(2, 1), SegmentSize: 1 << 16})
	require.NoError(t, err)
	defer j.conduit.Close()
	a, b := j.endpoints[0], j.endpoints[1]
	idle := true
	q := j.NewQuiescence()
	check := func() Quiet { return q.Check(func() bool { return idle }, 0, 0) }

	assert.False(t, check().Quiet, "running ranks")
	var sa, sb atomic.Uint32
	wa := a.beginWait(WhyText("a"), &sa)
	wb := b.beginWait(WhyText("b"), &sb)
	sa.Store(waiterChecking)
	sb.Store(waiterParked)
	assert.False(t, check().Quiet, "a rank testing its condition is not quiet")
	sa.Store(waiterParked)
	c := check()
	assert.True(t, c.Quiet)
	assert.False(t, c.Stable, "the previous check was not quiet")
	assert.Equal(t, Quiet{Quiet: true, Stable: true, Blocked: 2}, check())

	idle = false
	assert.False(t, check().Quiet, "something in flight")
	idle = true
	check()

	// A new episode is not the same wait, even if it looks alike.
	a.endWait(wa)
	wa = a.beginWait(WhyText("a"), &sa)
	assert.False(t, check().Stable)
	assert.True(t, check().Stable)

	// A polling wait counts once it has tested twice since the last check.
	b.endWait(wb)
	wb = b.beginWait(WhyText("b polls"), nil)
	check()
	assert.False(t, check().Stable, "no test since")
	wb.polls.Add(1)
	assert.False(t, check().Stable, "one test is not enough")
	wb.polls.Add(2)
	assert.True(t, check().Stable)

	// A finished rank is quiet.
	a.endWait(wa)
	a.finished.Store(true)
	check()
	wb.polls.Add(2)
	assert.Equal(t, Quiet{Quiet: true, Stable: true, Blocked: 1}, check())
}

// earlyCheck is a conduit that checks the job's quiescence as soon as it
// is attached, as the mpi conduit's engine may (a deadlock probe), before
// NewJob has made the endpoints.
type earlyCheck struct {
	Conduit
	q     *Quiescence
	first Quiet
}

func (c *earlyCheck) Attach(j *Job, segSize uintptr) error {
	err := c.Conduit.Attach(j, segSize)
	c.q = j.NewQuiescence()
	c.first = c.q.Check(nil, 0, 0)
	return err
}

// A check before the endpoints exist finds the job running, not quiet
// (it has no ranks to be blocked yet), and leaves the checker sized for
// the endpoints to come. (An mpi run of nb/vlist_gather once crashed in
// an atomic load of a nil endpoint: a probe 500 ms after the conduit was
// attached read the endpoints while NewJob was making them.)
func TestQuiescenceBeforeEndpoints(t *testing.T) {
	c := &earlyCheck{Conduit: NewTestConduit(2, 1)}
	j, err := NewJob(Config{Conduit: c, SegmentSize: 1 << 16})
	require.NoError(t, err)
	defer j.conduit.Close()
	assert.Equal(t, Quiet{}, c.first, "a job without endpoints yet")
	var sa, sb atomic.Uint32
	sa.Store(waiterParked)
	sb.Store(waiterParked)
	j.endpoints[0].beginWait(WhyText("a"), &sa)
	j.endpoints[1].beginWait(WhyText("b"), &sb)
	assert.Equal(t, Quiet{Quiet: true, Blocked: 2}, c.q.Check(nil, 0, 0))
	assert.Equal(t, Quiet{Quiet: true, Stable: true, Blocked: 2}, c.q.Check(nil, 0, 0))
}

func TestDeadlockIntervalSetting(t *testing.T) {
	t.Setenv("UPC_DEADLOCK_INTERVAL", "250ms")
	j, err := NewJob(Config{Conduit: NewTestConduit(1, 1), SegmentSize: 1 << 16})
	require.NoError(t, err)
	j.conduit.Close()
	assert.Equal(t, 250*time.Millisecond, j.DeadlockInterval())

	for _, bad := range []string{"soon", "0", "-1s", "5"} {
		t.Setenv("UPC_DEADLOCK_INTERVAL", bad)
		_, err := NewJob(Config{Conduit: NewTestConduit(1, 1), SegmentSize: 1 << 16})
		assert.ErrorContains(t, err, "UPC_DEADLOCK_INTERVAL", bad)
	}
}

var hTestFail = RegisterHandler("test-fail", func(tok Token, args []uint64, _ []byte) {
	if args[0] == 0 {
		panic("a check failed")
	}
	failSink = *(*int64)(unsafe.Add(unsafe.Pointer(nil), args[0])) // a stray address
})

var failSink int64

// A handler that fails ends the job with a message naming it, never the
// process with a Go stack dump (handlers run on progress goroutines).
func TestHandlerFailureEndsTheJob(t *testing.T) {
	for _, tc := range []struct {
		addr uint64
		want string
	}{
		{0, "a check failed"},
		{0xdead0000, "invalid memory address"},
	} {
		err := runErr(t, 2, 2, func(ep *Endpoint) {
			if ep.Rank() == 0 {
				ep.Send(1, hTestFail, []uint64{tc.addr}, nil)
				return
			}
			ep.waiter.Wait(ep, WhyText("the job's end"), func() bool { return false })
		})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "gasnet: the test-fail handler failed at thread 1 on a message from thread 0: ")
		assert.Contains(t, err.Error(), tc.want)
	}
}
