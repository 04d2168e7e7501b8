package p

func f(t *thread, b uintptr, big uint32, off uint32) {
	var u uint32
	var j_ int32
	var s int16
	for u = uint32(4); u < uint32(10); u++ {
		*cmem.Ptr[int32](b + uintptr(int64(u+big))*4) = 1
	}
	for j_ = 0; j_ < 4; j_++ {
		*cmem.Ptr[int32](b + uintptr(int64(uint32(j_)+off))*4) = 2
	}
	for s = int16(0); int32(s) < 10; s++ {
		*cmem.Ptr[int32](b + uintptr(int64(s))*4) = 3
	}
}
