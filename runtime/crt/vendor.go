package crt

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/upcgo/upcgo/runtime/cmem"
	"github.com/upcgo/upcgo/runtime/upc"
)

// The C forms of upc_castable.h's upc_thread_info and of Berkeley UPC's
// value-based collectives (bupc_collectivev.h).

// The castability categories (upc_castable.h's UPC_CASTABLE_ALL).
const castableAll = 1<<0 | 1<<1 | 1<<2 | 1<<3

// ThreadInfo stores upc_thread_info(th) at dst (upc_thread_info_t: two
// ints) and returns dst: every category is castable, guaranteed, when
// the calling thread addresses th's memory directly, else none is.
func ThreadInfo(dst uintptr, t *upc.Thread, th uint64) uintptr {
	if th >= uint64(t.Threads) {
		panic(fmt.Sprintf("upc_thread_info: thread %d is not less than THREADS (%d)", th, t.Threads))
	}
	var c int32
	if t.Addressable(int(th)) {
		c = castableAll
	}
	cmem.Store(dst, [2]int32{c, c})
	return dst
}

// The value-based collectives, by the which argument of __bupc_allv.
var allvNames = [...]string{"bupc_allv_broadcast", "bupc_allv_scatter", "bupc_allv_gather", "bupc_allv_permute", "bupc_allv_reduce", "bupc_allv_prefix_reduce"}

var allvColls = func() map[string]upc.LibCollective {
	m := map[string]upc.LibCollective{}
	for _, n := range allvNames {
		m[n] = upc.NewLibCollective(n)
	}
	m["bupc_allv_gather_all"] = upc.NewLibCollective("bupc_allv_gather_all")
	m["bupc_allv_reduce_all"] = upc.NewLibCollective("bupc_allv_reduce_all")
	return m
}()

// Allv runs the value-based collective which (see bupc_collectivev.h)
// for the calling thread and returns where its result is: result (size
// bytes in the caller's frame) or, for a gather, dest. Every thread sends
// its value (the root its array, for a scatter) in one gather to all; the
// root and the size are checked to be single-valued, and a permutation to
// be one.
func Allv(t *upc.Thread, which int32, value uintptr, size uint64, root int32, op int32, kind int32, dest, result uintptr) uintptr {
	if which < 0 || int(which) >= len(allvNames) {
		panic(fmt.Sprintf("__bupc_allv: unknown collective %d", which))
	}
	name := allvNames[which]
	if root == -1 && (name == "bupc_allv_gather" || name == "bupc_allv_reduce") {
		name += "_all"
	}
	P, me, n := t.Threads, t.MyThread, uintptr(size)
	rooted := name == "bupc_allv_broadcast" || name == "bupc_allv_scatter" || name == "bupc_allv_gather" || name == "bupc_allv_reduce"
	if rooted && (root < 0 || int(root) >= P) {
		panic(fmt.Sprintf("%s: the root thread %d is not a thread (THREADS is %d)", name, root, P))
	}
	var mine []byte
	switch {
	case name == "bupc_allv_scatter":
		if me == int(root) {
			if value == 0 {
				panic(name + ": the root's source array is a null pointer")
			}
			mine = cmem.Bytes(value, n*uintptr(P))
		}
	case name == "bupc_allv_broadcast":
		if me == int(root) {
			mine = cmem.Bytes(value, n)
		}
	case name == "bupc_allv_permute":
		if root < 0 || int(root) >= P {
			panic(fmt.Sprintf("%s: the destination thread %d is not a thread (THREADS is %d)", name, root, P))
		}
		mine = binary.AppendUvarint(nil, uint64(root))
		mine = append(mine, cmem.Bytes(value, n)...)
	default:
		mine = cmem.Bytes(value, n)
	}
	// The record: the size and the root, then the data.
	rec := binary.AppendUvarint(nil, size)
	if name != "bupc_allv_permute" {
		rec = binary.AppendVarint(rec, int64(root))
	}
	rec = append(rec, mine...)
	all := t.AllGatherBytes(allvColls[name], rec)
	data := make([][]byte, P)
	for i, r := range all {
		sz, k := binary.Uvarint(r)
		r = r[k:]
		var rt int64
		if name != "bupc_allv_permute" {
			rt, k = binary.Varint(r)
			r = r[k:]
		}
		if i == 0 && (sz != size || (name != "bupc_allv_permute" && rt != int64(root))) {
			panic(fmt.Sprintf("%s: the type's size and the root thread must be single-valued, but thread 0 passed %d and %d and thread %d passed %d and %d",
				name, sz, rt, me, size, root))
		}
		data[i] = r
	}
	out := cmem.Bytes(result, n)
	switch name {
	case "bupc_allv_broadcast":
		copy(out, data[root])
	case "bupc_allv_scatter":
		copy(out, data[root][uintptr(me)*n:])
	case "bupc_allv_gather", "bupc_allv_gather_all":
		if dest != 0 && (root == -1 || me == int(root)) {
			d := cmem.Bytes(dest, n*uintptr(P))
			for i, v := range data {
				copy(d[uintptr(i)*n:], v)
			}
		}
		return dest
	case "bupc_allv_permute":
		from := -1
		seen := make([]bool, P)
		for i, v := range data {
			to, k := binary.Uvarint(v)
			if seen[to] {
				panic(fmt.Sprintf("%s: threads send to thread %d twice: the destinations must be a permutation of 0..THREADS-1", name, to))
			}
			seen[to] = true
			if int(to) == me {
				from = i
				data[i] = v[k:]
			}
		}
		copy(out, data[from])
	case "bupc_allv_reduce", "bupc_allv_reduce_all", "bupc_allv_prefix_reduce":
		upto := P
		if name == "bupc_allv_prefix_reduce" {
			upto = me + 1
		}
		if name != "bupc_allv_reduce" || me == int(root) {
			foldInto(name, upc.Op(op), kind, n, data[:upto], out)
		} else {
			copy(out, data[me])
		}
	}
	return result
}

// foldInto folds vals (each n bytes of a scalar of the kind: 0 unsigned,
// 1 signed, 2 floating; a 16-byte long double holds a double) into out.
func foldInto(name string, op upc.Op, kind int32, n uintptr, vals [][]byte, out []byte) {
	switch {
	case kind == 2 && n == 4:
		put32(out, math.Float32bits(upc.FoldValues(name, op, each(vals, func(b []byte) float32 { return math.Float32frombits(le32(b)) }))))
	case kind == 2 && (n == 8 || n == 16):
		put64(out, math.Float64bits(upc.FoldValues(name, op, each(vals, func(b []byte) float64 { return math.Float64frombits(le64(b)) }))))
	case kind == 1 && n == 1:
		out[0] = byte(upc.FoldValues(name, op, each(vals, func(b []byte) int8 { return int8(b[0]) })))
	case kind == 1 && n == 2:
		put16(out, uint16(upc.FoldValues(name, op, each(vals, func(b []byte) int16 { return int16(le16(b)) }))))
	case kind == 1 && n == 4:
		put32(out, uint32(upc.FoldValues(name, op, each(vals, func(b []byte) int32 { return int32(le32(b)) }))))
	case kind == 1 && n == 8:
		put64(out, uint64(upc.FoldValues(name, op, each(vals, func(b []byte) int64 { return int64(le64(b)) }))))
	case kind == 0 && n == 1:
		out[0] = upc.FoldValues(name, op, each(vals, func(b []byte) uint8 { return b[0] }))
	case kind == 0 && n == 2:
		put16(out, upc.FoldValues(name, op, each(vals, le16)))
	case kind == 0 && n == 4:
		put32(out, upc.FoldValues(name, op, each(vals, le32)))
	case kind == 0 && n == 8:
		put64(out, upc.FoldValues(name, op, each(vals, le64)))
	default:
		panic(fmt.Sprintf("%s: a reduction needs an integer or floating type, not one of %d bytes", name, n))
	}
}

func each[T any](vals [][]byte, f func([]byte) T) []T {
	out := make([]T, len(vals))
	for i, v := range vals {
		out[i] = f(v)
	}
	return out
}

func le16(b []byte) uint16     { return binary.LittleEndian.Uint16(b) }
func le32(b []byte) uint32     { return binary.LittleEndian.Uint32(b) }
func le64(b []byte) uint64     { return binary.LittleEndian.Uint64(b) }
func put16(b []byte, v uint16) { binary.LittleEndian.PutUint16(b, v) }
func put32(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) }
func put64(b []byte, v uint64) { binary.LittleEndian.PutUint64(b, v) }
