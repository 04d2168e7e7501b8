package p

func f(t *thread, n int64, a uintptr, s int16) {
	var l int64
	{
		l = int64(2)
		mem := cmem.Base()
		aAt := a + uintptr(l+int64(s))*8
		for ; l < n; l, aAt = l+1, aAt+8 {
			if l%int64(3) == int64(0) {
				continue
			}
			*cmem.At[float64](mem, aAt) = float64(l)
		}
	}
}
