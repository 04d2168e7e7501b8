package testsuite

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The suite is only as good as its reading of the programs' comments.
func TestParseSource(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		check   func(t *testing.T, p *program)
		wantErr string
	}{
		{
			name: "defaults",
			src:  "int main(void) { return 0; }\n",
			check: func(t *testing.T, p *program) {
				assert.Equal(t, defaultThreads, p.threads)
				assert.Equal(t, 0, p.exit)
				assert.Equal(t, 1, p.repeat)
				assert.False(t, p.gcc)
				assert.Empty(t, p.wantErrors)
			},
		},
		{
			name: "every header",
			src: `// threads: 2 5
// args: a -n 3
// stdin: in.txt
// exit: 3
// stderr: "x\.upc:1[0-9]"
// stderr: "second"
// gcc: yes
// repeat: 4
int main(void) { return 3; }
`,
			check: func(t *testing.T, p *program) {
				assert.Equal(t, []int{2, 5}, p.threads)
				assert.Equal(t, []string{"a", "-n", "3"}, p.args)
				assert.Equal(t, "in.txt", p.stdin)
				assert.Equal(t, 3, p.exit)
				require.Len(t, p.stderr, 2)
				assert.True(t, p.stderr[0].MatchString("at x.upc:12"))
				assert.False(t, p.stderr[0].MatchString("at xxupc:12"), "the dot is escaped, not any character")
				assert.True(t, p.gcc)
				assert.Equal(t, 4, p.repeat)
			},
		},
		{
			name: "static threads fix the count",
			src:  "// static-threads: 4\n// threads: 1 2\nint x;\n",
			check: func(t *testing.T, p *program) {
				assert.Equal(t, 4, p.static)
				assert.Equal(t, []int{4}, p.threads)
			},
		},
		{
			name: "headers stop at the first line of code",
			src:  "/* a comment */\n// threads: 3\nint x;\n",
			check: func(t *testing.T, p *program) {
				assert.Equal(t, defaultThreads, p.threads)
			},
		},
		{
			name: "a header-like comment in the body is ignored",
			src:  "int x;\n// threads: 3\n// note: whatever\n",
			check: func(t *testing.T, p *program) {
				assert.Equal(t, defaultThreads, p.threads)
			},
		},
		{
			name: "ERROR comments of both kinds, two on one line",
			src: `int main(void) {
	x = 1; /* ERROR "undeclared" */
	y(); // ERROR "not a function"
	z = w; /* ERROR "'z'" */ /* ERROR "'w'" */
}
`,
			check: func(t *testing.T, p *program) {
				require.Len(t, p.wantErrors, 3)
				assert.Equal(t, []string{"undeclared"}, patterns(p.wantErrors[2]))
				assert.Equal(t, []string{"not a function"}, patterns(p.wantErrors[3]))
				assert.Equal(t, []string{"'z'", "'w'"}, patterns(p.wantErrors[4]))
			},
		},
		{name: "misspelt header", src: "// thread: 4\nint x;\n", wantErr: `prog.upc:1: unknown header "thread"`},
		{name: "bad thread count", src: "// threads: 2 zero\n", wantErr: `bad thread count "zero"`},
		{name: "zero threads", src: "// threads: 0\n", wantErr: `bad thread count "0"`},
		{name: "unquoted stderr", src: "// stderr: oops\n", wantErr: "want a regexp in double quotes"},
		{name: "bad stderr regexp", src: "// stderr: \"(\"\n", wantErr: "missing closing"},
		{name: "bad ERROR regexp", src: "int x; /* ERROR \"[\" */\n", wantErr: "prog.upc:1: bad ERROR pattern"},
		{name: "bad gcc value", src: "// gcc: maybe\n", wantErr: "want yes or no"},
		{name: "bad repeat", src: "// repeat: 0\n", wantErr: "bad repeat count"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := parseSource("prog.upc", []byte(tt.src))
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			tt.check(t, p)
		})
	}
}

func patterns(res []*regexp.Regexp) []string {
	var out []string
	for _, re := range res {
		out = append(out, re.String())
	}
	return out
}

func TestDiagnosticLine(t *testing.T) {
	tests := []struct {
		line string
		want []string // file, line, column, message; nil: not a diagnostic
	}{
		{"c/x.upc:12:7: error: 'y' undeclared", []string{"c/x.upc", "12", "7", "'y' undeclared"}},
		{"c/x.upc:3:1: error: expected ';' before 'int'", []string{"c/x.upc", "3", "1", "expected ';' before 'int'"}},
		{"c/x.upc:3:1: warning: unused variable", nil},
		{" \tx = y; /* c/x.upc:1:1: error: quoted in a source line */", nil},
		{"(and 3 more errors)", nil},
	}
	for _, tt := range tests {
		m := diagRE.FindStringSubmatch(tt.line)
		if tt.want == nil {
			assert.Nil(t, m, tt.line)
			continue
		}
		require.NotNil(t, m, tt.line)
		assert.Equal(t, tt.want, m[1:], tt.line)
	}
}

// Every expected output belongs to a program: an output left behind by a
// renamed or deleted program would otherwise rot unnoticed.
func TestNoOrphanOutputs(t *testing.T) {
	outRE := regexp.MustCompile(`^(.*?)(\.[0-9]+)?\.out$`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".out") {
			return err
		}
		stem := outRE.FindStringSubmatch(filepath.ToSlash(path))[1]
		prog := stem + ".upc"
		if rest, ok := strings.CutPrefix(stem, "examples/"); ok {
			prog = "../examples/" + rest + ".upc"
		}
		_, statErr := os.Stat(prog)
		if _, cErr := os.Stat(strings.TrimSuffix(prog, ".upc") + ".c"); cErr == nil {
			statErr = nil // an OpenSHMEM (plain C) program
		}
		assert.NoError(t, statErr, "%s has no program %s", path, prog)
		return nil
	})
	require.NoError(t, err)
}
