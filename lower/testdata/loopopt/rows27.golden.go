package p

func resid(t *thread, n int32, u uintptr, v uintptr, r uintptr, a uintptr) {
	var i int32
	var j_ int32
	var k int32
	var faces float64
	var corners float64
	{
		i = 1
		mem := cmem.Base()
		aAt := a
		for ; i < n-1; i++ {
			for j_ = 1; j_ < n-1; j_++ {
				{
					k = 1
					uAt := uintptr(0)
					uRow := unsafe.Add(mem, u+uintptr(((int64(i)-1)*int64(n)+int64(j_))*int64(n)+int64(k))*8)
					uRow_2 := unsafe.Add(mem, u+uintptr(((int64(i)+1)*int64(n)+int64(j_))*int64(n)+int64(k))*8)
					uRow_3 := unsafe.Add(mem, u+uintptr((int64(i)*int64(n)+int64(j_)-1)*int64(n)+int64(k))*8)
					uRow_4 := unsafe.Add(mem, u+uintptr((int64(i)*int64(n)+int64(j_)+1)*int64(n)+int64(k))*8)
					uRow_5 := unsafe.Add(mem, u+uintptr((int64(i)*int64(n)+int64(j_))*int64(n)+int64(k))*8)
					uRow_6 := unsafe.Add(mem, u+uintptr(((int64(i)-1)*int64(n)+int64(j_)-1)*int64(n)+int64(k))*8)
					uRow_7 := unsafe.Add(mem, u+uintptr(((int64(i)+1)*int64(n)+int64(j_)+1)*int64(n)+int64(k))*8)
					rAt := r + uintptr((int64(i)*int64(n)+int64(j_))*int64(n)+int64(k))*8
					vAt := v + uintptr((int64(i)*int64(n)+int64(j_))*int64(n)+int64(k))*8
					for end := uAt + uintptr(max(0, int64(n)-1-int64(k))*8); uAt != end; uAt, rAt, vAt = uAt+8, rAt+8, vAt+8 {
						faces = *cmem.At[float64](uRow, uAt) + *cmem.At[float64](uRow_2, uAt) + *cmem.At[float64](uRow_3, uAt) + *cmem.At[float64](uRow_4, uAt) + *cmem.At[float64](uRow_5, uAt-8) + *cmem.At[float64](uRow_5, uAt+8)
						corners = *cmem.At[float64](uRow_6, uAt-8) + *cmem.At[float64](uRow_7, uAt+8)
						*cmem.At[float64](mem, rAt) = *cmem.At[float64](mem, vAt) - *cmem.At[float64](mem, aAt)**cmem.At[float64](uRow_5, uAt) - *cmem.At[float64](mem, aAt+16)*faces - *cmem.At[float64](mem, aAt+24)*corners
					}
				}
			}
		}
	}
}
