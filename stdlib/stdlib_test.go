package stdlib

import (
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// Sequences printed by a gcc-built C program against glibc.
func TestRandMatchesGlibc(t *testing.T) {
	tests := []struct {
		seed uint32
		want []int32
	}{
		{42, []int32{71876166, 708592740, 1483128881, 907283241, 442951012}},
		{1, []int32{1804289383, 846930886, 1681692777}},
		{0, []int32{1804289383, 846930886, 1681692777}}, // 0 is treated as 1
		{4294967295, []int32{254925627, 1205188300, 366127624}},
	}
	for _, tc := range tests {
		var st State
		Srand(&st, tc.seed)
		for i, w := range tc.want {
			assert.Equal(t, w, Rand(&st), "seed %d value %d", tc.seed, i)
		}
	}
	var fresh State // never seeded: like srand(1)
	assert.Equal(t, int32(1804289383), Rand(&fresh))
}

func TestRandPerThread(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st State
			Srand(&st, 42)
			for range 1000 {
				Rand(&st)
			}
			Srand(&st, 42)
			assert.Equal(t, int32(71876166), Rand(&st))
		}()
	}
	wg.Wait()
}

func int32Array(t *testing.T, vals ...int32) uintptr {
	p := cmem.Malloc(uintptr(len(vals)) * 4)
	t.Cleanup(func() { cmem.Free(p) })
	for i, v := range vals {
		cmem.Store(p+uintptr(i)*4, v)
	}
	return p
}

func readInt32s(p uintptr, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = cmem.Load[int32](p + uintptr(i)*4)
	}
	return out
}

func TestQsortAndBsearch(t *testing.T) {
	cmp := func(a, b uintptr) int32 {
		x, y := cmem.Load[int32](a), cmem.Load[int32](b)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	a := int32Array(t, 5, -3, 9, 0, 5, 2, -3, 7)
	Qsort(a, 8, 4, cmp)
	assert.Equal(t, []int32{-3, -3, 0, 2, 5, 5, 7, 9}, readInt32s(a, 8))

	key := int32Array(t, 7)
	assert.Equal(t, a+6*4, Bsearch(key, a, 8, 4, cmp))
	cmem.Store[int32](key, 4)
	assert.Zero(t, Bsearch(key, a, 8, 4, cmp))
	assert.Zero(t, Bsearch(key, a, 0, 4, cmp))

	// Stability: sort pairs by their first field only.
	pairs := int32Array(t, 2, 0, 1, 1, 2, 2, 1, 3, 0, 4)
	Qsort(pairs, 5, 8, cmp)
	assert.Equal(t, []int32{0, 4, 1, 1, 1, 3, 2, 0, 2, 2}, readInt32s(pairs, 10))

	Qsort(0, 0, 4, cmp) // nothing to do
}

func TestIntegerHelpers(t *testing.T) {
	assert.Equal(t, int32(5), Abs(-5))
	assert.Equal(t, int32(-2147483648), Abs(-2147483648))
	assert.Equal(t, int64(7), Labs(-7))
	assert.Equal(t, DivT{-3, -1}, Div(-7, 2))
	assert.Equal(t, LdivT{3, 1}, Ldiv(7, 2))
}

func TestStringFunctions(t *testing.T) {
	buf := cmem.Calloc(1, 64)
	defer cmem.Free(buf)
	hello := cstr(t, "hello")

	assert.Equal(t, uint64(5), Strlen(hello))
	assert.Equal(t, buf, Strcpy(buf, hello))
	Strcat(buf, cstr(t, ", world"))
	assert.Equal(t, "hello, world", cmem.GoString(buf))
	Strncat(buf, cstr(t, "!!!"), 1)
	assert.Equal(t, "hello, world!", cmem.GoString(buf))

	cmem.Memset(buf, 'Z', 10)
	Strncpy(buf, hello, 8)
	assert.Equal(t, []byte("hello\x00\x00\x00ZZ"), cmem.Bytes(buf, 10))
	Strncpy(buf, hello, 3)
	assert.Equal(t, []byte("hel"), cmem.Bytes(buf, 3))

	assert.Equal(t, int32(0), Strcmp(hello, cstr(t, "hello")))
	assert.Equal(t, int32(-2), Strcmp(cstr(t, "a"), cstr(t, "c")))
	assert.Equal(t, int32('l'), Strcmp(hello, cstr(t, "he")))
	assert.Equal(t, int32(0xFF-'a'), Strcmp(cstr(t, "\xff"), cstr(t, "a")), "unsigned char comparison")
	assert.Equal(t, int32(0), Strncmp(hello, cstr(t, "help"), 3))
	assert.Less(t, Strncmp(hello, cstr(t, "help"), 4), int32(0))

	assert.Equal(t, hello+2, Strchr(hello, 'l'))
	assert.Equal(t, hello+3, Strrchr(hello, 'l'))
	assert.Equal(t, hello+5, Strchr(hello, 0))
	assert.Zero(t, Strchr(hello, 'z'))
	assert.Equal(t, hello+1, Strstr(hello, cstr(t, "ell")))
	assert.Equal(t, hello, Strstr(hello, cstr(t, "")))
	assert.Zero(t, Strstr(hello, cstr(t, "elk")))

	assert.Equal(t, uint64(3), Strspn(cstr(t, "abcde"), cstr(t, "cba")))
	assert.Equal(t, uint64(2), Strcspn(cstr(t, "abcde"), cstr(t, "dc")))
	s := cstr(t, "abcde")
	assert.Equal(t, s+2, Strpbrk(s, cstr(t, "dc")))
	assert.Zero(t, Strpbrk(s, cstr(t, "xyz")))

	d := Strdup(hello)
	assert.Equal(t, "hello", cmem.GoString(d))
	Free(d)
	d = Strndup(hello, 2)
	assert.Equal(t, "he", cmem.GoString(d))
	Free(d)

	assert.Equal(t, hello+4, Memchr(hello, 'o', 5))
	assert.Zero(t, Memchr(hello, 'o', 4))
	assert.Equal(t, int32(0), Memcmp(hello, cstr(t, "help"), 3))
	Memcpy(buf, hello, 6)
	Memmove(buf+1, buf, 5)
	assert.Equal(t, "hhello", cmem.GoString(buf))
	Memset(buf, 'q', 2)
	assert.Equal(t, "qqello", cmem.GoString(buf))
}

func TestStrtok(t *testing.T) {
	var st State
	s := cstr(t, ",,a,bb;;c,")
	delim := cstr(t, ",;")
	var toks []string
	for tok := Strtok(&st, s, delim); tok != 0; tok = Strtok(&st, 0, delim) {
		toks = append(toks, cmem.GoString(tok))
	}
	assert.Equal(t, []string{"a", "bb", "c"}, toks)
	assert.Zero(t, Strtok(&st, 0, delim), "stays finished")
	assert.Zero(t, Strtok(&st, cstr(t, ";;;"), delim))

	save := cmem.Calloc(1, 8)
	defer cmem.Free(save)
	r := cstr(t, "x y")
	assert.Equal(t, "x", cmem.GoString(StrtokR(r, cstr(t, " "), save)))
	assert.Equal(t, "y", cmem.GoString(StrtokR(0, cstr(t, " "), save)))
	assert.Zero(t, StrtokR(0, cstr(t, " "), save))
}

func TestStrerror(t *testing.T) {
	for _, tc := range []struct {
		errnum int32
		want   string
	}{
		{0, "Success"},
		{ENOENT, "No such file or directory"},
		{ERANGE, "Numerical result out of range"},
		{EINVAL, "Invalid argument"},
		{9999, "Unknown error 9999"},
		{-1, "Unknown error -1"},
	} {
		assert.Equal(t, tc.want, cmem.GoString(Strerror(tc.errnum)))
	}
	assert.Equal(t, Strerror(ENOENT), Strerror(ENOENT), "cached")
}

func TestCtype(t *testing.T) {
	// Values are glibc's table bits, as gcc-built programs print them.
	assert.Equal(t, int32(1024), Isalpha('a'))
	assert.Equal(t, int32(2048), Isdigit('1'))
	assert.Equal(t, int32(8192), Isspace(' '))
	assert.Equal(t, int32(256), Isupper('A'))
	assert.Equal(t, int32(512), Islower('a'))
	assert.Equal(t, int32(4096), Isxdigit('f'))
	assert.Equal(t, int32(4), Ispunct('!'))
	assert.Equal(t, int32(16384), Isprint(' '))
	assert.Equal(t, int32(2), Iscntrl(1))
	assert.Equal(t, int32(32768), Isgraph('a'))
	assert.Equal(t, int32(8), Isalnum('a'))
	for _, c := range []int32{EOF, 128, 200, 255, 1000, -200} {
		assert.Zero(t, Isalpha(c)|Isprint(c)|Isspace(c)|Iscntrl(c), "%d", c)
	}
	assert.Zero(t, Isgraph(' '))
	assert.Zero(t, Ispunct('a'))
	assert.NotZero(t, Iscntrl(127))
	assert.NotZero(t, Isspace('\v'))
	assert.Equal(t, int32('A'), Toupper('a'))
	assert.Equal(t, int32('1'), Toupper('1'))
	assert.Equal(t, EOF, Toupper(EOF))
	assert.Equal(t, int32('z'), Tolower('Z'))
}

func TestFileRoundTrip(t *testing.T) {
	var st State
	dir := t.TempDir()
	path := cstr(t, filepath.Join(dir, "data.txt"))

	f := Fopen(&st, path, cstr(t, "w"))
	require.NotZero(t, f)
	Fprintf(f, cstr(t, "line %d\n"), int32(1))
	Fputs(cstr(t, "line 2\n"), f)
	Fputc('x', f)
	data := int32Array(t, 1, 2, 3)
	assert.Equal(t, uint64(3), Fwrite(data, 4, 3, f))
	assert.Equal(t, int64(27), Ftell(&st, f))
	require.Equal(t, int32(0), Fclose(&st, f))

	raw, err := os.ReadFile(filepath.Join(dir, "data.txt"))
	require.NoError(t, err)
	assert.Equal(t, "line 1\nline 2\nx\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00", string(raw))

	f = Fopen(&st, path, cstr(t, "r+"))
	require.NotZero(t, f)
	buf := cmem.Calloc(1, 64)
	defer cmem.Free(buf)
	assert.Equal(t, buf, Fgets(buf, 64, f))
	assert.Equal(t, "line 1\n", cmem.GoString(buf))
	assert.Equal(t, int64(7), Ftell(&st, f))
	assert.Equal(t, int32('l'), Fgetc(f))
	assert.Equal(t, int32('l'), Ungetc('l', f))
	assert.Equal(t, int64(7), Ftell(&st, f))
	assert.Equal(t, int32(0), Fseek(&st, f, 15, SeekSet))
	assert.Equal(t, uint64(2), Fread(buf, 4, 2, f))
	assert.Equal(t, []int32{1, 2}, readInt32s(buf, 2))
	assert.Equal(t, uint64(1), Fread(buf, 4, 5, f), "one whole object left")
	assert.Equal(t, int32(1), Feof(f))
	Rewind(&st, f)
	assert.Zero(t, Feof(f))
	Fputs(cstr(t, "LINE"), f) // writing after reading in "r+"
	assert.Equal(t, int32(0), Fseek(&st, f, -4, SeekCur))
	assert.Equal(t, buf, Fgets(buf, 5, f))
	assert.Equal(t, "LINE", cmem.GoString(buf))
	assert.Equal(t, int32(0), Fseek(&st, f, 0, SeekEnd))
	assert.Equal(t, int64(27), Ftell(&st, f))
	assert.Equal(t, EOF, Fgetc(f))
	require.Equal(t, int32(0), Fclose(&st, f))

	assert.Equal(t, int32(0), Rename(&st, path, cstr(t, filepath.Join(dir, "b.txt"))))
	assert.Zero(t, Fopen(&st, path, cstr(t, "r")))
	assert.Equal(t, ENOENT, st.Errno)
	assert.Equal(t, int32(-1), Remove(&st, path))
	assert.Equal(t, ENOENT, st.Errno)
	assert.Equal(t, int32(0), Remove(&st, cstr(t, filepath.Join(dir, "b.txt"))))

	assert.Zero(t, Fopen(&st, path, cstr(t, "q")))
	assert.Equal(t, EINVAL, st.Errno)
	assert.PanicsWithValue(t, "fgetc(): FILE* is NULL", func() { Fgetc(0) })
	assert.Panics(t, func() { Fgetc(f) }, "closed stream")
}

func TestAppendAndExclusive(t *testing.T) {
	var st State
	name := filepath.Join(t.TempDir(), "a.txt")
	require.NoError(t, os.WriteFile(name, []byte("ab"), 0o644))
	path := cstr(t, name)
	f := Fopen(&st, path, cstr(t, "a"))
	Fputs(cstr(t, "cd"), f)
	Fclose(&st, f)
	raw, _ := os.ReadFile(name)
	assert.Equal(t, "abcd", string(raw))
	assert.Zero(t, Fopen(&st, path, cstr(t, "wx")))
	assert.Equal(t, EEXIST, st.Errno)
}

func TestPerror(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	saved := stderr.w
	stderr.mu.Lock()
	stderr.w = w
	stderr.mu.Unlock()
	st := State{Errno: ENOENT}
	Perror(&st, cstr(t, "open"))
	Perror(&st, 0)
	stderr.mu.Lock()
	stderr.w = saved
	stderr.mu.Unlock()
	w.Close()
	out := make([]byte, 200)
	n, _ := r.Read(out)
	assert.Equal(t, "open: No such file or directory\nNo such file or directory\n", string(out[:n]))
}

func TestSetvbufAndUngetc(t *testing.T) {
	var out []byte
	w := writerFunc(func(p []byte) (int, error) { out = append(out, p...); return len(p), nil })
	f := NewStream(nil, w, IOFBF)
	Fputs(cstr(t, "a"), f)
	assert.Empty(t, out)
	assert.Equal(t, int32(0), Setvbuf(f, 0, IONBF, 0))
	assert.Equal(t, "a", string(out), "switching mode flushes")
	Fputs(cstr(t, "b"), f)
	assert.Equal(t, "ab", string(out), "unbuffered")
	assert.NotZero(t, Setvbuf(f, 0, 7, 0))

	in := NewStream(stringsReader("xy"), nil, IOFBF)
	assert.Equal(t, EOF, Ungetc(EOF, in))
	assert.Equal(t, int32('z'), Ungetc('z', in))
	assert.Equal(t, int32('w'), Ungetc('w', in))
	assert.Equal(t, int32('w'), Getc(in))
	assert.Equal(t, int32('z'), Getc(in))
	assert.Equal(t, int32('x'), Getc(in))
	assert.Equal(t, int32('y'), Getc(in))
	assert.Equal(t, EOF, Getc(in))
	assert.Equal(t, int32(1), Feof(in))
	Ungetc('q', in)
	assert.Zero(t, Feof(in), "ungetc clears EOF")
	Clearerr(in)
	assert.Zero(t, Ferror(in))

	buf := cmem.Calloc(1, 8)
	defer cmem.Free(buf)
	assert.Equal(t, buf, Fgets(buf, 1, in), "n == 1 stores just the NUL")
	assert.Zero(t, Fgets(buf, 0, in))
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestExit(t *testing.T) {
	var order []int
	var status int32 = -1
	saved := ExitHook
	defer func() { ExitHook = saved }()
	ExitHook = func(s int32) {
		status = s
		Shutdown()
	}
	var out []byte
	f := NewStream(nil, writerFunc(func(p []byte) (int, error) { out = append(out, p...); return len(p), nil }), IOFBF)
	Fputs(cstr(t, "buffered"), f)
	Atexit(func() { order = append(order, 1) })
	Atexit(func() { order = append(order, 2) })
	done := make(chan struct{})
	go func() {
		defer close(done)
		Exit(3)
		t.Error("Exit returned")
	}()
	<-done
	assert.Equal(t, []int{2, 1}, order)
	assert.Equal(t, int32(3), status)
	assert.Equal(t, "buffered", string(out), "streams flushed")
	Shutdown()
	assert.Equal(t, []int{2, 1}, order, "handlers run once")
	assert.PanicsWithValue(t, AbortMessage, Abort)
}

func TestGetenv(t *testing.T) {
	t.Setenv("UPCGO_TEST_VAR", "v1")
	p := Getenv(cstr(t, "UPCGO_TEST_VAR"))
	assert.Equal(t, "v1", cmem.GoString(p))
	assert.Equal(t, p, Getenv(cstr(t, "UPCGO_TEST_VAR")))
	assert.Zero(t, Getenv(cstr(t, "UPCGO_TEST_UNSET_VAR")))
}

func TestTime(t *testing.T) {
	tloc := cmem.Calloc(1, 16)
	defer cmem.Free(tloc)
	now := Time(tloc)
	assert.Equal(t, now, cmem.Load[int64](tloc))
	assert.Greater(t, now, int64(1600000000))
	assert.Equal(t, int32(0), Gettimeofday(tloc, 0))
	assert.InDelta(t, now, cmem.Load[int64](tloc), 2)
	usec := cmem.Load[int64](tloc + 8)
	assert.True(t, usec >= 0 && usec < 1000000)
	c0 := Clock()
	x := 0.0
	for i := range 3000000 {
		x += float64(i)
	}
	assert.GreaterOrEqual(t, Clock(), c0)
	assert.NotZero(t, x)
}

func stringsReader(s string) *stringReader { return &stringReader{s: s} }

// stringReader is a reader with no Seek, like a pipe.
type stringReader struct{ s string }

func (r *stringReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p, r.s)
	r.s = r.s[n:]
	return n, nil
}
