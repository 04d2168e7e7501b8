package p

func fill(t *thread, ps uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		psAt := ps + uintptr(int64(i))*8
		for ; i < n; i, psAt = i+1, psAt+8 {
			*cmem.At[int32](mem, psAt) = i
			*cmem.At[int32](mem, psAt+4) = -i
		}
	}
}
