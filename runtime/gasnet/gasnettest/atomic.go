package gasnettest

import (
	"math"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// atomicCase is one operation on one value, with what it must return and
// leave.
type atomicCase struct {
	op               gasnet.AtomicOp
	kind             gasnet.AtomicKind
	init, a, b       uint64
	wantOld, wantNew uint64
}

var atomicCases = func() []atomicCase {
	f64 := math.Float64bits
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	return []atomicCase{
		{gasnet.AtomicAdd, gasnet.Int64, 5, 3, 0, 5, 8},
		{gasnet.AtomicAdd, gasnet.Int32, 5, 0xFFFFFFFF, 0, 5, 4}, // -1
		{gasnet.AtomicSwap, gasnet.Uint64, 1, 9, 0, 1, 9},
		{gasnet.AtomicCAS, gasnet.Int64, 7, 8, 7, 7, 8},
		{gasnet.AtomicCAS, gasnet.Int64, 7, 8, 6, 7, 7},
		{gasnet.AtomicCAS, gasnet.Uint32, 7, 8, 7, 7, 8},
		{gasnet.AtomicAnd, gasnet.Uint64, 0b1100, 0b1010, 0, 0b1100, 0b1000},
		{gasnet.AtomicOr, gasnet.Uint32, 0b1100, 0b1010, 0, 0b1100, 0b1110},
		{gasnet.AtomicXor, gasnet.Int64, 0b1100, 0b1010, 0, 0b1100, 0b0110},
		{gasnet.AtomicMin, gasnet.Int64, 3, math.MaxUint64, 0, 3, math.MaxUint64}, // min(3,-1) = -1
		{gasnet.AtomicMin, gasnet.Uint64, 3, math.MaxUint64, 0, 3, 3},
		{gasnet.AtomicMax, gasnet.Int32, 3, 0xFFFFFFFF, 0, 3, 3}, // max(3,-1) = 3
		{gasnet.AtomicMax, gasnet.Uint32, 3, 0xFFFFFFFF, 0, 3, 0xFFFFFFFF},
		{gasnet.AtomicAdd, gasnet.Float64, f64(1.5), f64(2.25), 0, f64(1.5), f64(3.75)},
		{gasnet.AtomicAdd, gasnet.Float32, f32(1.5), f32(2), 0, f32(1.5), f32(3.5)},
		{gasnet.AtomicMul, gasnet.Float64, f64(1.5), f64(2), 0, f64(1.5), f64(3)},
		{gasnet.AtomicGet, gasnet.Int64, 42, 0, 0, 42, 42},
	}
}()

// atomics: every operation on every kind it applies to, at the peer, with
// the old value it returns and the value it leaves; and the misuses that
// panic.
func atomics(r *rank) {
	ep := r.ep
	const off = 64
	for _, c := range atomicCases {
		ep.Atomic(r.peer, off, gasnet.AtomicSet, gasnet.Uint64, 0, 0)
		ep.Atomic(r.peer, off, gasnet.AtomicSet, c.kind, c.init, 0)
		if old := ep.Atomic(r.peer, off, c.op, c.kind, c.a, c.b); old != c.wantOld {
			r.errorf("%s on %s %#x with %#x, %#x: returned %#x, want %#x", c.op, c.kind, c.init, c.a, c.b, old, c.wantOld)
		}
		if now := ep.Atomic(r.peer, off, gasnet.AtomicGet, c.kind, 0, 0); now != c.wantNew {
			r.errorf("%s on %s %#x with %#x, %#x: left %#x, want %#x", c.op, c.kind, c.init, c.a, c.b, now, c.wantNew)
		}
	}
	r.panics("a misaligned atomic", "misaligned", func() { ep.Atomic(r.peer, 3, gasnet.AtomicAdd, gasnet.Int64, 1, 0) })
	r.panics("xor on a double", "not defined", func() { ep.Atomic(r.peer, 0, gasnet.AtomicXor, gasnet.Float64, 1, 0) })
	r.barrier()
}

// atomicContention: every rank updates the same words of rank 0 and of the
// last rank at once; every update counts, and one compare-and-swap of
// many wins.
func atomicContention(r *rank) {
	ep := r.ep
	const rounds = 50
	last := ep.Size() - 1
	for range rounds {
		ep.Atomic(0, 0, gasnet.AtomicAdd, gasnet.Int64, 1, 0)
		ep.Atomic(last, 8, gasnet.AtomicAdd, gasnet.Float64, math.Float64bits(0.5), 0)
		ep.Atomic(0, 16, gasnet.AtomicAdd, gasnet.Uint32, 2, 0)
	}
	ep.Atomic(0, 24, gasnet.AtomicMin, gasnet.Int64, uint64(int64(-ep.Rank())), 0)
	ep.Atomic(0, 32, gasnet.AtomicMax, gasnet.Uint32, uint64(ep.Rank()+1000), 0)
	if ep.Atomic(0, 40, gasnet.AtomicCAS, gasnet.Uint64, uint64(ep.Rank()+1), 0) == 0 {
		ep.Atomic(0, 48, gasnet.AtomicAdd, gasnet.Int32, 1, 0)
	}
	r.barrier()
	n := uint64(ep.Size())
	get := func(dst int, off uintptr, kind gasnet.AtomicKind) uint64 {
		return ep.Atomic(dst, off, gasnet.AtomicGet, kind, 0, 0)
	}
	for _, c := range []struct {
		what      string
		got, want uint64
	}{
		{"integer sum", get(0, 0, gasnet.Int64), rounds * n},
		{"double sum at the last rank", get(last, 8, gasnet.Float64), math.Float64bits(float64(rounds*n) / 2)},
		{"32-bit sum", get(0, 16, gasnet.Uint32), 2 * rounds * n},
		{"minimum", get(0, 24, gasnet.Int64), uint64(-int64(n - 1))},
		{"maximum", get(0, 32, gasnet.Uint32), 999 + n},
		{"compare-and-swaps that won", get(0, 48, gasnet.Int32), 1},
	} {
		if c.got != c.want {
			r.errorf("%s: %#x, want %#x", c.what, c.got, c.want)
		}
	}
	r.barrier()
}
