package p

func work(t *thread, a uintptr, n int32) float64 {
	var s float64
	var i int32
	s = 0.0
	{
		i = 0
		mem := cmem.Base()
		aAt := a + uintptr(int64(i))*8
		for end := aAt + uintptr(max(0, 100-int64(i))*8); aAt != end; aAt += 8 {
			s += *cmem.At[float64](mem, aAt) * float64(n)
		}
	}
	return s
}

func run(t *thread, a uintptr) float64 {
	defer t.stack.Release(t.stack.Mark())
	n := t.stack.AllocZero(4, 4)
	setup(t, n)
	return work(t, a, *cmem.Ptr[int32](n))
}
