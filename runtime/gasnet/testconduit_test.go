package gasnet_test

import (
	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

func init() {
	gasnet.NewTestConduit = func(ranks, procs int) gasnet.Conduit { return smp.New(ranks, procs) }
}
