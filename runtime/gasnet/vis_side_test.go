package gasnet

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runsOf lists a remote side's runs in seg as (offset, length) pairs.
func runsOf(s Side, seg []byte) [][2]int {
	var out [][2]int
	it := s.Runs(unsafe.Pointer(&seg[0]))
	var a [3]unsafe.Pointer
	var l [3]uintptr
	for {
		n := it.NextRuns(a[:], l[:])
		if n == 0 {
			return out
		}
		for i := range n {
			if l[i] != 0 {
				out = append(out, [2]int{int(uintptr(a[i]) - uintptr(unsafe.Pointer(&seg[0]))), int(l[i])})
			}
		}
	}
}

func TestSideRuns(t *testing.T) {
	seg := make([]byte, 4096)
	for _, tc := range []struct {
		name  string
		s     Side
		want  [][2]int
		total uintptr
	}{
		{"one run", RemoteSection(16, Section{Run: 8}), [][2]int{{16, 8}}, 8},
		{"vec skips empty", RemoteVecs([]RemoteVec{{Off: 8, Len: 4}, {Off: 100, Len: 0}, {Off: 40, Len: 2}}), [][2]int{{8, 4}, {40, 2}}, 6},
		{"idx", RemoteIndexed([]uintptr{0, 64, 32, 96}, 8), [][2]int{{0, 8}, {64, 8}, {32, 8}, {96, 8}}, 32},
		{"2-d", RemoteSection(100, Section{4, []uintptr{3, 2}, []int64{16, 100}}), [][2]int{{100, 4}, {116, 4}, {132, 4}, {200, 4}, {216, 4}, {232, 4}}, 24},
		{"reflected", RemoteSection(100, Section{2, []uintptr{4}, []int64{-10}}), [][2]int{{100, 2}, {90, 2}, {80, 2}, {70, 2}}, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, runsOf(tc.s, seg))
			var offs [][2]int
			tc.s.Offsets(func(off int64, n uintptr) { offs = append(offs, [2]int{int(off + int64(tc.s.Origin())), int(n)}) })
			assert.Equal(t, tc.want, offs)
			assert.Equal(t, tc.total, tc.s.Total())
		})
	}
}

func TestSideGatherScatter(t *testing.T) {
	src := make([]byte, 64)
	for i := range src {
		src[i] = byte(i)
	}
	s := LocalSection(unsafe.Pointer(&src[8]), Section{4, []uintptr{3}, []int64{16}})
	buf := make([]byte, 12)
	assert.Equal(t, uintptr(12), s.Gather(unsafe.Pointer(&buf[0]), nil))
	assert.Equal(t, []byte{8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43}, buf)

	seg := make([]byte, 64)
	d := RemoteIndexed([]uintptr{60, 0, 30}, 4)
	assert.Equal(t, uintptr(12), d.Scatter(unsafe.Pointer(&seg[0]), unsafe.Pointer(&buf[0])))
	assert.Equal(t, []byte{8, 9, 10, 11}, seg[60:64])
	assert.Equal(t, []byte{24, 25, 26, 27}, seg[0:4])
	assert.Equal(t, []byte{40, 41, 42, 43}, seg[30:34])

	text := []byte("abcdefghij")
	v := LocalVecs([]LocalVec{{Addr: unsafe.Pointer(&text[7]), Len: 3}, {Addr: nil, Len: 0}, {Addr: unsafe.Pointer(&text[1]), Len: 2}})
	out := make([]byte, 5)
	assert.Equal(t, uintptr(5), v.Gather(unsafe.Pointer(&out[0]), nil))
	assert.Equal(t, "hijbc", string(out))
	dst := make([]byte, 8)
	i := LocalIndexed([]unsafe.Pointer{unsafe.Pointer(&dst[6]), unsafe.Pointer(&dst[0])}, 2)
	assert.Equal(t, uintptr(4), i.Total())
	i.Scatter(nil, unsafe.Pointer(&text[0]))
	assert.Equal(t, "cd\x00\x00\x00\x00ab", string(dst))
}

func TestSideEncodeDecode(t *testing.T) {
	for _, s := range []Side{
		RemoteSection(16, Section{Run: 8, Count: []uintptr{}, Strides: []int64{}}),
		RemoteVecs([]RemoteVec{{Off: 8, Len: 4}, {Off: 40, Len: 2}}),
		RemoteIndexed([]uintptr{0, 64, 32}, 8),
		RemoteSection(300, Section{4, []uintptr{3, 2}, []int64{16, -100}}),
	} {
		b := s.AppendEncoding([]byte{})
		assert.Len(t, b, s.EncodedSize())
		got, rest, err := DecodeSide(append(b, 0xEE), 4096)
		require.NoError(t, err)
		assert.Equal(t, []byte{0xEE}, rest)
		assert.Equal(t, s, got)
	}
}

func TestSideDecodeRejects(t *testing.T) {
	for name, tc := range map[string]struct {
		s    Side
		cut  int
		want string
	}{
		"outside":        {s: RemoteSection(4090, Section{Run: 8}), want: "outside"},
		"strided before": {s: RemoteSection(10, Section{4, []uintptr{2}, []int64{-20}}), want: "outside"},
		"idx outside":    {s: RemoteIndexed([]uintptr{0, 4095}, 2), want: "outside"},
		"truncated":      {s: RemoteIndexed([]uintptr{0, 8, 16}, 2), cut: 9, want: "truncated"},
	} {
		t.Run(name, func(t *testing.T) {
			b := tc.s.AppendEncoding(nil)
			b = b[:len(b)-tc.cut]
			_, _, err := DecodeSide(b, 4096)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, _, err := DecodeSide([]byte{9, 0, 0, 0, 0, 0, 0, 0, 0}, 4096)
	assert.ErrorContains(t, err, "unknown kind 9")
}
