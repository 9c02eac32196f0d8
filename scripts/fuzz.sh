#!/usr/bin/env bash
# Fuzzes the loader, the script compiler and the runner with libFuzzer
# (Linux): builds the Fuzz package with -sanitize=fuzzer,address, runs it for
# SECONDS on the committed corpus (Fuzz/Corpus) and seeds made from the
# scenes and the tests, keeps new interesting inputs in a scratch folder
# outside the repository, minimises every crash, hang and out-of-memory it
# finds, and prints how long it ran and what it found.
#
#     scripts/fuzz.sh [SECONDS]     fuzz (300 s by default)
#     scripts/fuzz.sh --merge       fold the scratch corpus into Fuzz/Corpus,
#                                   keeping only inputs that add coverage
#     scripts/fuzz.sh --replay      run every corpus file and finding once
#
# Environment: FUZZ_DIR, the scratch folder (default /tmp/scene-fuzz);
# FUZZ_SANITIZERS (default fuzzer,address); FUZZ_MAX_LEN, the largest input
# in bytes (default 8192); FUZZ_JOBS, parallel jobs (default 1: the
# machine is shared). Runs under `nice`. The run path is fuzzed only for
# inputs that load, whose script reaches at most 10 virtual minutes and
# within a firing budget (see Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${FUZZ_DIR:-/tmp/scene-fuzz}
sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
max_len=${FUZZ_MAX_LEN:-8192}
jobs=${FUZZ_JOBS:-1}
mode=fuzz
seconds=300
case "${1:-}" in
    --merge) mode=merge ;;
    --replay) mode=replay ;;
    -h | --help)
        awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
        exit 0
        ;;
    '') ;;
    *[!0-9]*)
        echo "usage: scripts/fuzz.sh [SECONDS | --merge | --replay]" >&2
        exit 64
        ;;
    *) seconds=$1 ;;
esac

scratch_build="$scratch/build-${sanitizers//,/-}"
echo "== building the fuzzer (-sanitize=$sanitizers) in $scratch_build"
mkdir -p "$scratch"
nice -n 10 swift build -c release --package-path Fuzz --scratch-path "$scratch_build" \
    -Xswiftc "-sanitize=$sanitizers" -Xswiftc -parse-as-library 2>&1 | tail -3
fuzzer="$scratch_build/release/SceneFuzzer"

corpus="$scratch/corpus"
seeds="$scratch/seeds"
findings="$scratch/findings"
mkdir -p "$corpus" "$findings"
rm -rf "$seeds"
python3 Fuzz/seeds.py "$seeds"

# ASan: report leaks too, less the false ones Fuzz/lsan.supp explains;
# libFuzzer: -rss_limit_mb is its out-of-memory bound.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}
# A Swift trap is reported by libFuzzer; Swift's own backtracer would only
# slow every crash down (and can outlive a killed process).
export SWIFT_BACKTRACE=enable=no
flags=(
    -dict=Fuzz/scene.dict -max_len="$max_len" -timeout=10 -rss_limit_mb=2048
    -artifact_prefix="$findings/" -print_final_stats=1
)

case $mode in
    merge)
        # Edges only (not hit counts), and nothing the seeds already cover:
        # the seeds are made anew from the repository for every run, so the
        # committed corpus holds only what the fuzzer found beyond them.
        before=$(find Fuzz/Corpus -type f | wc -l)
        merged="$scratch/merge"
        rm -rf "$merged"
        mkdir -p "$merged"
        cp "$seeds"/* "$merged/"
        nice -n 10 "$fuzzer" "${flags[@]}" -merge=1 -use_counters=0 "$merged" Fuzz/Corpus "$corpus" 2>&1 |
            grep -E '^MERGE-OUTER: [0-9]+ new files' || true
        for seed in "$seeds"/*; do rm -f "$merged/$(basename "$seed")"; done
        find Fuzz/Corpus -type f -delete
        cp "$merged"/* Fuzz/Corpus/
        after=$(find Fuzz/Corpus -type f | wc -l)
        echo "== Fuzz/Corpus: $before -> $after files, $(du -sk --apparent-size Fuzz/Corpus | cut -f1) KB"
        exit 0
        ;;
    replay)
        files=$(find Fuzz/Corpus "$corpus" "$findings" -type f | sort)
        # shellcheck disable=SC2086
        nice -n 10 "$fuzzer" "${flags[@]}" -runs=1 $files 2>&1 | tail -3
        echo "== replayed $(echo "$files" | grep -c .) files"
        exit 0
        ;;
esac

log="$scratch/fuzz-$(date +%Y%m%d-%H%M%S).log"
known=$(ls "$findings")
echo "== fuzzing for ${seconds}s; new inputs in $corpus; log $log"
started=$(date +%s)
# Fork mode goes on after a crash, a hang or an out-of-memory (each is kept
# in the findings folder) instead of stopping at the first.
status=0
nice -n 10 "$fuzzer" "${flags[@]}" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" "$corpus" Fuzz/Corpus "$seeds" >"$log" 2>&1 || status=$?
ended=$(date +%s)

new=$(comm -13 <(echo "$known") <(ls "$findings" | grep -v '\.min$' || true) | grep -v '^$' || true)
for finding in $new; do
    # A timeout is minimised as a timeout: the minimiser treats it as a crash.
    nice -n 10 "$fuzzer" -minimize_crash=1 -max_total_time=60 -timeout=10 -rss_limit_mb=2048 \
        -exact_artifact_path="$findings/$finding.min" "$findings/$finding" >"$log.minimise" 2>&1 || true
done

last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
executions=$(echo "$last" | grep -oE '^#[0-9]+' | tr -d '#' || true)
echo "== ran $((ended - started))s wall time, ${executions:-?} executions (libFuzzer exit $status)"
echo "   last status: ${last:-none}"
echo "== corpus: $(find "$corpus" -type f | wc -l) inputs in $corpus"
if [ -z "$new" ]; then
    echo "== found nothing new"
else
    echo "== found (minimised beside each, as NAME.min):"
    for finding in $new; do
        size=$(wc -c <"$findings/$finding")
        minimised=$([ -f "$findings/$finding.min" ] && wc -c <"$findings/$finding.min" || echo "?")
        echo "   $findings/$finding ($size bytes, minimised $minimised)"
    done
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error:|ALARM|==[0-9]+== ERROR: libFuzzer)' "$log" | sort | uniq -c | head -20
fi
