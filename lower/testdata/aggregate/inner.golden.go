// 9:3: remark: not aggregated: the access to a[i][j] does not happen exactly once per iteration
// 10:5: remark: aggregated: read of a[i][j] (cyclic, 1 get per owner, strided)
package main

func main_(t *thread) int32 {
	var s float64
	var i int32
	var j_ int32
	s = 0.0
	for i = 0; i < 8; i++ {
		j_ = 0
		for agg1 := t.Aggregate(0, upc.AggRead(8)); agg1.Strip(j_ < 8); {
			for j_ := j_; j_ < 8 && agg1.More(); j_++ {
				agg1.List(0, upc.StaticPtr(a).Add(int64(i)*8, upc.Layout{Block: 1, ElemSize: 8}, t.Threads).Add(int64(j_), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
			}
			agg1.Get(0)
			for ; j_ < 8 && agg1.Next(); j_++ {
				s += *cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(a).Add(int64(i)*8, upc.Layout{Block: 1, ElemSize: 8}, t.Threads).Add(int64(j_), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
			}
			agg1.Put(0)
		}
	}
	return int32(s)
}
