package upc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A small broadcast or reduction with ALLSYNC on the smp conduit is one
// phase of the job barrier (not barrier + tree + barrier), and the data is
// in place on every thread when any thread returns.
func TestCollOnePass(t *testing.T) {
	for _, P := range []int{1, 5, 16} {
		t.Run(fmt.Sprintf("P=%d", P), func(t *testing.T) {
			require.NoError(t, Run(P, func(th *Thread) {
				nb := th.ep.JobBarrier()
				require.NotNil(t, nb)
				src := th.AllAlloc(uintptr(P), 8)
				dst := th.AllAlloc(uintptr(P), 8)
				Store(th, SharedPtr{Thread: uint32(th.MyThread), Addr: src.Addr}, float64(th.MyThread)+0.5)
				th.Barrier()
				before := nb.Phases()
				for i := range 3 {
					AllReduce[float64](th, dst, src, OpAdd, uintptr(P), 1, nil, InAllSync|OutAllSync)
					for r := range P {
						// Every thread sees the result at once (OUT_ALLSYNC).
						want := float64(P*P) / 2
						assert.Equal(t, want, Load[float64](th, dst), "round %d thread %d", i, r)
					}
				}
				th.AllBroadcast(dst, SharedPtr{Thread: uint32(P - 1), Addr: src.Addr}, 8, InMySync|OutMySync)
				for r := range P {
					assert.Equal(t, float64(P-1)+0.5, Load[float64](th, SharedPtr{Thread: uint32(r), Addr: dst.Addr}))
				}
				assert.Equal(t, before+4, nb.Phases(), "four calls, four phases")
				th.Barrier()
			}))
		})
	}
}
