package main

import (
	"strings"
	"testing"
)

// FuzzFlags parses any command line (its arguments one per line) with
// every face's parser, upcrun's included: a command line is user input as
// much as a source file, and gets an invocation or an error, never a
// crash. The seeds are the command lines of TestParseFlags and the
// scripts' kinds.
func FuzzFlags(f *testing.F) {
	for _, seed := range []string{
		"p.upc",
		"p.upc\n-o\nout\n-T\n4",
		"-oout\n-T8\n-DN=10\n-DDEBUG\n-UNDEBUG\n-Iinc\np.c",
		"-T=4\n--emit-go=gen\n-network=smp\n--o\nx\np.upc",
		"-fupc-threads=16\np.upc",
		"-shared-heap\n64MB\n-n\n4\np.upc\narg",
		"-c\n-O2\n-Wall\n-Werror\n-g\n-lm\na.upc\nb.o",
		"-E\n-\n--\n-x.upc",
		"-n\n4\n./prog\n-x\ny",
		"-version",
		"-help",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, "\n")
		for _, face := range []string{faceBuild, faceRun, faceUpcc, faceGupc} {
			inv, err := parseFlags(face, args)
			if err == nil && inv == nil {
				t.Errorf("%s %q: no invocation and no error", face, args)
			}
			if err != nil && err.Error() == "" {
				t.Errorf("%s %q: an empty error", face, args)
			}
		}
		flags, _, err := parseUpcrun(args)
		if err == nil && flags == nil {
			t.Errorf("upcrun %q: no flags and no error", args)
		}
	})
}
