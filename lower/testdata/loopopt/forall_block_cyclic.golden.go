package p

func sum(t *thread, n int32) int64 {
	THREADS := int32(t.Threads)
	var s int64
	var i int32
	var i_2 int64
	s = int64(0)
	{
		i = 1
		end2 := int64(n) + 1
		last3 := max(int64(i), end2) // i after the loop, on every thread
		from4 := upc.ForallStartBlocked(int64(i), 3, t.Threads, t.MyThread)
		local1 := upc.ForallLocal(from4, 3, t.Threads) // x[from4] is this thread's element local1 of a [3]-blocked x
		mem := cmem.Base()
		xAt := t.LocalAddr() + x + uintptr(local1)*8
		tagAt := t.LocalAddr() + tag + uintptr(local1)*1
		for ; from4 < end2; from4 = upc.ForallNextBlock(from4, 3, t.Threads) {
			i = int32(from4)
			for to5 := int32(min(upc.ForallBlockEnd(from4, 3), end2)); i < to5; i, xAt, tagAt = i+1, xAt+8, tagAt+1 {
				s += *cmem.At[int64](mem, xAt) * int64(i)
				*cmem.At[int8](mem, tagAt) = int8(1)
			}
		}
		i = int32(last3)
	}
	{
		i_2 = int64(0)
		end7 := int64(10*THREADS-1) + 1
		last8 := max(i_2, end7) // i after the loop, on every thread
		from9 := upc.ForallStartBlocked(i_2, 3, t.Threads, t.MyThread)
		local6 := upc.ForallLocal(from9, 3, t.Threads) // x[from9] is this thread's element local6 of a [3]-blocked x
		mem_2 := cmem.Base()
		xAt_2 := t.LocalAddr() + x + uintptr(local6)*8
		for ; from9 < end7; from9 = upc.ForallNextBlock(from9, 3, t.Threads) {
			i_2 = from9
			for to10 := min(upc.ForallBlockEnd(from9, 3), end7); i_2 < to10; i_2, xAt_2 = i_2+1, xAt_2+8 {
				*cmem.At[int64](mem_2, xAt_2) = i_2
			}
		}
		i_2 = last8
	}
	return s
}
