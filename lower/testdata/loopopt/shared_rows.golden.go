package p

func f(t *thread, n int32, k int32, u uintptr, w uintptr, r uintptr) {
	var i int32
	var j_ int32
	var j__2 int32
	for i = 1; i < n-1; i++ {
		{
			j_ = 1
			mem := cmem.Base()
			rAt := r + uintptr(int64(i)*int64(n)+int64(j_))*8
			uAt := uintptr(0)
			uRow := unsafe.Add(mem, u+uintptr((int64(i)-1)*int64(n)+int64(j_))*8)
			uRow_2 := unsafe.Add(mem, u+uintptr((int64(i)+1)*int64(n)+int64(j_))*8)
			uRow_3 := unsafe.Add(mem, u+uintptr(int64(i)*int64(n)+int64(j_))*8)
			wAt := w + uintptr((int64(i)+1)*int64(n)+int64(j_))*8
			for end := rAt + uintptr(max(0, int64(n)-1-int64(j_))*8); rAt != end; rAt, uAt, wAt = rAt+8, uAt+8, wAt+8 {
				*cmem.At[float64](mem, rAt) = *cmem.At[float64](uRow, uAt) + *cmem.At[float64](uRow_2, uAt) + *cmem.At[float64](uRow_3, uAt-8) + *cmem.At[float64](uRow_3, uAt+8) + *cmem.At[float64](mem, wAt)
			}
		}
	}
	{
		j__2 = 0
		mem_2 := cmem.Base()
		rAt_2 := r + uintptr(int64(j__2))*8
		uAt_2 := u + uintptr(int64(j__2))*8
		uAt_3 := u + uintptr(2*int64(j__2))*8
		uRow_4 := unsafe.Add(mem_2, u)
		for ; j__2 < n; j__2, rAt_2, uAt_2, uAt_3 = j__2+1, rAt_2+8, uAt_2+8, uAt_3+16 {
			*cmem.At[float64](mem_2, rAt_2) = *cmem.At[float64](uRow_4, uintptr(int64(k*n+j__2))*8) + *cmem.At[float64](mem_2, uAt_2) + *cmem.At[float64](mem_2, uAt_3)
			if *cmem.At[float64](mem_2, rAt_2) > 1.0 {
				k++
			}
		}
	}
}
