package p

func copy_(t *thread, y uintptr, x uintptr, n int32, ii int32) {
	var i int32
	var i_i int32
	_ = i_i
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		xAt := x + uintptr((int64(i)+int64(ii))*2)*8
		for ; i < n; i, yAt, xAt = i+1, yAt+8, xAt+16 {
			i_i = i + ii
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](mem, xAt+8)
		}
	}
}

func before(t *thread, y uintptr, x uintptr, n int32) {
	var i int32
	var v int32
	v = 0
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		xRow := unsafe.Add(mem, x)
		for ; i < n; i, yAt = i+1, yAt+8 {
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](xRow, uintptr(int64(v))*8)
			v = i + 1
		}
	}
}

func twice(t *thread, y uintptr, x uintptr, n int32) {
	var i int32
	var v int32
	for i = 0; i < n; i++ {
		v = i
		*cmem.Ptr[float64](y + uintptr(int64(v))*8) = *cmem.Ptr[float64](x + uintptr(int64(v))*8)
		v = i + 1
	}
}

func narrow(t *thread, y uintptr, x uintptr, n int32, m int64) {
	var i int32
	var v int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		xRow := unsafe.Add(mem, x)
		for ; i < n; i, yAt = i+1, yAt+8 {
			v = int32(int64(i) + m)
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](xRow, uintptr(int64(v))*8)
		}
	}
}
