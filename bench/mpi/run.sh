#!/usr/bin/env bash
# The mpi conduit beside raw MPI (docs/PERFORMANCE.md, "MPI conduit"):
# rma.c and mpibench measure the same patterns, process 0 targeting
# process 1, on shared memory and on loopback TCP, with Open MPI and MPICH
# (whichever are installed). Each configuration alternates raw and conduit
# runs ROUNDS times (default 3); the report gives each measurement's median.
# CONFIGS (e.g. "openmpi-tcp mpich-tcp") limits the run to those
# configurations; extra environment for the conduit's runs goes in
# UPCGO_ENV (e.g. "UPC_MPI_PSHM=0").
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_HANDLE_ERRORS=none

# configuration: name, MPI, launcher and options
configs=()
if pkg-config --exists ompi-c; then
	mpicc.openmpi -O2 -o "$out/rma_openmpi" bench/mpi/rma.c
	go build -tags mpi -o "$out/mpibench_openmpi" ./bench/mpi/mpibench
	om="mpirun.openmpi -q --bind-to none -n 2 -x UCX_HANDLE_ERRORS"
	configs+=("openmpi-shm|openmpi|$om -x OMPI_MCA_osc=sm,ucx,pt2pt")
	# The same without PSHM: every put through MPI's shared-memory path.
	configs+=("openmpi-shm-nopshm|openmpi|$om -x OMPI_MCA_osc=sm,ucx,pt2pt -x UPC_MPI_PSHM=0")
	# Over loopback TCP the conduit must not share memory (PSHM) either.
	configs+=("openmpi-tcp|openmpi|$om -x OMPI_MCA_osc=ucx -x UCX_TLS=tcp,self --mca btl self,tcp --mca pml ob1 -x UPC_MPI_PSHM=0")
fi
if pkg-config --exists mpich; then
	mpicc.mpich -O2 -o "$out/rma_mpich" bench/mpi/rma.c
	go build -tags mpi,mpich -o "$out/mpibench_mpich" ./bench/mpi/mpibench
	configs+=("mpich-shm|mpich|mpirun.mpich -n 2")
	configs+=("mpich-shm-nopshm|mpich|mpirun.mpich -n 2 -genv UPC_MPI_PSHM 0")
	configs+=("mpich-tcp|mpich|mpirun.mpich -n 2 -genv MPIR_CVAR_NOLOCAL 1 -genv UCX_TLS tcp,self -genv UPC_MPI_PSHM 0")
fi

for c in "${configs[@]}"; do
	IFS='|' read -r name mpi launch <<<"$c"
	if [[ -n ${CONFIGS:-} && " $CONFIGS " != *" $name "* ]]; then
		continue
	fi
	for r in $(seq "$rounds"); do
		# A run that hangs (raw MPICH over TCP once did, in MPI_Win_flush)
		# is dropped, not waited for.
		timeout 300 $launch "$out/rma_$mpi" >"$out/$name.raw.$r" || echo "# raw run $r failed or timed out" >&2
		timeout 300 env ${UPCGO_ENV:-} $launch "$out/mpibench_$mpi" >"$out/$name.upcgo.$r" || echo "# upcgo run $r failed or timed out" >&2
	done
	echo "## $name: $launch"
	grep -h '^#' "$out/$name.raw.1" "$out/$name.upcgo.1"
	# median of each measurement over the rounds, raw beside upcgo
	for side in raw upcgo; do
		cat "$out/$name.$side".* | grep -v '^#' | sort -k1,1 -k2,2g | awk -v side="$side" '
			{ v[$1] = v[$1] " " $2; n[$1]++; u[$1] = $3 }
			END { for (k in v) { split(substr(v[k], 2), a, " "); printf "%s %s %s %s\n", k, side, a[int((n[k] + 1) / 2)], u[k] } }'
	done | awk '
		{ key = $1; val[key, $2] = $3; unit[key] = $4; keys[key] = 1 }
		END { for (k in keys) printf "%-28s %12s %12s  %s\n", k, (k SUBSEP "raw") in val ? val[k, "raw"] : "-", (k SUBSEP "upcgo") in val ? val[k, "upcgo"] : "-", unit[k] }' |
		sort | sed "1i $(printf '%-28s %12s %12s  %s' measurement 'raw MPI' upcgo unit)"
	echo
done
