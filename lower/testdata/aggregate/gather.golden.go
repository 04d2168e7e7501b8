// 11:3: remark: aggregated: read of v[col[k]] (cyclic, indirect, 1 get per owner, indexed)
package main

func main_(t *thread) int32 {
	defer t.stack.Release(t.stack.Mark())
	col := t.stack.AllocZero(64, 4)
	THREADS := int32(t.Threads)
	var s float64
	var j_ int32
	var k int32
	s = 0.0
	{
		j_ = 0
		mem := cmem.Base()
		colAt := col + uintptr(int64(j_))*4
		for ; j_ < 16; j_, colAt = j_+1, colAt+4 {
			*cmem.At[int32](mem, colAt) = j_ * 7 % (16 * THREADS)
		}
	}
	k = 0
	for agg1 := t.Aggregate(0, upc.AggRead(8)); agg1.Strip(k < 16); {
		for k := k; k < 16 && agg1.More(); k++ {
			agg1.List(0, upc.StaticPtr(v).Add(int64(*cmem.Ptr[int32](col + uintptr(int64(k))*4)), upc.Layout{Block: 1, ElemSize: 8}, t.Threads))
		}
		agg1.Get(0)
		for ; k < 16 && agg1.Next(); k++ {
			s += *cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(v).Add(int64(*cmem.Ptr[int32](col + uintptr(int64(k))*4)), upc.Layout{Block: 1, ElemSize: 8}, t.Threads)))
		}
		agg1.Put(0)
	}
	return int32(s)
}
