package upc

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// blockCase is a block-strided transfer between a 12 x 10 matrix of
// int64 in thread 1's memory (the shared side) and a private one of the
// same size: strides in elements, offsets are the first element on each
// side.
type blockCase struct {
	name                     string
	remoteOff, localOff      int
	remoteStride, localStrid int64
	elems, count             uintptr
}

var blockCases = []blockCase{
	{"sub-matrix", 12, 3, 10, 10, 4, 5},
	{"packed rows", 0, 0, 10, 4, 4, 6},
	{"one block", 7, 2, 0, 0, 9, 1},
	{"columns (iput)", 1, 0, 10, 1, 1, 12},
	{"negative remote stride", 110, 0, -10, 3, 3, 8},
	{"overlapping local blocks", 5, 1, 10, 0, 3, 7},
	{"empty", 0, 0, 10, 10, 0, 5},
}

const matRows, matCols = 12, 10

// reference applies c to dst from src element by element: what the
// proposal defines a block-strided copy to be.
func (c blockCase) reference(dst []int64, dstOff int, dstStride int64, src []int64, srcOff int, srcStride int64) {
	for i := range int64(c.count) {
		for j := range int64(c.elems) {
			dst[int64(dstOff)+i*dstStride+j] = src[int64(srcOff)+i*srcStride+j]
		}
	}
}

func TestBlocksMatchElementLoop(t *testing.T) {
	n := matRows * matCols
	size := uintptr(n) * 8
	runBoth(t, 2, func(th *Thread) {
		shared := th.AllAlloc(2, size)
		shared.Thread = 1
		if th.MyThread != 0 {
			th.Barrier()
			return
		}
		for _, c := range blockCases {
			for _, s := range []Sync{Blocking, Async, Asynci} {
				what := fmt.Sprintf("%s/%s", c.name, visName("put", s))
				// put: private pattern into a shared matrix of -1s
				local := make([]int64, n)
				remote := make([]int64, n)
				want := make([]int64, n)
				for i := range local {
					local[i], remote[i], want[i] = int64(i)+1000, -1, -1
				}
				th.Memput(shared, unsafe.Pointer(&remote[0]), size)
				h := th.MemputBlocks(s, shared.Add(int64(c.remoteOff)*8, Indefinite(1), 2), unsafe.Pointer(&local[c.localOff]), 8, c.remoteStride, c.localStrid, c.elems, c.count)
				complete(th, s, h)
				th.Memget(unsafe.Pointer(&remote[0]), shared, size)
				c.reference(want, c.remoteOff, c.remoteStride, local, c.localOff, c.localStrid)
				assert.Equal(t, want, remote, what)

				// get: a shared pattern into a private matrix of -1s
				what = fmt.Sprintf("%s/%s", c.name, visName("get", s))
				for i := range local {
					remote[i], local[i], want[i] = int64(i)+5000, -1, -1
				}
				th.Memput(shared, unsafe.Pointer(&remote[0]), size)
				if c.localStrid == 0 && c.count > 1 {
					continue // overlapping destination blocks: undefined
				}
				h = th.MemgetBlocks(s, unsafe.Pointer(&local[c.localOff]), shared.Add(int64(c.remoteOff)*8, Indefinite(1), 2), 8, c.localStrid, c.remoteStride, c.elems, c.count)
				complete(th, s, h)
				c.reference(want, c.localOff, c.localStrid, remote, c.remoteOff, c.remoteStride)
				assert.Equal(t, want, local, what)
			}
		}
		th.Barrier()
	})
}

func complete(th *Thread, s Sync, h Handle) {
	switch s {
	case Async:
		th.WaitSync(h)
	case Asynci:
		th.WaitSynci()
	}
}

func TestBlocksErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(th *Thread, p SharedPtr, buf unsafe.Pointer)
		want string
	}{
		{"past the segment", func(th *Thread, p SharedPtr, buf unsafe.Pointer) {
			th.MemputBlocks(Blocking, p, buf, 8, 1<<17, 1, 1, 2)
		}, "upc_memput_blocks: the destination section at (thread 1, phase 0, addr 0x1000) is outside thread 1's shared segment of 1048576 bytes"},
		{"before the segment", func(th *Thread, p SharedPtr, buf unsafe.Pointer) {
			th.MemgetBlocks(Asynci, buf, p, 8, 1, -1024, 1, 2)
		}, "upc_memget_blocks_asynci: the source section at (thread 1, phase 0, addr 0x1000) is outside thread 1's shared segment of 1048576 bytes"},
		{"stride overflow", func(th *Thread, p SharedPtr, buf unsafe.Pointer) {
			th.MemputBlocks(Blocking, p, buf, 8, 1<<61, 1, 1, 2)
		}, "upc_memput_blocks: the destination stride 2305843009213693952 elements of 8 bytes overflows"},
		{"zero element size", func(th *Thread, p SharedPtr, buf unsafe.Pointer) {
			th.MemputBlocks(Blocking, p, buf, 0, 1, 1, 1, 2)
		}, "upc_memput_blocks: the element size is 0"},
		{"bad thread", func(th *Thread, p SharedPtr, buf unsafe.Pointer) {
			p.Thread = 7
			th.MemputBlocks(Async, p, buf, 8, 1, 1, 1, 2)
		}, "upc_memput_blocks_async: the destination (thread 7, phase 0, addr 0x1000) names thread 7, but THREADS is 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, 1), SegmentSize: 1 << 20}, func(th *Thread) int {
				p := th.AllAlloc(2, 64)
				p.Thread = 1
				if th.MyThread == 0 {
					buf := make([]byte, 64)
					assert.Equal(t, tc.want, panicValue(func() { tc.do(th, p, unsafe.Pointer(&buf[0])) }))
				}
				th.Barrier()
				return 0
			})
			require.NoError(t, err)
		})
	}
}

// BenchmarkMatrix is the 64 x 64 sub-matrix of doubles of
// docs/PERFORMANCE.md: thread 0 puts it into a 256 x 256 row-major matrix
// in thread 1's memory (or gets it back), as one block-strided call and
// as a loop of 64 row calls; procs=2 puts the threads in simulated
// processes, where every call is a message.
func BenchmarkMatrix(b *testing.B) {
	const ld, rows, cols = 256, 64, 64
	for _, procs := range []int{1, 2} {
		for _, dir := range []string{"put", "get"} {
			for _, kind := range []string{"blocks", "rows"} {
				b.Run(fmt.Sprintf("procs=%d/%s/%s", procs, dir, kind), func(b *testing.B) {
					benchPair(b, procs, func(t *Thread) {
						m := remote(t, ld*ld*8)
						m = m.Add(8*(3*ld+5), Indefinite(1), 2) // the sub-matrix at row 3, column 5
						buf := make([]float64, rows*cols)
						p := unsafe.Pointer(&buf[0])
						b.SetBytes(rows * cols * 8)
						b.ResetTimer()
						for range b.N {
							switch {
							case kind == "blocks" && dir == "put":
								t.MemputBlocks(Blocking, m, p, 8, ld, cols, cols, rows)
							case kind == "blocks":
								t.MemgetBlocks(Blocking, p, m, 8, cols, ld, cols, rows)
							case dir == "put":
								for r := range rows {
									t.Memput(m.Add(int64(r*ld*8), Indefinite(1), 2), unsafe.Add(p, r*cols*8), cols*8)
								}
							default:
								for r := range rows {
									t.Memget(unsafe.Add(p, r*cols*8), m.Add(int64(r*ld*8), Indefinite(1), 2), cols*8)
								}
							}
						}
					})
				})
			}
		}
	}
}
