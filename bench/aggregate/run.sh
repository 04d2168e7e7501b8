#!/usr/bin/env bash
# The aggregation pass's benchmarks (docs/aggregation.md): each program in
# bench/aggregate built with and without the pass (-fno-aggregate), on the
# smp conduit and on the mpi conduit (Open MPI) at 2 and 4 processes, over
# shared memory and over loopback TCP. Prints each run's line and the
# messages thread 0 sent (UPC_STATS=1). NPROCS (default "2 4") and
# CONFIGS (default "smp mpi-shm mpi-tcp"; also mpi-shm-nopshm: MPI shared
# memory without PSHM, where the aggregated form runs) narrow the run.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_HANDLE_ERRORS=none
go build -o "$out/upcgo" ./cmd/upcgo
om="mpirun.openmpi -q --bind-to none --oversubscribe -x UCX_HANDLE_ERRORS -x UPC_STATS"
for prog in colsum halo spmv gups; do
	for pass in aggregate no-aggregate; do
		flag=""
		[[ $pass == no-aggregate ]] && flag=-fno-aggregate
		"$out/upcgo" build $flag -o "$out/$prog-$pass-smp" "bench/aggregate/$prog.upc"
		"$out/upcgo" build $flag -network mpi -o "$out/$prog-$pass-mpi" "bench/aggregate/$prog.upc"
	done
done
stats() { grep 'thread 0:' | sed 's/.*thread 0: //'; }
for cfg in ${CONFIGS:-smp mpi-shm mpi-tcp}; do
	for n in ${NPROCS:-2 4}; do
		for prog in colsum halo spmv gups; do
			for pass in aggregate no-aggregate; do
				case $cfg in
				smp) cmd=("$out/$prog-$pass-smp" -n "$n") ;;
				mpi-shm) cmd=($om -n "$n" -x OMPI_MCA_osc=sm,ucx,pt2pt "$out/$prog-$pass-mpi") ;;
				mpi-shm-nopshm) cmd=($om -n "$n" -x OMPI_MCA_osc=sm,ucx,pt2pt -x UPC_MPI_PSHM=0 "$out/$prog-$pass-mpi") ;;
				mpi-tcp) cmd=($om -n "$n" -x OMPI_MCA_osc=ucx -x UCX_TLS=tcp,self --mca btl self,tcp --mca pml ob1 -x UPC_MPI_PSHM=0 "$out/$prog-$pass-mpi") ;;
				esac
				UPC_STATS=1 UCX_TLS=${UCX_TLS:-} timeout 600 "${cmd[@]}" >"$out/o" 2>"$out/e" || echo "# failed: $cfg $n $prog $pass" >&2
				printf '%-8s n=%d %-13s %s | %s\n' "$cfg" "$n" "$pass" "$(cat "$out/o")" "$(stats <"$out/e")"
			done
		done
	done
done
