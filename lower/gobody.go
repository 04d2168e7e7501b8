package lower

import (
	"strings"

	"github.com/upcgo/upcgo/parser/token"
)

// goBody is a function's Go statements as the emitter writes them, one
// statement at a time (funcState.stmt), with the state the line mapping
// keeps about what came last (funcState.line) and the declarations whose
// fate the code after them decides (declareIfRead). Nothing is ever cut out
// of written code or spliced into it: a directive waits for its statement,
// and a declaration that may turn out unused is kept apart until the
// function's Go is parsed.
type goBody struct {
	// parts is the code before the latest optional declaration, split at
	// each optional declaration.
	parts []bodyPart
	code  strings.Builder // the code after parts
	// pending is the //line directive for the next statement, written
	// with it: a directive followed by no statement is superseded, not kept.
	pending string
	// directed says this body has (or is about to have) a directive, and
	// lastLine is the C position the latest one names.
	directed bool
	lastLine token.Pos
	// stmts counts the statements written, and clause says the latest is
	// one Go simple statement that declares nothing, written under no
	// directive of its own (funcState.simpleStmt): what translator.capture
	// reports of the code it takes, as its emitter knew it.
	stmts  int
	clause bool
}

// bodyPart is a run of Go statements, or one optional declaration.
type bodyPart struct {
	code string
	// declares is, for an optional declaration, the name it declares:
	// the declaration stays only where the function's Go reads the name.
	declares string
}

// write appends Go statement s (one line or several), under the pending
// directive if there is one; clause says s is a simple statement that
// declares nothing.
func (b *goBody) write(s string, clause bool) {
	b.stmts++
	b.clause = clause && b.pending == ""
	b.flush()
	b.code.WriteString(s)
	b.code.WriteByte('\n')
}

// flush writes the pending directive.
func (b *goBody) flush() {
	if b.pending != "" {
		b.code.WriteString(b.pending)
		b.pending = ""
	}
}

// declareIfRead appends decl, a Go statement declaring name, to stay only
// if the Go of the function reads name; the name is unique in the
// function (funcState.goName). decl may read other optional names (a row
// reads its variable's value, a value the loop's base): settle drops
// those that only dropped declarations read.
func (b *goBody) declareIfRead(name, decl string) {
	b.stmts++
	b.clause = false
	b.flush()
	b.parts = append(b.parts, bodyPart{code: b.code.String()}, bodyPart{code: decl + "\n", declares: name})
	b.code.Reset()
}

// draft is the Go written so far with every optional declaration, in
// pieces: the code to parse for what it reads (a declaration is no read
// of its own name).
func (b *goBody) draft() []string {
	b.flush()
	d := make([]string, 0, len(b.parts)+1)
	for _, p := range b.parts {
		d = append(d, p.code)
	}
	return append(d, b.code.String())
}

// keep is the Go written so far with the optional declarations of the
// names in read, and no other.
func (b *goBody) keep(read map[string]bool) string {
	b.flush()
	if len(b.parts) == 0 {
		return b.code.String()
	}
	var s strings.Builder
	n := b.code.Len()
	for _, p := range b.parts {
		n += len(p.code)
	}
	s.Grow(n)
	for _, p := range b.parts {
		if p.declares == "" || read[p.declares] {
			s.WriteString(p.code)
		}
	}
	s.WriteString(b.code.String())
	return s.String()
}

// settle decides the optional declarations and returns the Go written so
// far with them, and the facts of prefix followed by that Go: a
// declaration stays if the rest reads its name. Dropping one can leave
// unread a name only it read, so the Go is parsed again without the
// dropped ones until no more drop: one parse in all where none drops.
func (b *goBody) settle(prefix string) (goFacts, string) {
	facts := parseStmts(append([]string{prefix}, b.draft()...)...)
	parsed := b.kept(nil)
	for {
		body := b.keep(facts.read)
		if n := b.kept(facts.read); n != parsed {
			facts, parsed = parseStmts(prefix, body), n
			continue
		}
		return facts, body
	}
}

// kept counts the optional declarations of the names in read; with read
// nil, every optional declaration.
func (b *goBody) kept(read map[string]bool) int {
	n := 0
	for _, p := range b.parts {
		if p.declares != "" && (read == nil || read[p.declares]) {
			n++
		}
	}
	return n
}

// text is the Go written so far, complete: the optional declarations it
// holds are decided by a parse of their own (funcDecl decides the
// function's with the parse that finds its unused locals).
func (b *goBody) text() string {
	if len(b.parts) == 0 {
		return b.keep(nil)
	}
	_, body := b.settle("")
	return body
}
