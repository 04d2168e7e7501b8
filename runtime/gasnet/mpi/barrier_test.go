package mpi

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// fakeWorld runs the barriers of several simulated processes, doing in
// one goroutine what MPI_Iallreduce does across processes.
type fakeWorld struct {
	bars []*barrier
	jobs []*gasnet.Job
	kick chan struct{}
	stop chan struct{}
	done sync.WaitGroup
}

func newFakeWorld(t *testing.T, procs, perProc int) *fakeWorld {
	return newFakeWorldChecked(t, procs, perProc, nil)
}

// newFakeWorldChecked is newFakeWorld with a deadlock check per process
// (check(p) for process p; nil: none).
func newFakeWorldChecked(t *testing.T, procs, perProc int, check func(p int) func() quietness) *fakeWorld {
	w := &fakeWorld{kick: make(chan struct{}, 1), stop: make(chan struct{})}
	for p := range procs {
		// Each simulated process's job has every rank, so that the
		// barrier finds its ranks' endpoints by their job-wide numbers.
		j, err := gasnet.NewJob(gasnet.Config{Conduit: smp.New(procs*perProc, 1), SegmentSize: 1 << 16})
		require.NoError(t, err)
		t.Cleanup(func() { j.Conduit().Close() })
		w.jobs = append(w.jobs, j)
		var c func() quietness
		if check != nil {
			c = check(p)
		}
		w.bars = append(w.bars, newBarrier(j, p*perProc, perProc, p, func() {
			select {
			case w.kick <- struct{}{}:
			default:
			}
		}, c))
	}
	w.done.Add(1)
	go w.reduce()
	t.Cleanup(func() { close(w.stop); w.done.Wait() })
	return w
}

func (w *fakeWorld) reduce() {
	defer w.done.Done()
	parts := make([]*contribution, len(w.bars))
	for {
		select {
		case <-w.kick:
		case <-w.stop:
			return
		case <-time.After(time.Millisecond):
		}
		for i, b := range w.bars {
			if parts[i] == nil {
				if c, ok := b.contribute(); ok {
					parts[i] = &c
				}
			}
		}
		all := true
		for _, p := range parts {
			all = all && p != nil
		}
		if !all {
			continue
		}
		res := noIDs
		for i, p := range parts {
			res.combine(*p)
			parts[i] = nil
		}
		for _, b := range w.bars {
			b.complete(res)
		}
	}
}

// run runs body on every rank of every simulated process, like Job.Run:
// a rank's end is reported to its barrier, and an abort unwinds it.
func (w *fakeWorld) run(perProc int, body func(b *barrier, r int) error) []error {
	var wg sync.WaitGroup
	errs := make([]error, len(w.bars)*perProc)
	for p, b := range w.bars {
		for i := range perProc {
			r := p*perProc + i
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer b.rankDone(r)
				defer func() {
					if v := recover(); v != nil && v != gasnet.ErrAborted {
						panic(v)
					}
				}()
				errs[r] = body(b, r)
			}()
		}
	}
	wg.Wait()
	return errs
}

func TestBarrierRounds(t *testing.T) {
	w := newFakeWorld(t, 3, 2)
	var mu sync.Mutex
	counts := map[int]int{}
	errs := w.run(2, func(b *barrier, r int) error {
		for round := range 20 {
			mu.Lock()
			counts[round]++
			mu.Unlock()
			b.notify(r, 7, r%2 == 0)
			if err := b.node.Wait(r); err != nil {
				return err
			}
			mu.Lock()
			// Nobody leaves a round before everyone entered it.
			if counts[round] != 6 {
				mu.Unlock()
				return errors.New("left a barrier early")
			}
			mu.Unlock()
		}
		return nil
	})
	for _, err := range errs {
		assert.NoError(t, err)
	}
	for _, b := range w.bars {
		assert.True(t, b.exited(), "every rank finished: the exit consensus is reached")
	}
}

func TestBarrierMismatch(t *testing.T) {
	w := newFakeWorld(t, 2, 2)
	errs := w.run(2, func(b *barrier, r int) error {
		id := int32(5)
		if r == 3 {
			id = 9
		}
		b.notify(r, id, r == 1)
		return b.node.Wait(r)
	})
	want := []string{
		"barrier id mismatch on thread 0: this thread used id 5, another thread used id 9",
		"barrier id mismatch on thread 1: threads used ids 5 and 9",
		"barrier id mismatch on thread 2: this thread used id 5, another thread used id 9",
		"barrier id mismatch on thread 3: this thread used id 9, another thread used id 5",
	}
	for r, err := range errs {
		require.Error(t, err)
		assert.Equal(t, want[r], err.Error())
	}
}

func TestBarrierStuck(t *testing.T) {
	w := newFakeWorld(t, 2, 2)
	w.run(2, func(b *barrier, r int) error {
		if r >= 2 {
			return nil // process 1's ranks finish without the barrier
		}
		b.notify(r, 0, true)
		return b.node.Wait(r)
	})
	var stuck *gasnet.BarrierStuckError
	require.ErrorAs(t, w.jobs[0].AbortErr(), &stuck)
	assert.Equal(t, gasnet.BarrierStuckError{Waiting: 2, Finished: 2}, *stuck)
	var exit *gasnet.ExitError
	require.ErrorAs(t, w.jobs[1].AbortErr(), &exit, "the other processes end quietly")
	assert.Equal(t, 1, exit.Status)
	// Every process decided alike: none sends an abort notice, which
	// could end process 0 before it has printed why the job died.
	for _, j := range w.jobs {
		assert.True(t, isAgreed(j.AbortErr()))
	}
}

func TestBarrierTryAndMisuse(t *testing.T) {
	w := newFakeWorld(t, 1, 2)
	w.run(2, func(b *barrier, r int) error {
		assert.PanicsWithValue(t, "upc_wait: called without a preceding upc_notify", func() { b.node.Wait(r) })
		b.notify(r, 0, true)
		assert.True(t, b.arrivedAny(), "a rank waits: the engine polls without pause")
		assert.PanicsWithValue(t, "upc_notify: called twice without an intervening upc_wait", func() { b.notify(r, 0, true) })
		for {
			ok, err := b.node.Try(r)
			require.NoError(t, err)
			if ok {
				return nil
			}
		}
	})
}

// blockUntilAbort stands for a rank blocked outside the barrier until the
// job ends.
func blockUntilAbort(b *barrier) error {
	<-b.job.Aborted()
	panic(gasnet.ErrAborted)
}

// A process whose rank is blocked elsewhere probes; two rounds in a row
// in which every process is stable and no message is in flight are a
// deadlock, which every process learns alike.
func TestBarrierDeadlockProbes(t *testing.T) {
	t.Setenv("UPC_DEADLOCK_INTERVAL", "1ms")
	var checks [2]atomic.Int64
	w := newFakeWorldChecked(t, 2, 1, func(p int) func() quietness {
		return func() quietness {
			n := checks[p].Add(1)
			// Process 0 sent 3 messages and delivered 1; process 1
			// the reverse: none is in flight.
			return quietness{quiet: true, stable: n > 1, sent: uint64(3 - 2*p), delivered: uint64(1 + 2*p)}
		}
	})
	w.run(1, func(b *barrier, r int) error {
		if r == 0 {
			return blockUntilAbort(b)
		}
		b.notify(r, 0, true)
		return b.node.Wait(r)
	})
	for p, j := range w.jobs {
		var d *gasnet.DeadlockError
		assert.ErrorAs(t, j.AbortErr(), &d, "process %d", p)
		assert.True(t, isAgreed(j.AbortErr()))
	}
}

// Probes whose processes are not stable, or with messages in flight,
// decide nothing and complete no barrier; the barrier completes once the
// probing process's rank arrives.
func TestBarrierProbesWithoutDeadlock(t *testing.T) {
	t.Setenv("UPC_DEADLOCK_INTERVAL", "1ms")
	for _, tc := range []struct {
		name string
		q    quietness
	}{
		{"unstable", quietness{quiet: true}},
		{"in flight", quietness{quiet: true, stable: true, sent: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var probes atomic.Int64
			w := newFakeWorldChecked(t, 2, 1, func(p int) func() quietness {
				return func() quietness {
					if p == 0 {
						probes.Add(1)
					}
					return tc.q
				}
			})
			errs := w.run(1, func(b *barrier, r int) error {
				if r == 0 {
					for probes.Load() < 20 {
						time.Sleep(time.Millisecond)
					}
				}
				b.notify(r, 0, true)
				return b.node.Wait(r)
			})
			for _, err := range errs {
				assert.NoError(t, err)
			}
			for _, j := range w.jobs {
				assert.NoError(t, j.AbortErr())
			}
		})
	}
}
