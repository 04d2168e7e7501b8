package p

func f(t *thread, b uintptr, n int32) {
	var i int32
	i = 5
	goto inside_
	i = 0
top1:
	;
	if !(i < n) {
		goto brk1
	}
inside_:
	*cmem.Ptr[int32](b + uintptr(int64(i+1))*4) += i
	i++
	goto top1
brk1:
	;
	for i = 0; i < n; i++ {
		*cmem.Ptr[int32](b + uintptr(int64(i/2))*4) = i
	}
	for i = 0; i < 10; i++ {
		upc.Store[int32](t.Thread, upc.StaticPtr(s).Add(int64(i), upc.Layout{Block: 1, ElemSize: 4}, t.Threads), i)
	}
}
