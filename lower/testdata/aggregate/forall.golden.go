// 11:3: remark: aggregated: read of x[i+1] (cyclic, 1 get per owner, strided)
// 13:3: remark: aggregated: read of v[i] (cyclic, 1 get per owner, strided)
package main

func main_(t *thread) int32 {
	THREADS := int32(t.Threads)
	var s float64
	var i int32
	var i_2 int32
	s = 0.0
	{
		i = 0
		i = int32(upc.ForallStart(int64(i), t.Threads, t.MyThread))
		local1 := uintptr(i) / uintptr(t.Threads)
		for agg2 := t.Aggregate(0, upc.AggRead(8)); agg2.Strip(i < 16*THREADS-1); {
			for i := i; i < 16*THREADS-1 && agg2.More(); i += int32(t.Threads) {
				agg2.List(0, upc.StaticPtr(x).Add(int64(i+1), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
			}
			agg2.Get(0)
			for ; i < 16*THREADS-1 && agg2.Next(); i, local1 = i+int32(t.Threads), local1+1 {
				s += *cmem.Ptr[float64](t.LocalAddr() + x + local1*8) + *cmem.Ptr[float64](agg2.At(0, upc.StaticPtr(x).Add(int64(i+1), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
			}
			agg2.Put(0)
		}
	}
	i_2 = 0
	for agg3 := t.Aggregate(0, upc.AggRead(8)); agg3.Strip(i_2 < 16); {
		for i_2 := i_2; i_2 < 16 && agg3.More(); i_2++ {
			if upc.ForallOwner(int64(int64(i_2*i_2)), t.Threads) == t.MyThread {
				agg3.List(0, upc.StaticPtr(v).Add(int64(i_2), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
			}
		}
		agg3.Get(0)
		for ; i_2 < 16 && agg3.Next(); i_2++ {
			if upc.ForallOwner(int64(int64(i_2*i_2)), t.Threads) == t.MyThread {
				s += *cmem.Ptr[float64](agg3.At(0, upc.StaticPtr(v).Add(int64(i_2), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
			}
		}
		agg3.Put(0)
	}
	return int32(s)
}
