package p

func f(t *thread, a uintptr, k int32, n int32) float64 {
	var s float64
	var i int32
	s = 0.0
	{
		i = 0
		mem := cmem.Base()
		aAt := a + uintptr(int64(k)*2)*8
		for ; i < n; i++ {
			s += *cmem.At[float64](mem, aAt+8) * float64(i)
		}
	}
	return s
}

func g(t *thread, u uintptr, n int32) float64 {
	defer t.stack.Release(t.stack.Mark())
	w := t.stack.AllocZero(32, 8)
	var s float64
	var i int32
	cmem.Memset(w, 0, 32)
	*cmem.Ptr[float64](w) = 1.0
	*cmem.Ptr[float64](w + 8) = 2.0
	*cmem.Ptr[float64](w + 16) = 3.0
	*cmem.Ptr[float64](w + 24) = 4.0
	s = 0.0
	{
		i = 0
		mem := cmem.Base()
		uAt := u + uintptr(int64(i))*8
		for end := uAt + uintptr(max(0, int64(n)-int64(i))*8); uAt != end; uAt += 8 {
			s += *cmem.At[float64](mem, w)**cmem.At[float64](mem, uAt) + *cmem.At[float64](mem, w+24)
		}
	}
	return s
}
