#!/usr/bin/env bash
# upcgo beside OpenMP and plain Go on one many-core node (issue 16,
# docs/PERFORMANCE.md "Many-core node"): barrier, all-reduce, random shared
# reads and STREAM from the anchors (../shared/anchors/manycore), the
# runtime's own barrier, collective, access and start-up benchmarks, and
# an empty program's start-up time and memory at 1 024 to 16 384 threads.
#
#   bench/manycore/run.sh build   # here: static binaries into bench/manycore/bin
#   bench/manycore/run.sh run     # there: every measurement, one after the other
#
# "build" needs Go, gcc with OpenMP (static libgomp) and the anchors
# (ANCHORS, default ../shared/anchors/manycore); "run" needs only the
# binaries, so a machine without Go (the device: carry bench/manycore/bin)
# spends its time measuring. THREADS lists the thread counts (default: 1 2
# 4 8 12 and every count up to the core count, then twice the cores,
# oversubscribed); ROUNDS repeats each anchor pair (default 3); the report
# goes to stdout and to $OUT/manycore.txt when OUT is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=bench/manycore/bin

build() {
	local anchors=${ANCHORS:-}
	if [ -z "$anchors" ]; then
		# ../shared beside the main checkout; a worktree's is one further up.
		for a in ../shared/anchors/manycore ../../shared/anchors/manycore; do
			[ -d "$a" ] && anchors=$(cd "$a" && pwd) && break
		done
	fi
	anchors=$(cd "${anchors:?no anchors: set ANCHORS}" && pwd)
	rm -rf "$bin" && mkdir -p "$bin"
	export CGO_ENABLED=0
	go build -o "$bin/upcgo" ./cmd/upcgo
	for p in barrier randread stream; do
		"$bin/upcgo" build -o "$bin/$p" "$anchors/$p.upc"
		gcc -O2 -fopenmp -static -o "$bin/${p}_omp" "$anchors/${p}_omp.c" 2>/dev/null
	done
	printf '#include <upc.h>\nint main(void) { return 0; }\n' > "$bin/empty.upc"
	"$bin/upcgo" build -o "$bin/empty" "$bin/empty.upc"
	rm -f "$bin/upcgo" "$bin/empty.upc"
	go build -C "$anchors/gobarrier" -o "$PWD/$bin/gobarrier" .
	go test -c -ldflags=-s -o "$bin/gasnet.test" ./runtime/gasnet
	go test -c -ldflags=-s -o "$bin/upc.test" ./runtime/upc
	gcc -O2 -static -o "$bin/maxrss" bench/manycore/maxrss.c
	du -sh "$bin"
}

run() {
	local cores rounds out
	cores=$(nproc)
	rounds=${ROUNDS:-3}
	out=${OUT:-/tmp}/manycore.txt
	local threads=${THREADS:-"$(seq -s ' ' 1 "$cores" | awk -v c="$cores" '{for (i = 1; i <= NF; i++) if ($i <= 4 || $i % 4 == 0 || $i == c) printf "%s ", $i} END {print 2 * c}')"}
	cd "$bin"
	{
		echo "# $(date -u) $(uname -n): $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
		echo "# threads: $threads; rounds: $rounds"
		for n in $threads; do
			for r in $(seq "$rounds"); do
				./barrier -n "$n"
				OMP_NUM_THREADS=$n ./barrier_omp
				./gobarrier "$n" 100000000
				./gobarrier "$n" 1000
				./randread -n "$n"
				OMP_NUM_THREADS=$n ./randread_omp
				UPC_SHARED_HEAP_SIZE=200MB ./stream -n "$n"
				OMP_NUM_THREADS=$n OMP_PROC_BIND=spread ./stream_omp
			done
		done
		echo "# empty program: start-up and peak memory"
		for n in 1024 4096 16384; do
			for r in $(seq "$rounds"); do
				echo "empty threads=$n $(./maxrss ./empty -n "$n" 2>&1)"
			done
		done
		echo "# runtime benchmarks"
		./gasnet.test -test.run xxx -test.bench 'Barrier$' -test.benchtime 20000x -test.count "$rounds"
		./upc.test -test.run xxx -test.bench 'Coll(Reduce|Broadcast)/allsync' -test.benchtime 2000x -test.count "$rounds"
		./upc.test -test.run xxx -test.bench 'RandomRead|PtrAdd' -test.benchtime 300ms -test.count "$rounds"
		./upc.test -test.run xxx -test.bench 'Startup' -test.benchtime 3x -test.count "$rounds"
	} 2>&1 | tee "$out"
}

case ${1:-} in
build) build ;;
run) run ;;
*)
	echo "usage: $0 build|run" >&2
	exit 2
	;;
esac
