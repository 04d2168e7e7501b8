package p

func copy_(t *thread, d uintptr, y uintptr, x uintptr, k int32, j_ int32) {
	var i int32
	{
		i = 0
		if i < *cmem.Ptr[int32](d) {
			mem := cmem.Base()
			yAt := y + uintptr(int64(i))*8
			xAt := x + uintptr(int64(k)*int64(*cmem.Ptr[int32](d + 4))*int64(*cmem.Ptr[int32](d))+int64(j_)*int64(*cmem.Ptr[int32](d))+int64(i))*8
			for ; i < *cmem.At[int32](mem, d); i, yAt, xAt = i+1, yAt+8, xAt+8 {
				*cmem.At[float64](mem, yAt) = *cmem.At[float64](mem, xAt)
			}
		}
	}
}

func global(t *thread, y uintptr, x uintptr, n int32) {
	var i int32
	{
		i = 0
		if i < n {
			mem := cmem.Base()
			yAt := y + uintptr(int64(i))*8
			xAt := x + uintptr(int64(*cmem.Ptr[int32](t.g))+int64(i))*8
			for end := yAt + uintptr(max(0, int64(n)-int64(i))*8); yAt != end; yAt, xAt = yAt+8, xAt+8 {
				*cmem.At[float64](mem, yAt) = *cmem.At[float64](mem, xAt)
			}
		}
	}
}

func int_store(t *thread, d uintptr, y uintptr, x uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*4
		dAt := d
		xRow := unsafe.Add(mem, x)
		for ; i < n; i, yAt = i+1, yAt+4 {
			*cmem.At[int32](mem, yAt) = *cmem.At[int32](xRow, uintptr(int64(*cmem.At[int32](mem, dAt)+i))*4)
		}
	}
}

func call(t *thread, d uintptr, y uintptr, x uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		dAt := d
		xRow := unsafe.Add(mem, x)
		for ; i < n; i, yAt = i+1, yAt+8 {
			*cmem.At[float64](mem, yAt) = f(t, *cmem.At[float64](xRow, uintptr(int64(*cmem.At[int32](mem, dAt)+i))*8))
		}
	}
}

func branch(t *thread, d uintptr, y uintptr, x uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		dAt := d
		xRow := unsafe.Add(mem, x)
		for ; i < n; i, yAt = i+1, yAt+8 {
			if *cmem.At[float64](mem, yAt) > 0.0 {
				continue
			}
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](xRow, uintptr(int64(*cmem.At[int32](mem, dAt)+i))*8)
		}
	}
}

func side_effect(t *thread, d uintptr, y uintptr, x uintptr, n int32) {
	var c int32
	var i int32
	c = 0
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		dAt := d
		xRow := unsafe.Add(mem, x)
		for ; crt.PostInc(&c, 1) < n; i, yAt = i+1, yAt+8 {
			*cmem.At[float64](mem, yAt) = *cmem.At[float64](xRow, uintptr(int64(*cmem.At[int32](mem, dAt)+i))*8)
		}
	}
}

func evolve(t *thread, d uintptr, u0 uintptr, u1 uintptr, k int32) {
	var i int32
	{
		i = 0
		if i < *cmem.Ptr[int32](d) {
			mem := cmem.Base()
			u0At := u0 + uintptr(int64(k)*int64(*cmem.Ptr[int32](d))+int64(i))*16
			twAt := *cmem.Ptr[uintptr](t.tw) + uintptr(int64(k)*int64(*cmem.Ptr[int32](d))+int64(i))*8
			u1At := u1 + uintptr(int64(k)*int64(*cmem.Ptr[int32](d))+int64(i))*16
			for ; i < *cmem.At[int32](mem, d); i, u0At, twAt, u1At = i+1, u0At+16, twAt+8, u1At+16 {
				*cmem.At[float64](mem, u0At) *= *cmem.At[float64](mem, twAt)
				*cmem.At[uint64](mem, u1At), *cmem.At[uint64](mem, u1At+8) = *cmem.At[uint64](mem, u0At), *cmem.At[uint64](mem, u0At+8)
			}
		}
	}
}

func tagged_store(t *thread, d uintptr, u0 uintptr, u1 uintptr, k int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		dAt := d
		for ; i < *cmem.At[int32](mem, d); i++ {
			*cmem.At[uint64](mem, u1+uintptr(int64(k**cmem.At[int32](mem, dAt)+i))*16), *cmem.At[uint64](mem, u1+uintptr(int64(k**cmem.At[int32](mem, dAt)+i))*16+8) = *cmem.At[uint64](mem, u0+uintptr(int64(k**cmem.At[int32](mem, dAt)+i))*16), *cmem.At[uint64](mem, u0+uintptr(int64(k**cmem.At[int32](mem, dAt)+i))*16+8)
		}
	}
}
