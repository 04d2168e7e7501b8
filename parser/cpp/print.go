package cpp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/upcgo/upcgo/parser/token"
)

// Print writes the preprocessed program as source text, the output of
// "cc -E": the tokens on the lines they came from, with a space where
// there was one, linemarkers ('# 12 "file.h"') where the file changes or
// lines are skipped, and the pragmas where they were.
func (r *Result) Print(w io.Writer) error {
	bw := bufio.NewWriter(w)
	var file string
	line := int32(0)
	marker := true // the next token starts with a linemarker
	bol := true    // at the beginning of a line
	next := 0      // the next pragma
	pragma := func(p Pragma) {
		if !bol {
			bw.WriteByte('\n')
		}
		bw.WriteString("#pragma")
		for _, t := range p.Tokens {
			bw.WriteString(" " + t.Text)
		}
		bw.WriteByte('\n')
		marker, bol = true, true
	}
	for i, t := range r.Tokens {
		for next < len(r.Pragmas) && r.Pragmas[next].Index <= i {
			pragma(r.Pragmas[next])
			next++
		}
		switch {
		case marker || t.Pos.File != file || t.Pos.Line < line || t.Pos.Line > line+8:
			if !bol {
				bw.WriteByte('\n')
			}
			fmt.Fprintf(bw, "# %d %s\n", t.Pos.Line, strconv.Quote(t.Pos.File))
			file, line, marker = t.Pos.File, t.Pos.Line, false
			writeIndent(bw, t)
		case t.Pos.Line > line:
			for ; line < t.Pos.Line; line++ {
				bw.WriteByte('\n')
			}
			writeIndent(bw, t)
		case t.Flags&(token.Space|token.BOL) != 0:
			bw.WriteByte(' ')
		}
		bw.WriteString(t.Text)
		bol = false
	}
	for ; next < len(r.Pragmas); next++ {
		pragma(r.Pragmas[next])
	}
	if !bol {
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// writeIndent starts a line with spaces up to the token's column, so that
// the output lines up with the source.
func writeIndent(w *bufio.Writer, t token.Token) {
	for c := int32(1); c < t.Pos.Col && c < 80; c++ {
		w.WriteByte(' ')
	}
}
