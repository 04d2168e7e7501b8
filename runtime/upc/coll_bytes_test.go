package upc

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

var (
	testLibA = NewLibCollective("lib_a")
	testLibB = NewLibCollective("lib_b")
)

// TestAllGatherBytes gathers records of different lengths (empty ones
// included) at thread counts that make uneven trees, in one process and
// across several, and checks every thread sees every record in thread
// order, over consecutive calls.
func TestAllGatherBytes(t *testing.T) {
	for _, shape := range [][2]int{{1, 1}, {2, 1}, {3, 1}, {5, 1}, {8, 1}, {4, 2}, {6, 3}} {
		threads, procs := shape[0], shape[1]
		t.Run(fmt.Sprintf("threads=%d/procs=%d", threads, procs), func(t *testing.T) {
			_, err := RunWith(Options{Threads: threads, Conduit: smp.New(threads, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
				for round := range 3 {
					mine := bytes.Repeat([]byte{byte(th.MyThread + 10*round)}, (th.MyThread*7+round)%5)
					all := th.AllGatherBytes(testLibA, mine)
					require.Len(t, all, threads)
					for i, got := range all {
						assert.Equal(t, bytes.Repeat([]byte{byte(i + 10*round)}, (i*7+round)%5), got, "round %d, thread %d's record seen by %d", round, i, th.MyThread)
					}
				}
				return 0
			})
			require.NoError(t, err)
		})
	}
}

// TestAllGatherBytesMismatch: threads in different library collectives at
// the same call are reported with both names.
func TestAllGatherBytesMismatch(t *testing.T) {
	_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, 1), SegmentSize: 1 << 20}, func(th *Thread) int {
		if th.MyThread == 0 {
			th.AllGatherBytes(testLibA, nil)
		} else {
			th.AllGatherBytes(testLibB, nil)
		}
		return 0
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "lib_a")
	assert.Contains(t, err.Error(), "lib_b")
}
