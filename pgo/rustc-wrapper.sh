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
    # A profile names functions by their symbols, whose hashes Cargo derives from the
    # workspace's path, and by their source files' paths: recorded in one checkout it would
    # match nothing in another. Both sides see one fixed path and a metadata value made of
    # the crate's name and type instead.
    remap="--remap-path-prefix=$(dirname "$here")=/tlacheck"
    crate="" type="" prev=""
    for a in "$@"; do
        [ "$prev" = "--crate-name" ] && crate="$a"
        [ "$prev" = "--crate-type" ] && type="$a"
        prev="$a"
    done
    n=$#
    for a in "$@"; do
        case "$a" in
        metadata=*) a="metadata=tlacheck-$crate-$type" ;;
        esac
        set -- "$@" "$a"
    done
    shift "$n"
    case "$mode" in
    record:*)
        exec "$rustc" "$@" "$remap" -Cprofile-generate="${mode#record:}"
        ;;
    on)
        llvm="$("$rustc" -vV | sed -n 's/^LLVM version: //p')"
        if [ -f "$here/tlacheck.profdata" ] && [ "$llvm" = "$(cat "$here/llvm-version" 2>/dev/null)" ]; then
            exec "$rustc" "$@" "$remap" -Cprofile-use="$here/tlacheck.profdata"
        fi
        ;;
    esac
    ;;
esac
exec "$rustc" "$@"
