package lower

import (
	"fmt"
	gotoken "go/token"
	"strconv"
)

// goExpr is a Go expression as the emitter builds it: its code, and the
// precedence of the code's top-level operator, which is what decides
// where it needs parentheses as an operand of another. Every place that
// builds code says what it built (primary, unaryOp, binaryOp), so nothing
// re-reads generated text to find out.
type goExpr struct {
	code string
	// prec is numbered as go/token numbers it: a binary operator's
	// Token.Precedence (1 for || up to 5 for * / % << >> & &^),
	// unaryPrec for a unary expression (-x, !x, ^x, *p, &x), primaryPrec
	// for an operand, call, conversion, selector, index, slice, composite
	// literal, function literal or parenthesised expression.
	prec int
	// form is what the code is where the emitter asks (formOther where
	// the builder did not say): set by the constructor that built it.
	form exprForm
}

// exprForm is a kind of Go expression the emitter treats apart.
type exprForm uint8

const (
	formOther exprForm = iota
	// formName is a variable: a name, or a field of one (t.x), which
	// evaluates to the same value twice without effects.
	formName
	// formUntyped is an untyped constant, a literal or a negated one:
	// where nothing else gives it a type (an interface argument) Go
	// gives it its default type (int, float64).
	formUntyped
	// formCall is a call of a function, not a conversion: a statement of
	// its own where its value is not needed.
	formCall
)

const (
	unaryPrec   = gotoken.UnaryPrec
	primaryPrec = gotoken.HighestPrec
)

// checkPrec, when set (by a test: see precedence_test.go), sees every
// expression whose parentheses are decided, and each value the emitter
// produces.
var checkPrec func(goExpr)

func (g goExpr) String() string { return g.code }

// primary is code that is a primary expression: an operand, call,
// conversion, selector, index expression, literal or closure call.
func primary(code string) goExpr { return goExpr{code: code, prec: primaryPrec} }

// varName is the Go variable code (x, t.x).
func varName(code string) goExpr { return goExpr{code: code, prec: primaryPrec, form: formName} }

// callf is the Go call of a function fmt.Sprintf(format, a...).
func callf(format string, a ...any) goExpr {
	return goExpr{code: fmt.Sprintf(format, a...), prec: primaryPrec, form: formCall}
}

// primaryf is primary(fmt.Sprintf(format, a...)).
func primaryf(format string, a ...any) goExpr { return primary(fmt.Sprintf(format, a...)) }

// unaryOp is the Go unary expression op x: an untyped constant if x is
// one.
func unaryOp(op string, x goExpr) goExpr {
	g := goExpr{code: op + x.paren(), prec: unaryPrec}
	if x.form == formUntyped {
		g.form = formUntyped
	}
	return g
}

// binaryOp is the Go binary expression x op y, its operands parenthesised
// where Go's precedence and left associativity need it.
func binaryOp(x goExpr, op string, y goExpr) goExpr {
	p := goPrec(op)
	return goExpr{code: x.operandOf(p, false) + " " + op + " " + y.operandOf(p, true), prec: p}
}

// intLit is the Go integer literal (or negated literal) of v.
func intLit(v int64) goExpr {
	if v < 0 {
		return goExpr{code: strconv.FormatInt(v, 10), prec: unaryPrec, form: formUntyped}
	}
	return untypedLit(strconv.FormatInt(v, 10))
}

// untypedLit is the Go number literal lit.
func untypedLit(lit string) goExpr { return goExpr{code: lit, prec: primaryPrec, form: formUntyped} }

// plusConst is x + k (x - -k for a negative k; x itself for 0).
func plusConst(x goExpr, k int64) goExpr {
	switch {
	case k == 0:
		return x
	case k < 0:
		return binaryOp(x, "-", intLit(-k))
	}
	return binaryOp(x, "+", intLit(k))
}

// group is g parenthesised unless it is a primary expression already:
// parentheses the reader may want though precedence does not need them.
func group(g goExpr) goExpr { return primary(g.paren()) }

// goPrec is the precedence of Go binary operator op (5 binds tightest).
func goPrec(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "==", "!=", "<", "<=", ">", ">=":
		return 3
	case "+", "-", "|", "^":
		return 4
	}
	return 5
}

// operandOf is g's code as an operand of a binary operator of precedence
// prec, parenthesised unless it binds tightly enough: the left operand
// when its operator binds at least as tightly, the right one only when it
// binds more tightly.
func (g goExpr) operandOf(prec int, right bool) string {
	if checkPrec != nil {
		checkPrec(g)
	}
	if g.prec > prec || g.prec == prec && !right {
		return g.code
	}
	return "(" + g.code + ")"
}

// paren is g's code as the operand of a unary operator or the receiver
// of a selector: parenthesised unless it is a primary expression.
func (g goExpr) paren() string {
	if checkPrec != nil {
		checkPrec(g)
	}
	if g.prec == primaryPrec {
		return g.code
	}
	return "(" + g.code + ")"
}
