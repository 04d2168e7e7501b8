#!/usr/bin/env bash
# The multi-node test (make test-multinode; make test runs it): a cluster
# of 2 nodes on this machine (cluster.sh), Open MPI launching into it, and
# on it, at 2 nodes x 2 processes (PSHM inside a node, TCP between them):
#
#  1. the check that the cluster is one: a job whose processes report 2
#     hosts, share memory (PSHM) only with their own node's, and move
#     across the nodes' links at least the bytes they send each other;
#     and the same job started on one node must fail that check;
#  2. the mpi conduit's tests (go test -c -tags mpi);
#  3. the regression suite's communicating programs (UPCGO_MPIRUN);
#  4. the failure tests: a fault, an exit or a killed process on one node
#     ends the job on every node;
#  5. the aggregation benchmarks (bench/aggregate, aggregated builds),
#     which check their own results.
#
# Every step must also have moved bytes between the nodes. Where no
# cluster can be made (not root, no ip, no namespaces) the test prints
# SKIPPED and why, and succeeds, unless UPCGO_MULTINODE=require (CI), when
# that is a failure. UPCGO_MULTINODE_LONG=1 (make test-long) runs the
# whole suite and both builds of the benchmarks.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=testsuite/multinode
long=${UPCGO_MULTINODE_LONG:-}

if ! why=$($here/cluster.sh check); then
	if [[ ${UPCGO_MULTINODE:-} == require ]]; then
		echo "multi-node test FAILED: UPCGO_MULTINODE=require, but $why" >&2
		exit 1
	fi
	echo "multi-node test SKIPPED: $why"
	exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/upcgo-multinode.XXXXXX")
cluster=$work/cluster
child=
cleanup() {
	local status=$?
	trap - EXIT INT TERM HUP
	if [[ -n $child ]]; then
		kill -TERM -- -"$child" 2>/dev/null || true
		wait "$child" 2>/dev/null || true
	fi
	if [[ -f $cluster/id ]]; then
		local id
		id=$(cat "$cluster/id")
		$here/cluster.sh down "$cluster" || status=1
		if ip netns list | grep -q "^upcgo-$id-"; then
			echo "multi-node test FAILED: namespaces of cluster $id are left" >&2
			status=1
		fi
	fi
	rm -rf "$work"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# step NAME COMMAND...: runs COMMAND in a process group of its own (ended
# with the test on an interrupt), timed, and checks that it moved bytes
# between the nodes: at least $want on each node's link (default 1).
want=1
step() {
	local name=$1 start before after status=0
	shift
	echo "== $name"
	start=$SECONDS
	before=$($here/cluster.sh bytes "$cluster")
	set -m # the step's own process group, which cleanup can end
	"$@" &
	child=$!
	set +m
	wait "$child" || status=$?
	child=
	after=$($here/cluster.sh bytes "$cluster")
	echo "== $name: $((SECONDS - start)) s, status $status; bytes sent by each node: $(paste -d' ' <(echo "$before") <(echo "$after") | awk '{printf "%s %d  ", $1, $4 - $2}')"
	if ((status != 0)); then
		echo "multi-node test FAILED: $name" >&2
		exit 1
	fi
	paste -d' ' <(echo "$before") <(echo "$after") | awk -v want="$want" -v name="$name" '
		$4 - $2 < want { printf "multi-node test FAILED: %s: %s sent %d bytes over its link, want at least %d\n", name, $1, $4 - $2, want > "/dev/stderr"; bad = 1 }
		END { exit bad }'
	want=1
}

$here/cluster.sh up "$cluster" 2 $$
export UPCGO_MPIRUN=$cluster/mpirun UPCGO_MPI=openmpi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_HANDLE_ERRORS=none
mpirun_flags=(-q --bind-to none --oversubscribe -x UCX_HANDLE_ERRORS)
go build -o "$work/upcgo" ./cmd/upcgo

# 1. The cluster is one. across.upc sends 4 MiB from every thread to one
# on the other node; UPC_MPI_VERBOSE has each process name its host and
# the processes it shares memory with.
"$work/upcgo" build -network mpi -o "$work/across" $here/across.upc
check_across() { # OUT ERR: what a run across 2 nodes x 2 processes prints
	grep -qx 'across: 4 threads, 16777216 bytes to the other half of the job, ok' "$1" || return 1
	local p
	for p in 0 1 2 3; do
		grep -q "process $p of 4 on node$((p / 2)): .*PSHM with processes $((p / 2 * 2)),$((p / 2 * 2 + 1))," "$2" || return 1
	done
}
across() {
	UPC_MPI_VERBOSE=1 "$@" >"$work/out" 2>"$work/err" || return 1
	cat "$work/out" "$work/err"
	check_across "$work/out" "$work/err"
}
want=$((8 << 20)) step "the cluster is one: 2 nodes, PSHM inside each, 16 MiB between them" \
	across "$cluster/mpirun" "${mpirun_flags[@]}" -x UPC_MPI_VERBOSE -n 4 "$work/across"
echo "== the same job with every process on node0 fails that check"
if ! UPC_MPI_VERBOSE=1 ip netns exec "upcgo-$(cat "$cluster/id")-node0" unshare -ui sh -c 'hostname node0 && exec "$@"' sh \
	mpirun.openmpi "${mpirun_flags[@]}" -x UPC_MPI_VERBOSE -n 4 "$work/across" >"$work/out" 2>"$work/err"; then
	cat "$work/out" "$work/err"
	echo "multi-node test FAILED: the job on one node failed" >&2
	exit 1
fi
cat "$work/out" "$work/err"
if check_across "$work/out" "$work/err"; then
	echo "multi-node test FAILED: the check takes one node for two" >&2
	exit 1
fi

# 2. The mpi conduit's tests (make test-mpi runs them under -race on one
# node).
go test -c -tags mpi -o "$work/mpi.test" ./runtime/gasnet/mpi
want=$((1 << 20)) step "the mpi conduit's tests" \
	"$cluster/mpirun" "${mpirun_flags[@]}" -n 4 "$work/mpi.test" -test.timeout 10m

# 3. The regression suite's programs that move data between the nodes,
# at 4 processes of one thread, 2 per node (testsuite/README.md says what
# and why): in make test the collectives, atomics, the non-blocking,
# notified and matrix transfers, the aggregated loops, and the upc
# programs of locks, barriers, strict accesses, fences, bulk copies,
# allocation, pointers-to-shared in shared memory and whole applications,
# one go test run; the programs whose error the calling thread finds in
# its own arguments are left to the one-node runs (the job ending on every
# node is step 4's). In make test-long every communicating folder, also
# at 2 processes of 2 threads (one per node). The binaries are the ones
# make test-mpi linked (UPCGO_SUITE_CACHE), so this step runs them.
suite() {
	export UPCGO_SUITE_NETWORK=mpi UPCGO_SUITE_RUN_TIMEOUT=5m
	if [[ -n $long ]]; then
		UPCGO_SUITE_LAYOUTS="4x1 2x2" go test -count=1 -timeout 60m \
			-run 'TestPrograms/(upc|coll|nb|lib|runtime|shmem|matrix|notify|aggregate|examples)' ./testsuite
		return
	fi
	UPCGO_SUITE_LAYOUTS=4x1 go test -count=1 -timeout 30m -run '^TestPrograms$' \
		-skip 'TestPrograms/(coll|nb|notify|matrix)/(err_|atomic_type_mismatch|atomic_wrong_op)' ./testsuite \
		-prog '^(coll|nb|notify|aggregate|matrix)/|^upc/(locks|barriers|strict_handoff|fence|memops|alloc|app_|global_exit|shared_ptrs|split_phase)'
}
want=$((1 << 20)) step "the regression suite" suite

# 4. Failures end the job on every node: a fault, an exit while others
# compute, a thread that returns before a barrier, a nil dereference, and
# a process killed by a signal, which must be on the second node.
failures() {
	go test -count=1 -tags mpi -v -run 'TestMPIFailuresEndTheJob|TestMPIKilledProcessEndsTheJob' ./internal/driver | tee "$work/failures" &&
		grep -q "killed thread 3's process on node1 (thread 0 on node0)" "$work/failures"
}
step "failures end the job on every node" failures

# 5. The aggregation benchmarks across the nodes; each checks its result.
passes=aggregate
[[ -n $long ]] && passes="aggregate no-aggregate"
bench() {
	CONFIGS=mpi-nodes NPROCS=4 PASSES="$passes" bench/aggregate/run.sh | tee "$work/bench" &&
		[[ $(grep -c 'ok) |' "$work/bench") == $((4 * $(wc -w <<<"$passes"))) ]]
}
want=$((1 << 20)) step "the aggregation benchmarks" bench

echo "multi-node test passed"
