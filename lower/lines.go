package lower

import (
	"bytes"
	"go/scanner"
	"go/token"
)

// pinLines repeats each //line directive of a formatted Go file before
// every further line of code it covers. A directive positions only the Go
// line after it; the lines after that count on from it, so a C statement
// that becomes several Go lines would put its second line on the next C
// line, its third on the one after, and a fault, a backtrace or a profile
// sample there would name a .upc line that has nothing to do with it (a
// fault on line 8 of a program was reported at line 34). Pinned, every
// line of an expansion is the statement's line.
//
// A file-level declaration that no directive precedes, or a function's
// closing brace, ends a directive's reach; lines with
// nothing to run (blank, a lone brace, a comment) and lines inside a raw
// string are left alone.
func pinLines(src []byte) []byte {
	inString := rawStringLines(src)
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/2)
	var cur []byte // the directive in force, or nil
	prevDirective := false
	for n, line := range bytes.SplitAfter(src, []byte("\n")) {
		switch {
		case bytes.HasPrefix(line, []byte("//line ")):
			cur, prevDirective = line, true
			out.Write(line)
			continue
		case inString[n+1]:
		case fileLevel(line) && !prevDirective:
			cur = nil
		case cur != nil && !prevDirective && runs(line):
			out.Write(cur)
		}
		prevDirective = false
		out.Write(line)
	}
	return out.Bytes()
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
// braces, not a comment.
func runs(line []byte) bool {
	s := bytes.TrimSpace(line)
	return len(s) > 0 && !bytes.HasPrefix(s, []byte("//")) && len(bytes.Trim(s, "{}()")) > 0
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
			first := file.Line(pos)
			last := file.Line(pos + token.Pos(len(lit)) - 1)
			for l := first + 1; l <= last; l++ {
				lines[l] = true
			}
		}
	}
}
