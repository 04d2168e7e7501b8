package upc

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// Benchmarks of the memcpy extension library (docs/PERFORMANCE.md,
// "memcpy extensions"): thread 0 moves N elements of 8 bytes from or to
// thread 1's memory, every other element of a row (a 16-byte stride), as
// one strided call, one indexed call, a loop of N blocking 8-byte calls,
// and one contiguous call of the N·8 packed bytes.

var visSizes = []int{1, 16, 256, 1024, 4096, 65536}

// benchPair runs body on thread 0 of a 2-thread job (procs simulated
// processes) and keeps thread 1 alive meanwhile.
func benchPair(b *testing.B, procs int, body func(t *Thread)) {
	b.Helper()
	_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, procs), SegmentSize: 64 << 20}, func(t *Thread) int {
		if t.MyThread == 0 {
			body(t)
		}
		t.Barrier()
		return 0
	})
	if err != nil {
		b.Fatal(err)
	}
}

// remote returns a pointer to n bytes with affinity to thread 1: its
// block of a global array of two blocks.
func remote(t *Thread, n uintptr) SharedPtr {
	g := t.GlobalAlloc(2, n)
	g.Thread = 1
	return g
}

func BenchmarkVIS(b *testing.B) {
	for _, n := range visSizes {
		for _, dir := range []string{"get", "put"} {
			b.Run(fmt.Sprintf("N=%d/%s", n, dir), func(b *testing.B) {
				for _, kind := range []string{"strided", "indexed", "loop", "contiguous"} {
					b.Run(kind, func(b *testing.B) { benchVIS(b, n, dir == "get", kind) })
				}
			})
		}
	}
}

// BenchmarkVISMessages is BenchmarkVIS's get between simulated processes:
// the active-message path a network conduit without native VIS support
// takes (one request, the target packs, one reply per 64 KiB).
func BenchmarkVISMessages(b *testing.B) {
	for _, n := range []int{1024, 65536} {
		kinds := []string{"strided", "indexed", "contiguous"}
		if n <= 1024 {
			kinds = append(kinds, "loop")
		}
		for _, kind := range kinds {
			b.Run(fmt.Sprintf("N=%d/get/%s", n, kind), func(b *testing.B) { benchVISProcs(b, 2, n, true, kind) })
		}
	}
}

func benchVIS(b *testing.B, n int, get bool, kind string) { benchVISProcs(b, 1, n, get, kind) }

func benchVISProcs(b *testing.B, procs, n int, get bool, kind string) {
	benchPair(b, procs, func(t *Thread) {
		far := remote(t, uintptr(16*n))
		local := make([]uint64, n)
		lp := unsafe.Pointer(&local[0])
		count := []uintptr{8, uintptr(n)}
		dense, sparse := []uintptr{8}, []uintptr{16}
		list := make([]SharedPtr, n)
		for i := range list {
			list[i] = far
			list[i].Addr += uintptr(16 * i)
		}
		one := []unsafe.Pointer{lp}
		b.SetBytes(int64(8 * n))
		b.ResetTimer()
		for range b.N {
			switch {
			case kind == "strided" && get:
				t.MemgetStrided(Blocking, lp, dense, far, sparse, count)
			case kind == "strided":
				t.MemputStrided(Blocking, far, sparse, lp, dense, count)
			case kind == "indexed" && get:
				t.MemgetIlist(Blocking, one, uintptr(8*n), list, 8)
			case kind == "indexed":
				t.MemputIlist(Blocking, list, 8, one, uintptr(8*n))
			case kind == "loop" && get:
				for i, p := range list {
					t.Memget(unsafe.Pointer(&local[i]), p, 8)
				}
			case kind == "loop":
				for i, p := range list {
					t.Memput(p, unsafe.Pointer(&local[i]), 8)
				}
			case get:
				t.Memget(lp, far, uintptr(8*n))
			default:
				t.Memput(far, lp, uintptr(8*n))
			}
		}
	})
}

// BenchmarkSubmatrix moves a 256 × 64-byte block, packed at the local
// end, its rows pitch bytes apart at the remote end: the target is
// ≤ 0.5 µs. A pitch of 4 KiB puts every row in the same L1 cache set and
// on its own page; the others do not.
func BenchmarkSubmatrix(b *testing.B) {
	// The floor: the same rows copied by a plain Go loop between two Go
	// buffers, without the library (pitch 64: the rows are contiguous).
	b.Run("go-loop/pitch=64", func(b *testing.B) {
		far, local := make([]byte, 256*64), make([]byte, 256*64)
		b.SetBytes(256 * 64)
		for range b.N {
			for r := range 256 {
				copy(local[r*64:r*64+64], far[r*64:r*64+64])
			}
		}
		sinkBytes = local
	})
	for _, pitch := range []uintptr{4096, 4160, 1088} {
		for _, dir := range []string{"get", "put"} {
			b.Run(fmt.Sprintf("pitch=%d/%s", pitch, dir), func(b *testing.B) {
				benchPair(b, 1, func(t *Thread) {
					far := remote(t, 256*pitch)
					local := make([]byte, 256*64)
					lp := unsafe.Pointer(&local[0])
					count, dense, rows := []uintptr{64, 256}, []uintptr{64}, []uintptr{pitch}
					b.SetBytes(256 * 64)
					b.ResetTimer()
					for range b.N {
						if dir == "get" {
							t.MemgetStrided(Blocking, lp, dense, far, rows, count)
						} else {
							t.MemputStrided(Blocking, far, rows, lp, dense, count)
						}
					}
				})
			})
		}
	}
}

// BenchmarkNBGet8 is the issue and sync of one non-blocking 8-byte get:
// the target is ≤ 50 ns.
func BenchmarkNBGet8(b *testing.B) {
	benchPair(b, 1, func(t *Thread) {
		far := remote(t, 8)
		var v uint64
		b.ResetTimer()
		for range b.N {
			t.WaitSync(t.MemgetAsync(unsafe.Pointer(&v), far, 8))
		}
	})
}

// BenchmarkOverlap fetches 1 MiB and computes on other data, either one
// after the other (get-then-compute) or with the computation between the
// start of the get and its synchronisation (overlapped); procs=2 puts the
// target in another simulated process, whose progress goroutine moves the
// bytes while this thread computes.
func BenchmarkOverlap(b *testing.B) {
	const size = 1 << 20
	for _, procs := range []int{1, 2} {
		for _, mode := range []string{"get-then-compute", "overlapped", "get-only", "compute-only"} {
			b.Run(fmt.Sprintf("procs=%d/%s", procs, mode), func(b *testing.B) {
				benchPair(b, procs, func(t *Thread) {
					far := remote(t, size)
					local := make([]byte, size)
					work := make([]float64, 1<<17)
					lp := unsafe.Pointer(&local[0])
					b.ResetTimer()
					for range b.N {
						switch mode {
						case "get-then-compute":
							t.Memget(lp, far, size)
							compute(work)
						case "overlapped":
							h := t.MemgetAsync(lp, far, size)
							compute(work)
							t.WaitSync(h)
						case "get-only":
							t.Memget(lp, far, size)
						default:
							compute(work)
						}
					}
				})
			})
		}
	}
}

var (
	computeSink float64
	sinkBytes   []byte
)

// compute is work that does not touch the transfer's memory.
func compute(w []float64) {
	s := 0.0
	for round := range 4 {
		for i := range w {
			w[i] = w[i]*0.999 + float64(i^round)
			s += w[i]
		}
	}
	computeSink = s
}
