package mpi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

func TestHeaderRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name    string
		payload int
		eager   int
		bulk    bool
	}{
		{"empty", 0, 1024, false},
		{"eager", 100, 1024, false},
		{"exactly eager", 1024 - headerSize, 1024, false},
		{"bulk", 1024 - headerSize + 1, 1024, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &gasnet.Message{Src: 7, Dst: 1<<20 - 2, Handler: 0x8003, NArgs: 3, Args: [gasnet.MaxArgs]uint64{1, 1 << 63, 42}, Payload: make([]byte, tc.payload)}
			for i := range m.Payload {
				m.Payload[i] = byte(i)
			}
			h := headerOf(m, tc.eager)
			h.seq, h.tag = 1<<31+5, 77
			assert.Equal(t, tc.bulk, h.flags&flagBulk != 0)
			buf := make([]byte, headerSize)
			h.encode(buf)
			if !tc.bulk {
				buf = append(buf, m.Payload...)
			}
			var got header
			require.NoError(t, got.decode(buf))
			assert.Equal(t, h, got)
			var payload []byte
			if tc.bulk {
				payload = m.Payload
			} else {
				payload = buf[headerSize:]
			}
			back := got.message(payload)
			if tc.payload == 0 {
				m.Payload = nil
			}
			assert.Equal(t, m, back)
		})
	}
}

func TestHeaderDecodeErrors(t *testing.T) {
	good := make([]byte, headerSize)
	(&header{kind: kindAM, nargs: 2}).encode(good)
	for _, tc := range []struct {
		name string
		buf  []byte
		want string
	}{
		{"short", good[:10], "shorter than a header"},
		{"kind", func() []byte { b := append([]byte(nil), good...); b[0] = 99; return b }(), "unknown kind 99"},
		{"nargs", func() []byte { b := append([]byte(nil), good...); b[4] = 9; return b }(), "9 arguments"},
		{"length", append(append([]byte(nil), good...), 1, 2), "says 0 payload bytes but carries 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h header
			err := h.decode(tc.buf)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
