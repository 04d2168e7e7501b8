package lower

import "strconv"

// The matrix-strided (block-strided) transfers of upc_matrix.h:
// upc_memput_blocks and upc_memget_blocks with an element size, as
// blocking, _async and _asynci, and the typed blocking forms
// upc_memput_blocks_<T> / upc_memget_blocks_<T> for OpenSHMEM's RMA type
// names. All lower to runtime/upc Lib.MemputBlocks / MemgetBlocks, bound
// to the function's name as the memcpy library is (lib_upc_nb.go).

// upcMatrixLib is upc_matrix.h.
var upcMatrixLib = library{header: "upc_matrix.h", lowered: matrixLowerings()}

// matrixLowerings are upc_matrix.h's functions, by name.
func matrixLowerings() map[string]*builtinFunc {
	m := map[string]*builtinFunc{}
	add := func(name, code string) { m[name] = nbLowering(name, code) }
	modes := []struct{ suffix, mode string }{{"", "upc.Blocking"}, {"_async", "upc.Async"}, {"_asynci", "upc.Asynci"}}
	for _, m := range modes {
		put := "t.Lib(NAME).MemputBlocks(" + m.mode + ", %[1]s, crt.P(%[2]s), uintptr(%[3]s), %[4]s, %[5]s, uintptr(%[6]s), uintptr(%[7]s))"
		get := "t.Lib(NAME).MemgetBlocks(" + m.mode + ", crt.P(%[1]s), %[2]s, uintptr(%[3]s), %[4]s, %[5]s, uintptr(%[6]s), uintptr(%[7]s))"
		if m.mode == "upc.Async" {
			put, get = "uint64("+put+")", "uint64("+get+")"
		}
		add("upc_memput_blocks"+m.suffix, put)
		add("upc_memget_blocks"+m.suffix, get)
	}
	for _, ty := range rmaTypes {
		size := strconv.FormatInt(ty.c.Size(), 10)
		add("upc_memput_blocks_"+ty.name, "t.Lib(NAME).MemputBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), "+size+", %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s))")
		add("upc_memget_blocks_"+ty.name, "t.Lib(NAME).MemgetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, "+size+", %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s))")
	}
	return m
}
