package p

func matmul(t *thread, n int32, a uintptr, b uintptr, c uintptr) {
	var i int32
	var k int32
	var aik float64
	var j_ int32
	for i = 0; i < n; i++ {
		{
			k = 0
			mem := cmem.Base()
			aAt := a + uintptr(int64(i)*int64(n)+int64(k))*8
			for ; k < n; k, aAt = k+1, aAt+8 {
				aik = *cmem.At[float64](mem, aAt)
				{
					j_ = 0
					cAt := c + uintptr(int64(i)*int64(n)+int64(j_))*8
					bAt := b + uintptr(int64(k)*int64(n)+int64(j_))*8
					for end := cAt + uintptr(max(0, int64(n)-int64(j_))*8); cAt != end; cAt, bAt = cAt+8, bAt+8 {
						*cmem.At[float64](mem, cAt) += aik * *cmem.At[float64](mem, bAt)
					}
				}
			}
		}
	}
}
