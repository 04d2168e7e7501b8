package shmem

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
	"github.com/upcgo/upcgo/runtime/upc"
)

// runBoth runs body on n threads of the smp conduit, in one process and
// in n simulated processes (where no segment but the PE's own is
// addressable).
func runBoth(t *testing.T, n int, body func(th *upc.Thread)) {
	t.Helper()
	for _, procs := range []int{1, n} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			_, err := upc.RunWith(upc.Options{Threads: n, Conduit: smp.New(n, procs), SegmentSize: 8 << 20},
				func(th *upc.Thread) int { body(th); return 0 })
			require.NoError(t, err)
		})
	}
}

// panicValue is what f panics with, or nil.
func panicValue(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// TestSymmetricHeap: blocks from Malloc, Align and Realloc are at one
// offset on every PE, writable remotely, and keep their bytes through
// Realloc.
func TestSymmetricHeap(t *testing.T) {
	runBoth(t, 3, func(th *upc.Thread) {
		s := Bind(th, "test")
		me, right := int32(th.MyThread), int32((th.MyThread+1)%th.Threads)
		p := s.Malloc(24)
		q := s.Align(4096, 8)
		require.Zero(t, q%4096)
		v := [3]int64{int64(me), int64(me) * 10, int64(me) * 100}
		s.Put(upc.Blocking, p, unsafe.Pointer(&v), 24, right)
		s.BarrierAll()
		left := int64((th.MyThread + th.Threads - 1) % th.Threads)
		got := *(*[3]int64)(unsafe.Add(th.LocalBase(), p-uintptr(th.LocalBase())))
		assert.Equal(t, [3]int64{left, left * 10, left * 100}, got)
		r := s.Realloc(p, 4000)
		got = *(*[3]int64)(unsafe.Add(th.LocalBase(), r-uintptr(th.LocalBase())))
		assert.Equal(t, [3]int64{left, left * 10, left * 100}, got)
		assert.Equal(t, left*10, G[int64](s, r+8, int32(me)))
		assert.Equal(t, int64(me)*100, Atomic[int64](s, AMOFetch, r+16, 0, 0, right))
		s.Free(q)
		s.Free(r)
		s.Free(0)
		assert.Zero(t, s.Malloc(0))
	})
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(s Lib, sym uintptr)
		want string
	}{
		{"not symmetric", func(s Lib, _ uintptr) {
			var x int64
			P(s, uintptr(unsafe.Pointer(&x)), int64(1), 0)
		}, "shmem_long_p: the destination 0x[0-9a-f]+ is not a symmetric address"},
		{"past the segment", func(s Lib, sym uintptr) {
			s.Get(upc.Blocking, unsafe.Pointer(&[8]byte{}), sym+1<<20, 8, 1)
		}, "shmem_long_p: the source 0x[0-9a-f]+ is not a symmetric address"},
		{"bad PE", func(s Lib, sym uintptr) { P(s, sym, int32(1), 2) }, `shmem_long_p: PE 2 does not exist \(shmem_n_pes\(\) is 2\)`},
		{"negative PE", func(s Lib, sym uintptr) { G[int32](s, sym, -1) }, `shmem_long_p: PE -1 does not exist`},
		{"misaligned atomic", func(s Lib, sym uintptr) { Atomic[int64](s, AMOAdd, sym+4, 1, 0, 1) },
			"shmem_long_p: the destination 0x[0-9a-f]+ is not aligned for a 8-byte atomic"},
		{"unknown comparison", func(s Lib, sym uintptr) { Test[int32](s, sym, 9, 0) }, `shmem_long_p: unknown comparison 9`},
		{"unknown signal op", func(s Lib, sym uintptr) { s.PutSignal(sym, unsafe.Pointer(&[8]byte{}), 8, sym+8, 1, 5, 1) },
			`shmem_long_p: unknown signal operator 5`},
		{"not a team", func(s Lib, _ uintptr) { s.TeamSync(3) }, `shmem_long_p: 3 is not a team \(SHMEM_TEAM_WORLD or one from`},
		{"invalid team", func(s Lib, _ uintptr) { s.TeamSync(TeamInvalid) }, `shmem_long_p: the team is SHMEM_TEAM_INVALID`},
		{"not a member", func(s Lib, _ uintptr) { s.TeamSync(encodeTeam(1, 1, 1)) }, `shmem_long_p: PE 0 is not in the team \(PEs 1, 2, ... 1\)`},
		{"active set too large", func(s Lib, sym uintptr) { s.ActiveSetBarrier(0, 1, 2, sym) }, `does not fit in 2 PEs`},
		{"clear a free lock", func(s Lib, sym uintptr) { s.ClearLock(sym) }, `shmem_long_p: the lock 0x[0-9a-f]+ is not set`},
		{"null context", func(s Lib, _ uintptr) { s.Ctx(0) }, `shmem_long_p: the context is SHMEM_CTX_INVALID`},
		{"bad alignment", func(s Lib, _ uintptr) { s.Align(24, 8) }, `shmem_long_p: alignment 24 is not a power of two`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := upc.RunWith(upc.Options{Threads: 2, Conduit: smp.New(2, 1), SegmentSize: 1 << 20}, func(th *upc.Thread) int {
				s := Bind(th, "shmem_long_p")
				sym := s.Malloc(64)
				if th.MyThread == 0 {
					assert.Regexp(t, tc.want, panicValue(func() { tc.do(s, sym) }))
				}
				th.Barrier()
				return 0
			})
			require.NoError(t, err)
		})
	}
}

// TestTeams: split teams decode to their PEs, their collectives
// combine their members only, and a ticket lock serialises a counter.
func TestTeams(t *testing.T) {
	runBoth(t, 5, func(th *upc.Thread) {
		s := Bind(th, "test")
		s.Init()
		me := th.MyThread
		var odd int64
		require.Zero(t, s.TeamSplitStrided(TeamWorld, 1, 2, 2, 0, 0, unsafe.Pointer(&odd)))
		assert.Equal(t, me == 1 || me == 3, odd != TeamInvalid)
		var bad int64
		assert.Equal(t, int32(-1), s.TeamSplitStrided(TeamWorld, 1, 2, 3, 0, 0, unsafe.Pointer(&bad)), "PEs 1, 3, 5 of 5")
		buf := s.Malloc(64)
		*(*int64)(unsafe.Add(th.LocalBase(), buf-uintptr(th.LocalBase()))) = int64(me + 1)
		s.BarrierAll()
		if odd != TeamInvalid {
			assert.Equal(t, int32(me/2), s.TeamMyPE(odd))
			Reduce[int64](s, ReduceProd, odd, buf+8, buf, 1)
			assert.Equal(t, int64(2*4), *(*int64)(unsafe.Add(th.LocalBase(), buf+8-uintptr(th.LocalBase()))))
			assert.Equal(t, int32(3), s.TeamTranslatePE(odd, 1, TeamWorld))
		}
		lock := buf + 16
		for range 20 {
			s.SetLock(lock)
			P(s, buf+24, G[int64](s, buf+24, 4)+1, 4)
			s.ClearLock(lock)
		}
		s.BarrierAll()
		assert.Equal(t, int64(100), G[int64](s, buf+24, 4))
		s.Free(buf)
	})
}
