// Package driver runs upcgo's pipeline for the upcgo command: preprocess,
// parse and translate a UPC or C file into a Go main package, then build
// that with the Go toolchain against the runtime source embedded in upcgo.
//
// It owns what happens around the compiler stages: reading the source,
// printing diagnostics and stopping after a stage that found errors,
// turning a crash of a stage or Go that does not compile into an internal
// error, the cache of extracted runtimes and build folders, running the
// go command, and the exit status of each kind of failure. The stages
// (parser/cpp, parser, lower) own the language.
package driver

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/upcgo/upcgo/lower"
	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/stdlib"
)

// Options describe one compilation, as the upcgo build command line does.
type Options struct {
	// Inputs are the program's translation units in link order: UPC or C
	// sources (.upc, .c) and object files upcgo wrote (-c).
	Inputs []string
	// Output is the binary to write (with CompileOnly: the object file,
	// for one source). Empty means DefaultOutput(Inputs[0]) for Build and
	// a file in the program's build folder for Run. An existing folder, or
	// a path ending in a separator, receives the default name.
	Output string
	// CompileOnly (-c) writes each source's unit to an object file (see
	// object.go) instead of building a program.
	CompileOnly   bool
	StaticThreads int      // -T n: THREADS fixed at compile time; 0 means dynamic
	Defines       []string // -D NAME or NAME=VALUE, in order
	Undefs        []string // -U NAME, applied after Defines
	IncludeDirs   []string // -I folders, in order
	// EmitGo, if set, is the folder to write the generated Go files and
	// their go.mod into; the build then happens there, so the folder is a
	// buildable Go module to read or debug.
	EmitGo string
	// Network is the conduit the program runs on: "smp" (the default:
	// UPC threads are goroutines of one process) or "mpi" (processes
	// started by mpirun, each running some of the UPC threads).
	Network string
	// NoAggregate turns the aggregation pass off (-fno-aggregate);
	// AggregateLimit is its buffer limit in bytes (-faggregate-limit, 0
	// for the default); RemarkAggregated and RemarkMissed print its
	// remarks (-Rpass=aggregate, -Rpass-missed=aggregate).
	NoAggregate                    bool
	AggregateLimit                 int64
	RemarkAggregated, RemarkMissed bool
	// NoStrictAliasing (-fno-strict-aliasing): see lower.Config.
	NoStrictAliasing bool
	// WarningsAreErrors (-Werror) turns warnings into errors; NoWarnings
	// (-w) leaves them out.
	WarningsAreErrors, NoWarnings bool
	// TranslateOnly (-trans) stops once the Go is written (into EmitGo),
	// without building it.
	TranslateOnly bool
	// Debug (-g, -O0) builds without Go's optimisations and inlining, for
	// a debugger; Strip (-s) leaves the symbol table and DWARF out.
	Debug, Strip bool
	// SharedHeap (-shared-heap) is the shared heap per thread the program
	// gets by default, and ThreadsPerProc (-pthreads=N) its UPC threads
	// per MPI process; 0 leaves the runtime's defaults (settings.go).
	SharedHeap     uintptr
	ThreadsPerProc int
	// Verbose (-v), if set, receives what the build does: each stage and
	// its time, and the commands it runs.
	Verbose io.Writer
	Stderr  io.Writer // diagnostics; nil means os.Stderr
}

// MaxErrors is how many errors are printed before "(and N more errors)".
const MaxErrors = 20

// The compiler stages after the parser; tests swap in fixed ones so that
// the driver can be tested on its own.
var (
	compileUnit = lower.Compile
	link        = lower.Link
)

// DefaultOutput returns the binary name Build writes when Options.Output
// is empty: the first input's base name without its extension, in the
// current folder, as go build names a binary ("src/heat.upc" gives
// "heat").
func DefaultOutput(input string) string {
	base := filepath.Base(input)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// Build compiles opts.Inputs into a binary and returns its absolute path
// (with CompileOnly: writes the object files and returns "").
// Diagnostics go to opts.Stderr; the error is a *ProgramError when the
// program has errors, a *UsageError for bad options, an *InternalError when
// upcgo fails, or another error for I/O failures (see ExitStatus).
func Build(opts Options) (binPath string, err error) {
	if opts.CompileOnly {
		return "", compileObjects(opts)
	}
	out, err := opts.outputPath(opts.Output)
	if err != nil {
		return "", err
	}
	prog, err := opts.program()
	if err != nil {
		return "", err
	}
	dir, rt, err := opts.prepareBuildDir(prog)
	if err != nil || opts.TranslateOnly {
		return "", err
	}
	tags, err := opts.buildTags()
	if err != nil {
		return "", err
	}
	return out, opts.buildProgram(dir, rt, out, tags)
}

// Compile runs the compiler on opts.Inputs, stopping before the Go
// toolchain, and returns the generated Go: its files one after the other.
// Diagnostics, warnings included, go to opts.Stderr.
func Compile(opts Options) ([]byte, error) {
	prog, err := opts.program()
	if err != nil {
		return nil, err
	}
	var all []byte
	for _, f := range prog.Files {
		all = append(all, f.Source...)
	}
	return all, nil
}

// program compiles every input to a unit (reading object files) and links
// the units. A program of one source is compiled as a whole program (see
// lower.Config.WholeProgram).
func (o *Options) program() (*lower.Program, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	var units []*lower.Unit
	failed := 0
	for _, in := range o.Inputs {
		u, err := o.unit(in, len(o.Inputs) == 1)
		var perr *ProgramError
		switch {
		case errors.As(err, &perr):
			failed += perr.Errors
		case err != nil:
			return nil, err
		}
		units = append(units, u)
	}
	if failed > 0 {
		return nil, &ProgramError{Errors: failed}
	}
	var errs diag.List
	var prog *lower.Program
	start := time.Now()
	if err := guard("the link", func() { prog = link(units, &errs) }); err != nil {
		return nil, err
	}
	o.verbosef("the link of %d units (%v)", len(units), time.Since(start).Round(time.Microsecond))
	if err := o.report(&errs, diskSources); err != nil {
		return nil, err
	}
	if prog == nil || len(prog.Files) == 0 {
		return nil, &InternalError{Msg: "the link produced no Go and no error"}
	}
	return prog, nil
}

// unit returns the unit of one input: an object file read, or a source
// compiled (whole: as the whole program).
func (o *Options) unit(input string, whole bool) (*lower.Unit, error) {
	data, err := readInput(input)
	if err != nil {
		return nil, err
	}
	if isSource(input) {
		return o.compileSource(input, data, whole)
	}
	return readObject(input, data)
}

// Preprocess writes each source of opts.Inputs, preprocessed, to w: the
// output of cc -E.
func Preprocess(opts Options, w io.Writer) error {
	if err := opts.validate(); err != nil {
		return err
	}
	for _, in := range opts.Inputs {
		if !isSource(in) {
			continue
		}
		src, err := readInput(in)
		if err != nil {
			return err
		}
		var errs diag.List
		var res *cpp.Result
		if err := guard("the preprocessor", func() { res, err = opts.preprocess(in, src, &errs) }); err != nil {
			return err
		}
		if err != nil {
			return err
		}
		if err := opts.report(&errs, res.Sources()); err != nil {
			return err
		}
		if err := res.Print(w); err != nil {
			return err
		}
	}
	return nil
}

// preprocess runs the preprocessor on one source, with the options' macros
// and include folders.
func (o *Options) preprocess(source string, src []byte, errs *diag.List) (*cpp.Result, error) {
	buildTime, err := sourceDateEpoch()
	if err != nil {
		return nil, err
	}
	cfg := &cpp.Config{
		IncludeDirs:   o.IncludeDirs,
		SystemFS:      stdlib.HeaderFS(),
		Defines:       o.Defines,
		Undefs:        o.Undefs,
		StaticThreads: o.StaticThreads,
		Time:          buildTime,
	}
	return cpp.Preprocess(source, src, cfg, errs), nil
}

// compileSource compiles one source file to its unit (whole: as the whole
// program) and prints its diagnostics.
func (o *Options) compileSource(source string, src []byte, whole bool) (*lower.Unit, error) {
	unit, errs, sources, err := o.frontEnd(source, src, whole)
	if err != nil {
		return nil, err
	}
	if err := o.report(errs, sources); err != nil {
		return nil, err
	}
	if unit == nil {
		return nil, &InternalError{Msg: "the translation to Go produced no unit and no error"}
	}
	return unit, nil
}

// frontEnd runs the compiler stages (preprocess, parse, translate) on one
// source and returns its unit (nil after errors), the diagnostics with the
// sources they quote, and an error if a stage crashed (an InternalError)
// or the options are bad.
func (o *Options) frontEnd(source string, src []byte, whole bool) (*lower.Unit, *diag.List, diag.Sources, error) {
	var errs diag.List
	var res *cpp.Result
	var err error
	var file *ast.File
	var unit *lower.Unit
	stages := []struct {
		name string
		run  func()
	}{
		{"the preprocessor", func() { res, err = o.preprocess(source, src, &errs) }},
		{"the parser", func() {
			pragmas := make([]*ast.Pragma, len(res.Pragmas))
			for i, p := range res.Pragmas {
				pragmas[i] = &ast.Pragma{Pos: p.Pos, Tokens: p.Tokens, Index: p.Index}
			}
			file = parser.Parse(res.Tokens, &errs, pragmas...)
		}},
		{"the translation to Go", func() {
			unit = compileUnit(file, &lower.Config{File: source, StaticThreads: o.StaticThreads, WholeProgram: whole, NoStrictAliasing: o.NoStrictAliasing, Aggregate: lower.AggregateOptions{
				Enable: !o.NoAggregate, Limit: o.AggregateLimit, Remarks: o.RemarkAggregated, MissedRemarks: o.RemarkMissed,
			}}, &errs)
		}},
	}
	for _, stage := range stages {
		start := time.Now()
		if err := guard(stage.name, stage.run); err != nil {
			return nil, nil, nil, err
		}
		if err != nil {
			return nil, nil, nil, err
		}
		o.verbosef("%s: %s (%v)", source, stage.name, time.Since(start).Round(time.Microsecond))
		if errs.HasErrors() {
			unit = nil
			break
		}
	}
	var sources diag.Sources
	if res != nil {
		sources = res.Sources()
	}
	return unit, &errs, sources, nil
}

// readInput reads an input file; the error names it once.
func readInput(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return data, nil
}

// report prints diagnostics, after -w and -Werror, and returns a
// *ProgramError if any is an error.
func (o *Options) report(errs *diag.List, sources diag.Sources) error {
	kept := errs.Items[:0]
	for _, d := range errs.Items {
		switch {
		case d.Severity != diag.Warning:
		case o.WarningsAreErrors:
			d.Severity, d.Msg = diag.Error, d.Msg+" [-Werror]"
		case o.NoWarnings:
			continue
		}
		kept = append(kept, d)
	}
	errs.Items = kept
	errs.Sort()
	errs.Print(o.stderr(), sources, MaxErrors)
	if n := errs.ErrorCount(); n > 0 {
		return &ProgramError{Errors: n}
	}
	return nil
}

// diskSources reads the files the link's diagnostics point into.
func diskSources(file string) ([]byte, bool) {
	data, err := os.ReadFile(file)
	return data, err == nil
}

// sourceDateEpoch returns the time $SOURCE_DATE_EPOCH sets for __DATE__
// and __TIME__, as gcc honours it for reproducible builds, or the zero time
// (now) if it is unset.
func sourceDateEpoch() (time.Time, error) {
	v := os.Getenv("SOURCE_DATE_EPOCH")
	if v == "" {
		return time.Time{}, nil
	}
	// gcc's limit: the end of year 9999, the last date __DATE__ can show.
	const maxEpoch = 253402300799
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil || sec < 0 || sec > maxEpoch {
		return time.Time{}, fmt.Errorf("environment variable SOURCE_DATE_EPOCH=%q must be a number of seconds from 0 to %d", v, maxEpoch)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// guard runs a compiler stage and turns its panic, which a bad program must
// never cause but a compiler bug might, into an InternalError that carries
// the stack for the bug report.
func guard(stage string, run func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &InternalError{Msg: fmt.Sprintf("%s crashed: %v", stage, r), Detail: string(debug.Stack())}
		}
	}()
	run()
	return nil
}

// verbosef reports a step of the build when -v asks for them.
func (o *Options) verbosef(format string, args ...any) {
	if o.Verbose != nil {
		fmt.Fprintf(o.Verbose, "upcgo: "+format+"\n", args...)
	}
}

func (o *Options) stderr() io.Writer {
	if o.Stderr == nil {
		return os.Stderr
	}
	return o.Stderr
}

// validate checks what can be checked before reading the inputs.
func (o *Options) validate() error {
	if len(o.Inputs) == 0 {
		return &UsageError{Msg: "no source file"}
	}
	for _, in := range o.Inputs {
		if err := checkInputName(in); err != nil {
			return err
		}
	}
	if o.StaticThreads < 0 {
		return &UsageError{Msg: fmt.Sprintf("invalid thread count -T %d", o.StaticThreads)}
	}
	if o.StaticThreads > gasnet.MaxRanks {
		// The program could never start (GNU UPC refuses -fupc-threads
		// beyond its limit too).
		return &UsageError{Msg: fmt.Sprintf("-T %d: at most %d threads are supported", o.StaticThreads, gasnet.MaxRanks)}
	}
	switch o.Network {
	case "", "smp", "mpi":
	default:
		return &UsageError{Msg: fmt.Sprintf("unknown network %q (upcgo has smp and mpi)", o.Network)}
	}
	return nil
}

func (o *Options) network() string {
	if o.Network == "" {
		return "smp"
	}
	return o.Network
}

// outputPath resolves the binary path: out, or the default name, made
// absolute because go build runs in the build folder.
func (o *Options) outputPath(out string) (string, error) {
	if err := o.validate(); err != nil {
		return "", err
	}
	if out == "" {
		out = DefaultOutput(o.Inputs[0])
		if isDir(out) {
			// As go build does: writing into the folder would surprise.
			return "", &UsageError{Msg: fmt.Sprintf("the output %s would be the folder of that name; name the binary with -o", out)}
		}
	} else if strings.HasSuffix(out, string(filepath.Separator)) || isDir(out) {
		out = filepath.Join(out, DefaultOutput(o.Inputs[0]))
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	for _, in := range o.Inputs {
		if sameFile(abs, in) {
			return "", &UsageError{Msg: fmt.Sprintf("output file %s is the input file %s", out, in)}
		}
	}
	return abs, nil
}

// prepareBuildDir extracts the runtime if needed and writes the program's
// Go module: into opts.EmitGo if set, with a copy of the runtime of its
// own, else into a build folder in the cache named by the content, so
// rebuilding an unchanged program reuses it. It returns the folder and
// the runtime module's.
func (o *Options) prepareBuildDir(prog *lower.Program) (dir, rt string, err error) {
	if settings, ok := o.settings(); ok {
		prog = &lower.Program{Files: append(slices.Clip(prog.Files), settings)}
	}
	cache, err := CacheDir()
	if err != nil {
		return "", "", err
	}
	trimCache(cache, time.Now())
	modRT := ""
	if o.EmitGo != "" {
		if err := checkEmitDir(o.EmitGo); err != nil {
			return "", "", err
		}
		if dir, err = filepath.Abs(o.EmitGo); err != nil {
			return "", "", err
		}
		if rt, err = emitRuntime(dir); err != nil {
			return "", "", err
		}
		modRT = "./" + emitRuntimeDir
	} else {
		if rt, err = runtimeDir(cache); err != nil {
			return "", "", err
		}
		dir, modRT = filepath.Join(cache, "build", buildKey(rt, o.network(), prog)), rt
		markUsed(dir)
	}
	if err := writeBuildDir(dir, modRT, prog); err != nil {
		return "", "", fmt.Errorf("cannot write the generated Go: %v", err)
	}
	return dir, rt, nil
}

// checkEmitDir refuses an -emit-go folder that holds someone else's Go
// code: writing main.go and go.mod there would overwrite it, and its other
// .go files would be built into the program. A folder upcgo emitted into
// before (its go.mod names module upcprog, its Go files are upcgo's) is
// fine.
func checkEmitDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	ours := false
	if gomod, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
		ours = strings.HasPrefix(string(gomod), "module upcprog\n")
		if !ours {
			return &UsageError{Msg: fmt.Sprintf("-emit-go %s: the folder holds another Go module (go.mod); give a new or empty folder", dir)}
		}
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, ".go") && !(ours && (name == "main.go" || generated(filepath.Join(dir, name)))) {
			return &UsageError{Msg: fmt.Sprintf("-emit-go %s: the folder holds Go source (%s) upcgo did not write; give a new or empty folder", dir, name)}
		}
	}
	return nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
