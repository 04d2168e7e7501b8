package upc

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// The spec's nearest-neighbour exchange (§2.3, §3.2, §4.1): every thread
// fetches the blocks of its left and right neighbours, in each of the
// three completion styles.
func TestNeighbourExchange(t *testing.T) {
	const blk = 100
	for _, threads := range []int{1, 2, 5, 8} {
		runBoth(t, threads, func(th *Thread) {
			a := AllocArray[float64](th, blk, blk*th.Threads)
			for i, v := range a.Local(th) {
				_ = v
				a.Local(th)[i] = float64(th.MyThread*1000 + i)
			}
			th.Barrier()
			left, right := make([]float64, blk), make([]float64, blk)
			check := func(style string) {
				for i := range blk {
					if th.MyThread > 0 {
						require.Equal(t, float64((th.MyThread-1)*1000+i), left[i], style)
					}
					if th.MyThread < th.Threads-1 {
						require.Equal(t, float64((th.MyThread+1)*1000+i), right[i], style)
					}
				}
				clear(left)
				clear(right)
			}
			n := uintptr(blk * 8)
			lp, rp := unsafe.Pointer(&left[0]), unsafe.Pointer(&right[0])

			lh, rh := CompleteHandle, CompleteHandle
			if th.MyThread > 0 {
				lh = th.MemgetAsync(lp, a.Ptr(blk*(th.MyThread-1)), n)
			}
			if th.MyThread < th.Threads-1 {
				rh = th.MemgetAsync(rp, a.Ptr(blk*(th.MyThread+1)), n)
			}
			th.WaitSync(lh)
			th.WaitSync(rh)
			check("explicit")

			if th.MyThread > 0 {
				th.MemgetAsynci(lp, a.Ptr(blk*(th.MyThread-1)), n)
			}
			if th.MyThread < th.Threads-1 {
				th.MemgetAsynci(rp, a.Ptr(blk*(th.MyThread+1)), n)
			}
			th.WaitSynci()
			check("implicit")

			th.BeginAccessRegion()
			if th.MyThread > 0 {
				th.MemgetAsynci(lp, a.Ptr(blk*(th.MyThread-1)), n)
			}
			if th.MyThread < th.Threads-1 {
				th.MemgetAsynci(rp, a.Ptr(blk*(th.MyThread+1)), n)
			}
			h := th.EndAccessRegion()
			th.WaitSync(h)
			check("access region")
			th.Barrier()
		})
	}
}

// TestContiguousGoAPI exercises the Thread methods of every contiguous
// call: puts and memsets into the right neighbour's block of a, then
// copies from the right neighbour's block of a into the left neighbour's
// block of c (a third-party copy when neither is addressable).
func TestContiguousGoAPI(t *testing.T) {
	for _, threads := range []int{1, 3} {
		runBoth(t, threads, func(th *Thread) {
			a := AllocArray[uint64](th, 8, 8*th.Threads)
			c := AllocArray[uint64](th, 8, 8*th.Threads)
			me := th.MyThread
			right, left := (me+1)%th.Threads, (me+th.Threads-1)%th.Threads
			vals := []uint64{1, 2, 3, 4}
			for i := range vals {
				vals[i] += uint64(me * 100)
			}
			th.WaitSync(th.MemputAsync(a.Ptr(8*right), unsafe.Pointer(&vals[0]), 32))
			th.MemputAsynci(a.Ptr(8*right+4), unsafe.Pointer(&vals[0]), 16)
			th.MemsetAsynci(a.Ptr(8*right+6), 0xff, 16)
			th.WaitSynci()
			th.Barrier()
			got := make([]uint64, 8)
			th.WaitSync(th.MemgetAsync(unsafe.Pointer(&got[0]), a.Ptr(8*me), 64))
			l := uint64(left * 100)
			assert.Equal(t, []uint64{l + 1, l + 2, l + 3, l + 4, l + 1, l + 2, ^uint64(0), ^uint64(0)}, got)
			th.Barrier()

			th.WaitSync(th.MemcpyAsync(c.Ptr(8*left), a.Ptr(8*right), 32))
			th.MemcpyAsynci(c.Ptr(8*left+4), a.Ptr(8*right+6), 8)
			th.WaitSynci()
			th.WaitSync(th.MemsetAsync(c.Ptr(8*left+5), 0x01, 8))
			th.Barrier()
			got = make([]uint64, 8)
			th.MemgetAsynci(unsafe.Pointer(&got[0]), c.Ptr(8*me), 64)
			th.WaitSynci()
			// Block me of c came from block me+2 of a, which thread me+1
			// filled with its values.
			r := uint64((me + 1) % th.Threads * 100)
			assert.Equal(t, []uint64{r + 1, r + 2, r + 3, r + 4, ^uint64(0), 0x0101010101010101, 0, 0}, got)
			th.Barrier()
		})
	}
}

// TestSyncArrays: complete handles are ignored, results are written back,
// and the empty cases succeed at once.
func TestSyncArrays(t *testing.T) {
	runBoth(t, 2, func(th *Thread) {
		a := AllocArray[uint64](th, 64, 64*th.Threads)
		peer := 1 - th.MyThread%2
		if th.Threads == 1 {
			peer = 0
		}
		buf := make([]uint64, 64)
		hs := []Handle{CompleteHandle, th.MemgetAsync(unsafe.Pointer(&buf[0]), a.Ptr(64*peer), 256), CompleteHandle,
			th.MemgetAsync(unsafe.Pointer(&buf[32]), a.Ptr(64*peer+32), 256)}
		for !th.TrySyncAll(hs) {
		}
		assert.Equal(t, make([]Handle, 4), hs)
		assert.True(t, th.TrySyncAll(nil))
		assert.True(t, th.TrySyncSome(nil))
		assert.True(t, th.TrySyncSome([]Handle{0, 0}), "no live handle: success")
		th.WaitSyncSome([]Handle{0})
		th.WaitSyncAll(nil)
		assert.True(t, th.TrySync(CompleteHandle))
		th.WaitSync(CompleteHandle)
		assert.True(t, th.TrySynci())
		th.Barrier()
	})
}

// TestManyInFlight keeps more than 65535 explicit handles outstanding on
// one thread, every one a message to another simulated process.
func TestManyInFlight(t *testing.T) {
	_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, 2), SegmentSize: 8 << 20}, func(th *Thread) int {
		a := AllocArray[uint64](th, 1, 2)
		if th.MyThread == 0 {
			n := 70000
			require.GreaterOrEqual(t, MaxAsyncInFlight, 65535)
			vals := make([]uint64, n)
			hs := make([]Handle, n)
			for i := range hs {
				hs[i] = th.MemgetAsync(unsafe.Pointer(&vals[i]), a.Ptr(1), 8)
			}
			require.NotZero(t, hs[n-1])
			th.WaitSyncAll(hs)
		}
		th.Barrier()
		return 0
	})
	require.NoError(t, err)
}

// libErrorCase is a call that must fail with exactly the message want
// returns.
type libErrorCase struct {
	name string
	do   func(th *Thread, x *errFixture)
	want func(x *errFixture) string
}

func is(msg string) func(*errFixture) string { return func(*errFixture) string { return msg } }

// errFixture is what the error cases work on: a shared array with 64
// bytes on every thread, a private buffer, and a live handle of thread 1.
type errFixture struct {
	base  SharedPtr // thread 0's part
	p     unsafe.Pointer
	other Handle // a live handle of thread 1
	last  Handle // a handle the case made
}

func (x *errFixture) at(thread int, off uintptr) SharedPtr {
	return SharedPtr{Thread: uint32(thread), Addr: x.base.Addr + off}
}

func panicValue(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

var libErrorCases = []libErrorCase{
	{"synced twice", func(th *Thread, x *errFixture) {
		th.BeginAccessRegion()
		x.last = th.EndAccessRegion()
		th.WaitSync(x.last)
		th.WaitSync(x.last)
	}, func(x *errFixture) string {
		return fmt.Sprintf("upc_waitsync: handle %#x was already synchronised", uint64(x.last))
	}},
	{"another thread's handle", func(th *Thread, x *errFixture) { th.WaitSync(x.other) }, func(x *errFixture) string {
		return fmt.Sprintf("upc_waitsync: handle %#x belongs to thread 1, not to the calling thread 0", uint64(x.other))
	}},
	{"trysync of another thread's handle", func(th *Thread, x *errFixture) { th.TrySync(x.other) }, func(x *errFixture) string {
		return fmt.Sprintf("upc_trysync: handle %#x belongs to thread 1, not to the calling thread 0", uint64(x.other))
	}},
	{"waitsync_all with another thread's handle", func(th *Thread, x *errFixture) { th.WaitSyncAll([]Handle{0, x.other}) }, func(x *errFixture) string {
		return fmt.Sprintf("upc_waitsync_all: handle %#x belongs to thread 1, not to the calling thread 0", uint64(x.other))
	}},
	{"nested region", func(th *Thread, x *errFixture) {
		th.BeginAccessRegion()
		th.BeginAccessRegion()
	}, is("upc_begin_accessregion: access regions may not be nested (an access region is already open)")},
	{"synci in a region", func(th *Thread, x *errFixture) {
		th.BeginAccessRegion()
		th.WaitSynci()
	}, is("upc_waitsynci: implicit-handle synchronisation inside an access region (end the region with upc_end_accessregion and synchronise its handle)")},
	{"trysynci in a region", func(th *Thread, x *errFixture) {
		th.BeginAccessRegion()
		th.TrySynci()
	}, is("upc_trysynci: implicit-handle synchronisation inside an access region (end the region with upc_end_accessregion and synchronise its handle)")},
	{"end without begin", func(th *Thread, x *errFixture) { th.EndAccessRegion() },
		is("upc_end_accessregion: no access region is open")},
	{"null source", func(th *Thread, x *errFixture) { th.MemgetAsync(x.p, SharedPtr{}, 8) },
		is("upc_memget_async: the source is a null pointer-to-shared")},
	{"null destination", func(th *Thread, x *errFixture) { th.MemgetAsynci(nil, x.at(1, 0), 8) },
		is("upc_memget_asynci: the destination is a null pointer")},
	{"bad thread", func(th *Thread, x *errFixture) { th.MemsetAsync(x.at(9, 0), 0, 8) }, func(x *errFixture) string {
		return fmt.Sprintf("upc_memset_async: the destination %v names thread 9, but THREADS is 2", x.at(9, 0))
	}},
	{"outside the segment", func(th *Thread, x *errFixture) { th.MemputAsync(SharedPtr{Thread: 1, Addr: 1<<20 - 4}, x.p, 8) },
		is("upc_memput_async: the destination (8 bytes at (thread 1, phase 0, addr 0xffffc)) is outside thread 1's shared segment of 1048576 bytes")},
	{"vlist sizes", func(th *Thread, x *errFixture) {
		th.MemgetVlist(Blocking, []PmemVec{{x.p, 8}}, []SmemVec{{x.at(1, 0), 8}, {x.at(0, 0), 8}})
	}, is("upc_memget_vlist: the source and destination sizes differ (destination 8 bytes, source 16 bytes)")},
	{"vlist null region", func(th *Thread, x *errFixture) {
		th.MemputVlist(Async, []SmemVec{{x.at(1, 0), 8}}, []PmemVec{{nil, 8}})
	}, is("upc_memput_vlist_async: source region 0 is a null pointer with length 8")},
	{"vlist region outside", func(th *Thread, x *errFixture) {
		th.MemcpyVlist(Asynci, []SmemVec{{x.at(1, 0), 8}, {SharedPtr{Addr: 1 << 20}, 8}}, []SmemVec{{x.at(1, 8), 16}})
	}, is("upc_memcpy_vlist_asynci: destination region 1 (8 bytes at (thread 0, phase 0, addr 0x100000)) is outside thread 0's shared segment of 1048576 bytes")},
	{"vlist overlapping destinations", func(th *Thread, x *errFixture) {
		th.MemputVlist(Blocking, []SmemVec{{x.at(0, 0), 16}, {x.at(1, 0), 8}, {x.at(1, 4), 8}}, []PmemVec{{x.p, 32}})
	}, is("upc_memput_vlist: destination regions 1 and 2 overlap")},
	{"vlist overlap after an empty region", func(th *Thread, x *errFixture) {
		th.MemputVlist(Blocking, []SmemVec{{x.at(0, 0), 32}, {x.at(0, 64), 0}, {x.at(0, 16), 8}}, []PmemVec{{x.p, 40}})
	}, is("upc_memput_vlist: destination regions 0 and 2 overlap")},
	{"ilist duplicate destinations", func(th *Thread, x *errFixture) {
		th.MemputIlist(Blocking, []SharedPtr{x.at(1, 0), x.at(0, 0), x.at(0, 0)}, 8, []unsafe.Pointer{x.p}, 24)
	}, is("upc_memput_ilist: destination regions 1 and 2 overlap")},
	{"ilist overlapping destinations of 12 bytes", func(th *Thread, x *errFixture) {
		th.MemputIlist(Blocking, []SharedPtr{x.at(0, 0), x.at(0, 16), x.at(0, 20)}, 12, []unsafe.Pointer{x.p}, 36)
	}, is("upc_memput_ilist: destination regions 1 and 2 overlap")},
	{"ilist overlapping the region before, unsorted", func(th *Thread, x *errFixture) {
		th.MemputIlist(Blocking, []SharedPtr{x.at(1, 0), x.at(0, 8), x.at(0, 4)}, 8, []unsafe.Pointer{x.p}, 24)
	}, is("upc_memput_ilist: destination regions 1 and 2 overlap")},
	{"ilist overlapping an earlier region, sorted", func(th *Thread, x *errFixture) {
		th.MemputIlist(Blocking, []SharedPtr{x.at(0, 0), x.at(0, 32), x.at(0, 40), x.at(0, 44)}, 8, []unsafe.Pointer{x.p}, 32)
	}, is("upc_memput_ilist: destination regions 2 and 3 overlap")},
	{"ilist scatter outside", func(th *Thread, x *errFixture) {
		th.MemputIlist(Blocking, []SharedPtr{x.at(0, 0), {Thread: 1, Addr: 8}}, 8, []unsafe.Pointer{x.p}, 16)
	}, is("upc_memput_ilist: destination region 1 (8 bytes at (thread 1, phase 0, addr 0x8)) is outside thread 1's shared segment of 1048576 bytes")},
	{"ilist gather null", func(th *Thread, x *errFixture) {
		th.MemgetIlist(Blocking, []unsafe.Pointer{x.p}, 16, []SharedPtr{x.at(0, 0), {}}, 8)
	}, is("upc_memget_ilist: source region 1 is a null pointer-to-shared")},
	{"ilist gather sizes", func(th *Thread, x *errFixture) {
		th.MemgetIlist(Blocking, []unsafe.Pointer{x.p}, 8, []SharedPtr{x.at(0, 0), x.at(1, 0)}, 8)
	}, is("upc_memget_ilist: the source and destination sizes differ (destination 8 bytes, source 16 bytes)")},
	{"ilist overlapping private destinations", func(th *Thread, x *errFixture) {
		th.MemgetIlist(Blocking, []unsafe.Pointer{x.p, unsafe.Add(x.p, 4)}, 8, []SharedPtr{x.at(1, 0)}, 16)
	}, is("upc_memget_ilist: destination regions 0 and 1 overlap")},
	{"ilist zero length", func(th *Thread, x *errFixture) {
		th.MemputIlist(Blocking, []SharedPtr{x.at(1, 0)}, 0, []unsafe.Pointer{x.p}, 8)
	}, is("upc_memput_ilist: region lengths must be positive (destination 0, source 8)")},
	{"ilist sizes", func(th *Thread, x *errFixture) {
		th.MemcpyIlist(Async, []SharedPtr{x.at(1, 0), x.at(1, 8)}, 8, []SharedPtr{x.at(0, 0)}, 8)
	}, is("upc_memcpy_ilist_async: the source and destination sizes differ (destination 16 bytes, source 8 bytes)")},
	{"ilist null", func(th *Thread, x *errFixture) {
		th.MemgetIlist(Blocking, []unsafe.Pointer{x.p}, 8, []SharedPtr{{}}, 8)
	}, is("upc_memget_ilist: source region 0 is a null pointer-to-shared")},
	{"strided overlapping runs", func(th *Thread, x *errFixture) {
		th.MemgetStrided(Blocking, x.p, []uintptr{8}, x.at(1, 0), []uintptr{4}, []uintptr{8, 2})
	}, is("upc_memget_strided: source strides: strides[0] = 4 is less than count[0] = 8 (runs would overlap)")},
	{"strided strides not growing", func(th *Thread, x *errFixture) {
		th.MemputStrided(Async, x.at(1, 0), []uintptr{8, 8}, x.p, []uintptr{8, 16}, []uintptr{8, 2, 2})
	}, is("upc_memput_strided_async: destination strides: strides[1] = 8 is less than count[1]·strides[0] = 16 (strides must grow and runs must not overlap)")},
	{"strided outside", func(th *Thread, x *errFixture) {
		th.MemcpyStrided(Blocking, SharedPtr{Thread: 1, Addr: 1<<20 - 16}, []uintptr{16}, x.at(0, 0), []uintptr{16}, []uintptr{8, 2})
	}, is("upc_memcpy_strided: the destination section at (thread 1, phase 0, addr 0xffff0) is outside thread 1's shared segment of 1048576 bytes")},
	{"strided few strides", func(th *Thread, x *errFixture) {
		th.MemgetStrided(Blocking, x.p, nil, x.at(1, 0), nil, []uintptr{8, 2})
	}, is("upc_memget_strided: 1 stride levels need 1 strides per side, got 0 and 0")},
	{"fstrided sizes", func(th *Thread, x *errFixture) {
		th.MemgetFstrided(Blocking, x.p, 8, 8, 2, x.at(1, 0), 4, 8, 3)
	}, is("upc_memget_fstrided: the source and destination sizes differ (destination 2×8 = 16 bytes, source 3×4 = 12 bytes)")},
	{"fstrided overlapping chunks", func(th *Thread, x *errFixture) {
		th.MemputFstrided(Blocking, x.at(1, 0), 8, 4, 2, x.p, 16, 16, 1)
	}, is("upc_memput_fstrided: the destination chunk stride 4 is less than its chunk length 8 (chunks would overlap)")},
	{"2-d wrapper overlapping rows", func(th *Thread, x *errFixture) {
		th.MemgetStrided2D(Blocking, x.p, 4, x.at(1, 0), 8, 8, 2)
	}, is("upc_memget_strided2d: destination strides: strides[0] = 4 is less than count[0] = 8 (runs would overlap)")},
	{"transpose overlapping destination", func(th *Thread, x *errFixture) {
		th.MemgetTranspose(Blocking, x.p, []int64{8, 8}, x.at(1, 0), []int64{16, 8}, []uintptr{2, 2}, 8)
	}, is("upc_memget_transpose: destination strides: |strides[1]| = 8 is less than the extent 16 of dimension 0 (elements would overlap)")},
	{"transpose below the segment", func(th *Thread, x *errFixture) {
		th.MemputTranspose(Blocking, SharedPtr{Thread: 1, Addr: 8}, []int64{-8, 32}, x.p, []int64{8, 32}, []uintptr{4, 2}, 8)
	}, is("upc_memput_transpose: the destination section at (thread 1, phase 0, addr 0x8) is outside thread 1's shared segment of 1048576 bytes")},
	{"blocked phase", func(th *Thread, x *errFixture) {
		p := x.at(1, 0)
		p.Phase = 4
		th.MemgetBlocked(Blocking, x.p, p, 4, 8, 2)
	}, is("upc_memget_blocked: the source's phase 4 is not less than the block size 4")},
	{"blocked element size", func(th *Thread, x *errFixture) {
		th.MemgetStridedBlocked(Blocking, x.p, []uintptr{8}, x.at(1, 0), 2, []uintptr{8}, []uintptr{8, 2}, 0)
	}, is("upc_memget_strided_blocked: the element size must be positive")},
}

func TestLibraryErrors(t *testing.T) {
	for _, procs := range []int{1, 2} {
		for _, tc := range libErrorCases {
			t.Run(fmt.Sprintf("procs=%d/%s", procs, tc.name), func(t *testing.T) {
				var other Handle
				_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
					p := th.AllAlloc(2, 64)
					if th.MyThread == 1 {
						// A live handle of thread 1: a region's handle is
						// real even when its operations complete at once.
						th.BeginAccessRegion()
						other = th.EndAccessRegion()
					}
					th.Barrier()
					if th.MyThread == 0 {
						buf := make([]byte, 64)
						x := errFixture{base: p, p: unsafe.Pointer(&buf[0]), other: other}
						got := panicValue(func() { tc.do(th, &x) })
						assert.Equal(t, tc.want(&x), got)
					}
					th.Barrier()
					if th.MyThread == 1 {
						th.WaitSync(other)
					}
					return 0
				})
				require.NoError(t, err)
			})
		}
	}
}

// TestSyncedTwiceNamesTheCall checks the message of a handle synchronised
// twice and that the fault points at this file's line, as a program's
// fault points at its .upc line.
func TestSyncedTwiceNamesTheCall(t *testing.T) {
	for _, procs := range []int{1, 2} {
		var h Handle
		_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
			a := AllocArray[uint64](th, 1, 2)
			if th.MyThread == 0 {
				var v uint64
				h = th.MemgetAsync(unsafe.Pointer(&v), a.Ptr(1), 8)
				if h == 0 {
					// Within one process the get completes at once; region
					// handles are always real.
					th.BeginAccessRegion()
					h = th.EndAccessRegion()
				}
				th.WaitSync(h)
				th.Lib("bupc_waitsync").WaitSync(h) // the line the fault names
			}
			return 0
		})
		var f *Fault
		require.ErrorAs(t, err, &f)
		assert.Equal(t, fmt.Sprintf("bupc_waitsync: handle %#x was already synchronised", uint64(h)), f.Value)
		assert.Regexp(t, `nb_test\.go:\d+$`, f.Pos)
	}
}

// TestUnsortedOverlapCheck: in destination lists that are not sorted,
// only neighbours are checked for overlaps, unless UPC_VIS_CHECK=1 asks
// for the full check.
func TestUnsortedOverlapCheck(t *testing.T) {
	defer func(v bool) { visCheckFull = v }(visCheckFull)
	for _, full := range []bool{false, true} {
		visCheckFull = full
		require.NoError(t, Run(1, func(th *Thread) {
			p := th.AllAlloc(1, 64)
			at := func(off uintptr) SharedPtr { return SharedPtr{Addr: p.Addr + off} }
			src := make([]byte, 24)
			// Neighbours in the list do not overlap; regions 0 and 2 do.
			dst := []SmemVec{{at(0), 12}, {at(16), 8}, {at(8), 4}}
			do := func() { th.MemputVlist(Blocking, dst, []PmemVec{{unsafe.Pointer(&src[0]), 24}}) }
			if full {
				assert.PanicsWithValue(t, "upc_memput_vlist: destination regions 0 and 2 overlap", do)
			} else {
				assert.NotPanics(t, do)
			}
		}))
	}
}

// TestZeroCountsAreNoOps: empty transfers ignore every other argument.
func TestZeroCountsAreNoOps(t *testing.T) {
	require.NoError(t, Run(2, func(th *Thread) {
		bad := SharedPtr{Thread: 99, Addr: 1 << 50}
		assert.Zero(t, th.MemgetAsync(nil, bad, 0))
		assert.Zero(t, th.MemcpyVlist(Async, nil, nil))
		assert.Zero(t, th.MemgetVlist(Async, []PmemVec{{nil, 0}}, []SmemVec{{bad, 0}}))
		assert.Zero(t, th.MemputIlist(Async, nil, 0, nil, 0))
		assert.Zero(t, th.MemgetStrided(Async, nil, nil, bad, nil, []uintptr{8, 0}))
		assert.Zero(t, th.MemcpyFstrided(Async, bad, 0, 0, 5, bad, 8, 8, 0))
		assert.Zero(t, th.MemgetTranspose(Async, nil, nil, bad, nil, []uintptr{0, 3}, 8))
		assert.Zero(t, th.MemcpyBlocked(Async, bad, 3, bad, 4, 8, 0))
		assert.Zero(t, th.MemputStrided3D(Async, bad, 0, 0, nil, 0, 0, 8, 0, 3))
	}))
}

// TestThirdPartyAndSplitting: one vector copy whose regions involve every
// pair of threads, between simulated processes (third-party pieces go
// through the initiator), checked element by element.
func TestThirdPartyAndSplitting(t *testing.T) {
	runBoth(t, 4, func(th *Thread) {
		a := AllocArray[uint64](th, 16, 16*th.Threads)
		for i, v := range a.Local(th) {
			_ = v
			a.Local(th)[i] = uint64(th.MyThread*16 + i)
		}
		b := AllocArray[uint64](th, 16, 16*th.Threads)
		th.Barrier()
		if th.MyThread == 0 {
			// b[16u + k] = a[16v + k] for every pair (u, v) and k = 4v+u.
			var dst, src []SmemVec
			for u := range th.Threads {
				for v := range th.Threads {
					k := 4*v + u
					dst = append(dst, SmemVec{b.Ptr(16*u + k), 8})
					src = append(src, SmemVec{a.Ptr(16*v + k), 8})
				}
			}
			th.WaitSync(th.MemcpyVlist(Async, dst, src))
		}
		th.Barrier()
		for u := range th.Threads {
			for v := range th.Threads {
				k := 4*v + u
				require.Equal(t, uint64(16*v+k), b.Get(th, 16*u+k))
			}
		}
		th.Barrier()
	})
}
