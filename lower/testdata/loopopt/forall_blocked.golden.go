package p

func triad(t *thread, k float64) {
	THREADS := int32(t.Threads)
	var i int32
	{
		i = 0
		end2 := int64(1024 * THREADS)
		last3 := max(int64(i), end2) // i after the loop, on every thread
		from4 := upc.ForallStartBlocked(int64(i), 1024, t.Threads, t.MyThread)
		local1 := upc.ForallLocal(from4, 1024, t.Threads) // x[from4] is this thread's element local1 of a [1024]-blocked x
		mem := cmem.Base()
		aAt := t.LocalAddr() + a + uintptr(local1)*8
		bAt := t.LocalAddr() + b + uintptr(local1)*8
		cAt := t.LocalAddr() + c + uintptr(local1)*8
		for ; from4 < end2; from4 = upc.ForallNextBlock(from4, 1024, t.Threads) {
			i = int32(from4)
			for to5 := int32(min(upc.ForallBlockEnd(from4, 1024), end2)); i < to5; i, aAt, bAt, cAt = i+1, aAt+8, bAt+8, cAt+8 {
				*cmem.At[float64](mem, aAt) = *cmem.At[float64](mem, bAt) + k**cmem.At[float64](mem, cAt)
			}
		}
		i = int32(last3)
	}
}
