package p

func fill(t *thread, ps uintptr, n int32) {
	var i int32
	{
		i = 0
		psAt := ps + uintptr(int64(i))*8
		for ; i < n; i, psAt = i+1, psAt+8 {
			*cmem.Ptr[int32](psAt) = i
			*cmem.Ptr[int32](psAt + 4) = -i
		}
	}
}
