package upc

import "fmt"

// FoldValues combines vals in thread order with a reduction operator
// (UPC_ADD ... UPC_MAX): the arithmetic of Berkeley UPC's value-based
// collectives (bupc_allv_reduce, _reduce_all, _prefix_reduce), which take
// no function, so UPC_FUNC and UPC_NONCOMM_FUNC are runtime errors.
func FoldValues[T Number](name string, op Op, vals []T) T {
	if op == OpFunc || op == OpNonCommFunc {
		panic(fmt.Sprintf("%s: %v is not supported by the value-based collectives", name, op))
	}
	comb := combiner[T](name, op, nil)
	r := vals[0]
	for _, v := range vals[1:] {
		r = comb(r, v)
	}
	return r
}
