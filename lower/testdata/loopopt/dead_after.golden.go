package p

func resid(t *thread, n1 int32, r uintptr, u uintptr, u1 uintptr) {
	var i1 int32
	{
		i1 = 0
		mem := cmem.Base()
		u1At := u1 + uintptr(int64(i1))*8
		uAt := u + uintptr(int64(i1))*8
		for end := u1At + uintptr(max(0, int64(n1)-int64(i1))*8); u1At != end; u1At, uAt = u1At+8, uAt+8 {
			*cmem.At[float64](mem, u1At) = *cmem.At[float64](mem, uAt) * 2.0
		}
	}
	{
		i1 = 1
		mem_2 := cmem.Base()
		rAt := r + uintptr(int64(i1))*8
		u1At_2 := u1 + uintptr(int64(i1))*8
		for end_2 := rAt + uintptr(max(0, int64(n1)-1-int64(i1))*8); rAt != end_2; rAt, u1At_2 = rAt+8, u1At_2+8 {
			*cmem.At[float64](mem_2, rAt) = *cmem.At[float64](mem_2, u1At_2-8) + *cmem.At[float64](mem_2, u1At_2+8)
		}
	}
}

func read_after(t *thread, n int32, y uintptr) int32 {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		for ; i < n; i, yAt = i+1, yAt+8 {
			*cmem.At[float64](mem, yAt) = 0.0
		}
	}
	return i
}

func read_by_outer(t *thread, n int32, y uintptr) {
	var i int32
	var k int32
	i = 0
	{
		k = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(k))*8
		for end := yAt + uintptr(max(0, int64(n)-int64(k))*8); yAt != end; yAt += 8 {
			*cmem.At[float64](mem, yAt) = float64(i)
			{
				i = 0
				yAt_2 := y + uintptr(int64(i))*8
				for ; i < n; i, yAt_2 = i+1, yAt_2+8 {
					*cmem.At[float64](mem, yAt_2) += 1.0
				}
			}
		}
	}
}

func label(t *thread, n int32, y uintptr) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		for ; i < n; i, yAt = i+1, yAt+8 {
			*cmem.At[float64](mem, yAt) = 0.0
		}
	}
again_:
	if crt.PostInc(&n, -1) > 0 {
		goto again_
	}
}
