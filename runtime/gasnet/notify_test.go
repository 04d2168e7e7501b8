package gasnet

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNotifyErrors(t *testing.T) {
	run(t, 2, 1, func(ep *Endpoint) {
		if ep.Rank() != 0 {
			return
		}
		buf := make([]byte, 8)
		seg := ep.SegmentSize()
		for _, tc := range []struct {
			name string
			err  error
			want string
		}{
			{"put value 0", ep.PutNotify(1, 0, u64(buf), 8, 3, 0), "notification value 0 is not allowed"},
			{"notify value 0", ep.Notify(1, 3, 0), "notification value 0 is not allowed"},
			{"put id", ep.PutNotify(1, 0, u64(buf), 8, NotifyNum, 1), "notification id 65536 is out of range [0,65536)"},
			{"get id", ep.GetNotify(u64(buf), 1, 0, 8, NotifyNum+5), "notification id 65541 is out of range"},
			{"notify rank", ep.Notify(2, 0, 1), "rank 2 is out of range [0,2)"},
			{"put bounds", ep.PutNotify(1, seg-4, u64(buf), 8, 0, 1), "outside rank 1's segment"},
			{"get null", ep.GetNotify(nil, 1, 0, 8, 0), "null pointer"},
			{"reset id", func() error { _, err := ep.NotifyReset(NotifyNum); return err }(), "out of range"},
			{"waitsome empty", func() error { _, err := ep.NotifyWaitSome(5, 0); return err }(), "empty range"},
			{"waitsome range", func() error { _, err := ep.NotifyWaitSome(NotifyNum-1, 2); return err }(), "notification ids [65535,65537) are out of range"},
			{"depth", ep.NotifyQueue(1).SetDepth(0), "depth 0 is out of range"},
		} {
			if assert.Error(t, tc.err, tc.name) {
				assert.Contains(t, tc.err.Error(), tc.want, tc.name)
			}
		}
		assert.Panics(t, func() { ep.NotifyQueue(NotifyQueues) })
	})
}

// TestNotifySlots: values add up (saturating), reset swaps, waitsome
// returns the lowest non-zero id of its range.
func TestNotifySlots(t *testing.T) {
	run(t, 1, 1, func(ep *Endpoint) {
		require.NoError(t, ep.Notify(0, 7, 2))
		require.NoError(t, ep.Notify(0, 7, 3))
		require.NoError(t, ep.Notify(0, 9, 1))
		id, err := ep.NotifyWaitSome(5, 10)
		require.NoError(t, err)
		assert.Equal(t, uint32(7), id)
		_, ok, err := ep.NotifyTestSome(0, 7)
		require.NoError(t, err)
		assert.False(t, ok)
		old, err := ep.NotifyReset(7)
		require.NoError(t, err)
		assert.Equal(t, uint32(5), old)
		id, err = ep.NotifyWaitSome(0, NotifyNum)
		require.NoError(t, err)
		assert.Equal(t, uint32(9), id)
		require.NoError(t, ep.Notify(0, NotifyNum-1, ^uint32(0)))
		require.NoError(t, ep.Notify(0, NotifyNum-1, 5))
		old, _ = ep.NotifyReset(NotifyNum - 1)
		assert.Equal(t, ^uint32(0), old, "a slot saturates rather than wrapping to zero")
	})
}

// fill and check give each (writer, round) its own byte pattern.
func pattern(writer, round, i int) byte { return byte(writer*31 + round*7 + i) }

// TestNotifyDataBeforeSlot: every rank writes a block into every other
// rank, notified with the round number, many rounds; a target that sees
// the slot must see the whole block of that round, then acknowledges with
// a notification alone so the writer may overwrite the block. Each rank
// consumes on a goroutine of its own, beside its writing one. Some rounds
// use blocks larger than one message, which go as chunks and a separate
// notification.
func TestNotifyDataBeforeSlot(t *testing.T) {
	const ranks, rounds, small, large = 4, 60, 1000, 3*notifyChunk + 100
	sizeOf := func(round int) int {
		if round%10 == 3 {
			return large
		}
		return small
	}
	both(t, ranks, func(ep *Endpoint) {
		me, n := ep.Rank(), ep.Size()
		region := func(writer int) uintptr { return uintptr(writer) * large }
		acks := uint32(n)
		var consumer sync.WaitGroup
		consumer.Add(1)
		go func() {
			defer consumer.Done()
			for range rounds * (n - 1) {
				id, err := ep.NotifyWaitSome(0, uint32(n))
				if err != nil {
					t.Error(err)
					return
				}
				v, _ := ep.NotifyReset(id)
				round := int(v) - 1
				block := bytesAt(unsafe.Add(ep.Segment(me), region(int(id))), uintptr(sizeOf(round)))
				for i, c := range block {
					if c != pattern(int(id), round, i) {
						t.Errorf("rank %d: byte %d of round %d from writer %d is %d when its notification is seen, want %d", me, i, round, id, c, pattern(int(id), round, i))
						return
					}
				}
				if err := ep.Notify(int(id), acks+uint32(me), 1); err != nil {
					t.Error(err)
					return
				}
			}
		}()
		src := make([]byte, large)
		for round := range rounds {
			size := sizeOf(round)
			for i := range size {
				src[i] = pattern(me, round, i)
			}
			for d := range n {
				if d != me {
					require.NoError(t, ep.PutNotify(d, region(me), u64(src), uintptr(size), uint32(me), uint32(round+1)))
				}
			}
			for range n - 1 {
				id, err := ep.NotifyWaitSome(acks, uint32(n))
				require.NoError(t, err)
				v, _ := ep.NotifyReset(id)
				require.Equal(t, uint32(1), v, "one acknowledgement per target and round")
			}
		}
		consumer.Wait()
		ep.NotifyQueue(0).Wait()
		assert.Zero(t, ep.NotifyQueue(0).InFlight())
	})
}

// TestNotifyDisjointWaiters: several goroutines of one rank wait on
// disjoint ranges while the other ranks notify ids in all of them; each
// goroutine gets only its own ids and, resetting, collects exactly the
// values sent to its range.
func TestNotifyDisjointWaiters(t *testing.T) {
	const ranks, waiters, width, perSender = 3, 4, 50, 200
	both(t, ranks, func(ep *Endpoint) {
		if ep.Rank() != 0 {
			for k := range perSender {
				id := uint32((k*13 + ep.Rank()) % (waiters * width))
				require.NoError(t, ep.Notify(0, id, uint32(k%5+1)))
			}
			return
		}
		var want [waiters]uint64
		for r := 1; r < ranks; r++ {
			for k := range perSender {
				id := (k*13 + r) % (waiters * width)
				want[id/width] += uint64(k%5 + 1)
			}
		}
		var wg sync.WaitGroup
		var got [waiters]uint64
		for g := range waiters {
			wg.Add(1)
			go func() {
				defer wg.Done()
				first := uint32(g * width)
				for got[g] < want[g] {
					id, err := ep.NotifyWaitSome(first, width)
					if err != nil || id < first || id >= first+width {
						t.Errorf("waiter %d got id %d (err %v)", g, id, err)
						return
					}
					v, _ := ep.NotifyReset(id)
					got[g] += uint64(v)
				}
			}()
		}
		wg.Wait()
		assert.Equal(t, want, got)
	})
}

// TestNotifyResetRace: writers keep adding to a few slots while readers
// wait and reset them; the values reset add up to the values sent, so no
// arrival between a read and a reset is lost.
func TestNotifyResetRace(t *testing.T) {
	const ranks, slots, perSender, readers = 4, 3, 500, 3
	both(t, ranks, func(ep *Endpoint) {
		if ep.Rank() != 0 {
			for k := range perSender {
				require.NoError(t, ep.Notify(0, uint32(k%slots), uint32(k%3+1)))
			}
			return
		}
		var want uint64
		for k := range perSender {
			want += uint64(k%3 + 1)
		}
		want *= ranks - 1
		var total, arrivals atomic.Uint64
		var wg sync.WaitGroup
		for range readers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for total.Load() < want {
					id, ok, _ := ep.NotifyTestSome(0, slots)
					if !ok {
						continue
					}
					if v, _ := ep.NotifyReset(id); v != 0 {
						total.Add(uint64(v))
						arrivals.Add(1)
					}
				}
			}()
		}
		wg.Wait()
		assert.Equal(t, want, total.Load())
		assert.NotZero(t, arrivals.Load())
	})
}

// TestNotifyGet: a rank reads its neighbour's block in chunks with notified
// gets (one chunk larger than a message), waits for each slot, and finds
// the chunk in place; small and large chunks, both paths.
func TestNotifyGet(t *testing.T) {
	for _, chunk := range []int{256, notifyChunk + 3000} {
		t.Run(fmt.Sprint(chunk), func(t *testing.T) {
			const chunks = 8
			both(t, 3, func(ep *Endpoint) {
				me, n := ep.Rank(), ep.Size()
				mine := make([]byte, chunk*chunks)
				for i := range mine {
					mine[i] = pattern(me, 0, i)
				}
				ep.Put(me, 0, u64(mine), uintptr(len(mine)))
				require.NoError(t, ep.Barrier(0, true))
				from := (me + 1) % n
				dst := make([]byte, chunk*chunks)
				for c := range chunks {
					require.NoError(t, ep.GetNotify(unsafe.Pointer(&dst[c*chunk]), from, uintptr(c*chunk), uintptr(chunk), uint32(100+c)))
				}
				seen := 0
				for seen < chunks {
					id, err := ep.NotifyWaitSome(100, chunks)
					require.NoError(t, err)
					v, _ := ep.NotifyReset(id)
					require.Equal(t, uint32(1), v)
					c := int(id - 100)
					for i := c * chunk; i < (c+1)*chunk; i++ {
						if dst[i] != pattern(from, 0, i) {
							t.Fatalf("chunk %d byte %d is %d when its notification is seen, want %d", c, i, dst[i], pattern(from, 0, i))
						}
					}
					seen++
				}
				ep.NotifyQueue(0).Wait()
				require.NoError(t, ep.Barrier(1, true))
			})
		})
	}
}

// TestNotifyQueueDepth: a queue never holds more transfers than its depth;
// a full queue makes the caller wait (it does not fail); Wait empties it.
func TestNotifyQueueDepth(t *testing.T) {
	both(t, 2, func(ep *Endpoint) {
		const sends = 300
		q := ep.NotifyQueue(3)
		require.NoError(t, q.SetDepth(2))
		assert.Equal(t, 2, q.Depth())
		assert.Equal(t, 3, q.Index())
		other := 1 - ep.Rank()
		buf, in := make([]byte, 64), make([]byte, 8)
		for k := range sends {
			buf[0] = byte(k)
			require.NoError(t, q.PutNotify(other, 0, u64(buf), 64, 1, 1))
			assert.LessOrEqual(t, q.InFlight(), 2)
			require.NoError(t, q.GetNotify(u64(in), other, 128, 8, 2))
			assert.LessOrEqual(t, q.InFlight(), 2)
		}
		q.Wait()
		assert.Zero(t, q.InFlight())
		got := uint32(0)
		for got < sends {
			v, _ := ep.NotifyReset(1)
			got += v
			if got < sends {
				_, err := ep.NotifyWaitSome(1, 1)
				require.NoError(t, err)
			}
		}
		v, _ := ep.NotifyReset(2)
		assert.Equal(t, uint32(sends), v, "every get landed before Wait returned")
		require.NoError(t, ep.Barrier(0, true))
	})
}

// TestNotifyAbort: a rank waiting for a notification that never comes is
// released when another rank fails.
func TestNotifyAbort(t *testing.T) {
	err := runErr(t, 2, 1, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			_, _ = ep.NotifyWaitSome(0, 1)
			return
		}
		panic("boom")
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "boom")
}
