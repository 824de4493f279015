//! Applying a function written as an expression without building the whole function.
//!
//! TLC keeps `[x \in S |-> e]` as a lazy value (`FcnLambdaValue`) until it must be built, so
//! `[x \in S |-> e][a]` evaluates `e` at `a` alone. The same holds when the function is reached
//! through a recursive function definition applied to an argument (`trcl[n-1][x, y]`), an
//! operator call (`votes[a]` with `votes == [a \in A |-> ...]`), a LET, a label or an IF.
//! Here `f[a]` follows those forms down to the function constructor. Whenever `a` is not
//! plainly in the constructor's domain, the function is built and applied as before, so the
//! errors are the same; the only difference is that the other points of the function are not
//! evaluated (TLC does not evaluate them either).

use super::{located, Evaluator};
use crate::env::{Binding, Env, StateView};
use crate::error::{EResult, EvalError};
use crate::value::ppr::ppr_value;
use crate::value::{Value, ValueErrorKind};
use tla_sema::ir::{Bound, DefId, Expr, ExprKind, Loc};

/// Whether the bounds of a function constructor give it one argument (`[x \in S |-> e]`,
/// `[<<a, b>> \in S |-> e]`).
fn one_argument(bounds: &[Bound]) -> bool {
    matches!(bounds, [b] if b.tuple || b.vars.len() == 1)
}

/// Whether `e` names the definition `d` (a function definition that recurses).
fn refers_to(e: &Expr, d: DefId) -> bool {
    if matches!(&e.kind, ExprKind::Call(c, _) if *c == d) {
        return true;
    }
    let mut found = false;
    tla_sema::visit::for_each_child(e, &mut |c| found = found || refers_to(c, d));
    found
}

impl Evaluator<'_> {
    /// `f[arg]`.
    #[inline]
    pub(crate) fn apply_expr(
        &self,
        f: &Expr,
        arg: Value,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        match self.apply_expr_to(f, &arg, env, sv, loc) {
            Err(e) if e.kind == Some(ValueErrorKind::NotInDomain) => {
                match self.outside_domain_error(f, &arg, env, sv) {
                    Some(worded) => Err(e.with_message(worded.into_message())),
                    None => Err(e),
                }
            }
            r => r,
        }
    }

    /// TLC's error for `f[arg]` outside the domain, which it words by the value it holds for
    /// `f`: a lazy `FcnLambdaValue` ("In applying the function ...") for `f` written as
    /// `[x \in S |-> e]`, directly or as the body of a LET, a state-level definition or an
    /// operator, for a recursive function definition, and for a constant one whose domain TLC
    /// does not enumerate at start-up (`SUBSET S`, `[S -> T]`, ...); otherwise an explicit
    /// function, tuple or record. `None` when `f` does not evaluate.
    fn outside_domain_error(
        &self,
        f: &Expr,
        arg: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> Option<EvalError> {
        let fv = self.expr(f, env, sv).ok()?;
        if !self.keeps_lambda(f, env, sv, 0) {
            return self.apply_value(&fv, arg, f.loc).err();
        }
        Some(EvalError::new(format!(
            "In applying the function\n{},\nthe first argument is:\n{}\nwhich is not in its domain.\n",
            ppr_value(&fv),
            ppr_value(arg)
        )))
    }

    /// Whether TLC holds `f` as a `FcnLambdaValue` of one argument when applying it (see
    /// `outside_lambda`).
    fn keeps_lambda(&self, f: &Expr, env: &mut Env, sv: &StateView, depth: u32) -> bool {
        if depth > 16 {
            return false;
        }
        match &f.kind {
            ExprKind::FunCons(bounds, _) => one_argument(bounds),
            ExprKind::Label(_, body) | ExprKind::Let(_, body) => {
                self.keeps_lambda(body, env, sv, depth + 1)
            }
            // An operator's body is evaluated where it is applied, lazily.
            ExprKind::Call(d, args) if !args.is_empty() => {
                let def = self.spec.def(*d);
                self.is_plain_def(*d)
                    && !def.is_function
                    && self.keeps_lambda(&def.body, env, sv, depth + 1)
            }
            ExprKind::Call(d, _) => {
                let Some(d) = self.replacement(*d) else {
                    return false;
                };
                if !self.is_plain_def(d) {
                    return false;
                }
                let def = self.spec.def(d);
                // TLC evaluates a constant definition once at start-up, without keeping it
                // lazy: a function over explicit sets and intervals is made explicit then.
                let constant = !def.in_let && self.cacheable[d.index()];
                match &def.body.kind {
                    ExprKind::FunCons(bounds, _) if def.is_function || constant => {
                        if !one_argument(bounds) {
                            return false;
                        }
                        if def.is_function && refers_to(&def.body, d) {
                            return true;
                        }
                        !constant || !self.explicit_domain(&bounds[0].set, env, sv)
                    }
                    _ if constant => false,
                    _ => self.keeps_lambda(&def.body, env, sv, depth + 1),
                }
            }
            _ => false,
        }
    }

    /// Whether a domain evaluates to an explicit set or an interval (TLC's `Reducible`).
    fn explicit_domain(&self, set: &Expr, env: &mut Env, sv: &StateView) -> bool {
        let mark = env.enter_frame();
        let r = self.expr(set, env, sv);
        env.leave_frame(mark);
        matches!(r, Ok(Value::Set(_) | Value::Interval(..)))
    }

    fn apply_expr_to(
        &self,
        f: &Expr,
        arg: &Value,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        match &f.kind {
            ExprKind::FunCons(bounds, body) => {
                if let Some(v) = self.apply_cons(bounds, body, arg, env, sv)? {
                    return Ok(v);
                }
            }
            ExprKind::Call(d, args) => {
                let def = self.spec.def(*d);
                if def.is_function && args.is_empty() && !self.is_cached(*d) {
                    if let Some(fv) = self.memo_value(*d, sv) {
                        return self.apply_value(&fv, arg, loc);
                    }
                    return located(self.apply_fun_def(*d, arg.clone(), env, sv), loc);
                }
                if self.lazy_call(*d, args, env, sv, loc) {
                    let bindings = self.bindings(*d, args, env, sv)?;
                    return self.call_bound_with(*d, bindings, env, &mut |ev, body, env| {
                        ev.apply_expr_to(body, arg, env, sv, loc)
                    });
                }
            }
            ExprKind::FunApp(g, gargs) => {
                if let ExprKind::Call(d, cargs) = &g.kind {
                    let def = self.spec.def(*d);
                    if def.is_function && cargs.is_empty() && !self.is_cached(*d) {
                        let garg = self.fun_arg(gargs, env, sv)?;
                        let r = self.apply_fun_def_with(*d, garg, env, sv, &mut |ev, body, env| {
                            ev.apply_expr_to(body, arg, env, sv, loc)
                        });
                        return located(r, f.loc);
                    }
                }
            }
            ExprKind::Label(_, body) => return self.apply_expr_to(body, arg, env, sv, loc),
            ExprKind::Let(defs, body) => {
                let spec = self.spec;
                let mark = env.open_let(
                    defs.iter()
                        .copied()
                        .filter(|d| spec.def(*d).params.is_empty() && !spec.def(*d).is_function),
                );
                let r = self.apply_expr_to(body, arg, env, sv, loc);
                env.close_let(mark);
                return r;
            }
            ExprKind::If(c, a, b) => {
                let branch = if self.bool_of(c, env, sv)? { a } else { b };
                return self.apply_expr_to(branch, arg, env, sv, loc);
            }
            _ => {}
        }
        if let Some(v) = self.apply_in_place(f, arg, env, sv, loc)? {
            return Ok(v);
        }
        let fv = self.expr(f, env, sv)?;
        self.apply_value(&fv, arg, loc)
    }

    /// `f[arg]` (or `f.name`, `arg` being the name) where `f` is a variable, a bound name or a
    /// constant followed by applications and field selections (`network[q][p]`, `m.clock`):
    /// the arguments are evaluated first, outermost first as nested evaluation does, then the
    /// parts are reached in place rather than copied out one after the other. `None` when `f`
    /// has another form (nothing is evaluated then).
    pub(crate) fn apply_in_place(
        &self,
        f: &Expr,
        arg: &Value,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Option<Value>> {
        const MAX: usize = 4;
        let mut steps: [Option<&Expr>; MAX] = [None; MAX];
        let mut n = 0;
        let mut base = f;
        while let ExprKind::FunApp(g, _) | ExprKind::Dot(g, _) = &base.kind {
            if n == MAX {
                return Ok(None);
            }
            steps[n] = Some(base);
            n += 1;
            base = g;
        }
        let at_hand = match &base.kind {
            ExprKind::Var(_) => true,
            ExprKind::Local(id) => matches!(env.get(*id), Some(Binding::Val(_) | Binding::Var(..))),
            ExprKind::Const(c) => matches!(self.const_binding(*c), Some(Binding::Val(_))),
            _ => false,
        };
        if !at_hand {
            return Ok(None);
        }
        if n == 0 {
            let v = self.value_at_hand(base, env, sv)?;
            return Ok(Some(self.apply_ref(v, arg, loc)?.clone()));
        }
        if n == 1 {
            // One step before `arg` (`network[q][p]`, `m.clock`), the common case: no array
            // of arguments to fill and drop.
            let step = steps[0].expect("filled");
            let a = match &step.kind {
                ExprKind::FunApp(_, a) => self.fun_arg(a, env, sv)?,
                ExprKind::Dot(_, name) => Value::str(name),
                _ => unreachable!("only applications and selections are steps"),
            };
            let v = self.value_at_hand(base, env, sv)?;
            let v = (self.apply_ref(v, &a, step.loc)).map_err(|e| e.framed(step.loc))?;
            return Ok(Some(self.apply_ref(v, arg, loc)?.clone()));
        }
        let mut args: [Value; MAX] = [const { Value::FALSE }; MAX];
        for (i, step) in steps[..n].iter().enumerate() {
            match &step.expect("filled").kind {
                ExprKind::FunApp(_, a) => args[i] = self.fun_arg(a, env, sv)?,
                ExprKind::Dot(_, name) => args[i] = Value::str(name),
                _ => unreachable!("only applications and selections are steps"),
            }
        }
        let mut v = self.value_at_hand(base, env, sv)?;
        for i in (0..n).rev() {
            v = match self.apply_ref(v, &args[i], steps[i].expect("filled").loc) {
                Ok(v) => v,
                // The step failed inside the applications around it.
                Err(e) => {
                    let steps = steps[..=i].iter().rev().flatten();
                    return Err(steps.fold(e, |e, s| e.framed(s.loc)));
                }
            };
        }
        Ok(Some(self.apply_ref(v, arg, loc)?.clone()))
    }

    /// The value of a variable, a name bound to a value or a variable, or a constant with a
    /// value, in place (the caller checked that `e` is one).
    fn value_at_hand<'v>(
        &'v self,
        e: &Expr,
        env: &'v Env,
        sv: &StateView<'v>,
    ) -> EResult<&'v Value> {
        Ok(match &e.kind {
            ExprKind::Var(x) => self.var_ref(*x, sv, e.loc)?,
            ExprKind::Local(id) => match env.get(*id) {
                Some(Binding::Val(v)) => v,
                Some(Binding::Var(x, primed)) => {
                    let primed = *primed || sv.primed;
                    self.var_ref(*x, &StateView { primed, ..*sv }, e.loc)?
                }
                _ => unreachable!("checked by the caller"),
            },
            ExprKind::Const(c) => match self.const_binding(*c) {
                Some(Binding::Val(v)) => v,
                _ => unreachable!("checked by the caller"),
            },
            _ => unreachable!("checked by the caller"),
        })
    }

    /// The value of `d` kept for the current state, if any.
    fn memo_value(&self, d: tla_sema::ir::DefId, sv: &StateView) -> Option<Value> {
        self.state_memo_key(d, sv)
            .and_then(|key| self.memo_get(d, key))
    }

    /// The argument of `f[a]` or `f[a, b]` (a tuple).
    pub(crate) fn fun_arg(&self, args: &[Expr], env: &mut Env, sv: &StateView) -> EResult<Value> {
        if args.len() == 1 {
            self.expr(&args[0], env, sv)
        } else {
            Ok(Value::tuple(self.values(args, env, sv)?))
        }
    }

    /// Whether `f[a]` with `f` a call of `d` should look into `d`'s body rather than build `f`:
    /// a definition evaluated from its text, unless its value is kept anyway (computed once
    /// for the run, or once per state: then it is computed whole here, unless that fails).
    fn lazy_call(
        &self,
        d: tla_sema::ir::DefId,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> bool {
        let i = d.index();
        if self.overrides[i].is_some() || self.natives[i].is_some() {
            return false;
        }
        let def = self.spec.def(d);
        if def.is_function || def.params.len() != args.len() {
            return false;
        }
        if !args.is_empty() {
            return true;
        }
        if self.cacheable[i] {
            // Computed at start-up unless that failed (an infinite domain, say).
            return !self.is_cached(d);
        }
        if let Some(key) = self.state_memo_key(d, sv) {
            if self.memo_failed(d, key) {
                return true;
            }
            if self.call(d, args, env, sv, loc).is_err() {
                self.memo_fail(d, key);
                return true;
            }
            return false;
        }
        true
    }

    /// `[x \in S, ... |-> body][arg]` when `arg` is plainly in the domain; `None` otherwise.
    fn apply_cons(
        &self,
        bounds: &[Bound],
        body: &Expr,
        arg: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Option<Value>> {
        let names: usize = bounds
            .iter()
            .map(|b| if b.tuple { 1 } else { b.vars.len() })
            .sum();
        let parts: &[Value] = if names == 1 {
            std::slice::from_ref(arg)
        } else {
            match arg.as_func().and_then(|f| f.as_tuple()) {
                Some(t) if t.len() == names => t,
                _ => return Ok(None),
            }
        };
        // Decide membership first: the domain sets are evaluated with no bound name in scope.
        let mut next = parts.iter();
        for b in bounds {
            let set = self.expr(&b.set, env, sv)?;
            let n = if b.tuple { 1 } else { b.vars.len() };
            for _ in 0..n {
                let x = next.next().expect("counted above");
                if !matches!(set.member(x), Ok(true)) {
                    return Ok(None);
                }
                let tuple = x.as_func().and_then(|f| f.as_tuple());
                if b.tuple && tuple.is_none_or(|t| t.len() != b.vars.len()) {
                    return Ok(None);
                }
            }
        }
        let mark = env.len();
        let mut next = parts.iter();
        for b in bounds {
            if b.tuple {
                let x = next.next().expect("counted above");
                let t = x.as_func().and_then(|f| f.as_tuple()).expect("checked");
                for (v, p) in b.vars.iter().zip(t) {
                    env.push_val(*v, p.clone());
                }
            } else {
                for v in &b.vars {
                    env.push_val(*v, next.next().expect("counted above").clone());
                }
            }
        }
        let r = self.expr(body, env, sv);
        env.truncate(mark);
        r.map(Some)
    }
}
