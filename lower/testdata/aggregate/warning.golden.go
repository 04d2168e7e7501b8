// 9:3: remark: aggregated: read of v[i] (cyclic, 1 get per owner, strided)
// 10:7: warning: making a pointer from an integer without a cast
package main

func main_(t *thread) int32 {
	var s float64
	var p uintptr
	var i int32
	s = 0.0
	i = 0
	for agg1 := t.Aggregate(0, upc.AggRead(8)); agg1.Strip(i < 16); {
		for i := i; i < 16 && agg1.More(); i++ {
			agg1.List(0, upc.StaticPtr(v).Add(int64(i), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
		}
		agg1.Get(0)
		for ; i < 16 && agg1.Next(); i++ {
			p = uintptr(3)
			s += *cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(v).Add(int64(i), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))) + float64(crt.B2I(p != uintptr(0)))
		}
		agg1.Put(0)
	}
	return int32(s)
}
