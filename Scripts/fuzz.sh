#!/usr/bin/env bash
# Builds the fuzz targets of Fuzz/ (libFuzzer + address sanitizer, release, in .build-fuzz) and
# runs them all at once for SECONDS each (wall clock), one process per target. Prints one line
# per target (executions, executions per second, crashes) and fails when any target crashed,
# naming the reproducer and how to replay it. Each target's output goes to its log. Ctrl-C (or
# SIGTERM) stops every target early: the lines show what ran, and the exit status is 130 unless
# something crashed.
#   Scripts/fuzz.sh [SECONDS] [TARGET...]       (default 60 s, every target)
# The checked-in seeds (Fuzz/Corpus/TARGET) are read only; what a run learns goes to
# .build-fuzz/corpus/TARGET and is reused by the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
scratch=.build-fuzz
all=(FuzzJSON FuzzRiver FuzzPluginConfigurations FuzzTheme FuzzContentTypes FuzzPipes2 FuzzAtom FuzzDeepLink FuzzKeys FuzzImage FuzzFileReader)
targets=("$@")
[ "$#" -gt 0 ] || targets=("${all[@]}")

dictionary() {
	case "$1" in
	FuzzJSON | FuzzTheme | FuzzContentTypes | FuzzPipes2) echo Fuzz/Dictionaries/json.dict ;;
	FuzzRiver | FuzzPluginConfigurations) echo Fuzz/Dictionaries/zapp.dict ;;
	FuzzAtom) echo Fuzz/Dictionaries/xml.dict ;;
	FuzzDeepLink) echo Fuzz/Dictionaries/deeplink.dict ;;
	FuzzKeys) echo Fuzz/Dictionaries/keys.dict ;;
	FuzzImage) echo Fuzz/Dictionaries/image.dict ;;
	FuzzFileReader) echo Fuzz/Dictionaries/file-reader.dict ;;
	*) echo "error: unknown fuzz target '$1' (known: ${all[*]})" >&2; exit 2 ;;
	esac
}
for target in "${targets[@]}"; do dictionary "$target" >/dev/null; done

build_start=$SECONDS
mkdir -p "$scratch"
# `--sanitize=fuzzer` makes SwiftPM leave `main` to libFuzzer; swiftc keeps only the last
# `-sanitize=` it is given, and SwiftPM's two separate flags would lose the coverage
# instrumentation, so both sanitizers are passed again as one flag.
swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --package-path Fuzz --scratch-path "$scratch" \
	>"$scratch/build.log" 2>&1 || { cat "$scratch/build.log"; echo "error: the fuzz build failed"; exit 1; }
bin="$scratch/release"
echo "fuzz: built in $((SECONDS - build_start)) s; running ${#targets[@]} targets for $seconds s each, at once (logs in $scratch/logs)"

# The Swift backtracer would spend minutes on each crash; libFuzzer reports it instead.
# Leaks are not checked: the Swift runtime keeps caches alive at exit.
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
mkdir -p "$scratch/logs"
pids=()
# libFuzzer ends a run it was told to interrupt with this status (it is its default, named here).
interrupted_status=72
interrupted=0
stop_all() {
	interrupted=1
	for pid in "${pids[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
}
trap stop_all INT TERM
for target in "${targets[@]}"; do
	mkdir -p "$scratch/corpus/$target" "$scratch/artifacts/$target"
	rm -f "$scratch/artifacts/$target"/*
	"$bin/$target" "$scratch/corpus/$target" "Fuzz/Corpus/$target" \
		-dict="$(dictionary "$target")" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
		-detect_leaks=0 -print_final_stats=1 -interrupted_exitcode="$interrupted_status" \
		-artifact_prefix="$scratch/artifacts/$target/" \
		>"$scratch/logs/$target.log" 2>&1 &
	pids+=($!)
done

failed=0
for index in "${!targets[@]}"; do
	target="${targets[$index]}"
	# A trapped signal ends `wait` early (status above 128) while the target still runs.
	while true; do
		status=0
		wait "${pids[$index]}" || status=$?
		if [ "$status" -gt 128 ] && kill -0 "${pids[$index]}" 2>/dev/null; then continue; fi
		break
	done
	if [ "$interrupted" -eq 1 ] && [ "$status" -eq "$interrupted_status" ]; then status=0; fi
	log="$scratch/logs/$target.log"
	runs="$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)"
	rate="$(awk '/stat::average_exec_per_sec/ {print $2}' "$log" | tail -1)"
	artifacts=("$scratch/artifacts/$target"/*)
	[ -e "${artifacts[0]}" ] || artifacts=()
	printf '%-26s %5s s  %12s executions  %8s exec/s  %d crashes\n' \
		"$target" "$seconds" "${runs:-?}" "${rate:-?}" "${#artifacts[@]}"
	if [ "$status" -ne 0 ] || [ "${#artifacts[@]}" -gt 0 ]; then
		failed=1
		grep -m3 -E 'ERROR|invariant broken|Fatal error|deadly signal|timeout' "$log" | sed 's/^/    /' || true
		for artifact in "${artifacts[@]}"; do
			echo "    reproducer: $artifact"
			echo "    replay:     SWIFT_BACKTRACE=enable=no $bin/$target $artifact"
		done
		[ "${#artifacts[@]}" -gt 0 ] || echo "    exit status $status; see $log"
	fi
done
if [ "$interrupted" -eq 1 ]; then
	echo "fuzz: interrupted before $seconds s; the lines above are what ran"
	[ "$failed" -eq 1 ] || exit 130
fi
exit "$failed"
