package p

func key_count(t *thread, key_buff1 uintptr, key_buff2 uintptr, n int32) {
	var kbp uintptr
	var i int32
	kbp = key_buff1
	{
		i = 0
		mem := cmem.Base()
		key_buff2At := key_buff2 + uintptr(int64(i))*4
		kbpRow := unsafe.Add(mem, kbp)
		for end := key_buff2At + uintptr(max(0, int64(n)-int64(i))*4); key_buff2At != end; key_buff2At += 4 {
			*cmem.At[int32](kbpRow, uintptr(int64(*cmem.At[int32](mem, key_buff2At)))*4)++
		}
	}
}

func middle(t *thread, x uintptr, k uintptr, n int32) float64 {
	var s float64
	var i int32
	s = 0.0
	{
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		xRow := unsafe.Add(mem, x)
		for end := kAt + uintptr(max(0, int64(n)-int64(i))*4); kAt != end; kAt += 4 {
			s += *cmem.At[float64](xRow, uintptr(int64(-(*cmem.At[int32](mem, kAt))))*8)
		}
	}
	return s
}

func nested(t *thread, p uintptr, y uintptr, k uintptr, n int32) {
	var i int32
	var j_ int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*4
		pRow := unsafe.Add(mem, p)
		for ; i < n; i, yAt = i+1, yAt+4 {
			*cmem.At[int32](mem, yAt) = 0
			{
				j_ = 0
				kAt := k + uintptr(int64(j_))*4
				for end := kAt + uintptr(max(0, int64(n)-int64(j_))*4); kAt != end; kAt += 4 {
					*cmem.At[int32](mem, yAt) += *cmem.At[int32](pRow, uintptr(int64(*cmem.At[int32](mem, kAt)*i))*4)
				}
			}
		}
	}
}

func init_(t *thread, p uintptr, q uintptr, k uintptr, n int32) {
	var i int32
	{
		p = q
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		pRow := unsafe.Add(mem, p)
		for ; i < n; i, kAt = i+1, kAt+4 {
			*cmem.At[int32](pRow, uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = i
		}
	}
}

func stepped(t *thread, p uintptr, k uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		for end := kAt + uintptr(max(0, int64(n)-int64(i))*4); kAt != end; kAt += 4 {
			*cmem.At[int32](mem, p+uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = 1
			p += 4
		}
	}
}

func assigned(t *thread, p uintptr, q uintptr, k uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		for end := kAt + uintptr(max(0, int64(n)-int64(i))*4); kAt != end; kAt += 4 {
			*cmem.At[int32](mem, p+uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = 1
			if *cmem.At[int32](mem, kAt) == 0 {
				p = q
			}
		}
	}
}

func condition(t *thread, p uintptr, ps uintptr, k uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		psRow := unsafe.Add(mem, ps)
		for ; crt.Set(&p, *cmem.At[uintptr](psRow, uintptr(int64(i))*8)) != uintptr(0) && i < n; i, kAt = i+1, kAt+4 {
			*cmem.At[int32](mem, p+uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = 1
		}
	}
}

func inner(t *thread, p uintptr, q uintptr, k uintptr, n int32) {
	var i int32
	var j_ int32
	var j__2 int32
	for i = 0; i < n; i++ {
		{
			j_ = 0
			mem := cmem.Base()
			kAt := k + uintptr(int64(j_))*4
			pRow := unsafe.Add(mem, p)
			for end := kAt + uintptr(max(0, int64(n)-int64(j_))*4); kAt != end; kAt += 4 {
				*cmem.At[int32](pRow, uintptr(int64(*cmem.At[int32](mem, kAt)))*4) += i
			}
		}
		for j__2 = 0; j__2 < n; j__2++ {
			p = q
		}
	}
}

func taken(t *thread, k uintptr, n int32, out uintptr) {
	defer t.stack.Release(t.stack.Mark())
	p := t.stack.AllocZero(8, 8)
	var i int32
	*cmem.Ptr[uintptr](p) = uintptr(0)
	*cmem.Ptr[uintptr](out) = p
	{
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		pVal := *cmem.Ptr[uintptr](p)
		pRow := unsafe.Add(mem, pVal)
		for end := kAt + uintptr(max(0, int64(n)-int64(i))*4); kAt != end; kAt += 4 {
			*cmem.At[int32](pRow, uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = 1
		}
	}
}

func not_scalar(t *thread, s uintptr, v uintptr, w uintptr, k uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		kAt := k + uintptr(int64(i))*4
		for end := kAt + uintptr(max(0, int64(n)-int64(i))*4); kAt != end; kAt += 4 {
			*cmem.At[int32](mem, s+uintptr(int64(*cmem.At[int32](mem, kAt)))*8) = 1
			*cmem.At[int32](mem, v+uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = 1
			*cmem.At[int32](mem, w+uintptr(int64(*cmem.At[int32](mem, kAt)))*4) = 1
		}
	}
}

func constant_index(t *thread, p uintptr, y uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*4
		pRow := unsafe.Add(mem, p)
		for ; i < n && *cmem.At[int32](mem, p+4) > 0; i, yAt = i+1, yAt+4 {
			*cmem.At[int32](mem, yAt) = *cmem.At[int32](pRow, uintptr(int64(k_of(t, i)))*4)
		}
	}
}
