#!/bin/bash
# csmith.sh: Csmith as an outside oracle for upcgo's C semantics
# (docs/testing.md, "Csmith"). For each seed it generates a random C
# program with csmith, builds it with gcc -O0 (the oracle) and gcc -O2
# (a program the two disagree on, or that runs over 5 s, depends on
# undefined behaviour or is too slow: it is dropped), and with upcgo, runs
# upcgo's at one UPC thread and compares the checksum lines.
#
#   scripts/csmith.sh [-f FEATURES] [-k DIR] FIRST LAST
#
# FEATURES: base (no bit-fields, packed structs, unions or volatiles; at
# most 4 functions), bitfields (base with bit-fields), all (every
# feature, at most 4 functions; the default), full (every feature,
# csmith's default program size).
# -k DIR keeps the programs that failed, their errors and a results.tsv
# (seed, class, detail) in DIR; without it they go with a temporary
# folder. Classes: ok, drop, WRONG (output differs from gcc), crash
# (upcgo panicked or wrote Go that does not compile), cerr (a clean
# compile error: a feature upcgo lacks), timeout (upcgo's binary ran over
# 10 times gcc's time, at least 10 s). Exits 1 if a program was WRONG or
# crashed, 0 otherwise; skips (exit 0) where csmith is not installed
# (Debian: apt-get install csmith libcsmith-dev; CSMITH_INCLUDE names
# the folder of csmith.h where it is not /usr/include/csmith).
set -u
features=all keep=
while getopts f:k: o; do
	case $o in
	f) features=$OPTARG ;;
	k) keep=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "usage: $0 [-f base|bitfields|all|full] [-k DIR] FIRST LAST" >&2; exit 2; }
first=$1 last=$2
inc=${CSMITH_INCLUDE:-/usr/include/csmith} # csmith.h, the programs' runtime
if ! command -v csmith >/dev/null || [ ! -f "$inc/csmith.h" ]; then
	echo "csmith.sh: skipped: csmith or $inc/csmith.h is not installed (apt-get install csmith libcsmith-dev)"
	exit 0
fi
case $features in
base) opts="--no-bitfields --no-packed-struct --no-unions --no-volatiles --no-argc --max-funcs 4" ;;
bitfields) opts="--no-packed-struct --no-unions --no-volatiles --no-argc --max-funcs 4" ;;
all) opts="--no-argc --max-funcs 4" ;;
full) opts="--no-argc" ;;
*) echo "csmith.sh: unknown feature set $features" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$keep" ] && mkdir -p "$keep" && keep=$(cd "$keep" && pwd)
out=${keep:-$work}
rm -f "$out/results.tsv"
(cd "$root" && go build -o "$work/upcgo" ./cmd/upcgo) || exit 1
cd "$work"
bad=0
for s in $(seq "$first" "$last"); do
	p=p_$s.c
	csmith --seed "$s" $opts >"$p" 2>/dev/null || { echo -e "$s\tdrop\tcsmith failed" >>"$out/results.tsv"; continue; }
	if ! gcc -O0 -w -I"$inc" "$p" -o g0 2>/dev/null || ! gcc -O2 -w -I"$inc" "$p" -o g2 2>/dev/null; then
		echo -e "$s\tdrop\tgcc failed" >>"$out/results.tsv"
		continue
	fi
	t0=$(date +%s%N)
	o0=$(timeout 5 ./g0 2>&1) && o2=$(timeout 5 ./g2 2>&1) && [ "$o0" = "$o2" ] || {
		echo -e "$s\tdrop\tgcc -O0 and -O2 disagree, or over 5 s" >>"$out/results.tsv"
		continue
	}
	limit=$(( ($(date +%s%N) - t0) / 100000000 + 1 )) # 10 times gcc -O0's run and -O2's, in s
	[ $limit -lt 10 ] && limit=10
	if ! err=$("$work/upcgo" build -s -o u -I"$inc" "$p" 2>&1); then
		class=cerr
		if echo "$err" | grep -q -e 'internal error' -e '^panic' -e '^goroutine '; then class=crash bad=1; fi
		echo -e "$s\t$class\t$(echo "$err" | grep -m1 -e 'error' -e 'panic' | cut -c1-200)" >>"$out/results.tsv"
		[ -n "$keep" ] && cp "$p" "$keep/" && echo "$err" >"$keep/err_$s.txt"
		continue
	fi
	ou=$(timeout $limit ./u -n 1 2>&1)
	case $? in
	124) class=timeout ;;
	*) if [ "$ou" = "$o0" ]; then class=ok; else class=WRONG bad=1; fi ;;
	esac
	echo -e "$s\t$class" >>"$out/results.tsv"
	[ $class != ok ] && [ -n "$keep" ] && cp "$p" "$keep/" && echo "$ou" >"$keep/out_$s.txt"
done
echo "csmith.sh: seeds $first-$last ($features):" $(cut -f2 "$out/results.tsv" | sort | uniq -c | awk '{print $2 " " $1}')
grep -P '\t(WRONG|crash)' "$out/results.tsv"
exit $bad
