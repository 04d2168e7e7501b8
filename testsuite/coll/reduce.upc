/* upc_all_reduceT and upc_all_prefix_reduceT for all eleven types, every
   operator (UPC_FUNC with a C function, UPC_NONCOMM_FUNC with one that is
   associative but not commutative), cyclic, blocked and indefinite
   layouts, and a source that starts mid-block. Thread 0 compares every
   result with a serial fold in index order. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

#define N 20

static const upc_op_t ops[] = {UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND,
	UPC_LOGOR, UPC_MIN, UPC_MAX, UPC_FUNC, UPC_NONCOMM_FUNC};

shared int errors;

#define DEFINE(T, SUF, ISFLOAT)                                                              \
	static T plus_##SUF(T a, T b) { return a + b; }                                          \
	static T last_##SUF(T a, T b) { return b; }                                              \
	static T apply_##SUF(upc_op_t op, T a, T b) {                                            \
		switch (op) {                                                                        \
		case UPC_ADD: return a + b;                                                          \
		case UPC_MULT: return a * b;                                                         \
		case UPC_LOGAND: return a && b;                                                      \
		case UPC_LOGOR: return a || b;                                                       \
		case UPC_MIN: return a < b ? a : b;                                                  \
		case UPC_MAX: return a > b ? a : b;                                                  \
		case UPC_FUNC: return plus_##SUF(a, b);                                              \
		case UPC_NONCOMM_FUNC: return last_##SUF(a, b);                                      \
		}                                                                                    \
		return bitwise_##SUF(op, a, b);                                                      \
	}                                                                                        \
	/* src: nelems elements at s (layout blk); dst: a like array, at dc,       \
	   db or di as blk is 1, 3 or 0; res: one T. */                           \
	static void run_##SUF(shared void *s, shared T *dc, shared [3] T *db,       \
		shared [] T *di, shared T *res, size_t nelems, size_t blk, T *vals) {    \
		int k, i, isfloat = ISFLOAT;                                             \
		shared void *d = blk == 1 ? (shared void *)dc : blk == 3 ? (shared void *)db : (shared void *)di; \
		for (k = 0; k < (int)(sizeof ops / sizeof ops[0]); k++) {                \
			upc_op_t op = ops[k];                                                \
			if (isfloat && (op == UPC_AND || op == UPC_OR || op == UPC_XOR))     \
				continue;                                                        \
			upc_all_reduce##SUF(res, s, op, nelems, blk, op == UPC_FUNC ? plus_##SUF : last_##SUF, \
				UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);                               \
			upc_all_prefix_reduce##SUF(d, s, op, nelems, blk,                    \
				op == UPC_NONCOMM_FUNC ? last_##SUF : op == UPC_FUNC ? plus_##SUF : NULL, \
				UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);                               \
			if (MYTHREAD == 0) {                                                 \
				T acc = vals[0];                                                 \
				for (i = 0; i < (int)nelems; i++) {                              \
					if (i > 0)                                                   \
						acc = apply_##SUF(op, acc, vals[i]);                     \
					if ((blk == 1 ? dc[i] : blk == 3 ? db[i] : di[i]) != acc)    \
						errors++;                                                \
				}                                                                \
				if (*res != acc)                                                 \
					errors++;                                                    \
			}                                                                    \
			upc_barrier;                                                         \
		}                                                                        \
	}                                                                            \
	static void test_##SUF(const char *name) {                                               \
		T vals[N];                                                                           \
		int i;                                                                               \
		shared T *cyc = upc_all_alloc(N, sizeof(T));                                         \
		shared T *cyc2 = upc_all_alloc(N, sizeof(T));                                        \
		shared [3] T *blk = upc_all_alloc((N + 2) / 3, 3 * sizeof(T));                       \
		shared [3] T *blk2 = upc_all_alloc((N + 2) / 3, 3 * sizeof(T));                      \
		shared [] T *ind = upc_all_alloc(1, N * sizeof(T));                                  \
		shared [] T *ind2 = upc_all_alloc(1, N * sizeof(T));                                 \
		shared T *res = upc_all_alloc(1, sizeof(T));                                         \
		for (i = 0; i < N; i++)                                                              \
			vals[i] = (T)(i % 5 + 1);                                                        \
		if (MYTHREAD == 0)                                                                   \
			for (i = 0; i < N; i++)                                                          \
				cyc[i] = blk[i] = ind[i] = vals[i];                                          \
		upc_barrier;                                                                         \
		run_##SUF(cyc, cyc2, blk2, ind2, res, N, 1, vals);                                   \
		run_##SUF(blk, cyc2, blk2, ind2, res, N, 3, vals);                                   \
		run_##SUF(ind, cyc2, blk2, ind2, res, N, 0, vals);                                   \
		/* From element 1: the source starts at phase 1 of a block. */                      \
		run_##SUF(blk + 1, cyc2, blk2 + 1, ind2, res, N - 1, 3, vals + 1);                   \
		upc_all_reduce##SUF(res, cyc, UPC_ADD, N, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); \
		if (MYTHREAD == 0) {                                                                 \
			T sum = *res;                                                                    \
			upc_all_reduce##SUF(res, cyc, UPC_MAX, N, 1, NULL, 0);                           \
			printf("%s: %s, sum %d max %d\n", name, errors ? "WRONG" : "ok", (int)sum, (int)*res); \
			errors = 0;                                                                      \
		} else {                                                                             \
			upc_all_reduce##SUF(res, cyc, UPC_MAX, N, 1, NULL, 0);                           \
		}                                                                                    \
		upc_barrier;                                                                         \
	}

#define BITWISE(T, SUF)                                                                       \
	static T bitwise_##SUF(upc_op_t op, T a, T b) {                                          \
		return op == UPC_AND ? a & b : op == UPC_OR ? a | b : a ^ b;                         \
	}
#define NOBITWISE(T, SUF) \
	static T bitwise_##SUF(upc_op_t op, T a, T b) { return 0; }

BITWISE(signed char, C)
BITWISE(unsigned char, UC)
BITWISE(short, S)
BITWISE(unsigned short, US)
BITWISE(int, I)
BITWISE(unsigned int, UI)
BITWISE(long, L)
BITWISE(unsigned long, UL)
NOBITWISE(float, F)
NOBITWISE(double, D)
NOBITWISE(long double, LD)

DEFINE(signed char, C, 0)
DEFINE(unsigned char, UC, 0)
DEFINE(short, S, 0)
DEFINE(unsigned short, US, 0)
DEFINE(int, I, 0)
DEFINE(unsigned int, UI, 0)
DEFINE(long, L, 0)
DEFINE(unsigned long, UL, 0)
DEFINE(float, F, 1)
DEFINE(double, D, 1)
DEFINE(long double, LD, 1)

int main(void) {
	test_C("signed char");
	test_UC("unsigned char");
	test_S("short");
	test_US("unsigned short");
	test_I("int");
	test_UI("unsigned int");
	test_L("long");
	test_UL("unsigned long");
	test_F("float");
	test_D("double");
	test_LD("long double");
	return 0;
}
