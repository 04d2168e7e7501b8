package lower

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"

	ctoken "github.com/upcgo/upcgo/parser/token"
)

// The line mapping. Go positions generated code by two kinds of
// directive: "//line file:L" at the start of a Go line positions that
// line, "/*line file:L*/" anywhere positions the code after it; either
// way the Go lines after it count on from it. The lowering writes a
// //line directive before each C statement (funcState.line) and an inline
// one before an operation or a call that starts on another line of a
// multi-line C expression (atLine), so that the division in
//
//	y = x +
//	    x / d;
//
// faults at its own line, as gcc's line table has it. pinLines then makes
// the counting-on harmless: it repeats the line in force before every
// further Go line of code, so that every line of a statement's expansion
// maps to the statement's line.

// atLine puts an inline directive naming pos's line before the code of
// o, an operation or a call that starts at pos, when pos is on another
// line than the statement being translated (o is part of a C expression
// that spans lines). Constants run nothing and keep their code, which
// other code reads.
func (tr *translator) atLine(pos ctoken.Pos, o operand) operand {
	fn := tr.fn
	if fn == nil || !pos.IsValid() || pos.File == fn.body.lastLine.File && pos.Line == fn.body.lastLine.Line ||
		o.kind != rvalue || o.c != nil || o.invalid {
		return o
	}
	o.code = fmt.Sprintf("/*line %s:%d*/ %s", pos.File, pos.Line, o.code)
	o.form = formOther // no statement or operand of its own starts with a directive
	return o
}

// pinLines repeats the //line directive in force before every further
// line of code of a formatted Go file, in the inline form after the
// line's indentation (so that the Go keeps its shape: a //line directive
// starts each statement, an inline one each further line of its
// expansion). A directive positions only the Go line after it; the lines
// after that count on from it, so a C statement that becomes several Go
// lines would put its second line on the next C line, its third on the
// one after, and a fault, a backtrace or a profile sample there would
// name a .upc line that has nothing to do with it (a fault on line 8 of a
// program was reported at line 34). Pinned, every line of an expansion is
// the statement's line. Inline directives that name the line already in
// force are dropped.
//
// A file-level declaration that no directive precedes, or a function's
// closing brace, ends a directive's reach; lines with nothing to run
// (blank, a lone brace, a comment) and lines inside a raw string are left
// alone.
func pinLines(src []byte) []byte {
	inString := rawStringLines(src)
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/2)
	var cur []byte // the position of the directive in force ("file:L"), or nil
	prevDirective := false
	for n, line := range bytes.SplitAfter(src, []byte("\n")) {
		switch {
		case bytes.HasPrefix(line, []byte("//line ")):
			cur, prevDirective = bytes.TrimSpace(line[len("//line "):]), true
			out.Write(line)
			continue
		case inString[n+1]:
		case fileLevel(line) && !prevDirective:
			cur = nil
		case cur != nil && runs(line):
			code := bytes.TrimLeft(line, " \t")
			if !prevDirective && code[0] == '}' {
				// gofmt moves a comment before a closing brace into
				// the block; a //line directive stays where it is.
				fmt.Fprintf(&out, "//line %s\n", cur)
			} else if !prevDirective {
				out.Write(line[:len(line)-len(code)])
				fmt.Fprintf(&out, "/*line %s*/ ", cur)
				line = code
			}
			line = dropInForce(line, cur)
		}
		prevDirective = false
		out.Write(line)
	}
	return out.Bytes()
}

// dropRepeatedLines removes the inline directives of unformatted Go that
// name the line already in force where they stand (an operation of a
// line's code inside another of the same line), before formatting, which
// spaces an expression by the comments it keeps.
func dropRepeatedLines(src []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(src))
	var cur []byte
	for _, line := range bytes.SplitAfter(src, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("//line ")) {
			cur = bytes.TrimSpace(line[len("//line "):])
		}
		out.Write(dropInForce(line, cur))
	}
	return out.Bytes()
}

// dropInForce removes from a line of Go the inline directives that name
// the position already in force, at, where it starts.
func dropInForce(line, at []byte) []byte {
	if !bytes.Contains(line, []byte("/*line ")) {
		return line
	}
	var s scanner.Scanner
	file := token.NewFileSet().AddFile("", -1, len(line))
	s.Init(file, line, func(token.Position, string) {}, scanner.ScanComments)
	var out []byte
	last := 0
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.COMMENT || !bytes.HasPrefix([]byte(lit), []byte("/*line ")) {
			continue
		}
		named := []byte(lit[len("/*line ") : len(lit)-len("*/")])
		if !bytes.Equal(named, at) {
			at = named
			continue
		}
		off, end := file.Offset(pos), file.Offset(pos)+len(lit)
		if end < len(line) && line[end] == ' ' {
			end++ // the space atLine wrote after it
		}
		out = append(out, line[last:off]...)
		last = end
	}
	return append(out, line[last:]...)
}

// fileLevel reports whether a line starts or ends a file-level
// declaration (gofmt puts labels at the left margin too).
func fileLevel(line []byte) bool {
	for _, p := range []string{"func ", "var ", "const ", "type ", "import ", "}", ")"} {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}

// runs reports whether a line of Go has code to run: not blank, not only
// braces, not a comment. The end of a function literal that is called
// ("}()") runs the call.
func runs(line []byte) bool {
	s := bytes.TrimSpace(line)
	return len(s) > 0 && !bytes.HasPrefix(s, []byte("//")) && (len(bytes.Trim(s, "{}()")) > 0 || bytes.Contains(s, []byte("}(")))
}

// rawStringLines returns the 1-based lines of src that begin inside a raw
// string literal (the second line of a multi-line `...` onwards), where a
// directive would change the string.
func rawStringLines(src []byte) map[int]bool {
	lines := map[int]bool{}
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return lines
		}
		if tok == token.STRING && len(lit) > 0 && lit[0] == '`' {
			// Lines of the Go file, not the ones its directives name.
			first := file.PositionFor(pos, false).Line
			last := file.PositionFor(pos+token.Pos(len(lit))-1, false).Line
			for l := first + 1; l <= last; l++ {
				lines[l] = true
			}
		}
	}
}
