package shmem

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/upc"
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
	teamTableOff   = upc.ExtHeaderOff
	teamEntrySize  = 32 // key, counter, generation, unused
	teamEntries    = 63
	collectWordOff = upc.HeaderSize - 8
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
func (s Lib) team(team int64) activeSet {
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
func (s Lib) member(team int64) activeSet {
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
func (s Lib) teamSync(a activeSet) uintptr {
	ep := s.ep()
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
func (s Lib) activeSet13(start, logStride, size int32, pSync uintptr) activeSet {
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
func (s Lib) barrier(a activeSet) {
	t := s.t
	switch {
	case a.world:
		t.Barrier()
		return
	case a.size == 1:
		return
	}
	ep := s.ep()
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
func (s Lib) clearHeader() {
	var zero [upc.HeaderSize - teamTableOff]byte
	s.ep().Put(s.t.MyThread, teamTableOff, unsafe.Pointer(&zero), uintptr(len(zero)))
}

// ActiveSetBarrier is OpenSHMEM 1.3's shmem_barrier: completes this PE's
// transfers, then a barrier over the active set.
func (s Lib) ActiveSetBarrier(start, logStride, size int32, pSync uintptr) {
	a := s.activeSet13(start, logStride, size, pSync)
	s.Quiet()
	s.barrier(a)
}

// TeamMyPE is shmem_team_my_pe: this PE's number in team, or -1.
func (s Lib) TeamMyPE(team int64) int32 {
	if team == TeamInvalid {
		return -1
	}
	return int32(s.team(team).index(s.t.MyThread))
}

// TeamNPEs is shmem_team_n_pes: -1 for SHMEM_TEAM_INVALID.
func (s Lib) TeamNPEs(team int64) int32 {
	if team == TeamInvalid {
		return -1
	}
	return int32(s.team(team).size)
}

// TeamSync is shmem_team_sync (a barrier without shmem_quiet).
func (s Lib) TeamSync(team int64) int32 {
	s.barrier(s.member(team))
	return 0
}

// TeamTranslatePE is shmem_team_translate_pe: PE pe of src's number in
// dst, or -1.
func (s Lib) TeamTranslatePE(src int64, pe int32, dst int64) int32 {
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
func (s Lib) TeamSplitStrided(parent int64, start, stride, size int32, config uintptr, mask int64, newTeam unsafe.Pointer) int32 {
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
func (s Lib) TeamSplit2D(parent int64, xrange int32, xConfig uintptr, xMask int64, xTeam unsafe.Pointer, yConfig uintptr, yMask int64, yTeam unsafe.Pointer) int32 {
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
func (s Lib) TeamDestroy(team int64) {
	if team != TeamInvalid {
		s.team(team)
	}
}

// ctx is a context handle (shmem_ctx_t): contexts are the default one.
const ctxDefault = 1

// Ctx checks a context argument (shmem_ctx_* calls): every context is
// the default context, so the call is the plain one.
func (s Lib) Ctx(ctx uintptr) Lib {
	if ctx == 0 {
		s.fail("the context is SHMEM_CTX_INVALID")
	}
	return s
}

// CtxCreate is shmem_ctx_create and shmem_team_create_ctx: the new
// context is the default one.
func (s Lib) CtxCreate(team int64, options int64, ctx unsafe.Pointer) int32 {
	if team != TeamWorld {
		s.member(team)
	}
	*(*uintptr)(ctx) = ctxDefault
	return 0
}

// CtxGetTeam is shmem_ctx_get_team.
func (s Lib) CtxGetTeam(ctx uintptr, team unsafe.Pointer) int32 {
	if ctx == 0 {
		*(*int64)(team) = TeamInvalid
		return -1
	}
	*(*int64)(team) = TeamWorld
	return 0
}

// TeamGetConfig is shmem_team_get_config: a team has no contexts of its
// own (num_contexts 0).
func (s Lib) TeamGetConfig(team int64, mask int64, config unsafe.Pointer) int32 {
	if team == TeamInvalid {
		return -1
	}
	s.team(team)
	if mask&1 != 0 && config != nil {
		*(*int32)(config) = 0
	}
	return 0
}
