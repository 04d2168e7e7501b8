package upc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// refPtr is the brute-force model of UPC 1.3 §6.4.2: element i of an
// array with block b over T threads lives on thread (i/b)%T at local index
// (i/(b*T))*b + i%b, with phase i%b.
func refPtr(i, b, threads int, base, es uintptr) SharedPtr {
	if b == 0 {
		return SharedPtr{Addr: base + uintptr(i)*es}
	}
	return SharedPtr{
		Thread: uint32((i / b) % threads),
		Phase:  uint32(i % b),
		Addr:   base + uintptr((i/(b*threads))*b+i%b)*es,
	}
}

func TestPointerArithmeticBruteForce(t *testing.T) {
	const base = 4096 + 48
	for threads := 1; threads <= 9; threads++ {
		for _, n := range []int{1, 7, 23, 50} {
			blocks := []int{0, 1, 2, 3, 4, 5, 6, 7, int(StarBlock(uintptr(n), threads))}
			for _, b := range blocks {
				for _, es := range []uintptr{1, 4, 12} {
					l := Layout{Block: uintptr(b), ElemSize: es}
					name := fmt.Sprintf("T=%d n=%d b=%d es=%d", threads, n, b, es)
					for i := 0; i < n; i++ {
						p := refPtr(i, b, threads, base, es)
						for j := 0; j < n; j++ {
							q := refPtr(j, b, threads, base, es)
							require.Equal(t, q, p.Add(int64(j-i), l, threads), "%s: &a[%d] + %d", name, i, j-i)
							require.Equal(t, int64(j-i), q.Sub(p, l, threads), "%s: &a[%d] - &a[%d]", name, j, i)
							want := 0
							if j < i {
								want = -1
							} else if j > i {
								want = 1
							}
							require.Equal(t, want, q.Compare(p, l, threads), name)
						}
					}
				}
			}
		}
	}
}

func TestResetPhaseAndAffinitySize(t *testing.T) {
	p := refPtr(6, 4, 3, 4096, 8) // thread 1, phase 2
	r := p.ResetPhase()
	require.Equal(t, SharedPtr{Thread: p.Thread, Addr: p.Addr}, r, "same thread and address, phase 0")
	require.Equal(t, r, p.Reinterpret(Layout{Block: 4, ElemSize: 8}, Layout{Block: 0, ElemSize: 8}))
	require.Equal(t, r, p.Reinterpret(Layout{Block: 4, ElemSize: 8}, Layout{Block: 4, ElemSize: 4}), "another element size")
	require.Equal(t, p, p.Reinterpret(Layout{Block: 4, ElemSize: 8}, Layout{Block: 4, ElemSize: 8}))

	// == ignores the phase (UPC 1.3 §6.4.2), not the thread or address.
	q := p
	q.Phase = 0
	require.True(t, p.Equal(q))
	q.Thread++
	require.False(t, p.Equal(q))

	// upc_affinitysize against counting elements one by one.
	for threads := 1; threads <= 9; threads++ {
		for _, b := range []int{0, 1, 3, 5} {
			for _, n := range []int{0, 1, 10, 17, 40} {
				counts := make([]uintptr, threads)
				for i := range n {
					counts[refPtr(i, b, threads, 0, 1).Thread]++
				}
				for th := range threads {
					require.Equal(t, counts[th]*8, AffinitySize(uintptr(n)*8, uintptr(b)*8, th, threads), "T=%d b=%d n=%d thread %d", threads, b, n, th)
				}
			}
		}
	}
}

func TestForallBlockedWalk(t *testing.T) {
	for threads := 1; threads <= 5; threads++ {
		for _, block := range []int64{1, 2, 3, 7} {
			for me := range threads {
				for lo := int64(-5); lo < 20; lo++ {
					var want []int64
					for i := lo; i < 60; i++ {
						if ForallOwner(floorBlock(i, block), threads) == me {
							want = append(want, i)
						}
					}
					var got []int64
					for i := ForallStartBlocked(lo, block, threads, me); i < 60; i = ForallNextBlocked(i, block, threads) {
						got = append(got, i)
					}
					require.Equal(t, want, got, "T=%d B=%d me=%d lo=%d", threads, block, me, lo)
				}
			}
		}
	}
}

// TestForallBlockRuns checks the walk of an optimised upc_forall over a
// block-cyclic array — a thread's blocks with ForallNextBlock, each
// block's elements up to ForallBlockEnd or the bound — against the
// owner of every index, and that a local element number counted up from
// ForallLocal of the first is each element's (below 0 too).
func TestForallBlockRuns(t *testing.T) {
	for threads := 1; threads <= 5; threads++ {
		for _, block := range []int64{1, 2, 3, 7} {
			for me := range threads {
				for lo := int64(-5); lo < 20; lo++ {
					for _, end := range []int64{lo - 1, lo, lo + 1, 23, 60} {
						var want, got []int64
						for i := lo; i < end; i++ {
							if ForallOwner(floorBlock(i, block), threads) == me {
								want = append(want, i)
							}
						}
						local := ForallLocal(ForallStartBlocked(lo, block, threads, me), block, threads)
						for from := ForallStartBlocked(lo, block, threads, me); from < end; from = ForallNextBlock(from, block, threads) {
							for i := from; i < min(ForallBlockEnd(from, block), end); i, local = i+1, local+1 {
								got = append(got, i)
								// The running local element number is i's.
								require.Equal(t, ForallLocal(i, block, threads), local, "T=%d B=%d i=%d", threads, block, i)
								if i >= 0 {
									require.Equal(t, i/block/int64(threads)*block+i%block, local, "T=%d B=%d i=%d", threads, block, i)
								}
							}
						}
						require.Equal(t, want, got, "T=%d B=%d me=%d lo=%d end=%d", threads, block, me, lo, end)
					}
				}
			}
		}
	}
}

func floorBlock(i, b int64) int64 {
	q, _ := floorDiv(i, b)
	return q
}
