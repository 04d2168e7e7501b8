package cpp

import (
	"io/fs"
	"math"
	"path"
	"path/filepath"
	"strings"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
	"github.com/upcgo/upcgo/parser/token"
)

const (
	builtinFileName     = "<built-in>"
	commandLineFileName = "<command-line>"
	defaultSystemName   = "<upcgo>"
)

// fileData is a file read once and tokenized once, however many times it
// is included.
type fileData struct {
	name string // in positions
	src  []byte
	toks []token.Token
	// scanErrs are the scanner's diagnostics, reported when the file is
	// first finished: an unterminated quote inside a skipped group or an
	// #error line is only a warning then, as in gcc.
	scanErrs []diag.Diagnostic
	reported bool
	dir      string // folder for "..." includes: a disk path, or a SystemFS path when inFS
	inFS     bool
	once     bool // #pragma once seen
	// guard is the include-guard macro found on the first complete read
	// (the whole file is "#ifndef G ... #endif"): while G is defined,
	// including the file again has no effect and is skipped.
	guard string
}

// fileCtx is one inclusion of a file being read.
type fileCtx struct {
	data *fileData
	// name and delta give the presumed file and line (#line): presumed
	// line = physical line + delta.
	name      string
	delta     int32
	remapped  bool
	conds     []cond
	searchIdx int         // where the file was found, for #include_next: -1, an IncludeDirs index, or len(IncludeDirs) for SystemFS
	lenient   []lineRange // physical lines of skipped groups and #error/#warning lines
	guardName string      // candidate include guard (the file starts with #ifndef guardName)
	guardEnd  int         // token index after the #endif that closes the candidate guard
}

// cond is one open #if/#ifdef/#ifndef.
type cond struct {
	pos       token.Pos
	directive string
	taken     bool // some group of this chain has been live
	sawElse   bool
	guard     bool // the file's candidate include-guard #ifndef
}

type lineRange struct{ from, to int32 }

func (f *fileCtx) remap(t token.Token) token.Token {
	if f.remapped {
		t.Pos.File = f.name
		t.Pos.Line += f.delta
		if t.Pos.Line <= 0 { // wrapped past 2147483647 lines after a #line
			t.Pos.Line = math.MaxInt32
		}
	}
	return t
}

func (f *fileCtx) addLenient(from, to int32) {
	f.lenient = append(f.lenient, lineRange{from, to})
}

func (f *fileCtx) isLenient(line int32) bool {
	for _, r := range f.lenient {
		if line >= r.from && line <= r.to {
			return true
		}
	}
	return false
}

func (p *pp) newFileData(name, key string, src []byte, inFS bool) *fileData {
	var errs diag.List
	d := &fileData{name: name, src: src, inFS: inFS}
	d.toks = scan.Tokenize(name, src, &errs)
	d.scanErrs = errs.Items
	if key != "" {
		p.files[key] = d
	}
	return d
}

// pushFile starts reading d; searchIdx says where it was found.
func (p *pp) pushFile(d *fileData, searchIdx int) {
	eof := token.Pos{File: d.name, Line: 1, Col: 1}
	if n := len(d.toks); n > 0 {
		eof = d.toks[n-1].Pos
	}
	ctx := &fileCtx{data: d, name: d.name, searchIdx: searchIdx, guardEnd: -1}
	p.push(frame{toks: d.toks, file: ctx, eof: eof}, eof)
}

// endFile finishes the file frame on top of the stack.
func (p *pp) endFile() {
	fr := p.top()
	f := fr.file
	if f == nil {
		p.pop()
		return
	}
	complete := fr.i >= len(fr.toks)
	for _, c := range f.conds {
		if complete {
			p.errs.Errorf(c.pos, "unterminated #%s", c.directive)
		}
	}
	if complete && f.guardName != "" && f.guardEnd == len(fr.toks) {
		f.data.guard = f.guardName
	}
	if !f.data.reported {
		f.data.reported = true
		for _, d := range f.data.scanErrs {
			if strings.HasPrefix(d.Msg, "stray ") {
				// A stray '@' or '\' is a valid preprocessing token
				// (C99 6.4p3 "each non-white-space character that cannot
				// be one of the above"): "#define str(x) #x" may turn it
				// into a string. The parser reports what reaches it.
				continue
			}
			if d.Severity == diag.Error && f.isLenient(d.Pos.Line) && strings.HasPrefix(d.Msg, "missing terminating") {
				d.Severity = diag.Warning
			}
			p.errs.Items = append(p.errs.Items, d)
		}
	}
	p.pop()
}

// skip reports whether including d again would have no effect.
func (p *pp) skip(d *fileData) bool {
	if d.once {
		return true
	}
	if d.guard != "" {
		_, defined := p.macros[d.guard]
		return defined
	}
	return false
}

// findInclude searches for a header (C99 6.10.2): "..." first in the
// including file's folder, then like <...> in the -I folders, then in
// SystemFS. For #include_next the search starts after the place the
// current file was found.
func (p *pp) findInclude(name string, angle, next bool, from *fileCtx) (*fileData, int) {
	if filepath.IsAbs(name) {
		return p.loadDisk(name), -1
	}
	start := 0
	if next && from.searchIdx >= 0 {
		start = from.searchIdx + 1
	}
	if !angle && (!next || from.searchIdx < 0) {
		var d *fileData
		if from.data.inFS {
			d = p.loadFS(path.Join(from.data.dir, name))
		} else {
			d = p.loadDisk(filepath.Join(from.data.dir, name))
		}
		if d != nil {
			return d, -1
		}
	}
	for k := start; k < len(p.cfg.IncludeDirs); k++ {
		if d := p.loadDisk(filepath.Join(p.cfg.IncludeDirs[k], name)); d != nil {
			return d, k
		}
	}
	if start <= len(p.cfg.IncludeDirs) {
		if d := p.loadFS(path.Clean(name)); d != nil {
			return d, len(p.cfg.IncludeDirs)
		}
	}
	return nil, 0
}

func (p *pp) loadDisk(name string) *fileData {
	key := "d:" + filepath.Clean(name)
	if d, ok := p.files[key]; ok {
		return d
	}
	src, err := p.cfg.ReadFile(name)
	if err != nil {
		p.files[key] = nil
		return nil
	}
	p.res.Files[name] = src
	d := p.newFileData(name, key, src, false)
	d.dir = dirOf(name)
	return d
}

func (p *pp) loadFS(name string) *fileData {
	if p.cfg.SystemFS == nil || !fs.ValidPath(name) {
		return nil
	}
	key := "s:" + name
	if d, ok := p.files[key]; ok {
		return d
	}
	src, err := fs.ReadFile(p.cfg.SystemFS, name)
	if err != nil {
		p.files[key] = nil
		return nil
	}
	prefix := p.cfg.SystemName
	if prefix == "" {
		prefix = defaultSystemName
	}
	display := prefix + "/" + name
	p.res.Files[display] = src
	d := p.newFileData(display, key, src, true)
	d.dir = path.Dir(name)
	return d
}

// dirOf is the folder "..." includes are relative to: gcc uses the
// folder of the including file as named, so "prog.upc" gives ".".
func dirOf(file string) string {
	if file == builtinFileName || file == commandLineFileName {
		return "."
	}
	return filepath.Dir(file)
}
