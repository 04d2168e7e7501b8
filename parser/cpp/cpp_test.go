package cpp

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// join spells a token stream with one space wherever the source had white
// space or a line break before a token.
func join(toks []token.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.Flags&(token.Space|token.BOL) != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// memFiles serves files from a map, counting reads.
type memFiles struct {
	files map[string]string
	reads map[string]int
}

func (m *memFiles) read(path string) ([]byte, error) {
	if m.reads == nil {
		m.reads = map[string]int{}
	}
	m.reads[path]++
	if s, ok := m.files[path]; ok {
		return []byte(s), nil
	}
	return nil, fs.ErrNotExist
}

func newConfig(files map[string]string) *Config {
	m := &memFiles{files: files}
	return &Config{ReadFile: m.read, Time: time.Date(2024, time.March, 5, 7, 8, 9, 0, time.UTC)}
}

// preprocess runs the preprocessor on src as "t.c" and returns the joined
// output and the diagnostics as "line:col: severity: message".
func preprocess(src string, cfg *Config) (string, []string, *Result) {
	if cfg == nil {
		cfg = newConfig(nil)
	}
	var errs diag.List
	r := Preprocess("t.c", []byte(src), cfg, &errs)
	errs.Sort()
	var msgs []string
	for _, d := range errs.Items {
		msgs = append(msgs, d.Error())
	}
	return join(r.Tokens), msgs, r
}

type ppTest struct {
	name string
	src  string
	want string
}

func runOK(t *testing.T, tests []ppTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, msgs, _ := preprocess(tt.src, nil)
			assert.Empty(t, msgs)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestMacros(t *testing.T) {
	runOK(t, []ppTest{
		{"object", "#define X 1\nX + X", "1 + 1"},
		{"empty object", "#define E\n[E]", "[]"},
		{"function", "#define f(a,b) a+b\nf(1,2)", "1+2"},
		{"space before paren at use", "#define f(a) [a]\nf (1)", "[1]"},
		{"space before paren at definition is object-like", "#define f (a) a\nf(1)", "(a) a(1)"},
		{"name without paren", "#define f(a) [a]\nf + f", "f + f"},
		{"nested parens and commas", "#define f(a,b) <a|b>\nf((1,2),[(3,4)])", "<(1,2)|[(3,4)]>"},
		{"arguments span lines", "#define f(a,b) a+b\nf(1,\n  2\n)", "1+2"},
		{"empty argument", "#define f(a) [a]\nf()", "[]"},
		{"empty arguments", "#define f(a,b,c) [a|b|c]\nf(,,)", "[||]"},
		{"no parameters", "#define f() x\nf() f( )", "x x"},
		{"argument fully expanded first", "#define X 2\n#define f(a) [a]\nf(X)", "[2]"},
		{"nested invocation in argument", "#define f(a) [a]\nf(f(1))", "[[1]]"},
		{"self reference stops", "#define foo foo + 1\nfoo", "foo + 1"},
		{"mutual reference stops", "#define a b\n#define b a\na b", "a b"},
		{"painted token stays painted", "#define f(x) x\n#define g f(g)\ng", "g"},
		{"name from expansion takes later paren", "#define f(x) [x]\n#define g f\ng(1)", "[1]"},
		{"argument list completed outside expansion", "#define f(x) g(x\n#define g(x) <x>\nf(1))", "<1>"},
		{"self name at end of expansion is painted", "#define f(x) x f\nf(1)(2)", "1 f(2)"},
		{"C99 6.10.3.4 example", "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "2*9*g"},
		{"parenthesis from later expansion", "#define LP (\n#define f(x) [x]\n#define g f LP 2)\ng", "f ( 2)"},
		{"empty macro between name and paren", "#define E\n#define f(x) [x]\nf E (1)", "f (1)"},
		{"argument used as function name", "#define f(x) [x]\n#define q(x) x\nq(f)(3)", "[3]"},
		{"redefinition identical", "#define X (1-1)\n#define X /* c */ (1-1) // c\nX", "(1-1)"},
		{"undef", "#define X 1\n#undef X\nX", "X"},
		{"undef unknown", "#undef NOPE\nx", "x"},
		{"directive inside arguments", "#define Z 1\n#define q(x) x\nq(\n#undef Z\nZ\n)", "Z"},
		{"directive ends the search for (", "#define f(x) [x]\nf\n#define Z 1\n(2)", "f (2)"},
		{"stringify", "#define s(x) #x\ns(a) s( a  +\n b ) s()", `"a" "a + b" ""`},
		{"stringify escapes", `#define s(x) #x` + "\n" + `s("a\n" '\'' "\\")`, `"\"a\\n\" '\\'' \"\\\\\""`},
		{"stringify keeps argument unexpanded", "#define X 1\n#define s(x) #x\n#define xs(x) s(x)\ns(X) xs(X)", `"X" "1"`},
		{"stringify stray characters", "#define s(x) #x\ns(: @\\n)", `": @\n"`},
		{"paste identifiers", "#define cat(a,b) a##b\ncat(x,y) cat(x,1) cat(1,x)", "xy x1 1x"},
		{"paste operators", "#define cat(a,b) a ## b\ncat(+,+) cat(-,>) cat(<<,=) cat(.,5e)", "++ -> <<= .5e"},
		{"paste prefix and literal", "#define cat(a,b) a ## b\ncat(L,'a') cat(L, \"s\") cat(u8,\"s\")", `L'a' L"s" u8"s"`},
		{"paste uses unexpanded arguments", "#define X 1\n#define cat(a,b) a ## b\ncat(X,X)", "XX"},
		{"paste only last and first tokens", "#define g(x, y) x ## y\ng(a b, c d)", "a bc d"},
		{"paste result is rescanned", "#define xy 42\n#define cat(a,b) a ## b\ncat(x,y)", "42"},
		{"paste in object-like macro", "#define OBJ x ## 1\nOBJ", "x1"},
		{"paste placemarkers", "#define cat(a,b) [a ## b]\ncat(,) cat(x,) cat(,y)", "[] [x] [y]"},
		{"variadic", "#define v(a,...) a|__VA_ARGS__|\nv(1) v(1,) v(1,2,3) v()", "1|| 1|| 1|2,3| ||"},
		{"variadic only", "#define v(...) <__VA_ARGS__>\nv() v(a, (b,c), d)", "<> <a, (b,c), d>"},
		{"stringify variadic", "#define v(...) #__VA_ARGS__\nv(a,b) v( a , b ) v()", `"a,b" "a , b" ""`},
		{"GNU comma elision", "#define e(f, ...) p(f, ## __VA_ARGS__)\ne(x) e(x,) e(x, 1, 2)", "p(x) p(x,) p(x, 1, 2)"},
		{"GNU comma elision, only variadic", "#define e(...) p(a , ## __VA_ARGS__ b)\ne() e(1)", "p(a b) p(a , 1 b)"},
		{"GNU named variadic", "#define e(fmt, args...) p(fmt, ## args)\ne(\"x\") e(\"x\", 1)", `p("x") p("x", 1)`},
		{"__VA_OPT__", "#define F(a,...) f(a __VA_OPT__(,) __VA_ARGS__)\nF(1) F(1,2)", "f(1) f(1 , 2)"},
		{"__VA_OPT__ with empty expansion", "#define E\n#define F(a,...) f(a __VA_OPT__(,) __VA_ARGS__)\nF(1,E)", "f(1)"},
		{"__VA_OPT__ pasted", "#define F(a,...) a ## __VA_OPT__(x y)\nF(p) F(p,1)", "p px y"},
		{"macro named like keyword", "#define int long\nint x;", "long x;"},
		{"THREADS stays identifier when dynamic", "THREADS MYTHREAD", "THREADS MYTHREAD"},
		{"_Pragma removed from output", "a _Pragma(\"upc strict\") b", "a b"},
	})
}

// TestC99Examples runs the examples of C99 6.10.3.5; the expected text is
// the standard's (checked against gcc -E, whose spacing differs).
func TestC99Examples(t *testing.T) {
	ex3 := `#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };`
	want3 := `f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1); ` +
		`f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1); ` +
		`int i[] = { 1, 23, 4, 5, }; ` +
		`char c[2][6] = { "hello", "" };`

	ex4 := `#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
#include xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)`
	want4 := `printf("x" "1" "= %d, x" "2" "= %s", x1, x2); ` +
		`fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s); ` +
		`vers2 ; ` +
		`"hello"; ` +
		`"hello" ", world"`

	ex5 := `#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
 t(10,,), t(,11,), t(,,12), t(,,) };`
	want5 := `int j[] = { 123, 45, 67, 89, 10, 11, 12, };`

	ex7 := `#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);`
	want7 := `fprintf(stderr, "Flag"); ` +
		`fprintf(stderr, "X = %d\n", x); ` +
		`puts("The first, second, and third items."); ` +
		`((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));`

	hashHash := `#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);`

	cfg := newConfig(map[string]string{"vers2.h": "vers2 ;"})
	for _, tt := range []struct{ name, src, want string }{
		{"example 3", ex3, want3},
		{"example 4", ex4, want4},
		{"example 5", ex5, want5},
		{"example 7", ex7, want7},
		{"6.10.3.3 hash_hash", hashHash, `char p[] = "x ## y";`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, msgs, _ := preprocess(tt.src, cfg)
			assert.Empty(t, msgs)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestRedefinitionWarnings(t *testing.T) {
	// C99 6.10.3.5 example 6: the first four are valid redefinitions, the
	// last four are not.
	src := `#define OBJ_LIKE (1-1)
#define OBJ_LIKE /* white space */ (1-1) /* other */
#define FUNC_LIKE(a) ( a )
#define FUNC_LIKE( a )( /* note the white space */ \
 a /* other stuff on this line
 */ )
#define OBJ_LIKE (0)
#define OBJ_LIKE (1 - 1)
#define FUNC_LIKE(b) ( a )
#define FUNC_LIKE(b) ( b )
`
	_, msgs, _ := preprocess(src, nil)
	assert.Equal(t, []string{
		`t.c:7:9: warning: "OBJ_LIKE" redefined (previous definition at t.c:2:9)`,
		`t.c:8:9: warning: "OBJ_LIKE" redefined (previous definition at t.c:7:9)`,
		`t.c:9:9: warning: "FUNC_LIKE" redefined (previous definition at t.c:4:9)`,
		`t.c:10:9: warning: "FUNC_LIKE" redefined (previous definition at t.c:9:9)`,
	}, msgs)
}

func TestConditionals(t *testing.T) {
	runOK(t, []ppTest{
		{"if true", "#if 1\na\n#endif\nb", "a b"},
		{"if false", "#if 0\na\n#endif\nb", "b"},
		{"else", "#if 0\na\n#else\nb\n#endif", "b"},
		{"elif chain", "#if 0\na\n#elif 0\nb\n#elif 1\nc\n#elif 1\nd\n#else\ne\n#endif", "c"},
		{"elif not evaluated after a live group", "#if 1\na\n#elif 1/0\nb\n#endif", "a"},
		{"ifdef", "#define X\n#ifdef X\na\n#endif\n#ifdef Y\nb\n#endif", "a"},
		{"ifndef", "#define X\n#ifndef X\na\n#else\nb\n#endif\n#ifndef Y\nc\n#endif", "b c"},
		{"nested skipped", "#if 0\n#if 1\na\n#else\nb\n#endif\nc\n#else\nd\n#endif", "d"},
		{"garbage in skipped group", "#if 0\n#garbage here\n#if 1/0 +\n#elif )\n#endif\n#error no\n#endif\nok", "ok"},
		{"defined forms", "#define X\n#if defined X && defined(X) && !defined Y\na\n#endif", "a"},
		{"defined from macro expansion", "#define D defined(X)\n#define X\n#if D\na\n#endif", "a"},
		{"defined operand not expanded", "#define X Y\n#if defined X && !defined Y\na\n#endif", "a"},
		{"identifiers are 0", "#if foo == 0 && !bar\na\n#endif", "a"},
		{"macro in expression", "#define N 3\n#if N * 2 == 6\na\n#endif", "a"},
		{"function-like macro in expression", "#define SQ(x) ((x)*(x))\n#if SQ(3) == 9\na\n#endif", "a"},
		{"has operators", "#if defined(__has_include) && defined __has_builtin && !__has_builtin(__builtin_expect)\na\n#endif", "a"},
		{"null directive", "#\n# /* c */\na", "a"},
		{"ident accepted", "#ident \"v1\"\na", "a"},
		{"digraph directive", "%:define X 1\nX", "1"},
	})
}

func TestIfExpressions(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"1 + 2 * 3 == 7", true},
		{"(1 + 2) * 3 == 9", true},
		{"10 / 3 == 3 && 10 % 3 == 1 && -7 / 2 == -3 && -7 % 2 == -1", true},
		{"-1 < 0", true},
		{"-1 < 0u", false}, // -1 converts to UINTMAX_MAX
		{"0xffffffffffffffff == -1", true},
		{"18446744073709551615 == -1", true},     // unsigned (with a warning)
		{"9223372036854775807 + 0 > 0", true},    // INTMAX_MAX
		{"(-9223372036854775807 - 1) < 0", true}, // INTMAX_MIN
		{"-1 >> 70 == -1 && 1 >> 70 == 0", true}, // big shifts, as gcc
		{"1 << 62 == 4611686018427387904", true}, // 64-bit arithmetic
		{"2 << -1 == 1", true},                   // negative count shifts the other way
		{"(0u - 1) >> 63 == 1 && (1u << 64) == 0 && (1u >> 64) == 0 && -1 << 1 == -2", true},
		{"'\\a' == 7 && '\\e' == 27 && '\\?' == 63 && '\\u00e9' == 50089", true}, // UTF-8 bytes 0xc3 0xa9, big-endian in an int
		{"0x10 == 16 && 010 == 8 && 0b101 == 5", true},                           // bases
		{"1L == 1 && 1UL == 1u && 1ll == 1LLU", true},                            // suffixes
		{"~0 == -1 && ~0u == 18446744073709551615u", true},
		{"!0 == 1 && !5 == 0 && - - 3 == 3 && +4 == 4", true},
		{"(1 ? -1 : 0u) > 0", true}, // ?: converts both arms to unsigned
		{"(0 ? 1 : 2) == 2 && (1 ? 1 : 2) == 1", true},
		{"(2, 3) == 3", true},
		{"1 || 1 / 0", true}, // not evaluated: no error
		{"0 && 1 / 0", false},
		{"0 ? 1 / 0 : 1", true},
		{"(3 & 5) == 1 && (3 | 5) == 7 && (3 ^ 5) == 6", true},
		{"1 < 2 && 2 > 1 && 2 <= 2 && 2 >= 3 == 0 && 1 != 2", true},
		{"'a' == 97 && '\\n' == 10 && '\\0' == 0 && '\\x41' == 65 && '\\101' == 65", true},
		{"'\\377' < 0", true}, // char is signed on x86-64
		{"'ab' == 24930", true},
		{"L'\\xffffffff' < 0", true}, // wchar_t is a 32-bit int
		{"U'\\xffffffff' > 0", true}, // char32_t is unsigned
		{"u'\\xffff' == 65535", true},
		{"L'\\u00e9' == 233 && L'é' == 233", true},
		{"true", false}, // C, not C++: an identifier
		{"__STDC_VERSION__ >= 199901L && __UPC_VERSION__ == 201311L", true},
		{"__SIZEOF_LONG__ == 8 && __SIZEOF_POINTER__ == 8 && __CHAR_BIT__ == 8", true},
		{"__INT_MAX__ == 2147483647 && __LONG_MAX__ == 9223372036854775807", true},
		{"defined __x86_64__ && defined __LP64__ && defined __linux__ && !defined __GNUC__", true},
		{"defined __UPC__ && defined __UPC_DYNAMIC_THREADS__ && !defined __UPC_STATIC_THREADS__", true},
		{"__UPC_NB__ && __UPC_COLLECTIVE__ && __UPC_TICK__ && __UPC_ATOMIC__ && __UPC_CASTABLE__ && __UPC_IO__ == 1", true},
		{"UPC_MAX_BLOCK_SIZE == 1048576 && __UPCGO__ == 1 && __STDC__ && __STDC_HOSTED__", true},
		{"defined __FILE__ && defined __LINE__ && __LINE__ == 1", true},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			got, msgs, _ := preprocess("#if "+tt.expr+"\nyes\n#else\nno\n#endif\n", nil)
			for _, m := range msgs {
				assert.Contains(t, m, "warning", "only warnings expected")
			}
			want := "no"
			if tt.want {
				want = "yes"
			}
			assert.Equal(t, want, got)
		})
	}
}

func TestIfWarnings(t *testing.T) {
	for _, tt := range []struct{ expr, want string }{
		{"18446744073709551615", "t.c:1:5: warning: integer constant is so large that it is unsigned"},
		{"18446744073709551616", "t.c:1:5: warning: integer constant is too large for its type"},
		{"9223372036854775807 + 1", "t.c:1:25: warning: integer overflow in preprocessor expression"},
		{"1 << 63", "t.c:1:7: warning: integer overflow in preprocessor expression"},
		{"'ab'", "t.c:1:5: warning: multi-character character constant"},
		{"'\\q'", `t.c:1:5: warning: unknown escape sequence: '\q'`},
	} {
		_, msgs, _ := preprocess("#if "+tt.expr+"\n#endif\n", nil)
		assert.Equal(t, []string{tt.want}, msgs, tt.expr)
	}
}

func TestIfErrors(t *testing.T) {
	for _, tt := range []struct{ expr, want string }{
		{"", "t.c:1:2: error: #if with no expression"},
		{"1/0", "t.c:1:6: error: division by zero in #if"},
		{"1 % (2 - 2)", "t.c:1:7: error: division by zero in #if"},
		{"1 +", "t.c:1:7: error: operator '+' has no right operand"},
		{"(1", "t.c:1:5: error: missing ')' in expression"},
		{"1)", "t.c:1:6: error: missing '(' in expression"},
		{"()", "t.c:1:6: error: missing expression between '(' and ')'"},
		{"x(", "t.c:1:6: error: missing binary operator before token \"(\""},
		{"1 2", "t.c:1:7: error: missing binary operator before token \"2\""},
		{"1 = 2", `t.c:1:7: error: token "=" is not valid in preprocessor expressions`},
		{`"s"`, `t.c:1:5: error: token ""s"" is not valid in preprocessor expressions`},
		{"1.0", "t.c:1:5: error: floating constant in preprocessor expression"},
		{"08", "t.c:1:5: error: invalid digit \"8\" in octal constant"},
		{"12abc", "t.c:1:5: error: invalid suffix \"abc\" on integer constant"},
		{"1lL", "t.c:1:5: error: invalid suffix \"lL\" on integer constant"},
		{"3 ? 4", "t.c:1:7: error: '?' without following ':'"},
		{"3 : 4", "t.c:1:7: error: ':' without preceding '?'"},
		{"* 2", "t.c:1:5: error: operator '*' has no left operand"},
		{"defined", "t.c:1:5: error: operator \"defined\" requires an identifier"},
		{"defined(", "t.c:1:5: error: operator \"defined\" requires an identifier"},
		{"defined(X", "t.c:1:13: error: missing ')' after \"defined\""},
		{"defined 3", "t.c:1:13: error: operator \"defined\" requires an identifier"},
		{"''", "t.c:1:5: error: empty character constant"},
		{"__has_include(x.h)", "t.c:1:19: error: operator \"__has_include\" requires a header-name"},
	} {
		_, msgs, _ := preprocess("#if "+tt.expr+"\nyes\n#endif\n", nil)
		assert.Equal(t, []string{tt.want}, msgs, tt.expr)
	}
}

func TestDiagnostics(t *testing.T) {
	for _, tt := range []struct {
		name string
		src  string
		want []string
		out  string
	}{
		{"too many arguments", "#define f(x) [x]\nf(1, 2) z",
			[]string{`t.c:2:1: error: macro "f" passed 2 arguments, but takes just 1`}, "z"},
		{"too few arguments", "#define f(x, y) [x]\nf(1) z",
			[]string{`t.c:2:1: error: macro "f" requires 2 arguments, but only 1 given`}, "z"},
		{"too few variadic arguments", "#define f(x, y, ...) [x]\nf(1)",
			[]string{`t.c:2:1: error: macro "f" requires 2 arguments, but only 1 given`}, ""},
		{"arguments to parameterless macro", "#define f() x\nf(1)",
			[]string{`t.c:2:1: error: macro "f" passed 1 arguments, but takes just 0`}, ""},
		{"unterminated argument list", "#define f(x) [x]\nx f(1,\n(2)",
			[]string{`t.c:2:3: error: unterminated argument list invoking macro "f"`}, "x"},
		{"invalid paste", "#define cat(a,b) a ## b\ncat(.,.)\ncat(/,/)",
			[]string{`t.c:2:1: error: pasting "." and "." does not give a valid preprocessing token`,
				`t.c:3:1: error: pasting "/" and "/" does not give a valid preprocessing token`}, ". . / /"},
		{"unbalanced quote in skipped group", "#if 0\ndon't\n#endif\nok",
			[]string{`t.c:2:4: warning: missing terminating ' character`}, "ok"},
		{"unbalanced quote in an unused macro", "#define FMT \"%f \nok",
			[]string{`t.c:1:13: warning: missing terminating " character`}, "ok"},
		{"unbalanced quote in a used macro", "#define C 'a\nC",
			[]string{`t.c:1:11: warning: missing terminating ' character`}, "'a"},
		{"# without parameter", "#define s(x) #y\ns(1)",
			[]string{`t.c:1:14: error: '#' is not followed by a macro parameter`}, "s(1)"},
		{"## at the end", "#define c(x) x ##\n#define d ## x\nc(1)",
			[]string{`t.c:1:16: error: '##' cannot appear at either end of a macro expansion`,
				`t.c:2:11: error: '##' cannot appear at either end of a macro expansion`}, "c(1)"},
		{"bad macro names", "#define\n#define 3\n#define defined\n#undef \"x\"",
			[]string{`t.c:1:2: error: no macro name given in #define directive`,
				`t.c:2:9: error: macro names must be identifiers`,
				`t.c:3:9: error: "defined" cannot be used as a macro name`,
				`t.c:4:8: error: macro names must be identifiers`}, ""},
		{"bad parameter lists", "#define f(x\n#define g(x,x) x\n#define h(1) x\n#define i(x y) x\n#define j(... x) x",
			[]string{`t.c:1:11: error: missing ')' in macro parameter list`,
				`t.c:2:13: error: duplicate macro parameter "x"`,
				`t.c:3:11: error: expected parameter name, found "1"`,
				`t.c:4:13: error: expected ',' or ')', found "y"`,
				`t.c:5:15: error: missing ')' after "..." in macro parameter list`}, ""},
		{"missing whitespace after name", "#define X+1\nX",
			[]string{`t.c:1:9: warning: ISO C99 requires whitespace after the macro name`}, "+1"},
		{"__VA_ARGS__ outside variadic macro", "#define f(x) __VA_ARGS__",
			[]string{`t.c:1:14: warning: __VA_ARGS__ can only appear in the expansion of a C99 variadic macro`}, ""},
		{"#error", "#error this is \"bad\"  , don't\nx",
			[]string{`t.c:1:2: error: #error this is "bad" , don't`,
				`t.c:1:28: warning: missing terminating ' character`}, "x"},
		{"#warning", "#warning careful\nx", []string{`t.c:1:2: warning: #warning careful`}, "x"},
		{"unknown directive", "#frobnicate 1\n# \"x\"\nx",
			[]string{`t.c:1:2: error: invalid preprocessing directive #frobnicate`,
				`t.c:2:3: error: invalid preprocessing directive`}, "x"},
		{"unterminated #if", "a\n#ifndef X\n#if 1\nb",
			[]string{`t.c:2:2: error: unterminated #ifndef`, `t.c:3:2: error: unterminated #if`}, "a b"},
		{"unbalanced conditionals", "#endif\n#else\n#elif 1\n#if 1\n#else\n#else\n#elif 1\n#endif",
			[]string{`t.c:1:2: error: #endif without #if`, `t.c:2:2: error: #else without #if`,
				`t.c:3:2: error: #elif without #if`, `t.c:6:2: error: #else after #else`,
				`t.c:7:2: error: #elif after #else`}, ""},
		{"extra tokens", "#ifdef X Y\n#else Z\n#endif W\n#undef X Y",
			[]string{`t.c:1:10: warning: extra tokens at end of #ifdef directive`,
				`t.c:2:7: warning: extra tokens at end of #else directive`,
				`t.c:3:8: warning: extra tokens at end of #endif directive`,
				`t.c:4:10: warning: extra tokens at end of #undef directive`}, ""},
		{"undefining a builtin", "#undef __FILE__\n__FILE__",
			[]string{`t.c:1:8: warning: undefining "__FILE__"`}, "__FILE__"},
		{"bad _Pragma", "_Pragma(x) y", []string{`t.c:1:1: error: _Pragma takes a parenthesized string literal`}, ") y"},
		{"unterminated comment", "a /* b", []string{`t.c:1:3: error: unterminated comment`}, "a"},
		{"bad #line", "#line x\n#line 4294967296\n#line 5 foo\n# 1x\n#0\n#line 2147483647\n\nx",
			[]string{`t.c:1:7: error: "x" after #line is not a positive integer`,
				`t.c:2:7: error: line number out of range`,
				`t.c:3:9: error: invalid filename "foo"`,
				`t.c:4:3: error: "1x" after # is not a positive integer`,
				`t.c:5:2: error: line number out of range`}, "x"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, msgs, _ := preprocess(tt.src, nil)
			assert.Equal(t, tt.want, msgs)
			assert.Equal(t, tt.out, out)
		})
	}
}

func TestInclude(t *testing.T) {
	files := map[string]string{
		"dir/a.h":             "#include \"b.h\"\na",
		"dir/b.h":             "b",
		"b.h":                 "top_b",
		"inc/c.h":             "c __FILE__ __INCLUDE_LEVEL__",
		"inc/same.h":          "inc_same",
		"inc2/same.h":         "inc2_same",
		"inc/next.h":          "before\n#include_next <next.h>\nafter",
		"inc2/next.h":         "next2",
		"once.h":              "#pragma once\nonce",
		"guard.h":             "// comment\n#ifndef GUARD_H\n#define GUARD_H\nguarded\n#endif\n",
		"notguard.h":          "#ifndef NG\n#define NG\nx\n#endif\ny\n",
		"self.h":              "#include \"self.h\"\n",
		"line.h":              "\n\nfrom_line_h",
		"unterminated.h":      "#if 1\nu",
		"mac.h":               "#define f(x) [x]\nf",
		"quote_skipped.h":     "#if 0\n'\n#endif\nq",
		"inc2/sys_override.h": "disk_version",
		"/abs/path.h":         "absolute",
	}
	sys := fstest.MapFS{
		"upc.h":          {Data: []byte("#include \"upc_types.h\"\nupc_h")},
		"upc_types.h":    {Data: []byte("upc_types")},
		"sys_override.h": {Data: []byte("system_version")},
		"stdio.h":        {Data: []byte("stdio __FILE__")},
	}
	for _, tt := range []struct {
		name string
		src  string
		want string
		msgs []string
	}{
		{"quoted, relative to including file", `#include "dir/a.h"`, "b a", nil},
		{"quoted, main folder", `#include "b.h"`, "top_b", nil},
		{"include dirs in order", "#include <same.h>\n#include \"same.h\"", "inc_same inc_same", nil},
		{"include_next", "#include <next.h>", "before next2 after", nil},
		{"file and level", "#include <c.h>", `c "inc/c.h" 1`, nil},
		{"system FS", "#include <upc.h>\n#include <stdio.h>", `upc_types upc_h stdio "<upcgo>/stdio.h"`, nil},
		{"-I before system FS", "#include <sys_override.h>", "disk_version", nil},
		{"angle does not search the file's folder", "#include <b.h>", "",
			[]string{`t.c:1:10: error: 'b.h' file not found`}},
		{"absolute path", `#include "/abs/path.h"`, "absolute", nil},
		{"macro-expanded names", "#define H <upc.h>\n#define Q \"b.h\"\n#define STR(x) #x\n#define XSTR(x) STR(x)\n#include H\n#include Q\n#include XSTR(dir/b.h)",
			"upc_types upc_h top_b b", nil},
		{"pragma once", "#include \"once.h\"\n#include \"once.h\"\n#include \"./once.h\"", "once", nil},
		{"include guard", "#include \"guard.h\"\n#include \"guard.h\"\nGUARD_H", "guarded", nil},
		{"guard macro undefined includes again", "#include \"guard.h\"\n#undef GUARD_H\n#include \"guard.h\"", "guarded guarded", nil},
		{"not a guard when text follows #endif", "#include \"notguard.h\"\n#include \"notguard.h\"", "x y y", nil},
		{"missing file", "a\n#include \"nope.h\"\nb", "a b", []string{`t.c:2:10: error: 'nope.h' file not found`}},
		{"missing system header", "#include <nope.h>", "", []string{`t.c:1:10: error: 'nope.h' file not found`}},
		{"recursion", `#include "self.h"`, "",
			[]string{`self.h:1:10: error: #include nested depth 200 exceeds maximum of 200`}},
		{"bad operand", "#include\n#include x\n#include <a.h\n#include \"\"\n#include \"b.h\" junk", "top_b",
			[]string{`t.c:1:2: error: #include expects "FILENAME" or <FILENAME>`,
				`t.c:2:10: error: #include expects "FILENAME" or <FILENAME>`,
				`t.c:3:10: error: missing terminating > character`,
				`t.c:4:10: error: empty filename in #include`,
				`t.c:5:16: warning: extra tokens at end of #include directive`}},
		{"conditional must end in its file", "#include \"unterminated.h\"\n#endif",
			"u", []string{`t.c:2:2: error: #endif without #if`, `unterminated.h:1:2: error: unterminated #if`}},
		{"macro call does not span file end", "#include \"mac.h\"\n(1) f(2)", "f (1) [2]", nil},
		{"include in macro arguments", "#define f(x) x\nf(1\n#include \"b.h\"\n)", "1",
			[]string{`t.c:3:2: error: #include inside macro arguments is not supported`}},
		{"__has_include", "#if __has_include(\"b.h\") && __has_include(<upc.h>) && !__has_include(<nope.h>)\nyes\n#endif", "yes", nil},
		{"skipped quote in included file", "#include \"quote_skipped.h\"", "q",
			[]string{`quote_skipped.h:2:1: warning: missing terminating ' character`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := newConfig(files)
			cfg.IncludeDirs = []string{"inc", "inc2"}
			cfg.SystemFS = sys
			out, msgs, _ := preprocess(tt.src, cfg)
			assert.Equal(t, tt.msgs, msgs)
			assert.Equal(t, tt.want, out)
		})
	}
}

func TestIncludeReadsOnce(t *testing.T) {
	m := &memFiles{files: map[string]string{"g.h": "#ifndef G\n#define G\nint g;\n#endif\n"}}
	cfg := &Config{ReadFile: m.read}
	var errs diag.List
	r := Preprocess("t.c", []byte(strings.Repeat("#include \"g.h\"\n", 50)), cfg, &errs)
	require.Empty(t, errs.Items)
	assert.Equal(t, "int g;", join(r.Tokens))
	assert.Equal(t, 1, m.reads["g.h"])
	assert.Contains(t, r.Files, "g.h")
	assert.Contains(t, r.Files, "t.c")
}

func TestPositions(t *testing.T) {
	src := "#define ADD(a, b) ((a) + (b))\nint x =\n  ADD(y,\n z);\n"
	_, msgs, r := preprocess(src, nil)
	require.Empty(t, msgs)
	var got []string
	for _, tok := range r.Tokens {
		got = append(got, fmt.Sprintf("%s@%d:%d", tok.Text, tok.Pos.Line, tok.Pos.Col))
	}
	// Replacement-list tokens sit at the invocation; arguments where written.
	assert.Equal(t, []string{"int@2:1", "x@2:5", "=@2:7",
		"(@3:3", "(@3:3", "y@3:7", ")@3:3", "+@3:3", "(@3:3", "z@4:2", ")@3:3", ")@3:3", ";@4:4"}, got)

	files := map[string]string{"h.h": "\nh"}
	_, _, r = preprocess("#include \"h.h\"\nm", newConfig(files))
	require.Len(t, r.Tokens, 2)
	assert.Equal(t, token.Pos{File: "h.h", Line: 2, Col: 1}, r.Tokens[0].Pos)
	assert.Equal(t, token.Pos{File: "t.c", Line: 2, Col: 1}, r.Tokens[1].Pos)
}

func TestLine(t *testing.T) {
	src := "a\n#line 100\nb\n\nc __LINE__\n#line 7 \"foo.upc\"\nd __FILE__ __LINE__\n#define L 20 \"bar.c\"\n#line L\ne\n# 33 \"baz.c\" 2\nf\n" +
		"#line 1 \"dir\\\\x.c\"\n__FILE__\n"
	out, msgs, r := preprocess(src, nil)
	require.Empty(t, msgs)
	assert.Equal(t, `a b c 102 d "foo.upc" 7 e f "dir\\x.c"`, out)
	pos := map[string]token.Pos{}
	for _, tok := range r.Tokens {
		pos[tok.Text] = tok.Pos
	}
	assert.Equal(t, token.Pos{File: "t.c", Line: 100, Col: 1}, pos["b"])
	assert.Equal(t, token.Pos{File: "t.c", Line: 102, Col: 1}, pos["c"])
	assert.Equal(t, token.Pos{File: "foo.upc", Line: 7, Col: 1}, pos["d"])
	assert.Equal(t, token.Pos{File: "bar.c", Line: 20, Col: 1}, pos["e"])
	assert.Equal(t, token.Pos{File: "baz.c", Line: 33, Col: 1}, pos["f"])
}

func TestBuiltinMacros(t *testing.T) {
	src := "#define F(x) __LINE__ x\n#define L __LINE__\nF(\n__LINE__\n)\nL __FILE__ __DATE__ __TIME__\n__COUNTER__ __COUNTER__ __BASE_FILE__ __INCLUDE_LEVEL__"
	out, msgs, _ := preprocess(src, nil)
	require.Empty(t, msgs)
	// __LINE__ in a replacement list is the invocation's line (3); in an
	// argument, its own line (4).
	assert.Equal(t, `3 4 6 "t.c" "Mar  5 2024" "07:08:09" 0 1 "t.c" 0`, out)
}

func TestConfig(t *testing.T) {
	cfg := newConfig(nil)
	cfg.Defines = []string{"X", "Y=2", "F(a)=[a]", "E=", "Z=3"}
	cfg.Undefs = []string{"Z"}
	cfg.StaticThreads = 8
	out, msgs, r := preprocess("X Y F(1) <E> Z THREADS __UPC_STATIC_THREADS__\n#ifdef __UPC_DYNAMIC_THREADS__\ndyn\n#endif", cfg)
	require.Empty(t, msgs)
	assert.Equal(t, "1 2 [1] <> Z 8 1", out)
	assert.Contains(t, r.Files, commandLineFileName)

	cfg = newConfig(nil)
	cfg.Defines = []string{"1X"}
	_, msgs, _ = preprocess("", cfg)
	assert.Equal(t, []string{"<command-line>:1:9: error: macro names must be identifiers"}, msgs)
}

func TestSourcesForDiagnostics(t *testing.T) {
	cfg := newConfig(map[string]string{"h.h": "int x;\n#error from header\n"})
	cfg.SystemFS = fstest.MapFS{"s.h": {Data: []byte("#warning system\n")}}
	cfg.SystemName = "/opt/upcgo/include"
	var errs diag.List
	r := Preprocess("t.c", []byte("#include \"h.h\"\n#include <s.h>\n"), cfg, &errs)
	errs.Sort()
	var b strings.Builder
	errs.Print(&b, r.Sources(), 0)
	assert.Equal(t, "/opt/upcgo/include/s.h:1:2: warning: #warning system\n #warning system\n  ^\n"+
		"h.h:2:2: error: #error from header\n #error from header\n  ^\n", b.String())
	assert.Contains(t, r.Files, "/opt/upcgo/include/s.h")
}

func TestNilConfigAndErrors(t *testing.T) {
	r := Preprocess("t.c", []byte("#define X 1\nX __UPC__\n#include <nope.h>\n"), nil, nil)
	assert.Equal(t, "1 1", join(r.Tokens))
}

func TestPragmas(t *testing.T) {
	src := `#pragma upc strict
int a;
{ #pragma not a directive
#pragma upc relaxed
b; }
#define RELAXED _Pragma("upc relaxed")
RELAXED c;
_Pragma("omp parallel for \"x\"") d;
#pragma once
#pragma STDC FP_CONTRACT ON
`
	out, msgs, r := preprocess(src, nil)
	require.Empty(t, msgs)
	assert.Equal(t, `int a; { #pragma not a directive b; } c; d;`, out)
	type pr struct {
		Pos   string
		Text  string
		Index int
	}
	var got []pr
	for _, p := range r.Pragmas {
		got = append(got, pr{p.Pos.String(), join(p.Tokens), p.Index})
	}
	assert.Equal(t, []pr{
		{"t.c:1:1", "upc strict", 0},
		{"t.c:4:1", "upc relaxed", 9},
		{"t.c:7:1", "upc relaxed", 12},
		{"t.c:8:1", `omp parallel for "x"`, 14},
		{"t.c:10:1", "STDC FP_CONTRACT ON", 16},
	}, got)
}

func TestPushPopMacro(t *testing.T) {
	src := "#define X 1\n#pragma push_macro(\"X\")\n#undef X\n#define X 2\nX\n#pragma pop_macro(\"X\")\nX\n" +
		"#pragma push_macro(\"U\")\n#define U 3\n#pragma pop_macro(\"U\")\nU"
	out, msgs, r := preprocess(src, nil)
	require.Empty(t, msgs)
	assert.Equal(t, "2 1 U", out)
	assert.Empty(t, r.Pragmas)
}

func TestRunawayExpansion(t *testing.T) {
	var b strings.Builder
	b.WriteString("#define x0 1\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "#define x%d x%d x%d\n", i, i-1, i-1)
	}
	b.WriteString("x40\n")
	cfg := newConfig(nil)
	cfg.MaxTokens = 100000
	_, msgs, r := preprocess(b.String(), cfg)
	require.NotEmpty(t, msgs)
	assert.Contains(t, msgs[len(msgs)-1], "error: preprocessing exceeds 100000 tokens")
	assert.Less(t, len(r.Tokens), 100000)

	// Nested '#' and '##' double a spelling per level, with few tokens.
	for _, src := range []string{
		"#define s(x) #x #x\n#define t(x) s(x)\n" + strings.Repeat("t(", 30) + "a" + strings.Repeat(")", 30),
		"#define c(x) x##x\n#define d(x) c(x)\n" + strings.Repeat("d(", 40) + "a" + strings.Repeat(")", 40),
	} {
		_, msgs, _ = preprocess(src, cfg)
		require.Len(t, msgs, 1)
		assert.Contains(t, msgs[0], "error: preprocessing exceeds 100000 tokens")
	}

	// Two self-inclusions per level would be 2^200 files without a cap.
	cfg = newConfig(map[string]string{"t.c": "#include \"t.c\"\n#include \"t.c\"\n"})
	cfg.MaxTokens = 100000
	_, msgs, _ = preprocess("#include \"t.c\"\n#include \"t.c\"\n", cfg)
	assert.NotEmpty(t, msgs)
}

// fuzzSeeds are inputs for FuzzPreprocess besides the test tables.
var fuzzSeeds = []string{
	"#define f(x) #x\nf(\"a\\n\")",
	"#define a(x) b(x\n#define b(x) a(x)\na(1))",
	"#if 1 ? (2, 3) : 0 / 0\n#elif\n#endif",
	"#define C(a,...) a ## __VA_ARGS__ __VA_OPT__(x ## a)\nC(,) C(1,2)",
	"#include \"self.h\"\n",
	"#line 5 \"x\"\n__LINE__ __FILE__",
	"_Pragma(\"once\") _Pragma(",
	"#define E(...) __VA_OPT__(\n",
}

func FuzzPreprocess(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	// The regression suite's programs and the examples, as written.
	files, _ := filepath.Glob("../../testsuite/*/*.upc")
	more, _ := filepath.Glob("../../examples/*.upc")
	for _, file := range append(files, more...) {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		cfg := newConfig(map[string]string{"self.h": src, "a.h": "#define A 1\nA"})
		cfg.MaxTokens = 1 << 16
		var errs diag.List
		r := Preprocess("f.c", []byte(src), cfg, &errs)
		for _, d := range errs.Items {
			if !d.Pos.IsValid() {
				t.Fatalf("unpositioned diagnostic %v", d)
			}
		}
		for _, tok := range r.Tokens {
			if !tok.Pos.IsValid() || tok.Text == "" || tok.Kind == token.EOF {
				t.Fatalf("bad token %v", tok)
			}
		}
	})
}

// benchSource is a synthetic translation unit: a header of macros and
// 10 000 lines using them.
func benchSource() []byte {
	var b strings.Builder
	b.WriteString(`#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define SQR(x) ((x) * (x))
#define IDX(i, j) ((i) * N + (j))
#define N 1024
#define CAT(a, b) a ## b
#define STR(x) #x
#define LOG(fmt, ...) printf("%s:%d: " fmt "\n", __FILE__, __LINE__, ##__VA_ARGS__)
`)
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "static double CAT(f, %d)(shared [N] double *a, int i, int j) {\n", i)
		b.WriteString("  double s = MIN(a[IDX(i, j)], MAX(SQR(i), SQR(j))); /* comment */\n")
		fmt.Fprintf(&b, "#if %d %% 3 == 0\n  LOG(\"x=%%g\", s);\n#else\n  LOG(STR(line %d));\n#endif\n", i, i)
		b.WriteString("  return s; }\n")
	}
	return []byte(b.String())
}

// plainSource is C with few macros, like most application code.
func plainSource() []byte {
	var b strings.Builder
	b.WriteString("#include \"h.h\"\n#define N 100\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "/* function %d */\nint g%d(int *restrict a, const char *s) {\n", i, i)
		b.WriteString("  for (int i = 0; i < N; i++) { if (a[i] > 0x7f && s[i] != '\\n') a[i] += 2.5e3 * i; }\n")
		b.WriteString("#ifdef DEBUG\n  printf(\"%d\\n\", a[0]);\n#endif\n  return a[0] << 2 | a[1] >> 3; }\n")
	}
	return []byte(b.String())
}

// BenchmarkPreprocess measures MB/s of input (scanning included: the
// scanner is about half of the time).
func BenchmarkPreprocess(b *testing.B) {
	for _, bench := range []struct {
		name string
		src  []byte
	}{{"macros", benchSource()}, {"plain", plainSource()}} {
		b.Run(bench.name, func(b *testing.B) {
			cfg := newConfig(map[string]string{"h.h": "#ifndef H\n#define H\nint printf(const char *, ...);\n#endif\n"})
			b.SetBytes(int64(len(bench.src)))
			b.ReportAllocs()
			for b.Loop() {
				var errs diag.List
				Preprocess("bench.upc", bench.src, cfg, &errs)
				if errs.HasErrors() {
					b.Fatal(errs.Error())
				}
			}
		})
	}
}
