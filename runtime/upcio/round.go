package upcio

import (
	"encoding/binary"
	"fmt"

	"github.com/upcgo/upcgo/runtime/upc"
)

// One collective round of a UPC-IO call: every thread sends the arguments
// that must be single-valued and a payload of its own; each thread checks
// its arguments against thread 0's and gets every thread's payload.

// single is one argument that must be single-valued, by name, for the
// message that reports threads that disagree.
type single struct {
	name  string
	num   int64
	str   string
	isStr bool
}

func num(name string, v int64) single  { return single{name: name, num: v} }
func str(name string, s string) single { return single{name: name, str: s, isStr: true} }
func (s single) String() string {
	if s.isStr {
		return fmt.Sprintf("%q", s.str)
	}
	return fmt.Sprintf("%d", s.num)
}

// collectives are the library's collective functions by name: the C
// names, as the program calls them, so mismatches read like the source.
var collectives = map[string]upc.LibCollective{}

func init() {
	for _, name := range []string{
		"upc_all_fopen", "upc_all_fclose", "upc_all_fsync", "upc_all_fseek",
		"upc_all_fset_size", "upc_all_fget_size", "upc_all_fpreallocate", "upc_all_fcntl",
		"upc_all_fwait_async", "upc_all_ftest_async",
	} {
		collectives[name] = upc.NewLibCollective(name)
	}
	for _, rw := range []string{"read", "write"} {
		for _, form := range []string{"local", "shared", "list_local", "list_shared"} {
			name := "upc_all_f" + rw + "_" + form
			collectives[name] = upc.NewLibCollective(name)
			collectives[name+"_async"] = upc.NewLibCollective(name + "_async")
		}
	}
}

// round runs one round of the collective op and returns every thread's
// payload. A thread whose single-valued arguments differ from thread 0's
// fails with a runtime error: the specification leaves the call undefined,
// and the program is wrong in a way its author wants to hear about.
func round(t *upc.Thread, op string, args []single, payload []byte) [][]byte {
	c, ok := collectives[op]
	if !ok {
		panic("upcio: unregistered collective " + op)
	}
	var rec []byte
	rec = binary.AppendUvarint(rec, uint64(len(args)))
	for _, a := range args {
		if a.isStr {
			rec = append(rec, 1)
			rec = binary.AppendUvarint(rec, uint64(len(a.str)))
			rec = append(rec, a.str...)
		} else {
			rec = append(rec, 0)
			rec = binary.AppendVarint(rec, a.num)
		}
	}
	rec = append(rec, payload...)
	all := t.AllGatherBytes(c, rec)
	first, _ := decodeArgs(all[0], args)
	out := make([][]byte, len(all))
	for i, r := range all {
		got, rest := decodeArgs(r, args)
		out[i] = rest
		if i != t.MyThread {
			continue
		}
		for j := range args {
			if got[j] != first[j] {
				panic(fmt.Sprintf("%s: %s must be single-valued, but thread 0 passed %v and thread %d passed %v",
					op, args[j].name, first[j], i, got[j]))
			}
		}
	}
	return out
}

// decodeArgs reads back the arguments a record starts with (names from
// like) and returns the payload after them.
func decodeArgs(rec []byte, like []single) ([]single, []byte) {
	n, k := binary.Uvarint(rec)
	rec = rec[k:]
	if n != uint64(len(like)) {
		panic(fmt.Sprintf("upcio: the threads are in different calls (%d and %d single-valued arguments)", n, len(like)))
	}
	out := make([]single, n)
	for i := range out {
		out[i].name = like[i].name
		isStr := rec[0] == 1
		rec = rec[1:]
		if isStr {
			l, k := binary.Uvarint(rec)
			out[i].str, out[i].isStr = string(rec[k:k+int(l)]), true
			rec = rec[k+int(l):]
		} else {
			v, k := binary.Varint(rec)
			out[i].num = v
			rec = rec[k:]
		}
	}
	return out, rec
}

// Payload encoding: a sequence of varints.

func appendInts(b []byte, vs ...int64) []byte {
	for _, v := range vs {
		b = binary.AppendVarint(b, v)
	}
	return b
}

// ints decodes a payload of varints.
func ints(b []byte) []int64 {
	var out []int64
	for len(b) > 0 {
		v, k := binary.Varint(b)
		if k <= 0 {
			panic("upcio: a malformed payload")
		}
		out = append(out, v)
		b = b[k:]
	}
	return out
}
