package p

func f(t *thread, n int32, m int64, a uintptr, p uintptr) int32 {
	defer t.stack.Release(t.stack.Mark())
	k := t.stack.AllocZero(4, 4)
	var i int32
	var j_ int32
	var j__2 int32
	var j__3 int32
	var j__4 int32
	var j__5 int32
	{
		i = 0
		mem := cmem.Base()
		aAt := a + uintptr(int64(i))*8
		for ; i < n; i, aAt = i+1, aAt+8 {
			*cmem.At[float64](mem, aAt) = 1.0
		}
	}
	{
		j_ = 0
		mem_2 := cmem.Base()
		aAt_2 := a + uintptr(int64(j_))*8
		for ; j_ < n; j_, aAt_2 = j_+1, aAt_2+8 {
			*cmem.At[float64](mem_2, aAt_2) = float64(j_)
		}
	}
	{
		j__2 = 0
		mem_3 := cmem.Base()
		aAt_3 := a + uintptr(int64(j__2))*8
		aAt_4 := a
		for ; j__2 < n; j__2, aAt_3 = j__2+1, aAt_3+8 {
			*cmem.At[float64](mem_3, aAt_3) = 2.0
			if *cmem.At[float64](mem_3, aAt_4) > 5.0 {
				n--
			}
		}
	}
	{
		j__3 = 0
		mem_4 := cmem.Base()
		aAt_5 := a + uintptr(int64(j__3))*8
		for ; j__3 != n; j__3, aAt_5 = j__3+1, aAt_5+8 {
			*cmem.At[float64](mem_4, aAt_5) = 3.0
		}
	}
	{
		j__4 = 0
		mem_5 := cmem.Base()
		aAt_6 := a + uintptr(int64(j__4))*8
		for ; int64(j__4) < m; j__4, aAt_6 = j__4+1, aAt_6+8 {
			*cmem.At[float64](mem_5, aAt_6) = 4.0
		}
	}
	{
		j__5 = 0
		mem_6 := cmem.Base()
		aAt_7 := a + uintptr(int64(j__5)-int64(n))*8
		for ; j__5 > n; j__5, aAt_7 = j__5+1, aAt_7+8 {
			*cmem.At[float64](mem_6, aAt_7) = 5.0
		}
	}
	for *cmem.Ptr[int32](k) = 0; *cmem.Ptr[int32](k) < n; *cmem.Ptr[int32](k)++ {
		*cmem.Ptr[float64](a + uintptr(int64(*cmem.Ptr[int32](k)))*8) = 6.0
		p = k
	}
	return i + *cmem.Ptr[int32](p)
}
