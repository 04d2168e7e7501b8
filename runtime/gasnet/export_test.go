package gasnet

// NewTestConduit opens the conduit the core's own tests run on: the smp
// conduit of ranks ranks in procs simulated processes. The core cannot
// import runtime/gasnet/smp (it imports the core), so testconduit_test.go,
// in package gasnet_test, sets it.
var NewTestConduit func(ranks, procs int) Conduit
