// 9:3: remark: aggregated: read of v[2*i+1] (cyclic, 1 get per owner, strided)
// 11:3: remark: aggregated: update of v[3*i+1] (cyclic, 1 get and 1 put per owner, strided)
// 13:3: remark: aggregated: store to x[i+1] (cyclic, 1 put per owner, strided)
package main

func main_(t *thread) int32 {
	var s float64
	var i int32
	var i_2 int32
	var i_3 int32
	s = 0.0
	i = 0
	for agg1 := t.Aggregate(0, upc.AggRead(8)); agg1.Strip(i < 16); {
		for i := i; i < 16 && agg1.More(); i++ {
			agg1.List(0, upc.StaticPtr(v).Add(int64(2*i+1), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
		}
		agg1.Get(0)
		for ; i < 16 && agg1.Next(); i++ {
			s += *cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(v).Add(int64(2*i+1), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
		}
		agg1.Put(0)
	}
	i_2 = 0
	for agg2 := t.Aggregate(0, upc.AggUpdate(8)); agg2.Strip(i_2 < 16); {
		for i_2 := i_2; i_2 < 16 && agg2.More(); i_2 += 2 {
			agg2.List(0, upc.StaticPtr(v).Add(int64(3*i_2+1), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
		}
		agg2.Get(0)
		for ; i_2 < 16 && agg2.Next(); i_2 += 2 {
			*cmem.Ptr[float64](agg2.At(0, upc.StaticPtr(v).Add(int64(3*i_2+1), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))) += 1.5
		}
		agg2.Put(0)
	}
	i_3 = 15
	for agg3 := t.Aggregate(0, upc.AggStore(4)); agg3.Strip(i_3 >= 0); {
		for i_3 := i_3; i_3 >= 0 && agg3.More(); i_3-- {
			agg3.List(0, upc.StaticPtr(x).Add(int64(i_3+1), upc.Layout{Block: 1, ElemSize: 4}, t.Threads))
		}
		agg3.Get(0)
		for ; i_3 >= 0 && agg3.Next(); i_3-- {
			*cmem.Ptr[int32](agg3.At(0, upc.StaticPtr(x).Add(int64(i_3+1), upc.Layout{Block: 1, ElemSize: 4}, t.Threads))) = int32(s) + i_3
		}
		agg3.Put(0)
	}
	return int32(s)
}
