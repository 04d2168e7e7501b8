// 12:3: remark: aggregated: store to c[i][j] (blocked [8], 1 put per owner, strided)
package main

func main_(t *thread) int32 {
	MYTHREAD := int32(t.MyThread)
	var i int32
	var j_ int32
	var s float64
	var k int32
	i = MYTHREAD
	j_ = 0
	for agg1 := t.Aggregate(0, upc.AggStore(8)); agg1.Strip(j_ < 8); {
		for j_ := j_; j_ < 8 && agg1.More(); j_++ {
			agg1.List(0, upc.StaticPtr(c).Add(int64(i)*8, upc.Layout{Block: 8, ElemSize: 8}, t.Threads).Add(int64(j_), upc.Layout{Block: 8, ElemSize: 8}, t.Threads))
		}
		agg1.Get(0)
		for ; j_ < 8 && agg1.Next(); j_++ {
			s = 0.0
			{
				k = 0
				mem := cmem.Base()
				aAt := t.a + uintptr(int64(i)*8+int64(k))*8
				bAt := t.b + uintptr(int64(k)*8+int64(j_))*8
				for end := aAt + uintptr(max(0, 8-int64(k))*8); aAt != end; aAt, bAt = aAt+8, bAt+64 {
					s += *cmem.At[float64](mem, aAt) * *cmem.At[float64](mem, bAt)
				}
			}
			*cmem.Ptr[float64](agg1.At(0, upc.StaticPtr(c).Add(int64(i)*8, upc.Layout{Block: 8, ElemSize: 8}, t.Threads).Add(int64(j_), upc.Layout{Block: 8, ElemSize: 8}, t.Threads))) = s
		}
		agg1.Put(0)
	}
	return 0
}
