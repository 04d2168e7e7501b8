# upcgo — build, test, benchmark.
GO        ?= go
STATICCHECK_VERSION ?= v0.8.2
PKGS      := ./...

.PHONY: build test test-race test-network test-long test-csmith lint bench run clean test-mpi test-mpi-long lint-mpi bench-mpi figures figure-data test-multinode

build:
	$(GO) build $(PKGS)

# The MPI the mpi side builds against and runs on: UPCGO_MPI=openmpi (the
# default) or mpich.
UPCGO_MPI    ?= openmpi
MPI_TAGS      = $(if $(filter mpich,$(UPCGO_MPI)),mpi$(comma)mpich,mpi)
comma        := ,
MPIRUN_openmpi = OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_HANDLE_ERRORS=none \
	mpirun.openmpi -q --bind-to none --oversubscribe -x UCX_HANDLE_ERRORS
MPIRUN_mpich   = UCX_HANDLE_ERRORS=none mpirun.mpich
MPI_PKG_openmpi = ompi-c
MPI_PKG_mpich   = mpich
MPI_APT_openmpi = libopenmpi-dev openmpi-bin
MPI_APT_mpich   = libmpich-dev mpich
MPIRUN_BIN_openmpi = mpirun.openmpi
MPIRUN_BIN_mpich   = mpirun.mpich
MPI_TEST_BIN  := $(or $(TMPDIR),/tmp)/upcgo-mpi-$(UPCGO_MPI).test
# The regression suite's cache folder (UPCGO_SUITE_CACHE, testsuite's
# TestMain), kept from one suite run to the next within make test: the
# multi-node run finds the binaries the one-node mpi run built at the
# same paths, which go build finds up to date and does not link again
# (about 1.7 s of CPU per program); in make test-long, the mpi runs at
# other layouts and the long multi-node run do the same. It holds a
# binary per program (about 5 MB each), so make test and make test-long
# remove it when they end.
SUITE_CACHE   := $(or $(TMPDIR),/tmp)/upcgo-suite-cache

# The CI target: formatting, vet, staticcheck, every test under -race, the
# mpi conduit's tests and the multi-node test. The race detector needs a C compiler (gcc) and
# the MPI tests an MPI with pkg-config (.ci/run installs gcc, Open MPI and
# pkg-config); without them make test runs everything else and says what
# it skipped and how to get it.
#
# The race tests (test-race), then the network side (test-network:
# test-mpi, then test-multinode), one after the other: on the 2-core CI
# machine both are CPU-bound (links of the suite's programs, mostly), and
# side by side (make -j2) they took longer in all than in turn
# (testsuite/README.md).
GO_CC    := $(shell $(GO) env CC)
HAVE_CC  := $(shell command -v $(firstword $(GO_CC)) >/dev/null 2>&1 && echo yes)
HAVE_MPI := $(shell pkg-config --exists $(MPI_PKG_$(UPCGO_MPI)) 2>/dev/null && command -v $(MPIRUN_BIN_$(UPCGO_MPI)) >/dev/null 2>&1 && echo yes)
RACE     := $(if $(HAVE_CC),-race)

test: lint
	rm -rf $(SUITE_CACHE)
ifeq ($(HAVE_CC),)
	@echo "make test: no C compiler ($(GO_CC)): the tests run WITHOUT the race detector, and the regression suite skips its gcc cross-checks; apt-get install gcc to get both"
endif
ifeq ($(HAVE_MPI)$(HAVE_CC),yesyes)
	$(MAKE) test-race
	$(MAKE) test-network
	rm -rf $(SUITE_CACHE)
else
	$(MAKE) test-race
	@echo "make test: SKIPPED the MPI tests, which need $(UPCGO_MPI) ($(MPI_PKG_$(UPCGO_MPI)) for pkg-config, $(MPIRUN_BIN_$(UPCGO_MPI))) and gcc:"
	@echo "  - runtime/gasnet/mpi's tests under mpirun at 2 processes (go vet and staticcheck with -tags mpi too)"
	@echo "  - go test -tags mpi ./internal/driver -run 'MPI|Launch|Network' (upcgo run -network mpi end to end)"
	@echo "  - the regression suite on the mpi conduit (UPCGO_SUITE_NETWORK=mpi), with and without PSHM"
	@echo "  - the multi-node test (testsuite/multinode/run.sh: Open MPI, and root for its namespaces)"
	@echo "  To run them: apt-get install $(MPI_APT_$(UPCGO_MPI)) pkg-config gcc (or .ci/run), then make test-mpi."
endif

# Every package's tests, under -race where there is a C compiler, but for
# the regression suite's, which run first and without it: the suite's
# programs are built and run as users build them, never under -race, and
# what the race detector slowed in its test process was the translation
# of each program, in process for the builds and the type checks, five to
# six times slower (TestGeneratedGoTypes alone: 90 s of CPU under -race,
# 25 s without). That translations side by side share nothing they write
# is TestCompileConcurrently's to check (internal/driver, under -race).
test-race:
ifeq ($(PKGS),./...)
	$(GO) test -count=1 -timeout 40m ./testsuite
	$(GO) test $(RACE) -count=1 -timeout 40m $$($(GO) list ./... | grep -v '/testsuite$$')
else
	$(GO) test $(RACE) -count=1 -timeout 40m $(PKGS)
endif

# make test's network side: the mpi conduit on one node, then across
# nodes, which runs the binaries the first linked (SUITE_CACHE).
test-network:
	$(MAKE) test-mpi
	$(MAKE) test-multinode

# The mpi conduit (runtime/gasnet/mpi, cgo behind the mpi build tag), on
# the MPI that UPCGO_MPI names (openmpi, the default, or mpich): vet and
# staticcheck with the tag; the conduit's tests under mpirun at 2
# processes, under -race (the multi-node test runs them at 4 across
# nodes); upcgo run -network mpi end to end (hybrid runs, failures ending
# the job); and the regression suite on the mpi conduit at 2 processes x 2
# threads (PSHM inside a node, threads sharing a process; the tests that
# do not depend on the network, such as the type check of every
# translation, ran in make test already). make test-multinode then runs
# the communicating programs across nodes, where MPI carries the traffic
# between processes. make test-long adds the conduit's tests at 4
# processes of one node, the suite at 4 x 1 and 2 x 1, and at 2 x 2
# without PSHM (UPC_MPI_PSHM=0), the path through MPI between processes
# of one node.
lint-mpi:
	@pkg-config --exists $(MPI_PKG_$(UPCGO_MPI)) || { echo "make test-mpi needs $(UPCGO_MPI): apt-get install -y $(MPI_APT_$(UPCGO_MPI)) pkg-config"; exit 1; }
	$(GO) vet -tags $(MPI_TAGS) ./runtime/gasnet/mpi ./internal/driver ./bench/mpi/...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) -tags $(MPI_TAGS) ./runtime/gasnet/mpi ./bench/mpi/...

test-mpi: lint-mpi
	$(GO) test -c -race -tags $(MPI_TAGS) -o $(MPI_TEST_BIN) ./runtime/gasnet/mpi
	$(MPIRUN_$(UPCGO_MPI)) -n 2 $(MPI_TEST_BIN) -test.timeout 5m
	rm -f $(MPI_TEST_BIN)
	UPCGO_MPI=$(UPCGO_MPI) $(GO) test -race -count=1 -tags $(MPI_TAGS) -run 'MPI|Launch|Network' ./internal/driver
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SCRIPT_MPI=1 $(GO) test -count=1 -run 'TestScripts/upcrun_mpi' ./cmd/upcgo
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SUITE_CACHE=$(SUITE_CACHE) UPCGO_SUITE_NETWORK=mpi UPCGO_SUITE_LAYOUTS=2x2 $(GO) test -count=1 -timeout 40m $(SUITE_NETWORK_TESTS) $(SUITE_C_SKIP) ./testsuite

# The suite's tests whose runs depend on the network.
SUITE_NETWORK_TESTS = -run 'TestPrograms|TestAggregateDifferential|TestLinkedPrograms|TestMakefiles|TestNetworkOutputStreams'
# make test leaves the C semantics of testsuite/c to the smp run and gcc:
# their Go is the same on every network, and their UPC is at most
# MYTHREAD and barriers, which upc/ and coll/ test on mpi; each was a cgo
# link (about 2 s of CPU) on the 2-core CI machine. make test-long runs
# them on mpi.
SUITE_C_SKIP = -skip '^TestPrograms$$/^c$$/'

# The rest of the suite on mpi: make test-long.
test-mpi-long:
	$(GO) test -c -race -tags $(MPI_TAGS) -o $(MPI_TEST_BIN) ./runtime/gasnet/mpi
	$(MPIRUN_$(UPCGO_MPI)) -n 4 $(MPI_TEST_BIN) -test.timeout 5m
	rm -f $(MPI_TEST_BIN)
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SUITE_CACHE=$(SUITE_CACHE) UPCGO_SUITE_NETWORK=mpi UPCGO_SUITE_LAYOUTS="4x1 2x1" $(GO) test -count=1 -timeout 40m $(SUITE_NETWORK_TESTS) ./testsuite
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SUITE_CACHE=$(SUITE_CACHE) UPCGO_SUITE_NETWORK=mpi UPCGO_SUITE_LAYOUTS=2x2 UPC_MPI_PSHM=0 $(GO) test -count=1 -timeout 30m \
	  -run 'TestPrograms/(upc|coll|nb|lib|runtime|shmem|matrix|notify|aggregate|upcio|examples)' ./testsuite

# The multi-node test (testsuite/multinode/run.sh; docs/mpi.md, "Across
# nodes"): a cluster of 2 nodes on this machine (each a network, host-name
# and IPC namespace, on a private bridge), Open MPI launching into it, and
# on it, at 2 nodes x 2 processes, the mpi conduit's tests, the suite's
# communicating programs, the failure tests and the aggregation
# benchmarks, each checked to have crossed the nodes' links. Needs root;
# elsewhere it prints SKIPPED and why (UPCGO_MULTINODE=require, as .ci/run
# sets for root, makes that a failure). Open MPI only.
test-multinode:
	UPCGO_SUITE_CACHE=$(SUITE_CACHE) testsuite/multinode/run.sh

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	@abs=$$(git grep -nE '(^|[^A-Za-z0-9_.~])/(work|root|home|tmp)/' -- ':!*_test.go' 2>/dev/null); \
	  if [ -n "$$abs" ]; then echo "absolute paths of one machine in the repository:"; echo "$$abs"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) $(PKGS)

# Longer runs: fuzzing the scanner, preprocessor and parser, the whole
# translation (10 minutes; each input's Go type-checked), object files
# (read and linked) and the command lines, the runtime tests
# repeated, the differential tester on its long set of seeds, then on
# fresh seeds for 5 minutes per network (docs/testing.md), and the
# multi-node test with the whole suite at two layouts and both builds of
# the aggregation benchmarks.
test-long: test
	$(GO) test -race -count=5 ./runtime/...
	$(GO) test -count=1 -timeout 40m -run 'TestDifferential|TestModelsCompile' ./internal/difftest -long -fresh 5m
	UPCGO_AGGREGATE_FULL=1 $(GO) test -count=1 -timeout 30m -run TestAggregateDifferential ./testsuite
	$(MAKE) test-csmith CSMITH_SEEDS="1 20"
	UPCGO_MAKEFILE_FULL=1 $(GO) test -count=1 -timeout 30m -run TestMakefiles ./testsuite
	UPCGO_PRECEDENCE_FULL=1 $(GO) test -count=1 -run TestRecordedPrecedence ./lower
	UPCGO_AGGREGATE_FULL=1 UPCGO_SUITE_NETWORK=mpi $(GO) test -count=1 -timeout 30m -run TestAggregateDifferential ./testsuite
	$(MAKE) test-mpi-long
	UPCGO_SUITE_CACHE=$(SUITE_CACHE) UPCGO_MULTINODE_LONG=1 testsuite/multinode/run.sh
	rm -rf $(SUITE_CACHE)
	$(GO) test -run xxx -fuzz FuzzTokenize -fuzztime 60s ./parser/scan
	$(GO) test -run xxx -fuzz FuzzPreprocess -fuzztime 120s ./parser/cpp
	$(GO) test -run xxx -fuzz FuzzParse -fuzztime 120s ./parser
	$(GO) test -run xxx -fuzz FuzzTranslate -fuzztime 600s -fuzzminimizetime 0s ./internal/driver
	$(GO) test -run xxx -fuzz FuzzObject -fuzztime 120s -fuzzminimizetime 0s ./internal/driver
	$(GO) test -run xxx -fuzz FuzzFlags -fuzztime 60s ./cmd/upcgo

# Csmith's random C programs, built by upcgo and by gcc, the oracle
# (docs/testing.md, "Csmith"): not in make test, each program being a
# upcgo build (about 20 s of wall time a seed on the loaded 2-core
# machine); make test-long runs 20 seeds. Says it skipped where csmith is
# not installed.
CSMITH_FEATURES ?= all
CSMITH_SEEDS    ?= 1 50
test-csmith:
	scripts/csmith.sh -f $(CSMITH_FEATURES) $(CSMITH_SEEDS)

bench:
	$(GO) test -run xxx -bench . -benchtime 300ms -count 5 ./runtime/... | tee bench.txt

# The mpi conduit beside raw MPI (docs/PERFORMANCE.md, "MPI conduit").
bench-mpi:
	bench/mpi/run.sh | tee bench-mpi.txt

# The figures of docs/PERFORMANCE.md, drawn from the raw outputs in
# docs/data; figure-data runs the benchmarks again to refresh those
# (docs/data/README.md lists the commands).
figures:
	$(GO) run ./bench/plot -data docs/data -out docs/figures

figure-data:
	$(GO) test -run xxx -bench Bandwidth -benchtime 100ms -count 3 ./runtime/gasnet > docs/data/smp-bandwidth.txt
	$(GO) test -run xxx -bench 'BenchmarkVIS$$' -benchtime 100ms -count 3 ./runtime/upc > docs/data/vis.txt
	$(GO) test -run xxx -bench 'CollBroadcast$$|CollReduce$$|CollBarrier$$' -benchtime 2000x -count 3 ./runtime/upc > docs/data/coll.txt
	CONFIGS="openmpi-shm openmpi-shm-nopshm openmpi-tcp" ROUNDS=3 bench/mpi/run.sh > docs/data/mpi.txt
	CONFIGS="smp mpi-shm-nopshm mpi-tcp" NPROCS="2 4" bench/aggregate/run.sh > docs/data/aggregate.txt
	$(MAKE) figures

run:
	$(GO) run ./cmd/upcgo run -n 4 examples/hello.upc

clean:
	rm -rf $(SUITE_CACHE)
	rm -f bench.txt bench-mpi.txt
