// Package diag collects compiler diagnostics and prints them the way gcc
// and clang do: "file:line:col: error: message", then the source line and a
// caret under the column.
//
// Like go/scanner.ErrorList, a List is sorted by position before printing,
// keeps one error per line (the first), and stops after a limit with
// "(and N more errors)".
package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/upcgo/upcgo/parser/token"
)

// Severity says whether a diagnostic stops compilation.
type Severity uint8

const (
	Error Severity = iota
	Warning
	Note
	// Remark reports what an optimisation did or did not do (clang's
	// -Rpass): never an error, printed only when asked for.
	Remark
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Note:
		return "note"
	case Remark:
		return "remark"
	}
	return "error"
}

// Diagnostic is one message at one position.
type Diagnostic struct {
	Pos      token.Pos
	Severity Severity
	Msg      string
}

func (d Diagnostic) Error() string { return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg) }

// List is a list of diagnostics; the zero value is ready to use.
type List struct {
	Items []Diagnostic
}

// Errorf records an error at pos.
func (l *List) Errorf(pos token.Pos, format string, args ...any) {
	l.Items = append(l.Items, Diagnostic{pos, Error, fmt.Sprintf(format, args...)})
}

// Warnf records a warning at pos.
func (l *List) Warnf(pos token.Pos, format string, args ...any) {
	l.Items = append(l.Items, Diagnostic{pos, Warning, fmt.Sprintf(format, args...)})
}

// Remarkf records a remark at pos.
func (l *List) Remarkf(pos token.Pos, format string, args ...any) {
	l.Items = append(l.Items, Diagnostic{pos, Remark, fmt.Sprintf(format, args...)})
}

// Add appends another list's diagnostics.
func (l *List) Add(other *List) { l.Items = append(l.Items, other.Items...) }

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool {
	for _, d := range l.Items {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// ErrorCount counts the errors (not warnings).
func (l *List) ErrorCount() int {
	n := 0
	for _, d := range l.Items {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Sort orders the diagnostics by position and drops every error after the
// first on the same line (later ones are usually consequences of the first).
func (l *List) Sort() {
	sort.SliceStable(l.Items, func(i, j int) bool { return l.Items[i].Pos.Before(l.Items[j].Pos) })
	out := l.Items[:0]
	var last token.Pos
	lastErr := false
	for _, d := range l.Items {
		sameLine := last.File == d.Pos.File && last.Line == d.Pos.Line && d.Pos.IsValid()
		if d.Severity == Error && lastErr && sameLine {
			continue
		}
		out = append(out, d)
		last, lastErr = d.Pos, d.Severity == Error
	}
	l.Items = out
}

// Err returns the list as an error if it holds any error, else nil.
func (l *List) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

func (l *List) Error() string {
	var b strings.Builder
	for i, d := range l.Items {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

// Sources gives the text of a source file for printing context lines.
// It returns false when the file is unknown (then no context is printed).
type Sources func(file string) ([]byte, bool)

// Print writes the diagnostics, each followed by its source line and a caret,
// stopping after limit errors (limit <= 0 means no limit).
func (l *List) Print(w io.Writer, src Sources, limit int) {
	errs := 0
	for i, d := range l.Items {
		if d.Severity == Error {
			errs++
			if limit > 0 && errs > limit {
				rest := 0
				for _, e := range l.Items[i:] {
					if e.Severity == Error {
						rest++
					}
				}
				fmt.Fprintf(w, "(and %d more errors)\n", rest)
				return
			}
		}
		fmt.Fprintln(w, d.Error())
		if src == nil || !d.Pos.IsValid() {
			continue
		}
		text, ok := src(d.Pos.File)
		if !ok {
			continue
		}
		if line, ok := sourceLine(text, int(d.Pos.Line)); ok {
			fmt.Fprintf(w, " %s\n %s^\n", line, caretIndent(line, int(d.Pos.Col)))
		}
	}
}

func sourceLine(text []byte, line int) (string, bool) {
	for n := 1; n < line; n++ {
		i := strings.IndexByte(string(text), '\n')
		if i < 0 {
			return "", false
		}
		text = text[i+1:]
	}
	if i := strings.IndexByte(string(text), '\n'); i >= 0 {
		text = text[:i]
	}
	return strings.TrimRight(string(text), "\r"), true
}

// caretIndent keeps tabs as tabs so the caret lines up in a terminal.
func caretIndent(line string, col int) string {
	var b strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
