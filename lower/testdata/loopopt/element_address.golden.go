package p

func f(t *thread, colidx uintptr, a uintptr, n int32) float64 {
	defer t.stack.Release(t.stack.Mark())
	x := t.stack.AllocZero(32, 8)
	var sum float64
	var k int32
	mark(t, colidx+uintptr(int64(n-1))*4)
	mark(t, x+8)
	sum = 0.0
	{
		k = 0
		mem := cmem.Base()
		aAt := a + uintptr(int64(k))*8
		colidxAt := colidx + uintptr(int64(k))*4
		for end := aAt + uintptr(max(0, int64(n)-int64(k))*8); aAt != end; aAt, colidxAt = aAt+8, colidxAt+4 {
			sum += *cmem.At[float64](mem, aAt) * float64(*cmem.At[int32](mem, colidxAt))
		}
	}
	return sum
}
