/* Type errors: dereferencing a non-pointer, a member of a non-struct,
   assigning a struct to an int, assigning to an array, to a constant
   and to a non-lvalue, the operand of a bit operator being a double,
   subscripting an int, break and continue outside loops, a duplicate
   case label, and redefining a variable in one scope. */
struct point {
	int x, y;
};

int main(void) {
	int i = 1, arr[3], other[3];
	double d = 2.0;
	struct point p = {0, 0};
	const int c = 5;
	int r = *i;          /* ERROR "unary '[*]'|indirection|dereference" */
	r = i.x;             /* ERROR "member|struct" */
	i = p;               /* ERROR "incompatible|struct" */
	arr = other;         /* ERROR "array|assign|lvalue" */
	c = 6;               /* ERROR "read-only|const" */
	i + 1 = 2;           /* ERROR "lvalue" */
	r = i & d;           /* ERROR "invalid operands|double|integer" */
	r = i[2];            /* ERROR "subscript" */
	break;               /* ERROR "break" */
	continue;            /* ERROR "continue" */
	switch (i) {
	case 1:
		break;
	case 1:              /* ERROR "duplicate" */
		break;
	}
	int i;               /* ERROR "redefinition|redeclar|previous" */
	return r + arr[0];
}
