// gcc: yes
// threads: 1 2
// stdin: app_calc.txt
/* A small calculator, the kind of plain C that ends up in UPC programs:
   reads expressions line by line from stdin, tokenises them, parses them
   by recursive descent (+ - * / % ^, unary minus, parentheses, and a
   sqrt function), and prints each value or an error message; errors are
   reported by longjmp-free error flags threaded through the recursion.
   Only thread 0 reads stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>

enum tok { T_NUM, T_OP, T_LP, T_RP, T_NAME, T_END };

struct lexer {
	const char *s;
	enum tok kind;
	double num;
	char op;
	char name[16];
};

static const char *error;

static void next(struct lexer *lx) {
	while (isspace((unsigned char)*lx->s))
		lx->s++;
	char c = *lx->s;
	if (c == '\0') {
		lx->kind = T_END;
	} else if (isdigit((unsigned char)c) || c == '.') {
		char *end;
		lx->num = strtod(lx->s, &end);
		lx->s = end;
		lx->kind = T_NUM;
	} else if (isalpha((unsigned char)c)) {
		int n = 0;
		while (isalpha((unsigned char)*lx->s) && n < 15)
			lx->name[n++] = *lx->s++;
		lx->name[n] = '\0';
		lx->kind = T_NAME;
	} else {
		lx->s++;
		lx->kind = c == '(' ? T_LP : c == ')' ? T_RP : T_OP;
		lx->op = c;
	}
}

static double expr(struct lexer *lx);

static double primary(struct lexer *lx) {
	if (error)
		return 0;
	switch (lx->kind) {
	case T_NUM: {
		double v = lx->num;
		next(lx);
		return v;
	}
	case T_LP: {
		next(lx);
		double v = expr(lx);
		if (lx->kind != T_RP) {
			error = "missing )";
			return 0;
		}
		next(lx);
		return v;
	}
	case T_NAME:
		if (strcmp(lx->name, "sqrt") == 0) {
			next(lx);
			return sqrt(primary(lx));
		}
		error = "unknown name";
		return 0;
	case T_OP:
		if (lx->op == '-') {
			next(lx);
			return -primary(lx);
		}
		/* fall through */
	default:
		error = "unexpected token";
		return 0;
	}
}

static double power(struct lexer *lx) {
	double base = primary(lx);
	if (lx->kind == T_OP && lx->op == '^') {
		next(lx);
		return pow(base, power(lx)); /* right-associative */
	}
	return base;
}

static double term(struct lexer *lx) {
	double v = power(lx);
	while (!error && lx->kind == T_OP && (lx->op == '*' || lx->op == '/' || lx->op == '%')) {
		char op = lx->op;
		next(lx);
		double r = power(lx);
		if (op == '*')
			v *= r;
		else if (r == 0)
			error = "division by zero";
		else if (op == '/')
			v /= r;
		else
			v = fmod(v, r);
	}
	return v;
}

static double expr(struct lexer *lx) {
	double v = term(lx);
	while (!error && lx->kind == T_OP && (lx->op == '+' || lx->op == '-')) {
		char op = lx->op;
		next(lx);
		double r = term(lx);
		v = op == '+' ? v + r : v - r;
	}
	return v;
}

int main(void) {
	char line[128];
	int n = 0;
	if (MYTHREAD != 0)
		return 0;
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = '\0';
		struct lexer lx = {line};
		error = NULL;
		next(&lx);
		double v = expr(&lx);
		if (!error && lx.kind != T_END)
			error = "trailing input";
		if (error)
			printf("%d: %s: error: %s\n", ++n, line, error);
		else
			printf("%d: %s = %g\n", ++n, line, v);
	}
	return 0;
}
