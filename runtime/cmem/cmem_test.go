package cmem

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadStore(t *testing.T) {
	p := Malloc(64)
	defer Free(p)
	Store[int32](p, -7)
	Store[float64](p+8, 2.5)
	Store[uint8](p+16, 0xAB)
	Store[uintptr](p+24, p)
	assert.Equal(t, int32(-7), Load[int32](p))
	assert.Equal(t, 2.5, Load[float64](p+8))
	assert.Equal(t, uint8(0xAB), Load[uint8](p+16))
	assert.Equal(t, p, Load[uintptr](p+24))
	// Little-endian byte view of the int32.
	assert.Equal(t, []byte{0xF9, 0xFF, 0xFF, 0xFF}, Bytes(p, 4))
	assert.Nil(t, Bytes(p, 0))
}

// TestAtBase checks that At from a local copy of Base reaches the same
// memory as Ptr, as the loops the loop pass emits use it, stepping a
// running address both ways.
func TestAtBase(t *testing.T) {
	p := Malloc(80)
	defer Free(p)
	mem := Base()
	for i, at := 0, p; i < 10; i, at = i+1, at+8 {
		*At[int64](mem, at) = int64(i * i)
	}
	for i, at := 9, p+72; i >= 0; i, at = i-1, at-8 {
		assert.Equal(t, int64(i*i), *Ptr[int64](at))
		assert.Equal(t, Ptr[int64](at), At[int64](mem, at))
	}
}

func TestMemFunctions(t *testing.T) {
	p := Calloc(1, 32)
	defer Free(p)
	copy(Bytes(p, 10), "abcdefghij")

	Memmove(p+2, p, 5) // overlapping, forwards
	assert.Equal(t, "ababcdehij", string(Bytes(p, 10)))
	Memmove(p, p+3, 5) // overlapping, backwards
	assert.Equal(t, "bcdehdehij", string(Bytes(p, 10)))

	Memset(p, 'x', 7)
	assert.Equal(t, "xxxxxxxhij", string(Bytes(p, 10)))
	Memset(p, 0, 3)
	assert.Equal(t, []byte{0, 0, 0, 'x'}, Bytes(p, 4))

	q := CString("abc")
	r := CString("abd")
	defer Free(q)
	defer Free(r)
	assert.Equal(t, int32(0), Memcmp(q, r, 2))
	assert.Equal(t, int32(-1), Memcmp(q, r, 3))
	assert.Equal(t, int32(1), Memcmp(r, q, 3))
	Store[byte](r, 0xFF) // compared as unsigned char
	assert.Equal(t, int32(0xFF-'a'), Memcmp(r, q, 1))
}

func TestStrings(t *testing.T) {
	p := CString("hello, world")
	defer Free(p)
	assert.Equal(t, uintptr(12), Strlen(p))
	assert.Equal(t, "hello, world", GoString(p))
	assert.Equal(t, "hello", GoStringN(p, 5))
	assert.Equal(t, "hello, world", GoStringN(p, 100))
	assert.Equal(t, "", GoString(0))

	s := StaticString("literal")
	assert.Equal(t, "literal", GoString(s))
	assert.Zero(t, s%16)
	b := Static([]byte{1, 2, 3})
	assert.Equal(t, []byte{1, 2, 3}, Bytes(b, 3))
}

// A string ending at the last byte of a mapping must not make Strlen read
// the next (unmapped) page.
func TestStrlenAtPageEnd(t *testing.T) {
	p := mapAnon(pageSize)
	require.NotZero(t, p)
	defer unmap(p, pageSize)
	Memset(p, 'a', pageSize-1)
	assert.Equal(t, uintptr(pageSize-1), Strlen(p))
	assert.Equal(t, uintptr(pageSize-1), Strnlen(p, 1<<20))
	assert.Equal(t, uintptr(10), Strnlen(p, 10))
}

func TestSizeClasses(t *testing.T) {
	prev := uintptr(0)
	for i := range numClasses {
		size := classSize(i)
		require.Greater(t, size, prev)
		require.Zero(t, size%16, "class %d", i)
		require.Equal(t, i, classIndex(size), "size %d", size)
		require.Equal(t, i, classIndex(prev+1), "size %d", prev+1)
		prev = size
	}
	assert.Equal(t, uintptr(maxSmall), prev)
	for _, tc := range []struct{ n, class uintptr }{
		{0, 16}, {1, 16}, {16, 16}, {17, 32}, {256, 256}, {257, 320}, {1000, 1024}, {1025, 1280},
	} {
		assert.Equal(t, tc.class, classSize(classIndex(tc.n)), "n=%d", tc.n)
	}
}

func TestMallocBasics(t *testing.T) {
	for _, n := range []uintptr{0, 1, 15, 16, 17, 100, 256, 1000, 4096, maxSmall, maxSmall + 1, 1 << 20} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := Malloc(n)
			require.NotZero(t, p)
			assert.Zero(t, p%16, "16-byte aligned")
			assert.GreaterOrEqual(t, UsableSize(p), n)
			Memset(p, 0x5A, UsableSize(p))
			q := Malloc(n)
			assert.NotEqual(t, p, q, "distinct blocks")
			Free(q)
			Free(p)
		})
	}
}

func TestMallocZeroIsUnique(t *testing.T) {
	a, b := Malloc(0), Malloc(0)
	assert.NotZero(t, a)
	assert.NotEqual(t, a, b)
	Free(a)
	Free(b)
}

func TestExhaustion(t *testing.T) {
	assert.Zero(t, Malloc(1<<62))
	assert.Zero(t, Calloc(1<<40, 1<<40), "overflowing product")
	assert.Zero(t, Calloc(1<<62, 1))
	p := Malloc(10)
	assert.Zero(t, Realloc(p, 1<<62))
	Free(p) // still valid after a failed realloc
	Free(0)
}

func TestCallocZeroesRecycledMemory(t *testing.T) {
	p := Malloc(48)
	Memset(p, 0xFF, 48)
	Free(p)
	q := Calloc(3, 16)
	assert.Equal(t, make([]byte, 48), Bytes(q, 48))
	Free(q)
}

func TestRealloc(t *testing.T) {
	p := Realloc(0, 20)
	require.NotZero(t, p)
	copy(Bytes(p, 20), "0123456789abcdefghij")
	p = Realloc(p, 30) // fits the 32-byte class: stays
	q := Realloc(p, 5000)
	require.NotZero(t, q)
	assert.Equal(t, "0123456789abcdefghij", string(Bytes(q, 20)))
	r := Realloc(q, 300000) // small to large
	assert.Equal(t, "0123456789abcdefghij", string(Bytes(r, 20)))
	s := Realloc(r, 8) // shrinking large: moves to a small class
	assert.Equal(t, "01234567", string(Bytes(s, 8)))
	assert.Equal(t, uintptr(16), UsableSize(s))
	assert.Zero(t, Realloc(s, 0), "realloc(p, 0) frees")
}

func TestFreeErrors(t *testing.T) {
	p := Malloc(32)
	Free(p)
	assert.PanicsWithValue(t, fmt.Sprintf("free(): double free detected for %#x", p), func() { Free(p) })

	q := Malloc(32)
	assert.Panics(t, func() { Free(q + 16) }, "interior pointer")
	assert.Panics(t, func() { Free(q + 1) }, "misaligned pointer")
	Free(q)

	lit := StaticString("not heap")
	assert.PanicsWithValue(t, fmt.Sprintf("free(): invalid pointer %#x (not from malloc, or already freed)", lit), func() { Free(lit) })

	big := Malloc(1 << 20)
	Free(big)
	assert.Panics(t, func() { Free(big) }, "double free of a large block")

	// An address in the current chunk that was never handed out.
	r := Malloc(8000)
	c := lookupChunk(r).class
	assert.Panics(t, func() { Free(c.next) })
	Free(r)
}

func TestConcurrentMallocFree(t *testing.T) {
	const goroutines, rounds = 16, 2000
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			var live []uintptr
			for i := range rounds {
				if len(live) > 0 && rng.IntN(3) == 0 {
					k := rng.IntN(len(live))
					p := live[k]
					// Each block carries its owner and index: a block handed
					// to two goroutines at once would show a foreign tag.
					require.Equal(t, uint64(g)<<32|uint64(Load[uint32](p+8)), Load[uint64](p))
					Free(p)
					live = append(live[:k], live[k+1:]...)
					continue
				}
				n := uintptr(rng.IntN(600)) + 16
				if i%97 == 0 {
					n = maxSmall + uintptr(rng.IntN(1<<16))
				}
				p := Malloc(n)
				require.NotZero(t, p)
				Store(p+8, uint32(i))
				Store(p, uint64(g)<<32|uint64(i))
				live = append(live, p)
			}
			for _, p := range live {
				Free(p)
			}
		}()
	}
	wg.Wait()
}

func TestStack(t *testing.T) {
	var s Stack
	defer s.Close()
	m0 := s.Mark()
	a := s.Alloc(4, 4)
	b := s.Alloc(8, 8)
	assert.Zero(t, b%8)
	assert.GreaterOrEqual(t, b, a+4)
	Store[uint64](b, 42)

	m1 := s.Mark()
	big := s.AllocZero(200<<10, 64) // larger than a chunk
	assert.Zero(t, big%64)
	assert.Equal(t, make([]byte, 16), Bytes(big, 16))
	Memset(big, 1, 200<<10)
	s.Release(m1)
	assert.Equal(t, uint64(42), Load[uint64](b), "release keeps older frames")

	c := s.Alloc(8, 8)
	assert.Equal(t, b+8, c, "released space is reused")
	s.Release(m0)
	assert.Equal(t, a, s.Alloc(4, 4))

	assert.Panics(t, func() { s.Alloc(8, 3) })
}

func TestStackRecursion(t *testing.T) {
	var s Stack
	defer s.Close()
	var rec func(depth int) uint64
	rec = func(depth int) uint64 {
		m := s.Mark()
		defer s.Release(m)
		p := s.Alloc(1000, 16)
		Store(p, uint64(depth))
		sum := uint64(depth)
		if depth > 0 {
			sum += rec(depth - 1)
		}
		require.Equal(t, uint64(depth), Load[uint64](p))
		return sum
	}
	assert.Equal(t, uint64(500*501/2), rec(500))
	assert.LessOrEqual(t, len(s.chunks), 1+spareStackChunks)
}

func TestStackOverflow(t *testing.T) {
	s := Stack{Limit: 256 << 10}
	defer s.Close()
	assert.PanicsWithValue(t,
		"stack overflow: cannot allocate 300016 bytes for C locals (0 bytes in use)",
		func() { s.Alloc(300000, 16) })
	for range 3 {
		s.Alloc(60<<10, 16)
	}
	assert.Panics(t, func() {
		for range 10 {
			s.Alloc(60<<10, 16)
		}
	})
}

func BenchmarkMallocFree(b *testing.B) {
	for _, n := range []uintptr{16, 64, 256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Free(Malloc(n))
			}
		})
	}
}

func BenchmarkMallocFreeParallel(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Free(Malloc(64))
		}
	})
}

var sink []byte

func BenchmarkGoMake(b *testing.B) {
	for _, n := range []int{16, 64, 256, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				sink = make([]byte, n)
			}
		})
	}
}

func BenchmarkStackAlloc(b *testing.B) {
	var s Stack
	defer s.Close()
	for b.Loop() {
		m := s.Mark()
		s.Alloc(64, 16)
		s.Release(m)
	}
}

// TestAlignedAlloc: every alignment from 1 to 1 MiB, small and large
// requests, gets an aligned block it can write in full and free.
func TestAlignedAlloc(t *testing.T) {
	for align := uintptr(1); align <= 1<<20; align <<= 1 {
		for _, n := range []uintptr{1, 24, align, 3 * align / 2, 200 << 10} {
			p := AlignedAlloc(align, n)
			require.NotZero(t, p, "align %d, %d bytes", align, n)
			assert.Zero(t, p%align, "align %d, %d bytes: %#x", align, n, p)
			Memset(p, 0xab, n)
			assert.GreaterOrEqual(t, UsableSize(p), n)
			Free(p)
		}
	}
}
