package upc

import (
	"fmt"
	"math"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// Every collective is checked against a brute-force reference computed
// from the same pattern, at every thread count from 1 to 8, fully shared
// (direct access) and with every thread in its own simulated process (the
// message paths), under -race in CI.

var collThreads = []int{1, 2, 3, 4, 5, 6, 7, 8}

// collBoth runs body at P threads, shared and as P processes.
func collBoth(t *testing.T, P int, body func(th *Thread)) {
	t.Helper()
	for _, procs := range []int{1, P} {
		if procs == P && P == 1 {
			continue
		}
		t.Run(fmt.Sprintf("P=%d/procs=%d", P, procs), func(t *testing.T) {
			_, err := RunWith(Options{Threads: P, Conduit: smp.New(P, procs), SegmentSize: 4 << 20},
				func(th *Thread) int { body(th); return 0 })
			require.NoError(t, err)
		})
	}
}

// pattern is the byte a thread's source holds at offset i.
func pattern(th, i int) byte { return byte(th*37 + i*11 + 5) }

// allFlags are the nine sync modes.
var allFlags = func() []Flag {
	var fs []Flag
	for _, in := range []Flag{InAllSync, InNoSync, InMySync} {
		for _, out := range []Flag{OutAllSync, OutNoSync, OutMySync} {
			fs = append(fs, in|out)
		}
	}
	return fs
}()

// syncAround makes a NOSYNC call safe to check: the data must be in
// place before anyone enters and complete before anyone looks.
func syncBefore(th *Thread, f Flag) {
	if in, _, _ := f.Modes(); in != InAllSync {
		th.Barrier()
	}
}

func syncAfter(th *Thread, f Flag) {
	if _, out, _ := f.Modes(); out != OutAllSync {
		th.Barrier()
	}
}

// ownSlice is n bytes of the caller's own segment at p (p on the caller).
func ownSlice(th *Thread, p SharedPtr, n uintptr) []byte {
	if int(p.Thread) != th.MyThread {
		panic("ownSlice of another thread's memory")
	}
	return th.collOwnBytes(p.Addr, n)
}

// readShared copies n bytes at p.
func readShared(th *Thread, p SharedPtr, n uintptr) []byte {
	b := make([]byte, n)
	th.Memget(unsafe.Pointer(&b[0]), p, n)
	return b
}

func TestAllBroadcastScatterGather(t *testing.T) {
	for _, P := range collThreads {
		collBoth(t, P, func(th *Thread) {
			me := th.MyThread
			for _, nb := range []uintptr{1, 3, 24} {
				for fi, f := range allFlags {
					root := (fi + int(nb)) % P
					// Broadcast: src on root, dst one block per thread.
					src := th.AllAlloc(uintptr(P), nb*uintptr(P)) // nb*P bytes per thread
					dst := th.AllAlloc(uintptr(P), nb)
					mySrc := SharedPtr{Thread: uint32(me), Addr: src.Addr}
					for i := range nb * uintptr(P) {
						ownSlice(th, mySrc, nb*uintptr(P))[i] = pattern(me, int(i))
					}
					rootSrc := SharedPtr{Thread: uint32(root), Addr: src.Addr}
					syncBefore(th, f)
					th.AllBroadcast(dst, rootSrc, nb, f)
					syncAfter(th, f)
					got := ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, nb)
					for i := range nb {
						require.Equal(t, pattern(root, int(i)), got[i], "broadcast P=%d nb=%d flags=%d root=%d byte %d", P, nb, f, root, i)
					}
					th.Barrier()

					// Scatter: block i of root's src to thread i.
					syncBefore(th, f)
					th.AllScatter(dst, rootSrc, nb, f)
					syncAfter(th, f)
					got = ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, nb)
					for i := range nb {
						require.Equal(t, pattern(root, int(uintptr(me)*nb+i)), got[i], "scatter P=%d nb=%d flags=%d", P, nb, f)
					}
					th.Barrier()

					// Gather: thread i's block (its dst block from the
					// scatter, which is pattern(root, i*nb+...)) to block i
					// of a gather buffer on root.
					gdst := SharedPtr{Thread: uint32(root), Addr: src.Addr}
					syncBefore(th, f)
					th.AllGather(gdst, dst, nb, f)
					syncAfter(th, f)
					if me == root {
						all := ownSlice(th, gdst, nb*uintptr(P))
						for i := range nb * uintptr(P) {
							require.Equal(t, pattern(root, int(i)), all[i], "gather P=%d nb=%d", P, nb)
						}
					}
					th.Barrier()
					th.AllFree(src)
					th.AllFree(dst)
				}
			}
		})
	}
}

func TestAllGatherAllExchangePermute(t *testing.T) {
	for _, P := range collThreads {
		collBoth(t, P, func(th *Thread) {
			me := th.MyThread
			for _, nb := range []uintptr{1, 5, 16} {
				for _, f := range []Flag{InAllSync | OutAllSync, InNoSync | OutMySync, InMySync | OutNoSync} {
					row := nb * uintptr(P)
					src := th.AllAlloc(uintptr(P), row)
					dst := th.AllAlloc(uintptr(P), row)
					mine := ownSlice(th, SharedPtr{Thread: uint32(me), Addr: src.Addr}, row)
					for i := range mine {
						mine[i] = pattern(me, i)
					}
					// gather_all: thread j's first nb bytes, everywhere.
					syncBefore(th, f)
					th.AllGatherAll(dst, src, nb, f)
					syncAfter(th, f)
					got := ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, row)
					for j := range P {
						for i := range nb {
							require.Equal(t, pattern(j, int(i)), got[uintptr(j)*nb+i], "gather_all P=%d nb=%d from %d", P, nb, j)
						}
					}
					th.Barrier()

					// exchange: block j of thread i's row -> block i of thread j's row.
					syncBefore(th, f)
					th.AllExchange(dst, src, nb, f)
					syncAfter(th, f)
					got = ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, row)
					for i := range P {
						for b := range nb {
							require.Equal(t, pattern(i, int(uintptr(me)*nb+b)), got[uintptr(i)*nb+b], "exchange P=%d nb=%d from %d", P, nb, i)
						}
					}
					th.Barrier()

					// permute: a rotation by 2 and, at the end, the identity.
					perm := th.AllAlloc(uintptr(P), 4)
					Store(th, SharedPtr{Thread: uint32(me), Addr: perm.Addr}, int32((me+2)%P))
					syncBefore(th, f)
					th.Barrier()
					th.AllPermute(dst, src, perm, nb, f)
					syncAfter(th, f)
					from := (me - 2 + 2*P) % P
					got = ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, nb)
					for b := range nb {
						require.Equal(t, pattern(from, int(b)), got[b], "permute P=%d", P)
					}
					th.Barrier()
					th.AllFree(perm)
					th.AllFree(src)
					th.AllFree(dst)
				}
			}
		})
	}
}

// A dst and src that start on another thread than 0: blocks are placed
// by pointer arithmetic (threads below the start are in the next row).
func TestCollectivesOffsetStart(t *testing.T) {
	collBoth(t, 4, func(th *Thread) {
		const nb = 8
		base := th.AllAlloc(4, 3*nb) // three blocks per thread
		start := SharedPtr{Thread: 2, Addr: base.Addr}
		src := SharedPtr{Thread: 1, Addr: base.Addr + 2*nb}
		if th.MyThread == 1 {
			Store(th, src, uint64(0x0102030405060708))
		}
		th.AllBroadcast(start, src, nb, 0)
		want := base.Addr
		if th.MyThread < 2 {
			want += nb
		}
		assert.Equal(t, uint64(0x0102030405060708), Load[uint64](th, SharedPtr{Thread: uint32(th.MyThread), Addr: want}))
	})
}

func TestCollectiveErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		body func(th *Thread, a SharedPtr)
		want string
	}{
		{"bad flags", func(th *Thread, a SharedPtr) { th.AllBroadcast(a, a, 8, 3) }, "upc_all_broadcast: invalid sync_mode 0x3"},
		{"null src", func(th *Thread, a SharedPtr) { th.AllScatter(a, SharedPtr{}, 8, 0) }, "upc_all_scatter: src is a null pointer-to-shared"},
		{"outside", func(th *Thread, a SharedPtr) { th.AllGather(SharedPtr{Addr: 1 << 40}, a, 8, 0) }, "upc_all_gather: 16 bytes at dst"},
		{"not a permutation", func(th *Thread, a SharedPtr) {
			Store(th, SharedPtr{Thread: uint32(th.MyThread), Addr: a.Addr}, int32(0))
			th.AllPermute(a.Add(64, Indefinite(1), 2), a.Add(128, Indefinite(1), 2), a, 4, InAllSync)
		}, "perm is not a permutation"},
		// Single-valued arguments (UPC 1.3 7.4 4), each named.
		{"sizes differ", func(th *Thread, a SharedPtr) { th.AllBroadcast(a, a, uintptr(8+th.MyThread), 0) }, "passed nbytes"},
		{"size 0 on one thread", func(th *Thread, a SharedPtr) { th.AllGather(a, a, uintptr(8*th.MyThread), InNoSync|OutNoSync) }, "upc_all_gather: thread"},
		{"sync modes differ", func(th *Thread, a SharedPtr) { th.AllScatter(a, a, 8, InNoSync|Flag(th.MyThread)*OutMySync) }, "passed sync_mode UPC_IN_NOSYNC|UPC_OUT_"},
		{"destinations differ", func(th *Thread, a SharedPtr) { th.AllExchange(a.Add(int64(th.MyThread), Indefinite(1), 2), a, 8, 0) }, "passed different dst"},
		{"operators differ", func(th *Thread, a SharedPtr) { AllReduce[int32](th, a, a, OpAdd<<th.MyThread, 2, 1, nil, 0) }, "upc_all_reduceI: thread"},
		{"element counts differ", func(th *Thread, a SharedPtr) {
			AllPrefixReduce[int64](th, a, a, OpAdd, uintptr(2+th.MyThread), 1, nil, 0)
		}, "passed nelems"},
		{"block sizes differ", func(th *Thread, a SharedPtr) { AllReduce[int64](th, a, a, OpMax, 2, uintptr(1+th.MyThread), nil, 0) }, "passed blk_size"},
		{"types differ", func(th *Thread, a SharedPtr) {
			if th.MyThread == 0 {
				AllReduce[int32](th, a, a, OpAdd, 2, 1, nil, 0)
			} else {
				AllReduce[float64](th, a, a, OpAdd, 2, 1, nil, 0)
			}
		}, "collective mismatch"},
		{"upc_all_alloc sizes differ", func(th *Thread, a SharedPtr) { th.AllAlloc(2, uintptr(8+th.MyThread)) }, "upc_all_alloc: thread 1 passed nbytes 9 where thread 0 passed 8"},
		{"atomic domain types differ", func(th *Thread, a SharedPtr) { th.AllAtomicDomainAlloc(TypeInt+TypeCode(th.MyThread), OpAdd, 0) }, "upc_all_atomicdomain_alloc: thread 1 passed type 5 where thread 0 passed 4"},
		{"perms differ", func(th *Thread, a SharedPtr) {
			perm := a.Add(int64(32*th.MyThread), Indefinite(1), 2)
			Store(th, SharedPtr{Thread: uint32(th.MyThread), Addr: perm.Addr + 4*uintptr(th.MyThread)}, int32(th.MyThread))
			th.AllPermute(a.Add(64, Indefinite(1), 2), a.Add(128, Indefinite(1), 2), perm, 4, InAllSync)
		}, "upc_all_permute: threads 0 and 1 passed different perm"},
		{"mismatch", func(th *Thread, a SharedPtr) {
			if th.MyThread == 0 {
				th.AllBroadcast(a, a, 8, InNoSync|OutNoSync)
			} else {
				th.AllScatter(a, a, 8, InNoSync|OutNoSync)
			}
		}, "collective mismatch"},
		{"reduce float and", func(th *Thread, a SharedPtr) { AllReduce[float64](th, a, a, OpAnd, 2, 1, nil, 0) }, "upc_all_reduceD: UPC_AND is not defined on floating-point elements"},
		{"func without function", func(th *Thread, a SharedPtr) { AllReduce[int32](th, a, a, OpFunc, 2, 1, nil, 0) }, "upc_all_reduceI: UPC_FUNC needs a function"},
		{"bad op", func(th *Thread, a SharedPtr) { AllPrefixReduce[int32](th, a, a, OpGet, 2, 1, nil, 0) }, "invalid operation UPC_GET"},
	} {
		for _, procs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/procs=%d", tc.name, procs), func(t *testing.T) {
				_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
					a := th.AllAlloc(2, 256)
					tc.body(th, a)
					return 0
				})
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
			})
		}
	}
}

// ---- reductions ----

// refFold is the reference: a left fold in index order.
func refFold[T Number](comb func(a, b T) T, xs []T) (T, bool) {
	if len(xs) == 0 {
		return 0, false
	}
	acc := xs[0]
	for _, x := range xs[1:] {
		acc = comb(acc, x)
	}
	return acc, true
}

// refOp is op written out plainly, independent of combiner.
func refOp[T Number](op Op) func(a, b T) T {
	b2t := func(b bool) T {
		if b {
			return 1
		}
		return 0
	}
	switch op {
	case OpAdd:
		return func(a, b T) T { return a + b }
	case OpMult:
		return func(a, b T) T { return a * b }
	case OpAnd:
		return func(a, b T) T { return T(int64(a) & int64(b)) }
	case OpOr:
		return func(a, b T) T { return T(int64(a) | int64(b)) }
	case OpXor:
		return func(a, b T) T { return T(int64(a) ^ int64(b)) }
	case OpLogAnd:
		return func(a, b T) T { return b2t(a != 0 && b != 0) }
	case OpLogOr:
		return func(a, b T) T { return b2t(a != 0 || b != 0) }
	case OpMin:
		return func(a, b T) T { return T(math.Min(float64(a), float64(b))) }
	case OpMax:
		return func(a, b T) T { return T(math.Max(float64(a), float64(b))) }
	}
	panic("no reference for " + op.String())
}

// elemValue is element i's value: small, so that sums and products of a
// few dozen stay exact in every type, with zeros and negatives mixed in.
func elemValue[T Number](i int) T {
	v := int64(i*7%11) - 3
	if isFloatType[T]() {
		return T(v) / 2
	}
	if onesOf[T]() > 0 && v < 0 { // unsigned
		v = -v
	}
	return T(v)
}

var reduceOps = []Op{OpAdd, OpMult, OpAnd, OpOr, OpXor, OpLogAnd, OpLogOr, OpMin, OpMax, OpFunc, OpNonCommFunc}

// ival packs an interval of indices [lo, hi] into a uint64; combining
// two adjacent intervals gives their union and anything else a poison
// value, so a result shows whether elements were combined strictly in
// index order (the operator is associative, not commutative).
func ival(lo, hi int) uint64 { return uint64(lo)<<32 | uint64(hi) }

const poison = math.MaxUint64

func ivalCombine(a, b uint64) uint64 {
	if a == poison || b == poison || uint32(a)+1 != uint32(b>>32) {
		return poison
	}
	return a&^0xFFFFFFFF | uint64(uint32(b))
}

// reduceCase runs upc_all_reduce and upc_all_prefix_reduce for one T.
func reduceCase[T Number](t *testing.T, th *Thread, stride uintptr, ld bool) {
	P, me := th.Threads, th.MyThread
	es := stride
	for _, blk := range []uint64{0, 1, 3} {
		for _, nelems := range []int{0, 1, 2*P + 3} {
			for _, phase := range []int{0, 1} {
				for _, op := range reduceOps {
					if isFloatType[T]() && (op == OpAnd || op == OpOr || op == OpXor) {
						continue
					}
					name := fmt.Sprintf("T=%s blk=%d n=%d phase=%d op=%v P=%d", reduceSuffix[T](), blk, nelems, phase, op, P)
					total := nelems + phase + 4
					layout := Layout{Block: uintptr(blk), ElemSize: es}
					nblocks, bsz := uintptr(P), uintptr(total)*es
					if blk > 0 {
						nblocks, bsz = uintptr((total+int(blk)-1)/int(blk)), uintptr(blk)*es
					}
					base := th.AllAlloc(nblocks, bsz)
					out := th.AllAlloc(nblocks, bsz)
					res := th.AllAlloc(1, 16)
					// Every thread writes the elements it owns.
					src := base.Add(int64(phase), layout, P)
					dst := out.Add(int64(phase), layout, P)
					vals := make([]T, nelems)
					for i := range nelems {
						vals[i] = elemValue[T](i + phase)
						if p := src.Add(int64(i), layout, P); int(p.Thread) == me {
							*(*T)(unsafe.Add(th.local, p.Addr)) = vals[i]
						}
					}
					Store(th, SharedPtr{Thread: uint32(me), Addr: res.Addr}, uint64(0xDEAD))
					var comb, fn func(a, b T) T
					switch op {
					default:
						comb = refOp[T](op)
					case OpFunc:
						fn = func(a, b T) T { return a + b }
						comb = fn
					case OpNonCommFunc:
						if unsafe.Sizeof(*new(T)) == 8 && !isFloatType[T]() {
							// Elements become intervals of their indices.
							for i := range nelems {
								vals[i] = T(ival(i, i))
								if p := src.Add(int64(i), layout, P); int(p.Thread) == me {
									*(*T)(unsafe.Add(th.local, p.Addr)) = vals[i]
								}
							}
							fn = func(a, b T) T { return T(ivalCombine(uint64(a), uint64(b))) }
						} else {
							fn = func(a, b T) T { return b } // "last": associative, not commutative
						}
						comb = fn
					}
					th.Barrier()
					if ld {
						f64 := any(fn).(func(a, b float64) float64)
						AllReduceLongDouble(th, res, src, op, uintptr(nelems), uintptr(blk), f64, 0)
						AllPrefixReduceLongDouble(th, dst, src, op, uintptr(nelems), uintptr(blk), f64, 0)
					} else {
						AllReduce(th, res, src, op, uintptr(nelems), uintptr(blk), fn, 0)
						AllPrefixReduce(th, dst, src, op, uintptr(nelems), uintptr(blk), fn, 0)
					}
					want, ok := refFold(comb, vals)
					got := Load[T](th, res)
					if ok {
						require.Equal(t, want, got, "reduce "+name)
					} else {
						require.Equal(t, uint64(0xDEAD), Load[uint64](th, res), "reduce of nothing "+name)
					}
					for i := range nelems {
						w, _ := refFold(comb, vals[:i+1])
						require.Equal(t, w, Load[T](th, dst.Add(int64(i), layout, P)), "prefix element %d %s", i, name)
					}
					th.Barrier()
					th.AllFree(base)
					th.AllFree(out)
					th.AllFree(res)
				}
			}
		}
	}
}

func TestAllReduceEveryType(t *testing.T) {
	// Every type, operation, layout and phase is some 2 000 reductions a
	// thread count: at the counts the tree's shapes differ in (1, a pair,
	// odd, prime, a power of two above 4), not all of collThreads, which
	// under the race detector took eight minutes of make test.
	for _, P := range []int{1, 2, 3, 5, 8} {
		collBoth(t, P, func(th *Thread) {
			reduceCase[int8](t, th, 1, false)
			reduceCase[uint8](t, th, 1, false)
			reduceCase[int16](t, th, 2, false)
			reduceCase[uint16](t, th, 2, false)
			reduceCase[int32](t, th, 4, false)
			reduceCase[uint32](t, th, 4, false)
			reduceCase[int64](t, th, 8, false)
			reduceCase[uint64](t, th, 8, false)
			reduceCase[float32](t, th, 4, false)
			reduceCase[float64](t, th, 8, false)
			reduceCase[float64](t, th, 16, true)
		})
	}
}

// ---- one-sided ----

// subsets are the participant lists tried: everyone (nil), and the even
// threads listed backwards.
func subsets(P int) [][]int32 {
	var evens []int32
	for th := P - 1; th >= 0; th-- {
		if th%2 == 0 {
			evens = append(evens, int32(th))
		}
	}
	return [][]int32{nil, evens}
}

func members(P int, sub []int32) []int {
	if sub == nil {
		ms := make([]int, P)
		for i := range ms {
			ms[i] = i
		}
		return ms
	}
	var ms []int
	for _, m := range sub {
		ms = append(ms, int(m))
	}
	return ms
}

func contains(ms []int, x int) bool {
	for _, m := range ms {
		if m == x {
			return true
		}
	}
	return false
}

// fillRow writes pattern(th, i) over a thread's n bytes at a.Addr.
func fillRow(th *Thread, a SharedPtr, n uintptr, salt int) {
	mine := ownSlice(th, SharedPtr{Thread: uint32(th.MyThread), Addr: a.Addr}, n)
	for i := range mine {
		mine[i] = pattern(th.MyThread+salt, i)
	}
}

// TestOneSidedRelocalization: one caller at a time moves data; the caller
// checks right after the call, every thread after the next barrier.
func TestOneSidedRelocalization(t *testing.T) {
	for _, P := range collThreads {
		collBoth(t, P, func(th *Thread) {
			me := th.MyThread
			const nb = 6
			row := uintptr(nb * P)
			src := th.AllAlloc(uintptr(P), row)
			dst := th.AllAlloc(uintptr(P), row)
			for _, caller := range []int{0, P - 1, P / 2} {
				for si, sub := range subsets(P) {
					ms := members(P, sub)
					for _, async := range []bool{false, true} {
						for _, inPlace := range []bool{false, true} {
							salt := caller + 3*si
							name := fmt.Sprintf("P=%d caller=%d subset=%v async=%v inplace=%v", P, caller, sub, async, inPlace)
							run := func(c OneSided) {
								if me == caller {
									if async {
										th.ep.Wait(th.OneSidedAsync(c))
									} else {
										th.OneSided(c)
									}
								}
							}
							// Broadcast from thread root's first nb bytes.
							root := (caller + 1) % P
							fillRow(th, src, row, salt)
							fillRow(th, dst, row, 100)
							th.Barrier()
							bsrc, bdst := SharedPtr{Thread: uint32(root), Addr: src.Addr}, dst
							if inPlace {
								bsrc, bdst = SharedPtr{Thread: uint32(root), Addr: dst.Addr}, SharedPtr{Thread: uint32(root), Addr: dst.Addr}
								if me == root {
									copy(ownSlice(th, bsrc, nb), ownSlice(th, SharedPtr{Thread: uint32(me), Addr: src.Addr}, nb))
								}
								th.Barrier()
							}
							run(OneSided{Kind: OSBroadcast, Dst: bdst, Src: bsrc, NBytes: nb, Threads: sub})
							// The caller sees everything at once; every thread
							// sees its own block after the next barrier.
							check := func(what string, want func(th, i int) byte) {
								verify := func(th2 int) {
									got := readShared(th, SharedPtr{Thread: uint32(th2), Addr: dst.Addr}, row)
									for i := range got {
										require.Equal(t, want(th2, i), got[i], "%s %s: thread %d byte %d", what, name, th2, i)
									}
								}
								if me == caller {
									for th2 := range P {
										verify(th2)
									}
								}
								th.Barrier()
								verify(me)
								th.Barrier()
							}
							check("broadcast", func(th2, i int) byte {
								off := 0
								if inPlace && th2 < root {
									off = nb
								}
								if contains(ms, th2) && i >= off && i < off+nb {
									return pattern(root+salt, i-off)
								}
								if inPlace && th2 == root && i < nb {
									return pattern(root+salt, i)
								}
								return pattern(th2+100, i)
							})

							// Scatter root's src row: block m to thread m.
							fillRow(th, dst, row, 100)
							ssrc, sdst := SharedPtr{Thread: uint32(root), Addr: src.Addr}, dst
							if inPlace {
								ssrc, sdst = SharedPtr{Thread: uint32(root), Addr: dst.Addr}, SharedPtr{Thread: uint32(root), Addr: dst.Addr}
								if me == root {
									copy(ownSlice(th, ssrc, row), ownSlice(th, SharedPtr{Thread: uint32(me), Addr: src.Addr}, row))
								}
							}
							th.Barrier()
							run(OneSided{Kind: OSScatter, Dst: sdst, Src: ssrc, NBytes: nb, Threads: sub})
							check("scatter", func(th2, i int) byte {
								off := 0
								if inPlace && th2 < root {
									off = nb
								}
								if contains(ms, th2) && i >= off && i < off+nb {
									return pattern(root+salt, th2*nb+i-off)
								}
								if inPlace && th2 == root {
									return pattern(root+salt, i) // the untouched rest of the row
								}
								return pattern(th2+100, i)
							})

							// Gather every member's first block to root's row.
							fillRow(th, dst, row, 100)
							gsrc, gdst := src, SharedPtr{Thread: uint32(root), Addr: dst.Addr}
							if inPlace {
								// Each thread's block at dst (row 1 below root), root's at dst.
								gsrc = gdst
								blk := blockOn(gsrc, me, nb)
								copy(ownSlice(th, blk, nb), ownSlice(th, SharedPtr{Thread: uint32(me), Addr: src.Addr}, nb))
							}
							th.Barrier()
							run(OneSided{Kind: OSGather, Dst: gdst, Src: gsrc, NBytes: nb, Threads: sub})
							check("gather", func(th2, i int) byte {
								if th2 == root && contains(ms, i/nb) {
									return pattern(i/nb+salt, i%nb)
								}
								// In place, every other thread's block is its source.
								if off := 0; inPlace && th2 != root {
									if th2 < root {
										off = nb
									}
									if i >= off && i < off+nb {
										return pattern(th2+salt, i-off)
									}
								}
								return pattern(th2+100, i)
							})
						}
					}
				}
			}
			th.AllFree(src)
			th.AllFree(dst)
		})
	}
}

func TestOneSidedExchange(t *testing.T) {
	for _, P := range collThreads {
		collBoth(t, P, func(th *Thread) {
			me := th.MyThread
			const nb = 3
			row := uintptr(nb * P)
			src := th.AllAlloc(uintptr(P), row)
			dst := th.AllAlloc(uintptr(P), row)
			for _, sub := range subsets(P) {
				ms := members(P, sub)
				for _, inPlace := range []bool{false, true} {
					caller := P - 1
					fillRow(th, src, row, 0)
					fillRow(th, dst, row, 100)
					d := dst
					if inPlace {
						copy(ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, row), ownSlice(th, SharedPtr{Thread: uint32(me), Addr: src.Addr}, row))
						d = dst
					}
					s := src
					if inPlace {
						s = dst
					}
					th.Barrier()
					if me == caller {
						th.Exchange(d, s, nb)
						if sub != nil {
							th.OneSided(OneSided{Kind: OSExchange, Dst: d, Src: s, NBytes: nb, Threads: sub})
						}
					}
					th.Barrier()
					got := ownSlice(th, SharedPtr{Thread: uint32(me), Addr: dst.Addr}, row)
					for i := range P {
						for b := range nb {
							want := pattern(i, me*nb+b)
							if inPlace && sub != nil && contains(ms, i) && contains(ms, me) {
								want = pattern(me, i*nb+b) // transposed twice: back home
							}
							require.Equal(t, want, got[i*nb+b], "exchange P=%d subset=%v inplace=%v from %d", P, sub, inPlace, i)
						}
					}
					th.Barrier()
				}
			}
			th.AllFree(src)
			th.AllFree(dst)
		})
	}
}

// osComputeCase checks upc_reduce, upc_prefix_reduce and
// upc_xprefix_reduce on T against the reference fold.
func osComputeCase[T Number](t *testing.T, th *Thread, typ TypeCode, es uintptr) {
	P, me := th.Threads, th.MyThread
	src := th.AllAlloc(uintptr(P), es)
	dst := th.AllAlloc(uintptr(P), es)
	res := th.AllAlloc(1, 16)
	for _, op := range []Op{OpAdd, OpMult, OpAnd, OpOr, OpXor, OpLogAnd, OpLogOr, OpMin, OpMax} {
		if isFloatType[T]() && (op == OpAnd || op == OpOr || op == OpXor) {
			continue
		}
		for _, sub := range subsets(P) {
			ms := members(P, sub)
			*(*T)(unsafe.Add(th.local, src.Addr)) = elemValue[T](me)
			*(*T)(unsafe.Add(th.local, dst.Addr)) = 42
			th.Barrier()
			caller := (P - 1) / 2
			if me == caller {
				th.OneSided(OneSided{Kind: OSReduce, Dst: res, Src: src, Type: typ, Op: op, Threads: sub})
				th.OneSided(OneSided{Kind: OSXPrefixReduce, Dst: dst, Src: src, Type: typ, Op: op, Threads: sub})
			}
			th.Barrier()
			comb := refOp[T](op)
			var vals []T
			for _, m := range ms {
				vals = append(vals, elemValue[T](m))
			}
			want, _ := refFold(comb, vals)
			name := fmt.Sprintf("%v %v P=%d subset=%v", typ, op, P, sub)
			require.Equal(t, want, Load[T](th, res), "reduce "+name)
			// Exclusive prefix: the identity, then the folds.
			for k, m := range ms {
				w := opIdentity[T](op)
				if k > 0 {
					w, _ = refFold(comb, vals[:k])
				}
				require.Equal(t, w, Load[T](th, SharedPtr{Thread: uint32(m), Addr: dst.Addr}), "xprefix %s position %d", name, k)
			}
			th.Barrier()
			// Inclusive prefix in place.
			if me == caller {
				th.OneSided(OneSided{Kind: OSPrefixReduce, Dst: src, Src: src, Type: typ, Op: op, Threads: sub})
			}
			th.Barrier()
			for k, m := range ms {
				w, _ := refFold(comb, vals[:k+1])
				require.Equal(t, w, Load[T](th, SharedPtr{Thread: uint32(m), Addr: src.Addr}), "prefix %s position %d", name, k)
			}
			if !contains(ms, me) {
				require.Equal(t, elemValue[T](me), *(*T)(unsafe.Add(th.local, src.Addr)), "prefix touched a non-member "+name)
			}
			th.Barrier()
		}
	}
	th.AllFree(src)
	th.AllFree(dst)
	th.AllFree(res)
}

func TestOneSidedComputation(t *testing.T) {
	for _, P := range collThreads {
		collBoth(t, P, func(th *Thread) {
			osComputeCase[int8](t, th, TypeChar, 1)
			osComputeCase[uint8](t, th, TypeUInt8, 1)
			osComputeCase[int16](t, th, TypeShort, 2)
			osComputeCase[uint16](t, th, TypeUShort, 2)
			osComputeCase[int32](t, th, TypeInt, 4)
			osComputeCase[uint32](t, th, TypeUInt32, 4)
			osComputeCase[int64](t, th, TypeLong, 8)
			osComputeCase[uint64](t, th, TypeULLong, 8)
			osComputeCase[float32](t, th, TypeFloat, 4)
			osComputeCase[float64](t, th, TypeDouble, 8)
			osComputeCase[float64](t, th, TypeLDouble, 16)
		})
	}
}

// Every thread broadcasts at once, each its own region: the trees of
// different callers run through the same handlers.
func TestOneSidedConcurrentCallers(t *testing.T) {
	for _, P := range []int{3, 8} {
		collBoth(t, P, func(th *Thread) {
			me := th.MyThread
			const nb = 8
			src := th.AllAlloc(uintptr(P), nb)
			dst := th.AllAlloc(uintptr(P*P), nb) // a block per (caller, thread)
			Store(th, SharedPtr{Thread: uint32(me), Addr: src.Addr}, uint64(1000+me))
			th.Barrier()
			var hs []gasnet.Handle
			for round := range 5 {
				d := SharedPtr{Addr: dst.Addr + uintptr(me*nb)}
				hs = append(hs, th.OneSidedAsync(OneSided{Kind: OSBroadcast, Dst: d, Src: SharedPtr{Thread: uint32(me), Addr: src.Addr}, NBytes: nb}))
				_ = round
			}
			th.ep.WaitAll(hs)
			th.Barrier()
			for c := range P {
				require.Equal(t, uint64(1000+c), Load[uint64](th, SharedPtr{Thread: uint32(me), Addr: dst.Addr + uintptr(c*nb)}))
			}
		})
	}
}

func TestOneSidedErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    func(a SharedPtr) OneSided
		want string
	}{
		{"subset range", func(a SharedPtr) OneSided {
			return OneSided{Kind: OSBroadcast, Dst: a, Src: a, NBytes: 8, Threads: []int32{0, 5}}
		}, "upc_broadcast_subset: thread 5 in the subset is not in [0,2)"},
		{"subset twice", func(a SharedPtr) OneSided {
			return OneSided{Kind: OSScatter, Dst: a, Src: a, NBytes: 8, Threads: []int32{1, 1}}
		}, "upc_scatter_subset: thread 1 is listed twice"},
		{"func", func(a SharedPtr) OneSided {
			return OneSided{Kind: OSReduce, Dst: a, Src: a, Type: TypeInt, Op: OpFunc}
		}, "upc_reduce: UPC_FUNC needs a function, which the one-sided collectives do not take"},
		{"pts", func(a SharedPtr) OneSided {
			return OneSided{Kind: OSPrefixReduce, Dst: a, Src: a, Type: TypePTS, Op: OpAdd}
		}, "upc_prefix_reduce: UPC_PTS is not a type it can compute on"},
		{"float xor", func(a SharedPtr) OneSided {
			return OneSided{Kind: OSXPrefixReduce, Dst: a, Src: a, Type: TypeDouble, Op: OpXor}
		}, "upc_xprefix_reduce: UPC_XOR is not defined on floating-point elements"},
		{"outside", func(a SharedPtr) OneSided {
			return OneSided{Kind: OSGather, Dst: a, Src: a, NBytes: 1 << 30}
		}, "upc_gather: src"},
	} {
		for _, procs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/procs=%d", tc.name, procs), func(t *testing.T) {
				_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
					a := th.AllAlloc(2, 256)
					if th.MyThread == 1 {
						th.OneSided(tc.c(a))
					}
					return 0
				})
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
			})
		}
	}
}

// The trees every collective uses: every position but the root has one
// parent, subtrees are contiguous ranges that partition their parent's,
// and no path or fan-out exceeds ceil(log2 n). (Plain checks: testify is
// too slow for a million of them.)
func TestTreeShape(t *testing.T) {
	for n := 1; n <= 1100; n++ {
		logn := 0
		for 1<<logn < n {
			logn++
		}
		for v := range n {
			depth := 0
			for p := v; p != 0; p = treeParent(p) {
				depth++
			}
			if depth > logn {
				t.Fatalf("n=%d: position %d at depth %d > %d", n, v, depth, logn)
			}
			kids, next := 0, v+1
			treeChildren(v, n, false, func(c, chi int) {
				if c != next || treeParent(c) != v || chi != treeHi(c, n) {
					t.Fatalf("n=%d: child %d [%d,%d) of %d: want it at %d, parent %d, range end %d", n, c, c, chi, v, next, treeParent(c), treeHi(c, n))
				}
				next = chi
				kids++
			})
			if next != treeHi(v, n) || kids > logn {
				t.Fatalf("n=%d: the %d children of %d end at %d, not %d", n, kids, v, next, treeHi(v, n))
			}
		}
	}
}

// TestFlagModes checks upc_flag_t's decoding: every mode a non-zero bit
// (UPC 1.3), a side without a mode ALLSYNC, two modes on a side invalid.
func TestFlagModes(t *testing.T) {
	for _, tc := range []struct {
		f       Flag
		in, out Flag
		ok      bool
	}{
		{0, InAllSync, OutAllSync, true},
		{InAllSync | OutAllSync, InAllSync, OutAllSync, true},
		{InNoSync, InNoSync, OutAllSync, true},
		{OutMySync, InAllSync, OutMySync, true},
		{InMySync | OutNoSync, InMySync, OutNoSync, true},
		{InNoSync | InAllSync, 0, 0, false},
		{OutNoSync | OutMySync | InNoSync, 0, 0, false},
		{1 << 6, 0, 0, false},
	} {
		in, out, ok := tc.f.Modes()
		assert.Equal(t, tc.ok, ok, "%#x", int32(tc.f))
		if tc.ok {
			assert.Equal(t, tc.in, in, "%#x in", int32(tc.f))
			assert.Equal(t, tc.out, out, "%#x out", int32(tc.f))
		}
	}
	for _, f := range []Flag{InNoSync, InMySync, InAllSync, OutNoSync, OutMySync, OutAllSync} {
		assert.NotZero(t, f)
	}
}
