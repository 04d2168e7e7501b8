// Package cpp is the C99/UPC preprocessor (C99 6.10, translation phase 4).
// It owns everything between raw preprocessing tokens (parser/scan) and the
// token stream the parser reads: directives, conditional inclusion, file
// inclusion, macro definition and expansion (with the C99 6.10.3.4
// rescanning rules), #line, predefined macros, and the recording of
// #pragma / _Pragma for the parser. It behaves like gcc -E on x86-64 Linux
// where the standard leaves room.
//
// Output tokens keep positions into the files the user wrote: tokens that
// come from a macro argument keep their own position, tokens that come from
// a replacement list take the position of the outermost macro invocation
// (the macro name in the source file), so a later error points at the line
// the user wrote rather than into a header's #define. #line changes the file
// and line of the tokens that follow it.
package cpp

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// Config holds the command-line settings that shape preprocessing.
type Config struct {
	// IncludeDirs are the -I folders, searched for "..." after the including
	// file's folder and for <...>.
	IncludeDirs []string
	// SystemFS holds the headers shipped with upcgo (stdlib/include). It is
	// searched for "..." and <...> after IncludeDirs; it may be nil.
	SystemFS fs.FS
	// SystemName names SystemFS files in positions and __FILE__:
	// SystemName + "/" + path. Empty means "<upcgo>".
	SystemName string
	// Defines are the -D options, NAME or NAME=VALUE (NAME may carry a
	// parameter list: "f(x)=x+1"), applied in order.
	Defines []string
	// Undefs are the -U options, applied after Defines.
	Undefs []string
	// StaticThreads > 0 means -T n was given: THREADS is a macro expanding
	// to n and __UPC_STATIC_THREADS__ is 1. 0 means dynamic threads:
	// __UPC_DYNAMIC_THREADS__ is 1 and THREADS stays an identifier.
	StaticThreads int
	// ReadFile reads files found on disk; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	// Time is the value of __DATE__ and __TIME__; zero means the time
	// Preprocess is called. Set it (e.g. from SOURCE_DATE_EPOCH) for
	// reproducible builds.
	Time time.Time
	// MaxTokens caps the total number of tokens read from files and
	// produced by macro expansions, so runaway expansion or include
	// recursion ends with an error instead of exhausting memory. 0 means
	// DefaultMaxTokens.
	MaxTokens int
}

// DefaultMaxTokens is the default for Config.MaxTokens: about 16 million
// tokens, far beyond any real translation unit (a million-line program with
// all its headers), yet bounded in memory (under 1 GB).
const DefaultMaxTokens = 1 << 24

// MaxIncludeDepth is the deepest #include nesting allowed, as in gcc.
const MaxIncludeDepth = 200

// Pragma is one #pragma directive or _Pragma operator. The preprocessor does
// not interpret pragmas (except once, push_macro and pop_macro); the parser
// applies them, e.g. "#pragma upc strict" to the enclosing block.
type Pragma struct {
	// Pos is the position of the '#' of the directive, or of the _Pragma
	// keyword.
	Pos token.Pos
	// Tokens are the pragma's tokens after the word "pragma", not macro
	// expanded: for "#pragma upc strict", [upc strict].
	Tokens []token.Token
	// Index is the index in Result.Tokens of the first token after the
	// pragma (len(Result.Tokens) if none followed).
	Index int
}

// Result is the output of Preprocess.
type Result struct {
	// Tokens is the preprocessed token stream. It has no EOF token at the
	// end. Tokens may carry the NoExpand flag; later stages ignore it.
	Tokens []token.Token
	// Pragmas are the pragmas in source order.
	Pragmas []Pragma
	// Files holds every file read (and the main file), keyed by the name
	// used in token.Pos.File, so diag.List.Print can show source lines.
	// "<built-in>" and "<command-line>" hold the predefined macros and the
	// -D/-U options.
	Files map[string][]byte
}

// Sources returns r.Files in the form diag.List.Print takes.
func (r *Result) Sources() diag.Sources {
	return func(file string) ([]byte, bool) {
		b, ok := r.Files[file]
		return b, ok
	}
}

// Preprocess runs the preprocessor over src, the contents of file. Errors
// and warnings go to errs (unsorted: call errs.Sort before printing);
// preprocessing always runs to the end of the input (except after runaway
// expansion) so that one run reports every problem. A nil cfg means the
// defaults. Preprocess is safe to call from several goroutines.
func Preprocess(file string, src []byte, cfg *Config, errs *diag.List) *Result {
	if cfg == nil {
		cfg = &Config{}
	}
	if errs == nil {
		errs = &diag.List{}
	}
	p := newPP(cfg, errs)
	p.baseFile = file
	p.res.Files[file] = src
	main := p.newFileData(file, "d:"+filepath.Clean(file), src, false)
	main.dir = dirOf(file)
	p.runPseudoFile(builtinFileName, predefinedSource(cfg))
	p.runPseudoFile(commandLineFileName, commandLineSource(cfg))
	// Expansion usually makes the output longer than the main file.
	p.out = slices.Grow(p.out, len(main.toks)+len(main.toks)/2)
	p.pushFile(main, -1)
	p.run()
	p.res.Tokens = p.out
	return &p.res
}

// pp is the state of one Preprocess call.
type pp struct {
	cfg  *Config
	errs *diag.List
	res  Result
	out  []token.Token

	macros map[string]*macro
	pushed map[string][]*macro // #pragma push_macro stacks

	stack []frame
	files map[string]*fileData // by cache key; nil value: known missing
	// free holds token buffers for reuse: replacement lists, argument
	// buffers and expanded arguments live only until their expansion has
	// been read, and reusing them halves the work of the garbage collector.
	free [][]token.Token

	baseFile   string
	now        time.Time
	counter    int // __COUNTER__
	work       int // tokens pushed so far, against maxWork
	maxWork    int
	stopped    bool // runaway expansion: everything reads EOF from now on
	collecting int  // > 0 while collecting macro arguments
	peeking    bool // looking for the '(' of a function-like macro
	fileDepth  int  // file frames on the stack
}

// frame is one level of the input stack. The stack holds the files being
// read (each #include pushes one), the macro expansions being rescanned,
// and bounded token lists (a directive line, a macro argument being
// pre-expanded) whose end reads as EOF.
type frame struct {
	toks []token.Token
	i    int
	// mac is set for a macro expansion: the macro is disabled (C99
	// 6.10.3.4p2) while its frame is on the stack.
	mac *macro
	// file is set for a source file: its '#' lines are directives, and its
	// end is a barrier that reads as EOF until the main loop pops it.
	file *fileCtx
	// eof is the position reported for EOF at the end of a barrier frame
	// (a file frame or a bounded list).
	eof token.Pos
}

func newPP(cfg *Config, errs *diag.List) *pp {
	p := &pp{
		cfg:     cfg,
		errs:    errs,
		macros:  make(map[string]*macro, 256),
		pushed:  map[string][]*macro{},
		files:   map[string]*fileData{},
		now:     cfg.Time,
		maxWork: cfg.MaxTokens,
	}
	p.res.Files = map[string][]byte{}
	if p.now.IsZero() {
		p.now = time.Now()
	}
	if p.maxWork <= 0 {
		p.maxWork = DefaultMaxTokens
	}
	if p.cfg.ReadFile == nil {
		p.cfg = &Config{}
		*p.cfg = *cfg
		p.cfg.ReadFile = os.ReadFile
	}
	p.defineBuiltins()
	return p
}

// run reads expanded tokens until the input stack is empty.
func (p *pp) run() {
	for len(p.stack) > 0 {
		t := p.next()
		if t.Kind == token.EOF {
			if p.stopped {
				break
			}
			// Only a finished file frame ends the main loop's reads:
			// exhausted macro frames are popped inside lex.
			p.endFile()
			continue
		}
		if t.Kind == token.Ident && t.Text == "_Pragma" && t.Flags&token.NoExpand == 0 {
			p.pragmaOperator(t)
			continue
		}
		p.emit(t)
	}
	// After a runaway stop, close the files still open so that their scan
	// errors are reported.
	for len(p.stack) > 0 {
		if p.top().file != nil {
			p.endFile()
		} else {
			p.pop()
		}
	}
}

// emit appends t to the output. The output is the largest slice the
// preprocessor builds; growing it by doubling rather than by append's 1.25
// for large slices allocates 2x its final size instead of about 5x.
func (p *pp) emit(t token.Token) {
	if len(p.out) == cap(p.out) {
		p.out = slices.Grow(p.out, max(len(p.out), 1024))
	}
	p.out = append(p.out, t)
}

// runPseudoFile preprocesses a generated file (predefined macros, -D
// options) whose output tokens, if any, go to the result like any other.
func (p *pp) runPseudoFile(name string, src []byte) {
	if len(src) == 0 {
		return
	}
	p.res.Files[name] = src
	p.pushFile(p.newFileData(name, "", src, false), -1)
	p.run()
}

func (p *pp) top() *frame { return &p.stack[len(p.stack)-1] }

// push adds a frame, charging its tokens to the work budget. It reports
// false, and pushes nothing, once the budget is spent.
func (p *pp) push(f frame, at token.Pos) bool {
	if !p.charge(len(f.toks)+1, at) {
		return false
	}
	if f.mac != nil {
		f.mac.disabled++
	}
	if f.file != nil {
		p.fileDepth++
	}
	p.stack = append(p.stack, f)
	return true
}

// charge spends n tokens of the work budget and reports whether any is
// left; the first overrun is an error, and stops preprocessing.
func (p *pp) charge(n int, at token.Pos) bool {
	if p.stopped {
		return false
	}
	p.work += n
	if p.work > p.maxWork {
		p.errs.Errorf(at, "preprocessing exceeds %d tokens (runaway macro expansion or #include recursion?); stopping", p.maxWork)
		p.stopped = true
		return false
	}
	return true
}

// textCost is the budget charged for building a token spelling of n bytes
// ('#', '##'): nested stringification and pasting can double a spelling's
// length at each level without making more tokens.
func textCost(n int) int { return n / 16 }

func (p *pp) pop() {
	f := p.top()
	if f.mac != nil {
		f.mac.disabled--
		p.putBuf(f.toks) // an expansion frame owns its tokens
	}
	if f.file != nil {
		p.fileDepth--
	}
	*f = frame{}
	p.stack = p.stack[:len(p.stack)-1]
}

// getBuf returns an empty token buffer with room for at least n tokens.
func (p *pp) getBuf(n int) []token.Token {
	if k := len(p.free); k > 0 {
		b := p.free[k-1]
		p.free = p.free[:k-1]
		return slices.Grow(b, n)
	}
	return make([]token.Token, 0, max(n, 16))
}

// putBuf hands back a buffer nothing refers to any more.
func (p *pp) putBuf(b []token.Token) {
	if cap(b) > 0 && cap(b) <= 1<<16 && len(p.free) < 64 {
		p.free = append(p.free, b[:0])
	}
}

// popTo pops frames until the stack has n of them.
func (p *pp) popTo(n int) {
	for len(p.stack) > n {
		p.pop()
	}
}

// lex returns the next unexpanded token. It pops finished macro frames,
// runs directives found in files, and returns EOF at the end of a file or
// of a bounded list (without popping it: its owner does).
func (p *pp) lex() token.Token {
	for {
		if p.stopped || len(p.stack) == 0 {
			return token.Token{Kind: token.EOF, Pos: p.lastPos()}
		}
		top := p.top()
		if top.i >= len(top.toks) {
			if top.mac != nil {
				p.pop()
				continue
			}
			return token.Token{Kind: token.EOF, Pos: top.eof}
		}
		t := top.toks[top.i]
		if f := top.file; f != nil {
			if t.Flags&token.BOL != 0 && t.Kind == token.Punct && t.Text == "#" {
				if p.peeking {
					// gcc ends the search for a macro's '(' at a
					// directive: the name is not an invocation.
					return token.Token{Kind: token.EOF, Pos: f.remap(t).Pos}
				}
				top.i++
				p.directive(f, f.remap(t))
				continue
			}
			top.i++
			return f.remap(t)
		}
		top.i++
		return t
	}
}

// unlex steps back over the token lex just returned (not an EOF).
func (p *pp) unlex() { p.top().i-- }

// lastPos is a position for EOF when nothing better is known.
func (p *pp) lastPos() token.Pos {
	for i := len(p.stack) - 1; i >= 0; i-- {
		if f := p.stack[i]; f.eof.IsValid() {
			return f.eof
		}
	}
	return token.Pos{File: p.baseFile, Line: 1, Col: 1}
}

// next returns the next token after macro expansion.
func (p *pp) next() token.Token {
	for {
		t := p.lex()
		if t.Kind != token.Ident || t.Flags&token.NoExpand != 0 {
			return t
		}
		m := p.macros[t.Text]
		if m == nil {
			return t
		}
		if m.disabled > 0 {
			// Painted blue: never replaced again, even after the frame
			// that disabled the macro is gone (C99 6.10.3.4p2).
			t.Flags |= token.NoExpand
			return t
		}
		if m.builtin != notBuiltin {
			return p.builtinToken(m, t)
		}
		if !p.expand(m, t) {
			return t
		}
	}
}

// pushList pushes a bounded token list whose end reads as EOF at eof and
// returns the stack height to popTo when done.
func (p *pp) pushList(toks []token.Token, eof token.Pos) int {
	n := len(p.stack)
	p.push(frame{toks: toks, eof: eof}, eof)
	return n
}

// expandList fully macro-expands toks in isolation, "as if they formed the
// rest of the preprocessing file" (C99 6.10.3.1): used for macro arguments
// and the operands of #include and #line. It reports whether the result is
// a new buffer (from getBuf) rather than toks itself.
func (p *pp) expandList(toks []token.Token, eof token.Pos) ([]token.Token, bool) {
	if !p.mayExpand(toks) {
		return toks, false
	}
	n := p.pushList(toks, eof)
	out := p.getBuf(2 * len(toks))
	for {
		t := p.next()
		if t.Kind == token.EOF {
			break
		}
		out = append(out, t)
	}
	p.popTo(n)
	return out, true
}

// mayExpand reports whether any token of toks names an enabled macro: most
// macro arguments do not, and then need no expansion pass.
func (p *pp) mayExpand(toks []token.Token) bool {
	for _, t := range toks {
		if t.Kind == token.Ident && t.Flags&token.NoExpand == 0 {
			if _, ok := p.macros[t.Text]; ok {
				return true
			}
		}
	}
	return false
}
