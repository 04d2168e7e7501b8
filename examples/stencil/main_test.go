package main

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStencilMatchesSequential(t *testing.T) {
	for _, threads := range []int{1, 2, 4, 16} {
		t.Run(fmt.Sprint(threads), func(t *testing.T) {
			const cells, steps = 50, 40
			got, err := stencil(threads, cells, steps)
			require.NoError(t, err)
			require.Equal(t, sequential(threads*cells, steps), got)
		})
	}
}
