package p

func f(t *thread, b uintptr, n int32) {
	defer t.stack.Release(t.stack.Mark())
	off := t.stack.AllocZero(4, 4)
	var po uintptr
	var i int32
	var i_2 int32
	*cmem.Ptr[int32](off) = 0
	po = off
	for i = 0; i < n; i++ {
		*cmem.Ptr[int32](b + uintptr(int64(i+*cmem.Ptr[int32](off)))*4) = i
		*cmem.Ptr[int32](po) += 1
	}
	for i_2 = 0; i_2 < n; i_2++ {
		*cmem.Ptr[int32](*cmem.Ptr[uintptr](t.g) + uintptr(int64(i_2))*4) = i_2
		touch(t)
	}
}
