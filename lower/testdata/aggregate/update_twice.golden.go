// 11:3: remark: aggregated: update of flag[2*i+1] (cyclic, 1 get and 1 put per owner, strided)
// 13:3: remark: aggregated: update of w[2*i+1] (cyclic, 1 get and 1 put per owner, strided)
package main

func main_(t *thread) int32 {
	var i int32
	var i_2 int32
	i = 0
	for agg1 := t.Aggregate(0, upc.AggUpdate(1)); agg1.Strip(i < 16); {
		for i := i; i < 16 && agg1.More(); i++ {
			agg1.List(0, upc.StaticPtr(flag).Add(int64(2*i+1), upc.Layout{Block: 1, ElemSize: 1}, t.Threads))
		}
		agg1.Get(0)
		for ; i < 16 && agg1.Next(); i++ {
			{
				p2 := &*cmem.Ptr[uint8](agg1.At(0, upc.StaticPtr(flag).Add(int64(2*i+1), upc.Layout{Block: 1, ElemSize: 1}, t.Threads)))
				*p2 = crt.Bool[int32](int32(*p2) >> 1)
			}
		}
		agg1.Put(0)
	}
	i_2 = 0
	for agg3 := t.Aggregate(0, upc.AggUpdate(4)); agg3.Strip(i_2 < 16); {
		for i_2 := i_2; i_2 < 16 && agg3.More(); i_2++ {
			agg3.List(0, upc.StaticPtr(w).Add(int64(2*i_2+1), upc.Layout{Block: 1, ElemSize: 4}, t.Threads))
		}
		agg3.Get(0)
		for ; i_2 < 16 && agg3.Next(); i_2++ {
			*cmem.Ptr[float32](agg3.At(0, upc.StaticPtr(w).Add(int64(2*i_2+1), upc.Layout{Block: 1, ElemSize: 4}, t.Threads)))++
		}
		agg3.Put(0)
	}
	return 0
}
