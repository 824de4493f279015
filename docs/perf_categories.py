#!/usr/bin/env python3
"""Splits a `perf record` profile of `tlacheck check` into the categories of docs/PERFORMANCE.md.

Usage: python3 docs/perf_categories.py FILE.data...

Self time per symbol (perf report --no-children), each symbol put in the first category whose
pattern matches it. The release build inlines the seen-set's probe into Worker::examine, so
examine's samples on seen.rs lines (perf annotate) are moved to the seen-set.
"""
import re, subprocess, sys

# Order matters: the first pattern that matches a symbol wins.
CATS = [
 ("symmetry: canonical form (perm_hash)", r"perm_hash"),
 ("hashing/fingerprinting", r"fingerprint|xxh3|xxhash|Hasher|hash::|::hash|FxHash|ahash"),
 ("seen-set", r"tla_check::seen"),
 ("liveness: behaviour graph, SCCs", r"tla_check::liveness|TransitionObserver"),
 ("merge/frontier", r"tla_check::merge|tla_check::frontier"),
 ("allocation (mimalloc, page clearing)", r"^_?mi_|mi_|malloc|free|\[k\] clear_page|alloc::alloc|__rust_alloc|__rust_dealloc|realloc"),
 ("building/dropping values", r"tla_check::expand::complete$|tla_eval::value::|except_path|drop_in_place<tla_eval::value|Arc<T,A>::drop_slow|memmove|memcpy|drop_in_place<alloc::vec|drop_in_place<\[tla_eval::value|Vec<T,A>|clone"),
 ("eval: action enumeration (enumerate::Run)", r"tla_eval::enumerate"),
 ("eval: compiled forms (compiled::run)", r"tla_eval::eval::compiled"),
 ("eval: tree-walking interpreter (expr, call, builtin)", r"tla_eval::eval"),
 ("eval: bound-name environment (Env push/drop)", r"tla_eval::env|drop_in_place<tla_eval::env"),
 ("search loop (examine/complete/holds)", r"tla_check::"),
 ("kernel (other)", r"\[k\]"),
]
def seen_share(f, sym):
    out = subprocess.run(["perf","annotate","-i",f,"--stdio","-l",sym],capture_output=True,text=True).stdout
    tot = seen = 0.0
    for line in out.splitlines():
        m = re.match(r"^\s+([\d.]+) (\S+\.rs):\d+$", line)
        if m:
            tot += float(m.group(1)); seen += float(m.group(1)) if m.group(2) == "seen.rs" else 0
    return seen / tot if tot else 0.0
def main(f):
    out = subprocess.run(["perf","report","-i",f,"--no-children","--sort","symbol","-g","none","--stdio"],capture_output=True,text=True).stdout
    tot = {c:0.0 for c,_ in CATS}; tot["other"]=0.0; top={}
    for line in out.splitlines():
        m = re.match(r"\s+([\d.]+)%\s+(\[.\])\s+(.*\S)", line)
        if not m: continue
        p, kind, sym = float(m.group(1)), m.group(2), re.sub(r"\s+-\s+-$", "", m.group(3))
        if sym == "tla_check::expand::Worker::examine":
            # The seen-set probe is inlined into examine: move its lines' share there.
            share = seen_share(f, sym)
            tot["seen-set"] += p * share; top.setdefault("seen-set",[]).append((p*share, "examine/seen.rs"))
            p *= 1 - share
        s = (kind+" "+sym) if kind=="[k]" else sym
        for c,pat in CATS:
            if re.search(pat, s):
                tot[c]+=p; top.setdefault(c,[]).append((p,sym)); break
        else:
            tot["other"]+=p; top.setdefault("other",[]).append((p,sym))
    for c,v in sorted(tot.items(), key=lambda x:-x[1]):
        ex = ", ".join(f"{s.split('::')[-1][:40]} {p:.1f}" for p,s in sorted(top.get(c,[]),reverse=True)[:3])
        print(f"{c:40s} {v:5.1f}%   ({ex})")
for f in sys.argv[1:]:
    print("==", f); main(f)
