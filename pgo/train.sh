#!/bin/sh
# Records pgo/tlacheck.profdata, the profile optimized builds of the workspace use (see
# pgo/README.md): builds an instrumented binary, runs it over the corpus's models TLC
# finishes within 10 s (at 1 and 2 workers), the example suite and the small-model bench,
# and merges what it counted.
#
# Usage: pgo/train.sh [CORPUS]   (default: ../shared/corpus beside the repository)
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$(cd "${1:-$root/../shared/corpus}" && pwd)"
work="${TMPDIR:-/tmp}/tlacheck-pgo"
profdata="$(find "$(rustc --print sysroot)" -name llvm-profdata -type f | head -n 1)"
if [ ! -x "$profdata" ]; then
    echo "pgo/train.sh: llvm-profdata not found; run: rustup component add llvm-tools" >&2
    exit 2
fi
rm -rf "$work/raw"
cd "$root"
TLACHECK_PGO="record:$work/raw" cargo build --release --target-dir "$work/target" -p tlacheck
bin="$work/target/release/tlacheck"
# A run that fails still counts; its report says why.
"$bin" conformance --corpus "$corpus" --max-tlc-seconds 10 --jobs 1 --out "$work/conformance-1w.md" || true
"$bin" conformance --corpus "$corpus" --max-tlc-seconds 10 --jobs 1 --workers 2 --out "$work/conformance-2w.md" || true
"$bin" verify examples/verify.toml > "$work/verify.txt" || true
"$bin" bench --corpus "$corpus" --small --repeat 1 > "$work/bench-small.txt" || true
"$profdata" merge --sparse -o pgo/tlacheck.profdata "$work"/raw/*.profraw
rustc -vV | sed -n 's/^LLVM version: //p' > pgo/llvm-version
echo "pgo/train.sh: wrote pgo/tlacheck.profdata (LLVM $(cat pgo/llvm-version)); cargo build --release uses it"
