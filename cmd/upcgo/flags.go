package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/internal/driver"
	"github.com/upcgo/upcgo/runtime/gasnet"
)

// invocation is a parsed compiler command line: "upcgo build", "upcgo
// run", or the upcc and gupc faces.
type invocation struct {
	opts    driver.Options
	threads int      // run: -n N
	perProc int      // run: -ppn P
	args    []string // run: the program's arguments

	help, version bool // -h, -version: print instead of building
	preprocess    bool // -E
	saveTemps     bool // -save-temps, -trans: keep the Go beside the output
	verbose       bool // -v
	defaultAOut   bool // upcc, gupc: the binary is a.out unless -o (or -smart-output)
}

// A face is a command-line dialect: upcgo's own commands, or one of the
// compilers users already type (Berkeley UPC's upcc, GNU UPC's gupc).
// Every face takes every compiler flag; the name says whose manual a flag
// comes from, for messages.
const (
	faceBuild = "build"
	faceRun   = "run"
	faceUpcc  = "upcc"
	faceGupc  = "gupc"
)

// flagSpec is one flag. Flags are gcc-like: a one-letter flag takes its
// value glued (-DNAME, -Idir, -T4) or as the next argument (-D NAME); a
// long flag takes it as the next argument or after '=' (-network=smp),
// or, if optional, only after '=' (-pthreads=4). A leading "--" works as
// "-" for every flag.
type flagSpec struct {
	name     string
	runOnly  bool // upcgo run only (-n, -ppn)
	noValue  bool
	optional bool // the value is optional and comes only after '='
	set      func(inv *invocation, value string) error
}

var flagSpecs = []flagSpec{
	{name: "c", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.CompileOnly = true
		return nil
	}},
	{name: "E", noValue: true, set: func(inv *invocation, _ string) error {
		inv.preprocess = true
		return nil
	}},
	{name: "o", set: func(inv *invocation, v string) error {
		inv.opts.Output = v
		return nil
	}},
	{name: "T", set: staticThreads("-T")},
	// Berkeley UPC's and GNU UPC's spellings of -T: -fupc-threads=N,
	// -fupc-threads-N, -fthreads-N.
	{name: "fupc-threads", set: staticThreads("-fupc-threads")},
	{name: "D", set: func(inv *invocation, v string) error {
		if v == "" || strings.HasPrefix(v, "=") {
			return fmt.Errorf("-D needs a macro name: -DNAME or -DNAME=VALUE")
		}
		inv.opts.Defines = append(inv.opts.Defines, v)
		return nil
	}},
	{name: "U", set: func(inv *invocation, v string) error {
		if v == "" {
			return fmt.Errorf("-U needs a macro name")
		}
		inv.opts.Undefs = append(inv.opts.Undefs, v)
		return nil
	}},
	{name: "I", set: func(inv *invocation, v string) error {
		if v == "" {
			return fmt.Errorf("-I needs a folder")
		}
		inv.opts.IncludeDirs = append(inv.opts.IncludeDirs, v)
		return nil
	}},
	{name: "L", set: func(*invocation, string) error { return nil }}, // where -l libraries are: upcgo provides the ones it links
	{name: "l", set: func(_ *invocation, v string) error {
		switch v {
		case "m", "c", "pthread", "rt", "dl":
			return nil // provided: the C library is upcgo's stdlib
		}
		return fmt.Errorf("-l%s: upcgo cannot link C libraries; it provides the C library (-lc, -lm, -lpthread, -lrt, -ldl). Build the library's sources with upcgo instead", v)
	}},
	{name: "emit-go", set: func(inv *invocation, v string) error {
		inv.opts.EmitGo = v
		return nil
	}},
	{name: "save-temps", noValue: true, set: func(inv *invocation, _ string) error {
		inv.saveTemps = true
		return nil
	}},
	{name: "nosave-temps", noValue: true, set: func(inv *invocation, _ string) error {
		inv.saveTemps = false
		return nil
	}},
	{name: "trans", noValue: true, set: func(inv *invocation, _ string) error {
		inv.saveTemps, inv.opts.TranslateOnly = true, true
		return nil
	}},
	{name: "network", set: func(inv *invocation, v string) error {
		switch v {
		case "smp", "mpi":
			inv.opts.Network = v
			return nil
		case "udp", "ibv", "ofi", "ucx", "aries", "gemini", "pami", "portals4", "shmem":
			return fmt.Errorf("-network=%s: upcgo has smp (one process) and mpi (MPI processes, on any network MPI runs on): use -network=mpi", v)
		}
		return fmt.Errorf("unknown network %q (upcgo has smp and mpi)", v)
	}},
	{name: "shared-heap", set: setSharedHeap},
	{name: "fupc-heap", set: setSharedHeap},
	{name: "pthreads", optional: true, set: func(inv *invocation, v string) error {
		if v == "" {
			return nil // threads are goroutines already; the count per process stays the default
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("invalid -pthreads value %q: want the UPC threads per process", v)
		}
		inv.opts.ThreadsPerProc = n
		return nil
	}},
	{name: "nopthreads", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.ThreadsPerProc = 0
		return nil
	}},
	{name: "Werror", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.WarningsAreErrors = true
		return nil
	}},
	{name: "Wno-error", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.WarningsAreErrors = false
		return nil
	}},
	{name: "w", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoWarnings = true
		return nil
	}},
	{name: "O0", noValue: true, set: setDebug},
	{name: "g", noValue: true, set: setDebug},
	{name: "s", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.Strip = true
		return nil
	}},
	{name: "v", noValue: true, set: setVerbose},
	{name: "vv", noValue: true, set: setVerbose},
	{name: "version", noValue: true, set: setVersion},
	{name: "V", noValue: true, set: setVersion},
	// Berkeley UPC's experimental translator optimisations: upcgo's are
	// always on. (Without this entry, -opt would read as -o pt.)
	{name: "opt", noValue: true, set: func(*invocation, string) error { return nil }},
	{name: "norc", noValue: true, set: func(*invocation, string) error { return nil }},
	{name: "smart-output", noValue: true, set: func(inv *invocation, _ string) error {
		inv.defaultAOut = false
		return nil
	}},
	{name: "x", set: func(_ *invocation, v string) error {
		switch v {
		case "upc", "c", "none":
			return nil // upcgo compiles every source as UPC, C being a subset
		}
		return fmt.Errorf("-x %s: upcgo compiles UPC and C (-x upc, -x c)", v)
	}},
	// The aggregation pass, with clang's spellings for its remarks.
	{name: "Rpass", set: func(inv *invocation, v string) error {
		inv.opts.RemarkAggregated = v == "aggregate" || v == ".*"
		return passName("-Rpass", v)
	}},
	{name: "Rpass-missed", set: func(inv *invocation, v string) error {
		inv.opts.RemarkMissed = v == "aggregate" || v == ".*"
		return passName("-Rpass-missed", v)
	}},
	{name: "fno-aggregate", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoAggregate = true
		return nil
	}},
	{name: "faggregate", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoAggregate = false
		return nil
	}},
	// Like gcc's: with -fno-strict-aliasing a store through a pointer of
	// one type may change an object of another (docs/lowering.md).
	{name: "fno-strict-aliasing", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoStrictAliasing = true
		return nil
	}},
	{name: "fstrict-aliasing", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoStrictAliasing = false
		return nil
	}},
	{name: "faggregate-limit", set: func(inv *invocation, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("invalid -faggregate-limit value %q: want a number of bytes of at least 1", v)
		}
		inv.opts.AggregateLimit = n
		return nil
	}},
	{name: "n", runOnly: true, set: setRunThreads},
	{name: "np", runOnly: true, set: setRunThreads},
	{name: "ppn", runOnly: true, set: func(inv *invocation, v string) error {
		n, err := threadCount("-ppn", v)
		inv.perProc = n
		return err
	}},
	{name: "h", noValue: true, set: setHelp},
	{name: "help", noValue: true, set: setHelp},
	{name: "?", noValue: true, set: setHelp},
}

// foreignFlags are flags of other UPC compilers (and gcc) that upcgo does
// not take, with what to use instead.
var foreignFlags = map[string]string{
	"shared-heap-max": "upcgo has one limit, the shared heap per thread: -shared-heap=SIZE, or UPC_SHARED_HEAP_SIZE at run time",
	"heap":            "use -shared-heap=SIZE (or UPC_SHARED_HEAP_SIZE at run time)",
	"heap-offset":     "upcgo places the shared heap itself: remove it",
	"trace":           "upcgo has no communication tracing: UPC_STATS=1 prints each thread's communication counts at exit",
	"traceall":        "upcgo has no communication tracing: UPC_STATS=1 prints each thread's communication counts at exit",
	"inst":            "upcgo has no GASP instrumentation",
	"tv":              "upcgo builds programs Go's debugger (dlv) can debug: -g",
	"pg":              "profile the program with Go's tools (perf works on the binary too)",
	"S":               "upcgo writes Go, not assembly: -save-temps keeps the Go",
	"M":               "upcgo does not write make dependency files",
	"MM":              "upcgo does not write make dependency files",
	"MD":              "upcgo does not write make dependency files",
	"MMD":             "upcgo does not write make dependency files",
	"uses-mpi":        "UPC programs built by upcgo cannot call MPI themselves",
	"link-with":       "upcgo links its own objects only",
	"extern-main":     "main must be in a UPC or C unit upcgo compiles",
	"bupc":            "upcgo has one translator: remove it",
	"gupc":            "upcgo has one translator: remove it",
	"cupc":            "upcgo has one translator: remove it",
	"cupc2c":          "upcgo has one translator: remove it",
	"N":               "a run-time flag of upcrun: upcgo runs every thread on one node, or as mpirun places the processes",
	"nodes":           "a run-time flag of upcrun: upcgo runs every thread on one node, or as mpirun places the processes",
}

func staticThreads(flag string) func(inv *invocation, v string) error {
	return func(inv *invocation, v string) error {
		n, err := threadCount(flag, v)
		inv.opts.StaticThreads = n
		return err
	}
}

func setRunThreads(inv *invocation, v string) error {
	n, err := threadCount("-n", v)
	inv.threads = n
	return err
}

func setSharedHeap(inv *invocation, v string) error {
	n, err := gasnet.ParseSize(v)
	if err != nil {
		return fmt.Errorf("-shared-heap: %v", err)
	}
	inv.opts.SharedHeap = n
	return nil
}

func setDebug(inv *invocation, _ string) error {
	inv.opts.Debug = true
	return nil
}

func setVerbose(inv *invocation, _ string) error {
	inv.verbose = true
	return nil
}

func setVersion(inv *invocation, _ string) error {
	inv.version = true
	return nil
}

func setHelp(inv *invocation, _ string) error {
	inv.help = true
	return nil
}

// passName checks the pass a -Rpass flag names: upcgo has one.
func passName(flag, v string) error {
	if v != "aggregate" && v != ".*" {
		return fmt.Errorf("%s=%s: upcgo's only optimisation pass with remarks is 'aggregate'", flag, v)
	}
	return nil
}

func threadCount(flag, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("invalid %s value %q: want a thread count of at least 1", flag, v)
	}
	return n, nil
}

// parseFlags parses a compiler command line of the given face. Flags and
// inputs may come in any order, as with gcc; for run, everything after the
// inputs belongs to the program.
func parseFlags(face string, args []string) (*invocation, error) {
	inv := &invocation{defaultAOut: face == faceUpcc || face == faceGupc}
	flagsDone := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if face == faceRun && len(inv.opts.Inputs) > 0 && !inputName(a) {
			inv.args = args[i:]
			break
		}
		if flagsDone || a == "-" || !strings.HasPrefix(a, "-") {
			inv.opts.Inputs = append(inv.opts.Inputs, a)
			continue
		}
		if a == "--" {
			flagsDone = true
			continue
		}
		if ignoredCompilerFlag(a) {
			continue
		}
		spec, value, hasValue, err := lookupFlag(face, a)
		if err != nil {
			return nil, err
		}
		if !spec.noValue && !spec.optional && !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag -%s needs a value", spec.name)
			}
			i++
			value = args[i]
		}
		if err := spec.set(inv, value); err != nil {
			return nil, err
		}
		if inv.help || inv.version {
			return inv, nil
		}
	}
	if len(inv.opts.Inputs) == 0 {
		return nil, fmt.Errorf("no source file")
	}
	return inv, nil
}

// inputName reports whether a "upcgo run" argument after the first input
// is another input (a source or an object file) rather than the first of
// the program's arguments, as go run decides.
func inputName(arg string) bool {
	for _, ext := range []string{".upc", ".c", ".o"} {
		if strings.HasSuffix(arg, ext) && !strings.HasPrefix(arg, "-") {
			return true
		}
	}
	return false
}

// gccOptions are gcc's -f options (without "no-") that existing makefiles
// pass and that change nothing upcgo does.
var gccOptions = map[string]bool{
	"PIC": true, "pic": true, "PIE": true, "pie": true, "common": true,
	"omit-frame-pointer": true, "unroll-loops": true, "unroll-all-loops": true, "builtin": true,
	"fast-math": true, "wrapv": true, "inline": true, "inline-functions": true, "stack-protector": true,
	"stack-protector-strong": true, "signed-char": true, "diagnostics-color": true, "visibility=hidden": true,
	"function-sections": true, "data-sections": true, "exceptions": true, "tree-vectorize": true,
	"prefetch-loop-arrays": true, "align-functions": true, "lto": true, "openmp-simd": true,
}

// ignoredCompilerFlag reports whether arg is a gcc code-generation or
// diagnostics flag that existing makefiles pass (-O2, -Wall, -std=c99,
// -fno-common, -m64, -pthread): upcgo's code generation has no
// such knobs, so they are accepted and ignored rather than breaking those
// builds.
func ignoredCompilerFlag(arg string) bool {
	switch {
	case arg == "-pthread" || arg == "-ansi" || strings.HasPrefix(arg, "-pedantic"):
		return true
	case arg == "-O" || arg == "-Ofast" || len(arg) == 3 && arg[:2] == "-O" && strings.IndexByte("123sgz", arg[2]) >= 0:
		return true
	case arg == "-g0":
		return true
	case strings.HasPrefix(arg, "-g") && len(arg) <= 4 && strings.Trim(arg[2:], "123") == "" || arg == "-ggdb":
		return false // -g1..-g3, -ggdb: see setDebug, through lookupFlag
	case strings.HasPrefix(arg, "-W") && !strings.Contains(arg, ","):
		return arg != "-Werror" && arg != "-Wno-error"
	case strings.HasPrefix(arg, "-std="), strings.HasPrefix(arg, "-m"):
		return true
	case strings.HasPrefix(arg, "-f"):
		opt := strings.TrimPrefix(strings.TrimPrefix(arg, "-f"), "no-")
		return gccOptions[opt] || strings.HasPrefix(opt, "diagnostics-") || strings.HasPrefix(opt, "message-length=")
	}
	return false
}

// lookupFlag finds the flag arg names and the value glued to it, if any.
func lookupFlag(face, arg string) (spec flagSpec, value string, hasValue bool, err error) {
	body := strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
	name, value, hasValue := strings.Cut(body, "=")
	switch {
	case strings.HasPrefix(name, "g") && (name == "ggdb" || len(name) == 2 && strings.IndexByte("123", name[1]) >= 0):
		name = "g" // -g1..-g3, -ggdb
	case strings.HasPrefix(body, "fupc-threads-"), strings.HasPrefix(body, "fthreads-"):
		// -fupc-threads-4, -fthreads-4 (Berkeley UPC's compatibility spelling)
		name, value, hasValue = "fupc-threads", body[strings.LastIndexByte(body, '-')+1:], true
	case strings.HasPrefix(body, "fupc-heap-"):
		name, value, hasValue = "fupc-heap", strings.TrimPrefix(body, "fupc-heap-"), true
	}
	found := false
	for _, s := range flagSpecs {
		if s.name == name {
			spec, found = s, true
			break
		}
	}
	if !found && len(body) > 1 {
		// A one-letter flag with its value glued on: -DNAME=1, -Iinc, -T4, -lm, -ofile.
		for _, s := range flagSpecs {
			if len(s.name) == 1 && !s.noValue && s.name == body[:1] {
				value, hasValue = body[1:], true
				if s.name == "T" || s.name == "n" {
					// Only digits may be glued on (-T4), so that a
					// mistyped long flag such as -netwrk is reported as
					// unknown, not as a bad thread count.
					if strings.Trim(value, "0123456789") != "" {
						break
					}
				}
				spec, found = s, true
				break
			}
		}
	}
	switch {
	case !found:
		return spec, "", false, unknownFlag(face, arg, name)
	case spec.runOnly && face != faceRun:
		return spec, "", false, fmt.Errorf("-%s is a run-time flag: give it to the program (./prog -%s 4), to upcgo run or to upcrun", spec.name, spec.name)
	case spec.noValue && hasValue:
		return spec, "", false, fmt.Errorf("flag -%s takes no value", spec.name)
	}
	return spec, value, hasValue, nil
}

// unknownFlag is the error for a flag upcgo does not take: what to use
// instead if it is another compiler's, else the closest of upcgo's.
func unknownFlag(face, arg, name string) error {
	if hint, ok := foreignFlags[name]; ok {
		return fmt.Errorf("%s is not supported: %s", arg, hint)
	}
	switch {
	case strings.HasPrefix(name, "W") && strings.Contains(name, ","):
		return fmt.Errorf("%s: upcgo has no back-end C compiler, preprocessor or linker to pass options to", arg)
	case strings.HasPrefix(name, "fupc-"):
		return fmt.Errorf("unknown GNU UPC flag %s: upcgo takes -fupc-threads=N (or -fupc-threads-N) and -fupc-heap=SIZE", arg)
	case strings.HasPrefix(name, "inst"):
		return fmt.Errorf("%s is not supported: %s", arg, foreignFlags["inst"])
	}
	best, bestDist := "", 3
	for _, s := range flagSpecs {
		if s.runOnly && face != faceRun || len(s.name) < 2 {
			continue
		}
		if d := editDistance(name, s.name); d < bestDist {
			best, bestDist = s.name, d
		}
	}
	if best != "" {
		return fmt.Errorf("unknown flag %s (did you mean -%s?)", arg, best)
	}
	return fmt.Errorf("unknown flag %s", arg)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
