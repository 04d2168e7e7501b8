package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/internal/driver"
)

// invocation is a parsed "upcgo build" or "upcgo run" command line.
type invocation struct {
	opts    driver.Options
	threads int      // run: -n N
	perProc int      // run: -ppn P
	args    []string // run: the program's arguments
	help    bool     // -h: print the command's help instead
}

// flagSpec is one flag. Flags are gcc-like: a one-letter flag takes its
// value glued (-DNAME, -Idir, -T4) or as the next argument (-D NAME); a
// long flag takes it as the next argument or after '=' (-network=smp).
// A leading "--" works as "-" for every flag.
type flagSpec struct {
	name     string // without the dash
	commands string // "build run" or "run"
	noValue  bool
	set      func(inv *invocation, value string) error
}

var flagSpecs = []flagSpec{
	{name: "c", commands: "build", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.CompileOnly = true
		return nil
	}},
	{name: "o", commands: "build run", set: func(inv *invocation, v string) error {
		inv.opts.Output = v
		return nil
	}},
	{name: "T", commands: "build run", set: func(inv *invocation, v string) error {
		n, err := threadCount("-T", v)
		inv.opts.StaticThreads = n
		return err
	}},
	{name: "D", commands: "build run", set: func(inv *invocation, v string) error {
		if v == "" || strings.HasPrefix(v, "=") {
			return fmt.Errorf("-D needs a macro name: -DNAME or -DNAME=VALUE")
		}
		inv.opts.Defines = append(inv.opts.Defines, v)
		return nil
	}},
	{name: "U", commands: "build run", set: func(inv *invocation, v string) error {
		if v == "" {
			return fmt.Errorf("-U needs a macro name")
		}
		inv.opts.Undefs = append(inv.opts.Undefs, v)
		return nil
	}},
	{name: "I", commands: "build run", set: func(inv *invocation, v string) error {
		if v == "" {
			return fmt.Errorf("-I needs a folder")
		}
		inv.opts.IncludeDirs = append(inv.opts.IncludeDirs, v)
		return nil
	}},
	{name: "emit-go", commands: "build run", set: func(inv *invocation, v string) error {
		inv.opts.EmitGo = v
		return nil
	}},
	{name: "network", commands: "build run", set: func(inv *invocation, v string) error {
		inv.opts.Network = v
		return nil
	}},
	// GNU UPC's spelling of -T, so that existing makefiles work.
	{name: "fupc-threads", commands: "build run", set: func(inv *invocation, v string) error {
		n, err := threadCount("-fupc-threads", v)
		inv.opts.StaticThreads = n
		return err
	}},
	// The aggregation pass, with clang's spellings for its remarks.
	{name: "Rpass", commands: "build run", set: func(inv *invocation, v string) error {
		inv.opts.RemarkAggregated = v == "aggregate" || v == ".*"
		return passName("-Rpass", v)
	}},
	{name: "Rpass-missed", commands: "build run", set: func(inv *invocation, v string) error {
		inv.opts.RemarkMissed = v == "aggregate" || v == ".*"
		return passName("-Rpass-missed", v)
	}},
	{name: "fno-aggregate", commands: "build run", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoAggregate = true
		return nil
	}},
	{name: "faggregate", commands: "build run", noValue: true, set: func(inv *invocation, _ string) error {
		inv.opts.NoAggregate = false
		return nil
	}},
	{name: "faggregate-limit", commands: "build run", set: func(inv *invocation, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("invalid -faggregate-limit value %q: want a number of bytes of at least 1", v)
		}
		inv.opts.AggregateLimit = n
		return nil
	}},
	{name: "n", commands: "run", set: func(inv *invocation, v string) error {
		n, err := threadCount("-n", v)
		inv.threads = n
		return err
	}},
	{name: "ppn", commands: "run", set: func(inv *invocation, v string) error {
		n, err := threadCount("-ppn", v)
		inv.perProc = n
		return err
	}},
	{name: "h", commands: "build run", noValue: true, set: setHelp},
	{name: "help", commands: "build run", noValue: true, set: setHelp},
}

// passName checks the pass a -Rpass flag names: upcgo has one.
func passName(flag, v string) error {
	if v != "aggregate" && v != ".*" {
		return fmt.Errorf("%s=%s: upcgo's only optimisation pass with remarks is 'aggregate'", flag, v)
	}
	return nil
}

func setHelp(inv *invocation, _ string) error {
	inv.help = true
	return nil
}

func threadCount(flag, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("invalid %s value %q: want a thread count of at least 1", flag, v)
	}
	return n, nil
}

// parseFlags parses the arguments after "upcgo build" or "upcgo run". For
// build, flags and the source file may come in any order, as with gcc; for
// run, everything after the source file belongs to the program.
func parseFlags(command string, args []string) (*invocation, error) {
	inv := &invocation{}
	flagsDone := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if command == "run" && len(inv.opts.Inputs) > 0 && !inputName(a) {
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
		if compilerFlag(a) {
			continue
		}
		spec, value, hasValue, err := lookupFlag(command, a)
		if err != nil {
			return nil, err
		}
		if !spec.noValue && !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag -%s needs a value", spec.name)
			}
			i++
			value = args[i]
		}
		if err := spec.set(inv, value); err != nil {
			return nil, err
		}
		if inv.help {
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

// compilerFlag reports whether arg is a gcc/upcc code-generation or
// diagnostics flag that existing makefiles pass (-O2, -g, -Wall,
// -std=c99, -lm, -pthread). upcgo's code generation has no such knobs, so
// they are accepted and ignored rather than breaking those builds.
func compilerFlag(arg string) bool {
	switch {
	case arg == "-g" || arg == "-w" || arg == "-pthread" || arg == "-pedantic" || arg == "-pedantic-errors":
		return true
	case arg == "-O" || arg == "-Ofast" || len(arg) == 3 && arg[:2] == "-O" && strings.IndexByte("0123sgz", arg[2]) >= 0:
		return true
	case strings.HasPrefix(arg, "-g") && len(arg) <= 4 && strings.Trim(arg[2:], "0123") == "":
		return true
	case strings.HasPrefix(arg, "-W") || strings.HasPrefix(arg, "-std=") || strings.HasPrefix(arg, "-l") && len(arg) > 2:
		return true
	}
	return false
}

// lookupFlag finds the flag arg names and the value glued to it, if any.
func lookupFlag(command, arg string) (spec flagSpec, value string, hasValue bool, err error) {
	body := strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
	name, value, hasValue := strings.Cut(body, "=")
	found := false
	for _, s := range flagSpecs {
		if s.name == name {
			spec, found = s, true
			break
		}
	}
	if !found && len(body) > 1 {
		// A one-letter flag with its value glued on: -DNAME=1, -Iinc, -T4.
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
		return spec, "", false, fmt.Errorf("unknown flag %s", arg)
	case !strings.Contains(spec.commands, command):
		return spec, "", false, fmt.Errorf("flag -%s is a flag of upcgo %s only", spec.name, spec.commands)
	case spec.noValue && hasValue:
		return spec, "", false, fmt.Errorf("flag -%s takes no value", spec.name)
	}
	return spec, value, hasValue, nil
}
