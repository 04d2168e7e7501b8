package mpi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

func TestRemoteRuns(t *testing.T) {
	for _, tc := range []struct {
		name       string
		offs, lens []uintptr
		want       gasnet.Side
	}{
		{"one run", []uintptr{40}, []uintptr{8}, gasnet.RemoteSection(40, gasnet.Section{Run: 8})},
		{"a loop's puts: strided", []uintptr{100, 116, 132}, []uintptr{8, 8, 8},
			gasnet.RemoteSection(100, gasnet.Section{Run: 8, Count: []uintptr{3}, Strides: []int64{16}})},
		{"backwards", []uintptr{64, 32, 0}, []uintptr{4, 4, 4},
			gasnet.RemoteSection(64, gasnet.Section{Run: 4, Count: []uintptr{3}, Strides: []int64{-32}})},
		{"irregular: indexed", []uintptr{0, 16, 48}, []uintptr{8, 8, 8}, gasnet.RemoteIndexed([]uintptr{0, 16, 48}, 8)},
		{"overlapping: indexed", []uintptr{0, 4, 8}, []uintptr{8, 8, 8}, gasnet.RemoteIndexed([]uintptr{0, 4, 8}, 8)},
		{"lengths differ: vector", []uintptr{0, 16}, []uintptr{8, 4},
			gasnet.RemoteVecs([]gasnet.RemoteVec{{Off: 0, Len: 8}, {Off: 16, Len: 4}})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := remoteRuns(tc.offs, tc.lens)
			assert.Equal(t, tc.want, got)
			var blocks [][2]int64
			got.Offsets(func(off int64, n uintptr) { blocks = append(blocks, [2]int64{off + int64(got.Origin()), int64(n)}) })
			require.Len(t, blocks, len(tc.offs), "the same runs, in order")
			for i := range blocks {
				assert.Equal(t, [2]int64{int64(tc.offs[i]), int64(tc.lens[i])}, blocks[i])
			}
		})
	}
}

func TestFitsDatatype(t *testing.T) {
	v := gasnet.RemoteVecs([]gasnet.RemoteVec{{Off: 8, Len: 4}, {Off: 40, Len: 2}})
	assert.True(t, fitsDatatype(&v, true))
	big := gasnet.RemoteVecs([]gasnet.RemoteVec{{Off: 0, Len: 1 << 31}})
	assert.False(t, fitsDatatype(&big, true))
	sec := gasnet.RemoteSection(64, gasnet.Section{Run: 1 << 31})
	assert.False(t, fitsDatatype(&sec, true))
	assert.True(t, isRun(&sec))
}
