package stdlib

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// cstr makes a C string that lives until the test ends.
func cstr(t testing.TB, s string) uintptr {
	p := cmem.CString(s)
	t.Cleanup(func() { cmem.Free(p) })
	return p
}

func sprintf(format string, args ...any) string {
	return string(Format(nil, []byte(format), args...))
}

func TestPrintfTable(t *testing.T) {
	negNaN := math.Copysign(math.NaN(), -1)
	inf := math.Inf(1)
	hello := cmem.StaticString("hello")
	tests := []struct {
		format string
		args   []any
		want   string
	}{
		// integers and length modifiers
		{"%d", []any{int32(42)}, "42"},
		{"%i", []any{int32(-42)}, "-42"},
		{"%hhd", []any{int32(300)}, "44"},
		{"%hd", []any{int32(70000)}, "4464"},
		{"%hhu", []any{int32(511)}, "255"},
		{"%u", []any{int32(-1)}, "4294967295"},
		{"%ld", []any{int32(-1)}, "-1"},
		{"%lu", []any{int64(-1)}, "18446744073709551615"},
		{"%lld", []any{int64(-5)}, "-5"},
		{"%llu", []any{uint64(math.MaxUint64)}, "18446744073709551615"},
		{"%zu %jd %td", []any{uint64(7), int64(8), int64(9)}, "7 8 9"},
		{"%d", []any{int64(1 << 32)}, "0"},
		{"%d", []any{uint32(math.MaxUint32)}, "-1"},
		{"%ld", []any{uint32(math.MaxUint32)}, "4294967295"},
		{"%d", []any{int32(math.MinInt32)}, "-2147483648"},
		{"%ld", []any{int64(math.MinInt64)}, "-9223372036854775808"},
		// flags, width, precision
		{"[%5d]", []any{int32(42)}, "[   42]"},
		{"[%-5d]", []any{int32(42)}, "[42   ]"},
		{"[%05d]", []any{int32(-42)}, "[-0042]"},
		{"[%-05d]", []any{int32(-42)}, "[-42  ]"},
		{"[%+d][% d][%+ d]", []any{int32(5), int32(5), int32(5)}, "[+5][ 5][+5]"},
		{"[%5.3d]", []any{int32(7)}, "[  007]"},
		{"[%05.3d]", []any{int32(7)}, "[  007]"},
		{"[%.0d][%+.0d][%5.0d]", []any{int32(0), int32(0), int32(0)}, "[][+][     ]"},
		{"[%*d][%-*d][%*d]", []any{int32(5), int32(42), int32(5), int32(42), int32(-5), int32(42)}, "[   42][42   ][42   ]"},
		{"[%.*d][%.*d]", []any{int32(3), int32(7), int32(-1), int32(7)}, "[007][7]"},
		{"[%o][%#o][%#o][%#.0o][%#5o]", []any{int32(8), int32(8), int32(0), int32(0), int32(8)}, "[10][010][0][0][  010]"},
		{"[%x][%X][%#x][%#X][%#x]", []any{int32(255), int32(255), int32(255), int32(255), int32(0)}, "[ff][FF][0xff][0XFF][0]"},
		{"[%#5x][%#05x][%#.4x][%-#6x]", []any{int32(10), int32(10), int32(10), int32(10)}, "[  0xa][0x00a][0x000a][0xa   ]"},
		{"[%lx]", []any{int64(-1)}, "[ffffffffffffffff]"},
		{"[%'d][%I5d]", []any{int32(1234567), int32(1)}, "[1234567][    1]"},
		// characters and strings
		{"[%c][%5c][%-5c][%05c]", []any{int32('a'), int32('b'), int32('c'), int32('d')}, "[a][    b][c    ][    d]"},
		{"[%c]", []any{int32(0x141)}, "[A]"},
		{"[%lc]", []any{uint32(0xE9)}, "[é]"},
		{"[%s][%10s][%-10s][%.3s][%5.1s]", []any{hello, hello, hello, hello, hello}, "[hello][     hello][hello     ][hel][    h]"},
		{"[%s][%.3s][%.6s][%10s][%-8.2s]", []any{uintptr(0), uintptr(0), uintptr(0), uintptr(0), uintptr(0)}, "[(null)][][(null)][    (null)][        ]"},
		{"[%%][%5%][%-%]", nil, "[%][%][%]"},
		// pointers
		{"[%p][%p]", []any{uintptr(0x1234), uintptr(0)}, "[0x1234][(nil)]"},
		{"[%+p][% p][%10p][%-10p][%20p]", []any{uintptr(0x1234), uintptr(0x1234), uintptr(0x1234), uintptr(0), uintptr(0)}, "[+0x1234][ 0x1234][    0x1234][(nil)     ][               (nil)]"},
		{"[%.3p][%.20p][%010p]", []any{uintptr(0), uintptr(0x1234), uintptr(0x1234)}, "[(nil)][0x00000000000000001234][0x00001234]"},
		// %f
		{"%f", []any{3.14159265}, "3.141593"},
		{"%.2f", []any{1.005}, "1.00"},                                             // 1.005 is 1.00499999999999989...
		{"[%.0f][%.0f][%.0f][%.1f]", []any{0.5, 1.5, 2.5, 0.25}, "[0][2][2][0.2]"}, // exact ties go to even
		{"[%#.0f][%+f][% f][%010.3f][%-10.1f]", []any{3.0, 1.0, 1.0, -3.14159, 2.5}, "[3.][+1.000000][ 1.000000][-00003.142][2.5       ]"},
		{"%.30f", []any{0.1}, "0.100000000000000005551115123126"},
		{"%f", []any{1e20}, "100000000000000000000.000000"},
		{"%f", []any{math.Copysign(0, -1)}, "-0.000000"},
		{"%.3f", []any{float32(0.1)}, "0.100"},
		{"%Lf", []any{1.5}, "1.500000"},
		{"%f", []any{int32(3)}, "3.000000"},
		// %e
		{"[%e][%.0e][%e][%e][%E]", []any{0.0, 12345.0, 1e100, 1e-300, 1.5}, "[0.000000e+00][1e+04][1.000000e+100][1.000000e-300][1.500000E+00]"},
		{"[%#.0e][%12.3e][%-12.2e][%+e]", []any{3.0, 1234.5, 0.000123, 2.0}, "[3.e+00][   1.234e+03][1.23e-04    ][+2.000000e+00]"},
		{"[%010.2e]", []any{-1.0}, "[-01.00e+00]"},
		// %g
		{"[%g][%g][%g][%g][%g]", []any{100000.0, 1000000.0, 0.0001, 1e-5, 123456789.0}, "[100000][1e+06][0.0001][1e-05][1.23457e+08]"},
		{"[%.0g][%#.3g][%#g][%g][%G]", []any{123.0, 1.0, 1.0, 0.0, 1e-10}, "[1e+02][1.00][1.00000][0][1E-10]"},
		{"[%g][%g][%.10g][%.3g]", []any{0.5, 1.5e-7, 1.0 / 3, 99.99}, "[0.5][1.5e-07][0.3333333333][100]"},
		{"[%g][%.2g][%#.0g]", []any{123456.0, 0.000099, 5.0}, "[123456][9.9e-05][5.]"},
		{"[%10.3g][%-10g][%010g]", []any{3.14159, 2.5, -1.5}, "[      3.14][2.5       ][-0000001.5]"},
		// inf and nan: no zero padding, glibc spellings
		{"[%f][%e][%g][%F][%E][%G]", []any{inf, -inf, math.NaN(), inf, math.NaN(), negNaN}, "[inf][-inf][nan][INF][NAN][-NAN]"},
		{"[%+f][%010f][%-10f][% e][%5.1f]", []any{inf, -inf, math.NaN(), inf, negNaN}, "[+inf][      -inf][nan       ][ inf][ -nan]"},
		// %a
		{"[%a][%a][%a][%A]", []any{1.0, 0.1, 5e-324, 255.5}, "[0x1p+0][0x1.999999999999ap-4][0x0.0000000000001p-1022][0X1.FFP+7]"},
		{"[%.1a][%.0a][%.0a][%.1a]", []any{1.75, 1.5, 2.5, 1.03125}, "[0x1.cp+0][0x2p+0][0x1p+1][0x1.0p+0]"},
		{"[%a][%a][%.2a][%10.1a][%+a]", []any{0.0, math.Copysign(0, -1), 1.0 / 3, 1.0, 3.0}, "[0x0p+0][-0x0p+0][0x1.55p-2][  0x1.0p+0][+0x1.8p+1]"},
		{"[%.3a][%#a][%015a][%.15a]", []any{2.2250738585072014e-308, 1.0, -2.0, 1.0}, "[0x1.000p-1022][0x1.p+0][-0x000000001p+1][0x1.000000000000000p+0]"},
		{"[%#.3g][%.0e][%g][%g][%.3g][%#.0g][%g][%#g]", []any{100.0, 0.5, 0.00001234, 9.9999999, 0.0009995, 0.0, 1e-4, 0.0},
			"[100.][5e-01][1.234e-05][10][0.000999][0.][0.0001][0.00000]"}, // 0.0009995 is just below the tie
		{"[%.20g][%G][%+.3e][% .2f]", []any{0.1, 1e-20, math.Copysign(0, -1), 0.005},
			"[0.10000000000000000555][1E-20][-0.000e+00][ 0.01]"},
		{"[%.15a][%a][%a][%.1a]", []any{3.0, 1e300, math.MaxFloat64, 1.96875},
			"[0x1.800000000000000p+1][0x1.7e43c8800759cp+996][0x1.fffffffffffffp+1023][0x2.0p+0]"},
		{"[%08.3f][%-+8.2f][%+08d][% 08d][%08s]", []any{-1.5, 2.0, int32(5), int32(5), cmem.StaticString("ab")},
			"[-001.500][+2.00   ][+0000005][ 0000005][      ab]"},
		{"[%5.2s][%.0s][%-3c]", []any{cmem.StaticString("xyz"), cmem.StaticString("abc"), int32('q')}, "[   xy][][q  ]"},
		{"[%hhx][%hx][%lo][%#lX]", []any{int32(-1), int32(-1), int64(8), int64(255)}, "[ff][ffff][10][0XFF]"},
		// positional arguments
		{"[%2$s %1$d %1$d]", []any{int32(5), hello}, "[hello 5 5]"},
		{"[%1$*2$d]", []any{int32(7), int32(4)}, "[   7]"},
		// unknown conversions are printed as written; missing arguments are 0
		{"[%y][%-5y][%", []any{int32(1)}, "[%y][%-5y][%"},
		{"[%d]", nil, "[0]"},
		{"no conversions", nil, "no conversions"},
		{"", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.format, func(t *testing.T) {
			assert.Equal(t, tc.want, sprintf(tc.format, tc.args...))
		})
	}
}

func TestPrintfCountN(t *testing.T) {
	p := cmem.Calloc(1, 16)
	defer cmem.Free(p)
	assert.Equal(t, "abcdef", sprintf("abc%ndef%hhn%lln", p, p+4, p+8))
	assert.Equal(t, int32(3), cmem.Load[int32](p))
	assert.Equal(t, int8(6), cmem.Load[int8](p+4))
	assert.Equal(t, int64(6), cmem.Load[int64](p+8))
}

// %.3s must not read past the precision: the string here is not
// terminated before the end of its mapping.
func TestPrintfPrecisionBoundsStringRead(t *testing.T) {
	p := cmem.Malloc(4096)
	defer cmem.Free(p)
	cmem.Memset(p, 'x', 4096)
	assert.Equal(t, "xxx", sprintf("%.3s", p))
}

func TestSprintfSnprintf(t *testing.T) {
	buf := cmem.Malloc(64)
	defer cmem.Free(buf)
	n := Sprintf(buf, cstr(t, "%d-%s"), int32(12), cstr(t, "ab"))
	assert.Equal(t, int32(5), n)
	assert.Equal(t, "12-ab", cmem.GoString(buf))

	cmem.Memset(buf, '#', 64)
	n = Snprintf(buf, 4, cstr(t, "%d"), int32(123456))
	assert.Equal(t, int32(6), n)
	assert.Equal(t, "123", cmem.GoString(buf))
	assert.Equal(t, byte('#'), cmem.Load[byte](buf+4))

	cmem.Memset(buf, '#', 64)
	assert.Equal(t, int32(6), Snprintf(buf, 0, cstr(t, "%d"), int32(123456)))
	assert.Equal(t, byte('#'), cmem.Load[byte](buf), "size 0 writes nothing")
	assert.Equal(t, int32(6), Snprintf(0, 0, cstr(t, "%d"), int32(123456)))
}

func TestFprintfToStream(t *testing.T) {
	var out bytes.Buffer
	f := NewStream(nil, &out, IOFBF)
	assert.Equal(t, int32(8), Fprintf(f, cstr(t, "%d %.2f\n"), int32(42), 2.5))
	assert.Empty(t, out.String(), "fully buffered")
	assert.Equal(t, int32(0), Fflush(f))
	assert.Equal(t, "42 2.50\n", out.String())

	out.Reset()
	line := NewStream(nil, &out, IOLBF)
	Fprintf(line, cstr(t, "no newline"))
	assert.Empty(t, out.String())
	Fprintf(line, cstr(t, " then one\nand more"))
	assert.Equal(t, "no newline then one\nand more", out.String())
}

// Many threads printing at once: every call's output stays in one piece.
func TestConcurrentPrintfDoesNotInterleave(t *testing.T) {
	var out bytes.Buffer
	for _, mode := range []int32{IOFBF, IOLBF, IONBF} {
		out.Reset()
		f := NewStream(nil, &out, mode)
		format := cstr(t, "thread %d line %d: %s\n")
		payload := cstr(t, strings.Repeat("x", 300))
		const threads, lines = 16, 200
		var wg sync.WaitGroup
		for th := range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range lines {
					Fprintf(f, format, int32(th), int32(i), payload)
				}
			}()
		}
		wg.Wait()
		require.Equal(t, int32(0), Fflush(f))
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		require.Len(t, got, threads*lines)
		seen := map[string]bool{}
		for _, l := range got {
			var th, i int
			var rest string
			_, err := fmt.Sscanf(l, "thread %d line %d: %s", &th, &i, &rest)
			require.NoError(t, err, l)
			require.Equal(t, strings.Repeat("x", 300), rest)
			seen[l[:strings.Index(l, ":")]] = true
		}
		assert.Len(t, seen, threads*lines)
	}
}

func BenchmarkPrintf(b *testing.B) {
	var out bytes.Buffer
	f := NewStream(nil, &out, IOFBF)
	format := cmem.StaticString("%d %f\n")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Fprintf(f, format, int32(i), float64(i)*1.25)
		if out.Len() > 1<<20 {
			out.Reset()
		}
	}
}

func BenchmarkSnprintf(b *testing.B) {
	buf := cmem.Malloc(128)
	defer cmem.Free(buf)
	format := cmem.StaticString("%d %f\n")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Snprintf(buf, 128, format, int32(i), float64(i)*1.25)
	}
}
