package parser

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
	"github.com/upcgo/upcgo/parser/token"
)

// parse parses src as file t.c and returns the S-expression of the file
// (declarations separated by spaces) and the sorted diagnostics as
// "line:col: severity: message".
func parse(src string) (*ast.File, string, []string) {
	var errs diag.List
	toks := scan.Tokenize("t.c", []byte(src), &errs)
	f := Parse(toks, &errs)
	errs.Sort()
	var msgs []string
	for _, d := range errs.Items {
		msgs = append(msgs, fmt.Sprintf("%d:%d: %s: %s", d.Pos.Line, d.Pos.Col, d.Severity, d.Msg))
	}
	return f, strings.ReplaceAll(ast.Sprint(f), "\n", " "), msgs
}

// body parses "pre void f(void) { src }" and returns the S-expressions of
// the items of f's body.
func body(t *testing.T, pre, src string) (string, []string) {
	t.Helper()
	f, _, msgs := parse(pre + "\nvoid f(void) {\n" + src + "\n}")
	require.NotEmpty(t, f.Decls)
	fd, ok := f.Decls[len(f.Decls)-1].(*ast.FuncDecl)
	require.True(t, ok, "last declaration is not f's definition")
	var items []string
	for _, s := range fd.Body.Items {
		items = append(items, ast.Sprint(s))
	}
	return strings.Join(items, " "), msgs
}

type parseCase struct {
	src, want string
}

func runDecls(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			_, got, msgs := parse(c.src)
			assert.Empty(t, msgs)
			assert.Equal(t, c.want, got)
		})
	}
}

// bodyCase is parsed inside a function, after the file-scope pre.
type bodyCase struct {
	pre, src, want string
}

func runBodies(t *testing.T, cases []bodyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.pre+"|"+c.src, func(t *testing.T) {
			got, msgs := body(t, c.pre, c.src)
			assert.Empty(t, msgs)
			assert.Equal(t, c.want, got)
		})
	}
}

var declarationCases = []parseCase{
	{"int x;", "(decl x int)"},
	{"int x = 1;", "(decl x int 1)"},
	{"int a, *b, c[3];", "(decl a int) (decl b (ptr int)) (decl c (array 3 int))"},
	{"const int *p;", "(decl p (ptr const int))"},
	{"int const *p;", "(decl p (ptr const int))"},
	{"int *const q;", "(decl q (const ptr int))"},
	{"int *restrict r;", "(decl r (restrict ptr int))"},
	{"int *const volatile *p;", "(decl p (ptr (const volatile ptr int)))"},
	{"volatile unsigned long long v;", "(decl v volatile unsigned long long)"},
	{"char **argv;", "(decl argv (ptr (ptr char)))"},
	{"int a[3][4];", "(decl a (array 3 (array 4 int)))"},
	{"int a[];", "(decl a (array [] int))"},
	{"int *(*a[3])[4];", "(decl a (array 3 (ptr (array 4 (ptr int)))))"},
	{"int (*fp)(int, char*);", "(decl fp (ptr (func int int (ptr char))))"},
	{"int *(*fp2)(void);", "(decl fp2 (ptr (func (ptr int))))"},
	{"int (*(*x)[5])(void);", "(decl x (ptr (array 5 (ptr (func int)))))"},
	{"void (*signal(int sig, void (*func)(int)))(int);",
		"(decl signal (func (ptr (func void int)) sig:int func:(ptr (func void int))))"},
	{"int ((x));", "(decl x int)"},
	{"int f(int, char *, ...);", "(decl f (func int int (ptr char) ...))"},
	{"int g();", "(decl g (oldfunc int))"},
	{"int h(void);", "(decl h (func int))"},
	{"int h(const void *);", "(decl h (func int (ptr const void)))"},
	{"int k(int a[static 10], int b[const], int c[*], int d[*p]);",
		"(decl k (func int a:(array static 10 int) b:(const array [] int) c:(array * int) d:(array (* p) int)))"},
	{"void f(int (*)(int), int (*[2])(void), char (*)[4]);",
		"(decl f (func void (ptr (func int int)) (array 2 (ptr (func int))) (ptr (array 4 char))))"},
	{"void f(register int r, int);", "(decl f (func void register r:int int))"},
	{"extern int errno;", "(decl extern errno int)"},
	{"static int s; register int r; auto int au;", "(decl static s int) (decl register r int) (decl auto au int)"},
	{"typedef unsigned long size_t;", "(typedef size_t unsigned long)"},
	{"typedef int T; T x; T *p;", "(typedef T int) (decl x T) (decl p (ptr T))"},
	{"typedef int A, *B; B b;", "(typedef A int) (typedef B (ptr int)) (decl b B)"},
	{"typedef int T; const T x; T const y;", "(typedef T int) (decl x const T) (decl y const T)"},
	{"typedef int F(int); F *fp;", "(typedef F (func int int)) (decl fp (ptr F))"},
	{"inline int f(void);", "(decl inline f (func int))"},
	{"_Noreturn void die(void);", "(decl die (func void))"},
	// Basic type words in any order.
	{"long double ld;", "(decl ld long double)"},
	{"_Bool b;", "(decl b _Bool)"},
	{"signed char sc; unsigned char uc; char c;", "(decl sc signed char) (decl uc unsigned char) (decl c char)"},
	{"short int si; short s; unsigned short us;", "(decl si short) (decl s short) (decl us unsigned short)"},
	{"long unsigned int lui;", "(decl lui unsigned long)"},
	{"int long long unsigned x;", "(decl x unsigned long long)"},
	{"unsigned u; signed s; signed int si;", "(decl u unsigned int) (decl s int) (decl si int)"},
	{"long l; long long ll; double d; float f;", "(decl l long) (decl ll long long) (decl d double) (decl f float)"},
	{"void *vp;", "(decl vp (ptr void))"},
	{"__builtin_va_list ap;", "(decl ap __builtin_va_list)"},
	// Structs, unions, enums.
	{"struct S { int a; char *b; };", "(decl (struct S {a:int b:(ptr char)}))"},
	{"struct S;", "(decl (struct S))"},
	{"union U { int i; float f; } u;", "(decl u (union U {i:int f:float}))"},
	{"struct S *sp;", "(decl sp (ptr (struct S)))"},
	{"struct { int x, y; } pt;", "(decl pt (struct {x:int y:int}))"},
	{"struct S {};", "(decl (struct S {}))"},
	{"struct B { unsigned c : 3; int : 0; signed d:1; };", "(decl (struct B {c:unsigned int:3 _:int:0 d:int:1}))"},
	{"struct O { struct { int x; } inner; union { int i; float f; }; };",
		"(decl (struct O {inner:(struct {x:int}) (union {i:int f:float})}))"},
	{"struct F { int n; double d[]; int (*op)(int); };", "(decl (struct F {n:int d:(array [] double) op:(ptr (func int int))}))"},
	{"struct E { int a;; };", "(decl (struct E {a:int}))"},
	{"typedef struct node { struct node *next; int v; } node_t, *node_p;",
		"(typedef node_t (struct node {next:(ptr (struct node)) v:int})) (typedef node_p (ptr (struct node {next:(ptr (struct node)) v:int})))"},
	{"const struct S s;", "(decl s (const struct S))"},
	{"enum color { RED, GREEN = 5, BLUE };", "(decl (enum color {RED GREEN=5 BLUE}))"},
	{"enum { A, B, };", "(decl (enum {A B}))"},
	{"enum color c = RED;", "(decl c (enum color) RED)"},
	{"enum E { X = 1 << 2, Y = X | 1 } e;", "(decl e (enum E {X=(<< 1 2) Y=(| X 1)}))"},
	// Initializers.
	{"int a[] = {1, 2, 3};", "(decl a (array [] int) {1 2 3})"},
	{"int a[] = {1, 2, 3,};", "(decl a (array [] int) {1 2 3})"},
	{"struct P { int x, y; } pt = { .y = 2, .x = 1 };", "(decl pt (struct P {x:int y:int}) {.y=2 .x=1})"},
	{"int m[3][3] = { [0][1] = 1, [2] = { 3, 4 } };", "(decl m (array 3 (array 3 int)) {[0][1]=1 [2]={3 4}})"},
	{"struct Q q = { .a.b[2] = 7, .c = { .d = 1 } };", "(decl q (struct Q) {.a.b[2]=7 .c={.d=1}})"},
	{"int r[10] = { [2 ... 4] = 1 };", "(decl r (array 10 int) {[2...4]=1})"},
	{"struct S s = {};", "(decl s (struct S) {})"},
	{"char s[] = \"hi\";", "(decl s (array [] char) \"hi\")"},
	{"int x = 1, y = x + 1;", "(decl x int 1) (decl y int (+ x 1))"},
	{"int *p = &x, **pp = &p;", "(decl p (ptr int) (& x)) (decl pp (ptr (ptr int)) (& p))"},
	// Function definitions.
	{"int main(void) { return 0; }", "(fundef main (func int) {(return 0)})"},
	{"int main(int argc, char **argv) { return argc; }",
		"(fundef main (func int argc:int argv:(ptr (ptr char))) {(return argc)})"},
	{"static inline int sq(int x) { return x * x; }", "(fundef static inline sq (func int x:int) {(return (* x x))})"},
	{"int (*get(void))(int) { return 0; }", "(fundef get (func (ptr (func int int))) {(return 0)})"},
	{"int old() { }", "(fundef old (oldfunc int) {})"},
	{"void v(int n, ...) { }", "(fundef v (func void n:int ...) {})"},
	// gcc-isms, parsed and dropped.
	{"int __attribute__((aligned(16))) x __attribute__((unused));", "(decl x int)"},
	{"extern int y asm(\"y_sym\");", "(decl extern y int)"},
	{"extern int z __asm__(\"z\") __attribute__((weak));", "(decl extern z int)"},
	{"__extension__ typedef long long ll;", "(typedef ll long long)"},
	{"static __inline__ int g(const char *__restrict__ s) __attribute__((nonnull(1)));",
		"(decl static inline g (func int s:(restrict ptr const char)))"},
	{"__inline int h(void); int __const c; int *__restrict r; volatile int __volatile__ v;",
		"(decl inline h (func int)) (decl c const int) (decl r (restrict ptr int)) (decl v volatile int)"},
	{"struct __attribute__((packed)) P { char c; int i; } __attribute__((aligned(4)));",
		"(decl (struct P {c:char i:int}))"},
	{"void f(void) __attribute__((noreturn)); int * __attribute__((x)) p;", "(decl f (func void)) (decl p (ptr int))"},
	{"__signed__ char sc;", "(decl sc signed char)"},
	{";;int x;;", "(decl x int)"},
}

func TestDeclarations(t *testing.T) { runDecls(t, declarationCases) }

var upcDeclarationCases = []parseCase{
	{"shared int x;", "(decl x shared int)"},
	{"shared [4] int a[4*THREADS];", "(decl a (array (* 4 THREADS) shared[4] int))"},
	{"shared [*] int b[THREADS];", "(decl b (array THREADS shared[*] int))"},
	{"shared [] int *c;", "(decl c (ptr shared[] int))"},
	{"shared [N+1] double d[10][THREADS];", "(decl d (array 10 (array THREADS shared[(+ N 1)] double)))"},
	{"int shared s;", "(decl s shared int)"},
	{"strict shared int s; relaxed shared [2] double d[10];",
		"(decl s strict shared int) (decl d (array 10 relaxed shared[2] double))"},
	{"shared int *p;", "(decl p (ptr shared int))"},
	{"int *shared q;", "(decl q (shared ptr int))"},
	{"shared int *shared r;", "(decl r (shared ptr shared int))"},
	{"shared [4] int *shared p;", "(decl p (shared ptr shared[4] int))"},
	{"shared [3] int * shared [5] * t;", "(decl t (ptr (shared[5] ptr shared[3] int)))"},
	{"shared [] char *strict shared s;", "(decl s (strict shared ptr shared[] char))"},
	{"typedef shared [4] int sblk; sblk *bp;", "(typedef sblk shared[4] int) (decl bp (ptr sblk))"},
	{"struct S { int a; }; shared struct S ss[THREADS];", "(decl (struct S {a:int})) (decl ss (array THREADS (shared struct S)))"},
	{"void f(shared int *p, shared [] char *q);", "(decl f (func void p:(ptr shared int) q:(ptr shared[] char)))"},
	{"shared shared [2] int y;", "(decl y shared[2] int)"},
	{"int x = THREADS + MYTHREAD + UPC_MAX_BLOCK_SIZE;", "(decl x int (+ (+ THREADS MYTHREAD) UPC_MAX_BLOCK_SIZE))"},
}

func TestUPCDeclarations(t *testing.T) { runDecls(t, upcDeclarationCases) }

var expressionCases = []bodyCase{
	{"", "x;", "x"},
	{"", "a = b + c * d - e / f % g;", "(= a (- (+ b (* c d)) (% (/ e f) g)))"},
	{"", "a - b - c;", "(- (- a b) c)"},
	{"", "a = b << 1 >> 2;", "(= a (>> (<< b 1) 2))"},
	{"", "a < b == c > d;", "(== (< a b) (> c d))"},
	{"", "a <= b != c >= d;", "(!= (<= a b) (>= c d))"},
	{"", "a & b ^ c | d && e || f;", "(|| (&& (| (^ (& a b) c) d) e) f)"},
	{"", "a || b && c;", "(|| a (&& b c))"},
	{"", "a + b << c;", "(<< (+ a b) c)"},
	{"", "a == b & c;", "(& (== a b) c)"},
	{"", "a = b = c;", "(= a (= b c))"},
	{"", "a += 1; a -= 1; a *= 2; a /= 2; a %= 3;", "(+= a 1) (-= a 1) (*= a 2) (/= a 2) (%= a 3)"},
	{"", "a <<= 1; a >>= 1; a &= 1; a ^= 1; a |= 1;", "(<<= a 1) (>>= a 1) (&= a 1) (^= a 1) (|= a 1)"},
	{"", "a ? b : c ? d : e;", "(? a b (? c d e))"},
	{"", "a ? b, c : d;", "(? a (, b c) d)"},
	{"", "a = b ? c : d;", "(= a (? b c d))"},
	{"", "x = a ?: b;", "(= x (? a _ b))"},
	{"", "x = (a, b, c);", "(= x (, a b c))"},
	{"", "a, b = c, d;", "(, a (= b c) d)"},
	{"", "p->x++;", "(post++ (-> p x))"},
	{"", "++*p; --a[i];", "(pre++ (* p)) (pre-- (index a i))"},
	{"", "&x; *p = -q; +y;", "(& x) (= (* p) (- q)) (+ y)"},
	{"", "!~x;", "(! (~ x))"},
	{"", "- -x; -(-x); - - - x;", "(- (- x)) (- (- x)) (- (- (- x)))"},
	{"", "*p++;", "(* (post++ p))"},
	{"", "f(); f(a); f(a, b = 1, (c, d));", "(call f) (call f a) (call f a (= b 1) (, c d))"},
	{"", "f(a, b)(c);", "(call (call f a b) c)"},
	{"", "(*fp)(x);", "(call (* fp) x)"},
	{"", "s.a.b[1]->c;", "(-> (index (. (. s a) b) 1) c)"},
	{"", "a[i][j] = b[i + 1];", "(= (index (index a i) j) (index b (+ i 1)))"},
	{"", "x = (y) - 1; x = (y)(z);", "(= x (- y 1)) (= x (call y z))"},
	{"", "x = (((y)));", "(= x y)"},
	{"", "x = sizeof y; x = sizeof(y); x = sizeof *p; x = sizeof y + 1;",
		"(= x (sizeof y)) (= x (sizeof y)) (= x (sizeof (* p))) (= x (+ (sizeof y) 1))"},
	{"", "x = sizeof(int); x = sizeof (int[3]); x = sizeof(char *);",
		"(= x (sizeof-type int)) (= x (sizeof-type (array 3 int))) (= x (sizeof-type (ptr char)))"},
	{"", "x = sizeof(struct S); x = sizeof(int (*)(void));",
		"(= x (sizeof-type (struct S))) (= x (sizeof-type (ptr (func int))))"},
	{"", "x = sizeof sizeof x;", "(= x (sizeof (sizeof x)))"},
	{"typedef int T;", "x = sizeof(T) * 2;", "(= x (* (sizeof-type T) 2))"},
	{"", "x = (int)y;", "(= x (cast int y))"},
	{"", "x = (int)(char)z;", "(= x (cast int (cast char z)))"},
	{"", "x = (unsigned long)-1;", "(= x (cast unsigned long (- 1)))"},
	{"", "x = (struct S *)p;", "(= x (cast (ptr (struct S)) p))"},
	{"", "x = (int (*)(int))fp;", "(= x (cast (ptr (func int int)) fp))"},
	{"", "x = (const char *const *)p;", "(= x (cast (ptr (const ptr const char)) p))"},
	{"", "x = (shared int *)p;", "(= x (cast (ptr shared int) p))"},
	{"", "x = (shared [4] double *)p;", "(= x (cast (ptr shared[4] double) p))"},
	{"", "x = (int)a + b;", "(= x (+ (cast int a) b))"},
	{"", "x = (int)a[1];", "(= x (cast int (index a 1)))"},
	{"typedef int T;", "x = (T)y; x = (T)-1; x = (T *)p;", "(= x (cast T y)) (= x (cast T (- 1))) (= x (cast (ptr T) p))"},
	{"", "p = (struct P){1, 2};", "(= p (complit (struct P) {1 2}))"},
	{"", "q = &(int[]){1, 2, 3}[1];", "(= q (& (index (complit (array [] int) {1 2 3}) 1)))"},
	{"", "x = sizeof (int){1};", "(= x (sizeof (complit int {1})))"},
	{"", "f((struct P){ .x = 1, .y = 2 }.x);", "(call f (. (complit (struct P) {.x=1 .y=2}) x))"},
	{"", "s = \"a\" \"b\" L\"c\";", "(= s (str \"a\" \"b\" L\"c\"))"},
	{"", "c = 'x'; c = L'\\n';", "(= c 'x') (= c L'\\n')"},
	{"", "d = 1.5e3f; d = .5; d = 0x1p-3;", "(= d 1.5e3f) (= d .5) (= d 0x1p-3)"},
	{"", "e = 0x1fUL; e = 017; e = 42;", "(= e 0x1fUL) (= e 017) (= e 42)"},
	{"", "x = ({ int y = 1; y; });", "(= x (stmtexpr {(decl y int 1) y}))"},
	{"", "x = __builtin_va_arg(ap, int); y = __builtin_va_arg(ap, char *);",
		"(= x (va_arg ap int)) (= y (va_arg ap (ptr char)))"},
	{"", "y = __builtin_offsetof(struct S, a.b[2].c);", "(= y (offsetof (struct S) .a.b[2].c))"},
	{"", "__extension__ (x = 1LL);", "(= x 1LL)"},
}

func TestExpressions(t *testing.T) { runBodies(t, expressionCases) }

var upcExpressionCases = []bodyCase{
	{"", "x = THREADS * MYTHREAD;", "(= x (* THREADS MYTHREAD))"},
	{"", "x = upc_localsizeof(int);", "(= x (upc_localsizeof-type int))"},
	{"", "x = upc_localsizeof a;", "(= x (upc_localsizeof a))"},
	{"", "x = upc_blocksizeof(shared [4] int);", "(= x (upc_blocksizeof-type shared[4] int))"},
	{"", "x = upc_blocksizeof a[0];", "(= x (upc_blocksizeof (index a 0)))"},
	{"", "x = upc_elemsizeof(a) + 1;", "(= x (+ (upc_elemsizeof a) 1))"},
	{"typedef shared int SI;", "x = upc_elemsizeof(SI);", "(= x (upc_elemsizeof-type SI))"},
	{"", "x = UPC_MAX_BLOCK_SIZE;", "(= x UPC_MAX_BLOCK_SIZE)"},
}

func TestUPCExpressions(t *testing.T) { runBodies(t, upcExpressionCases) }

var statementCases = []bodyCase{
	{"", ";", ";"},
	{"", "{}", "{}"},
	{"", "{ int w; { w = 1; } }", "{(decl w int) {(= w 1)}}"},
	{"", "if (a) b();", "(if a (call b))"},
	{"", "if (a) b(); else c();", "(if a (call b) (call c))"},
	{"", "if (a) b(); else if (c) d(); else { e(); }", "(if a (call b) (if c (call d) {(call e)}))"},
	{"", "if (x) if (y) z(); else w();", "(if x (if y (call z) (call w)))"},
	{"", "switch (x) { case 1: case 2: y(); break; default: ; }",
		"(switch x {(case 1 (case 2 (call y))) (break) (default ;)})"},
	{"", "switch (x) { case 3 ... 5: z(); }", "(switch x {(case 3...5 (call z))})"},
	{"", "switch (c) { case 'a': case A + 1: f(); }", "(switch c {(case 'a' (case (+ A 1) (call f)))})"},
	{"", "switch (x) { case 1: }", "(switch x {(case 1 ;)})"},
	{"", "while (x) x--;", "(while x (post-- x))"},
	{"", "while (1) { if (done) break; else continue; }", "(while 1 {(if done (break) (continue))})"},
	{"", "do { x++; } while (x < 10);", "(do {(post++ x)} (< x 10))"},
	{"", "do x++; while (x);", "(do (post++ x) x)"},
	{"", "for (;;) break;", "(for _ _ _ (break))"},
	{"", "for (i = 0, j = 1; i < n; i++, j++) continue;",
		"(for (, (= i 0) (= j 1)) (< i n) (, (post++ i) (post++ j)) (continue))"},
	{"", "for (int i = 0, j; i < n; ++i) ;", "(for ((decl i int 0) (decl j int)) (< i n) (pre++ i) ;)"},
	{"", "for (; i;) {}", "(for _ i _ {})"},
	{"", "goto out; out: return;", "(goto out) (label out (return))"},
	{"", "lbl: ;", "(label lbl ;)"},
	{"", "a: b: x = 1;", "(label a (label b (= x 1)))"},
	{"", "end:", "(label end ;)"},
	{"", "l: int x;", "(label l ;) (decl x int)"},
	{"", "return;", "(return)"},
	{"", "return a + b;", "(return (+ a b))"},
	{"", "int a[n]; int x = 1, *y = &x; x = 2; int z;",
		"(decl a (array n int)) (decl x int 1) (decl y (ptr int) (& x)) (= x 2) (decl z int)"},
	{"", "static int count; extern int g; register int r;",
		"(decl static count int) (decl extern g int) (decl register r int)"},
	{"", "struct S { int a; } s; enum { A } e;", "(decl s (struct S {a:int})) (decl e (enum {A}))"},
	{"", "struct S;", "(decl (struct S))"},
	{"", "typedef int I; I i;", "(typedef I int) (decl i I)"},
	{"", "switch (x) { case 1: f(); __attribute__((fallthrough)); case 2: g(); }",
		"(switch x {(case 1 (call f)) ; (case 2 (call g))})"},
	{"", "__attribute__((unused)) int u;", "(decl u int)"},
}

func TestStatements(t *testing.T) { runBodies(t, statementCases) }

var upcStatementCases = []bodyCase{
	{"", "upc_forall (i = 0; i < n; i++; i) a[i] = 0;",
		"(upc_forall (= i 0) (< i n) (post++ i) i (= (index a i) 0))"},
	{"", "upc_forall (i = 0; i < n; i++; &a[i]) { a[i] = 1; }",
		"(upc_forall (= i 0) (< i n) (post++ i) (& (index a i)) {(= (index a i) 1)})"},
	{"", "upc_forall (int i = 0; i < N; i++; i) ;", "(upc_forall ((decl i int 0)) (< i N) (post++ i) i ;)"},
	{"", "upc_forall (;;; continue) {}", "(upc_forall _ _ _ continue {})"},
	{"", "upc_forall (i = 0; i < N; i++;) x();", "(upc_forall (= i 0) (< i N) (post++ i) _ (call x))"},
	{"", "upc_forall (i = 0; i < N; i++; i * THREADS / N) ;",
		"(upc_forall (= i 0) (< i N) (post++ i) (/ (* i THREADS) N) ;)"},
	{"", "upc_forall (i = 0; i < N; i++; i) upc_forall (j = 0; j < M; j++; continue) a[i][j] = 0;",
		"(upc_forall (= i 0) (< i N) (post++ i) i (upc_forall (= j 0) (< j M) (post++ j) continue (= (index (index a i) j) 0)))"},
	{"", "upc_barrier;", "(upc_barrier)"},
	{"", "upc_barrier 1 + 1;", "(upc_barrier (+ 1 1))"},
	{"", "upc_notify; upc_wait;", "(upc_notify) (upc_wait)"},
	{"", "upc_notify 3; upc_wait 3;", "(upc_notify 3) (upc_wait 3)"},
	{"", "upc_fence;", "(upc_fence)"},
	{"", "shared int *p = &a[MYTHREAD]; int *shared *q;",
		"(decl p (ptr shared int) (& (index a MYTHREAD))) (decl q (ptr (shared ptr int)))"},
	{"", "if (MYTHREAD == 0) upc_barrier;", "(if (== MYTHREAD 0) (upc_barrier))"},
}

func TestUPCStatements(t *testing.T) { runBodies(t, upcStatementCases) }

// Typedef names are told apart from identifiers by scope.
var typedefScopeCases = []bodyCase{
	{"typedef int T;", "T * x;", "(decl x (ptr T))"},
	{"int T;", "T * x;", "(* T x)"},
	{"typedef int T;", "{ int T; T * y; } T * z;", "{(decl T int) (* T y)} (decl z (ptr T))"},
	{"typedef int T;", "int T = 1; T = 2;", "(decl T int 1) (= T 2)"},
	{"typedef int T;", "T T; T = 2;", "(decl T T) (= T 2)"},
	{"typedef int T;", "T T, *p;", "(decl T T) (decl p (ptr T))"},
	{"typedef int T;", "unsigned T; T = 1;", "(decl T unsigned int) (= T 1)"},
	{"typedef int T;", "T: x = 1; goto T;", "(label T (= x 1)) (goto T)"},
	{"typedef int T;", "enum { T }; int x = T * 2;", "(decl (enum {T})) (decl x int (* T 2))"},
	{"typedef int T;", "for (T i = 0; i < 3; i++) { T * p; }", "(for ((decl i T 0)) (< i 3) (post++ i) {(decl p (ptr T))})"},
	{"typedef int T;", "for (int T = 0; T < 3; T++) T * 2; T * p;", "(for ((decl T int 0)) (< T 3) (post++ T) (* T 2)) (decl p (ptr T))"},
	{"typedef int T;", "upc_forall (int T = 0; T < 3; T++; T) T * 2;", "(upc_forall ((decl T int 0)) (< T 3) (post++ T) T (* T 2))"},
	{"typedef int T;", "x = (T)(y); x = (T)+1;", "(= x (cast T y)) (= x (cast T (+ 1)))"},
	{"int T;", "x = (T)(y); x = (T)+1;", "(= x (call T y)) (= x (+ T 1))"},
	{"typedef int T;", "{ typedef char T; T c; } T i;", "{(typedef T char) (decl c T)} (decl i T)"},
	{"", "typedef int L; { L l; }", "(typedef L int) {(decl l L)}"},
	{"typedef int T;", "x = sizeof(T); { int T; x = sizeof(T); }", "(= x (sizeof-type T)) {(decl T int) (= x (sizeof T))}"},
	{"typedef int T; struct S { int T; T x; };", "struct S s;", "(decl s (struct S))"},
	{"typedef int T; int g(int T) { return T * 2; }", "T x;", "(decl x T)"},
	{"typedef struct S S;", "S s; struct S *p;", "(decl s S) (decl p (ptr (struct S)))"},
}

func TestTypedefScopes(t *testing.T) { runBodies(t, typedefScopeCases) }

var fileTypedefScopeCases = []parseCase{
	{"typedef int T; void g(T T) { T * y; }", "(typedef T int) (fundef g (func void T:T) {(* T y)})"},
	{"typedef int T; struct S { int T; T x; };", "(typedef T int) (decl (struct S {T:int x:T}))"},
	{"typedef int T; struct { T : 3; T x : 2; const T y; } s;", "(typedef T int) (decl s (struct {_:T:3 x:T:2 y:const T}))"},
	{"typedef int T; T f(T x) { return (T)x; }", "(typedef T int) (fundef f (func T x:T) {(return (cast T x))})"},
	// A parenthesised typedef name in a parameter is a function
	// declarator (C99 6.7.5.3p11); any other name is the parameter's.
	{"typedef int T; int g(int (T));", "(typedef T int) (decl g (func int (func int T)))"},
	{"int h(int (x));", "(decl h (func int x:int))"},
	{"typedef int T; void f(void) { int T; } T x;", "(typedef T int) (fundef f (func void) {(decl T int)}) (decl x T)"},
	{"void f(void) { typedef int L; } int L;", "(fundef f (func void) {(typedef L int)}) (decl L int)"},
	{"typedef int T; enum { T2 = sizeof(T) };", "(typedef T int) (decl (enum {T2=(sizeof-type T)}))"},
}

func TestTypedefScopesFile(t *testing.T) { runDecls(t, fileTypedefScopeCases) }

// errCase lists every diagnostic expected for src, as "line:col: severity: message".
type errCase struct {
	src  string
	want []string
}

var errorCases = []errCase{
	{"int x y;", []string{"1:7: error: expected '=', ',', ';', 'asm' or '__attribute__' before 'y'"}},
	{"int x = 1 2;", []string{"1:11: error: expected ',' or ';' before numeric constant"}},
	{"int x, ;", []string{"1:8: error: expected identifier or '(' before ';' token"}},
	{"int f(void) { int x = ; }", []string{"1:23: error: expected expression before ';' token"}},
	{"int f(void) { x = 1 }", []string{"1:21: error: expected ';' before '}' token"}},
	{"int f(void) { if x) ; }", []string{"1:18: error: expected '(' before 'x'"}},
	{"int f(void) { while (1) }", []string{"1:25: error: expected statement before '}' token"}},
	{"}", []string{"1:1: error: expected identifier or '(' before '}' token"}},
	{"int f(void) { return 1", []string{"1:23: error: expected ';' at end of input"}},
	{"int f(void) {", []string{"1:14: error: expected declaration or statement at end of input"}},
	{"foo bar;", []string{"1:1: error: unknown type name 'foo'"}},
	{"int f(void) { foo bar; }", []string{"1:15: error: unknown type name 'foo'"}},
	{"void f(int a, foo b);", []string{"1:15: error: unknown type name 'foo'"}},
	{"void f(int a, 3);", []string{"1:15: error: expected declaration specifiers or '...' before numeric constant"}},
	{"int f(void) { (1 + ; }", []string{"1:20: error: expected expression before ';' token"}},
	{"int f(void) { f(1,; }", []string{"1:19: error: expected expression before ';' token"}},
	{"int f(void) { x = (int 3); }", []string{"1:24: error: expected ')' before numeric constant"}},
	{"int f(void) { x = (a; }", []string{"1:21: error: expected ')' before ';' token"}},
	{"int f(void) { int a[3; }", []string{"1:22: error: expected ']' before ';' token"}},
	{"int f(void) { return sizeof(int; }", []string{"1:32: error: expected ')' before ';' token"}},
	{"int f(void) { p->; }", []string{"1:18: error: expected identifier before ';' token"}},
	{"int f(void) { x = 1 ? 2; }", []string{"1:24: error: expected ':' before ';' token"}},
	{"int f(void) { for (i = 0 i < 3; i++) ; }", []string{"1:26: error: expected ';' before 'i'"}},
	{"int f(void) { else; }", []string{"1:15: error: 'else' without a previous 'if'"}},
	{"int f(void) { goto; }", []string{"1:19: error: expected identifier before ';' token"}},
	{"int a[3] = {1, 2,, 3};", []string{"1:18: error: expected expression before ',' token"}},
	{"int a[] = {,};", []string{"1:12: error: expected expression before ',' token"}},
	{"enum E { A, B,, };", []string{"1:15: error: expected identifier before ',' token"}},
	{"enum E { };", []string{"1:10: error: expected identifier before '}' token"}},
	{"struct { int a b; } s;", []string{"1:16: error: expected ';' before 'b'"}},
	{"struct S { int a; } }", []string{"1:21: error: expected identifier or '(' before '}' token"}},
	{"struct ;", []string{"1:8: error: expected '{' before ';' token"}},
	{"enum ;", []string{"1:6: error: expected '{' before ';' token"}},
	{"int (x;", []string{"1:7: error: expected ')' before ';' token"}},
	{"int * [4] p;", []string{"1:7: error: expected identifier or '(' before '[' token"}},
	{"void f(int, ..., int);", []string{"1:16: error: expected ')' before ',' token"}},
	// Specifier combinations.
	{"long long long x;", []string{"1:11: error: 'long long long' is too long for GCC"}},
	{"int int x;", []string{"1:5: error: two or more data types in declaration specifiers"}},
	{"typedef int T; T int x;", []string{"1:18: error: two or more data types in declaration specifiers"}},
	{"struct S {int a;}; struct S int x;", []string{"1:29: error: two or more data types in declaration specifiers"}},
	{"void int x;", []string{"1:6: error: two or more data types in declaration specifiers"}},
	{"signed unsigned x;", []string{"1:8: error: both 'signed' and 'unsigned' in declaration specifiers"}},
	{"short long x;", []string{"1:7: error: both 'long' and 'short' in declaration specifiers"}},
	{"long char x;", []string{"1:6: error: both 'long' and 'char' in declaration specifiers"}},
	{"double long long x;", []string{"1:13: error: both 'long long' and 'double' in declaration specifiers"}},
	{"unsigned double x;", []string{"1:10: error: both 'unsigned' and 'double' in declaration specifiers"}},
	{"short float x;", []string{"1:7: error: both 'short' and 'float' in declaration specifiers"}},
	{"short short x;", []string{"1:7: error: duplicate 'short'"}},
	{"static static int x;", []string{"1:8: error: duplicate 'static'"}},
	{"static extern int x;", []string{"1:8: error: multiple storage classes in declaration specifiers"}},
	{"_Complex double z;", []string{"1:1: error: '_Complex' types are not supported"}},
	{"struct { static int x; } s;", []string{"1:10: error: expected specifier-qualifier-list before 'static'"}},
	{"void f(static int x);", []string{"1:19: error: storage class specified for parameter 'x'"}},
	{"int f(void) { return (static int)1; }", []string{"1:23: error: expected expression before 'static'"}},
	{"int f(void) { return sizeof(int static); }", []string{"1:33: error: storage class specified in a type name"}},
	// UPC.
	{"shared [2] shared [3] int x;", []string{"1:12: error: two or more layout qualifiers specified"}},
	{"shared [2 int x;", []string{"1:11: error: expected ']' before 'int'"}},
	{"void f(void) { upc_forall (i = 0; i < n; i++) ; }", []string{"1:45: error: expected ';' before ')' token"}},
	{"void f(void) { upc_fence 1; }", []string{"1:26: error: expected ';' before numeric constant"}},
	{"void f(void) { upc_barrier }", []string{"1:28: error: expected ';' before '}' token"}},
	// Implicit int is accepted with gcc's warnings.
	{"main() { return 0; }", []string{"1:1: warning: return type defaults to 'int'"}},
	{"static x;", []string{"1:8: warning: type defaults to 'int' in declaration of 'x'"}},
	{"x;", []string{"1:1: warning: data definition has no type or storage class"}},
	{"void f(void) { register i; }", []string{"1:25: warning: type defaults to 'int' in declaration of 'i'"}},
	// Malformed attributes.
	{"int x __attribute__;", []string{"1:20: error: expected '(' before ';' token"}},
	{"int x __attribute__((", []string{"1:22: error: expected ')' at end of input"}},
	// Stray tokens the scanner let through.
	{"int f(void) { # }", []string{"1:15: error: expected statement before '#' token"}},
}

func TestErrors(t *testing.T) {
	for _, c := range errorCases {
		t.Run(c.src, func(t *testing.T) {
			_, _, msgs := parse(c.src)
			assert.Equal(t, c.want, msgs)
		})
	}
}

// After an error the parser resynchronises and reports later errors too.
func TestErrorRecovery(t *testing.T) {
	cases := []struct {
		src      string
		want     string // what still parsed
		wantErrs []string
	}{
		{
			"int f(void) {\n  int a = 1\n  int b = 2;\n  return a +;\n}\nint g(void) { return 0; }",
			"(fundef f (func int) {(decl b int 2)}) (fundef g (func int) {(return 0)})",
			[]string{"3:3: error: expected ';' before 'int'", "4:13: error: expected expression before ';' token"},
		},
		{
			"int x y;\nint z;\nint w = ;\nint v;",
			"(decl x int) (decl z int) (decl v int)",
			[]string{"1:7: error: expected '=', ',', ';', 'asm' or '__attribute__' before 'y'", "3:9: error: expected expression before ';' token"},
		},
		{
			"int f(int x y) {\n  return x;\n}\nint g;",
			"(decl g int)",
			[]string{"1:13: error: expected ')' before 'y'"},
		},
		{
			"void f(void) {\n  if (x) { a = ; }\n  b = 1;\n  c = (2;\n  d = 3;\n}",
			"(fundef f (func void) {(if x {}) (= b 1) (= d 3)})",
			[]string{"2:16: error: expected expression before ';' token", "4:9: error: expected ')' before ';' token"},
		},
		{
			"struct S { int a b; int c; };\nint after;",
			"(decl after int)",
			[]string{"1:18: error: expected ';' before 'b'"},
		},
		{
			"void f(void) {\n  for (i = 0 i < n; i++) {\n    x();\n  }\n  y();\n}",
			"(fundef f (func void) {(call y)})",
			[]string{"2:14: error: expected ';' before 'i'"},
		},
		{
			"void f(void) { } }\nint x;",
			"(fundef f (func void) {}) (decl x int)",
			[]string{"1:18: error: expected identifier or '(' before '}' token"},
		},
		{
			"void f(void) { x = 1 }\nvoid g(void) { y = 2; }",
			"(fundef f (func void) {}) (fundef g (func void) {(= y 2)})",
			[]string{"1:22: error: expected ';' before '}' token"},
		},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			_, got, msgs := parse(c.src)
			assert.Equal(t, c.wantErrs, msgs)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestPragmas(t *testing.T) {
	src := "int a;\nvoid f(void) {\n  int x;\n  { y(); }\n}\n"
	var errs diag.List
	toks := scan.Tokenize("t.c", []byte(src), &errs)
	index := func(text string, nth int) int {
		for i, tk := range toks {
			if tk.Text == text {
				if nth == 0 {
					return i
				}
				nth--
			}
		}
		t.Fatalf("no token %q", text)
		return -1
	}
	pragma := func(at int, words ...string) *ast.Pragma {
		pr := &ast.Pragma{Index: at}
		for _, w := range words {
			pr.Tokens = append(pr.Tokens, scan.Tokenize("t.c", []byte(w), &errs)...)
		}
		return pr
	}
	fileStart := pragma(0, "upc", "strict")
	blockStart := pragma(index("int", 1), "upc", "relaxed")
	inner := pragma(index("y", 0), "upc", "strict")
	innerEnd := pragma(index("}", 0), "omp", "barrier")
	fileEnd := pragma(len(toks), "upc", "relaxed")
	f := Parse(toks, &errs, innerEnd, fileEnd, inner, blockStart, fileStart)
	require.Empty(t, errs.Items)

	assert.Equal(t, []*ast.Pragma{fileStart, fileEnd}, f.Pragmas)
	assert.Equal(t, 0, fileStart.Item)
	assert.Equal(t, 2, fileEnd.Item)
	assert.Equal(t, ast.StrictMode, fileStart.Consistency)
	assert.Equal(t, ast.RelaxedMode, fileEnd.Consistency)

	body := f.Decls[1].(*ast.FuncDecl).Body
	assert.Equal(t, []*ast.Pragma{blockStart}, body.Pragmas)
	assert.Equal(t, 0, blockStart.Item)

	block := body.Items[1].(*ast.CompoundStmt)
	assert.Equal(t, []*ast.Pragma{inner, innerEnd}, block.Pragmas)
	assert.Equal(t, 0, inner.Item)
	assert.Equal(t, 1, innerEnd.Item)
	assert.Equal(t, ast.NoConsistency, innerEnd.Consistency)

	assert.Equal(t, "(pragma upc strict @0) (pragma upc relaxed @2) (decl a int) "+
		"(fundef f (func void) {(pragma upc relaxed @0) (decl x int) {(pragma upc strict @0) (pragma omp barrier @1) (call y)}})",
		strings.ReplaceAll(ast.Sprint(f), "\n", " "))
}

// TestPlainCRegions: between "#pragma upc c_code" and "#pragma upc
// upc_code" the UPC keywords are names (Berkeley UPC's regions for C
// headers); outside, they are keywords again, and a region left open runs
// to the end.
func TestPlainCRegions(t *testing.T) {
	src := "struct s { int shared; int upc_forall; };\nshared int x;\nint relaxed(int strict) { return strict; }\n"
	var errs diag.List
	toks := scan.Tokenize("t.c", []byte(src), &errs)
	at := func(text string) int {
		for i, tk := range toks {
			if tk.Text == text {
				return i
			}
		}
		t.Fatalf("no token %q", text)
		return -1
	}
	pragma := func(i int, words ...string) *ast.Pragma {
		pr := &ast.Pragma{Index: i}
		for _, w := range words {
			pr.Tokens = append(pr.Tokens, scan.Tokenize("t.c", []byte(w), &errs)...)
		}
		return pr
	}
	second := 0
	for i, tk := range toks {
		if tk.Text == "shared" {
			second = i // the last one: "shared int x"
		}
	}
	f := Parse(toks, &errs, pragma(0, "upc", "c_code"), pragma(second, "upc", "upc_code"), pragma(at("relaxed")-1, "upc", "c_code"))
	require.Empty(t, errs.Items, "%v", errs.Error())
	assert.Equal(t, "(pragma upc c_code @0) (pragma upc upc_code @1) (pragma upc c_code @2) "+
		"(decl (struct s {shared:int upc_forall:int})) (decl x shared int) (fundef relaxed (func int strict:int) {(return strict)})",
		strings.ReplaceAll(ast.Sprint(f), "\n", " "))
	for _, tk := range toks {
		assert.Zero(t, tk.Flags&token.PlainC, "the caller's tokens are not changed")
	}
}

// Pragma indexes still find their place when tokens the grammar ignores
// (__extension__) are dropped before parsing.
func TestPragmaIndexAfterDroppedTokens(t *testing.T) {
	var errs diag.List
	toks := scan.Tokenize("t.c", []byte("__extension__ int a; void f(void) { __extension__ int b; c(); }"), &errs)
	cIdx := 0
	for i, tk := range toks {
		if tk.Text == "c" {
			cIdx = i
		}
	}
	pr := &ast.Pragma{Index: cIdx, Tokens: scan.Tokenize("t.c", []byte("upc strict"), &errs)}
	f := Parse(toks, &errs, pr)
	require.Empty(t, errs.Items)
	body := f.Decls[1].(*ast.FuncDecl).Body
	assert.Equal(t, []*ast.Pragma{pr}, body.Pragmas)
	assert.Equal(t, 1, pr.Item)
}

func TestPositions(t *testing.T) {
	src := "typedef int T;\nint f(T a) {\n  x = a + b;\n  return p->m[2];\n}\n"
	f, _, msgs := parse(src)
	require.Empty(t, msgs)
	td := f.Decls[0].(*ast.Decl)
	assert.Equal(t, "t.c:1:1", td.SpecPos.String())
	assert.Equal(t, "t.c:1:13", td.Pos().String())
	assert.Equal(t, "t.c:1:9", td.Type.Pos().String())
	fd := f.Decls[1].(*ast.FuncDecl)
	assert.Equal(t, "t.c:2:5", fd.Pos().String())
	assert.Equal(t, "t.c:2:6", fd.Type.Pos().String())
	assert.Equal(t, "t.c:2:9", fd.Type.Params[0].Pos().String())
	assert.Equal(t, "t.c:2:7", fd.Type.Params[0].Type.Pos().String())
	assert.Equal(t, "t.c:2:12", fd.Body.Pos().String())
	assert.Equal(t, "t.c:5:1", fd.Body.Rbrace.String())
	as := fd.Body.Items[0].(*ast.ExprStmt).X.(*ast.AssignExpr)
	assert.Equal(t, "t.c:3:3", as.Pos().String())
	assert.Equal(t, "t.c:3:5", as.OpPos.String())
	bin := as.Y.(*ast.BinaryExpr)
	assert.Equal(t, "t.c:3:7", bin.Pos().String())
	assert.Equal(t, "t.c:3:9", bin.OpPos.String())
	assert.Equal(t, "t.c:3:11", bin.Y.Pos().String())
	ret := fd.Body.Items[1].(*ast.ReturnStmt)
	assert.Equal(t, "t.c:4:3", ret.Pos().String())
	idx := ret.X.(*ast.IndexExpr)
	assert.Equal(t, "t.c:4:14", idx.Lbrack.String())
	mem := idx.X.(*ast.MemberExpr)
	assert.Equal(t, "t.c:4:13", mem.NamePos.String())
}

// Every node of a program that uses every construct has a position in the
// file, and the walker reaches all of them.
func TestEveryNodeHasAPosition(t *testing.T) {
	f, _, msgs := parse(everything)
	require.Empty(t, msgs)
	kinds := map[string]bool{}
	ast.InspectFile(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		kinds[fmt.Sprintf("%T", n)] = true
		assert.True(t, n.Pos().IsValid(), "%T %s has no position", n, ast.Sprint(n))
		assert.Equal(t, "t.c", n.Pos().File, "%T", n)
		return true
	})
	for _, k := range []string{"*ast.Decl", "*ast.FuncDecl", "*ast.Param", "*ast.Field", "*ast.Enumerator",
		"*ast.BasicType", "*ast.PointerType", "*ast.ArrayType", "*ast.FuncType", "*ast.StructType", "*ast.EnumType", "*ast.TypedefName",
		"*ast.Ident", "*ast.IntLit", "*ast.FloatLit", "*ast.CharLit", "*ast.StringLit", "*ast.BinaryExpr", "*ast.UnaryExpr",
		"*ast.PostfixExpr", "*ast.CallExpr", "*ast.IndexExpr", "*ast.MemberExpr", "*ast.CastExpr", "*ast.CompoundLit",
		"*ast.SizeofExpr", "*ast.SizeofType", "*ast.UpcLocalsizeof", "*ast.UpcBlocksizeof", "*ast.UpcElemsizeof",
		"*ast.CondExpr", "*ast.AssignExpr", "*ast.CommaExpr", "*ast.InitList", "*ast.InitElem", "*ast.FieldDesignator",
		"*ast.IndexDesignator", "*ast.VaArgExpr", "*ast.OffsetofExpr", "*ast.StmtExpr",
		"*ast.CompoundStmt", "*ast.DeclStmt", "*ast.ExprStmt", "*ast.EmptyStmt", "*ast.LabeledStmt", "*ast.CaseStmt",
		"*ast.DefaultStmt", "*ast.IfStmt", "*ast.SwitchStmt", "*ast.WhileStmt", "*ast.DoStmt", "*ast.ForStmt",
		"*ast.GotoStmt", "*ast.BreakStmt", "*ast.ContinueStmt", "*ast.ReturnStmt", "*ast.UpcForallStmt", "*ast.UpcSyncStmt",
	} {
		assert.True(t, kinds[k], "%s not reached", k)
	}
}

// everything uses every construct the parser knows.
const everything = `
typedef struct node { struct node *next; int v : 4; } node_t;
enum color { RED, GREEN = 2 };
shared [4] double grid[4*THREADS];
static int table[] = { [0] = 1, [1 ... 2] = 2 };
struct pt { int x, y; } origin = { .x = 0, .y = 0 };
int apply(int (*fn)(int), int v, ...);
int main(int argc, char **argv) {
	node_t *n = 0;
	float f = 1.5f;
	char c = 'c';
	const char *s = "a" "b";
	int i, total = 0;
	__builtin_va_list ap;
	upc_forall (i = 0; i < 4*THREADS; i++; &grid[i]) grid[i] = i;
	upc_barrier;
	upc_fence;
	for (int k = 0; k < argc; k++) total += k;
	while (total > 100) total /= 2;
	do total++; while (total < 10);
	switch (c) { case 'a': break; default: ; }
	if (n && n->v) total = -total; else total = ~total;
	again: if (total < 0) goto again;
	total = sizeof(int) + sizeof total + upc_localsizeof(grid) + upc_blocksizeof(shared [4] double)
		+ upc_elemsizeof grid + (int)f + (total ? total : 1) + (i++, i--) + argv[0][0];
	total = ((struct pt){1, 2}).x + ({ int t = 3; t; });
	total += __builtin_va_arg(ap, int) + __builtin_offsetof(struct pt, y);
	if (total) return total; else { continue_label: ; }
	for (;;) { if (c) break; else continue; }
	return apply(0, 1);
}
`

// The parser hands participle windows of whole top-level items; with
// one-token windows, every item boundary is a window boundary, and every
// case must parse the same.
func TestSmallWindows(t *testing.T) {
	saved := minWindow
	minWindow = 1
	defer func() { minWindow = saved }()
	t.Run("declarations", TestDeclarations)
	t.Run("upc", TestUPCDeclarations)
	t.Run("typedefs", TestTypedefScopesFile)
	t.Run("statements", TestStatements)
	t.Run("errors", TestErrors)
	t.Run("recovery", TestErrorRecovery)
	t.Run("pragmas", TestPragmas)
	t.Run("everything", TestEveryNodeHasAPosition)
	t.Run("compound literal at file scope", func(t *testing.T) {
		_, got, msgs := parse("int *p = (int[]){1, 2};\nint q;")
		assert.Empty(t, msgs)
		assert.Equal(t, "(decl p (ptr int) (complit (array [] int) {1 2})) (decl q int)", got)
	})
	t.Run("struct after line break", func(t *testing.T) {
		_, got, msgs := parse("struct __attribute__((packed)) S { int a; }\n s;\nint f(void) { return 0; }\n;\nint g;")
		assert.Empty(t, msgs)
		assert.Equal(t, "(decl s (struct S {a:int})) (fundef f (func int) {(return 0)}) (decl g int)", got)
	})
}

// Parsers are pooled and their grammar closures refer to per-parser
// state; parses running at once must not see each other's typedefs.
func TestConcurrentParse(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				// Only even goroutines declare T as a type.
				src := "int T; void f(void) { T * x; }"
				want := "(decl T int) (fundef f (func void) {(* T x)})"
				if g%2 == 0 {
					src = "typedef int T; void f(void) { T * x; }"
					want = "(typedef T int) (fundef f (func void) {(decl x (ptr T))})"
				}
				_, got, msgs := parse(src)
				assert.Empty(t, msgs)
				assert.Equal(t, want, got)
			}
		}()
	}
	wg.Wait()
}

func TestEdgeInputs(t *testing.T) {
	var errs diag.List
	f := Parse(nil, &errs)
	assert.Empty(t, f.Decls)
	assert.Empty(t, errs.Items)

	toks := scan.Tokenize("t.c", []byte("int x; garbage here"), &errs)
	toks[3] = token.Token{Kind: token.EOF}
	f = Parse(toks, &errs)
	assert.Empty(t, errs.Items, "tokens after an EOF token are ignored")
	assert.Equal(t, "(decl x int)", ast.Sprint(f))

	// Nesting deeper than the limit is reported once, not parsed.
	deep := "int x = " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + ";"
	_, _, msgs := parse(deep)
	require.NotEmpty(t, msgs)
	assert.Equal(t, "1:265: error: bracket nesting level exceeded maximum of 256", msgs[0])

	// A long chain of unary operators is bounded too: the 1001st '-' is at
	// column 9 + 2*1000.
	_, _, msgs = parse("int x = " + strings.Repeat("- ", 2000) + "1;")
	assert.Equal(t, []string{"1:2009: error: expression nested too deeply"}, msgs)
}

// The grammar's lexer.Definition also lexes C text directly (without
// preprocessing): keywords get their own token type, GNU spellings map to
// the keyword, and each token's Offset is its index.
func TestLexerDefinition(t *testing.T) {
	lex, err := definition{}.Lex("x.c", strings.NewReader("__inline__ int x1 = 'a';"))
	require.NoError(t, err)
	var got []string
	for {
		tk, err := lex.Next()
		require.NoError(t, err)
		if tk.EOF() {
			assert.Equal(t, 6, tk.Pos.Offset)
			break
		}
		got = append(got, fmt.Sprintf("%d:%s@%d", tk.Type, tk.Value, tk.Pos.Offset))
	}
	assert.Equal(t, []string{"2:inline@0", "2:int@1", "1:x1@2", "7:=@3", "5:'a'@4", "7:;@5"}, got)

	_, err = definition{}.Lex("x.c", strings.NewReader("/* unterminated"))
	assert.EqualError(t, err, "x.c:1:1: error: unterminated comment")
}

func TestKnRDefinitions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"int add(a, b) int a; int b; { return a + b; }", "int add(int a, int b)"},
		{"int f(s, n) char *s; { return 0; }", "int f(char *s, int n)"},
		{"long g(p, q, r) unsigned long p, *q; struct s r; { return 0; }", "long g(unsigned long p, unsigned long *q, struct s r)"},
		{"int h(a) int a; int b; { return 0; }", ""}, // b is not a parameter: left to the parser's error
		{"int k(int a) { return a; }", ""},
	}
	for _, tt := range tests {
		var errs diag.List
		toks := scan.Tokenize("k.c", []byte(tt.src), &errs)
		got := rewriteKnR(toks, nil)
		var b strings.Builder
		for _, tok := range got {
			if tok.Text == "{" {
				break
			}
			if b.Len() > 0 && tok.Text != "," && tok.Text != ")" && tok.Text != "(" && !strings.HasSuffix(b.String(), "(") && !strings.HasSuffix(b.String(), "*") {
				b.WriteByte(' ')
			}
			b.WriteString(tok.Text)
		}
		if tt.want == "" {
			assert.Equal(t, len(toks), len(got), tt.src)
			continue
		}
		assert.Equal(t, tt.want, strings.TrimSpace(b.String()), tt.src)
	}
}

// A literal cut off by the end of its line is an error when it reaches the
// parser, also where the preprocessor only warned (a macro body); the
// scanner's own diagnostic is left out here.
func TestUnterminatedLiteral(t *testing.T) {
	for _, src := range []string{"char *s = \"abc\n;", "int c = 'a\n;"} {
		var scanErrs, errs diag.List
		toks := scan.Tokenize("u.c", []byte(src), &scanErrs)
		lit := toks[len(toks)-2] // the literal, before the ';' on line 2
		require.NotZero(t, lit.Flags&token.Unterminated, src)
		Parse(toks, &errs)
		require.NotEmpty(t, errs.Items, src)
		assert.Equal(t, lit.Pos, errs.Items[0].Pos, src)
		assert.Contains(t, errs.Items[0].Msg, "missing terminating", src)
	}
}
