package smp_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/gasnettest"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// TestConformance runs the conduit conformance suite on the smp conduit:
// one rank; several in one process (every segment addressable); every
// rank a simulated process of its own (everything by active message); and
// simulated processes of two ranks each (both paths in one job).
func TestConformance(t *testing.T) {
	for _, shape := range []struct{ ranks, procs int }{{1, 1}, {4, 1}, {4, 4}, {6, 3}} {
		t.Run(fmt.Sprintf("ranks=%d,procs=%d", shape.ranks, shape.procs), func(t *testing.T) {
			gasnettest.Run(t, func() (gasnet.Conduit, error) { return smp.New(shape.ranks, shape.procs), nil })
		})
	}
}

// The ranks of one (simulated) process share one segment table: memory
// and start-up stay linear in the ranks.
func TestSegmentTableShared(t *testing.T) {
	for _, procs := range []int{1, 3} {
		c := smp.New(9, procs)
		j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: 1 << 16})
		require.NoError(t, err)
		perProc := 9 / procs
		for _, ep := range j.Local() {
			first := j.Local()[ep.Rank()/perProc*perProc] // the first rank of its process
			assert.Same(t, &first.Segments()[0], &ep.Segments()[0], "procs=%d rank %d", procs, ep.Rank())
			for r := range ep.Size() {
				assert.Equal(t, c.Segment(ep.Rank(), r), ep.Segment(r))
			}
		}
		require.NoError(t, c.Close())
	}
}

var (
	testHold  func()
	hTestHold = gasnet.RegisterHandler("smp-test-hold", func(gasnet.Token, []uint64, []byte) { testHold() })
)

// The conduit is idle only when no message is queued or being handled: a
// rank waiting for one is not stuck.
func TestIdle(t *testing.T) {
	c := smp.New(2, 2)
	j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: 1 << 16})
	require.NoError(t, err)
	defer c.Close()
	assert.True(t, c.Idle())
	entered, release := make(chan struct{}), make(chan struct{})
	testHold = func() { close(entered); <-release }
	j.Endpoint(0).Send(1, hTestHold, nil, nil)
	assert.False(t, c.Idle(), "a message is queued or being handled")
	<-entered
	assert.False(t, c.Idle(), "a message is being handled")
	close(release)
	require.Eventually(t, c.Idle, time.Minute, time.Millisecond)
}
