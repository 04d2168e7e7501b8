package upc

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// runBoth runs body at n threads, once fully shared and once with every
// thread in its own simulated process (no direct access between threads).
func runBoth(t *testing.T, n int, body func(th *Thread)) {
	t.Helper()
	for _, procs := range []int{1, n} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			_, err := RunWith(Options{Threads: n, Conduit: smp.New(n, procs), SegmentSize: 8 << 20},
				func(th *Thread) int { body(th); return 0 })
			require.NoError(t, err)
		})
	}
}

func TestArrayEveryLayout(t *testing.T) {
	for _, threads := range []int{1, 3, 4} {
		runBoth(t, threads, func(th *Thread) {
			for _, block := range []int{1, 2, 5} {
				n := 7*th.Threads + 3
				a := AllocArray[int64](th, block, n)
				for i := range n {
					if a.ThreadOf(i) == th.MyThread {
						a.Set(th, i, int64(i*i))
					}
				}
				th.Barrier()
				for i := range n {
					j := (i + th.MyThread) % n
					require.Equal(t, int64(j*j), a.Get(th, j))
				}
				// Local() sees exactly the elements with local affinity.
				local := a.Local(th)
				count := 0
				for i := range n {
					if a.ThreadOf(i) == th.MyThread {
						require.Equal(t, int64(i*i), local[a.LocalIndex(i)])
						count++
					}
				}
				require.Len(t, local, count)
				a.Free(th)
			}
		})
	}
}

func TestAllocation(t *testing.T) {
	runBoth(t, 4, func(th *Thread) {
		// upc_alloc: local affinity, usable by others.
		var mine []SharedPtr
		for i := range 50 {
			p := th.Alloc(uintptr(8 + i*40))
			require.Equal(t, uint32(th.MyThread), p.Thread)
			Store(th, p, int64(th.MyThread*1000+i))
			mine = append(mine, p)
		}
		// upc_global_alloc from every thread at once: distinct objects.
		g := th.GlobalAlloc(uintptr(th.Threads*3), 16)
		require.Equal(t, uint32(0), g.Thread)
		for r := range th.Threads {
			Store(th, SharedPtr{Thread: uint32(r), Addr: g.Addr + uintptr(16*(th.MyThread%3))}, int64(th.MyThread))
		}
		th.Barrier()
		for i, p := range mine {
			require.Equal(t, int64(th.MyThread*1000+i), Load[int64](th, p))
		}
		// A large allocation grows the local heap; freeing makes room again.
		big := th.Alloc(3 << 20)
		Store(th, big.Add(3<<20-8, Indefinite(1), th.Threads), int64(7))
		th.Free(big)
		big = th.Alloc(3 << 20)
		th.Free(big)
		// Another thread may free what this one allocated.
		th.Barrier()
		th.Free(mine[0])
		th.Barrier()
		for _, p := range mine[1:] {
			th.Free(p)
		}
		th.Barrier()
		if th.MyThread == 0 {
			assert.PanicsWithValue(t, fmt.Sprintf("upc_free: %v was not returned by upc_alloc, upc_global_alloc or upc_all_alloc, or was already freed", mine[0]), func() { th.Free(mine[0]) })
		}
		th.Free(g)
		a := th.AllAlloc(uintptr(th.Threads), 64)
		b := th.AllAlloc(uintptr(th.Threads), 64)
		assert.NotEqual(t, a, b)
		th.AllFree(a)
		th.AllFree(b)
	})
}

func TestHeapExhausted(t *testing.T) {
	_, err := RunWith(Options{Threads: 2, SegmentSize: 1 << 20}, func(th *Thread) int {
		th.Alloc(2 << 20)
		return 0
	})
	var f *Fault
	require.ErrorAs(t, err, &f)
	assert.Contains(t, f.Error(), "upc_alloc: shared heap exhausted: cannot allocate 2097152 bytes")
	assert.Contains(t, f.Pos, "upc_test.go")
}

func TestStaticData(t *testing.T) {
	var off uintptr
	_, err := RunWith(Options{Threads: 3, Setup: func(j *Job) {
		j.AllocStatic(10, 1)
		off = j.AllocStatic(8*uintptr(j.Threads()), 8)
	}}, func(th *Thread) int {
		// shared int64 x[THREADS]; every thread's element at the same offset.
		p := SharedPtr{Addr: off}.Add(int64(th.MyThread), Cyclic(8), th.Threads)
		require.Equal(t, uint32(th.MyThread), p.Thread)
		Store(th, p, int64(th.MyThread+1))
		th.Barrier()
		sum := int64(0)
		for i := range th.Threads {
			sum += Load[int64](th, SharedPtr{Addr: off}.Add(int64(i), Cyclic(8), th.Threads))
		}
		require.Equal(t, int64(6), sum)
		return 0
	})
	require.NoError(t, err)
	assert.Equal(t, uintptr(headerSize+16), off)
}

func TestLocksNoLostUpdates(t *testing.T) {
	const rounds = 2000
	runBoth(t, 6, func(th *Thread) {
		counter := AllocArray[int64](th, 1, 1)
		l := th.AllLockAlloc()
		for range rounds {
			th.Lock(l)
			// A read-modify-write that loses updates without mutual exclusion.
			v := counter.Get(th, 0)
			counter.Set(th, 0, v+1)
			th.Unlock(l)
		}
		th.Barrier()
		require.Equal(t, int64(rounds*th.Threads), counter.Get(th, 0))
		th.Barrier()
		// lock_attempt fails while another thread holds the lock.
		if th.MyThread == 0 {
			th.Lock(l)
		}
		th.Barrier()
		if th.MyThread != 0 {
			assert.False(t, th.LockAttempt(l))
		}
		th.Barrier()
		if th.MyThread == 0 {
			th.Unlock(l)
		}
		th.Barrier()
		if th.MyThread == 1 {
			require.True(t, th.LockAttempt(l))
			th.Unlock(l)
			assert.Panics(t, func() { th.Unlock(l) }, "unlock of a lock not held")
		}
		th.AllLockFree(l)
	})
}

// TestLockFairness checks FIFO hand-off: a thread that queues for a lock
// gets it before the releasing thread can take it again.
func TestLockFairness(t *testing.T) {
	_, err := RunWith(Options{Threads: 2}, func(th *Thread) int {
		l := th.AllLockAlloc()
		turns := AllocArray[int32](th, 1, 1)
		if th.MyThread == 0 {
			th.Lock(l)
		}
		th.Barrier()
		if th.MyThread == 1 {
			th.Lock(l) // queues behind thread 0
			turns.Set(th, 0, 1)
			th.Unlock(l)
		} else {
			// Wait until thread 1 is queued (a sleep here made the test
			// fail when thread 1 had not run yet: it passes under any load).
			s := th.state(l, "test")
			for queued := false; !queued; {
				s.mu.Lock()
				queued = len(s.queue) > 0
				s.mu.Unlock()
				runtime.Gosched()
			}
			th.Unlock(l)
			th.Lock(l) // must come after thread 1's turn
			require.Equal(t, int32(1), turns.Get(th, 0))
			th.Unlock(l)
		}
		th.Barrier()
		return 0
	})
	require.NoError(t, err)
}

func TestStrictAndMemcpy(t *testing.T) {
	runBoth(t, 3, func(th *Thread) {
		flags := AllocArray[int32](th, 1, th.Threads)
		data := AllocArray[byte](th, 256, 256*th.Threads)
		// Message passing through a strict flag: data written relaxed before
		// the strict flag write must be seen by whoever sees the flag.
		next := (th.MyThread + 1) % th.Threads
		src := make([]byte, 256)
		for i := range src {
			src[i] = byte(i ^ th.MyThread)
		}
		th.Memput(data.Ptr(256*next), unsafe.Pointer(&src[0]), 256)
		flags.SetStrict(th, next, 1)
		for flags.GetStrict(th, th.MyThread) == 0 {
		}
		got := make([]byte, 256)
		th.Memget(unsafe.Pointer(&got[0]), data.Ptr(256*th.MyThread), 256)
		prev := (th.MyThread + th.Threads - 1) % th.Threads
		for i := range got {
			require.Equal(t, byte(i^prev), got[i])
		}
		th.Barrier()
		// upc_memcpy between two other threads' blocks, and upc_memset.
		if th.MyThread == 0 {
			th.Memcpy(data.Ptr(256*(th.Threads-1)), data.Ptr(256), 256)
			th.Memset(data.Ptr(0), 0x5A, 100)
		}
		th.Barrier()
		th.Memget(unsafe.Pointer(&got[0]), data.Ptr(0), 256)
		require.Equal(t, byte(0x5A), got[99])
		require.Equal(t, byte(100^(th.Threads-1)), got[100])
		th.Memget(unsafe.Pointer(&got[0]), data.Ptr(256*(th.Threads-1)), 256)
		for i := range got {
			require.Equal(t, byte(i), got[i], "block 1, written by thread 0 (i^0), copied to the last block")
		}
		th.Barrier()
	})
}

func TestExitStatus(t *testing.T) {
	status, err := RunWith(Options{Threads: 3}, func(th *Thread) int {
		if th.MyThread == 2 {
			return 7
		}
		return 0
	})
	assert.Equal(t, 7, status)
	var ee *ExitError
	require.ErrorAs(t, err, &ee)

	// exit() on one thread ends that thread; the others' barrier can then
	// never complete, which the barrier reports (a *BarrierStuckError, not
	// the deadlock check's report) instead of hanging.
	_, err = RunWith(Options{Threads: 3}, func(th *Thread) int {
		if th.MyThread == 1 {
			th.Exit(4)
		}
		th.Barrier()
		return 0
	})
	var stuck *gasnet.BarrierStuckError
	require.ErrorAs(t, err, &stuck)

	status, err = RunWith(Options{Threads: 4}, func(th *Thread) int {
		if th.MyThread == 3 {
			th.GlobalExit(9)
		}
		th.Barrier()
		return 0
	})
	assert.Equal(t, 9, status)
	require.ErrorAs(t, err, &ee)
}

// A fault on one thread wakes the threads blocked in a barrier and ends
// the job. No deadlock check may end it in the fault's place: with one
// every hour, a thread the fault did not wake would hang the test.
func TestFaultStopsTheJob(t *testing.T) {
	t.Setenv("UPC_DEADLOCK_INTERVAL", "1h")
	var reached atomic.Int32
	status, err := RunWith(Options{Threads: 4}, func(th *Thread) int {
		if th.MyThread == 2 {
			time.Sleep(10 * time.Millisecond)
			zero := th.MyThread - 2
			return 10 / zero // integer divide by zero
		}
		th.Barrier()
		reached.Add(1)
		return 0
	})
	assert.Equal(t, 1, status)
	var f *Fault
	require.ErrorAs(t, err, &f)
	assert.Equal(t, 2, f.Thread)
	assert.Contains(t, f.Error(), "integer divide by zero")
	assert.Contains(t, f.Pos, "upc_test.go:")
	assert.Zero(t, reached.Load())
}

func TestBarrierMismatchIsAnError(t *testing.T) {
	_, err := RunWith(Options{Threads: 3}, func(th *Thread) int {
		th.BarrierID(int64(th.MyThread))
		return 0
	})
	var f *Fault
	require.ErrorAs(t, err, &f)
	var mm *gasnet.BarrierMismatchError
	require.True(t, errors.As(f.Value.(error), &mm), "%v", f.Value)
	assert.Contains(t, f.Error(), "upc_wait: barrier id mismatch")
}
