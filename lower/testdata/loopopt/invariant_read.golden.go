package p

func fftz2(t *thread, li int32, lk int32, u uintptr, x uintptr, y uintptr) {
	defer t.stack.Release(t.stack.Mark())
	u1 := t.stack.AllocZero(16, 8)
	var i int32
	var k int32
	{
		i = 0
		mem := cmem.Base()
		uAt := u + uintptr(int64(i))*16
		for end := uAt + uintptr(max(0, int64(li)-int64(i))*16); uAt != end; uAt += 16 {
			*cmem.At[float64](mem, u1) = *cmem.At[float64](mem, uAt)
			*cmem.At[float64](mem, u1+8) = -(*cmem.At[float64](mem, uAt+8))
			{
				k = 0
				yAt := y + uintptr(int64(k))*16
				xAt := x + uintptr(int64(k))*16
				u1_real := *cmem.At[float64](mem, u1)
				u1_imag := *cmem.At[float64](mem, u1+8)
				for end_2 := yAt + uintptr(max(0, int64(lk)-int64(k))*16); yAt != end_2; yAt, xAt = yAt+16, xAt+16 {
					*cmem.At[float64](mem, yAt) = u1_real**cmem.At[float64](mem, xAt) - u1_imag**cmem.At[float64](mem, xAt+8)
					*cmem.At[float64](mem, yAt+8) = u1_real**cmem.At[float64](mem, xAt+8) + u1_imag**cmem.At[float64](mem, xAt)
				}
			}
		}
	}
}

func taken(t *thread, n int32, y uintptr, p uintptr) {
	defer t.stack.Release(t.stack.Mark())
	c := t.stack.AllocZero(16, 8)
	var k int32
	cmem.Memset(c, 0, 16)
	*cmem.Ptr[float64](c) = 1.0
	*cmem.Ptr[float64](c + 8) = 2.0
	*cmem.Ptr[uintptr](p) = c
	{
		k = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(k))*16
		for end := yAt + uintptr(max(0, int64(n)-int64(k))*16); yAt != end; yAt += 16 {
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](mem, c)
		}
	}
}

func member_taken(t *thread, n int32, y uintptr, p uintptr) {
	defer t.stack.Release(t.stack.Mark())
	c := t.stack.AllocZero(16, 8)
	var k int32
	cmem.Memset(c, 0, 16)
	*cmem.Ptr[float64](c) = 1.0
	*cmem.Ptr[float64](c + 8) = 2.0
	*cmem.Ptr[uintptr](p) = c + 8
	{
		k = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(k))*16
		for end := yAt + uintptr(max(0, int64(n)-int64(k))*16); yAt != end; yAt += 16 {
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](mem, c+8)
		}
	}
}

func array_member(t *thread, n int32, y uintptr, p uintptr) {
	defer t.stack.Release(t.stack.Mark())
	s := t.stack.AllocZero(24, 8)
	var k int32
	cmem.Memset(s, 0, 24)
	*cmem.Ptr[float64](s) = 1.0
	*cmem.Ptr[float64](s + 8) = 2.0
	*cmem.Ptr[float64](s + 16) = 3.0
	*cmem.Ptr[uintptr](p) = s
	{
		k = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(k))*8
		for end := yAt + uintptr(max(0, int64(n)-int64(k))*8); yAt != end; yAt += 8 {
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](mem, s+16)
		}
	}
}
