// Package testsuite is upcgo's end-to-end regression suite: every .upc
// program under this folder (and the user-facing ones in ../examples) is
// compiled through the driver, exactly as "upcgo build" does, and then
// either run at several thread counts and compared with its expected
// output, or — for programs that must be rejected — checked against the
// ERROR comments on its lines.
//
// A program says what it expects in header comments near its top:
//
//	// threads: 1 2 4          thread counts to run at (default 1 2 3 4 8)
//	// static-threads: 4       build with -T 4 and run only at 4 threads
//	// args: a b c             the program's arguments
//	// stdin: input.txt        a file (next to the program) fed to stdin
//	// exit: 1                 the expected exit status (default 0)
//	// stderr: "regexp"        stderr must match (repeatable)
//	// gcc: yes                cross-check: gcc -include gccshim.h must print the same at THREADS=1
//	// repeat: 20              run 20 times at each count (for races that show only sometimes)
//
// Its expected standard output is X.out next to X.upc, where {THREADS}
// stands for the thread count, or X.N.out for N threads only (for
// ../examples/X.upc: examples/X.out in this folder). A program
// with /* ERROR "regexp" */ or // ERROR "regexp" comments must fail to
// compile with a matching "file:line:col: error:" on each such line and no
// error elsewhere. WARNING "regexp" comments work the same for warnings,
// in programs that compile or not: a program with any gets a matching
// "file:line:col: warning:" on each such line and no warning elsewhere.
// As for stderr, the text between the quotes is the
// regexp itself (write \. for a literal dot, [)] for a parenthesis).
//
// known_failures.txt lists programs that fail because of a reported
// compiler bug; they are skipped unless -knownfail is given, which runs
// them and reports which ones pass now (so fixed entries can be removed).
package testsuite

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/driver"
)

var (
	runKnown = flag.Bool("knownfail", false, "run the programs listed in known_failures.txt too, and report those that pass")
	only     = flag.String("prog", "", "run only the programs whose path matches this regexp (a part of the path is enough: -prog upc/locks)")
)

// onlyRE is -prog compiled (TestMain).
var onlyRE *regexp.Regexp

// selected reports whether -prog selects the program at path (a .upc
// file, or a folder of linkDir).
func selected(path string) bool {
	return onlyRE.MatchString(path)
}

// defaultThreads are the counts a program runs at unless it says otherwise:
// 1 (the degenerate case), even and odd counts, and more threads than the
// machine has cores.
var defaultThreads = []int{1, 2, 3, 4, 8}

// runTimeout bounds one run of a program: the suite must never hang on a
// deadlock, and a run that needs this long is a bug in itself.
// UPCGO_SUITE_RUN_TIMEOUT (a duration) changes it: the multi-node test
// (testsuite/multinode) gives its jobs longer, because every remote
// atomic there is a round trip over TCP between processes that share two
// loaded cores.
var runTimeout = runTimeoutFromEnv()

func runTimeoutFromEnv() time.Duration {
	s := os.Getenv("UPCGO_SUITE_RUN_TIMEOUT")
	if s == "" {
		return 60 * time.Second
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		fmt.Fprintf(os.Stderr, "UPCGO_SUITE_RUN_TIMEOUT=%q: want a duration such as 5m\n", s)
		os.Exit(2)
	}
	return d
}

// binDir holds the binaries the suite builds, at paths that name the
// program and the build (binaryPath), in the suite's cache. A binary at
// its path is one go build finds up to date (by its build ID) and does
// not link again: TestAggregateDifferential runs the default builds of
// TestPrograms, and with UPCGO_SUITE_CACHE the multi-node run starts the
// binaries the one-node mpi run linked. A link is most of a program's
// cost in the suite (a second of CPU, two with cgo on mpi), the runs far
// less.
var binDir string

// binaryPath is where the suite keeps the binary of the program at path
// (a .upc file, or a folder of linkDir), with a suffix naming a build
// other than the default one.
func binaryPath(path, suffix string) string {
	return filepath.Join(binDir, strings.ReplaceAll(strings.TrimSuffix(path, filepath.Ext(path)), "/", "_")+suffix)
}

// slots bounds how many programs build or run at once: go build and the
// programs' goroutines already use every core, and the machine has few.
var slots = make(chan struct{}, max(2, runtime.NumCPU()/2))

func TestMain(m *testing.M) {
	flag.Parse()
	var err error
	if onlyRE, err = regexp.Compile(*only); err != nil {
		fmt.Fprintf(os.Stderr, "-prog: %v\n", err)
		os.Exit(2)
	}
	// One runtime extraction for the whole suite, shared by every program
	// and thrown away afterwards; Go's build cache still makes the
	// runtime's compilation a one-time cost across suite runs.
	// UPCGO_SUITE_CACHE names a folder kept instead, so that suite runs
	// after the first find the runtime and every program's build folder
	// at the same paths, and Go's build cache hands back the binaries it
	// linked before (make test sets it: the multi-node run builds the
	// programs the one-node mpi run built).
	cache := os.Getenv("UPCGO_SUITE_CACHE")
	keep := cache != ""
	if keep {
		cache, err = filepath.Abs(cache)
		if err == nil {
			err = os.MkdirAll(cache, 0o755)
		}
	} else {
		cache, err = os.MkdirTemp("", "upcgo-suite-cache-")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("UPCGO_CACHE", cache)
	network := suiteNetwork.name
	if network == "" {
		network = "smp"
	}
	binDir = filepath.Join(cache, "suite-bin", network)
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	if !keep {
		os.RemoveAll(cache)
	}
	os.Exit(code)
}

// program is one .upc file and what its comments say to expect.
type program struct {
	path       string // relative to this folder, with forward slashes
	threads    []int
	static     int
	args       []string
	stdin      string
	exit       int
	stderr     []*regexp.Regexp
	gcc        bool
	repeat     int
	wantErrors map[int][]*regexp.Regexp // line -> patterns from ERROR comments
	// wantWarnings: line -> patterns from WARNING comments.
	wantWarnings map[int][]*regexp.Regexp
}

var (
	headerRE = regexp.MustCompile(`^\s*//\s*([a-z-]+):\s*(.*?)\s*$`)
	errorRE  = regexp.MustCompile(`(?://|/\*)\s*ERROR\s+"([^"]*)"`)
	warnRE   = regexp.MustCompile(`(?://|/\*)\s*WARNING\s+"([^"]*)"`)
	// warnDiagRE is a warning about a line of a program.
	warnDiagRE = regexp.MustCompile(`^([^\s:][^:]*):(\d+):(\d+): warning: (.*)$`)
	// Source lines quoted under a diagnostic start with a space.
	diagRE = regexp.MustCompile(`^([^\s:][^:]*):(\d+):(\d+): error: (.*)$`)
	// An error that names no line ("-: error: ..."): every error about a
	// program must point into it.
	unpositionedRE = regexp.MustCompile(`^[^\s:][^:]*: error: `)
)

// parseProgram reads the header and ERROR comments of the program at path.
func parseProgram(path string) (*program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseSource(path, src)
}

// parseSource reads the header and ERROR comments of src. Header comments
// are the "// key: value" lines before the first line of code, so a
// directive-looking comment in the body means nothing; an unknown key there
// is an error, so that a misspelt directive is not silently ignored.
func parseSource(path string, src []byte) (*program, error) {
	p := &program{path: filepath.ToSlash(path), threads: defaultThreads, repeat: 1, wantErrors: map[int][]*regexp.Regexp{}, wantWarnings: map[int][]*regexp.Regexp{}}
	inHeader := true
	// A byte-order mark starts no line (c/byte_order_mark.upc has one).
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		trimmed := strings.TrimSpace(text)
		if inHeader && trimmed != "" && !strings.HasPrefix(trimmed, "//") {
			inHeader = false
		}
		if m := headerRE.FindStringSubmatch(text); inHeader && m != nil {
			if err := p.setHeader(m[1], m[2]); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
		}
		for _, m := range errorRE.FindAllStringSubmatch(text, -1) {
			re, err := regexp.Compile(m[1])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad ERROR pattern: %v", path, line, err)
			}
			p.wantErrors[line] = append(p.wantErrors[line], re)
		}
		for _, m := range warnRE.FindAllStringSubmatch(text, -1) {
			re, err := regexp.Compile(m[1])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad WARNING pattern: %v", path, line, err)
			}
			p.wantWarnings[line] = append(p.wantWarnings[line], re)
		}
	}
	if p.static > 0 {
		p.threads = []int{p.static}
	}
	return p, sc.Err()
}

func (p *program) setHeader(key, value string) error {
	var err error
	switch key {
	case "threads":
		p.threads = nil
		for _, f := range strings.Fields(value) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 {
				return fmt.Errorf("bad thread count %q", f)
			}
			p.threads = append(p.threads, n)
		}
	case "static-threads":
		p.static, err = strconv.Atoi(value)
		if err == nil && p.static < 1 {
			err = fmt.Errorf("bad static thread count %q", value)
		}
	case "args":
		p.args = strings.Fields(value)
	case "stdin":
		p.stdin = value
	case "exit":
		p.exit, err = strconv.Atoi(value)
	case "stderr":
		if len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
			return fmt.Errorf(`stderr: want a regexp in double quotes, got %s`, value)
		}
		re, cerr := regexp.Compile(value[1 : len(value)-1])
		if cerr != nil {
			return cerr
		}
		p.stderr = append(p.stderr, re)
	case "gcc":
		if value != "yes" && value != "no" {
			return fmt.Errorf("gcc: want yes or no, got %q", value)
		}
		p.gcc = value == "yes"
	case "repeat":
		p.repeat, err = strconv.Atoi(value)
		if err == nil && p.repeat < 1 {
			err = fmt.Errorf("bad repeat count %q", value)
		}
	default:
		err = fmt.Errorf("unknown header %q (want threads, static-threads, args, stdin, exit, stderr, gcc or repeat)", key)
	}
	return err
}

// findPrograms lists the suite's programs and the examples folder's.
func findPrograms(t *testing.T) []*program {
	var paths []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && (path == linkDir || path == "multinode" || path == "lines") {
			// Programs of several units (link_test.go), the program
			// the multi-node cluster runs (multinode/run.sh), and the
			// one TestFaultLines runs case by case (faultlines_test.go).
			return filepath.SkipDir
		}
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".upc") || strings.HasSuffix(path, ".c")) {
			paths = append(paths, path)
		}
		return err
	})
	require.NoError(t, err)
	examples, err := filepath.Glob(filepath.Join("..", "examples", "*.upc"))
	require.NoError(t, err)
	paths = append(paths, examples...)
	sort.Strings(paths)

	var progs []*program
	for _, path := range paths {
		p, err := parseProgram(path)
		require.NoError(t, err)
		progs = append(progs, p)
	}
	return progs
}

// readKnownFailures reads known_failures.txt: "path reason" per line,
// '#' comments and blank lines ignored.
func readKnownFailures(t *testing.T) map[string]string {
	known := map[string]string{}
	data, err := os.ReadFile("known_failures.txt")
	if errors.Is(err, fs.ErrNotExist) {
		return known
	}
	require.NoError(t, err)
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, reason, _ := strings.Cut(line, " ")
		known[path] = strings.TrimSpace(reason)
	}
	return known
}

func TestPrograms(t *testing.T) {
	progs := findPrograms(t)
	require.GreaterOrEqual(t, len(progs), 1, "no programs found")
	known := readKnownFailures(t)
	for path := range known {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("known_failures.txt lists %s, which does not exist", path)
		}
	}
	for _, p := range progs {
		if !selected(p.path) {
			continue
		}
		t.Run(strings.TrimPrefix(p.path, "../"), func(t *testing.T) {
			t.Parallel()
			// gcc checks the expectation itself, so it runs for known
			// failures too; it does not depend on the network, so it
			// runs in the smp run alone.
			if p.gcc && suiteNetwork.name == "" {
				t.Run("gcc", func(t *testing.T) { checkWithGCC(t, p) })
			}
			reason, isKnown := known[p.path]
			if isKnown && !*runKnown {
				t.Skip("known failure: " + reason)
			}
			ok := t.Run("upcgo", func(t *testing.T) { checkProgram(t, p) })
			if isKnown && ok {
				// Printed, not logged: go test hides the logs of passing
				// tests, and this is what a -knownfail run is for.
				fmt.Fprintf(os.Stderr, "%s passes now: remove it from known_failures.txt\n", p.path)
			}
		})
	}
}

// checkProgram compiles p and checks its diagnostics, or runs it at each
// thread count and checks what it printed.
func checkProgram(t *testing.T, p *program) {
	slots <- struct{}{}
	defer func() { <-slots }()

	var stderr bytes.Buffer
	opts := driver.Options{
		Inputs:        []string{p.path},
		Output:        binaryPath(p.path, ""),
		StaticThreads: p.static,
		Network:       suiteNetwork.name,
		Stderr:        &stderr,
	}
	layouts := suiteNetwork.layouts(p)
	if len(p.wantErrors) == 0 && len(layouts) == 0 {
		// Built for a network, a program that cannot run there would
		// only cost a link (cgo's, on mpi); the smp run builds it.
		t.Skipf("none of its thread counts %v fits the %s layouts", p.threads, suiteNetwork.name)
	}
	if len(p.wantErrors) > 0 {
		_, err := driver.Compile(opts)
		var progErr *driver.ProgramError
		require.True(t, errors.As(err, &progErr), "compiling %s: want errors, got %v\n%s", p.path, err, stderr.String())
		checkDiagnostics(t, p, stderr.String())
		checkWarnings(t, p, stderr.String())
		return
	}
	binPath, err := build(opts)
	require.NoError(t, err, "building %s:\n%s", p.path, stderr.String())
	checkWarnings(t, p, stderr.String())
	if suiteNetwork.name == "" {
		checkBinaryLines(t, binPath, p.path) // stripped on a network (build)
	}
	// Warnings are allowed, but an error diagnostic with a successful
	// build would mean the driver ignored it.
	assert.NotRegexp(t, `(?m)^\S+:\d+:\d+: error:`, stderr.String())

	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) { runAt(t, p, binPath, l) })
	}
}

// checkDiagnostics checks that every line with ERROR comments got a
// matching error and that no other error was reported.
func checkDiagnostics(t *testing.T, p *program, output string) {
	checkUnitDiagnostics(t, []*program{p}, output)
}

// checkUnitDiagnostics is checkDiagnostics for the units of one program,
// each a file with its own ERROR comments.
func checkUnitDiagnostics(t *testing.T, units []*program, output string) {
	byBase := map[string]*program{}
	matched := map[*program]map[int][]bool{}
	for _, p := range units {
		byBase[filepath.Base(p.path)] = p
		matched[p] = map[int][]bool{}
		for line, res := range p.wantErrors {
			matched[p][line] = make([]bool, len(res))
		}
	}
	for _, l := range strings.Split(output, "\n") {
		m := diagRE.FindStringSubmatch(l)
		if m == nil {
			if unpositionedRE.MatchString(l) {
				t.Errorf("an error without a line and column: %s", l)
			}
			continue
		}
		file, msg := m[1], m[4]
		line, _ := strconv.Atoi(m[2])
		p := byBase[filepath.Base(file)]
		if p == nil {
			t.Errorf("unexpected error in another file: %s", l)
			continue
		}
		res := p.wantErrors[line]
		found := false
		for i, re := range res {
			if re.MatchString(msg) {
				matched[p][line][i] = true
				found = true
			}
		}
		if !found {
			if len(res) > 0 {
				t.Errorf("%s:%d: error %q does not match the expected %v", p.path, line, msg, res)
			} else {
				t.Errorf("%s:%d: unexpected error: %s", p.path, line, msg)
			}
		}
	}
	for _, p := range units {
		for line, res := range p.wantErrors {
			for i, re := range res {
				if !matched[p][line][i] {
					t.Errorf("%s:%d: no error matching %q", p.path, line, re)
				}
			}
		}
	}
	if t.Failed() {
		t.Logf("upcgo's diagnostics:\n%s", output)
	}
}

// checkWarnings checks the warnings of a program with WARNING comments:
// each such line got a matching warning, and no other line got one.
func checkWarnings(t *testing.T, p *program, output string) {
	if len(p.wantWarnings) == 0 {
		return
	}
	matched := map[*regexp.Regexp]bool{}
	for _, l := range strings.Split(output, "\n") {
		m := warnDiagRE.FindStringSubmatch(l)
		if m == nil || filepath.Base(m[1]) != filepath.Base(p.path) {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		found := false
		for _, re := range p.wantWarnings[line] {
			if re.MatchString(m[4]) {
				matched[re], found = true, true
			}
		}
		if !found {
			t.Errorf("%s:%d: unexpected warning: %s", p.path, line, m[4])
		}
	}
	for line, res := range p.wantWarnings {
		for _, re := range res {
			if !matched[re] {
				t.Errorf("%s:%d: no warning matching %q", p.path, line, re)
			}
		}
	}
	if t.Failed() {
		t.Logf("upcgo's diagnostics:\n%s", output)
	}
}

// outputStem returns the path of p's expected outputs without ".out": the
// expectations of ../examples/X.upc are examples/X.out here, so that the
// examples folder holds only what users read.
func outputStem(path string) string {
	stem := strings.TrimSuffix(path, filepath.Ext(path))
	if rest, ok := strings.CutPrefix(stem, "../examples/"); ok {
		stem = "examples/" + rest
	}
	return stem
}

// expectedOutput returns the expected stdout at n threads: X.n.out if it
// exists, else X.out with {THREADS} replaced. One of them must exist (an
// empty file for a program that prints nothing), so that a forgotten
// expectation is not taken for "prints nothing".
func expectedOutput(t *testing.T, p *program, n int) string {
	stem := outputStem(p.path)
	if data, err := os.ReadFile(fmt.Sprintf("%s.%d.out", stem, n)); err == nil {
		return string(data)
	}
	data, err := os.ReadFile(stem + ".out")
	require.NoError(t, err, "the expected output of %s at %d threads: want %s.out or %s.%d.out", p.path, n, stem, stem, n)
	return strings.ReplaceAll(string(data), "{THREADS}", strconv.Itoa(n))
}

// runAt runs the program's binary with l's threads (p.repeat times,
// stopping at the first failure) and checks its status, stdout and stderr.
func runAt(t *testing.T, p *program, binPath string, l layout) {
	n := l.threads
	launch := suiteNetwork.launch(p, l)
	want := expectedOutput(t, p, n)
	for i := 0; i < p.repeat && !t.Failed(); i++ {
		stdout, stderr, status := run(t, p, launch, binPath)
		stderr = suiteNetwork.untag(stderr)
		assert.Equal(t, p.exit, status, "exit status at %d threads (run %d); stderr:\n%s", n, i+1, stderr)
		suiteNetwork.checkStdout(t, want, stdout, "stdout at %d threads (run %d); stderr:\n%s", n, i+1, stderr)
		for _, re := range p.stderr {
			assert.Regexp(t, re, stderr, "stderr at %d threads (run %d)", n, i+1)
		}
		if len(p.stderr) == 0 && p.exit == 0 {
			assert.Empty(t, stderr, "stderr at %d threads (run %d)", n, i+1)
		}
	}
}

// run runs a binary as launch says, with the program's arguments and
// stdin, and returns what it printed and its exit status.
func run(t *testing.T, p *program, launch driver.Launch, binPath string) (stdout, stderr string, status int) {
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	argv, env, err := launch.Command(binPath, p.args)
	require.NoError(t, err)
	extra := argv[1:]
	cmd := exec.CommandContext(ctx, argv[0], extra...)
	if launch.Network != "" {
		// A job of its own temporary folder: Open MPI's mpirun keeps its
		// session directory under it, and two jobs sharing one race (the
		// first to end removes the folder the second is creating in:
		// "ORTE_ERROR_LOG: Error in file util/session_dir.c").
		env = append(env, "TMPDIR="+t.TempDir())
	}
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Dir = filepath.Dir(p.path)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if p.stdin != "" {
		f, err := os.Open(filepath.Join(filepath.Dir(p.path), p.stdin))
		require.NoError(t, err)
		defer f.Close()
		cmd.Stdin = f
	}
	err = cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s %v: no exit after %v (deadlock?); stderr:\n%s", p.path, extra, runTimeout, errOut.String())
	case errors.As(err, &exitErr):
		status = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("running %s: %v", binPath, err)
	}
	return out.String(), errOut.String(), status
}

// checkWithGCC compiles the program as C with gcc, UPC keywords shimmed
// away by gccshim.h, and checks that it prints the expected output for
// one thread: the expectation then does not rest on upcgo alone.
func checkWithGCC(t *testing.T, p *program) {
	checkUnitsWithGCC(t, p, []string{p.path})
}

// checkUnitsWithGCC is checkWithGCC for a program of several units, whose
// headers and expected output are p's. Tentative definitions in several
// units are one object, as -fcommon makes them for gcc.
func checkUnitsWithGCC(t *testing.T, p *program, units []string) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found")
	}
	slots <- struct{}{}
	defer func() { <-slots }()
	abs, err := filepath.Abs(".")
	require.NoError(t, err)
	out := binaryPath(p.path, "-gcc")
	args := []string{"-std=gnu11", "-O1", "-w", "-fno-strict-aliasing", "-fcommon",
		"-I", filepath.Join(abs, "gccinclude"), "-include", filepath.Join(abs, "gccshim.h"), "-x", "c"}
	args = append(append(args, units...), "-x", "none", "-o", out, "-lm")
	cmd := exec.Command(gcc, args...)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "gcc:\n%s", msg)
	stdout, stderr, status := run(t, p, driver.Launch{}, out)
	assert.Equal(t, p.exit, status, "gcc build's exit status; stderr:\n%s", stderr)
	assert.Equal(t, expectedOutput(t, p, 1), stdout, "gcc build's stdout")
}
