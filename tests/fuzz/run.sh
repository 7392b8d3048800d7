#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan, build-fuzz/) and runs each in turn, one process
# at a time under `nice -n 19`: first every past crasher in tests/fuzz/crashers/<target>/ (each must
# now pass), then fuzzing from the committed seed corpus for a fixed number of executions or seconds.
# Prints one line per target: executions, result. Exits 1 if any target failed. docs/fuzzing.md.
#
#   bash tests/fuzz/run.sh [--runs N] [--seconds S] [--build-dir DIR] [--no-build] [TARGET...]
#
# --runs N: stop each target after N executions (default 1000000); --seconds S: after S seconds;
# both: whichever comes first.
# Hangs over 1 s (-timeout=1) and more than 2 GiB (-rss_limit_mb=2048) count as failures. What the
# fuzzer adds to the corpus goes to DIR/corpus/<target>, never into the checkout; a failing input is
# written to DIR/artifacts/<target>/, to be copied into tests/fuzz/crashers/<target>/ once understood.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

all_targets=(scenario manifest config kubeconfig execcredential listresponse watchevent tracejsonl quantity labels extenderresponse)
limit=()
build_dir=build-fuzz
build=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) limit+=(-runs="$2"); shift 2 ;;
  --seconds) limit+=(-max_total_time="$2"); shift 2 ;;
  --build-dir) build_dir=$2; shift 2 ;;
  --no-build) build=0; shift ;;
  -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
  -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
[ ${#limit[@]} -eq 0 ] && limit=(-runs=1000000)

if [ $build -eq 1 ]; then
  # -O1 as the sanitizer CI build: fast enough to fuzz, and quick to compile on two cores.
  nice -n 19 cmake -S . -B "$build_dir" -DKSV_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1" >/dev/null
  nice -n 19 cmake --build "$build_dir" -j"$(nproc 2>/dev/null || echo 2)" \
    --target $(printf 'fuzz_%s ' "${targets[@]}")
fi

# An UBSan report stops the run (the build also says -fno-sanitize-recover). Leaks are findings
# too, but looked for only in the past crashers and, after fuzzing, in each seed: while fuzzing,
# libFuzzer would stop the world for a leak scan after every input that leaves memory allocated
# (Qt's and OpenSSL's caches do), which took execcredential from ~1000 to 27 executions a second.
export ASAN_OPTIONS=abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

failed=0
printf '%-16s %14s  %s\n' target executions result
for target in "${targets[@]}"; do
  binary=$build_dir/tests/fuzz/fuzz_$target
  log=$build_dir/logs/$target.log
  mkdir -p "$build_dir/logs" "$build_dir/corpus/$target" "$build_dir/artifacts/$target"
  result=ok
  crashers=(tests/fuzz/crashers/"$target"/*)
  if [ -e "${crashers[0]}" ]; then
    # Each file is run once; any crash, leak or hang fails the target.
    if ! nice -n 19 "$binary" -timeout=1 -rss_limit_mb=2048 "${crashers[@]}" >"$log.crashers" 2>&1; then
      result="FAILED on a past crasher (see $log.crashers)"
    fi
  fi
  executions=0
  if [ "$result" = ok ]; then
    status=0
    nice -n 19 "$binary" "${limit[@]}" -timeout=1 -rss_limit_mb=2048 -print_final_stats=1 -detect_leaks=0 \
      -artifact_prefix="$build_dir/artifacts/$target/" "$build_dir/corpus/$target" "tests/fuzz/corpus/$target" \
      >"$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
    if [ $status -eq 0 ]; then
      nice -n 19 "$binary" -runs=0 -timeout=1 -rss_limit_mb=2048 -detect_leaks=1 \
        -artifact_prefix="$build_dir/artifacts/$target/leak-" "tests/fuzz/corpus/$target" \
        >"$log.leaks" 2>&1 || { status=$?; log=$log.leaks; }
    fi
    if [ $status -ne 0 ]; then
      artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n1)
      reason=$(grep -m1 -oE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer): [a-z-]+|runtime error: .*|ERROR: libFuzzer: [a-z-]+' "$log" || true)
      result="FAILED: ${reason:-exit status $status} ${artifact:+($artifact)} (see $log)"
    fi
  fi
  [ "$result" = ok ] || failed=1
  printf '%-16s %14s  %s\n' "$target" "${executions:-0}" "$result"
done
exit $failed
