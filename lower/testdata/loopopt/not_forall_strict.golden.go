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
		gAt := t.LocalAddr() + g + uintptr(local1)*8
		for ; from4 < end2; from4 = upc.ForallNextBlock(from4, 4, t.Threads) {
			i = int32(from4)
			for to5 := int32(min(upc.ForallBlockEnd(from4, 4), end2)); i < to5; i, gAt = i+1, gAt+8 {
				*cmem.At[float64](mem, gAt) = 1.0
				{
					upc.StoreStrict[float64](t.Thread, upc.StaticPtr(f).Add(int64(i), upc.Layout{Block: 4, ElemSize: 8}, t.Threads), 2.0)
				}
			}
		}
		i = int32(last3)
	}
}
