package p

func f(t *thread, n int32, lo int32, a uintptr, b uintptr) {
	var j_ int32
	var j__2 int32
	var j__3 int32
	var j__4 int32
	{
		j_ = 0
		mem := cmem.Base()
		aAt := a + uintptr(int64(j_))*8
		bAt := b + uintptr(int64(j_))*8
		for end := aAt + uintptr(max(0, int64(n)-int64(j_))*8); aAt != end; aAt, bAt = aAt+8, bAt+8 {
			*cmem.At[float64](mem, aAt) = 2.0 * *cmem.At[float64](mem, bAt+8)
		}
	}
	{
		j__2 = lo
		mem_2 := cmem.Base()
		aAt_2 := a + uintptr(int64(j__2))*8
		for end_2 := aAt_2 + uintptr(max(0, (int64(n)-1-int64(j__2)+3)/3)*24); aAt_2 != end_2; aAt_2 += 24 {
			*cmem.At[float64](mem_2, aAt_2) += 1.0
		}
	}
	{
		j__3 = n
		mem_3 := cmem.Base()
		bAt_2 := b + uintptr(2*int64(j__3))*8
		aAt_3 := a + uintptr(int64(j__3))*8
		for end_3 := bAt_2 + uintptr(max(0, (int64(j__3)-(int64(lo)+1)+2)/2)*-32); bAt_2 != end_3; bAt_2, aAt_3 = bAt_2-32, aAt_3-16 {
			*cmem.At[float64](mem_3, bAt_2) = *cmem.At[float64](mem_3, aAt_3-8)
		}
	}
	{
		j__4 = n
		mem_4 := cmem.Base()
		bAt_3 := b + uintptr(int64(j__4))*8
		for end_4 := bAt_3 + uintptr(max(0, int64(j__4))*-8); bAt_3 != end_4; bAt_3 -= 8 {
			*cmem.At[float64](mem_4, bAt_3) = 0.0
		}
	}
}
