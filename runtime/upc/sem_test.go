package upc

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// TestSemaphores runs a ring of signalling puts (each thread's block to
// the next, which waits for it) in one process and across two, then the
// counting rules.
func TestSemaphores(t *testing.T) {
	for _, procs := range []int{1, 2} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			_, err := RunWith(Options{Threads: 4, Conduit: smp.New(4, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
				P, me := th.Threads, th.MyThread
				boxes := th.AllAlloc(uintptr(P), 64) // one 64-byte inbox per thread
				sems := th.AllAlloc(uintptr(P), 16)  // where each thread publishes its semaphore
				mine := th.SemAlloc(SemInteger)
				require.Equal(t, uint32(me), mine.Thread)
				Store(th, SharedPtr{Thread: uint32(me), Addr: sems.Addr}, mine)
				th.Barrier()
				right := (me + 1) % P
				rs := Load[SharedPtr](th, SharedPtr{Thread: uint32(right), Addr: sems.Addr})
				for round := range 3 {
					block := [8]int64{}
					for i := range block {
						block[i] = int64(100*round + 10*me + i)
					}
					th.MemputSignal("bupc_memput_signal", SharedPtr{Thread: uint32(right), Addr: boxes.Addr}, unsafe.Pointer(&block[0]), 64, rs, 1)
					th.SemWait("bupc_sem_wait", mine, 1)
					left := (me + P - 1) % P
					for i := range 8 {
						got := Load[int64](th, SharedPtr{Thread: uint32(me), Addr: boxes.Addr + uintptr(8*i)})
						require.Equal(t, int64(100*round+10*left+i), got)
					}
					th.Barrier()
				}
				th.SemPost("bupc_sem_postN", mine, 5)
				assert.False(t, th.SemTry("bupc_sem_tryN", mine, 6))
				assert.True(t, th.SemTry("bupc_sem_tryN", mine, 5))
				assert.False(t, th.SemTry("bupc_sem_try", mine, 1))
				th.Barrier()
				th.SemFree(mine)
				return 0
			})
			require.NoError(t, err)
		})
	}
}

func TestSemaphoreErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		body func(th *Thread)
		want string
	}{
		{"flags", func(th *Thread) { th.SemAlloc(SemBoolean | SemInteger) }, "bupc_sem_alloc: invalid flags 0x3"},
		{"count on boolean", func(th *Thread) { th.SemPost("bupc_sem_postN", th.SemAlloc(SemBoolean), 2) }, "a count of 2 on a BUPC_SEM_BOOLEAN semaphore"},
		{"overflow", func(th *Thread) {
			s := th.SemAlloc(0)
			th.SemPost("bupc_sem_postN", s, SemMaxValue)
			th.SemPost("bupc_sem_post", s, 1)
		}, "would pass BUPC_SEM_MAXVALUE"},
		{"affinity", func(th *Thread) {
			th.MemputSignal("bupc_memput_signal", SharedPtr{Thread: 1, Addr: 8192}, unsafe.Pointer(&[1]byte{}), 1, th.SemAlloc(0), 1)
		}, "must have the same affinity"},
		{"null", func(th *Thread) { th.SemWait("bupc_sem_wait", SharedPtr{}, 1) }, "bupc_sem_wait: the semaphore is a null pointer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := RunWith(Options{Threads: 2, SegmentSize: 1 << 20}, func(th *Thread) int {
				if th.MyThread == 0 {
					tc.body(th)
				}
				return 0
			})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestThreadDistance: levels by process and by direct access, symmetric
// and the same from every thread.
func TestThreadDistance(t *testing.T) {
	for _, procs := range []int{1, 2} {
		_, err := RunWith(Options{Threads: 4, Conduit: smp.New(4, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
			for x := range 4 {
				for y := range 4 {
					d := th.ThreadDistance(x, y)
					want := uint32(DistanceVeryNear)
					switch {
					case x == y:
						want = DistanceSame
					case procs == 2 && x/2 != y/2:
						want = DistanceFar
					}
					assert.Equal(t, want, d, "procs %d, distance(%d, %d) on thread %d", procs, x, y, th.MyThread)
				}
			}
			return 0
		})
		require.NoError(t, err)
	}
}
