package mpi

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// fakeNet records what the table asks of MPI. With byMessage it plays
// the pack path: operations complete by themselves, not by flushes.
type fakeNet struct {
	mu        sync.Mutex
	log       []string
	data      [][]byte // the bytes of each put issued, as MPI would read them
	byMessage bool
	aggMin    int // held puts issued one by one below this count
	complete  func(gasnet.OpRef)
	flushes   map[int]int
}

func (f *fakeNet) issue(o *op) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.log = append(f.log, fmt.Sprintf("issue %d:%d", o.tgt.proc, o.disp))
	if o.kind == opPut && o.n > 0 && o.addr != nil {
		f.data = append(f.data, append([]byte(nil), unsafe.Slice((*byte)(o.addr), o.n)...))
	}
	if f.byMessage {
		f.complete(o.ref)
	}
	return !f.byMessage
}

func (f *fakeNet) issueHeld(m *op) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := &m.agg
	if m.kind != opMerged || a.count() == 0 {
		panic("issued an empty or foreign aggregation")
	}
	if a.count() < f.aggMin {
		off := uintptr(0)
		for i, d := range a.offs {
			f.log = append(f.log, fmt.Sprintf("issue %d:%d", m.tgt.proc, d))
			f.data = append(f.data, append([]byte(nil), a.data[off:off+a.lens[i]]...))
			off += a.lens[i]
		}
	} else {
		f.log = append(f.log, fmt.Sprintf("merged %d:%d", m.tgt.proc, a.count()))
	}
	if f.byMessage {
		for _, r := range a.refs {
			for range r.n {
				f.complete(r.ref)
			}
		}
	}
	return !f.byMessage
}

func (f *fakeNet) flush(p int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.flushes == nil {
		f.flushes = map[int]int{}
	}
	f.flushes[p]++
}

func (f *fakeNet) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.log...)
}

type tableRig struct {
	tab  *table
	net  *fakeNet
	mu   sync.Mutex
	done map[gasnet.OpRef]int
	next gasnet.OpRef
}

func newRig(t *testing.T, cfg Config, funnel, byMessage bool) *tableRig {
	globalOnce = sync.Once{}
	r := &tableRig{done: map[gasnet.OpRef]int{}}
	r.net = &fakeNet{byMessage: byMessage, aggMin: cfg.AggMin, complete: r.complete}
	completeN := func(ref gasnet.OpRef, n int) {
		for range n {
			r.complete(ref)
		}
	}
	r.tab = newTable(&cfg, r.net, r.complete, completeN, make(chan struct{}), func() {}, funnel, 0, 4)
	// Complete what a test left in flight: an element dropped while it
	// pins its buffer would make the garbage collector panic.
	t.Cleanup(func() {
		r.tab.flush(true)
		r.tab.progress(nanotime())
	})
	return r
}

func (r *tableRig) complete(ref gasnet.OpRef) {
	r.mu.Lock()
	r.done[ref]++
	r.mu.Unlock()
}

// post posts an operation of kind k and n bytes to process p at disp.
func (r *tableRig) post(k opKind, p int, disp, n uintptr) gasnet.OpRef {
	r.next++
	src := make([]byte, max(n, 1))
	r.tab.post(k, 1, p, disp, unsafe.Pointer(&src[0]), n, r.next)
	return r.next
}

func (r *tableRig) completed(refs ...gasnet.OpRef) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ref := range refs {
		if r.done[ref] != 1 {
			return false
		}
	}
	return true
}

func smallCfg() Config {
	c := DefaultConfig()
	c.AggMin, c.AggOps = 4, 16
	c.AggHold = time.Hour
	return c
}

func TestTableLargePutIssuesAtOnce(t *testing.T) {
	r := newRig(t, smallCfg(), false, false)
	ref := r.post(opPut, 3, 64, 1024)
	assert.Equal(t, []string{"issue 3:64"}, r.net.calls())
	assert.False(t, r.completed(ref), "a put completes with the flush, not before")
	r.tab.flush(true)
	assert.True(t, r.completed(ref))
	assert.Equal(t, 1, r.net.flushes[3])
	assert.False(t, r.tab.busy(), "the target element is freed once empty")
}

func TestTableHeldPutsMerge(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		calls []string
	}{
		{"few go one by one", 3, []string{"issue 2:0", "issue 2:8", "issue 2:16"}},
		{"enough merge at the flush", 5, []string{"merged 2:5"}},
		{"threshold merges without a flush", 16, []string{"merged 2:16"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, smallCfg(), false, false)
			var refs []gasnet.OpRef
			for i := range tc.n {
				refs = append(refs, r.post(opPut, 2, uintptr(8*i), 8))
			}
			if tc.n < 16 {
				assert.Empty(t, r.net.calls(), "small puts are held")
				assert.False(t, r.tab.idle(), "held puts are in flight for the deadlock checks")
			}
			r.tab.flush(true)
			assert.True(t, r.tab.idle())
			assert.Equal(t, tc.calls, r.net.calls())
			assert.True(t, r.completed(refs...))
			if tc.n >= 4 {
				assert.Equal(t, uint64(tc.n), r.tab.merged[1].Load())
				assert.Equal(t, uint64(1), r.tab.transfers[1].Load())
			}
		})
	}
}

func TestTableSmallPutsAreCopied(t *testing.T) {
	r := newRig(t, smallCfg(), false, false)
	src := []byte("abcdefgh")
	r.tab.post(opPut, 0, 1, 0, unsafe.Pointer(&src[0]), 8, 1)
	copy(src, "XXXXXXXX") // the caller's buffer is free once posted
	r.tab.flush(true)
	assert.Equal(t, [][]byte{[]byte("abcdefgh")}, r.net.data)
	assert.True(t, r.completed(1))
}

func TestTableAggregationOff(t *testing.T) {
	c := smallCfg()
	c.AggBytes = 0
	r := newRig(t, c, false, false)
	r.post(opPut, 1, 0, 8)
	r.post(opPut, 1, 0, 0)
	assert.Equal(t, []string{"issue 1:0", "issue 1:0"}, r.net.calls())
}

func TestTableGetsAreNotHeld(t *testing.T) {
	r := newRig(t, smallCfg(), false, false)
	ref := r.post(opGet, 1, 40, 8)
	assert.Equal(t, []string{"issue 1:40"}, r.net.calls())
	r.tab.flush(false)
	assert.False(t, r.completed(ref), "testing does not flush")
	r.tab.flush(true)
	assert.True(t, r.completed(ref))
}

func TestTableVISIsNeverHeld(t *testing.T) {
	r := newRig(t, smallCfg(), false, false)
	o := r.tab.acquire(2)
	buf := make([]byte, 16)
	o.kind, o.ref = opPutVIS, 77
	o.local = gasnet.LocalSection(unsafe.Pointer(&buf[0]), gasnet.Section{Run: 4, Count: []uintptr{2}, Strides: []int64{8}})
	o.remote = gasnet.RemoteSection(1024, gasnet.Section{Run: 4, Count: []uintptr{2}, Strides: []int64{64}})
	r.tab.submit(o)
	assert.Equal(t, []string{"issue 2:0"}, r.net.calls())
	r.tab.flush(true)
	assert.True(t, r.completed(77))
}

func TestTablePoolsBlockInsteadOfFailing(t *testing.T) {
	c := smallCfg()
	c.OpsLocal, c.OpsGlobal = 3, 2
	c.TargetsLocal, c.TargetsGlobal = 2, 0
	c.Slots = 2
	r := newRig(t, c, false, false)
	var refs []gasnet.OpRef
	for i := range 200 {
		refs = append(refs, r.post(opPut, i%7, uintptr(i), 512))
	}
	r.tab.flush(true)
	assert.True(t, r.completed(refs...), "every operation completes once")
	assert.LessOrEqual(t, r.tab.ops.local.made+globalOps.made, 5)
	assert.LessOrEqual(t, r.tab.tgts.local.made, 2)
	assert.False(t, r.tab.busy())
}

func TestTableFunneled(t *testing.T) {
	r := newRig(t, smallCfg(), true, false)
	kicks := 0
	r.tab.kick = func() { kicks++ }
	big := r.post(opPut, 1, 0, 4096)
	var small []gasnet.OpRef
	for i := range 5 {
		small = append(small, r.post(opPut, 2, uintptr(8*i), 8))
	}
	assert.Empty(t, r.net.calls(), "only the progress goroutine issues")
	assert.Equal(t, 1, kicks, "a held put does not wake the progress goroutine")
	r.tab.progress(nanotime())
	assert.Equal(t, []string{"issue 1:0"}, r.net.calls(), "held puts stay held until someone waits")
	assert.True(t, r.completed(big))
	r.tab.flush(true)
	assert.Equal(t, 2, kicks)
	r.tab.progress(nanotime())
	assert.Equal(t, []string{"issue 1:0", "merged 2:5"}, r.net.calls())
	assert.True(t, r.completed(small...))
}

func TestTableHeldPutsExpire(t *testing.T) {
	c := smallCfg()
	c.AggHold = time.Millisecond
	r := newRig(t, c, false, false)
	// The clock is passed in, not read after the post: under load more
	// than AggHold may pass between any two lines.
	posted := nanotime()
	ref := r.post(opPut, 1, 0, 8)
	due := r.tab.heldDeadline()
	assert.GreaterOrEqual(t, due, posted+int64(c.AggHold), "held for AggHold after it was posted")
	r.tab.progress(due - 1)
	assert.Empty(t, r.net.calls(), "not released before its time")
	r.tab.progress(due)
	assert.Equal(t, []string{"issue 1:0"}, r.net.calls(), "released when its time is up")
	assert.True(t, r.completed(ref))
	assert.Zero(t, r.tab.heldDeadline())
}

func TestTableRoundRobin(t *testing.T) {
	r := newRig(t, smallCfg(), true, false)
	for i := range 2 * issueBatch {
		r.post(opGet, 0, uintptr(i), 8)
		r.post(opGet, 1, uintptr(i), 8)
	}
	r.tab.progress(nanotime())
	calls := r.net.calls()
	require.Len(t, calls, 4*issueBatch)
	// The first round issues one batch to each target before either
	// gets its second batch.
	seen := map[byte]int{}
	for _, c := range calls[:2*issueBatch] {
		seen[c[6]]++
	}
	assert.Equal(t, map[byte]int{'0': issueBatch, '1': issueBatch}, seen)
}

func TestTablePackPathFreesAtOnce(t *testing.T) {
	r := newRig(t, smallCfg(), false, true)
	var refs []gasnet.OpRef
	for i := range 6 {
		refs = append(refs, r.post(opPut, 1, uintptr(8*i), 8))
	}
	r.tab.flush(true)
	assert.True(t, r.completed(refs...))
	assert.False(t, r.tab.busy())
	assert.Empty(t, r.net.flushes, "nothing issued by message needs a flush")
}

func TestTableConcurrentPosters(t *testing.T) {
	c := smallCfg()
	c.OpsLocal, c.OpsGlobal = 8, 8
	r := newRig(t, c, false, false)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var refs []gasnet.OpRef
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				o := r.tab.acquire((g + i) % 3)
				mu.Lock()
				r.next++
				ref := r.next
				refs = append(refs, ref)
				mu.Unlock()
				o.kind, o.n, o.ref, o.from = opPut, uintptr(8+i%2*1000), ref, g
				r.tab.submit(o)
				if i%50 == 0 {
					r.tab.flush(true)
				}
			}
			r.tab.flush(true)
		}()
	}
	wg.Wait()
	r.tab.flush(true)
	assert.True(t, r.completed(refs...))
	assert.False(t, r.tab.busy())
}

func TestTableHeldPutsShareCompletions(t *testing.T) {
	r := newRig(t, smallCfg(), false, false)
	var m *op
	r.tab.net = issueFunc(func(o *op) bool {
		m = o
		assert.Equal(t, []refRun{{7, 3}, {8, 2}, {7, 1}}, o.agg.refs, "runs of one completion")
		assert.Equal(t, "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffff", string(o.agg.data))
		assert.Equal(t, []uintptr{0, 8, 16, 24, 32, 40}, o.agg.offs)
		return true
	})
	for i, ref := range []gasnet.OpRef{7, 7, 7, 8, 8, 7} {
		src := []byte(strings.Repeat(string(rune('a'+i)), 8))
		r.tab.post(opPut, 1, 3, uintptr(8*i), unsafe.Pointer(&src[0]), 8, ref)
	}
	r.tab.flush(true)
	require.NotNil(t, m)
	r.mu.Lock()
	defer r.mu.Unlock()
	assert.Equal(t, map[gasnet.OpRef]int{7: 4, 8: 2}, r.done)
}

// issueFunc is a network whose held puts go to a function and complete
// by flush.
type issueFunc func(m *op) bool

func (f issueFunc) issue(o *op) bool     { return true }
func (f issueFunc) issueHeld(m *op) bool { return f(m) }
func (f issueFunc) flush(int)            {}

func TestTableDeadline(t *testing.T) {
	c := smallCfg()
	c.AggHold = time.Millisecond
	r := newRig(t, c, false, false)
	assert.Zero(t, r.tab.deadline(), "nothing held or issued")
	r.post(opPut, 1, 0, 8)
	assert.Equal(t, r.tab.heldDeadline(), r.tab.deadline(), "held puts are due after AggHold")
	r.tab.flush(true)
	r.post(opPut, 1, 0, 4096)
	assert.Equal(t, r.tab.lastIssue.Load()+int64(lazyFlush), r.tab.deadline(), "issued puts left behind are due after lazyFlush")
	r.tab.flush(true)
	assert.Zero(t, r.tab.deadline())
}
