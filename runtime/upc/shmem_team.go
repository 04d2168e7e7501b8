package upc

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// OpenSHMEM's collectives run over a set of PEs: PE_start, PE_start +
// stride, ... (size of them). OpenSHMEM 1.3 names the set in each call
// (PE_start, logPE_stride, PE_size) with a symmetric pSync array for the
// synchronisation; OpenSHMEM 1.5 names it by a team. Both are one
// activeSet here, and every collective is the same few steps: a barrier
// over the set, one-sided gets (or puts) of the data, a barrier.
//
// A team handle (shmem_team_t, a long) encodes its set, so creating a
// team needs no communication and no per-thread state: 0 is
// SHMEM_TEAM_WORLD, -1 SHMEM_TEAM_INVALID, and a split team is
// start<<42 | stride<<21 | size (world PE numbers). Its barrier words
// live on its first PE, in a table of the runtime header that teams claim
// by compare-and-swap on their (stride, size) key: the PEs of a team agree
// on them without talking. A 1.3 active set's barrier words are
// pSync[0..1] on PE_start.

// Team handles (SHMEM_TEAM_WORLD and SHMEM_TEAM_INVALID in shmem.h).
const (
	TeamWorld   = 0
	TeamInvalid = -1
)

const (
	teamFieldBits = 21
	teamFieldMask = 1<<teamFieldBits - 1

	// The runtime header's OpenSHMEM part: the team barrier table and one
	// word in which a PE publishes its element count during shmem_collect.
	teamTableOff   = 2048
	teamEntrySize  = 32 // key, counter, generation, unused
	teamEntries    = 63
	collectWordOff = headerSize - 8
)

// activeSet is a set of PEs a collective runs over.
type activeSet struct {
	start, stride, size int
	world               bool    // every PE in order: the job's barrier serves
	sync                uintptr // offset of the barrier counter on PE start; the generation follows it
}

func (a activeSet) pe(i int) int { return a.start + i*a.stride }

// index is pe's position in the set, or -1.
func (a activeSet) index(pe int) int {
	rel := pe - a.start
	if rel < 0 || rel%a.stride != 0 || rel/a.stride >= a.size {
		return -1
	}
	return rel / a.stride
}

func encodeTeam(start, stride, size int) int64 {
	return int64(start)<<(2*teamFieldBits) | int64(stride)<<teamFieldBits | int64(size)
}

// team decodes a team handle; what names the argument in errors.
func (s Shmem) team(team int64) activeSet {
	t := s.t
	if team == TeamWorld {
		return activeSet{start: 0, stride: 1, size: t.Threads, world: true}
	}
	start := int(team >> (2 * teamFieldBits))
	stride := int(team>>teamFieldBits) & teamFieldMask
	size := int(team) & teamFieldMask
	if team < 0 || size < 1 || stride < 1 || start+(size-1)*stride >= t.Threads || start >= 1<<teamFieldBits {
		if team == TeamInvalid {
			s.fail("the team is SHMEM_TEAM_INVALID")
		}
		s.fail("%d is not a team (SHMEM_TEAM_WORLD or one from shmem_team_split_strided or shmem_team_split_2d)", team)
	}
	a := activeSet{start: start, stride: stride, size: size}
	if start == 0 && stride == 1 && size == t.Threads {
		a.world = true
	}
	return a
}

// member decodes team and fails unless this PE belongs to it.
func (s Shmem) member(team int64) activeSet {
	a := s.team(team)
	if a.index(s.t.MyThread) < 0 {
		s.fail("PE %d is not in the team (PEs %d, %d, ... %d)", s.t.MyThread, a.start, a.start+a.stride, a.pe(a.size-1))
	}
	if !a.world && a.size > 1 {
		a.sync = s.teamSync(a)
	}
	return a
}

// teamSync finds or claims a's barrier words in the team table of its
// first PE.
func (s Shmem) teamSync(a activeSet) uintptr {
	ep := s.t.ep
	key := uint64(a.stride)<<32 | uint64(a.size)
	h := int(key * 0x9e3779b97f4a7c15 >> 40)
	for i := range teamEntries {
		off := teamTableOff + uintptr((h+i)%teamEntries)*teamEntrySize
		if old := ep.Atomic(a.start, off, gasnet.AtomicCAS, gasnet.Uint64, key, 0); old == 0 || old == key {
			return off + 8
		}
	}
	s.fail("more than %d different teams start at PE %d (upcgo's limit)", teamEntries, a.start)
	return 0
}

// activeSet13 is the 1.3 active set (PE_start, logPE_stride, PE_size) with
// its pSync, failing unless this PE belongs to it.
func (s Shmem) activeSet13(start, logStride, size int32, pSync uintptr) activeSet {
	t := s.t
	if size < 1 || logStride < 0 || logStride > 30 || start < 0 || int64(start)+int64(size-1)<<logStride >= int64(t.Threads) {
		s.fail("the active set (PE_start %d, logPE_stride %d, PE_size %d) does not fit in %d PEs", start, logStride, size, t.Threads)
	}
	a := activeSet{start: int(start), stride: 1 << logStride, size: int(size)}
	if a.index(t.MyThread) < 0 {
		s.fail("PE %d is not in the active set (PE_start %d, logPE_stride %d, PE_size %d)", t.MyThread, start, logStride, size)
	}
	if start == 0 && int(size) == t.Threads && (logStride == 0 || size == 1) {
		a.world = true
	}
	if !a.world && a.size > 1 {
		a.sync = atomicTarget[int64](s, pSync, start).Addr
		s.symmetricOffset(pSync, 16, "pSync")
	}
	return a
}

// barrier waits until every PE of a has called it. On the counter and
// generation: each PE reads the generation, then counts itself in; the
// last resets the counter before it moves the generation on, so nobody
// counts into the next round early.
func (s Shmem) barrier(a activeSet) {
	t := s.t
	switch {
	case a.world:
		t.Barrier()
		return
	case a.size == 1:
		return
	}
	ep := t.ep
	gen := a.sync + 8
	g := ep.Atomic(a.start, gen, gasnet.AtomicGet, gasnet.Int64, 0, 0)
	if ep.Atomic(a.start, a.sync, gasnet.AtomicAdd, gasnet.Int64, 1, 0) == uint64(a.size-1) {
		ep.Atomic(a.start, a.sync, gasnet.AtomicSet, gasnet.Int64, 0, 0)
		ep.Atomic(a.start, gen, gasnet.AtomicAdd, gasnet.Int64, 1, 0)
		return
	}
	s.poll("the other PEs of the active set", func() bool {
		return ep.Atomic(a.start, gen, gasnet.AtomicGet, gasnet.Int64, 0, 0) != g
	})
}

// clearHeader zeroes this PE's part of the header the OpenSHMEM calls
// use (shmem_init, before its barrier).
func (s Shmem) clearHeader() {
	var zero [headerSize - teamTableOff]byte
	s.t.ep.Put(s.t.MyThread, teamTableOff, unsafe.Pointer(&zero), uintptr(len(zero)))
}

// ActiveSetBarrier is OpenSHMEM 1.3's shmem_barrier: completes this PE's
// transfers, then a barrier over the active set.
func (s Shmem) ActiveSetBarrier(start, logStride, size int32, pSync uintptr) {
	a := s.activeSet13(start, logStride, size, pSync)
	s.Quiet()
	s.barrier(a)
}

// TeamMyPE is shmem_team_my_pe: this PE's number in team, or -1.
func (s Shmem) TeamMyPE(team int64) int32 {
	if team == TeamInvalid {
		return -1
	}
	return int32(s.team(team).index(s.t.MyThread))
}

// TeamNPEs is shmem_team_n_pes: -1 for SHMEM_TEAM_INVALID.
func (s Shmem) TeamNPEs(team int64) int32 {
	if team == TeamInvalid {
		return -1
	}
	return int32(s.team(team).size)
}

// TeamSync is shmem_team_sync (a barrier without shmem_quiet).
func (s Shmem) TeamSync(team int64) int32 {
	s.barrier(s.member(team))
	return 0
}

// TeamTranslatePE is shmem_team_translate_pe: PE pe of src's number in
// dst, or -1.
func (s Shmem) TeamTranslatePE(src int64, pe int32, dst int64) int32 {
	if src == TeamInvalid || dst == TeamInvalid {
		return -1
	}
	a, b := s.team(src), s.team(dst)
	if pe < 0 || int(pe) >= a.size {
		return -1
	}
	return int32(b.index(a.pe(int(pe))))
}

// TeamSplitStrided is shmem_team_split_strided: the PEs start, start +
// stride, ... (size of them) of parent, numbered in parent. This PE gets
// the new team if it is one of them, else SHMEM_TEAM_INVALID; the result
// is 0, or -1 if the PEs are not in parent.
func (s Shmem) TeamSplitStrided(parent int64, start, stride, size int32, config uintptr, mask int64, newTeam unsafe.Pointer) int32 {
	p := s.team(parent)
	*(*int64)(newTeam) = TeamInvalid
	if size < 1 || stride < 1 || start < 0 || int64(start)+int64(size-1)*int64(stride) >= int64(p.size) {
		return -1
	}
	a := activeSet{start: p.pe(int(start)), stride: p.stride * int(stride), size: int(size)}
	if a.stride > teamFieldMask {
		return -1
	}
	if a.index(s.t.MyThread) >= 0 {
		*(*int64)(newTeam) = encodeTeam(a.start, a.stride, a.size)
	}
	return 0
}

// TeamSplit2D is shmem_team_split_2d: parent as a grid of rows of xrange
// PEs; this PE gets its row as the x team and its column as the y team.
func (s Shmem) TeamSplit2D(parent int64, xrange int32, xConfig uintptr, xMask int64, xTeam unsafe.Pointer, yConfig uintptr, yMask int64, yTeam unsafe.Pointer) int32 {
	p := s.team(parent)
	*(*int64)(xTeam) = TeamInvalid
	*(*int64)(yTeam) = TeamInvalid
	me := p.index(s.t.MyThread)
	if xrange < 1 || me < 0 {
		return -1
	}
	x := min(int(xrange), p.size)
	row, col := me/x, me%x
	rowLen := min(x, p.size-row*x)
	colLen := (p.size - col + x - 1) / x
	if p.stride*x > teamFieldMask {
		return -1
	}
	*(*int64)(xTeam) = encodeTeam(p.pe(row*x), p.stride, rowLen)
	*(*int64)(yTeam) = encodeTeam(p.pe(col), p.stride*x, colLen)
	return 0
}

// TeamDestroy is shmem_team_destroy: teams hold no resources.
func (s Shmem) TeamDestroy(team int64) {
	if team != TeamInvalid {
		s.team(team)
	}
}

// ctx is a context handle (shmem_ctx_t): contexts are the default one.
const ctxDefault = 1

// Ctx checks a context argument (shmem_ctx_* calls): every context is
// the default context, so the call is the plain one.
func (s Shmem) Ctx(ctx uintptr) Shmem {
	if ctx == 0 {
		s.fail("the context is SHMEM_CTX_INVALID")
	}
	return s
}

// CtxCreate is shmem_ctx_create and shmem_team_create_ctx: the new
// context is the default one.
func (s Shmem) CtxCreate(team int64, options int64, ctx unsafe.Pointer) int32 {
	if team != TeamWorld {
		s.member(team)
	}
	*(*uintptr)(ctx) = ctxDefault
	return 0
}

// CtxGetTeam is shmem_ctx_get_team.
func (s Shmem) CtxGetTeam(ctx uintptr, team unsafe.Pointer) int32 {
	if ctx == 0 {
		*(*int64)(team) = TeamInvalid
		return -1
	}
	*(*int64)(team) = TeamWorld
	return 0
}

// local is this PE's copy of the n bytes at segment offset off.
func (s Shmem) local(off, n uintptr) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(s.t.local, off)), n)
}

// broadcast copies n bytes of the root-th PE's src to every other PE's
// dst in a, and to the root's own if toRoot (1.5; 1.3 leaves it).
func (s Shmem) broadcast(a activeSet, dst, src, n uintptr, root int32, toRoot bool) {
	t := s.t
	if root < 0 || int(root) >= a.size {
		s.fail("PE_root %d is not a PE of the %d in the set", root, a.size)
	}
	dOff := s.symmetricOffset(dst, n, "destination")
	sOff := s.symmetricOffset(src, n, "source")
	s.barrier(a)
	me := a.index(t.MyThread)
	switch {
	case n == 0:
	case me != int(root):
		t.ep.Get(unsafe.Add(t.local, dOff), a.pe(int(root)), sOff, n)
	case toRoot:
		copy(s.local(dOff, n), s.local(sOff, n))
	}
	s.barrier(a)
}

// Broadcast is shmem_broadcastmem and shmem_<T>_broadcast (1.5).
func (s Shmem) Broadcast(team int64, dst, src, n uintptr, root int32) int32 {
	s.broadcast(s.member(team), dst, src, n, root, true)
	return 0
}

// BroadcastSet is shmem_broadcast32/64 (1.3): n bytes.
func (s Shmem) BroadcastSet(dst, src, n uintptr, root, start, logStride, size int32, pSync uintptr) {
	s.broadcast(s.activeSet13(start, logStride, size, pSync), dst, src, n, root, false)
}

// collect concatenates the members' src blocks, in set order, into every
// member's dst: n bytes from each (fcollect), or each member's own n
// (collect), published in its header word.
func (s Shmem) collect(a activeSet, dst, src, n uintptr, fixed bool) {
	t := s.t
	sOff := s.symmetricOffset(src, n, "source")
	dOff := s.symmetricOffset(dst, 0, "destination")
	me := a.index(t.MyThread)
	sizes := make([]uintptr, a.size)
	if !fixed {
		v := uint64(n)
		t.ep.Put(t.MyThread, collectWordOff, unsafe.Pointer(&v), 8)
	}
	s.barrier(a)
	var total uintptr
	for i := range sizes {
		sizes[i] = n
		if !fixed && i != me {
			var v uint64
			t.ep.Get(unsafe.Pointer(&v), a.pe(i), collectWordOff, 8)
			sizes[i] = uintptr(v)
		}
		total += sizes[i]
	}
	s.symmetricOffset(dst, total, "destination")
	at := make([]uintptr, a.size)
	for i := 1; i < a.size; i++ {
		at[i] = at[i-1] + sizes[i-1]
	}
	for k := range a.size {
		// Start at this PE's own block, so members read different PEs.
		i := (me + k) % a.size
		if sizes[i] == 0 {
			continue
		}
		if i == me {
			copy(s.local(dOff+at[i], n), s.local(sOff, n))
			continue
		}
		t.ep.Get(unsafe.Add(t.local, dOff+at[i]), a.pe(i), sOff, sizes[i])
	}
	s.barrier(a)
}

// Collect is shmem_<T>_collect and shmem_collectmem (1.5): n bytes.
func (s Shmem) Collect(team int64, dst, src, n uintptr) int32 {
	s.collect(s.member(team), dst, src, n, false)
	return 0
}

// Fcollect is shmem_<T>_fcollect and shmem_fcollectmem (1.5).
func (s Shmem) Fcollect(team int64, dst, src, n uintptr) int32 {
	s.collect(s.member(team), dst, src, n, true)
	return 0
}

// CollectSet is shmem_collect32/64 (1.3).
func (s Shmem) CollectSet(dst, src, n uintptr, start, logStride, size int32, pSync uintptr) {
	s.collect(s.activeSet13(start, logStride, size, pSync), dst, src, n, false)
}

// FcollectSet is shmem_fcollect32/64 (1.3).
func (s Shmem) FcollectSet(dst, src, n uintptr, start, logStride, size int32, pSync uintptr) {
	s.collect(s.activeSet13(start, logStride, size, pSync), dst, src, n, true)
}

// alltoall sends the i-th block of each member's src to member i: member
// i's dst holds block j from member j. A block is nelems elements of
// elemSize bytes, dstStride and srcStride elements apart (1 for
// alltoall).
func (s Shmem) alltoall(a activeSet, dst, src uintptr, dstStride, srcStride int64, nelems, elemSize uintptr) {
	t := s.t
	if dstStride < 1 || srcStride < 1 {
		s.fail("the strides (%d, %d) must be positive", dstStride, srcStride)
	}
	span := func(stride int64) uintptr {
		if nelems == 0 {
			return 0
		}
		last := s.mulSize(s.mulSize(uintptr(a.size)*nelems-1, uintptr(stride), "block", ""), elemSize, "block", "")
		return last + elemSize
	}
	dOff := s.symmetricOffset(dst, span(dstStride), "destination")
	sOff := s.symmetricOffset(src, span(srcStride), "source")
	me := a.index(t.MyThread)
	s.barrier(a)
	if nelems > 0 {
		for k := range a.size {
			j := (me + k) % a.size
			d := dOff + uintptr(j)*nelems*uintptr(dstStride)*elemSize
			from := src + uintptr(me)*nelems*uintptr(srcStride)*elemSize
			if dstStride == 1 && srcStride == 1 {
				t.ep.Get(unsafe.Add(t.local, d), a.pe(j), sOff+from-src, nelems*elemSize)
				continue
			}
			s.GetBlocks(Blocking, unsafe.Add(t.local, d), from, elemSize, dstStride, srcStride, 1, nelems, int32(a.pe(j)))
		}
	}
	s.barrier(a)
}

// Alltoall is shmem_<T>_alltoall and shmem_alltoallmem (1.5).
func (s Shmem) Alltoall(team int64, dst, src, nelems, elemSize uintptr) int32 {
	s.alltoall(s.member(team), dst, src, 1, 1, nelems, elemSize)
	return 0
}

// Alltoalls is shmem_<T>_alltoalls and shmem_alltoallsmem (1.5).
func (s Shmem) Alltoalls(team int64, dst, src uintptr, dstStride, srcStride int64, nelems, elemSize uintptr) int32 {
	s.alltoall(s.member(team), dst, src, dstStride, srcStride, nelems, elemSize)
	return 0
}

// AlltoallSet is shmem_alltoall32/64 (1.3).
func (s Shmem) AlltoallSet(dst, src, nelems, elemSize uintptr, start, logStride, size int32, pSync uintptr) {
	s.alltoall(s.activeSet13(start, logStride, size, pSync), dst, src, 1, 1, nelems, elemSize)
}

// AlltoallsSet is shmem_alltoalls32/64 (1.3).
func (s Shmem) AlltoallsSet(dst, src uintptr, dstStride, srcStride int64, nelems, elemSize uintptr, start, logStride, size int32, pSync uintptr) {
	s.alltoall(s.activeSet13(start, logStride, size, pSync), dst, src, dstStride, srcStride, nelems, elemSize)
}

// Reduction operators.
const (
	ReduceSum = iota
	ReduceProd
	ReduceMin
	ReduceMax
	ReduceAnd
	ReduceOr
	ReduceXor
)

// Integer is the types the bitwise reductions take.
type Integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// reduce combines the members' n-element src arrays with f, in set order
// (so floating-point results are the same at every run), into every
// member's dst. Member i combines the i-th of size slices of the arrays
// and puts its slice to every member: each moves about n elements
// whatever the set's size. dst may be src: nothing is written before
// every member has read its slice.
func reduce[T Scalar](s Shmem, a activeSet, dst, src, n uintptr, f func(acc, v []T)) {
	t := s.t
	var z T
	es := unsafe.Sizeof(z)
	size := s.mulSize(n, es, "reduction", "")
	dOff := s.symmetricOffset(dst, size, "destination")
	sOff := s.symmetricOffset(src, size, "source")
	me := a.index(t.MyThread)
	lo, hi := n*uintptr(me)/uintptr(a.size), n*uintptr(me+1)/uintptr(a.size)
	s.barrier(a)
	var acc []T
	if hi > lo {
		acc = make([]T, hi-lo)
		buf := make([]T, hi-lo)
		for i := range a.size {
			into := buf
			if i == 0 {
				into = acc
			}
			t.ep.Get(unsafe.Pointer(&into[0]), a.pe(i), sOff+lo*es, (hi-lo)*es)
			if i > 0 {
				f(acc, buf)
			}
		}
	}
	s.barrier(a)
	if hi > lo {
		for k := range a.size {
			t.ep.Put(a.pe((me+k)%a.size), dOff+lo*es, unsafe.Pointer(&acc[0]), (hi-lo)*es)
		}
	}
	s.barrier(a)
}

// combine is the element-wise reduction op on numbers.
func combine[T Number](s Shmem, op int) func(acc, v []T) {
	switch op {
	case ReduceSum:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] += v[i]
			}
		}
	case ReduceProd:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] *= v[i]
			}
		}
	case ReduceMin:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] = min(acc[i], v[i])
			}
		}
	case ReduceMax:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] = max(acc[i], v[i])
			}
		}
	}
	s.fail("unknown reduction %d", op)
	return nil
}

// combineBits is the element-wise reduction op on integers.
func combineBits[T Integer](s Shmem, op int) func(acc, v []T) {
	switch op {
	case ReduceAnd:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] &= v[i]
			}
		}
	case ReduceOr:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] |= v[i]
			}
		}
	case ReduceXor:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] ^= v[i]
			}
		}
	}
	s.fail("unknown bitwise reduction %d", op)
	return nil
}

// ShmemReduce is shmem_<T>_{sum,prod,min,max}_reduce (1.5).
func ShmemReduce[T Number](s Shmem, op int, team int64, dst, src, n uintptr) int32 {
	reduce(s, s.member(team), dst, src, n, combine[T](s, op))
	return 0
}

// ShmemReduceBits is shmem_<T>_{and,or,xor}_reduce (1.5).
func ShmemReduceBits[T Integer](s Shmem, op int, team int64, dst, src, n uintptr) int32 {
	reduce(s, s.member(team), dst, src, n, combineBits[T](s, op))
	return 0
}

// ShmemReduceSet is shmem_<T>_{sum,prod,min,max}_to_all (1.3); pWrk is not
// needed.
func ShmemReduceSet[T Number](s Shmem, op int, dst, src uintptr, n int32, start, logStride, size int32, pWrk, pSync uintptr) {
	a := s.activeSet13(start, logStride, size, pSync)
	reduce(s, a, dst, src, s.count(n), combine[T](s, op))
}

// ShmemReduceBitsSet is shmem_<T>_{and,or,xor}_to_all (1.3).
func ShmemReduceBitsSet[T Integer](s Shmem, op int, dst, src uintptr, n int32, start, logStride, size int32, pWrk, pSync uintptr) {
	a := s.activeSet13(start, logStride, size, pSync)
	reduce(s, a, dst, src, s.count(n), combineBits[T](s, op))
}

// count is a 1.3 int element count, which must not be negative.
func (s Shmem) count(n int32) uintptr {
	if n < 0 {
		s.fail("the element count %d is negative", n)
	}
	return uintptr(n)
}

// TeamGetConfig is shmem_team_get_config: a team has no contexts of its
// own (num_contexts 0).
func (s Shmem) TeamGetConfig(team int64, mask int64, config unsafe.Pointer) int32 {
	if team == TeamInvalid {
		return -1
	}
	s.team(team)
	if mask&1 != 0 && config != nil {
		*(*int32)(config) = 0
	}
	return 0
}
