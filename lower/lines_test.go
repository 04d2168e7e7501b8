package lower

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPinLines(t *testing.T) {
	src := "package main\n\n" +
		"//line a.upc:3\n" +
		"func f() {\n" +
		"//line a.upc:4\n" +
		"\tx := g(1,\n" +
		"\t\t2)\n" +
		"\n" +
		"\t// a comment\n" +
		"\tif x > 0 {\n" +
		"\t\ts := `raw\n" +
		"y`\n" +
		"\t\t/*line a.upc:4*/ h(/*line a.upc:5*/ s)\n" +
		"\t}\n" +
		"\tfunc() {\n" +
		"\t\th()\n" +
		"\t}()\n" +
		"}\n" +
		"\n" +
		"var v = 1\n"
	want := "package main\n\n" +
		"//line a.upc:3\n" +
		"func f() {\n" +
		"//line a.upc:4\n" +
		"\tx := g(1,\n" +
		"\t\t/*line a.upc:4*/ 2)\n" + // every further line of code pinned
		"\n" +
		"\t// a comment\n" +
		"\t/*line a.upc:4*/ if x > 0 {\n" +
		"\t\t/*line a.upc:4*/ s := `raw\n" +
		"y`\n" + // inside a raw string: left alone
		"\t\t/*line a.upc:4*/ h(/*line a.upc:5*/ s)\n" + // the repeated directive dropped
		"\t}\n" +
		"\t/*line a.upc:4*/ func() {\n" +
		"\t\t/*line a.upc:4*/ h()\n" +
		"//line a.upc:4\n" + // before a brace, which gofmt would move a comment past
		"\t}()\n" + // the call of a function literal runs
		"}\n" + // the end of the function ends the directive's reach
		"\n" +
		"var v = 1\n"
	assert.Equal(t, want, string(pinLines([]byte(src))))
}

func TestDropRepeatedLines(t *testing.T) {
	src := "//line a.upc:4\n" +
		"y = x + /*line a.upc:5*/ x*(/*line a.upc:5*/ x-1) + /*line a.upc:4*/ x/d\n" +
		"s := \"/*line a.upc:5*/ \" + /*line a.upc:4*/ f()\n"
	want := "//line a.upc:4\n" +
		"y = x + /*line a.upc:5*/ x*(x-1) + /*line a.upc:4*/ x/d\n" + // 5 in force inside 5; 4 after 5 stays
		"s := \"/*line a.upc:5*/ \" + f()\n" // a string is not a directive
	assert.Equal(t, want, string(dropRepeatedLines([]byte(src))))
}
