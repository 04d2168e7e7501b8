package p

func rev(t *thread, n int32, a uintptr, b uintptr) {
	var i int32
	{
		i = n - 1
		mem := cmem.Base()
		bAt := b + uintptr(int64(n)-int64(i))*4
		aAt := a + uintptr(int64(i))*4
		for end := bAt + uintptr(max(0, int64(i)+1)*4); bAt != end; bAt, aAt = bAt+4, aAt-4 {
			*cmem.At[int32](mem, bAt-4) = *cmem.At[int32](mem, aAt)
		}
	}
	{
		i = 0
		mem_2 := cmem.Base()
		aAt_2 := a + uintptr(int64(i))*4
		for end_2 := aAt_2 + uintptr(max(0, (int64(n)-int64(i)+1)/2)*8); aAt_2 != end_2; aAt_2 += 8 {
			*cmem.At[int32](mem_2, aAt_2) = 0
		}
	}
	{
		i = n - 1
		mem_3 := cmem.Base()
		bAt_2 := b + uintptr(int64(i))*4
		for end_3 := bAt_2 + uintptr(max(0, (int64(i)+3)/3)*-12); bAt_2 != end_3; bAt_2 -= 12 {
			*cmem.At[int32](mem_3, bAt_2) += 1
		}
	}
}
