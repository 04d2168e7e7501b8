package p

func fill(t *thread, n int32) {
	THREADS := int32(t.Threads)
	var i int32
	var i_2 int32
	{
		i = 0
		end2 := int64(n)
		last3 := max(int64(i), end2) // i after the loop, on every thread
		i = int32(upc.ForallStart(int64(i), t.Threads, t.MyThread))
		local1 := upc.ForallLocal(int64(i), 1, t.Threads) // x[i] is this thread's element local1 of a cyclic x
		mem := cmem.Base()
		vAt := t.LocalAddr() + v + uintptr(local1)*4
		for ; int64(i) < end2; i, vAt = i+THREADS, vAt+4 {
			if i%7 == 0 {
				continue
			}
			*cmem.At[int32](mem, vAt) = i
		}
		i = int32(last3)
	}
	{
		i_2 = 0
		end5 := int64(n)
		last6 := max(int64(i_2), end5) // i after the loop, on every thread
		i_2 = int32(upc.ForallStart(int64(i_2), t.Threads, t.MyThread))
		local4 := upc.ForallLocal(int64(i_2), 1, t.Threads) // x[i] is this thread's element local4 of a cyclic x
		mem_2 := cmem.Base()
		wAt := t.LocalAddr() + w + uintptr(local4)*4
		vAt_2 := t.LocalAddr() + v + uintptr(local4)*4
		for ; int64(i_2) < end5; i_2, wAt, vAt_2 = i_2+THREADS, wAt+4, vAt_2+4 {
			*cmem.At[float32](mem_2, wAt) += float32(*cmem.At[int32](mem_2, vAt_2))
		}
		i_2 = int32(last6)
	}
}
