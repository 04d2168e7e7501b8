package upc

import (
	"fmt"
	"testing"
)

func benchRun(b *testing.B, threads int, body func(t *Thread)) {
	b.Helper()
	if err := Run(threads, body); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSharedStore8 is `a[i] = v` for an int64 element on another thread.
func BenchmarkSharedStore8(b *testing.B) {
	benchRun(b, 2, func(t *Thread) {
		a := AllocArray[int64](t, 1, 2)
		if t.MyThread == 0 {
			p := a.Ptr(1)
			b.ResetTimer()
			for i := range b.N {
				Store(t, p, int64(i))
			}
		}
		t.Barrier()
	})
}

// BenchmarkSharedLoad8 is `v = a[i]` for an int64 element on another thread.
func BenchmarkSharedLoad8(b *testing.B) { benchRun(b, 2, sharedLoad8(b)) }

// sharedLoad8 is BenchmarkSharedLoad8's thread body.
func sharedLoad8(b *testing.B) func(t *Thread) {
	return func(t *Thread) {
		a := AllocArray[int64](t, 1, 2)
		if t.MyThread == 0 {
			p := a.Ptr(1)
			var s int64
			b.ResetTimer()
			for range b.N {
				s += Load[int64](t, p)
			}
			sink = s
		}
		t.Barrier()
	}
}

var sink int64

// BenchmarkLocalAccess compares reading shared elements with local
// affinity against reading a Go slice: through Array.Get (index
// arithmetic and the affinity check on every access), through a pointer
// cast to private (Array.Local, what a UPC programmer writes as
// `double *p = (double *)&a[MYTHREAD]`), and a plain slice.
func BenchmarkLocalAccess(b *testing.B) {
	const n = 1024
	b.Run("slice", func(b *testing.B) {
		s := make([]int64, n)
		var sum int64
		for i := range b.N {
			sum += s[i&(n-1)]
		}
		sink = sum
	})
	b.Run("local-view", func(b *testing.B) {
		benchRun(b, 1, func(t *Thread) {
			a := AllocArray[int64](t, n, n)
			s := a.Local(t)
			var sum int64
			b.ResetTimer()
			for i := range b.N {
				sum += s[i&(n-1)]
			}
			sink = sum
		})
	})
	b.Run("shared-ptr-load", func(b *testing.B) {
		benchRun(b, 1, func(t *Thread) {
			a := AllocArray[int64](t, n, n)
			base := a.Ptr(0)
			var sum int64
			b.ResetTimer()
			for i := range b.N {
				p := base
				p.Addr += uintptr(i&(n-1)) * 8
				sum += Load[int64](t, p)
			}
			sink = sum
		})
	})
	b.Run("array-get", func(b *testing.B) {
		benchRun(b, 1, func(t *Thread) {
			a := AllocArray[int64](t, n, n)
			var sum int64
			b.ResetTimer()
			for i := range b.N {
				sum += a.Get(t, i&(n-1))
			}
			sink = sum
		})
	})
}

func BenchmarkLockUncontended(b *testing.B) {
	benchRun(b, 1, func(t *Thread) {
		l := t.AllLockAlloc()
		b.ResetTimer()
		for range b.N {
			t.Lock(l)
			t.Unlock(l)
		}
	})
}

// BenchmarkLockContended: two threads take turns on one lock; ns/op is
// per lock/unlock pair of one thread.
func BenchmarkLockContended(b *testing.B) {
	benchRun(b, 2, func(t *Thread) {
		l := t.AllLockAlloc()
		if t.MyThread == 0 {
			b.ResetTimer()
		}
		for range b.N {
			t.Lock(l)
			t.Unlock(l)
		}
		t.Barrier()
	})
}

func BenchmarkBarrier2(b *testing.B) {
	benchRun(b, 2, func(t *Thread) {
		if t.MyThread == 0 {
			b.ResetTimer()
		}
		for range b.N {
			t.Barrier()
		}
	})
}

// BenchmarkRandomRead is the generated code of the many-core anchor's
// randread.upc (../shared/anchors/manycore): `s += T[x % size]` on a
// cyclic shared array, so each read computes thread and address from the
// index (upc.StaticPtr(T).Add(i, layout, THREADS)) and loads through the
// PSHM table. threads=1 is the single-thread cost; at 2 and 3 threads
// (a power of two and not) every read but 1/THREADS goes to another
// thread's segment in this process. Compare with "c-array", the same
// reads of a Go slice (randread_omp.c's loop).
func BenchmarkRandomRead(b *testing.B) {
	const per = 1 << 16 // elements per thread
	xorshift := func(x uint64) uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x
	}
	b.Run("c-array", func(b *testing.B) {
		tab := make([]uint64, per*2)
		size := uint64(len(tab))
		x, s := uint64(88172645463325252), uint64(0)
		for range b.N {
			x = xorshift(x)
			s += tab[x%size]
		}
		sink = int64(s)
	})
	for _, threads := range []int{1, 2, 3} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			benchRun(b, threads, func(t *Thread) {
				a := AllocArray[uint64](t, 1, per*threads)
				if t.MyThread == 0 {
					base, l := a.Base(), Layout{Block: 1, ElemSize: 8}
					size := uint64(per * threads)
					x, s := uint64(88172645463325252), uint64(0)
					b.ResetTimer()
					for range b.N {
						x = xorshift(x)
						s += Load[uint64](t, base.Add(int64(x%size), l, t.Threads))
					}
					sink = int64(s)
				}
				t.Barrier()
			})
		})
	}
}

// BenchmarkStartup is an empty program at many threads: the job, its
// segments and tables, the goroutines, and the exit (issue 16's target:
// 16 384 threads in < 1 s and < 200 MB).
func BenchmarkStartup(b *testing.B) {
	for _, threads := range []int{1024, 4096, 16384} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			for range b.N {
				if _, err := RunWith(Options{Threads: threads}, func(t *Thread) int { return 0 }); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var sinkPtr SharedPtr

// BenchmarkPtrAdd is the index arithmetic of `a[i]` alone: &a[i] of a
// cyclic and a blocked array at a power-of-two THREADS and at another.
func BenchmarkPtrAdd(b *testing.B) {
	for _, c := range []struct {
		block   uintptr
		threads int
	}{{1, 16}, {1, 12}, {64, 16}, {64, 12}} {
		b.Run(fmt.Sprintf("block=%d/threads=%d", c.block, c.threads), func(b *testing.B) {
			l := Layout{Block: c.block, ElemSize: 8}
			p := StaticPtr(4096)
			var acc SharedPtr
			for i := range b.N {
				q := p.Add(int64(i&0xffff), l, c.threads)
				acc.Addr += q.Addr
				acc.Thread += q.Thread
			}
			sinkPtr = acc
		})
	}
}
