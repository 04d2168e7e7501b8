# upcgo — build, test, benchmark.
GO        ?= go
STATICCHECK_VERSION ?= v0.8.2
PKGS      := ./...

.PHONY: build test test-long lint bench run clean test-mpi lint-mpi bench-mpi

build:
	$(GO) build $(PKGS)

# The CI target: formatting, vet, staticcheck, every test under -race, and
# the mpi conduit's tests (which need Open MPI: .ci/run installs it).
test: lint
	$(GO) test -race -count=1 -timeout 15m $(PKGS)
	$(MAKE) test-mpi

# The mpi conduit (runtime/gasnet/mpi, cgo behind the mpi build tag), on
# the MPI that UPCGO_MPI names (openmpi, the default, or mpich): vet and
# staticcheck with the tag; the conduit's tests under mpirun at 2 and 4
# processes, under -race; upcgo run -network mpi end to end (hybrid runs,
# failures ending the job); and the regression suite on the mpi conduit at
# 2 and 4 processes and at 2 processes x 2 threads, then once more at 2 x 2
# without PSHM (UPC_MPI_PSHM=0; the programs that communicate), so that the
# path through MPI between processes on one node stays tested.
UPCGO_MPI    ?= openmpi
MPI_TAGS      = $(if $(filter mpich,$(UPCGO_MPI)),mpi$(comma)mpich,mpi)
comma        := ,
MPIRUN_openmpi = OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_HANDLE_ERRORS=none \
	mpirun.openmpi -q --bind-to none --oversubscribe -x UCX_HANDLE_ERRORS
MPIRUN_mpich   = UCX_HANDLE_ERRORS=none mpirun.mpich
MPI_PKG_openmpi = ompi-c
MPI_PKG_mpich   = mpich
MPI_TEST_BIN  := $(or $(TMPDIR),/tmp)/upcgo-mpi-$(UPCGO_MPI).test

lint-mpi:
	@pkg-config --exists $(MPI_PKG_$(UPCGO_MPI)) || { echo "make test-mpi needs $(UPCGO_MPI): apt-get install -y $(if $(filter mpich,$(UPCGO_MPI)),libmpich-dev mpich,libopenmpi-dev openmpi-bin) pkg-config"; exit 1; }
	$(GO) vet -tags $(MPI_TAGS) ./runtime/gasnet/mpi ./internal/driver ./bench/mpi/...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) -tags $(MPI_TAGS) ./runtime/gasnet/mpi ./bench/mpi/...

test-mpi: lint-mpi
	$(GO) test -c -race -tags $(MPI_TAGS) -o $(MPI_TEST_BIN) ./runtime/gasnet/mpi
	$(MPIRUN_$(UPCGO_MPI)) -n 2 $(MPI_TEST_BIN) -test.timeout 5m
	$(MPIRUN_$(UPCGO_MPI)) -n 4 $(MPI_TEST_BIN) -test.timeout 5m
	rm -f $(MPI_TEST_BIN)
	UPCGO_MPI=$(UPCGO_MPI) $(GO) test -race -count=1 -tags $(MPI_TAGS) -run 'MPI|Launch|Network' ./internal/driver
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SCRIPT_MPI=1 $(GO) test -count=1 -run 'TestScripts/upcrun_mpi' ./cmd/upcgo
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SUITE_NETWORK=mpi $(GO) test -count=1 -timeout 30m ./testsuite
	UPCGO_MPI=$(UPCGO_MPI) UPCGO_SUITE_NETWORK=mpi UPCGO_SUITE_LAYOUTS=2x2 UPC_MPI_PSHM=0 $(GO) test -count=1 -timeout 30m \
	  -run 'TestPrograms/(upc|coll|nb|lib|runtime|shmem|matrix|notify|aggregate|upcio|examples)' ./testsuite

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) $(PKGS)

# Longer runs: fuzzing the scanner, preprocessor and parser, the runtime
# tests repeated, and the differential tester on fresh seeds for 5 minutes
# per network (docs/testing.md).
test-long: test
	$(GO) test -race -count=5 ./runtime/...
	$(GO) test -count=1 -timeout 40m -run TestDifferential ./internal/difftest -fresh 5m
	UPCGO_AGGREGATE_FULL=1 $(GO) test -count=1 -timeout 30m -run TestAggregateDifferential ./testsuite
	UPCGO_MAKEFILE_FULL=1 $(GO) test -count=1 -timeout 30m -run TestMakefiles ./testsuite
	UPCGO_AGGREGATE_FULL=1 UPCGO_SUITE_NETWORK=mpi $(GO) test -count=1 -timeout 30m -run TestAggregateDifferential ./testsuite
	$(GO) test -run xxx -fuzz FuzzTokenize -fuzztime 60s ./parser/scan
	$(GO) test -run xxx -fuzz FuzzPreprocess -fuzztime 120s ./parser/cpp
	$(GO) test -run xxx -fuzz FuzzParse -fuzztime 120s ./parser

bench:
	$(GO) test -run xxx -bench . -benchtime 300ms -count 5 ./runtime/... | tee bench.txt

# The mpi conduit beside raw MPI (docs/PERFORMANCE.md, "MPI conduit").
bench-mpi:
	bench/mpi/run.sh | tee bench-mpi.txt

run:
	$(GO) run ./cmd/upcgo run -n 4 examples/hello.upc

clean:
	rm -f bench.txt bench-mpi.txt
