package stdlib

import (
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// TestLayouts: the Go mirrors of the C structs have glibc's sizes (the
// field spelling is lower/libc_test.go's TestHeaderTypes).
func TestLayouts(t *testing.T) {
	assert.Equal(t, uintptr(56), unsafe.Sizeof(cTm{}), "struct tm")
	assert.Equal(t, uintptr(144), unsafe.Sizeof(cStat{}), "struct stat")
	assert.Equal(t, uintptr(96), unsafe.Sizeof(cLconv{}), "struct lconv")
}

// TestISOWeek checks %G and %V against Go's time.ISOWeek for every day
// from 1899 to 2101.
func TestISOWeek(t *testing.T) {
	for d := time.Date(1899, 1, 1, 12, 0, 0, 0, time.UTC); d.Year() < 2102; d = d.AddDate(0, 0, 1) {
		tm := tmOf(d, true)
		y, w := isoWeek(&tm)
		wy, ww := d.ISOWeek()
		if int64(wy) != y || int64(ww) != w {
			t.Fatalf("%s: isoWeek %d-W%02d, want %d-W%02d", d.Format("2006-01-02"), y, w, wy, ww)
		}
	}
}

// TestMktimeRoundTrip: mktime of a normalised local time gives the
// instant back, across a range that crosses summer-time changes in zones
// that have them.
func TestMktimeRoundTrip(t *testing.T) {
	p := cmem.Malloc(56)
	defer cmem.Free(p)
	for sec := int64(-1e9); sec < 2e9; sec += 3599 * 97 {
		cmem.Store(p, tmOf(time.Unix(sec, 0).Local(), false))
		require.Equal(t, sec, Mktime(p), "mktime(localtime(%d))", sec)
	}
}
