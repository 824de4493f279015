#!/bin/sh
# Builds the fuzz targets with cargo-fuzz's flags (sanitizer coverage and ASan, on the
# nightly toolchain; cargo-fuzz itself need not be installed) and runs one of them on its
# corpus, starting from the corpus kept in fuzz/corpora/ when there is one.
#
#   sh fuzz/run.sh TARGET SECONDS [seed folders, libFuzzer flags...]   e.g. sh fuzz/run.sh eval 3600
#   sh fuzz/run.sh --pack TARGET       minimizes the run's corpus into fuzz/corpora/TARGET.tar.gz
#
# The run's corpus is /tmp/TARGET-fuzz-corpus, crashes go to /tmp/TARGET-fuzz-artifacts/.
# Stop a run with SIGINT, never SIGSTOP: libFuzzer counts wall time and reports a paused
# input as a timeout.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/fuzz-target}
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing \
-Cllvm-args=-simplifycfg-branch-fold-threshold=0 -Zsanitizer=address -Cdebug-assertions -Coverflow-checks"
bin=$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/release

pack=false
if [ "$1" = "--pack" ]; then pack=true; shift; fi
target=$1
corpus=/tmp/$target-fuzz-corpus
kept=$here/corpora/$target.tar.gz

(cd "$here" && cargo +nightly build --release --target x86_64-unknown-linux-gnu --bin "$target")

if $pack; then
    merged=$(mktemp -d)
    "$bin/$target" -merge=1 -rss_limit_mb=4096 -timeout=120 "$merged" "$corpus"
    mkdir -p "$here/corpora"
    tar czf "$kept" -C "$merged" .
    rm -rf "$merged"
    echo "$kept: $(tar tzf "$kept" | grep -vc '/$') inputs"
    exit 0
fi

seconds=$2
shift 2
mkdir -p "$corpus" "/tmp/$target-fuzz-artifacts"
if [ -f "$kept" ] && [ -z "$(ls -A "$corpus")" ]; then
    tar xzf "$kept" -C "$corpus"
fi
case $target in
    pcal) seeds="-dict=$here/tla.dict -max_len=65536 $corpus $here/../../shared/pcal" ;;
    parse) seeds="-dict=$here/tla.dict -max_len=65536 $corpus $here/../../shared/corpus" ;;
    eval) seeds="-max_len=512 $corpus" ;;
    *) seeds="$corpus" ;;
esac
# shellcheck disable=SC2086
exec nice -n 19 "$bin/$target" -max_total_time="$seconds" -timeout=120 -rss_limit_mb=4096 \
    -artifact_prefix="/tmp/$target-fuzz-artifacts/" $seeds "$@"
