package lower

import (
	"bytes"
	"fmt"
	goast "go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"go/types"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
	"github.com/upcgo/upcgo/stdlib"
)

// requiredHeaders must exist; every header found is parsed, so headers
// added later are covered without being listed here.
var requiredHeaders = []string{
	"assert.h", "ctype.h", "errno.h", "float.h", "inttypes.h", "limits.h",
	"math.h", "stdarg.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h",
	"stdlib.h", "string.h", "strings.h", "sys/time.h", "time.h",
	"upc.h", "upc_relaxed.h", "upc_strict.h", "upc_tick.h", "upc_types.h",
	"upc_collective.h", "upc_atomic.h", "upc_nb.h", "bupc_extensions.h", "upc_io.h",
}

// headerNames lists every header shipped in stdlib/include, sorted.
func headerNames(t *testing.T) []string {
	t.Helper()
	var names []string
	err := fs.WalkDir(stdlib.HeaderFS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".h") {
			names = append(names, path)
		}
		return err
	})
	require.NoError(t, err)
	sort.Strings(names)
	return names
}

func includes(names []string) string {
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "#include <%s>\n", n)
	}
	return b.String()
}

// preprocess runs the real preprocessor with the shipped headers and
// fails the test on any diagnostic.
func preprocess(t *testing.T, src string, defines ...string) *cpp.Result {
	t.Helper()
	var errs diag.List
	res := cpp.Preprocess("t.c", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS(), Defines: defines}, &errs)
	requireNoDiagnostics(t, &errs, res)
	return res
}

// parseUnit preprocesses and parses src, failing the test on any
// diagnostic.
func parseUnit(t *testing.T, src string, defines ...string) *ast.File {
	t.Helper()
	res := preprocess(t, src, defines...)
	pragmas := make([]*ast.Pragma, len(res.Pragmas))
	for i, p := range res.Pragmas {
		pragmas[i] = &ast.Pragma{Pos: p.Pos, Tokens: p.Tokens, Index: p.Index}
	}
	var errs diag.List
	f := parser.Parse(res.Tokens, &errs, pragmas...)
	requireNoDiagnostics(t, &errs, res)
	return f
}

func requireNoDiagnostics(t *testing.T, errs *diag.List, res *cpp.Result) {
	t.Helper()
	if len(errs.Items) > 0 {
		var b bytes.Buffer
		errs.Sort()
		errs.Print(&b, res.Sources(), 0)
		require.Fail(t, "unexpected diagnostics", "%s", b.String())
	}
}

func TestHeadersPreprocessAndParse(t *testing.T) {
	names := headerNames(t)
	for _, h := range requiredHeaders {
		assert.Contains(t, names, h)
	}
	reversed := slices.Clone(names)
	slices.Reverse(reversed)

	type unit struct {
		name    string
		src     string
		defines []string
	}
	var units []unit
	for _, h := range names {
		units = append(units, unit{h, includes([]string{h}), nil})
	}
	units = append(units,
		unit{"all", includes(names), nil},
		unit{"all reversed", includes(reversed), nil},
		// The include guards (and assert.h's deliberate lack of one) must
		// make a second inclusion harmless.
		unit{"all twice", includes(names) + includes(reversed), nil},
		unit{"all with NDEBUG", includes(names), []string{"NDEBUG"}},
		unit{"all used", includes(names) + `
struct pt { int x; double y; };
int sum(int n, ...) {
	va_list ap, aq;
	int s = 0;
	va_start(ap, n);
	va_copy(aq, ap);
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(aq);
	va_end(ap);
	return s;
}
int main(void) {
	size_t off = offsetof(struct pt, y);
	int64_t big = INT64_C(1) << 40;
	bool ok = true;
	FILE *f = stdout;
	struct timeval tv;
	upc_lock_t *l = upc_all_lock_alloc();
	shared int *p = (shared int *)upc_all_alloc(THREADS, sizeof(int));
	upc_tick_t t0 = upc_ticks_now();
	assert(off == 8);
	errno = 0;
	gettimeofday(&tv, NULL);
	fprintf(f, "%" PRId64 " %d %f %ld\n", big, ok, HUGE_VAL + NAN, (long)tv.tv_sec);
	if (isnan(NAN) && isinf(INFINITY))
		upc_memput(p, &ok, sizeof ok);
	upc_lock(l);
	upc_unlock(l);
	return upc_ticks_to_ns(upc_ticks_now() - t0) > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
`, nil},
	)
	for _, u := range units {
		t.Run(u.name, func(t *testing.T) {
			parseUnit(t, u.src, u.defines...)
		})
	}
}

func TestConsistencyHeaders(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   ast.Consistency
	}{
		{"upc_strict.h", ast.StrictMode},
		{"upc_relaxed.h", ast.RelaxedMode},
		{"upc.h", ast.NoConsistency},
	} {
		t.Run(tc.header, func(t *testing.T) {
			f := parseUnit(t, includes([]string{tc.header, tc.header}))
			if tc.want == ast.NoConsistency {
				assert.Empty(t, f.Pragmas)
				return
			}
			require.Len(t, f.Pragmas, 1, "the include guard keeps the pragma to one")
			assert.Equal(t, tc.want, f.Pragmas[0].Consistency)
			// The pragma comes after upc.h's declarations, so it governs
			// the program that follows, not the header.
			assert.Equal(t, len(f.Decls), f.Pragmas[0].Item)
		})
	}
}

// headerDecls is what the headers declare, from one parse of them all.
type headerDecls struct {
	protos   map[string]*ast.FuncType
	typedefs map[string]ast.Type
	structs  map[string]*ast.StructType // tagged structs with a body
}

func parseHeaders(t *testing.T) headerDecls {
	t.Helper()
	f := parseUnit(t, includes(headerNames(t)))
	d := headerDecls{map[string]*ast.FuncType{}, map[string]ast.Type{}, map[string]*ast.StructType{}}
	for _, ed := range f.Decls {
		decl, ok := ed.(*ast.Decl)
		require.True(t, ok, "headers define no functions, found %T at %v", ed, ed.Pos())
		if st, ok := decl.Type.(*ast.StructType); ok && st.HasBody && st.Tag != "" {
			d.structs[st.Tag] = st
		}
		switch ft, isFunc := decl.Type.(*ast.FuncType); {
		case decl.Storage == ast.Typedef:
			d.typedefs[decl.Name] = decl.Type
		case isFunc:
			assert.NotContains(t, d.protos, decl.Name, "declared twice")
			assert.False(t, ft.OldStyle, "%s: a prototype, not f()", decl.Name)
			d.protos[decl.Name] = ft
		}
	}
	return d
}

func TestHeaderPrototypesAreMapped(t *testing.T) {
	d := parseHeaders(t)
	special := map[string]bool{}
	for _, name := range specialFuncs {
		assert.False(t, special[name], "%s listed twice in specialFuncs", name)
		special[name] = true
	}
	// The OpenSHMEM table (lower/shmem.go) lowers its functions by name.
	for name := range shmemIndex {
		special[name] = true
	}
	for name := range shmemGenericIndex {
		special[name] = true
	}

	for name := range d.protos {
		_, inLibc := libcFuncs[name]
		assert.True(t, inLibc != special[name], "%s must be in exactly one of libcFuncs and specialFuncs", name)
	}
	for name := range libcFuncs {
		assert.Contains(t, d.protos, name, "libcFuncs entry without a prototype in the headers")
	}

	// The builtins in specialFuncs are exactly those the headers' macros
	// call; va_arg and offsetof are syntax the parser handles.
	builtinCall := regexp.MustCompile(`(__builtin_\w+)\(`)
	used := map[string]bool{}
	for _, name := range headerNames(t) {
		src, err := fs.ReadFile(stdlib.HeaderFS(), name)
		require.NoError(t, err)
		for _, m := range builtinCall.FindAllStringSubmatch(string(src), -1) {
			if b := m[1]; b != "__builtin_va_arg" && b != "__builtin_offsetof" {
				used[b] = true
			}
		}
	}
	for name := range special {
		if strings.HasPrefix(name, "__builtin_") {
			assert.True(t, used[name], "%s is in specialFuncs but no header uses it", name)
		} else {
			assert.Contains(t, d.protos, name, "specialFuncs entry without a prototype in the headers")
		}
	}
	for name := range used {
		assert.True(t, special[name], "headers use %s but specialFuncs lacks it", name)
	}
}

// goFunc is the signature of an exported top-level function of stdlib.
type goFunc struct {
	params   []string // type expressions, one per parameter
	variadic bool     // the last parameter is ...T (params holds "...T")
	results  []string
}

// stdlibFuncs parses package stdlib's source (not its tests).
func stdlibFuncs(t *testing.T) map[string]goFunc {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "stdlib", "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	fset := gotoken.NewFileSet()
	funcs := map[string]goFunc{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, file, nil, goparser.SkipObjectResolution)
		require.NoError(t, err)
		for _, decl := range f.Decls {
			fd, ok := decl.(*goast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() {
				continue
			}
			var g goFunc
			for _, field := range fd.Type.Params.List {
				for range max(1, len(field.Names)) {
					g.params = append(g.params, types.ExprString(field.Type))
				}
				_, g.variadic = field.Type.(*goast.Ellipsis)
			}
			if fd.Type.Results != nil {
				for _, field := range fd.Type.Results.List {
					for range max(1, len(field.Names)) {
						g.results = append(g.results, types.ExprString(field.Type))
					}
				}
			}
			funcs[fd.Name.Name] = g
		}
	}
	return funcs
}

// basicGoTypes is package stdlib's documented mapping of C types to Go.
var basicGoTypes = map[ast.BasicKind]string{
	ast.Void: "", ast.Bool: "uint8",
	ast.Char: "int8", ast.SChar: "int8", ast.UChar: "uint8",
	ast.Short: "int16", ast.UShort: "uint16", ast.Int: "int32", ast.UInt: "uint32",
	ast.Long: "int64", ast.LongLong: "int64", ast.ULong: "uint64", ast.ULongLong: "uint64",
	ast.Float: "float32", ast.Double: "float64", ast.LongDouble: "float64",
}

// goTypeOf is the Go type stdlib uses for a C parameter or result type;
// what it cannot express (structs, function pointers) comes back in
// angle brackets so that it matches nothing.
func goTypeOf(t ast.Type, typedefs map[string]ast.Type) string {
	switch t := t.(type) {
	case *ast.BasicType:
		if g, ok := basicGoTypes[t.Kind]; ok {
			return g
		}
	case *ast.PointerType, *ast.ArrayType:
		// Parameters of array type are pointers (C99 6.7.5.3p7).
		return "uintptr"
	case *ast.TypedefName:
		if def, ok := typedefs[t.Name]; ok {
			return goTypeOf(def, typedefs)
		}
	}
	return fmt.Sprintf("<%T>", t)
}

func TestLibcFuncsMatchStdlib(t *testing.T) {
	d := parseHeaders(t)
	funcs := stdlibFuncs(t)
	names := make([]string, 0, len(libcFuncs))
	for name := range libcFuncs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			lf := libcFuncs[name]
			proto := d.protos[name]
			require.NotNil(t, proto, "no prototype")
			goName, ok := strings.CutPrefix(lf.goName, "stdlib.")
			require.True(t, ok, "%s is not in package stdlib", lf.goName)
			g, ok := funcs[goName]
			require.True(t, ok, "package stdlib has no exported function %s", goName)

			params := g.params
			takesState := len(params) > 0 && params[0] == "*State"
			require.Equal(t, lf.state, takesState, "state flag vs %s's first parameter", lf.goName)
			if takesState {
				params = params[1:]
			}
			require.Equal(t, proto.Variadic, g.variadic, "variadic C prototype needs a variadic Go function")
			if g.variadic {
				assert.Equal(t, "...any", params[len(params)-1])
				params = params[:len(params)-1]
			}
			require.Len(t, params, len(proto.Params), "parameter count (without state and ...)")
			for i, p := range proto.Params {
				assert.Equal(t, goTypeOf(p.Type, d.typedefs), params[i], "parameter %d (%s)", i+1, p.Name)
			}
			var want []string
			if r := goTypeOf(proto.Result, d.typedefs); r != "" {
				want = []string{r}
			}
			assert.Equal(t, want, g.results, "result")
		})
	}
}

// spell writes a header type the way C programmers read it, with typedef
// names resolved, so the tests can state gcc's choices plainly.
func spell(t ast.Type, typedefs map[string]ast.Type) string {
	prefix := ""
	if ast.QualsOf(t).Shared() {
		prefix = "shared "
	}
	switch t := t.(type) {
	case *ast.BasicType:
		return prefix + t.Kind.String()
	case *ast.PointerType:
		return prefix + spell(t.Elem, typedefs) + " *"
	case *ast.TypedefName:
		if def, ok := typedefs[t.Name]; ok {
			return prefix + spell(def, typedefs)
		}
		return "<undefined " + t.Name + ">"
	case *ast.StructType:
		if t.Tag != "" {
			return prefix + "struct " + t.Tag
		}
		return prefix + spellFields(t, typedefs)
	}
	return fmt.Sprintf("<%T>", t)
}

func spellFields(st *ast.StructType, typedefs map[string]ast.Type) string {
	var b strings.Builder
	b.WriteString("struct {")
	for _, f := range st.Fields {
		fmt.Fprintf(&b, " %s %s;", spell(f.Type, typedefs), f.Name)
	}
	b.WriteString(" }")
	return b.String()
}

func TestHeaderTypes(t *testing.T) {
	d := parseHeaders(t)
	for _, tc := range []struct{ name, want string }{
		// stddef.h, stdio.h, stdlib.h, time.h, sys/time.h
		{"size_t", "unsigned long"},
		{"ssize_t", "long"},
		{"ptrdiff_t", "long"},
		{"wchar_t", "int"},
		{"FILE", "struct _IO_FILE"},
		{"div_t", "struct { int quot; int rem; }"},
		{"ldiv_t", "struct { long quot; long rem; }"},
		{"lldiv_t", "struct { long long quot; long long rem; }"},
		{"time_t", "long"},
		{"clock_t", "long"},
		{"suseconds_t", "long"},
		{"va_list", "__builtin_va_list"},
		{"float_t", "float"},
		{"double_t", "double"},
		// stdint.h: gcc's choices on x86-64 Linux.
		{"int8_t", "signed char"},
		{"uint8_t", "unsigned char"},
		{"int16_t", "short"},
		{"uint16_t", "unsigned short"},
		{"int32_t", "int"},
		{"uint32_t", "unsigned int"},
		{"int64_t", "long"},
		{"uint64_t", "unsigned long"},
		{"int_least8_t", "signed char"},
		{"int_least64_t", "long"},
		{"uint_least16_t", "unsigned short"},
		{"int_fast8_t", "signed char"},
		{"int_fast16_t", "long"},
		{"int_fast32_t", "long"},
		{"uint_fast16_t", "unsigned long"},
		{"uint_fast64_t", "unsigned long"},
		{"intptr_t", "long"},
		{"uintptr_t", "unsigned long"},
		{"intmax_t", "long"},
		{"uintmax_t", "unsigned long"},
		// UPC
		{"upc_op_t", "int"},
		{"upc_type_t", "int"},
		{"upc_flag_t", "int"},
		{"upc_tick_t", "unsigned long"},
		{"upc_lock_t", "shared struct upc_lock_struct"},
		// sys/types.h: glibc's on x86-64
		{"off_t", "long"},
		{"pid_t", "int"},
		{"mode_t", "unsigned int"},
		{"uid_t", "unsigned int"},
		{"dev_t", "unsigned long"},
		{"ino_t", "unsigned long"},
		{"nlink_t", "unsigned long"},
		{"blksize_t", "long"},
		{"clockid_t", "int"},
		{"u_int32_t", "unsigned int"},
		// upc_io.h
		{"upc_off_t", "long"},
		{"upc_file_t", "shared struct __upc_file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			def, ok := d.typedefs[tc.name]
			require.True(t, ok, "no typedef")
			assert.Equal(t, tc.want, spell(def, d.typedefs))
		})
	}
	// stdlib.Gettimeofday stores two 64-bit words at tv and zeroes two
	// ints at tz.
	for tag, want := range map[string]string{
		"timeval":  "struct { long tv_sec; long tv_usec; }",
		"timezone": "struct { int tz_minuteswest; int tz_dsttime; }",
		// The structs stdlib stores whole (cTm, cStat, a [2]int64, a
		// [4]int64) or the kernel fills (timespec), in glibc's layouts.
		"timespec": "struct { long tv_sec; long tv_nsec; }",
		"tm": "struct { int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon; int tm_year; int tm_wday; int tm_yday; int tm_isdst; " +
			"long tm_gmtoff; char * tm_zone; }",
		"stat": "struct { unsigned long st_dev; unsigned long st_ino; unsigned long st_nlink; unsigned int st_mode; unsigned int st_uid; " +
			"unsigned int st_gid; int __pad0; unsigned long st_rdev; long st_size; long st_blksize; long st_blocks; " +
			"struct timespec st_atim; struct timespec st_mtim; struct timespec st_ctim; <*ast.ArrayType> __reserved; }",
		"tms": "struct { long tms_utime; long tms_stime; long tms_cutime; long tms_cstime; }",
		// upcio.FileVec and upcio.SharedVec, and crt's views of the rest
		"upc_filevec":       "struct { long offset; unsigned long len; }",
		"upc_shared_memvec": "struct { shared void * baseaddr; unsigned long blocksize; unsigned long len; }",
		"upc_local_memvec":  "struct { void * baseaddr; unsigned long len; }",
		"upc_hint":          "struct { char * key; char * value; }",
	} {
		st, ok := d.structs[tag]
		if assert.True(t, ok, "no struct %s", tag) {
			assert.Equal(t, want, spellFields(st, d.typedefs), "struct %s", tag)
		}
	}
}

// TestHeaderIntegerMacros checks integer macros with #if, which evaluates
// them as C99 6.10.1 says: every signed type as intmax_t and every
// unsigned type as uintmax_t, so "-1 > M" holds exactly when M is
// unsigned.
func TestHeaderIntegerMacros(t *testing.T) {
	cases := []struct{ macro, value string }{
		// limits.h
		{"CHAR_BIT", "8"},
		{"SCHAR_MIN", "-128"},
		{"SCHAR_MAX", "127"},
		{"UCHAR_MAX", "255"},
		{"CHAR_MIN", "-128"}, // char is signed on x86-64
		{"CHAR_MAX", "127"},
		{"SHRT_MIN", "-32768"},
		{"SHRT_MAX", "32767"},
		{"USHRT_MAX", "65535"},
		{"INT_MIN", "-2147483647 - 1"},
		{"INT_MAX", "2147483647"},
		{"UINT_MAX", "4294967295u"},
		{"LONG_MIN", "-9223372036854775807 - 1"},
		{"LONG_MAX", "9223372036854775807"},
		{"ULONG_MAX", "18446744073709551615u"},
		{"LLONG_MIN", "-9223372036854775807 - 1"},
		{"LLONG_MAX", "9223372036854775807"},
		{"ULLONG_MAX", "18446744073709551615u"},
		{"MB_LEN_MAX", "16"},
		{"SSIZE_MAX", "9223372036854775807"},
		{"PATH_MAX", "4096"},
		// stdint.h
		{"INT8_MIN", "-128"},
		{"INT16_MIN", "-32768"},
		{"INT32_MIN", "-2147483647 - 1"},
		{"INT64_MIN", "-9223372036854775807 - 1"},
		{"INT8_MAX", "127"},
		{"INT16_MAX", "32767"},
		{"INT32_MAX", "2147483647"},
		{"INT64_MAX", "9223372036854775807"},
		{"UINT8_MAX", "255"},
		{"UINT16_MAX", "65535"},
		{"UINT32_MAX", "4294967295u"},
		{"UINT64_MAX", "18446744073709551615u"},
		{"INT_LEAST16_MIN", "-32768"},
		{"UINT_LEAST32_MAX", "4294967295u"},
		{"INT_FAST8_MAX", "127"},
		{"INT_FAST16_MIN", "-9223372036854775807 - 1"},
		{"INT_FAST32_MAX", "9223372036854775807"},
		{"UINT_FAST16_MAX", "18446744073709551615u"},
		{"INTPTR_MIN", "-9223372036854775807 - 1"},
		{"UINTPTR_MAX", "18446744073709551615u"},
		{"INTMAX_MAX", "9223372036854775807"},
		{"UINTMAX_MAX", "18446744073709551615u"},
		{"PTRDIFF_MIN", "-9223372036854775807 - 1"},
		{"SIZE_MAX", "18446744073709551615u"},
		{"SIG_ATOMIC_MAX", "2147483647"},
		{"WCHAR_MIN", "-2147483647 - 1"},
		{"WINT_MAX", "4294967295u"},
		{"INT64_C(40)", "40"},
		{"UINT64_C(0xff)", "255u"},
		// stdio.h, stdlib.h: stdlib's values, and glibc's BUFSIZ
		{"EOF", fmt.Sprint(stdlib.EOF)},
		{"SEEK_SET", fmt.Sprint(stdlib.SeekSet)},
		{"SEEK_CUR", fmt.Sprint(stdlib.SeekCur)},
		{"SEEK_END", fmt.Sprint(stdlib.SeekEnd)},
		{"_IOFBF", fmt.Sprint(stdlib.IOFBF)},
		{"_IOLBF", fmt.Sprint(stdlib.IOLBF)},
		{"_IONBF", fmt.Sprint(stdlib.IONBF)},
		{"BUFSIZ", "8192"},
		{"FILENAME_MAX", "4096"},
		{"RAND_MAX", fmt.Sprint(stdlib.RandMax)},
		{"EXIT_SUCCESS", "0"},
		{"EXIT_FAILURE", "1"},
		// errno.h: Linux's numbers, as stdlib sets them
		{"EPERM", fmt.Sprint(stdlib.EPERM)},
		{"ENOENT", fmt.Sprint(stdlib.ENOENT)},
		{"EINTR", fmt.Sprint(stdlib.EINTR)},
		{"EIO", fmt.Sprint(stdlib.EIO)},
		{"EBADF", fmt.Sprint(stdlib.EBADF)},
		{"EAGAIN", fmt.Sprint(stdlib.EAGAIN)},
		{"EWOULDBLOCK", fmt.Sprint(stdlib.EAGAIN)},
		{"ENOMEM", fmt.Sprint(stdlib.ENOMEM)},
		{"EACCES", fmt.Sprint(stdlib.EACCES)},
		{"EEXIST", fmt.Sprint(stdlib.EEXIST)},
		{"ENOTDIR", fmt.Sprint(stdlib.ENOTDIR)},
		{"EISDIR", fmt.Sprint(stdlib.EISDIR)},
		{"EINVAL", fmt.Sprint(stdlib.EINVAL)},
		{"ENFILE", fmt.Sprint(stdlib.ENFILE)},
		{"EMFILE", fmt.Sprint(stdlib.EMFILE)},
		{"EFBIG", fmt.Sprint(stdlib.EFBIG)},
		{"ENOSPC", fmt.Sprint(stdlib.ENOSPC)},
		{"ESPIPE", fmt.Sprint(stdlib.ESPIPE)},
		{"EDOM", fmt.Sprint(stdlib.EDOM)},
		{"ERANGE", fmt.Sprint(stdlib.ERANGE)},
		{"EOVERFLOW", fmt.Sprint(stdlib.EOVERFLOW)},
		{"EILSEQ", fmt.Sprint(stdlib.EILSEQ)},
		{"EPIPE", "32"},
		{"ENOSYS", "38"},
		{"ENOTSUP", "95"},
		{"ETIMEDOUT", "110"},
		{"ECANCELED", "125"},
		// float.h: long double is double in upcgo
		{"FLT_RADIX", "2"},
		{"FLT_EVAL_METHOD", "0"},
		{"FLT_MANT_DIG", "24"},
		{"DBL_MANT_DIG", "53"},
		{"LDBL_MANT_DIG", "53"},
		{"FLT_DIG", "6"},
		{"DBL_DIG", "15"},
		{"FLT_MIN_EXP", "-125"},
		{"DBL_MIN_EXP", "-1021"},
		{"FLT_MAX_EXP", "128"},
		{"DBL_MAX_EXP", "1024"},
		{"DBL_MIN_10_EXP", "-307"},
		{"DBL_MAX_10_EXP", "308"},
		{"DECIMAL_DIG", "17"},
		// math.h: glibc's classification numbers
		{"FP_NAN", "0"},
		{"FP_INFINITE", "1"},
		{"FP_ZERO", "2"},
		{"FP_SUBNORMAL", "3"},
		{"FP_NORMAL", "4"},
		{"FP_ILOGB0", "-2147483647 - 1"},
		// stdbool.h
		{"true", "1"},
		{"false", "0"},
		{"__bool_true_false_are_defined", "1"},
		// upc_types.h
		{"UPC_ADD", "1 << 0"}, {"UPC_MULT", "1 << 1"}, {"UPC_AND", "1 << 2"}, {"UPC_OR", "1 << 3"}, {"UPC_XOR", "1 << 4"},
		{"UPC_LOGAND", "1 << 5"}, {"UPC_LOGOR", "1 << 6"}, {"UPC_MIN", "1 << 7"}, {"UPC_MAX", "1 << 8"},
		{"UPC_FUNC", "1 << 16"}, {"UPC_NONCOMM_FUNC", "1 << 17"},
		{"UPC_CHAR", "0"},
		{"UPC_UCHAR", "1"},
		{"UPC_SHORT", "2"},
		{"UPC_USHORT", "3"},
		{"UPC_INT", "4"},
		{"UPC_UINT", "5"},
		{"UPC_LONG", "6"},
		{"UPC_ULONG", "7"},
		{"UPC_LLONG", "8"},
		{"UPC_ULLONG", "9"},
		{"UPC_INT8", "10"},
		{"UPC_UINT8", "11"},
		{"UPC_INT16", "12"},
		{"UPC_UINT16", "13"},
		{"UPC_INT32", "14"},
		{"UPC_UINT32", "15"},
		{"UPC_INT64", "16"},
		{"UPC_UINT64", "17"},
		{"UPC_FLOAT", "18"},
		{"UPC_DOUBLE", "19"},
		{"UPC_LDOUBLE", "20"},
		{"UPC_PTS", "21"}, {"UPC_GET", "1 << 9"}, {"UPC_SET", "1 << 10"}, {"UPC_CSWAP", "1 << 11"},
		{"UPC_SUB", "1 << 12"}, {"UPC_INC", "1 << 13"}, {"UPC_DEC", "1 << 14"},
		{"UPC_ATOMIC_HINT_DEFAULT", "0"}, {"UPC_ATOMIC_HINT_LATENCY", "1"}, {"UPC_ATOMIC_HINT_THROUGHPUT", "2"},
		// Non-zero, as UPC 1.3 requires (Berkeley UPC's values).
		{"UPC_IN_NOSYNC", "1"},
		{"UPC_IN_MYSYNC", "2"},
		{"UPC_OUT_NOSYNC", "4"},
		{"UPC_OUT_MYSYNC", "8"},
		{"UPC_IN_ALLSYNC", "16"},
		{"UPC_OUT_ALLSYNC", "32"},
		// upc_tick.h: nanosecond ticks
		{"UPC_TICK_MIN", "0u"},
		{"UPC_TICK_MAX", "18446744073709551615u"},
		{"UPC_TICKS_PER_SECOND", "1000000000u"},
		// The preprocessor's, which upc.h must leave alone.
		{"UPC_MAX_BLOCK_SIZE", fmt.Sprint(cpp.UPCMaxBlockSize)},
	}
	var src strings.Builder
	src.WriteString(includes(headerNames(t)))
	for _, c := range cases {
		// The value must match, and so must its signedness (see above).
		fmt.Fprintf(&src, "#if (%[1]s) != (%[2]s) || (-1 > (%[1]s)) != (-1 > (%[2]s))\n#error %[1]s is not %[2]s\n#endif\n", c.macro, c.value)
	}
	preprocess(t, src.String())
}

// TestHeaderMacroExpansions checks the macros that #if cannot evaluate by
// their expansion, spelled with a space where the token had one before it.
func TestHeaderMacroExpansions(t *testing.T) {
	for _, tc := range []struct {
		header, use, want string
		defines           []string
	}{
		{header: "stddef.h", use: "NULL", want: "((void *)0)"},
		{header: "stddef.h", use: "offsetof(struct s, f)", want: "__builtin_offsetof(struct s, f)"},
		{header: "stdio.h", use: "stdin", want: "(__stdin())"},
		{header: "stdio.h", use: "stdout", want: "(__stdout())"},
		{header: "stdio.h", use: "stderr", want: "(__stderr())"},
		{header: "errno.h", use: "errno = 0", want: "(*__errno_location()) = 0"},
		{header: "time.h", use: "CLOCKS_PER_SEC", want: "((clock_t)1000000)"},
		{header: "stdarg.h", use: "va_start(ap, n)", want: "__builtin_va_start(ap, n)"},
		{header: "stdarg.h", use: "va_arg(ap, char *)", want: "__builtin_va_arg(ap, char *)"},
		{header: "stdarg.h", use: "va_copy(aq, ap)", want: "__builtin_va_copy(aq, ap)"},
		{header: "stdarg.h", use: "va_end(ap)", want: "__builtin_va_end(ap)"},
		{header: "stdbool.h", use: "bool", want: "_Bool"},
		{header: "math.h", use: "HUGE_VAL", want: "(__builtin_huge_val())"},
		{header: "math.h", use: "INFINITY", want: "(__builtin_inff())"},
		{header: "math.h", use: "NAN", want: `(__builtin_nanf(""))`},
		{header: "math.h", use: "isinf(x)", want: "__builtin_isinf_sign(x)"},
		{header: "math.h", use: "fpclassify(x)", want: "__builtin_fpclassify(0, 1, 4, 3, 2, x)"},
		{header: "math.h", use: "M_PI", want: "3.14159265358979323846"},
		{header: "math.h", use: "M_SQRT2", want: "1.41421356237309504880"},
		{header: "float.h", use: "DBL_EPSILON", want: "2.22044604925031308084726333618164062e-16"},
		{header: "float.h", use: "FLT_MAX", want: "3.40282346638528859811704183484516925e+38F"},
		{header: "float.h", use: "LDBL_MAX", want: "1.79769313486231570814527423731704357e+308L"},
		{header: "inttypes.h", use: "PRId64", want: `"ld"`},
		{header: "inttypes.h", use: "PRIu32", want: `"u"`},
		{header: "inttypes.h", use: "PRIxPTR", want: `"lx"`},
		{header: "inttypes.h", use: "PRIdFAST16", want: `"ld"`},
		{header: "inttypes.h", use: "SCNd8", want: `"hhd"`},
		{header: "inttypes.h", use: "SCNu16", want: `"hu"`},
		{header: "inttypes.h", use: "SCNx64", want: `"lx"`},
		{header: "stdint.h", use: "INT64_C(5)", want: "5L"},
		{header: "stdint.h", use: "UINT32_C(5)", want: "5U"},
		{header: "strings.h", use: "bzero(p, n)", want: "((void)memset((p), 0, (n)))"},
		{header: "strings.h", use: "bcopy(s, d, n)", want: "((void)memmove((d), (s), (n)))"},
		{header: "sys/time.h", use: "timerisset(&tv)", want: "((&tv)->tv_sec || (&tv)->tv_usec)"},
		{header: "assert.h", use: "assert(x > 0)",
			want: `((x > 0) ? (void)0 : __assert_fail("x > 0", "t.c", 2, __func__))`},
		{header: "assert.h", use: "assert(x > 0)", want: "((void)0)", defines: []string{"NDEBUG"}},
	} {
		t.Run(tc.use+" "+strings.Join(tc.defines, " "), func(t *testing.T) {
			res := preprocess(t, includes([]string{tc.header})+tc.use+"\n", tc.defines...)
			assert.Equal(t, tc.want, spellTokens(res.Tokens))
		})
	}
}

// spellTokens joins the tokens that came from file "t.c" line 2 onwards.
func spellTokens(toks []token.Token) string {
	var b strings.Builder
	for _, tok := range toks {
		if tok.Pos.File != "t.c" || tok.Pos.Line < 2 {
			continue
		}
		if b.Len() > 0 && tok.Flags&token.Space != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok.Text)
	}
	return b.String()
}

// TestAssertFollowsNDEBUG: C99 7.2 redefines assert at each inclusion of
// assert.h according to NDEBUG at that point.
func TestAssertFollowsNDEBUG(t *testing.T) {
	res := preprocess(t, `#define NDEBUG
#include <assert.h>
assert(a);
#undef NDEBUG
#include <assert.h>
assert(b);
#define NDEBUG
#include <assert.h>
assert(c);
`)
	var lines []string
	var b strings.Builder
	for _, tok := range res.Tokens {
		if tok.Pos.File != "t.c" {
			continue
		}
		if b.Len() > 0 && tok.Flags&token.Space != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok.Text)
		if tok.Text == ";" {
			lines = append(lines, b.String())
			b.Reset()
		}
	}
	assert.Equal(t, []string{
		"((void)0);",
		`((b) ? (void)0 : __assert_fail("b", "t.c", 6, __func__));`,
		"((void)0);",
	}, lines)
}
