package p

func f(t *thread, b uintptr, other uintptr, n int32) {
	var k int32
	var i int32
	var i_2 int32
	var i_3 int32
	var i_4 int32
	k = 0
	for i = 0; i < n; i++ {
		*cmem.Ptr[int32](b + uintptr(int64(k+i))*4) = i
		if i == 2 {
			k += 5
		}
	}
	for i_2 = 0; i_2 < n; i_2++ {
		*cmem.Ptr[int32](b + uintptr(int64(i_2))*4) = i_2
		if i_2 == 3 {
			b = other
		}
	}
	for i_3 = 0; i_3 < n; i_3++ {
		*cmem.Ptr[int32](b + uintptr(int64(i_3))*4) = i_3
		if i_3 == 4 {
			i_3++
		}
	}
	for i_4 = 0; i_4 < n && crt.PostInc(&k, 1) < 9; i_4++ {
		*cmem.Ptr[int32](b + uintptr(int64(i_4+k))*4) = i_4
	}
}
