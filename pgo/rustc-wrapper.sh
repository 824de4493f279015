#!/bin/sh
# Cargo's rustc-workspace-wrapper (see .cargo/config.toml and pgo/README.md).
#
# Optimized builds of the workspace's crates use the profile pgo/train.sh recorded, when the
# compiler's LLVM is the one that recorded it (another LLVM may not read the file).
# TLACHECK_PGO=off builds without it; TLACHECK_PGO=record:DIR builds the instrumented binary
# pgo/train.sh runs. Dependencies and unoptimized builds are compiled as they are.
rustc="$1"
shift
here="$(cd "$(dirname "$0")" && pwd)"
mode="${TLACHECK_PGO:-on}"
case " $* " in
*" opt-level=3 "*)
    case "$mode" in
    record:*)
        exec "$rustc" "$@" -Cprofile-generate="${mode#record:}"
        ;;
    on)
        llvm="$("$rustc" -vV | sed -n 's/^LLVM version: //p')"
        if [ -f "$here/tlacheck.profdata" ] && [ "$llvm" = "$(cat "$here/llvm-version" 2>/dev/null)" ]; then
            exec "$rustc" "$@" -Cprofile-use="$here/tlacheck.profdata"
        fi
        ;;
    esac
    ;;
esac
exec "$rustc" "$@"
