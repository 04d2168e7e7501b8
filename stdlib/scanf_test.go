package stdlib

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// runSscanf runs sscanf with one zeroed 64-byte C buffer per argument
// and returns the result and each buffer read as the given kind.
func runSscanf(t *testing.T, input, format string, kinds ...string) (int32, []any) {
	var args []any
	var ptrs []uintptr
	for range kinds {
		p := cmem.Calloc(1, 64)
		t.Cleanup(func() { cmem.Free(p) })
		ptrs = append(ptrs, p)
		args = append(args, p)
	}
	n := Sscanf(cstr(t, input), cstr(t, format), args...)
	var out []any
	for i, k := range kinds {
		p := ptrs[i]
		switch k {
		case "i32":
			out = append(out, cmem.Load[int32](p))
		case "i64":
			out = append(out, cmem.Load[int64](p))
		case "u64":
			out = append(out, cmem.Load[uint64](p))
		case "i8":
			out = append(out, cmem.Load[int8](p))
		case "i16":
			out = append(out, cmem.Load[int16](p))
		case "f32":
			out = append(out, cmem.Load[float32](p))
		case "f64":
			out = append(out, cmem.Load[float64](p))
		case "str":
			out = append(out, cmem.GoString(p))
		case "raw3":
			out = append(out, string(cmem.Bytes(p, 3)))
		}
	}
	return n, out
}

func TestSscanf(t *testing.T) {
	tests := []struct {
		input, format string
		kinds         []string
		ret           int32
		want          []any
	}{
		{"42", "%d", []string{"i32"}, 1, []any{int32(42)}},
		{"  -17 25", "%d%d", []string{"i32", "i32"}, 2, []any{int32(-17), int32(25)}},
		{"0x1A 017 10", "%i %i %i", []string{"i32", "i32", "i32"}, 3, []any{int32(26), int32(15), int32(10)}},
		{"ff 777 4294967295", "%x %o %u", []string{"i32", "i32", "i32"}, 3, []any{int32(255), int32(511), int32(-1)}},
		{"0xff", "%x", []string{"i32"}, 1, []any{int32(255)}},
		{"123456", "%3d%d", []string{"i32", "i32"}, 2, []any{int32(123), int32(456)}},
		{"9223372036854775807 -5", "%ld %lld", []string{"i64", "i64"}, 2, []any{int64(math.MaxInt64), int64(-5)}},
		{"99999999999999999999", "%ld", []string{"i64"}, 1, []any{int64(math.MaxInt64)}},
		{"18446744073709551615", "%lu", []string{"u64"}, 1, []any{uint64(math.MaxUint64)}},
		{"99999999999", "%d", []string{"i32"}, 1, []any{int32(1215752191)}}, // long, then truncated
		{"300 70000", "%hhd %hd", []string{"i8", "i16"}, 2, []any{int8(44), int16(4464)}},
		{"3.5 -2e3", "%f %lf", []string{"f32", "f64"}, 2, []any{float32(3.5), -2000.0}},
		{"1e10 .25 0x1p4 inf", "%e %lg %la %lf", []string{"f32", "f64", "f64", "f64"}, 4, []any{float32(1e10), 0.25, 16.0, math.Inf(1)}},
		{"1.5e3xyz", "%lf%s", []string{"f64", "str"}, 2, []any{1500.0, "xyz"}},
		{"1e", "%lf%s", []string{"f64", "str"}, 1, []any{1.0, ""}}, // the "e" is consumed
		{"0xg", "%i%s", []string{"i32", "str"}, 2, []any{int32(0), "g"}},
		{"0x", "%x", []string{"i32"}, 1, []any{int32(0)}},
		{"12.5.3", "%4lf%s", []string{"f64", "str"}, 2, []any{12.5, ".3"}},
		{"hello world", "%s %s", []string{"str", "str"}, 2, []any{"hello", "world"}},
		{"abcdef", "%3s%s", []string{"str", "str"}, 2, []any{"abc", "def"}},
		{" xyz", "%c%c", []string{"raw3", "raw3"}, 2, []any{" \x00\x00", "x\x00\x00"}},
		{"abc", "%3c", []string{"raw3"}, 1, []any{"abc"}},
		{"abc123def", "%[a-z]%[0-9]%[^\n]", []string{"str", "str", "str"}, 3, []any{"abc", "123", "def"}},
		{"]]x", "%[]]", []string{"str"}, 1, []any{"]]"}},
		{"a-b", "%[-ab]", []string{"str"}, 1, []any{"a-b"}},
		{"key = value", "%[^= ] = %s", []string{"str", "str"}, 2, []any{"key", "value"}},
		{"10 20", "%*d %d", []string{"i32"}, 1, []any{int32(20)}},
		{"abc12", "abc%d", []string{"i32"}, 1, []any{int32(12)}},
		{"100%", "%d%%", []string{"i32"}, 1, []any{int32(100)}},
		{"12 34", "%d%n %d%n", []string{"i32", "i32", "i32", "i32"}, 2, []any{int32(12), int32(2), int32(34), int32(5)}},
		{"2 1", "%2$d %1$d", []string{"i32", "i32"}, 2, []any{int32(1), int32(2)}},
		// matching failures and EOF
		{"abc", "%d", []string{"i32"}, 0, []any{int32(0)}},
		{"", "%d", []string{"i32"}, EOF, []any{int32(0)}},
		{"   ", "%d", []string{"i32"}, EOF, []any{int32(0)}},
		{"12", "%d %d", []string{"i32", "i32"}, 1, []any{int32(12), int32(0)}},
		{"12 x", "%d %d", []string{"i32", "i32"}, 1, []any{int32(12), int32(0)}},
		{"5", "%*d%d", []string{"i32"}, EOF, []any{int32(0)}}, // no assignment before EOF
		{"xyz", "abc", nil, 0, nil},
		{"", "abc", nil, EOF, nil},
		{"-", "%d", []string{"i32"}, 0, []any{int32(0)}},
		{"", "%s", []string{"str"}, EOF, []any{""}},
		{"x", "%[0-9]", []string{"str"}, 0, []any{""}},
	}
	for _, tc := range tests {
		t.Run(tc.format+"|"+tc.input, func(t *testing.T) {
			ret, got := runSscanf(t, tc.input, tc.format, tc.kinds...)
			assert.Equal(t, tc.ret, ret)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestFscanfStream(t *testing.T) {
	f := NewStream(strings.NewReader("  12 abc\n3.5\nrest of line\n"), nil, IOFBF)
	n, s, d := cmem.Calloc(1, 8), cmem.Calloc(1, 16), cmem.Calloc(1, 8)
	defer cmem.Free(n)
	defer cmem.Free(s)
	defer cmem.Free(d)
	require.Equal(t, int32(3), Fscanf(f, cstr(t, "%d %s %lf"), n, s, d))
	assert.Equal(t, int32(12), cmem.Load[int32](n))
	assert.Equal(t, "abc", cmem.GoString(s))
	assert.Equal(t, 3.5, cmem.Load[float64](d))
	// The newline after 3.5 was pushed back, so fgetc sees it.
	assert.Equal(t, int32('\n'), Fgetc(f))
	buf := cmem.Malloc(64)
	defer cmem.Free(buf)
	require.Equal(t, buf, Fgets(buf, 64, f))
	assert.Equal(t, "rest of line\n", cmem.GoString(buf))
	assert.Equal(t, EOF, Fscanf(f, cstr(t, "%d"), n))
	assert.Equal(t, int32(1), Feof(f))
}
