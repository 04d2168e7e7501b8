package lower

import "testing"

// The unused-variable check reads the generated Go: words in comments and
// literals are not uses (a comment naming x[i] hid an unused i, and Go
// then refused the program).
func TestMentions(t *testing.T) {
	tests := []struct {
		code string
		want bool
	}{
		{"x = i + 1", true},
		{"i = 2", false},
		{"t.i = 2; f(t.i)", false},
		{"y := 1 // index of x[i] among this thread's elements", false},
		{"y := 1 /* i */ + 2", false},
		{`printf("i %d", y)`, false},
		{"r := 'i'; s := `i`", false},
		{`s := "a\"i"; f(i)`, true},
	}
	for _, tt := range tests {
		if got := mentions(tt.code, "i"); got != tt.want {
			t.Errorf("mentions(%q, i) = %v, want %v", tt.code, got, tt.want)
		}
	}
}
