package upc

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Many threads contending, more than any CI machine has cores (issue 16):
// locks, atomics, barriers and the one-pass collectives stay exact.
func TestManyThreadsContended(t *testing.T) {
	for _, P := range []int{16, 33} {
		t.Run(fmt.Sprintf("P=%d", P), func(t *testing.T) {
			runBoth(t, P, func(th *Thread) {
				const rounds = 100
				counter := AllocArray[int64](th, 1, 1)
				l := th.AllLockAlloc()
				d := th.AllAtomicDomainAlloc(TypeInt64, OpAdd|OpCSwap|OpGet, 0)
				fd := th.AllAtomicDomainAlloc(TypeDouble, OpAdd, 0)
				c := th.AllAlloc(1, 64)
				src := th.AllAlloc(uintptr(P), 8)
				dst := th.AllAlloc(1, 8)
				for i := range rounds {
					th.Lock(l)
					v := counter.Get(th, 0) // lost without mutual exclusion
					counter.Set(th, 0, v+1)
					th.Unlock(l)
					th.Atomic(d, OpAdd, c, 1, 0, false)
					th.Atomic(fd, OpAdd, c.Add(8, Indefinite(1), P), math.Float64bits(0.25), 0, false)
					for {
						old := th.Atomic(d, OpGet, c.Add(16, Indefinite(1), P), 0, 0, false)
						if th.Atomic(d, OpCSwap, c.Add(16, Indefinite(1), P), old, old+1, false) == old {
							break
						}
					}
					Store(th, SharedPtr{Thread: uint32(th.MyThread), Addr: src.Addr}, int64(i+th.MyThread))
					AllReduce[int64](th, dst, src, OpAdd, uintptr(P), 1, nil, InAllSync|OutAllSync)
					require.Equal(t, int64(P*i+P*(P-1)/2), Load[int64](th, dst), "round %d", i)
					th.BarrierID(int64(i))
				}
				require.Equal(t, int64(rounds*P), counter.Get(th, 0))
				assert.Equal(t, int64(rounds*P), Load[int64](th, c))
				assert.Equal(t, 0.25*rounds*float64(P), Load[float64](th, c.Add(8, Indefinite(1), P)))
				assert.Equal(t, int64(rounds*P), Load[int64](th, c.Add(16, Indefinite(1), P)))
				th.Barrier()
				th.AllLockFree(l)
				th.AllAtomicDomainFree(d)
				th.AllAtomicDomainFree(fd)
			})
		})
	}
}
