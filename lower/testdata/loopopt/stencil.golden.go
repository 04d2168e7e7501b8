package p

func step(t *thread, n int32, u uintptr, v uintptr) {
	var i int32
	var j_ int32
	for i = 1; i < n-1; i++ {
		{
			j_ = 1
			mem := cmem.Base()
			vAt := v + uintptr(int64(i)*int64(n)+int64(j_))*8
			uAt := uintptr(0)
			uRow := unsafe.Add(mem, u+uintptr((int64(i)-1)*int64(n)+int64(j_))*8)
			uRow_2 := unsafe.Add(mem, u+uintptr((int64(i)+1)*int64(n)+int64(j_))*8)
			uRow_3 := unsafe.Add(mem, u+uintptr(int64(i)*int64(n)+int64(j_))*8)
			for end := vAt + uintptr(max(0, int64(n)-1-int64(j_))*8); vAt != end; vAt, uAt = vAt+8, uAt+8 {
				*cmem.At[float64](mem, vAt) = 0.25 * (*cmem.At[float64](uRow, uAt) + *cmem.At[float64](uRow_2, uAt) + *cmem.At[float64](uRow_3, uAt-8) + *cmem.At[float64](uRow_3, uAt+8))
			}
		}
	}
}
