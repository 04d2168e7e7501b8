package p

func f(t *thread, n int32) {
	var i int32
	var i_2 int32
	var i_3 int32
	var i_4 int32
	{
		i = 0
		i = int32(upc.ForallStartBlocked(int64(i), 4, t.Threads, t.MyThread))
		local1 := uintptr(i)/4/uintptr(t.Threads)*4 + uintptr(i)%4 // index of x[i] among this thread's elements of a [4]-blocked x
		aLocal := t.LocalAddr() + a
		for ; i < n; i, local1 = int32(upc.ForallNextBlocked(int64(i), 4, t.Threads)), local1+1 {
			*cmem.Ptr[int32](aLocal + local1*4) = i
			n--
		}
	}
	{
		i_2 = 0
		i_2 = int32(upc.ForallStartBlocked(int64(i_2), 4, t.Threads, t.MyThread))
		local2 := uintptr(i_2)/4/uintptr(t.Threads)*4 + uintptr(i_2)%4 // index of x[i] among this thread's elements of a [4]-blocked x
		aLocal_2 := t.LocalAddr() + a
		for ; i_2 < *cmem.Ptr[int32](t.limit); i_2, local2 = int32(upc.ForallNextBlocked(int64(i_2), 4, t.Threads)), local2+1 {
			*cmem.Ptr[int32](aLocal_2 + local2*4) = i_2
			g(t)
		}
	}
	{
		i_3 = 0
		i_3 = int32(upc.ForallStartBlocked(int64(i_3), 4, t.Threads, t.MyThread))
		local3 := uintptr(i_3)/4/uintptr(t.Threads)*4 + uintptr(i_3)%4 // index of x[i] among this thread's elements of a [4]-blocked x
		aLocal_3 := t.LocalAddr() + a
		for ; i_3 < n && upc.Load[int32](t.Thread, upc.StaticPtr(a).Add(int64(i_3), upc.Layout{Block: 4, ElemSize: 4}, t.Threads)) > 0; i_3, local3 = int32(upc.ForallNextBlocked(int64(i_3), 4, t.Threads)), local3+1 {
			*cmem.Ptr[int32](aLocal_3 + local3*4) = 0
		}
	}
	{
		i_4 = 0
		i_4 = int32(upc.ForallStartBlocked(int64(i_4), 4, t.Threads, t.MyThread))
		local4 := uintptr(i_4)/4/uintptr(t.Threads)*4 + uintptr(i_4)%4 // index of x[i] among this thread's elements of a [4]-blocked x
		aLocal_4 := t.LocalAddr() + a
		for ; i_4 < n; i_4, local4 = int32(upc.ForallNextBlocked(int64(i_4), 4, t.Threads)), local4+1 {
			if *cmem.Ptr[int32](aLocal_4 + local4*4) < 0 {
				break
			}
			*cmem.Ptr[int32](aLocal_4 + local4*4) = 1
		}
	}
}
