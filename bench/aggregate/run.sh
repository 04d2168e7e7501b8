#!/usr/bin/env bash
# The aggregation pass's benchmarks (docs/aggregation.md): each program in
# bench/aggregate built with and without the pass (-fno-aggregate), on the
# smp conduit and on the mpi conduit (Open MPI) at 2 and 4 processes, over
# shared memory and over loopback TCP. Prints each run's line and the
# messages thread 0 sent (UPC_STATS=1). NPROCS (default "2 4"), CONFIGS
# (default "smp mpi-shm mpi-tcp"; also mpi-shm-nopshm: MPI shared memory
# without PSHM, where the aggregated form runs; and mpi-nodes: across the
# nodes of testsuite/multinode/cluster.sh, whose mpirun UPCGO_MPIRUN names)
# and PASSES (default "aggregate no-aggregate") narrow the run.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_HANDLE_ERRORS=none
go build -o "$out/upcgo" ./cmd/upcgo
om="mpirun.openmpi -q --bind-to none --oversubscribe -x UCX_HANDLE_ERRORS -x UPC_STATS"
configs=${CONFIGS:-smp mpi-shm mpi-tcp}
passes=${PASSES:-aggregate no-aggregate}
for prog in colsum halo spmv gups; do
	for pass in $passes; do
		flag=""
		[[ $pass == no-aggregate ]] && flag=-fno-aggregate
		if [[ " $configs " == *" smp "* ]]; then
			"$out/upcgo" build $flag -o "$out/$prog-$pass-smp" "bench/aggregate/$prog.upc"
		fi
		if [[ " $configs " == *" mpi-"* ]]; then
			"$out/upcgo" build $flag -network mpi -o "$out/$prog-$pass-mpi" "bench/aggregate/$prog.upc"
		fi
	done
done
stats() { grep 'thread 0:' | sed 's/.*thread 0: //'; }
for cfg in $configs; do
	for n in ${NPROCS:-2 4}; do
		for prog in colsum halo spmv gups; do
			for pass in $passes; do
				case $cfg in
				smp) cmd=("$out/$prog-$pass-smp" -n "$n") ;;
				mpi-shm) cmd=($om -n "$n" -x OMPI_MCA_osc=sm,ucx,pt2pt "$out/$prog-$pass-mpi") ;;
				mpi-shm-nopshm) cmd=($om -n "$n" -x OMPI_MCA_osc=sm,ucx,pt2pt -x UPC_MPI_PSHM=0 "$out/$prog-$pass-mpi") ;;
				mpi-tcp) cmd=($om -n "$n" -x OMPI_MCA_osc=ucx -x UCX_TLS=tcp,self --mca btl self,tcp --mca pml ob1 -x UPC_MPI_PSHM=0 "$out/$prog-$pass-mpi") ;;
				mpi-nodes) cmd=("${UPCGO_MPIRUN:?mpi-nodes needs UPCGO_MPIRUN=DIR/mpirun, DIR a cluster of testsuite/multinode/cluster.sh}" ${om#mpirun.openmpi} -n "$n" "$out/$prog-$pass-mpi") ;;
				esac
				UPC_STATS=1 timeout 600 "${cmd[@]}" >"$out/o" 2>"$out/e" || echo "# failed: $cfg $n $prog $pass" >&2
				printf '%-8s n=%d %-13s %s | %s\n' "$cfg" "$n" "$pass" "$(cat "$out/o")" "$(stats <"$out/e")"
			done
		done
	done
done
