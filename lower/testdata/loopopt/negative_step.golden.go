package p

func rev(t *thread, n int32, a uintptr, b uintptr) {
	var i int32
	{
		i = n - 1
		mem := cmem.Base()
		bAt := b + uintptr(int64(n)-int64(i))*4
		aAt := a + uintptr(int64(i))*4
		for ; i >= 0; i, bAt, aAt = i-1, bAt+4, aAt-4 {
			*cmem.At[int32](mem, bAt-4) = *cmem.At[int32](mem, aAt)
		}
	}
	{
		i = 0
		mem_2 := cmem.Base()
		aAt_2 := a + uintptr(int64(i))*4
		for ; i < n; i, aAt_2 = i+2, aAt_2+8 {
			*cmem.At[int32](mem_2, aAt_2) = 0
		}
	}
	{
		i = n - 1
		mem_3 := cmem.Base()
		bAt_2 := b + uintptr(int64(i))*4
		for ; i >= 0; i, bAt_2 = i-3, bAt_2-12 {
			*cmem.At[int32](mem_3, bAt_2) += 1
		}
	}
}
