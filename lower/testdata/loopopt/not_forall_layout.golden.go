package p

func h(t *thread) {
	THREADS := int32(t.Threads)
	var i int32
	{
		i = 0
		end2 := int64(4 * THREADS)
		last3 := max(int64(i), end2) // i after the loop, on every thread
		from4 := upc.ForallStartBlocked(int64(i), 4, t.Threads, t.MyThread)
		local1 := upc.ForallLocal(from4, 4, t.Threads) // x[from4] is this thread's element local1 of a [4]-blocked x
		mem := cmem.Base()
		fAt := t.LocalAddr() + f + uintptr(local1)*8
		for ; from4 < end2; from4 = upc.ForallNextBlock(from4, 4, t.Threads) {
			i = int32(from4)
			for to5 := int32(min(upc.ForallBlockEnd(from4, 4), end2)); i < to5; i, fAt = i+1, fAt+8 {
				*cmem.At[float64](mem, fAt) = upc.Load[float64](t.Thread, upc.StaticPtr(g).Add(int64(i), upc.Layout{Block: 2, ElemSize: 8}, t.Threads)) + upc.Load[float64](t.Thread, upc.StaticPtr(f).Add(int64(i+1), upc.Layout{Block: 4, ElemSize: 8}, t.Threads))
			}
		}
		i = int32(last3)
	}
}
