package gasnet

import (
	"fmt"
	"testing"
	"time"
	"unsafe"
)

// One-way latency of a notified write seen by NotifyWaitSome on another
// rank (goroutine), measured as half a ping-pong, beside a Go channel's
// round trip between two goroutines; ns/one-way is the number to compare.
// procs=1 is the direct path, procs=2 the message path of simulated
// processes.
func BenchmarkNotifyPingPong(b *testing.B) {
	for _, procs := range []int{1, 2} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			var elapsed time.Duration
			benchJob(b, 2, procs, 1<<20, func(ep *Endpoint) {
				me := ep.Rank()
				other := 1 - me
				v := uint64(me)
				if err := ep.Barrier(0, true); err != nil {
					b.Error(err)
					return
				}
				wait := func() bool {
					if _, err := ep.NotifyWaitSome(0, 1); err != nil {
						b.Error(err)
						return false
					}
					_, _ = ep.NotifyReset(0)
					return true
				}
				send := func() bool {
					if err := ep.PutNotify(other, 8*uintptr(me), unsafe.Pointer(&v), 8, 0, 1); err != nil {
						b.Error(err)
						return false
					}
					return true
				}
				if me == 0 {
					b.ResetTimer()
					start := time.Now()
					for range b.N {
						if !send() || !wait() {
							return
						}
					}
					elapsed = time.Since(start)
					b.StopTimer()
				} else {
					for range b.N {
						if !wait() || !send() {
							return
						}
					}
				}
				ep.NotifyQueue(0).Wait()
			})
			b.ReportMetric(float64(elapsed.Nanoseconds())/float64(2*b.N), "ns/one-way")
		})
	}
}

// BenchmarkChanPingPong is the yardstick: a round trip through two
// unbuffered channels between two goroutines.
func BenchmarkChanPingPong(b *testing.B) {
	ping, pong := make(chan uint64), make(chan uint64)
	go func() {
		for v := range ping {
			pong <- v
		}
		close(pong)
	}()
	start := time.Now()
	for i := range b.N {
		ping <- uint64(i)
		<-pong
	}
	elapsed := time.Since(start)
	close(ping)
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(2*b.N), "ns/one-way")
}

// Pipelined notified reads of 32 chunks (a window of 8 in flight, each
// chunk processed as its slot is seen, the next read issued) against a
// read then a wait per chunk; the message path is where it matters.
const (
	benchChunks = 32
	benchWindow = 8
)

func BenchmarkNotifyPipelinedRead(b *testing.B) {
	for _, chunk := range []int{512, 8 << 10} {
		for _, procs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/procs=%d", sizeName(chunk), procs), func(b *testing.B) {
				benchJob(b, 2, procs, 1<<20, func(ep *Endpoint) {
					if ep.Rank() != 0 {
						return
					}
					dst := make([]byte, benchChunks*chunk)
					var sum byte
					b.SetBytes(int64(len(dst)))
					b.ResetTimer()
					for range b.N {
						for c := range benchWindow {
							_ = ep.GetNotify(unsafe.Pointer(&dst[c*chunk]), 1, uintptr(c*chunk), uintptr(chunk), uint32(c))
						}
						for c := range benchChunks {
							id, _ := ep.NotifyWaitSome(uint32(c), 1)
							_, _ = ep.NotifyReset(id)
							sum += dst[c*chunk]
							if next := c + benchWindow; next < benchChunks {
								_ = ep.GetNotify(unsafe.Pointer(&dst[next*chunk]), 1, uintptr(next*chunk), uintptr(chunk), uint32(next))
							}
						}
					}
					_ = sum
				})
			})
		}
	}
}

func BenchmarkReadThenWait(b *testing.B) {
	for _, chunk := range []int{512, 8 << 10} {
		for _, procs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/procs=%d", sizeName(chunk), procs), func(b *testing.B) {
				benchJob(b, 2, procs, 1<<20, func(ep *Endpoint) {
					if ep.Rank() != 0 {
						return
					}
					dst := make([]byte, benchChunks*chunk)
					var sum byte
					b.SetBytes(int64(len(dst)))
					b.ResetTimer()
					for range b.N {
						for c := range benchChunks {
							ep.Wait(ep.GetNB(unsafe.Pointer(&dst[c*chunk]), 1, uintptr(c*chunk), uintptr(chunk)))
							sum += dst[c*chunk]
						}
					}
					_ = sum
				})
			})
		}
	}
}
