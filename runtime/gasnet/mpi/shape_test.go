package mpi

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// offsetsOf lists a shape's runs as (offset from seg, length) pairs.
func offsetsOf(s *shape, seg []byte) [][2]int {
	var out [][2]int
	it := s.runs(unsafe.Pointer(&seg[0]))
	var a [3]unsafe.Pointer
	var l [3]uintptr
	for {
		n := it.NextRuns(a[:], l[:])
		if n == 0 {
			return out
		}
		for i := range n {
			out = append(out, [2]int{int(uintptr(a[i]) - uintptr(unsafe.Pointer(&seg[0]))), int(l[i])})
		}
	}
}

func TestShapeRuns(t *testing.T) {
	seg := make([]byte, 4096)
	for _, tc := range []struct {
		name  string
		s     shape
		want  [][2]int
		total uintptr
	}{
		{"contig", shape{kind: shapeContig, off: 16, size: 8}, [][2]int{{16, 8}}, 8},
		{"vec skips empty", remoteVec([]gasnet.RemoteVec{{Off: 8, Len: 4}, {Off: 100, Len: 0}, {Off: 40, Len: 2}}), [][2]int{{8, 4}, {40, 2}}, 6},
		{"idx", remoteIdx([]uintptr{0, 64, 32, 96}, 8), [][2]int{{0, 8}, {64, 8}, {32, 8}, {96, 8}}, 32},
		{"2-d", remoteStrided(100, []int64{16, 100}, 4, []uintptr{3, 2}), [][2]int{{100, 4}, {116, 4}, {132, 4}, {200, 4}, {216, 4}, {232, 4}}, 24},
		{"reflected", remoteStrided(100, []int64{-10}, 2, []uintptr{4}), [][2]int{{100, 2}, {90, 2}, {80, 2}, {70, 2}}, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, offsetsOf(&tc.s, seg))
			var offs [][2]int
			it := tc.s.offsets()
			for off, n, ok := it.next(); ok; off, n, ok = it.next() {
				offs = append(offs, [2]int{int(off), int(n)})
			}
			assert.Equal(t, tc.want, offs)
			assert.Equal(t, tc.total, tc.s.total())
			assert.Equal(t, len(tc.want), tc.s.runCount())
		})
	}
}

func TestShapeGatherScatter(t *testing.T) {
	src := make([]byte, 64)
	for i := range src {
		src[i] = byte(i)
	}
	s := localStrided(unsafe.Pointer(&src[8]), []int64{16}, 4, []uintptr{3})
	buf := make([]byte, 12)
	assert.Equal(t, uintptr(12), gather(unsafe.Pointer(&buf[0]), s.runs(nil)))
	assert.Equal(t, []byte{8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43}, buf)

	seg := make([]byte, 64)
	d := remoteIdx([]uintptr{60, 0, 30}, 4)
	scatter(d.runs(unsafe.Pointer(&seg[0])), unsafe.Pointer(&buf[0]))
	assert.Equal(t, []byte{8, 9, 10, 11}, seg[60:64])
	assert.Equal(t, []byte{24, 25, 26, 27}, seg[0:4])
	assert.Equal(t, []byte{40, 41, 42, 43}, seg[30:34])
}

func TestShapeLocalLists(t *testing.T) {
	src := []byte("abcdefghij")
	v := localVec([]gasnet.LocalVec{{Addr: unsafe.Pointer(&src[7]), Len: 3}, {Addr: unsafe.Pointer(&src[0]), Len: 0}, {Addr: unsafe.Pointer(&src[1]), Len: 2}})
	assert.Equal(t, 2, v.runCount(), "empty regions are dropped")
	buf := make([]byte, 5)
	assert.Equal(t, uintptr(5), gather(unsafe.Pointer(&buf[0]), v.runs(nil)))
	assert.Equal(t, "hijbc", string(buf))

	dst := make([]byte, 8)
	i := localIdx([]unsafe.Pointer{unsafe.Pointer(&dst[6]), unsafe.Pointer(&dst[0])}, 2)
	assert.Equal(t, uintptr(4), i.total())
	scatter(i.runs(nil), unsafe.Pointer(&src[0]))
	assert.Equal(t, "cd\x00\x00\x00\x00ab", string(dst))
}

func TestShapeEncodeDecode(t *testing.T) {
	for _, s := range []shape{
		{kind: shapeContig, off: 16, size: 8},
		remoteVec([]gasnet.RemoteVec{{Off: 8, Len: 4}, {Off: 40, Len: 2}}),
		remoteIdx([]uintptr{0, 64, 32}, 8),
		remoteStrided(300, []int64{16, -100}, 4, []uintptr{3, 2}),
	} {
		b := s.encode([]byte{})
		assert.Len(t, b, s.encodedSize())
		got, rest, err := decodeShape(append(b, 0xEE), 4096)
		require.NoError(t, err)
		assert.Equal(t, []byte{0xEE}, rest)
		assert.Equal(t, s, got)
	}
}

func TestShapeDecodeRejects(t *testing.T) {
	for name, tc := range map[string]struct {
		s    shape
		cut  int
		want string
	}{
		"outside":        {s: shape{kind: shapeContig, off: 4090, size: 8}, want: "outside"},
		"strided before": {s: remoteStrided(10, []int64{-20}, 4, []uintptr{2}), want: "outside"},
		"idx outside":    {s: remoteIdx([]uintptr{0, 4095}, 2), want: "outside"},
		"truncated":      {s: remoteIdx([]uintptr{0, 8, 16}, 2), cut: 9, want: "truncated"},
	} {
		t.Run(name, func(t *testing.T) {
			b := tc.s.encode(nil)
			b = b[:len(b)-tc.cut]
			_, _, err := decodeShape(b, 4096)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, _, err := decodeShape([]byte{9}, 4096)
	assert.ErrorContains(t, err, "unknown kind 9")
}

func TestShapeBlocksAndFit(t *testing.T) {
	s := remoteVec([]gasnet.RemoteVec{{Off: 8, Len: 4}, {Off: 40, Len: 2}})
	var got [][2]int64
	s.blocks(func(off int64, n uintptr) { got = append(got, [2]int64{off, int64(n)}) })
	assert.Equal(t, [][2]int64{{8, 4}, {40, 2}}, got)
	assert.Equal(t, uintptr(0), s.origin())
	assert.True(t, s.fitsDatatype())
	big := remoteVec([]gasnet.RemoteVec{{Off: 0, Len: 1 << 31}})
	assert.False(t, big.fitsDatatype())
	st := remoteStrided(64, []int64{8}, 4, []uintptr{10})
	assert.Equal(t, uintptr(64), st.origin())
}

func TestRemoteRuns(t *testing.T) {
	for _, tc := range []struct {
		name       string
		offs, lens []uintptr
		want       shape
	}{
		{"one run", []uintptr{40}, []uintptr{8}, shape{kind: shapeContig, off: 40, size: 8}},
		{"a loop's puts: strided", []uintptr{100, 116, 132}, []uintptr{8, 8, 8},
			shape{kind: shapeStrided, off: 100, run: 8, count: []uintptr{3}, stride: []int64{16}}},
		{"backwards", []uintptr{64, 32, 0}, []uintptr{4, 4, 4},
			shape{kind: shapeStrided, off: 64, run: 4, count: []uintptr{3}, stride: []int64{-32}}},
		{"irregular: indexed", []uintptr{0, 16, 48}, []uintptr{8, 8, 8},
			shape{kind: shapeIdx, offs: []uintptr{0, 16, 48}, size: 8}},
		{"overlapping: indexed", []uintptr{0, 4, 8}, []uintptr{8, 8, 8},
			shape{kind: shapeIdx, offs: []uintptr{0, 4, 8}, size: 8}},
		{"lengths differ: vector", []uintptr{0, 16}, []uintptr{8, 4},
			shape{kind: shapeVec, offs: []uintptr{0, 16}, lens: []uintptr{8, 4}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := remoteRuns(tc.offs, tc.lens)
			assert.Equal(t, tc.want, got)
			var blocks [][2]int64
			it := got.offsets()
			for off, n, ok := it.next(); ok; off, n, ok = it.next() {
				blocks = append(blocks, [2]int64{off, int64(n)})
			}
			require.Len(t, blocks, len(tc.offs), "the same runs, in order")
			for i := range blocks {
				assert.Equal(t, [2]int64{int64(tc.offs[i]), int64(tc.lens[i])}, blocks[i])
			}
		})
	}
}
