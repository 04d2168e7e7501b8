package p

func rows(t *thread) int32 {
	defer t.stack.Release(t.stack.Mark())
	m := t.stack.AllocZero(80, 4)
	var s int32
	var i int32
	var j_ int32
	var i_2 int32
	s = 0
	{
		i = 0
		mem := cmem.Base()
		mAt := m + uintptr(int64(i))*20
		for ; i < 4; i, mAt = i+1, mAt+20 {
			{
				j_ = 0
				mAt_2 := mAt + uintptr(int64(j_))*4
				for ; j_ < 5; j_, mAt_2 = j_+1, mAt_2+4 {
					*cmem.At[int32](mem, mAt_2) = i + j_
				}
			}
		}
	}
	{
		i_2 = 0
		mem_2 := cmem.Base()
		mAt_3 := m + uintptr(int64(i_2))*20
		for end := mAt_3 + uintptr(max(0, 4-int64(i_2))*20); mAt_3 != end; mAt_3 += 20 {
			s += *cmem.At[int32](mem_2, mAt_3+8)
		}
	}
	return s
}
