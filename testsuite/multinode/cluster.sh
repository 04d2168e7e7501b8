#!/usr/bin/env bash
# A cluster of MPI nodes on one machine, for the multi-node test (run.sh
# beside it) and for measuring across nodes by hand.
#
#	cluster.sh check                 why no cluster can be made here (status 1), or nothing
#	cluster.sh up DIR [NODES [PID]]  make one of NODES nodes (2 to 4, default 2) in DIR
#	cluster.sh down DIR              end its processes and remove it
#	cluster.sh sweep                 remove the clusters whose owner has gone
#	cluster.sh bytes DIR             bytes each node has sent over its link
#
# A node is a network namespace with its own host name (nodeN) and its
# own IPC namespace: what a process can tell about the machine it is on.
# The network namespaces hang off a bridge in a namespace of its own, on a
# private subnet (10.77.0.0/24, node N at 10.77.0.N+1), so no traffic
# leaves them and none reaches the machine's own interfaces. Without the
# IPC namespaces UCX (Open MPI's osc/ucx) would take processes in
# different namespaces for neighbours and move their bytes through shared
# memory instead of the link.
#
# DIR/mpirun is mpirun for the cluster: Open MPI's mpirun on node0 (the
# node a user logs in to), the processes spread evenly over the nodes
# (--host node0:K,node1:K,...; K from -n), the other nodes reached through
# DIR/agent (Open MPI's rsh agent) as ssh would: in the node's namespaces,
# with a clean environment. Each node's temporary files (Open MPI's
# session folder) are in DIR/nodeN. Give it to upcgo as
# UPCGO_MPIRUN=DIR/mpirun.
#
# The cluster belongs to process PID (default: the caller): the
# namespaces are named upcgo-ID-* after it, and "sweep" (which "up" runs
# first) removes those of owners that no longer run, so that a run killed
# before it could clean up leaves nothing behind for long, and parallel
# runs never touch each other's namespaces. Needs root (CAP_NET_ADMIN and
# CAP_SYS_ADMIN), ip (iproute2), unshare (util-linux) and Open MPI.
set -euo pipefail

registry=/run/upcgo-cluster
subnet=10.77.0.0/24

die() {
	echo "cluster.sh: $*" >&2
	exit 1
}

# check prints why no cluster can be made here, and fails, or succeeds.
check() {
	local c
	for c in ip unshare mpirun.openmpi; do
		if ! command -v "$c" >/dev/null; then
			case $c in
			ip) echo "no ip command (apt-get install iproute2)" ;;
			unshare) echo "no unshare command (apt-get install util-linux)" ;;
			*) echo "no mpirun.openmpi (apt-get install openmpi-bin)" ;;
			esac
			return 1
		fi
	done
	if [[ $(id -u) != 0 ]]; then
		echo "not root: network namespaces need CAP_NET_ADMIN"
		return 1
	fi
	local probe out
	probe=upcgo-probe-$$
	if ! out=$(ip netns add "$probe" 2>&1); then
		echo "cannot create a network namespace: ${out:-ip netns add failed}"
		return 1
	fi
	if ! out=$(ip netns exec "$probe" unshare -ui hostname probe 2>&1); then
		ip netns del "$probe" 2>/dev/null || true
		echo "cannot enter a network namespace with its own host name: ${out:-unshare failed}"
		return 1
	fi
	if ! out=$(ip -n "$probe" link add eth0 type veth peer name eth1 2>&1); then
		ip netns del "$probe" 2>/dev/null || true
		echo "cannot create a veth pair: ${out:-ip link add failed}"
		return 1
	fi
	ip netns del "$probe"
}

# starttime prints the start time of process $1 (field 22 of its stat),
# which tells it from a later process with the same id; it fails for a
# process that has ended (a zombie's stat is still there).
starttime() {
	local stat
	stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	stat=${stat##*) }
	set -- $stat
	[[ $1 != Z ]] || return 1
	echo "${20}"
}

# alive says whether the owner recorded for cluster $1 still runs.
alive() {
	local pid start
	[[ -r $registry/$1 ]] || return 1
	read -r pid start _ <"$registry/$1"
	[[ $(starttime "$pid" 2>/dev/null) == "$start" ]]
}

# namespaces prints the namespaces of cluster $1.
namespaces() {
	ip netns list | awk '{print $1}' | grep "^upcgo-$1-" || true
}

# remove ends every process in cluster $1's namespaces (they are the
# cluster's) and deletes the namespaces, the nodes before the bridge's.
remove() {
	local id=$1 ns pids tries dir left=0
	for ns in $(namespaces "$id" | sort); do
		for tries in 1 2 3 4 5 6 7 8 9 10; do
			pids=$(ip netns pids "$ns")
			[[ -z $pids ]] && break
			kill -KILL $pids 2>/dev/null || true
			sleep 0.2
		done
		if [[ -n $(ip netns pids "$ns") ]]; then
			echo "cluster.sh: processes $(ip netns pids "$ns" | tr '\n' ' ')survive in $ns" >&2
			left=1
		fi
		ip netns del "$ns"
	done
	if [[ -r $registry/$id ]]; then
		read -r _ _ dir <"$registry/$id"
		[[ -n $dir && -f $dir/id && $(cat "$dir/id") == "$id" ]] && rm -rf "$dir"
		rm -f "$registry/$id"
	fi
	return $left
}

sweep() {
	local id
	for id in $({
		ip netns list | awk '{print $1}' | sed -n 's/^upcgo-\([0-9a-fr]*\)-.*/\1/p'
		ls "$registry" 2>/dev/null
	} | sort -u); do
		if ! alive "$id"; then
			echo "cluster.sh: removing cluster $id, whose owner has gone" >&2
			remove "$id" || true
		fi
	done
}

up() {
	local dir=$1 nodes=${2:-2} owner=${3:-$PPID} id i ns sw hosts
	[[ $nodes =~ ^[2-4]$ ]] || die "want 2 to 4 nodes, not $nodes"
	[[ ! -e $dir || -z $(ls -A "$dir") ]] || die "$dir is not empty"
	sweep
	mkdir -p "$registry" "$dir"
	dir=$(cd "$dir" && pwd)
	id=$(printf '%xr%04x' "$owner" $((RANDOM)))
	echo "$owner $(starttime "$owner") $dir" >"$registry/$id"
	echo "$id" >"$dir/id"
	echo "$nodes" >"$dir/nodes"

	sw=upcgo-$id-switch
	ip netns add "$sw"
	ip -n "$sw" link add br0 type bridge
	ip -n "$sw" link set br0 up
	for ((i = 0; i < nodes; i++)); do
		ns=upcgo-$id-node$i
		ip netns add "$ns"
		ip link add eth0 netns "$ns" type veth peer name port$i netns "$sw"
		ip -n "$sw" link set port$i master br0 up
		ip -n "$ns" addr add 10.77.0.$((i + 1))/24 dev eth0
		ip -n "$ns" link set eth0 up
		ip -n "$ns" link set lo up
	done

	# The agent: what ssh HOST COMMAND does on a real cluster.
	{
		echo '#!/bin/sh'
		echo "# Open MPI's rsh agent for cluster $id (testsuite/multinode/cluster.sh):"
		echo '# agent HOST COMMAND... runs COMMAND on node HOST as ssh would.'
		echo 'host=$1'
		echo 'shift'
		echo 'case $host in'
		for ((i = 0; i < nodes; i++)); do
			echo "node$i) ns=upcgo-$id-node$i ;;"
		done
		echo '*) echo "agent: no node $host in this cluster" >&2; exit 255 ;;'
		echo 'esac'
		echo '# The job'"'"'s folder for this node, beside the one mpirun made for node0.'
		echo 'tmp=$(dirname "$TMPDIR")/$host'
		echo 'mkdir -p "$tmp"'
		echo "exec env -i PATH=\"\$PATH\" HOME=\"\$HOME\" TMPDIR=\"\$tmp\" ip netns exec \"\$ns\" unshare -ui sh -c 'hostname \"\$0\" && exec sh -c \"\$1\"' \"\$host\" \"\$*\""
	} >"$dir/agent"

	hosts=
	for ((i = 0; i < nodes; i++)); do
		hosts+="${hosts:+,}node$i:\$per"
	done
	{
		echo '#!/bin/sh'
		echo "# mpirun for cluster $id (testsuite/multinode/cluster.sh): Open MPI's"
		echo "# mpirun on node0, the processes spread evenly over the $nodes nodes."
		echo 'n=1'
		echo 'prev='
		echo 'for a; do'
		echo '	case $prev in -n | -np | --n | --np | -c) n=$a ;; esac'
		echo '	prev=$a'
		echo 'done'
		echo "per=\$(((n + $nodes - 1) / $nodes))"
		echo '# Each job its folders, one per node: Open MPI keeps its session'
		echo '# directory there, and jobs side by side sharing one race (the first'
		echo '# to end removes the folder the next is creating in).'
		echo "job=\$(mktemp -d $dir/job.XXXXXX)"
		echo 'mkdir "$job/node0"'
		echo "TMPDIR=\$job/node0 exec ip netns exec upcgo-$id-node0 unshare -ui sh -c 'hostname node0 && exec \"\$@\"' sh \\"
		echo "	mpirun.openmpi --host $hosts --mca plm_rsh_agent $dir/agent \\"
		echo "	--mca btl self,vader,tcp --mca pml ob1 --mca btl_tcp_if_include $subnet --mca oob_tcp_if_include $subnet \"\$@\""
	} >"$dir/mpirun"
	chmod +x "$dir/agent" "$dir/mpirun"
}

bytes() {
	local dir=$1 id i
	id=$(cat "$dir/id")
	for ((i = 0; i < $(cat "$dir/nodes"); i++)); do
		echo "node$i $(ip netns exec "upcgo-$id-node$i" cat /sys/class/net/eth0/statistics/tx_bytes)"
	done
}

case ${1:-} in
check) check ;;
up) up "${2:?cluster.sh up DIR [NODES [PID]]}" "${3:-2}" "${4:-$PPID}" ;;
down) remove "$(cat "${2:?cluster.sh down DIR}/id")" ;;
sweep) sweep ;;
bytes) bytes "${2:?cluster.sh bytes DIR}" ;;
*) die "usage: cluster.sh check | up DIR [NODES [PID]] | down DIR | sweep | bytes DIR" ;;
esac
