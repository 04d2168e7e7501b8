package driver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// goEnv pins the go command to an offline, reproducible build whatever the
// user's environment says: go.mod may be updated (-mod=mod) but nothing is
// fetched (GOPROXY=off), no go.work elsewhere takes over (GOWORK=off), no
// other toolchain is downloaded (GOTOOLCHAIN=local), and no version-control
// stamping is attempted: the build folder lives in a cache, and a cache
// inside someone's checkout would otherwise make git errors ours.
var goEnv = []string{
	"GOFLAGS=-mod=mod -buildvcs=false",
	"GOPROXY=off",
	"GOWORK=off",
	"GOTOOLCHAIN=local",
}

// goCommand finds the go command: on PATH, else in $GOROOT/bin, else in
// the GOROOT upcgo itself was built with.
func goCommand() (string, error) {
	if path, err := exec.LookPath("go"); err == nil {
		return path, nil
	}
	roots := []string{os.Getenv("GOROOT")}
	//lint:ignore SA1019 the last resort when neither PATH nor $GOROOT leads to a toolchain
	roots = append(roots, runtime.GOROOT())
	for _, root := range roots {
		if root == "" {
			continue
		}
		path := filepath.Join(root, "bin", "go")
		if runtime.GOOS == "windows" {
			path += ".exe"
		}
		if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
			return path, nil
		}
	}
	return "", errors.New("cannot find the go command, which upcgo uses to build programs: install Go 1.26 or later and put it on PATH (or set GOROOT)")
}

// goBuild builds the main package in dir into out, with the build tags
// of the program's network (which need cgo), and for -g or -O0 without
// optimisations and inlining (what delve needs), for -s without symbols.
func (o *Options) goBuild(dir, out string, tags []string) error {
	gocmd, err := goCommand()
	if err != nil {
		return err
	}
	args := []string{"build", "-o", out}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	if o.Debug {
		args = append(args, "-gcflags=all=-N -l")
	}
	if o.Strip {
		args = append(args, "-ldflags=-s -w")
	}
	args = append(args, ".")
	start := time.Now()
	defer func() {
		o.verbosef("go build (%v)", time.Since(start).Round(time.Millisecond))
	}()
	o.verbosef("cd %s && %s %s %s", dir, strings.Join(goEnv, " "), gocmd, shellQuote(args))
	cmd := exec.Command(gocmd, args...)
	cmd.Dir = dir
	// Later entries win, so these override the user's settings.
	cmd.Env = append(os.Environ(), goEnv...)
	if len(tags) > 0 {
		cmd.Env = append(cmd.Env, "CGO_ENABLED=1")
	}
	var output bytes.Buffer
	cmd.Stdout = &output
	cmd.Stderr = &output
	err = cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &exitErr):
		return fmt.Errorf("cannot run %s: %v", gocmd, err)
	}
	text := strings.TrimRight(output.String(), "\n")
	if !compileFailure(text) {
		// The toolchain could not work (too old a Go, the output not
		// writable, ...): the user's environment, not the program.
		return fmt.Errorf("go build failed:\n%s", text)
	}
	// The front end accepted the program, so Go that does not compile
	// is upcgo's fault, whatever the program is.
	return &InternalError{
		Msg:    "generated Go does not compile",
		Detail: fmt.Sprintf("%s\nthe generated Go source is kept in %s", text, filepath.Join(dir, "main.go")),
	}
}

// shellQuote spells args as a shell would need them, for -v.
func shellQuote(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = a
		if strings.ContainsAny(a, " \t'\"$\\") {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// compileFailure reports whether go build's output is the compiler's or the
// linker's: go build heads their messages with "# " and the package path;
// its own failures (a go.mod it cannot use, an output it cannot write) are
// lines starting "go: " or "go build ".
func compileFailure(output string) bool {
	for line := range strings.Lines(output) {
		if strings.HasPrefix(line, "# ") {
			return true
		}
	}
	return false
}
