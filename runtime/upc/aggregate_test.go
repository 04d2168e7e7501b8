package upc

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAggGetPut reads the column of a cyclic 2-d array and writes a
// neighbour's block element by element, as transformed loops do, and
// checks the values and the number of messages: one per owner thread.
func TestAggGetPut(t *testing.T) {
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
			// Column c = MYTHREAD % cols: elements i*cols + c.
			c := th.MyThread % cols
			ptrs := make([]SharedPtr, rows)
			for i := range ptrs {
				ptrs[i] = a.Ptr(i*cols + c)
			}
			buf := make([]byte, 8*rows)
			gets := th.ep.Stats.Gets
			th.AggGet(buf, ptrs, 8)
			for i := range rows {
				require.Equal(t, int64(i*cols+c), int64(binary.LittleEndian.Uint64(buf[8*i:])))
			}
			require.LessOrEqual(t, th.ep.Stats.Gets-gets, uint64(th.Threads), "one get per owner at most")
			th.Barrier()

			// Each thread writes the block of its right neighbour in a
			// blocked array, element by element.
			const block = 6
			b := AllocArray[int64](th, block, block*th.Threads)
			right := (th.MyThread + 1) % th.Threads
			ptrs = ptrs[:0]
			buf = buf[:0]
			for k := range block {
				ptrs = append(ptrs, b.Ptr(right*block+k))
				buf = binary.LittleEndian.AppendUint64(buf, uint64(100*th.MyThread+k))
			}
			puts := th.ep.Stats.Puts
			th.AggPut(ptrs, buf, 8)
			require.LessOrEqual(t, th.ep.Stats.Puts-puts, uint64(1))
			th.Barrier()
			left := (th.MyThread + th.Threads - 1) % th.Threads
			for k := range block {
				require.Equal(t, int64(100*left+k), b.Get(th, th.MyThread*block+k))
			}
			// Empty lists are no transfer at all.
			th.AggGet(nil, nil, 8)
			th.AggPut(nil, nil, 8)
		})
	}
}
