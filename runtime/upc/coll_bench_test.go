package upc

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// Collective and atomic benchmarks (docs/PERFORMANCE.md, issue 5):
//
//	go test -run xxx -bench 'Coll|Atomic' -benchtime 2000x ./runtime/upc
//
// Every thread runs the b.N iterations; thread 0's wall time per
// iteration is the result.

var benchThreads = []int{1, 2, 4, 8, 16, 32, 64}

// benchColl runs body(th, n) on threads threads in procs simulated
// processes and reports thread 0's time per iteration.
func benchColl(b *testing.B, threads, procs int, body func(th *Thread, n int)) {
	var elapsed time.Duration
	_, err := RunWith(Options{Threads: threads, Conduit: smp.New(threads, procs), SegmentSize: 4 << 20}, func(th *Thread) int {
		body(th, 3) // warm up: first-touch pages, mailboxes, goroutines
		th.Barrier()
		start := time.Now()
		body(th, b.N)
		th.Barrier()
		if th.MyThread == 0 {
			elapsed = time.Since(start)
		}
		return 0
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(b.N), "ns/op")
}

// BenchmarkCollBroadcast: 8 bytes from thread 0 to every thread, with the
// default sync mode (a barrier on entry and exit) and with no
// synchronisation (the tree alone, calls pipelined).
func BenchmarkCollBroadcast(b *testing.B) {
	for _, mode := range []struct {
		name string
		f    Flag
	}{{"allsync", InAllSync | OutAllSync}, {"nosync", InNoSync | OutNoSync}} {
		for _, P := range benchThreads {
			b.Run(fmt.Sprintf("%s/threads=%d", mode.name, P), func(b *testing.B) {
				benchColl(b, P, 1, func(th *Thread, n int) {
					src := th.AllAlloc(1, 8)
					dst := th.AllAlloc(uintptr(P), 8)
					for range n {
						th.AllBroadcast(dst, src, 8, mode.f)
					}
					th.AllFree(src)
					th.AllFree(dst)
				})
			})
		}
	}
}

// BenchmarkCollBroadcastFlat is the baseline a tree replaces: the root
// sends the 8 bytes to every other thread itself (no synchronisation, as
// the nosync broadcast).
func BenchmarkCollBroadcastFlat(b *testing.B) {
	for _, P := range benchThreads {
		b.Run(fmt.Sprintf("threads=%d", P), func(b *testing.B) {
			benchColl(b, P, 1, func(th *Thread, n int) {
				dst := th.AllAlloc(uintptr(P), 8)
				for range n {
					c := th.collBegin("flat", kBroadcast, InNoSync|OutNoSync)
					var data []byte
					if th.MyThread == 0 {
						data = make([]byte, 8)
						for r := 1; r < P; r++ {
							c.send(r, 0, 0, data)
						}
					} else {
						data = c.recvN(0, 0, 8)
					}
					copy(th.collOwnBytes(dst.Addr, 8), data)
					c.end()
				}
				th.AllFree(dst)
			})
		})
	}
}

// BenchmarkCollBarrier is the barrier alone, for reading the allsync
// numbers: two of them bracket every allsync collective.
func BenchmarkCollBarrier(b *testing.B) {
	for _, P := range benchThreads {
		b.Run(fmt.Sprintf("threads=%d", P), func(b *testing.B) {
			benchColl(b, P, 1, func(th *Thread, n int) {
				for range n {
					th.internalBarrier()
				}
			})
		})
	}
}

// BenchmarkCollReduce: upc_all_reduceL of one long per thread, UPC_ADD.
func BenchmarkCollReduce(b *testing.B) {
	for _, mode := range []struct {
		name string
		f    Flag
	}{{"allsync", InAllSync | OutAllSync}, {"nosync", InNoSync | OutNoSync}} {
		for _, P := range benchThreads {
			b.Run(fmt.Sprintf("%s/threads=%d", mode.name, P), func(b *testing.B) {
				benchColl(b, P, 1, func(th *Thread, n int) {
					src := th.AllAlloc(uintptr(P), 8)
					dst := th.AllAlloc(1, 8)
					for range n {
						AllReduce[int64](th, dst, src, OpAdd, uintptr(P), 1, nil, mode.f)
					}
					th.AllFree(src)
					th.AllFree(dst)
				})
			})
		}
	}
}

// BenchmarkCollOneSidedBroadcast compares one thread's upc_broadcast
// (blocking: the latency of a call; async: 16 calls in flight) with
// upc_all_broadcast without synchronisation (calls pipelined), for the
// same data, shared (procs=1: the caller copies) and one process per
// thread (procs=P: the tree of message handlers).
func BenchmarkCollOneSidedBroadcast(b *testing.B) {
	for _, P := range []int{8, 64} {
		for _, procs := range []int{1, P} {
			for _, nb := range []uintptr{8, 4096} {
				name := fmt.Sprintf("threads=%d/procs=%d/bytes=%d", P, procs, nb)
				b.Run("one-sided/"+name, func(b *testing.B) {
					benchColl(b, P, procs, func(th *Thread, n int) {
						src := th.AllAlloc(1, nb)
						dst := th.AllAlloc(uintptr(P), nb)
						if th.MyThread == 0 {
							for range n {
								th.Broadcast(dst, src, uint64(nb))
							}
						}
						th.Barrier()
						th.AllFree(src)
						th.AllFree(dst)
					})
				})
				// Pipelined: 16 calls in flight, then their handles.
				b.Run("one-sided-async/"+name, func(b *testing.B) {
					benchColl(b, P, procs, func(th *Thread, n int) {
						src := th.AllAlloc(1, nb)
						dst := th.AllAlloc(uintptr(P), nb)
						if th.MyThread == 0 {
							hs := make([]gasnet.Handle, 0, 16)
							for i := range n {
								hs = append(hs, th.OneSidedAsync(OneSided{Kind: OSBroadcast, Dst: dst, Src: src, NBytes: uint64(nb)}))
								if len(hs) == cap(hs) || i == n-1 {
									th.ep.WaitAll(hs)
									hs = hs[:0]
								}
							}
						}
						th.Barrier()
						th.AllFree(src)
						th.AllFree(dst)
					})
				})
				b.Run("all/"+name, func(b *testing.B) {
					benchColl(b, P, procs, func(th *Thread, n int) {
						src := th.AllAlloc(1, nb)
						dst := th.AllAlloc(uintptr(P), nb)
						for range n {
							th.AllBroadcast(dst, src, nb, InNoSync|OutNoSync)
						}
						th.Barrier()
						th.AllFree(src)
						th.AllFree(dst)
					})
				})
			}
		}
	}
}

// BenchmarkAtomicFetchAdd: upc_atomic_relaxed UPC_ADD with a fetch, each
// thread on its own counter on the next thread (uncontended) or every
// thread on thread 0's one counter (contended); the result is per
// operation of one thread, so threads*1e9/result is the total rate.
func BenchmarkAtomicFetchAdd(b *testing.B) {
	for _, contended := range []bool{false, true} {
		for _, P := range []int{1, 2, 8} {
			if P == 1 && contended {
				continue
			}
			for _, procs := range []int{1, P}[:min(P, 2)] {
				name := fmt.Sprintf("contended=%v/threads=%d/procs=%d", contended, P, procs)
				b.Run(name, func(b *testing.B) {
					benchColl(b, P, procs, func(th *Thread, n int) {
						d := th.AllAtomicDomainAlloc(TypeInt64, OpAdd, 0)
						c := th.AllAlloc(uintptr(P), 64)
						target := SharedPtr{Thread: uint32((th.MyThread + 1) % P), Addr: c.Addr}
						if contended {
							target.Thread = 0
						}
						one, old := int64(1), int64(0)
						for range n {
							th.AtomicC(d, unsafe.Pointer(&old), OpAdd, target, unsafe.Pointer(&one), nil, false, NoAtomicTypes)
						}
						th.Barrier()
						th.AllAtomicDomainFree(d)
						th.AllFree(c)
					})
				})
			}
		}
	}
}
