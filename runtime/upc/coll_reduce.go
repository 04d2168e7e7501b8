package upc

import (
	"fmt"
	"math"
	"unsafe"
)

// Number is an element type of the reductions: the Go types of the
// eleven upc_all_reduceT suffixes (C, UC, S, US, I, UI, L, UL, F, D; LD is
// a float64 stored in 16 bytes, see AllReduceLongDouble).
type Number interface {
	~int8 | ~uint8 | ~int16 | ~uint16 | ~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

// partial is a result result that may be empty: a range of threads or a row
// that holds no element contributes nothing, and UPC_FUNC has no identity
// to stand in for it.
type partial[T Number] struct {
	v  T
	ok bool
}

func isFloatType[T Number]() bool {
	half := T(1)
	half /= 2
	return half != 0
}

// reduceSuffix is the upc_all_reduceT suffix of T, for messages.
func reduceSuffix[T Number]() string {
	switch any(*new(T)).(type) {
	case int8:
		return "C"
	case uint8:
		return "UC"
	case int16:
		return "S"
	case uint16:
		return "US"
	case int32:
		return "I"
	case uint32:
		return "UI"
	case int64:
		return "L"
	case uint64:
		return "UL"
	case float32:
		return "F"
	}
	return "D"
}

// combiner returns op as a function of two elements. Operators that are
// not defined on T, an unknown op and UPC_FUNC without a function are
// errors; name is the calling function, for the message.
func combiner[T Number](name string, op Op, fn func(a, b T) T) func(a, b T) T {
	switch op {
	case OpAdd:
		return func(a, b T) T { return a + b }
	case OpMult:
		return func(a, b T) T { return a * b }
	case OpAnd, OpOr, OpXor:
		if isFloatType[T]() {
			panic(fmt.Sprintf("%s: %v is not defined on floating-point elements", name, op))
		}
		// T is an integer type here: uint64(a) sign-extends and T(...)
		// truncates, so the bits come out as C computes them.
		switch op {
		case OpAnd:
			return func(a, b T) T { return T(uint64(a) & uint64(b)) }
		case OpOr:
			return func(a, b T) T { return T(uint64(a) | uint64(b)) }
		}
		return func(a, b T) T { return T(uint64(a) ^ uint64(b)) }
	case OpLogAnd:
		return func(a, b T) T {
			if a != 0 && b != 0 {
				return 1
			}
			return 0
		}
	case OpLogOr:
		return func(a, b T) T {
			if a != 0 || b != 0 {
				return 1
			}
			return 0
		}
	case OpMin:
		return func(a, b T) T {
			if b < a {
				return b
			}
			return a
		}
	case OpMax:
		return func(a, b T) T {
			if b > a {
				return b
			}
			return a
		}
	case OpFunc, OpNonCommFunc:
		if fn == nil {
			panic(fmt.Sprintf("%s: %v needs a function (the func argument is NULL)", name, op))
		}
		return fn
	}
	panic(fmt.Sprintf("%s: invalid operation %v", name, op))
}

// opIdentity is op's identity element on T, for the exclusive prefix's
// first element (upc_xprefix_reduce).
func opIdentity[T Number](op Op) T {
	var z T
	switch op {
	case OpMult, OpLogAnd:
		return 1
	case OpAnd:
		return onesOf[T]()
	case OpMin:
		return maxNumber[T]()
	case OpMax:
		return minNumber[T]()
	}
	return z
}

func onesOf[T Number]() T {
	var x T
	x--
	return x // all bits set for integers (-1 or the maximum)
}

func maxNumber[T Number]() T {
	if isFloatType[T]() {
		return T(math.Inf(1))
	}
	m := onesOf[T]()
	if m < 0 {
		// Signed: all bits but the sign bit.
		return T(uint64(1)<<(8*unsafe.Sizeof(m)-1) - 1)
	}
	return m
}

func minNumber[T Number]() T {
	if isFloatType[T]() {
		return T(math.Inf(-1))
	}
	if onesOf[T]() < 0 {
		return -maxNumber[T]() - 1
	}
	return 0
}

func combineOpt[T Number](comb func(a, b T) T, a, b partial[T]) partial[T] {
	switch {
	case !a.ok:
		return b
	case !b.ok:
		return a
	}
	return partial[T]{comb(a.v, b.v), true}
}

// encodeOpts packs a vector of partial results into a message payload.
func encodeOpts[T Number](xs []partial[T]) []byte {
	sz := int(unsafe.Sizeof(*new(T)))
	out := make([]byte, len(xs)*(1+sz))
	for i, x := range xs {
		b := out[i*(1+sz):]
		if x.ok {
			b[0] = 1
			*(*T)(unsafe.Pointer(&b[1])) = x.v
		}
	}
	return out
}

// decodeOpts unpacks n partial results; a payload of another length means
// the threads disagree about the arguments.
func (c collCall) decodeOpts(from int, p []byte, n int, sz uintptr) []byte {
	if len(p) != n*int(1+sz) {
		panic(fmt.Sprintf("%s: the threads passed different arguments (thread %d sent %d bytes of partial results, thread %d expected %d); collective arguments must be single-valued",
			c.name, from, len(p), c.t.MyThread, n*int(1+sz)))
	}
	return p
}

func optsFrom[T Number](p []byte, n int) []partial[T] {
	sz := int(unsafe.Sizeof(*new(T)))
	xs := make([]partial[T], n)
	for i := range xs {
		b := p[i*(1+sz):]
		if b[0] != 0 {
			xs[i] = partial[T]{*(*T)(unsafe.Pointer(&b[1])), true}
		}
	}
	return xs
}

// elemSpan is nelems elements of stride bytes of an array `shared [blk] T`
// starting at p, with p's phase respected; blk 0 is the indefinite layout
// (everything on p's thread).
type elemSpan struct {
	p       SharedPtr
	blk     uint64
	n       uint64
	stride  uintptr
	threads int
	g0      uint64 // position of element 0 counted from thread 0, phase 0, row 0
	rows    int    // rows of THREADS blocks the elements touch
}

func newSpan(name, what string, p SharedPtr, blk, n uint64, stride uintptr, threads int) elemSpan {
	s := elemSpan{p: p, blk: blk, n: n, stride: stride, threads: threads, rows: 1}
	if blk > 0 {
		if uint64(p.Phase) >= blk {
			panic(fmt.Sprintf("%s: %s has phase %d, which is not below blk_size %d", name, what, p.Phase, blk))
		}
		s.g0 = uint64(p.Thread)*blk + uint64(p.Phase)
		if n > 0 {
			s.rows = int((s.g0+n-1)/blk/uint64(threads)) + 1
		}
	}
	return s
}

// elemRun is a stretch of consecutive elements [idx, idx+len) in one block,
// which is row row of its thread.
type elemRun struct {
	row      int
	idx, len uint64
}

// runs lists thread th's elements in index order. They lie in one
// contiguous stretch of th's segment, starting at the address returned.
func (s elemSpan) runs(th int) ([]elemRun, uintptr) {
	if s.n == 0 {
		return nil, 0
	}
	if s.blk == 0 {
		if th != int(s.p.Thread) {
			return nil, 0
		}
		return []elemRun{{0, 0, s.n}}, s.p.Addr
	}
	var rs []elemRun
	P, B := uint64(s.threads), s.blk
	for r := range uint64(s.rows) {
		lo := max((r*P+uint64(th))*B, s.g0)
		hi := min((r*P+uint64(th)+1)*B, s.g0+s.n)
		if lo < hi {
			rs = append(rs, elemRun{int(r), lo - s.g0, hi - lo})
		}
	}
	if len(rs) == 0 {
		return nil, 0
	}
	return rs, s.addrOf(rs[0].idx)
}

// addrOf is the address of element i on its thread.
func (s elemSpan) addrOf(i uint64) uintptr {
	if s.blk == 0 {
		return s.p.Addr + uintptr(i)*s.stride
	}
	g := s.g0 + i
	row, phase := g/s.blk/uint64(s.threads), g%s.blk
	return s.p.Addr - uintptr(s.p.Phase)*s.stride + uintptr(row*s.blk+phase)*s.stride
}

// threadOf is the thread element i has affinity to.
func (s elemSpan) threadOf(i uint64) int {
	if s.blk == 0 {
		return int(s.p.Thread)
	}
	return int((s.g0 + i) / s.blk % uint64(s.threads))
}

// check validates that every element lies in the segments.
func (t *Thread) collCheckSpan(name, what string, s elemSpan) {
	if s.n == 0 {
		return
	}
	if s.p.IsNull() {
		panic(fmt.Sprintf("%s: %s is a null pointer-to-shared", name, what))
	}
	t.checkThread(s.p, name)
	last := s.addrOf(s.n - 1)
	if s.blk > 0 {
		// The highest address is the last row's, or the row before it.
		last = max(last, s.p.Addr-uintptr(s.p.Phase)*s.stride+uintptr(uint64(s.rows)*s.blk)*s.stride-s.stride)
	}
	if s.p.Addr < headerSize || last+s.stride > t.segSize || last < s.p.Addr-uintptr(s.p.Phase)*s.stride {
		panic(fmt.Sprintf("%s: %d elements at %s (%v) lie outside the shared segments", name, s.n, what, s.p))
	}
}

// loadOwn reads the n elements of stride bytes at addr of the calling
// thread's own segment.
func loadOwn[T Number](t *Thread, addr uintptr, n uint64, stride uintptr) []T {
	vals := make([]T, n)
	base := unsafe.Add(t.local, addr)
	for i := range vals {
		vals[i] = *(*T)(unsafe.Add(base, uintptr(i)*stride))
	}
	return vals
}

// AllReduce is upc_all_reduceT for the T of its suffix: the nelems
// elements of src, an array `shared [blkSize] T` (blkSize 0: indefinite)
// whose phase is respected, reduced with op in index order, into the T at
// dst. fn is the function of UPC_FUNC (assumed commutative) and
// UPC_NONCOMM_FUNC (combined in index order only). nelems == 0 leaves dst
// unchanged.
func AllReduce[T Number](t *Thread, dst, src SharedPtr, op Op, nelems, blkSize uintptr, fn func(a, b T) T, flags Flag) {
	allReduce(t, "upc_all_reduce"+reduceSuffix[T](), dst, src, op, uint64(nelems), uint64(blkSize), unsafe.Sizeof(*new(T)), fn, flags)
}

// AllReduceLongDouble is upc_all_reduceLD: long double is a float64 held
// in 16 bytes.
func AllReduceLongDouble(t *Thread, dst, src SharedPtr, op Op, nelems, blkSize uintptr, fn func(a, b float64) float64, flags Flag) {
	allReduce(t, "upc_all_reduceLD", dst, src, op, uint64(nelems), uint64(blkSize), 16, fn, flags)
}

func allReduce[T Number](t *Thread, name string, dst, src SharedPtr, op Op, nelems, blk uint64, stride uintptr, fn func(a, b T) T, flags Flag) {
	c := t.newColl(name, reduceKinds[name], flags, uint64(op), nelems, blk, ptrArg(dst), ptrArg(src))
	comb := combiner(name, op, fn)
	sp := newSpan(name, "src", src, blk, nelems, stride, t.Threads)
	t.collCheckSpan(name, "src", sp)
	t.collCheckRange(name, "dst", dst, stride)
	// UPC_FUNC and UPC_NONCOMM_FUNC keep the tree: the user's function
	// runs on the threads that own the elements, as it always has.
	if op != OpFunc && op != OpNonCommFunc && nelems <= uint64(onePassBytes/stride) &&
		c.onePass(func() { reduceOnePass(t, dst, sp, comb) }) {
		return
	}
	c.begin()
	// A commutative operator lets each thread fold all of its elements;
	// UPC_NONCOMM_FUNC keeps one partial per row, so that rows are
	// combined across threads before they are combined with each other.
	width := 1
	if op == OpNonCommFunc {
		width = sp.rows
	}
	own := make([]partial[T], width)
	runs, addr := sp.runs(t.MyThread)
	k := 0
	vals := loadOwn[T](t, addr, runsLen(runs), stride)
	for _, r := range runs {
		i := 0
		if width > 1 {
			i = r.row
		}
		for range r.len {
			own[i] = combineOpt(comb, own[i], partial[T]{vals[k], true})
			k++
		}
	}
	acc, _ := upSweep(c, 0, own, comb)
	if t.MyThread == 0 {
		var res partial[T]
		for _, x := range acc {
			res = combineOpt(comb, res, x)
		}
		acc = []partial[T]{res}
		if dst.Thread != 0 {
			c.send(int(dst.Thread), 1, 0, encodeOpts(acc))
		}
	} else if int(dst.Thread) == t.MyThread {
		acc = optsFrom[T](c.decodeOpts(0, c.recv(1, 0), 1, unsafe.Sizeof(*new(T))), 1)
	}
	if int(dst.Thread) == t.MyThread && acc[0].ok {
		*(*T)(unsafe.Add(t.local, dst.Addr)) = acc[0].v
	}
	c.end()
}

func runsLen(rs []elemRun) uint64 {
	var n uint64
	for _, r := range rs {
		n += r.len
	}
	return n
}

// sweepKid is a child's subtree in an up-sweep: its first thread and its
// partial results.
type sweepKid[T Number] struct {
	first int
	vec   []partial[T]
}

// upSweep combines every thread's vector of partial results, element by
// element and in thread order, up the tree rooted at thread 0. Thread 0
// gets the result; every thread gets its children's vectors (for a
// down-sweep).
func upSweep[T Number](c collCall, step uint8, own []partial[T], comb func(a, b T) T) ([]partial[T], []sweepKid[T]) {
	P, me := c.t.Threads, c.t.MyThread
	acc := append([]partial[T](nil), own...)
	var kids []sweepKid[T]
	sz := unsafe.Sizeof(*new(T))
	treeChildren(me, P, false, func(ch, _ int) {
		part := optsFrom[T](c.decodeOpts(ch, c.recv(step, ch), len(own), sz), len(own))
		for i := range acc {
			acc[i] = combineOpt(comb, acc[i], part[i])
		}
		kids = append(kids, sweepKid[T]{ch, part})
	})
	if me != 0 {
		c.send(treeParent(me), step, me, encodeOpts(acc))
	}
	return acc, kids
}

// AllPrefixReduce is upc_all_prefix_reduceT: element i of dst (an array
// `shared [blkSize] T` like src, with its own phase) becomes src[0] op ...
// op src[i], combined in index order.
func AllPrefixReduce[T Number](t *Thread, dst, src SharedPtr, op Op, nelems, blkSize uintptr, fn func(a, b T) T, flags Flag) {
	allPrefixReduce(t, "upc_all_prefix_reduce"+reduceSuffix[T](), dst, src, op, uint64(nelems), uint64(blkSize), unsafe.Sizeof(*new(T)), fn, flags)
}

// AllPrefixReduceLongDouble is upc_all_prefix_reduceLD.
func AllPrefixReduceLongDouble(t *Thread, dst, src SharedPtr, op Op, nelems, blkSize uintptr, fn func(a, b float64) float64, flags Flag) {
	allPrefixReduce(t, "upc_all_prefix_reduceLD", dst, src, op, uint64(nelems), uint64(blkSize), 16, fn, flags)
}

func allPrefixReduce[T Number](t *Thread, name string, dst, src SharedPtr, op Op, nelems, blk uint64, stride uintptr, fn func(a, b T) T, flags Flag) {
	c := t.newColl(name, reduceKinds[name], flags, uint64(op), nelems, blk, ptrArg(dst), ptrArg(src))
	// When dst's elements do not sit on the same threads as src's, threads
	// write each other's dst: the MYSYNC modes then need the barriers.
	aligned := dst.Thread == src.Thread && dst.Phase == src.Phase
	if !aligned {
		if c.in == InMySync {
			c.in = InAllSync
		}
		if c.out == OutMySync {
			c.out = OutAllSync
		}
	}
	c.begin()
	comb := combiner(name, op, fn)
	P, me := t.Threads, t.MyThread
	sp := newSpan(name, "src", src, blk, nelems, stride, P)
	dp := newSpan(name, "dst", dst, blk, nelems, stride, P)
	t.collCheckSpan(name, "src", sp)
	t.collCheckSpan(name, "dst", dp)
	runs, addr := sp.runs(me)
	vals := loadOwn[T](t, addr, runsLen(runs), stride)
	// Row totals of this thread's blocks, then the up-sweep: every node
	// learns its children's row totals, thread 0 the totals of whole rows.
	rowTot := make([]partial[T], sp.rows)
	k := 0
	for _, r := range runs {
		for range r.len {
			rowTot[r.row] = combineOpt(comb, rowTot[r.row], partial[T]{vals[k], true})
			k++
		}
	}
	acc, kids := upSweep(c, 0, rowTot, comb)
	// The down-sweep: before[r] is everything that precedes this thread's
	// block of row r — all earlier rows, and row r on lower threads.
	var before []partial[T]
	if me == 0 {
		before = make([]partial[T], sp.rows)
		var prev partial[T]
		for r, x := range acc {
			before[r] = prev
			prev = combineOpt(comb, prev, x)
		}
	} else {
		p := treeParent(me)
		before = optsFrom[T](c.decodeOpts(p, c.recv(1, p), sp.rows, unsafe.Sizeof(*new(T))), sp.rows)
	}
	next := make([]partial[T], sp.rows)
	for r := range next {
		next[r] = combineOpt(comb, before[r], rowTot[r])
	}
	for _, kd := range kids {
		c.send(kd.first, 1, me, encodeOpts(next))
		for r := range next {
			next[r] = combineOpt(comb, next[r], kd.vec[r])
		}
	}
	out := make([]T, len(vals))
	k = 0
	for _, r := range runs {
		a := before[r.row]
		for range r.len {
			a = combineOpt(comb, a, partial[T]{vals[k], true})
			out[k] = a.v
			k++
		}
	}
	storeSpan(t, dp, runs, out, aligned)
	c.end()
}

// storeSpan writes vals, the elements of runs in order, to the same
// indices of dst. aligned says dst's elements sit where src's do: all on
// this thread, in one stretch (only the first sizeof(T) bytes of each
// element are written, which leaves a long double's padding alone).
func storeSpan[T Number](t *Thread, dst elemSpan, runs []elemRun, vals []T, aligned bool) {
	if len(runs) == 0 {
		return
	}
	if aligned {
		base := unsafe.Add(t.local, dst.addrOf(runs[0].idx))
		for i, v := range vals {
			*(*T)(unsafe.Add(base, uintptr(i)*dst.stride)) = v
		}
		return
	}
	k := 0
	for _, r := range runs {
		for i := r.idx; i < r.idx+r.len; i++ {
			t.ep.Put(dst.threadOf(i), dst.addrOf(i), unsafe.Pointer(&vals[k]), unsafe.Sizeof(vals[k]))
			k++
		}
	}
}
