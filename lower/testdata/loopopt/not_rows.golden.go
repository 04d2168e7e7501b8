package p

func f(t *thread, n int32, p uintptr, q uintptr) int32 {
	var s int32
	var k int32
	s = 0
	{
		k = 1
		mem := cmem.Base()
		pAt := p + uintptr(int64(n)+int64(k))*8
		pAt_2 := p + uintptr(2*int64(n)+int64(k))*8
		qAt := q + uintptr(int64(n)+int64(k))*4
		qAt_2 := q + uintptr(3*int64(k))*4
		for end := pAt + uintptr(max(0, int64(n)-1-int64(k))*8); pAt != end; pAt, pAt_2, qAt, qAt_2 = pAt+8, pAt_2+8, qAt+4, qAt_2+12 {
			s += *cmem.At[int32](mem, pAt-8) + *cmem.At[int32](mem, pAt_2+4) + *cmem.At[int32](mem, qAt) + *cmem.At[int32](mem, qAt_2+4)
		}
	}
	return s
}
