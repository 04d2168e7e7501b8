// 11:3: remark: aggregated: read of v[a] (cyclic, 1 get per owner, strided)
// 13:5: remark: not aggregated: the enclosing loop at line 11 is aggregated
// 15:7: remark: not aggregated: the enclosing loop at line 11 is aggregated
// 17:9: remark: not aggregated: the enclosing loop at line 11 is aggregated
package main

func main_(t *thread) int32 {
	var s float64
	var a int32
	var b int32
	var c int32
	var d int32
	s = 0.0
	a = 0
	for agg1 := t.Aggregate(0, upc.AggRead(8)); agg1.Strip(a < 8); {
		for a := a; a < 8 && agg1.More(); a++ {
			agg1.List(0, upc.StaticPtr(v).Add(int64(a), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
		}
		agg1.Get(0)
		for ; a < 8 && agg1.Next(); a++ {
			s += *cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(v).Add(int64(a), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
			for b = 0; b < 8; b++ {
				s += upc.Load[float64](t.Thread, upc.StaticPtr(v).Add(int64(b), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
				for c = 0; c < 8; c++ {
					s += upc.Load[float64](t.Thread, upc.StaticPtr(v).Add(int64(c), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
					for d = 0; d < 8; d++ {
						s += upc.Load[float64](t.Thread, upc.StaticPtr(v).Add(int64(d), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
					}
				}
			}
		}
		agg1.Put(0)
	}
	stdlib.Printf(str1, s)
	return 0
}
