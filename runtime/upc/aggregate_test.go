package upc

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// aggLoop runs "for i := 0; i < n; i++ { body(i, at) }" in the shape the
// compiler emits for an aggregated loop (lower/aggregate_emit.go): elems
// gives the element each access touches in iteration i, body gets, for
// each access, the private address to use. It returns the strips run.
func aggLoop(a *Agg, n int, elems func(i int) []SharedPtr, body func(i int, at []uintptr)) (strips int) {
	i := 0
	for a.Strip(i < n) {
		strips++
		for i := i; i < n && a.More(); i++ {
			for k, p := range elems(i) {
				a.List(k, p)
			}
		}
		for k := range a.acc {
			a.Get(k)
		}
		for ; i < n && a.Next(); i++ {
			ps := elems(i)
			at := make([]uintptr, len(ps))
			for k, p := range ps {
				at[k] = a.At(k, p)
			}
			body(i, at)
		}
		for k := range a.acc {
			a.Put(k)
		}
	}
	return strips
}

// TestAggregate reads the column of a cyclic 2-d array and writes a
// neighbour's block element by element through an Agg, as transformed
// loops do, with threads in one process (the loop runs as written: one
// strip, no message) and in simulated processes (strips, one message per
// owner at most): the values are the loop's either way.
func TestAggregate(t *testing.T) {
	for _, threads := range []int{1, 3, 4} {
		runBoth(t, threads, func(th *Thread) {
			const cols = 5
			rows := 4 * th.Threads
			a := AllocArray[int64](th, 1, rows*cols) // cyclic a[rows][cols]
			for i := range rows * cols {
				if a.ThreadOf(i) == th.MyThread {
					a.Set(th, i, int64(i))
				}
			}
			th.Barrier()
			// sum += a[i][c] for c = MYTHREAD % cols.
			c := th.MyThread % cols
			var sum int64
			gets := th.ep.Stats.Gets
			agg := th.Aggregate(0, AggRead(8))
			strips := aggLoop(agg, rows, func(i int) []SharedPtr { return []SharedPtr{a.Ptr(i*cols + c)} },
				func(i int, at []uintptr) { sum += *cmem.Ptr[int64](at[0]) })
			require.Equal(t, 1, strips)
			want := int64(0)
			for i := range rows {
				want += int64(i*cols + c)
			}
			require.Equal(t, want, sum)
			require.LessOrEqual(t, th.ep.Stats.Gets-gets, uint64(th.Threads), "one get per owner at most")
			th.Barrier()

			// Each thread adds to the block of its right neighbour in a
			// blocked array, element by element: an update.
			const block = 6
			b := AllocArray[int64](th, block, block*th.Threads)
			for k := range block {
				b.Set(th, th.MyThread*block+k, 1000)
			}
			th.Barrier()
			right := (th.MyThread + 1) % th.Threads
			puts := th.ep.Stats.Puts
			aggLoop(th.Aggregate(0, AggUpdate(8)), block, func(k int) []SharedPtr { return []SharedPtr{b.Ptr(right*block + k)} },
				func(k int, at []uintptr) { *cmem.Ptr[int64](at[0]) += int64(100*th.MyThread + k) })
			require.LessOrEqual(t, th.ep.Stats.Puts-puts, uint64(1))
			th.Barrier()
			left := (th.MyThread + th.Threads - 1) % th.Threads
			for k := range block {
				require.Equal(t, int64(1000+100*left+k), b.Get(th, th.MyThread*block+k))
			}
			// A zero-trip loop lists nothing and transfers nothing.
			require.Equal(t, 0, aggLoop(th.Aggregate(0, AggRead(8)), 0, nil, nil))
		})
	}
}

// TestAggregateStrips checks that the buffer limit bounds a strip: 100
// iterations of two 8-byte accesses with 256 bytes per strip take
// ceil(100/16) strips where listing is needed, one where it is not.
func TestAggregateStrips(t *testing.T) {
	runBoth(t, 2, func(th *Thread) {
		v := AllocArray[int64](th, 1, 200)
		w := AllocArray[int64](th, 1, 200)
		th.Barrier()
		agg := th.Aggregate(256, AggRead(8), AggStore(8))
		strips := aggLoop(agg, 100, func(i int) []SharedPtr { return []SharedPtr{v.Ptr(2*i + th.MyThread), w.Ptr(2*i + th.MyThread)} },
			func(i int, at []uintptr) { *cmem.Ptr[int64](at[1]) = *cmem.Ptr[int64](at[0]) + int64(i) })
		if th.addressesAll {
			require.Equal(t, 1, strips)
		} else {
			require.Equal(t, 7, strips)
		}
		th.Barrier()
		for i := range 100 {
			require.Equal(t, int64(i), w.Get(th, 2*i+th.MyThread))
		}
	})
}

// TestAggregateSlotCount checks that a body which takes two buffer slots
// per iteration for one access (a read-modify-write that computed the
// element's address twice) fails loudly at Put where strips run, instead
// of storing bytes past its elements; where the loop runs as written, At
// is the element's own address and taking it twice is harmless.
func TestAggregateSlotCount(t *testing.T) {
	runBoth(t, 2, func(th *Thread) {
		v := AllocArray[uint8](th, 1, 8) // cyclic: element 2i+1-MYTHREAD is the neighbour's
		th.Barrier()
		elem := func(i int) SharedPtr { return v.Ptr(2*i + 1 - th.MyThread) }
		agg := th.Aggregate(0, AggUpdate(1))
		twice := func() {
			aggLoop(agg, 4, func(i int) []SharedPtr { return []SharedPtr{elem(i)} },
				func(i int, at []uintptr) { *cmem.Ptr[uint8](agg.At(0, elem(i))) = *cmem.Ptr[uint8](at[0]) >> 1 })
		}
		if th.addressesAll {
			require.NotPanics(t, twice)
			return
		}
		require.PanicsWithValue(t, "shared access in an aggregated loop: internal error: the loop body took 8 buffer slots for 4 listed elements of access 0", twice)
	})
}
