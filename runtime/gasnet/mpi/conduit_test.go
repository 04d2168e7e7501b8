//go:build mpi

package mpi

// These tests need MPI processes: build the test binary with the mpi tag
// and start it under mpirun (make test-mpi does):
//
//	go test -c -tags mpi -race -o mpi.test ./runtime/gasnet/mpi
//	mpirun -n 2 ./mpi.test
//
// Every process runs every test, in order; a test's jobs span all
// processes. Rank bodies use assert, never require: a rank that stopped
// early would leave the others waiting in a barrier.

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if err := Finalize(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

// variant is one configuration the tests run under.
type variant struct {
	name    string
	perProc int
	mod     func(*Config)
}

var variants = []variant{
	{"multiple/1", 1, nil},
	{"multiple/2", 2, nil},
	{"funneled/2", 2, func(c *Config) { c.Threads = "funneled" }},
	{"datatype/1", 1, func(c *Config) { c.VIS = "datatype" }},
	{"pack/2", 2, func(c *Config) { c.VIS = "pack" }},
	{"noagg/1", 1, func(c *Config) { c.AggBytes = 0 }},
	{"am-atomics/2", 2, func(c *Config) { c.Atomics = "am" }},
	// PSHM: processes on one node (every process here) load and store
	// each other's segments; with atomics through MPI, the separate
	// window over MPI_COMM_WORLD a job across nodes uses is exercised too.
	{"pshm/2", 2, func(c *Config) { c.PSHM = true }},
	{"pshm-split/1", 1, func(c *Config) { c.PSHM, c.pshmSplit, c.Atomics = true, true, "mpi" }},
	{"tiny-pools/2", 2, func(c *Config) {
		c.Slots, c.OpsLocal, c.OpsGlobal, c.TargetsLocal, c.TargetsGlobal = 2, 3, 1, 1, 0
		c.AggOps, c.AggMin = 4, 2
		c.Eager = headerSize + 100
		c.Recvs = 2
	}},
}

// runJob runs body on every rank of a job of the variant's shape and
// fails the test if the job aborted. Variants run without PSHM unless
// they ask for it: the paths through MPI are what most of them test.
func runJob(t *testing.T, v variant, body func(ep *gasnet.Endpoint)) *Conduit {
	t.Helper()
	cfg := DefaultConfig()
	cfg.PSHM = false
	if v.mod != nil {
		v.mod(&cfg)
	}
	c, err := New(gasnet.ConduitRequest{PerProc: v.perProc}, cfg)
	require.NoError(t, err)
	j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: 4 << 20})
	require.NoError(t, err)
	err = j.Run(body)
	require.NoError(t, err)
	require.NoError(t, c.Close())
	return c
}

// each runs a test body under every variant.
func each(t *testing.T, body func(t *testing.T, v variant, ep *gasnet.Endpoint)) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			runJob(t, v, func(ep *gasnet.Endpoint) { body(t, v, ep) })
		})
	}
}

func ptr(b []byte) unsafe.Pointer { return unsafe.Pointer(&b[0]) }

// hostTableOff is where hostsOf writes in every segment, beyond what the
// tests below use.
const hostTableOff = 2 << 20

// hostsOf returns, for each rank, a hash of the name of the host its
// process runs on (collective). It is the oracle for which processes share
// a node: the host name, not MPI's MPI_COMM_TYPE_SHARED split the conduit
// itself uses. On one machine every process has the same host; in the
// multi-node test (testsuite/multinode) each node has its own.
func hostsOf(t *testing.T, ep *gasnet.Endpoint) []uint64 {
	name, err := os.Hostname()
	require.NoError(t, err)
	h := fnv.New64a()
	h.Write([]byte(name))
	mine := make([]byte, 8)
	binary.LittleEndian.PutUint64(mine, h.Sum64())
	for r := range ep.Size() {
		ep.Put(r, hostTableOff+uintptr(8*ep.Rank()), ptr(mine), 8)
	}
	assert.NoError(t, ep.Barrier(0, true))
	table := make([]byte, 8*ep.Size())
	ep.Get(ptr(table), ep.Rank(), hostTableOff, uintptr(len(table)))
	hosts := make([]uint64, ep.Size())
	for r := range hosts {
		hosts[r] = binary.LittleEndian.Uint64(table[8*r:])
	}
	assert.NoError(t, ep.Barrier(0, true))
	return hosts
}

// nodePeer returns a rank of another process on this rank's node, with the
// same index within its process: the processes of a node in a ring, so
// every rank is the peer of exactly one other. On a node of one process
// it is the rank itself.
func nodePeer(ep *gasnet.Endpoint, perProc int, hosts []uint64) int {
	var procs []int // the processes on this node, in order
	for p := 0; p < ep.Size()/perProc; p++ {
		if hosts[p*perProc] == hosts[ep.Rank()] {
			procs = append(procs, p)
		}
	}
	next := procs[(slices.Index(procs, ep.Rank()/perProc)+1)%len(procs)]
	return next*perProc + ep.Rank()%perProc
}

func TestLayoutAndAddressability(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		c := ep.Job().Conduit().(*Conduit)
		assert.Equal(t, c.Procs()*v.perProc, ep.Size())
		hosts := hostsOf(t, ep)
		pshm := c.Config().PSHM
		onNode := 0 // processes on this node
		for r := range ep.Size() {
			local := r/v.perProc == ep.Rank()/v.perProc
			sameNode := hosts[r] == hosts[ep.Rank()]
			assert.Equal(t, local || pshm && sameNode, ep.Segment(r) != nil, "rank %d from %d", r, ep.Rank())
			if sameNode && r%v.perProc == 0 {
				onNode++
			}
		}
		if pshm {
			assert.Equal(t, onNode, c.Shared())
			// Every rank sees every addressable segment at its own address.
			for r := range ep.Size() {
				for q := range r {
					if ep.Segment(q) != nil {
						assert.NotEqual(t, ep.Segment(q), ep.Segment(r))
					}
				}
			}
		} else {
			assert.Equal(t, 1, c.Shared())
		}
	})
}

// TestPSHMDataThenFlag: plain stores to another process's segment on this
// node, then an atomic flag, are seen in that order by a reader spinning
// on the flag, as between goroutines on the smp conduit; and a barrier
// orders plain stores before plain loads after it.
func TestPSHMDataThenFlag(t *testing.T) {
	for _, v := range variants {
		if !strings.HasPrefix(v.name, "pshm") {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			runJob(t, v, func(ep *gasnet.Endpoint) {
				const n, flag = 1 << 16, 1 << 20
				next := nodePeer(ep, v.perProc, hostsOf(t, ep))
				for round := uint64(1); round <= 20; round++ {
					dst := unsafe.Slice((*uint64)(ep.Segment(next)), n)
					for i := range dst {
						dst[i] = round<<32 | uint64(i)
					}
					ep.Atomic(next, flag, gasnet.AtomicSet, gasnet.Uint64, round, 0)
					for ep.Atomic(ep.Rank(), flag, gasnet.AtomicGet, gasnet.Uint64, 0, 0) != round {
					}
					mine := unsafe.Slice((*uint64)(ep.Segment(ep.Rank())), n)
					for i, x := range mine {
						if x != round<<32|uint64(i) {
							assert.Failf(t, "data before flag", "round %d element %d is %#x", round, i, x)
							break
						}
					}
					assert.NoError(t, ep.Barrier(0, true))
				}
				// Zero-filled at start, as C's static storage must be:
				// far beyond what any test wrote.
				far := unsafe.Slice((*byte)(unsafe.Add(ep.Segment(next), 3<<20)), 4096)
				for _, b := range far {
					if b != 0 {
						assert.Fail(t, "segment not zero-filled")
						break
					}
				}
				assert.NoError(t, ep.Barrier(0, true))
			})
		})
	}
}

func TestPutGetEveryPair(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		buf := make([]byte, 8)
		for dst := range ep.Size() {
			binary.LittleEndian.PutUint64(buf, uint64(ep.Rank()*100+dst))
			ep.Put(dst, uintptr(8*ep.Rank()), ptr(buf), 8)
		}
		assert.NoError(t, ep.Barrier(0, true))
		for src := range ep.Size() {
			from := (ep.Rank() + 1) % ep.Size()
			ep.Get(ptr(buf), src, uintptr(8*from), 8)
			assert.Equal(t, uint64(from*100+src), binary.LittleEndian.Uint64(buf))
		}
		assert.NoError(t, ep.Barrier(0, true))
	})
}

func TestNonBlockingAndImplicit(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		peer := (ep.Rank() + v.perProc) % ep.Size() // in another process when there is one
		const n = 1000
		vals := make([]byte, 8*n)
		for i := range n {
			binary.LittleEndian.PutUint64(vals[8*i:], uint64(i*7+ep.Rank()))
			ep.PutNBI(peer, uintptr(8*i), ptr(vals[8*i:]), 8)
		}
		ep.Wait(ep.PutNB(peer, 0, ptr(vals), 0)) // no bytes: held, then nothing to send
		ep.WaitNBI()
		big := make([]byte, 300000)
		for i := range big {
			big[i] = byte(i*3 + ep.Rank())
		}
		h := ep.PutNB(peer, 16384, ptr(big), uintptr(len(big)))
		for !ep.Try(h) {
		}
		assert.NoError(t, ep.Barrier(1, false))
		// Read back what this rank wrote at its peer.
		got := make([]byte, 8*n)
		ep.BeginRegion()
		for i := range n {
			ep.GetNBI(ptr(got[8*i:]), peer, uintptr(8*i), 8)
		}
		ep.Wait(ep.EndRegion())
		for i := range n {
			if !assert.Equal(t, uint64(i*7+ep.Rank()), binary.LittleEndian.Uint64(got[8*i:]), "element %d", i) {
				break
			}
		}
		back := make([]byte, len(big))
		ep.Wait(ep.GetNB(ptr(back), peer, 16384, uintptr(len(back))))
		for i := range back {
			if back[i] != byte(i*3+ep.Rank()) {
				assert.Failf(t, "large get", "byte %d: %d", i, back[i])
				break
			}
		}
		assert.NoError(t, ep.Barrier(2, false))
	})
}

func TestVIS(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		// Each rank writes at its peer, then reads back what it wrote.
		peer := (ep.Rank() + v.perProc) % ep.Size()
		src := make([]byte, 4096)
		for i := range src {
			src[i] = byte(i + 11*ep.Rank())
		}
		// Vector: three regions into two.
		ep.PutV(peer, []gasnet.RemoteVec{{Off: 100, Len: 10}, {Off: 300, Len: 20}},
			[]gasnet.LocalVec{{Addr: ptr(src[0:]), Len: 5}, {Addr: ptr(src[50:]), Len: 15}, {Addr: ptr(src[200:]), Len: 10}})
		// Indexed: 16 blocks of 8 at scattered offsets.
		offs := make([]uintptr, 16)
		ptrs := make([]unsafe.Pointer, 16)
		for i := range offs {
			offs[i] = uintptr(1000 + 64*((i*5)%16))
			ptrs[i] = ptr(src[8*i:])
		}
		ep.PutI(peer, offs, 8, ptrs, 8)
		// Strided: a 3×4 block of 6-byte runs into a 2-d section.
		ep.PutS(peer, 3000, []uintptr{10, 50}, ptr(src[600:]), []uintptr{6, 24}, []uintptr{6, 4, 3})
		// Transposing: an 8×8 matrix of 4-byte elements, transposed.
		ep.PutT(peer, 5000, []int64{32, 4}, ptr(src[1000:]), []int64{4, 32}, []uintptr{8, 8}, 4)
		assert.NoError(t, ep.Barrier(0, true))

		want := func(i int) byte { return byte(i + 11*ep.Rank()) }
		got := make([]byte, 30)
		ep.GetV([]gasnet.LocalVec{{Addr: ptr(got), Len: 12}, {Addr: ptr(got[12:]), Len: 18}}, peer,
			[]gasnet.RemoteVec{{Off: 100, Len: 10}, {Off: 300, Len: 20}})
		var w []byte
		for _, r := range [][2]int{{0, 5}, {50, 15}, {200, 10}} {
			for i := r[0]; i < r[0]+r[1]; i++ {
				w = append(w, want(i))
			}
		}
		assert.Equal(t, w, got, "vector")

		blocks := make([]byte, 128)
		bptrs := make([]unsafe.Pointer, 16)
		for i := range bptrs {
			bptrs[i] = ptr(blocks[8*i:])
		}
		ep.GetI(bptrs, 8, peer, offs, 8)
		w = w[:0]
		for i := range 128 {
			w = append(w, want(i))
		}
		assert.Equal(t, w, blocks, "indexed")

		sec := make([]byte, 72)
		ep.GetS(ptr(sec), []uintptr{6, 24}, peer, 3000, []uintptr{10, 50}, []uintptr{6, 4, 3})
		w = w[:0]
		for i := range 72 {
			w = append(w, want(600+i))
		}
		assert.Equal(t, w, sec, "strided")

		tr := make([]byte, 256)
		ep.GetS(ptr(tr), []uintptr{32}, peer, 5000, []uintptr{32}, []uintptr{32, 8})
		ok := true
		for i := range 8 {
			for j := range 8 {
				for b := range 4 {
					ok = ok && tr[32*i+4*j+b] == want(1000+32*j+4*i+b)
				}
			}
		}
		assert.True(t, ok, "transposed")
		assert.NoError(t, ep.Barrier(0, true))
	})
}

func TestAtomics(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		const rounds = 50
		for range rounds {
			ep.Atomic(0, 0, gasnet.AtomicAdd, gasnet.Int64, 1, 0)
			ep.Atomic(0, 8, gasnet.AtomicAdd, gasnet.Float64, math.Float64bits(0.5), 0)
			ep.Atomic(0, 16, gasnet.AtomicAdd, gasnet.Uint32, 2, 0)
		}
		ep.Atomic(0, 24, gasnet.AtomicMin, gasnet.Int64, uint64(int64(-ep.Rank())), 0)
		ep.Atomic(0, 32, gasnet.AtomicMax, gasnet.Uint32, uint64(ep.Rank()+1000), 0)
		won := ep.Atomic(0, 40, gasnet.AtomicCAS, gasnet.Uint64, uint64(ep.Rank()+1), 0) == 0
		winners := ep.Atomic(0, 48, gasnet.AtomicAdd, gasnet.Int32, map[bool]uint64{true: 1, false: 0}[won], 0)
		_ = winners
		assert.NoError(t, ep.Barrier(0, true))
		n := uint64(ep.Size())
		assert.Equal(t, rounds*n, ep.Atomic(0, 0, gasnet.AtomicGet, gasnet.Int64, 0, 0))
		assert.Equal(t, float64(rounds*n)/2, math.Float64frombits(ep.Atomic(0, 8, gasnet.AtomicGet, gasnet.Float64, 0, 0)))
		assert.Equal(t, 2*rounds*n, ep.Atomic(0, 16, gasnet.AtomicGet, gasnet.Uint32, 0, 0))
		assert.Equal(t, -int64(n-1), int64(ep.Atomic(0, 24, gasnet.AtomicGet, gasnet.Int64, 0, 0)))
		assert.Equal(t, 999+n, ep.Atomic(0, 32, gasnet.AtomicGet, gasnet.Uint32, 0, 0))
		assert.Equal(t, uint64(1), ep.Atomic(0, 48, gasnet.AtomicGet, gasnet.Int32, 0, 0), "one compare-and-swap wins")
		assert.NoError(t, ep.Barrier(1, true))
		if ep.Rank() == 0 {
			ep.Atomic(0, 0, gasnet.AtomicSet, gasnet.Int64, 0, 0)
			ep.Atomic(0, 16, gasnet.AtomicSet, gasnet.Uint32, 0, 0)
		}
		assert.NoError(t, ep.Barrier(2, true))
	})
}

// Active messages: order per source, bulk payloads, and calls.
var (
	orderMu   sync.Mutex
	orderNext = map[[2]int]uint64{}
	orderBad  int
	hOrder    = gasnet.RegisterHandler("mpi-test-order", func(tok gasnet.Token, args []uint64, payload []byte) {
		orderMu.Lock()
		defer orderMu.Unlock()
		k := [2]int{tok.Src(), tok.Dst()}
		if args[0] != orderNext[k] || (len(payload) > 0 && payload[len(payload)-1] != byte(args[0])) {
			orderBad++
		}
		orderNext[k] = args[0] + 1
	})
	hEcho = gasnet.RegisterHandler("mpi-test-echo", func(tok gasnet.Token, args []uint64, payload []byte) {
		ref, a := gasnet.CallArgs(args)
		tok.Job().Return(tok.Dst(), ref, []uint64{a[0] + 1}, payload)
	})
)

func TestActiveMessages(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		peer := (ep.Rank() + v.perProc) % ep.Size()
		for i := range 300 {
			var payload []byte
			if i%50 == 7 {
				payload = make([]byte, 200000) // bulk
				payload[len(payload)-1] = byte(i)
			}
			ep.Send(peer, hOrder, []uint64{uint64(i)}, payload)
		}
		big := make([]byte, 1<<20)
		big[12345] = 42
		r, back := ep.Call(peer, hEcho, []uint64{9}, big)
		assert.Equal(t, []uint64{10}, r)
		assert.Equal(t, byte(42), back[12345])
		assert.NoError(t, ep.Barrier(0, true))
		// The peer's 300 messages have arrived: it called us after them.
		r, _ = ep.Call((ep.Rank()-v.perProc+ep.Size())%ep.Size(), hEcho, []uint64{0}, nil)
		assert.Equal(t, []uint64{1}, r)
		assert.NoError(t, ep.Barrier(0, true))
		orderMu.Lock()
		assert.Zero(t, orderBad, "messages delivered out of order")
		clear(orderNext)
		orderMu.Unlock()
		assert.NoError(t, ep.Barrier(0, true))
	})
}

func TestBarrierIDs(t *testing.T) {
	each(t, func(t *testing.T, v variant, ep *gasnet.Endpoint) {
		for i := range 10 {
			ep.BarrierNotify(int32(i), i%2 == 1 && ep.Rank() == 0)
			assert.NoError(t, ep.BarrierWait())
		}
		id := int32(3)
		if ep.Rank() == ep.Size()-1 {
			id = 4
		}
		err := ep.Barrier(id, false)
		var mm *gasnet.BarrierMismatchError
		if assert.ErrorAs(t, err, &mm) {
			assert.Equal(t, ep.Rank(), mm.Rank)
			assert.Contains(t, mm.Detail, fmt.Sprintf("this thread used id %d", id))
		}
		ep.BarrierNotify(0, true)
		for {
			done, err := ep.BarrierTry()
			assert.NoError(t, err)
			if done {
				break
			}
		}
	})
}

func TestAggregationStats(t *testing.T) {
	// Held puts are released only by count or by the wait, never by age.
	v := variant{"agg", 1, func(c *Config) { c.VIS = "datatype"; c.AggMin = 4; c.AggOps = 64; c.AggHold = time.Hour }}
	var merged, transfers uint64
	c := runJob(t, v, func(ep *gasnet.Endpoint) {
		peer := (ep.Rank() + 1) % ep.Size()
		x := make([]byte, 8*256)
		for i := range 256 {
			x[8*i] = byte(i)
			ep.PutNBI(peer, uintptr(16*i), ptr(x[8*i:]), 8)
		}
		ep.WaitNBI()
		assert.NoError(t, ep.Barrier(0, true))
		got := make([]byte, 8)
		for i := range 256 {
			ep.Get(ptr(got), ep.Rank(), uintptr(16*i), 8)
			if got[0] != byte(i) {
				assert.Failf(t, "merged put", "element %d is %d", i, got[0])
				break
			}
		}
		assert.NoError(t, ep.Barrier(0, true))
	})
	if c.Procs() > 1 {
		merged, transfers = c.tab.merged[0].Load(), c.tab.transfers[0].Load()
		assert.Equal(t, uint64(256), merged)
		assert.Equal(t, uint64(4), transfers, "256 held puts in groups of 64")
	}
}
