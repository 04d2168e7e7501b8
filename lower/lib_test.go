package lower

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLibrariesMatchHeaders checks each table against its header: every
// function in it is one the header itself declares (not one it includes),
// or a builtin the header's macros call; and every function the header
// declares is in its table.
func TestLibrariesMatchHeaders(t *testing.T) {
	declaredBy := map[string]string{}
	for name, hp := range headerProtos() {
		declaredBy[name] = strings.TrimPrefix(hp.proto.Pos().File, "<upcgo>/")
	}
	tables := map[string]*library{}
	for _, l := range libraries {
		if l.header == "" {
			continue
		}
		assert.Nil(t, tables[l.header], "two tables for %s", l.header)
		tables[l.header] = l
		var names []string
		for name := range l.calls {
			names = append(names, name)
		}
		for name := range l.lowered {
			names = append(names, name)
		}
		for _, name := range append(names, l.elsewhere...) {
			if !strings.HasPrefix(name, "__builtin_") {
				assert.Equal(t, l.header, declaredBy[name], "%s is in the table of %s", name, l.header)
			}
		}
	}
	for name, h := range declaredBy {
		l := tables[h]
		if l == nil {
			continue // shmem.h and shmemx.h: shmem.go
		}
		_, call := l.calls[name]
		_, lowered := l.lowered[name]
		assert.True(t, call || lowered || slices.Contains(l.elsewhere, name), "%s declares %s, which its table lacks", h, name)
	}
	for _, l := range libraries {
		for name := range l.calls {
			assert.Nil(t, builtins[name], "%s is both a stdlib call and lowered specially", name)
		}
	}
}
