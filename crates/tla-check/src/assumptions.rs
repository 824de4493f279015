//! The ASSUMEs, checked before the search.
//!
//! `ASSUME \A N \in 0..3 : \A R \in SUBSET ((1..N) \X (1..N)) : TC1(R) = TC2(R)` is a whole
//! model's work done at the constant level, on one thread in TLC. With several workers, and
//! assumptions that reach no effect or drawn value (Print, TLCGet, RandomElement...), the
//! bindings of each assumption's leading `\A` quantifiers are enumerated once and dealt out:
//! worker k evaluates the body under every `workers`-th binding, of each assumption in turn.
//! So a worker meets the same bindings in every assumption that shares the quantifiers, and
//! what its thread keeps from one (a call's value by its arguments) serves the next.
//!
//! Only "every body TRUE" is taken from the workers. Anything else (a FALSE, an error, a
//! domain that cannot be enumerated) has the assumptions checked again in order on one
//! thread, so which assumption fails and which error is reported are TLC's.

use crate::pool::on_threads;
use crate::result::Verdict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tla_eval::{Binding, Env, EvalError, Evaluator, StateView};
use tla_sema::ir::{Bound, Expr, ExprKind, LocalId, ModuleId, Quantifier, Spec};

/// The most bindings an assumption is dealt out by; beyond, fewer quantifiers are unrolled.
const MAX_BINDINGS: usize = 1 << 16;

/// The bindings of the unrolled quantifiers, one list per evaluation of the body.
type Bindings = Vec<Arc<[(LocalId, Binding)]>>;

/// Checks the spec's assumptions, on `workers` threads when that can pay; the verdict is the
/// one-thread check's: the first FALSE assumption, or the first error, in TLC's order.
pub(crate) fn check(ev: &Evaluator, workers: usize) -> Result<(), Verdict> {
    let spec = ev.spec;
    let exprs: Vec<&Expr> = assumption_modules(spec)
        .into_iter()
        .flat_map(|m| spec.module(m).assumptions.iter().map(|a| &a.expr))
        .collect();
    if workers > 1 && exprs.iter().all(|e| ev.effect_free(e)) {
        if let Some(dealt) = deal(ev, &exprs, workers) {
            if all_true(ev, &dealt, workers) {
                return Ok(());
            }
        }
    }
    in_order(ev, &exprs)
}

/// The root module and those it extends, whose ASSUMEs TLC checks.
fn assumption_modules(spec: &Spec) -> Vec<ModuleId> {
    let mut out = vec![spec.root];
    let mut i = 0;
    while i < out.len() {
        for e in &spec.module(out[i]).extends {
            if !out.contains(e) {
                out.push(*e);
            }
        }
        i += 1;
    }
    out.retain(|m| !spec.module(*m).standard);
    out
}

/// One thread, in order: the first FALSE or error stops the check, as in TLC.
fn in_order(ev: &Evaluator, exprs: &[&Expr]) -> Result<(), Verdict> {
    let mut env = Env::new();
    for e in exprs {
        match ev.eval_bool(e, &mut env, &StateView::constant()) {
            Ok(true) => {}
            Ok(false) => return Err(Verdict::AssumptionFalse(e.loc)),
            Err(err) => return Err(Verdict::AssumptionError(e.loc, err)),
        }
    }
    Ok(())
}

/// Each assumption's body with the bindings it is evaluated under; `None` when there is too
/// little to share between `workers` threads or a domain cannot be enumerated.
fn deal<'e>(
    ev: &Evaluator,
    exprs: &[&'e Expr],
    workers: usize,
) -> Option<Vec<(&'e Expr, Bindings)>> {
    let dealt: Vec<(&Expr, Bindings)> =
        exprs.iter().map(|e| unroll(ev, e)).collect::<Option<_>>()?;
    let most = dealt.iter().map(|(_, b)| b.len()).max().unwrap_or(0);
    (most >= 2 * workers).then_some(dealt)
}

/// `e`'s body under its leading `\A` quantifiers, with their bindings: as many quantifiers
/// as keep the bindings under `MAX_BINDINGS` (none: `e` under no binding).
fn unroll<'e>(ev: &Evaluator, e: &'e Expr) -> Option<(&'e Expr, Bindings)> {
    // Each quantifier's bounds and the expression under it.
    let mut layers: Vec<(&[Bound], &Expr)> = Vec::new();
    let mut body = e;
    while let ExprKind::Quant(Quantifier::Forall, bounds, inner) = &body.kind {
        layers.push((bounds, inner));
        body = inner;
    }
    while let Some(&(_, body)) = layers.last() {
        let bounds: Vec<&[Bound]> = layers.iter().map(|(b, _)| *b).collect();
        let mut out = Vec::new();
        match enumerate(ev, &bounds, &mut Env::new(), &mut out) {
            Ok(true) => return Some((body, out)),
            Ok(false) => {
                layers.pop();
            }
            Err(_) => return None,
        }
    }
    Some((e, vec![Arc::from(Vec::new())]))
}

/// Appends to `out` the bindings of `layers` (outer first, in TLC's order); false when they
/// exceed `MAX_BINDINGS`.
fn enumerate(
    ev: &Evaluator,
    layers: &[&[Bound]],
    env: &mut Env,
    out: &mut Bindings,
) -> Result<bool, EvalError> {
    let Some((first, rest)) = layers.split_first() else {
        out.push(env.capture());
        return Ok(out.len() <= MAX_BINDINGS);
    };
    let mut within = true;
    ev.for_each_binding(first, env, &StateView::constant(), &mut |ev, env| {
        within = enumerate(ev, rest, env, out)?;
        Ok(within)
    })?;
    Ok(within)
}

/// Whether every body is TRUE under every binding, worker k taking the bindings whose rank
/// is k modulo `workers`. A FALSE or an error stops every worker.
fn all_true(ev: &Evaluator, dealt: &[(&Expr, Bindings)], workers: usize) -> bool {
    let failed = AtomicBool::new(false);
    on_threads(workers, |k| {
        for (body, bindings) in dealt {
            for b in bindings.iter().skip(k).step_by(workers) {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let mut env = Env::from_bindings(b);
                if !matches!(
                    ev.eval_bool(body, &mut env, &StateView::constant()),
                    Ok(true)
                ) {
                    failed.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
    !failed.load(Ordering::Relaxed)
}
