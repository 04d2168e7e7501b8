package p

func count(t *thread, key_array uintptr, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		key_arrayAt := key_array + uintptr(int64(i))*4
		bucket_sizeVal := *cmem.Ptr[uintptr](t.bucket_size)
		bucket_sizeRow := unsafe.Add(mem, bucket_sizeVal)
		for end := key_arrayAt + uintptr(max(0, int64(n)-int64(i))*4); key_arrayAt != end; key_arrayAt += 4 {
			*cmem.At[int32](bucket_sizeRow, uintptr(int64(*cmem.At[int32](mem, key_arrayAt)>>9))*4)++
		}
	}
}

func scatter(t *thread, key_array uintptr, n int32) {
	var key int32
	var i int32
	{
		i = 0
		mem := cmem.Base()
		key_arrayAt := key_array + uintptr(int64(i))*4
		key_buff1Val := *cmem.Ptr[uintptr](t.key_buff1)
		key_buff1Row := unsafe.Add(mem, key_buff1Val)
		bucket_ptrsVal := t.bucket_ptrs
		bucket_ptrsRow := unsafe.Add(mem, bucket_ptrsVal)
		for end := key_arrayAt + uintptr(max(0, int64(n)-int64(i))*4); key_arrayAt != end; key_arrayAt += 4 {
			key = *cmem.At[int32](mem, key_arrayAt)
			*cmem.At[int32](key_buff1Row, uintptr(int64(crt.PostInc(&*cmem.At[int32](bucket_ptrsRow, uintptr(int64(key>>9))*4), 1)))*4) = key
		}
	}
}

func bound(t *thread, y uintptr) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		yAt := y + uintptr(int64(i))*8
		n_keysVal := *cmem.Ptr[int32](t.n_keys)
		for ; i < n_keysVal; i, yAt = i+2, yAt+16 {
			*cmem.At[float64](mem, yAt) = 2.0 * *cmem.At[float64](mem, yAt)
		}
	}
}

func local_taken(t *thread, n int32, x uintptr, q uintptr) {
	defer t.stack.Release(t.stack.Mark())
	p := t.stack.AllocZero(8, 8)
	var i int32
	*cmem.Ptr[uintptr](p) = *cmem.Ptr[uintptr](t.key_buff1)
	*cmem.Ptr[uintptr](q) = p
	{
		i = 0
		mem := cmem.Base()
		xAt := x + uintptr(int64(i))*4
		pVal := *cmem.Ptr[uintptr](p)
		pRow := unsafe.Add(mem, pVal)
		for end := xAt + uintptr(max(0, int64(n)-int64(i))*4); xAt != end; xAt += 4 {
			*cmem.At[int32](pRow, uintptr(int64(*cmem.At[int32](mem, xAt)))*4) += 1
		}
	}
}

func int_store(t *thread, y uintptr, n int32) {
	var i int32
	for i = 0; i < n; i++ {
		*cmem.Ptr[int32](y + uintptr(int64(i&7))*4) = *cmem.Ptr[int32](t.n_keys)
	}
}

func pointer_store(t *thread, n int32) {
	var i int32
	for i = 0; i < n; i++ {
		*cmem.Ptr[uintptr](*cmem.Ptr[uintptr](t.pp) + uintptr(int64(*cmem.Ptr[int32](*cmem.Ptr[uintptr](t.bucket_size) + uintptr(int64(i))*4)&7))*8) = *cmem.Ptr[uintptr](t.key_buff1)
	}
}

func char_store(t *thread, n int32) {
	var i int32
	for i = 0; i < n; i++ {
		*cmem.Ptr[int8](*cmem.Ptr[uintptr](t.cp) + uintptr(int64(*cmem.Ptr[int32](*cmem.Ptr[uintptr](t.bucket_size) + uintptr(int64(i))*4)&7))) = int8(1)
	}
}

func struct_store(t *thread, n int32, h_in uintptr) {
	defer t.stack.Release(t.stack.Mark())
	h := t.stack.AllocZero(8, 8)
	var i int32
	crt.Copy(h, h_in, 8)
	for i = 0; i < n; i++ {
		*cmem.Ptr[uint64](*cmem.Ptr[uintptr](t.hp) + uintptr(int64(*cmem.Ptr[int32](*cmem.Ptr[uintptr](t.bucket_size) + uintptr(int64(i))*4)&7))*8) = *cmem.Ptr[uint64](h)
	}
}

func assigns(t *thread, n int32) {
	var i int32
	{
		i = 0
		mem := cmem.Base()
		key_buff1Val := *cmem.Ptr[uintptr](t.key_buff1)
		for ; i < n; i++ {
			*cmem.At[int32](mem, *cmem.At[uintptr](mem, t.bucket_size)+uintptr(int64(i&7))*4) = 0
			*cmem.At[uintptr](mem, t.bucket_size) = key_buff1Val
		}
	}
}

func address(t *thread, n int32) {
	var i int32
	for i = 0; i < n; i++ {
		*cmem.Ptr[int32](*cmem.Ptr[uintptr](t.bucket_size) + uintptr(int64(i&7))*4) = crt.B2I((*cmem.Ptr[uintptr](t.bucket_size)) != uintptr(0))
	}
}

func calls(t *thread, n int32) {
	var i int32
	for i = 0; i < n; i++ {
		*cmem.Ptr[int32](*cmem.Ptr[uintptr](t.bucket_size) + uintptr(int64(i&7))*4) = 0
		touch(t)
	}
}

func running(t *thread, n int32) {
	var i int32
	{
		i = 0
		if i < n {
			mem := cmem.Base()
			dpAt := *cmem.Ptr[uintptr](t.dp) + uintptr(int64(i))*8
			for end := dpAt + uintptr(max(0, int64(n)-int64(i))*8); dpAt != end; dpAt += 8 {
				*cmem.At[float64](mem, dpAt) = 0.0
			}
		}
	}
}
