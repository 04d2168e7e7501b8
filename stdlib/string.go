package stdlib

import (
	"bytes"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// The string.h functions. Comparisons return the difference of the first
// differing bytes as unsigned chars, which is what glibc's x86-64 code
// returns (C promises only the sign).

// cstring is a view of the C string at p, without its NUL.
func cstring(p uintptr) []byte { return cmem.Bytes(p, cmem.Strlen(p)) }

// Strlen is strlen.
func Strlen(s uintptr) uint64 { return uint64(cmem.Strlen(s)) }

// Strnlen is strnlen.
func Strnlen(s uintptr, max uint64) uint64 { return uint64(cmem.Strnlen(s, uintptr(max))) }

// Strcpy is strcpy; it returns dst.
func Strcpy(dst, src uintptr) uintptr {
	cmem.Memmove(dst, src, cmem.Strlen(src)+1)
	return dst
}

// Strncpy is strncpy: it copies at most n bytes and pads with NULs up to
// n, leaving dst unterminated when src is n bytes or longer.
func Strncpy(dst, src uintptr, n uint64) uintptr {
	l := cmem.Strnlen(src, uintptr(n))
	cmem.Memmove(dst, src, l)
	cmem.Memset(dst+l, 0, uintptr(n)-l)
	return dst
}

// Strcat is strcat; it returns dst.
func Strcat(dst, src uintptr) uintptr {
	Strcpy(dst+cmem.Strlen(dst), src)
	return dst
}

// Strncat is strncat: it appends at most n bytes of src and a NUL.
func Strncat(dst, src uintptr, n uint64) uintptr {
	end := dst + cmem.Strlen(dst)
	l := cmem.Strnlen(src, uintptr(n))
	cmem.Memmove(end, src, l)
	cmem.Store[byte](end+l, 0)
	return dst
}

// Strcmp is strcmp.
func Strcmp(a, b uintptr) int32 {
	for i := uintptr(0); ; i++ {
		x, y := cmem.Load[byte](a+i), cmem.Load[byte](b+i)
		if x != y || x == 0 {
			return int32(x) - int32(y)
		}
	}
}

// Strxfrm is strxfrm in the C locale, where collation compares bytes: it
// copies s2 (with its NUL) into s1 when that fits in n bytes, and returns
// strlen(s2) either way.
func Strxfrm(s1, s2 uintptr, n uint64) uint64 {
	l := cmem.Strlen(s2)
	if uint64(l) < n {
		cmem.Memmove(s1, s2, l+1)
	}
	return uint64(l)
}

// Strncmp is strncmp.
func Strncmp(a, b uintptr, n uint64) int32 {
	for i := uintptr(0); i < uintptr(n); i++ {
		x, y := cmem.Load[byte](a+i), cmem.Load[byte](b+i)
		if x != y || x == 0 {
			return int32(x) - int32(y)
		}
	}
	return 0
}

// Strchr is strchr; searching for 0 finds the terminator.
func Strchr(s uintptr, c int32) uintptr {
	b := cstring(s)
	if byte(c) == 0 {
		return s + uintptr(len(b))
	}
	if i := bytes.IndexByte(b, byte(c)); i >= 0 {
		return s + uintptr(i)
	}
	return 0
}

// Strrchr is strrchr.
func Strrchr(s uintptr, c int32) uintptr {
	b := cstring(s)
	if byte(c) == 0 {
		return s + uintptr(len(b))
	}
	if i := bytes.LastIndexByte(b, byte(c)); i >= 0 {
		return s + uintptr(i)
	}
	return 0
}

// Strstr is strstr; an empty needle matches at haystack.
func Strstr(haystack, needle uintptr) uintptr {
	if i := bytes.Index(cstring(haystack), cstring(needle)); i >= 0 {
		return haystack + uintptr(i)
	}
	return 0
}

// Strdup is strdup: a malloc'd copy, or NULL when memory is exhausted.
func Strdup(s uintptr) uintptr {
	return Strndup(s, ^uint64(0))
}

// Strndup is strndup: a malloc'd copy of at most n bytes plus a NUL.
func Strndup(s uintptr, n uint64) uintptr {
	l := cmem.Strnlen(s, uintptr(min(n, 1<<62)))
	p := cmem.Malloc(l + 1)
	if p == 0 {
		return 0
	}
	cmem.Memmove(p, s, l)
	cmem.Store[byte](p+l, 0)
	return p
}

// byteSet is a set of bytes for strspn, strcspn, strpbrk and strtok.
type byteSet [4]uint64

func makeSet(p uintptr) *byteSet {
	var s byteSet
	for _, c := range cstring(p) {
		s[c/64] |= 1 << (c % 64)
	}
	return &s
}

func (s *byteSet) has(c byte) bool { return s[c/64]&(1<<(c%64)) != 0 }

// Strspn is the length of the prefix of s made of bytes in accept.
func Strspn(s, accept uintptr) uint64 {
	set := makeSet(accept)
	i := uintptr(0)
	for c := cmem.Load[byte](s); c != 0 && set.has(c); c = cmem.Load[byte](s + i) {
		i++
	}
	return uint64(i)
}

// Strcspn is the length of the prefix of s made of bytes not in reject.
func Strcspn(s, reject uintptr) uint64 {
	set := makeSet(reject)
	i := uintptr(0)
	for c := cmem.Load[byte](s); c != 0 && !set.has(c); c = cmem.Load[byte](s + i) {
		i++
	}
	return uint64(i)
}

// Strpbrk is strpbrk: the first byte of s that is in accept, or NULL.
func Strpbrk(s, accept uintptr) uintptr {
	p := s + uintptr(Strcspn(s, accept))
	if cmem.Load[byte](p) == 0 {
		return 0
	}
	return p
}

// Strtok is strtok with its position kept in st, so each UPC thread
// tokenises independently (C's strtok is not thread-safe).
func Strtok(st *State, s, delim uintptr) uintptr {
	return tokenize(s, delim, &st.strtokNext)
}

// StrtokR is POSIX strtok_r, with the save pointer in C memory at saveptr.
func StrtokR(s, delim, saveptr uintptr) uintptr {
	save := cmem.Load[uintptr](saveptr)
	tok := tokenize(s, delim, &save)
	cmem.Store(saveptr, save)
	return tok
}

func tokenize(s, delim uintptr, save *uintptr) uintptr {
	if s == 0 {
		if s = *save; s == 0 {
			return 0
		}
	}
	s += uintptr(Strspn(s, delim))
	if cmem.Load[byte](s) == 0 {
		*save = 0
		return 0
	}
	end := s + uintptr(Strcspn(s, delim))
	if cmem.Load[byte](end) == 0 {
		*save = 0
	} else {
		cmem.Store[byte](end, 0)
		*save = end + 1
	}
	return s
}

// Memcpy is memcpy. Overlapping ranges are undefined in C; copying as
// memmove does gives the answer most such programs expect.
func Memcpy(dst, src uintptr, n uint64) uintptr {
	cmem.Memmove(dst, src, uintptr(n))
	return dst
}

// Memmove is memmove.
func Memmove(dst, src uintptr, n uint64) uintptr {
	cmem.Memmove(dst, src, uintptr(n))
	return dst
}

// Memset is memset.
func Memset(s uintptr, c int32, n uint64) uintptr {
	cmem.Memset(s, byte(c), uintptr(n))
	return s
}

// Memcmp is memcmp.
func Memcmp(a, b uintptr, n uint64) int32 { return cmem.Memcmp(a, b, uintptr(n)) }

// Memchr is memchr.
func Memchr(s uintptr, c int32, n uint64) uintptr {
	if i := bytes.IndexByte(cmem.Bytes(s, uintptr(n)), byte(c)); i >= 0 {
		return s + uintptr(i)
	}
	return 0
}
