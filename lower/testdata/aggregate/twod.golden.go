// 10:3: remark: aggregated: read of a[i][c] (cyclic, 1 get per owner, strided)
// 12:3: remark: aggregated: store to blk[r*16+k] (blocked [16], 1 put per owner, strided)
package main

func main_(t *thread) int32 {
	THREADS := int32(t.Threads)
	MYTHREAD := int32(t.MyThread)
	var s float64
	var c int32
	var r int32
	var i int32
	var k int32
	s = 0.0
	c = MYTHREAD
	r = (MYTHREAD + 1) % THREADS
	i = 0
	for agg1 := t.Aggregate(0, upc.AggRead(8)); agg1.Strip(i < 16*THREADS); {
		for i := i; i < 16*THREADS && agg1.More(); i++ {
			agg1.List(0, upc.StaticPtr(a).Add(int64(i)*16, upc.Layout{Block: 1, ElemSize: 8}, t.Threads).Add(int64(c), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
		}
		agg1.Get(0)
		for ; i < 16*THREADS && agg1.Next(); i++ {
			s += *cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(a).Add(int64(i)*16, upc.Layout{Block: 1, ElemSize: 8}, t.Threads).Add(int64(c), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
		}
		agg1.Put(0)
	}
	k = 0
	for agg2 := t.Aggregate(0, upc.AggStore(8)); agg2.Strip(k < 16); {
		for k := k; k < 16 && agg2.More(); k++ {
			agg2.List(0, upc.StaticPtr(blk).Add(int64(r*16+k), upc.Layout{Block: 16, ElemSize: 8}, t.Threads))
		}
		agg2.Get(0)
		for ; k < 16 && agg2.Next(); k++ {
			*cmem.Ptr[float64](agg2.At(0, upc.StaticPtr(blk).Add(int64(r*16+k), upc.Layout{Block: 16, ElemSize: 8}, t.Threads))) = s * float64(k)
		}
		agg2.Put(0)
	}
	return 0
}
