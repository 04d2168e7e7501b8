package gasnet

import (
	"fmt"
	"testing"
	"unsafe"
)

// benchJob runs body on every rank of a fresh smp job (procs simulated
// processes) with a segment of seg bytes.
func benchJob(b *testing.B, ranks, procs int, seg uintptr, body func(ep *Endpoint)) {
	c := NewTestConduit(ranks, procs)
	j, err := NewJob(Config{Conduit: c, SegmentSize: seg})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if err := j.Run(body); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkPut8(b *testing.B) {
	benchJob(b, 2, 1, 1<<20, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			v := uint64(42)
			b.ResetTimer()
			for range b.N {
				ep.Put(1, 4096, unsafe.Pointer(&v), 8)
			}
		}
	})
}

func BenchmarkGet8(b *testing.B) {
	benchJob(b, 2, 1, 1<<20, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			var v uint64
			b.ResetTimer()
			for range b.N {
				ep.Get(unsafe.Pointer(&v), 1, 4096, 8)
			}
		}
	})
}

func BenchmarkPutNBSync8(b *testing.B) {
	benchJob(b, 2, 1, 1<<20, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			v := uint64(42)
			b.ResetTimer()
			for range b.N {
				ep.Wait(ep.PutNB(1, 4096, unsafe.Pointer(&v), 8))
			}
		}
	})
}

func BenchmarkPutNBIRemote8(b *testing.B) {
	// The message path between simulated processes: issue + sync in
	// batches of 1000, the cost of one operation through active messages.
	benchJob(b, 2, 2, 1<<20, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			v := uint64(42)
			b.ResetTimer()
			for i := range b.N {
				ep.PutNBI(1, 4096, unsafe.Pointer(&v), 8)
				if i%1000 == 999 {
					ep.WaitNBI()
				}
			}
			ep.WaitNBI()
		}
	})
}

var bandwidthSizes = []int{8, 64, 512, 4 << 10, 64 << 10, 512 << 10, 4 << 20}

func sizeName(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}

// BenchmarkBandwidth compares put and get of n bytes to another rank with
// Go's copy() of the same bytes between two buffers.
func BenchmarkBandwidth(b *testing.B) {
	for _, n := range bandwidthSizes {
		src := make([]byte, n)
		b.Run("copy/"+sizeName(n), func(b *testing.B) {
			dst := make([]byte, n)
			b.SetBytes(int64(n))
			for range b.N {
				copy(dst, src)
			}
		})
		b.Run("put/"+sizeName(n), func(b *testing.B) {
			benchJob(b, 2, 1, 16<<20, func(ep *Endpoint) {
				if ep.Rank() == 0 {
					b.SetBytes(int64(n))
					b.ResetTimer()
					for range b.N {
						ep.Put(1, 4096, unsafe.Pointer(&src[0]), uintptr(n))
					}
				}
			})
		})
		b.Run("get/"+sizeName(n), func(b *testing.B) {
			benchJob(b, 2, 1, 16<<20, func(ep *Endpoint) {
				if ep.Rank() == 0 {
					dst := make([]byte, n)
					b.SetBytes(int64(n))
					b.ResetTimer()
					for range b.N {
						ep.Get(unsafe.Pointer(&dst[0]), 1, 4096, uintptr(n))
					}
				}
			})
		})
	}
}

func BenchmarkBarrier(b *testing.B) {
	for _, ranks := range []int{2, 4, 8, 16, 32, 64} {
		b.Run(fmt.Sprintf("threads=%d", ranks), func(b *testing.B) {
			benchJob(b, ranks, 1, 1<<20, func(ep *Endpoint) {
				if ep.Rank() == 0 {
					b.ResetTimer()
				}
				for range b.N {
					ep.Barrier(0, true)
				}
			})
		})
	}
}

func BenchmarkAtomicFetchAdd(b *testing.B) {
	benchJob(b, 2, 1, 1<<20, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			b.ResetTimer()
			for range b.N {
				ep.Atomic(1, 4096, AtomicAdd, Int64, 1, 0)
			}
		}
	})
}
