// Command upcgo compiles UPC (Unified Parallel C) and C programs into
// ordinary binaries, and runs them.
//
//	upcgo build [-c] [-o out] [-T n] [-Dname[=val]] [-Idir] [-network smp|mpi] file.upc [more.upc util.c obj.o...]
//	upcgo run [-n N] [-ppn P] [build flags] file.upc [more files] [args...]
//	upcgo upcc [upcc flags] files...      Berkeley UPC's compiler face
//	upcgo gupc [gupc flags] files...      GNU UPC's compiler face
//	upcgo upcrun [-n N] ./prog [args...]  Berkeley UPC's launcher face
//	upcgo version
//	upcgo clean
//	upcgo help [command | env]
//
// Installed under the names upcc, gupc or upcrun (a symbolic link to
// upcgo), the binary is that face. The command lines are parsed here;
// everything else (the compiler stages, the cache of build folders,
// running the Go toolchain and the programs) is internal/driver's.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/upcgo/upcgo/internal/driver"
)

func main() {
	os.Exit(upcgo(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// console is where a command reads and writes.
type console struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// upcgo runs one command line, argv[0] included (its base name chooses
// the face), and returns the exit status: 0, 1 when the program has errors
// (or the program run exits 1), 2 for a usage error, 3 for an internal
// error; for "upcgo run" and upcrun, the program's own status.
func upcgo(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := console{stdin, stdout, stderr}
	switch face := strings.TrimSuffix(filepath.Base(argv[0]), ".exe"); face {
	case faceUpcc, faceGupc:
		return c.compile(face, argv[1:])
	case "upcrun":
		return c.upcrun(argv[1:])
	}
	args := argv[1:]
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return driver.StatusUsage
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case faceBuild, faceRun, faceUpcc, faceGupc:
		return c.compile(cmd, rest)
	case "upcrun":
		return c.upcrun(rest)
	case "version", "-version", "--version", "-V":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "upcgo version: unexpected arguments %s\nusage: upcgo version\n", strings.Join(rest, " "))
			return driver.StatusUsage
		}
		fmt.Fprintln(stdout, versionLine())
		return 0
	case "clean":
		return clean(rest, stderr)
	case "help", "-h", "-help", "--help", "-?":
		if len(rest) == 0 {
			fmt.Fprint(stdout, mainUsage)
			return 0
		}
		if text, ok := helpTopic(rest[0]); ok && len(rest) == 1 {
			fmt.Fprint(stdout, text)
			return 0
		}
		fmt.Fprintf(stderr, "upcgo help: unknown help topic %q; the commands are %s\n", strings.Join(rest, " "), commandList)
		return driver.StatusUsage
	default:
		fmt.Fprintf(stderr, "upcgo: %s\nRun 'upcgo help' for usage.\n", notACommand(cmd))
		return driver.StatusUsage
	}
}

const commandList = "build, run, upcc, gupc, upcrun, version, clean and help"

// notACommand explains a first argument that is not a command: a source
// file or a flag is what a user of another compiler types.
func notACommand(arg string) string {
	switch {
	case inputName(arg):
		return fmt.Sprintf("%s is a file, not a command: 'upcgo build %s' compiles it (as 'upcc %s' would), 'upcgo run %s' compiles and runs it", arg, arg, arg, arg)
	case strings.HasPrefix(arg, "-"):
		return fmt.Sprintf("%s: the flags come after a command, as in 'upcgo build %s file.upc' (the commands are %s)", arg, arg, commandList)
	}
	return fmt.Sprintf("unknown command %q (the commands are %s)", arg, commandList)
}

// compile runs a compiler command line: upcgo build or run, or the upcc or
// gupc face.
func (c console) compile(face string, args []string) int {
	if face == faceUpcc {
		// Berkeley UPC's default flags, before the command line's.
		args = append(strings.Fields(os.Getenv("UPCC_FLAGS")), args...)
	}
	name := face
	if face == faceBuild || face == faceRun {
		name = "upcgo " + face
	}
	inv, err := parseFlags(face, args)
	switch {
	case err != nil:
		fmt.Fprintf(c.stderr, "%s: %v\n%sRun '%s -h' for details.\n", name, err, commandUsage(face), name)
		return driver.StatusUsage
	case inv.help:
		fmt.Fprint(c.stdout, helpText[face])
		return 0
	case inv.version:
		fmt.Fprintln(c.stdout, versionLine())
		return 0
	}
	inv.opts.Stderr = c.stderr
	if inv.verbose {
		inv.opts.Verbose = c.stderr
		fmt.Fprintln(c.stderr, versionLine())
	}
	if inv.preprocess {
		return c.preprocess(inv)
	}
	out := inv.output()
	if inv.saveTemps && inv.opts.EmitGo == "" && !inv.opts.CompileOnly {
		inv.opts.EmitGo = out + "_go"
	}
	if face == faceRun {
		status, err := driver.Run(inv.opts, driver.RunOptions{Threads: inv.threads, PerProc: inv.perProc, Args: inv.args, Stdin: c.stdin, Stdout: c.stdout})
		if err != nil {
			return report(c.stderr, err)
		}
		return status
	}
	if !inv.opts.CompileOnly {
		inv.opts.Output = out
	}
	_, err = driver.Build(inv.opts)
	return report(c.stderr, err)
}

// output is the binary a build writes: -o, else a.out for the upcc and
// gupc faces (as their manuals say), else the driver's default (the first
// input's name).
func (inv *invocation) output() string {
	switch {
	case inv.opts.Output != "":
		return inv.opts.Output
	case inv.defaultAOut:
		return "a.out"
	}
	return driver.DefaultOutput(inv.opts.Inputs[0])
}

// preprocess runs -E: the preprocessed sources to stdout, or to -o.
func (c console) preprocess(inv *invocation) int {
	w := c.stdout
	if inv.opts.Output != "" {
		f, err := os.Create(inv.opts.Output)
		if err != nil {
			return report(c.stderr, err)
		}
		defer f.Close()
		w = f
	}
	return report(c.stderr, driver.Preprocess(inv.opts, w))
}

// report prints a driver error and returns the exit status for it. The
// program's own errors were printed as diagnostics already.
func report(stderr io.Writer, err error) int {
	var perr *driver.ProgramError
	if err != nil && !errors.As(err, &perr) {
		fmt.Fprintf(stderr, "upcgo: %v\n", err)
	}
	return driver.ExitStatus(err)
}

// versionLine names this upcgo: its module version (or the VCS revision of
// a development build), the runtime source it carries, and the Go it was
// built with.
func versionLine() string {
	version := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			version = v
		} else {
			rev, dirty := "", false
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				version += " " + rev
				if dirty {
					version += "+dirty"
				}
			}
		}
	}
	return fmt.Sprintf("upcgo version %s (runtime %s) %s %s/%s", version, driver.RuntimeHash(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
