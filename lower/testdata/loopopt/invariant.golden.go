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
