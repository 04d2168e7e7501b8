package p

func f(t *thread, n int32, rowstr uintptr, colidx uintptr, a uintptr, x uintptr, y uintptr) {
	var i int32
	var sum float64
	var k int32
	var i_2 int32
	var k_2 int32
	{
		i = 0
		mem := cmem.Base()
		rowstrAt := rowstr + uintptr(int64(i))*4
		yAt := y + uintptr(int64(i))*8
		xRow := unsafe.Add(mem, x)
		for end := rowstrAt + uintptr(max(0, int64(n)-int64(i))*4); rowstrAt != end; rowstrAt, yAt = rowstrAt+4, yAt+8 {
			sum = 0.0
			{
				k = *cmem.At[int32](mem, rowstrAt)
				aAt := a + uintptr(int64(k))*8
				colidxAt := colidx + uintptr(int64(k))*4
				for end_2 := aAt + uintptr(max(0, int64(*cmem.At[int32](mem, rowstrAt+4))-int64(k))*8); aAt != end_2; aAt, colidxAt = aAt+8, colidxAt+4 {
					sum += *cmem.At[float64](mem, aAt) * *cmem.At[float64](xRow, uintptr(int64(*cmem.At[int32](mem, colidxAt)))*8)
				}
			}
			*cmem.At[float64](mem, yAt) = sum
		}
	}
	{
		i_2 = 0
		mem_2 := cmem.Base()
		rowstrAt_2 := rowstr + uintptr(int64(i_2))*4
		for end_3 := rowstrAt_2 + uintptr(max(0, int64(n)-int64(i_2))*4); rowstrAt_2 != end_3; rowstrAt_2 += 4 {
			{
				k_2 = *cmem.At[int32](mem_2, rowstrAt_2)
				yAt_2 := y + uintptr(int64(k_2))*8
				aAt_2 := a + uintptr(int64(k_2))*8
				for ; k_2 < *cmem.At[int32](mem_2, rowstrAt_2+4); k_2, yAt_2, aAt_2 = k_2+1, yAt_2+8, aAt_2+8 {
					*cmem.At[float64](mem_2, yAt_2) = *cmem.At[float64](mem_2, aAt_2)
				}
			}
		}
	}
}

func h(t *thread, n int32, rowstr uintptr, a uintptr) {
	var k int32
	{
		k = 0
		mem := cmem.Base()
		aAt := a + uintptr(int64(k))*8
		rowstrRow := unsafe.Add(mem, rowstr)
		for ; k < *cmem.At[int32](rowstrRow, uintptr(int64(n))*4); k, aAt = k+1, aAt+8 {
			*cmem.At[float64](mem, aAt) = float64(g(t, k))
		}
	}
}
