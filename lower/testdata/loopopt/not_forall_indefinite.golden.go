package p

func f(t *thread, p upc.SharedPtr) {
	THREADS := int32(t.Threads)
	var i int32
	var i_2 int32
	var i_3 int32
	for i = 0; i < 100; i++ {
		if int(upc.StaticPtr(d).Add(int64(i), upc.Layout{Block: 0, ElemSize: 8}, t.Threads).Thread) != t.MyThread {
			continue
		}
		upc.Store[float64](t.Thread, upc.StaticPtr(d).Add(int64(i), upc.Layout{Block: 0, ElemSize: 8}, t.Threads), float64(i))
	}
	for i_2 = 0; i_2 < 4*THREADS; i_2++ {
		if int(p.Add(int64(i_2), upc.Layout{Block: 4, ElemSize: 8}, t.Threads).Thread) != t.MyThread {
			continue
		}
		upc.Store[float64](t.Thread, p.Add(int64(i_2), upc.Layout{Block: 4, ElemSize: 8}, t.Threads), float64(i_2))
	}
	for i_3 = 0; i_3 < 4*THREADS; i_3++ {
		if int(upc.StaticPtr(e).Add(int64(i_3), upc.Layout{Block: 4, ElemSize: 8}, t.Threads).Thread) != t.MyThread {
			continue
		}
		upc.Store[float64](t.Thread, upc.StaticPtr(e).Add(int64(i_3), upc.Layout{Block: 4, ElemSize: 8}, t.Threads), float64(i_3))
	}
}
