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
	"os"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/gasnettest"
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

// config is the variant's configuration. Variants run without PSHM
// unless they ask for it: the paths through MPI are what most of them
// test.
func (v variant) config() Config {
	cfg := DefaultConfig()
	cfg.PSHM = false
	if v.mod != nil {
		v.mod(&cfg)
	}
	return cfg
}

// runJob runs body on every rank of a job of the variant's shape and
// fails the test if the job aborted.
func runJob(t *testing.T, v variant, body func(ep *gasnet.Endpoint)) *Conduit {
	t.Helper()
	c, err := New(gasnet.ConduitRequest{PerProc: v.perProc}, v.config())
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

// TestConformance runs the conduit conformance suite in every variant,
// with the variant's aggregation and eager limits among the sizes it
// moves (the largest payload that fits an eager message, and one byte
// either side).
func TestConformance(t *testing.T) {
	for _, v := range variants {
		cfg := v.config()
		t.Run(v.name, func(t *testing.T) {
			gasnettest.Run(t, func() (gasnet.Conduit, error) {
				return New(gasnet.ConduitRequest{PerProc: v.perProc}, cfg)
			}, int(cfg.AggBytes), cfg.Eager-headerSize)
		})
	}
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
