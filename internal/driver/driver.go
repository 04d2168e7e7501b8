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
	"strconv"
	"strings"
	"time"

	"github.com/upcgo/upcgo/lower"
	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// Options describe one compilation, as the upcgo build command line does.
type Options struct {
	Source string // the .upc or .c file
	// Output is the binary to write. Empty means DefaultOutput(Source) for
	// Build and a file in the program's build folder for Run. An existing
	// folder, or a path ending in a separator, receives the default name.
	Output        string
	StaticThreads int      // -T n: THREADS fixed at compile time; 0 means dynamic
	Defines       []string // -D NAME or NAME=VALUE, in order
	Undefs        []string // -U NAME, applied after Defines
	IncludeDirs   []string // -I folders, in order
	// EmitGo, if set, is the folder to write the generated main.go and its
	// go.mod into; the build then happens there, so the folder is a
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
	Stderr                         io.Writer // diagnostics; nil means os.Stderr
}

// MaxErrors is how many errors are printed before "(and N more errors)".
const MaxErrors = 20

// translate is lower.Translate; tests swap in a fixed translation so the
// driver can be tested on its own.
var translate = lower.Translate

// DefaultOutput returns the binary name Build writes when Options.Output
// is empty: the source's base name without its extension, in the current
// folder, as gcc would write a.out ("src/heat.upc" gives "heat").
func DefaultOutput(source string) string {
	base := filepath.Base(source)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// Build compiles opts.Source into a binary and returns its absolute path.
// Diagnostics go to opts.Stderr; the error is a *ProgramError when the
// program has errors, a *UsageError for bad options, an *InternalError when
// upcgo fails, or another error for I/O failures (see ExitStatus).
func Build(opts Options) (binPath string, err error) {
	out, err := opts.outputPath(opts.Output)
	if err != nil {
		return "", err
	}
	goSrc, err := Compile(opts)
	if err != nil {
		return "", err
	}
	tags, err := opts.buildTags()
	if err != nil {
		return "", err
	}
	dir, err := opts.prepareBuildDir(goSrc)
	if err != nil {
		return "", err
	}
	return out, goBuild(dir, out, tags)
}

// Compile runs the front end (preprocess, parse, translate) and returns the
// generated Go source. Diagnostics, warnings included, go to opts.Stderr.
func Compile(opts Options) ([]byte, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	src, err := os.ReadFile(opts.Source)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %v", opts.Source, err)
	}

	buildTime, err := sourceDateEpoch()
	if err != nil {
		return nil, err
	}

	var errs diag.List
	var res *cpp.Result
	var file *ast.File
	var goSrc []byte
	stages := []struct {
		name string
		run  func()
	}{
		{"the preprocessor", func() {
			cfg := &cpp.Config{
				IncludeDirs:   opts.IncludeDirs,
				SystemFS:      stdlib.HeaderFS(),
				Defines:       opts.Defines,
				Undefs:        opts.Undefs,
				StaticThreads: opts.StaticThreads,
				Time:          buildTime,
			}
			res = cpp.Preprocess(opts.Source, src, cfg, &errs)
		}},
		{"the parser", func() {
			pragmas := make([]*ast.Pragma, len(res.Pragmas))
			for i, p := range res.Pragmas {
				pragmas[i] = &ast.Pragma{Pos: p.Pos, Tokens: p.Tokens, Index: p.Index}
			}
			file = parser.Parse(res.Tokens, &errs, pragmas...)
		}},
		{"the translation to Go", func() {
			goSrc = translate(file, &lower.Config{File: opts.Source, StaticThreads: opts.StaticThreads, Aggregate: lower.AggregateOptions{
				Enable: !opts.NoAggregate, Limit: opts.AggregateLimit, Remarks: opts.RemarkAggregated, MissedRemarks: opts.RemarkMissed,
			}}, &errs)
		}},
	}
	for _, stage := range stages {
		if err := guard(stage.name, stage.run); err != nil {
			return nil, err
		}
		if errs.HasErrors() {
			break
		}
	}

	var sources diag.Sources
	if res != nil {
		sources = res.Sources()
	}
	errs.Sort()
	errs.Print(opts.stderr(), sources, MaxErrors)
	if n := errs.ErrorCount(); n > 0 {
		return nil, &ProgramError{Errors: n}
	}
	if len(goSrc) == 0 {
		return nil, &InternalError{Msg: "the translation to Go produced no source and no error"}
	}
	return goSrc, nil
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

func (o *Options) stderr() io.Writer {
	if o.Stderr == nil {
		return os.Stderr
	}
	return o.Stderr
}

// validate checks what can be checked before reading the source.
func (o *Options) validate() error {
	if o.Source == "" {
		return &UsageError{Msg: "no source file"}
	}
	switch ext := filepath.Ext(o.Source); ext {
	case ".upc", ".c":
	default:
		return &UsageError{Msg: fmt.Sprintf("%s: not a UPC or C source file (want a .upc or .c file name)", o.Source)}
	}
	if o.StaticThreads < 0 {
		return &UsageError{Msg: fmt.Sprintf("invalid thread count -T %d", o.StaticThreads)}
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
		out = DefaultOutput(o.Source)
		if isDir(out) {
			// As go build does: writing into the folder would surprise.
			return "", &UsageError{Msg: fmt.Sprintf("the output %s would be the folder of that name; name the binary with -o", out)}
		}
	} else if strings.HasSuffix(out, string(filepath.Separator)) || isDir(out) {
		out = filepath.Join(out, DefaultOutput(o.Source))
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	if sameFile(abs, o.Source) {
		return "", &UsageError{Msg: fmt.Sprintf("output file %s is the source file", out)}
	}
	return abs, nil
}

// prepareBuildDir extracts the runtime if needed and writes the program's
// Go module: into opts.EmitGo if set, else into a build folder in the cache
// named by the content, so rebuilding an unchanged program reuses it.
func (o *Options) prepareBuildDir(goSrc []byte) (string, error) {
	cache, err := CacheDir()
	if err != nil {
		return "", err
	}
	rt, err := runtimeDir(cache)
	if err != nil {
		return "", err
	}
	dir := o.EmitGo
	if dir == "" {
		dir = filepath.Join(cache, "build", buildKey(rt, o.network(), goSrc))
	} else if err := checkEmitDir(dir); err != nil {
		return "", err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	if err := writeBuildDir(dir, rt, goSrc); err != nil {
		return "", fmt.Errorf("cannot write the generated Go: %v", err)
	}
	if err := writeNetworkFile(dir, o.network()); err != nil {
		return "", fmt.Errorf("cannot write the generated Go: %v", err)
	}
	return dir, nil
}

// checkEmitDir refuses an -emit-go folder that holds someone else's Go
// code: writing main.go and go.mod there would overwrite it, and its other
// .go files would be built into the program. A folder upcgo emitted into
// before (its go.mod names module upcprog) is fine.
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
		if strings.HasSuffix(name, ".go") && !(ours && (name == "main.go" || name == networkFile)) {
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
