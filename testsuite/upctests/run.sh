#!/usr/bin/env bash
# Runs a copy of Berkeley UPC's upc-tests (its harness.conf files) against
# upcgo and prints one line per test and build: the outcome and why.
#
#   testsuite/upctests/run.sh TREE [FOLDER...]
#
# TREE is a copy of upc-tests (never part of this repository; nothing is
# fetched here). Without it the script says so and exits 0. Each FOLDER
# (default: every folder of TREE holding a harness.conf) is read as
# Berkeley's harness reads it: TestName blocks over the DEFAULT_CONFIG
# block before them (a file may have several), WildCard <*>.upc for the
# files no block names; Files, Flags, DynamicThreads, StaticThreads, CompileResult,
# TimeLimit (0: compile only), PassExpr, FailExpr, ExitCode, BuildCmd
# (nolink: compile with -c only), AppArgs, RequireFeature.
#
# Outcomes: pass, fail (wrong output, runtime error, exit status), compile
# (valid code rejected, or invalid code accepted: "accepted"), crash (panic,
# internal error, generated Go that does not compile), hang (60 s), na (a
# feature upcgo does not claim: Berkeley's translator, runtime or tracing
# internals), missing (a file the copy lacks). Last, a summary line per
# run: one outcome per test, the worst of its builds and runs.
#
# Environment: UPCGO (the upcgo binary; default: upcgo on PATH), THREADS_DEFAULT
# (the thread counts of $DEFAULT$; default "2 4"), TIMEOUT (seconds, 60),
# WORK (scratch folder; default a new one under TMPDIR).
set -u
tree=${1:-}
if [ -z "$tree" ] || [ ! -d "$tree" ]; then
	echo "upc-tests: no tree given or not found (${tree:-unset}); nothing to run"
	exit 0
fi
shift
upcgo=${UPCGO:-upcgo}
threads_default=${THREADS_DEFAULT:-2 4}
timeout_s=${TIMEOUT:-60}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"

# Features of Berkeley's harness that upcgo does not claim: its translator
# and runtime (berkeleyupc, upcr, gasnet), its tracing, upc_dump_shared.
unclaimed='^(berkeleyupc|upcr|gasnet|trace|upc_trace_printf|upc_trace_mask|upc_dump_shared|gasp|pthreads|upc_pthreads)$'

folders=("$@")
if [ ${#folders[@]} -eq 0 ]; then
	while IFS= read -r f; do folders+=("$(dirname "${f#"$tree"/}")"); done < <(find "$tree" -name harness.conf | sort)
fi

# parse prints one line per test: the fields, tab-separated, defaults applied.
parse() {
	awk -v s=$'\037' '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	function value(line,   v) {
		v = substr(line, index(line, ":") + 1)
		# a comment starts at # after white space (PassExpr may hold #)
		if (match(v, /[ \t]#/)) v = substr(v, 1, RSTART)
		return trim(v)
	}
	function flush(   k) {
		if (name == "") return
		# fields apart by \037: tabs would fold empty fields together in read
		print name s f["Files"] s f["Flags"] s f["DynamicThreads"] s f["StaticThreads"] s \
			f["CompileResult"] s f["TimeLimit"] s f["PassExpr"] s f["FailExpr"] s \
			f["ExitCode"] s f["BuildCmd"] s f["AppArgs"] s f["RequireFeature"] s f["MakeFlags"]
		name = ""
	}
	/^BEGIN_DEFAULT_CONFIG/ { indef = 1; next }
	/^END_DEFAULT_CONFIG/ { indef = 0; next }
	/^[ \t]*#/ { next }
	/^[A-Za-z]+:/ {
		key = substr($0, 1, index($0, ":") - 1); v = value($0)
		if (indef) { def[key] = v; next }
		if (key == "TestName") {
			flush(); name = v
			for (k in f) delete f[k]
			for (k in def) f[k] = def[k]
			next
		}
		f[key] = v
	}
	END { flush() }' "$1"
}

# with_wildcards prints a folder's harness.conf and, where it has a
# "WildCard: <*>.upc" line, a TestName line for each matching file it does
# not name (those run with the default configuration).
with_wildcards() {
	local dir=$1 ext f n
	cat "$dir/harness.conf"
	ext=$(sed -n 's/^WildCard:[[:space:]]*<\*>\(\.[a-z]*\).*/\1/p' "$dir/harness.conf" | head -1)
	[ -n "$ext" ] || return 0
	for f in "$dir"/*"$ext"; do
		[ -f "$f" ] || continue
		n=$(basename "$f" "$ext")
		grep -qE "^TestName:[[:space:]]*$n([[:space:]]|\$)" "$dir/harness.conf" || printf '\nTestName: %s\n' "$n"
	done
}

# crashed says whether a build or run log shows upcgo (or its runtime) crashing.
crashed() {
	grep -qE '^panic:|^goroutine [0-9]+ \[|internal error|fatal error:|\.go:[0-9]+:[0-9]+: ' "$1"
}

# judge prints the outcome of one run: its log, exit status and the expressions.
judge() {
	local log=$1 rc=$2 pass=$3 fail=$4 exitcode=$5
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo "hang"; return; fi
	if crashed "$log"; then echo "crash"; return; fi
	if [ "$fail" != "0" ] && [ -n "$fail" ] && grep -qP -- "$fail" "$log"; then echo "fail FailExpr"; return; fi
	if [ "$exitcode" = "0" ] && [ "$rc" != 0 ]; then echo "fail exit $rc"; return; fi
	if [ "$pass" != "0" ] && [ -n "$pass" ]; then
		if grep -qP -- "$pass" "$log" || tr '\n' ' ' <"$log" | grep -qP -- "$pass"; then echo "pass"; else echo "fail no PassExpr (exit $rc)"; fi
		return
	fi
	if [ "$rc" != 0 ]; then echo "fail exit $rc"; return; fi
	if grep -qE 'FAIL|ERROR|mismatch' "$log"; then echo "fail output"; return; fi
	echo "pass"
}

counts() { # "$DEFAULT$", "0", "1,2,3" or "2"
	case "$1" in
	'$DEFAULT$' | '') echo "$threads_default" ;;
	*) echo "${1//,/ }" ;;
	esac
}

results=$work/results.txt
: >"$results"
for folder in "${folders[@]}"; do
	dir=$tree/$folder
	[ -f "$dir/harness.conf" ] || continue
	while IFS=$'\037' read -r name files flags dyn static cres tlimit pass fail exitcode buildcmd appargs req makeflags; do
		files=${files//\$TESTNAME\$/$name}
		out=$work/$folder/$name
		mkdir -p "$out"
		label="$folder/$name"
		na=""
		for feat in ${req//,/ }; do
			if [[ $feat =~ $unclaimed ]]; then na="needs $feat"; fi
		done
		case "$buildcmd" in *make*) na="${na:-builds with its own makefile ($makeflags)}" ;; esac
		if [ -n "$na" ]; then echo "$label	na	$na"; continue; fi
		srcs=()
		for f in $files; do
			if [ ! -f "$dir/$f" ]; then srcs=(); break; fi
			srcs+=("$dir/$f")
		done
		if [ ${#srcs[@]} -eq 0 ]; then echo "$label	missing"; continue; fi
		# The builds: one dynamic-threads build unless DynamicThreads is 0,
		# one per static count unless StaticThreads is 0 (its default
		# counts are left to the dynamic build when there is one).
		builds=()
		if [ "$dyn" != 0 ]; then builds+=("dyn"); fi
		if [ "$static" != 0 ] && { [ "$static" != '$DEFAULT$' ] || [ "$dyn" = 0 ]; }; then
			for t in $(counts "$static"); do builds+=("T$t"); done
		fi
		for b in "${builds[@]}"; do
			tflag=()
			[ "$b" != dyn ] && tflag=("-T=${b#T}")
			cflag=()
			exe=$out/$b.x
			case "$buildcmd" in *nolink*) cflag=(-c); exe=$out/$b.o ;; esac
			# shellcheck disable=SC2086 # Flags are words
			(cd "$dir" && timeout 300 "$upcgo" upcc $flags "${tflag[@]}" "${cflag[@]}" -o "$exe" "${srcs[@]}") >"$out/$b.build" 2>&1
			brc=$?
			if [ "$cres" = fail ]; then
				if [ $brc = 0 ]; then echo "$label [$b]	compile	accepted (expected a compile error)"
				elif crashed "$out/$b.build"; then echo "$label [$b]	crash	$(grep -m1 -E 'panic|internal error|fatal|\.go:' "$out/$b.build")"
				elif grep -qE ':[0-9]+:[0-9]+: error' "$out/$b.build"; then echo "$label [$b]	pass	rejected: $(grep -m1 error "$out/$b.build")"
				else echo "$label [$b]	compile	rejected without a position: $(head -1 "$out/$b.build")"
				fi
				continue
			fi
			if [ $brc != 0 ]; then
				if crashed "$out/$b.build"; then echo "$label [$b]	crash	$(grep -m1 -E 'panic|internal error|fatal|\.go:' "$out/$b.build")"
				else echo "$label [$b]	compile	$(grep -m1 -E 'error' "$out/$b.build" || head -1 "$out/$b.build")"
				fi
				continue
			fi
			if [ "$tlimit" = 0 ] || [ -n "${cflag[*]}" ]; then echo "$label [$b]	pass	compiled"; continue; fi
			if [ "$b" = dyn ]; then ns=$(counts "$dyn"); else ns=${b#T}; fi
			for n in $ns; do
				log=$out/$b.n$n.log
				# shellcheck disable=SC2086 # AppArgs are words
				(cd "$out" && timeout "$timeout_s" "$exe" -n "$n" $appargs) >"$log" 2>&1 </dev/null
				rc=$?
				echo "$label [$b -n $n]	$(judge "$log" $rc "$pass" "$fail" "$exitcode")"
			done
		done
	done < <(parse <(with_wildcards "$dir")) | tee -a "$results"
done

# The summary: one outcome per test, the worst of its builds and runs
# (crash, hang, fail, compile, then pass); na and missing are counted apart.
awk -F'\t' '
function rank(o) { return o == "crash" ? 5 : o == "hang" ? 4 : o == "fail" ? 3 : o == "compile" ? 2 : o == "pass" ? 1 : 0 }
{
	name = $1; sub(/ \[.*/, "", name)
	split($2, w, " "); o = w[1]
	if (!(name in worst) || rank(o) > rank(worst[name])) worst[name] = o
}
END {
	for (n in worst) count[worst[n]]++
	printf "tests: %d; pass %d, fail %d, compile %d, crash %d, hang %d; na %d, missing %d\n",
		length(worst), count["pass"], count["fail"], count["compile"], count["crash"], count["hang"], count["na"], count["missing"]
}' "$results"
