//! Applying definitions: user operators, LET/LAMBDA closures, native overrides, operator
//! arguments, recursive functions; and the cache of constant definitions.

use super::{located, Evaluator};
use crate::env::{Binding, Env, OpValue, StateView};
use crate::error::{AtLoc, EResult, EvalError, Raised};
use crate::natives::Native;
use crate::value::Value;
use tla_sema::ir::{DefId, Expr, ExprKind, Level, Loc, OpRef, Spec};

/// How many operator calls may nest before evaluation gives up (runaway recursion).
const MAX_CALL_DEPTH: usize = 20_000;

impl Evaluator<'_> {
    pub(crate) fn call(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        if let Some(op) = &self.overrides[d.index()] {
            // `Nat <- NatOverride`: the replacement's own value, kept like any definition's.
            if let (OpValue::Def(r), []) = (op, args) {
                if self.spec.def(*r).params.is_empty() {
                    return self.call(*r, args, env, sv, loc);
                }
            }
            let vals = self.values(args, env, sv)?;
            return self.apply_op_value(&op.clone(), vals, env, sv, loc);
        }
        if let (Some(_), [a, b]) = (self.int_ops[d.index()], args) {
            if let Some(r) = self.int_op_call(d, a, b, env, sv, loc) {
                return r;
            }
        }
        if let Some(native) = self.natives[d.index()] {
            // Small argument lists stay on the stack.
            let r = match args {
                [] => native(self, env, sv, &[], loc),
                [a] => {
                    let b = [self.binding(d, 0, a, env, sv)?];
                    native(self, env, sv, &b, loc)
                }
                [a, b] => {
                    let b = [
                        self.binding(d, 0, a, env, sv)?,
                        self.binding(d, 1, b, env, sv)?,
                    ];
                    native(self, env, sv, &b, loc)
                }
                _ => {
                    let bindings = self.bindings(d, args, env, sv)?;
                    native(self, env, sv, &bindings, loc)
                }
            };
            return located(r.map_err(|e| self.raised_by_module(d, e)), loc);
        }
        if args.is_empty() && self.cacheable[d.index()] {
            if let Some(v) = self.cache[d.index()].get() {
                return Ok(v.clone());
            }
            let v = self.call_bound(d, [], env, sv)?;
            let _ = self.cache[d.index()].set(v.clone());
            return Ok(v);
        }
        if args.is_empty() && self.let_constant(d) {
            if let Some(v) = self.cache[d.index()].get() {
                return Ok(v.clone());
            }
            let v = self.call_bound(d, [], env, sv)?;
            let _ = self.cache[d.index()].set(v.clone());
            return Ok(v);
        }
        if let Some(key) = args
            .is_empty()
            .then(|| self.state_memo_key(d, sv))
            .flatten()
        {
            if let Some(v) = self.memo_get(d, key) {
                return Ok(v);
            }
            // A value kept by what it read is not kept for this state: it may be held
            // otherwise than this state's own (see `ByValues`).
            let by_values = self.by_values_key(d, key);
            if let Some(v) = by_values.and_then(|k| self.by_values_get(k)) {
                return Ok(v);
            }
            let v = self.call_bound(d, [], env, sv)?;
            self.memo_put(d, key, v.clone());
            if let Some(k) = by_values {
                self.by_values_put(k, v.clone());
            }
            return Ok(v);
        }
        if args.is_empty() {
            if let Some(slot) = env.let_slot(d) {
                if let Some(v) = env.let_value(slot) {
                    return Ok(v.clone());
                }
                let v = self.call_bound(d, [], env, sv)?;
                env.set_let_value(slot, v.clone());
                return Ok(v);
            }
        }
        if !args.is_empty() && self.call_memo_applies(d) {
            return self.call_kept(d, args, env, sv);
        }
        match args {
            [] => self.call_bound(d, [], env, sv),
            [a] => {
                let b = self.binding(d, 0, a, env, sv)?;
                self.call_bound(d, [b], env, sv)
            }
            [a, b] => {
                let b = [
                    self.binding(d, 0, a, env, sv)?,
                    self.binding(d, 1, b, env, sv)?,
                ];
                self.call_bound(d, b, env, sv)
            }
            [a, b, c] => {
                let b = [
                    self.binding(d, 0, a, env, sv)?,
                    self.binding(d, 1, b, env, sv)?,
                    self.binding(d, 2, c, env, sv)?,
                ];
                self.call_bound(d, b, env, sv)
            }
            _ => {
                let bindings = self.bindings(d, args, env, sv)?;
                self.call_bound(d, bindings, env, sv)
            }
        }
    }

    /// An error native `d` raised itself (it has no position yet, unlike one met evaluating
    /// an argument): the standard modules' Java code throws its errors as `EvalException`s.
    /// What a Java method throws otherwise, TLC's `MethodValue` wraps in
    /// TLC_MODULE_VALUE_JAVA_METHOD_OVERRIDE, a runtime exception.
    fn raised_by_module(&self, d: DefId, mut e: EvalError) -> EvalError {
        const MODULES: [&str; 5] = ["Naturals", "Integers", "Sequences", "FiniteSets", "Bags"];
        const WRAPPED: &str = "Attempted to apply the operator overridden by the Java method";
        let module = &self.spec.module(self.spec.def(d).module).name;
        if e.loc.is_none()
            && e.raised == Raised::Runtime
            && MODULES.contains(&module.as_str())
            && !e.message.starts_with(WRAPPED)
        {
            e.raised = Raised::Module;
        }
        e
    }

    /// The definition that runs when `d` is called: `d`, or the one the model puts in its place.
    pub(crate) fn replacement(&self, d: DefId) -> Option<DefId> {
        match &self.overrides[d.index()] {
            None => Some(d),
            Some(OpValue::Def(r)) => Some(*r),
            Some(_) => None,
        }
    }

    /// A definition evaluated from its TLA+ body (no native code, no model override).
    pub(crate) fn is_plain_def(&self, d: DefId) -> bool {
        self.natives[d.index()].is_none() && self.overrides[d.index()].is_none()
    }

    /// Whether `e` keeps its value from the current to the next state.
    pub(crate) fn unchanged_in(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        self.unchanged(e, env, sv)
    }

    /// Evaluates every definition whose value can be computed once, in definition order,
    /// as TLC does at start-up (so that random choices are drawn before any state exists).
    /// Errors are left for when a definition is used.
    pub fn precompute_constants(&self) {
        let mut env = Env::new();
        for (i, cacheable) in self.cacheable.iter().enumerate() {
            if *cacheable {
                let _ = self.call(
                    DefId(i as u32),
                    &[],
                    &mut env,
                    &StateView::constant(),
                    self.spec.defs[i].loc,
                );
            }
        }
    }

    pub(crate) fn is_cached(&self, d: DefId) -> bool {
        self.cache[d.index()].get().is_some()
    }

    /// The value of `d` called without arguments, when one is at hand: computed once for the
    /// run, for the current state, or for the LET being evaluated.
    pub(crate) fn known_value(&self, d: DefId, env: &Env, sv: &StateView) -> Option<Value> {
        if let Some(v) = self.cache[d.index()].get() {
            return Some(v.clone());
        }
        if let Some(key) = self.state_memo_key(d, sv) {
            return self.memo_get(d, key);
        }
        env.let_value_of(d).cloned()
    }

    /// Evaluates the arguments of a call: values, or operators for operator parameters.
    pub(super) fn bindings(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Vec<Binding>> {
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            out.push(self.binding(d, i, a, env, sv)?);
        }
        Ok(out)
    }

    /// The `i`-th argument `a` of a call of `d`: a value, or an operator for an operator
    /// parameter.
    fn binding(
        &self,
        d: DefId,
        i: usize,
        a: &Expr,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Binding> {
        match &a.kind {
            ExprKind::OpArg(op) => Ok(Binding::Op(self.op_value(op, env))),
            // A variable passed to an action operator while a step is evaluated (an action
            // property, a fairness step, an action constraint): passed as the variable, as TLC
            // passes it unevaluated, so that `var'` in `Assign(var, v) == var' = v` reads the
            // next state, not the value passed.
            ExprKind::Var(x) if !sv.next.is_empty() && self.primes_params(d) => {
                Ok(Binding::Var(*x, sv.primed))
            }
            // ... and a parameter standing for a variable is passed on as that variable.
            ExprKind::Local(l)
                if !sv.next.is_empty() && self.primes_params(d) && env.variable(*l).is_some() =>
            {
                Ok(env.variable(*l).expect("checked"))
            }
            _ if self.lazy_args[d.index()] => {
                Ok(Binding::Lazy(crate::env::ExprRef::new(a), env.capture()))
            }
            // An action passed where no next state is at hand (an invariant's `Op(Next)` with
            // `Op(A) == ENABLED A`): its value cannot be computed, and TLC passes it
            // unevaluated (a LazyValue) to whatever its operator does with it.
            _ if a.level >= tla_sema::ir::Level::Action && sv.next.is_empty() && !sv.primed => {
                Ok(Binding::Lazy(crate::env::ExprRef::new(a), env.capture()))
            }
            _ if self.spec.def(d).params.get(i).is_some_and(|p| p.arity > 0) => Err(EvalError::at(
                "an operator argument was expected here",
                a.loc,
            )),
            _ => match self.expr(a, env, sv) {
                Ok(v) => Ok(Binding::Val(v)),
                // A set that cannot be built (`{n \in Nat : n > 2}`) is passed unevaluated, as
                // TLC passes every argument: the body may only ask for membership in it.
                Err(e) if e.is_not_enumerable() && self.is_plain_def(d) => {
                    Ok(Binding::Lazy(crate::env::ExprRef::new(a), env.capture()))
                }
                Err(e) => Err(e),
            },
        }
    }

    /// Whether `d`'s body is an action that may prime its parameters (`var'` for a parameter
    /// `var`): a variable passed to it must stay a variable.
    pub(crate) fn primes_params(&self, d: DefId) -> bool {
        let def = self.spec.def(d);
        def.body.level >= Level::Action && !def.params.is_empty()
    }

    /// The operator an `OpArg` denotes, closing over the current locals where needed.
    pub(crate) fn op_value(&self, op: &OpRef, env: &Env) -> OpValue {
        match op {
            OpRef::Def(d) if self.spec.def(*d).in_let => OpValue::Closure(*d, env.capture()),
            OpRef::Def(d) => OpValue::Def(*d),
            OpRef::Builtin(b) => OpValue::Builtin(*b),
            OpRef::Const(c) => OpValue::Const(*c),
            OpRef::Param(p) => match env.get(*p) {
                Some(Binding::Op(o)) => o.clone(),
                _ => OpValue::Def(DefId(u32::MAX)),
            },
        }
    }

    /// Evaluates a definition's body with its parameters bound.
    pub(super) fn call_bound<A>(
        &self,
        d: DefId,
        args: A,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Value>
    where
        A: AsRef<[Binding]> + IntoIterator<Item = Binding>,
    {
        let guard = self.guard_lengths()[d.index()] as usize;
        if guard > 0 && self.guard_fails(d, guard, args.as_ref(), env, sv) {
            return Ok(Value::FALSE);
        }
        self.call_bound_with(d, args, env, &mut |ev, body, env| ev.expr(body, env, sv))
    }

    /// Binds a definition's parameters and hands its body to `eval`.
    pub(super) fn call_bound_with(
        &self,
        d: DefId,
        args: impl IntoIterator<Item = Binding>,
        env: &mut Env,
        eval: &mut dyn FnMut(&Self, &Expr, &mut Env) -> EResult<Value>,
    ) -> EResult<Value> {
        let def = self.spec.def(d);
        if let Some(e) = too_deep(env, "operator calls", def.loc) {
            return Err(e);
        }
        env.depth += 1;
        let r = if def.in_let {
            let mark = env.len();
            for (p, b) in def.params.iter().zip(args) {
                env.push(p.local, b);
            }
            let r = eval(self, &def.body, env);
            env.truncate(mark);
            r
        } else {
            let old = env.enter_frame();
            for (p, b) in def.params.iter().zip(args) {
                env.push(p.local, b);
            }
            let r = eval(self, &def.body, env);
            env.leave_frame(old);
            r
        };
        returned(env);
        r
    }

    pub(crate) fn apply_op_value(
        &self,
        op: &OpValue,
        vals: Vec<Value>,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        let bindings = || vals.iter().cloned().map(Binding::Val).collect::<Vec<_>>();
        match op {
            OpValue::Def(d) if d.0 == u32::MAX => Err(EvalError::at("internal error: unbound operator", loc)),
            OpValue::Def(d) => {
                if let Some(o) = &self.overrides[d.index()] {
                    return self.apply_op_value(&o.clone(), vals, env, sv, loc);
                }
                if let Some(native) = self.natives[d.index()] {
                    return located(native(self, env, sv, &bindings(), loc), loc);
                }
                self.check_arity(*d, vals.len(), loc)?;
                self.call_bound(*d, bindings(), env, sv)
            }
            OpValue::Closure(d, captured) => {
                self.check_arity(*d, vals.len(), loc)?;
                let old = env.enter_frame();
                for (l, b) in captured.iter() {
                    env.push(*l, b.clone());
                }
                let def = self.spec.def(*d);
                for (p, v) in def.params.iter().zip(vals) {
                    env.push_val(p.local, v);
                }
                env.depth += 1;
                let r = self.expr(&def.body, env, sv);
                returned(env);
                env.leave_frame(old);
                r
            }
            OpValue::Builtin(b) => self.builtin_values(*b, vals, loc),
            OpValue::Val(v) => Ok(v.clone()),
            OpValue::Const(c) => match self.const_binding(*c) {
                Some(Binding::Op(o)) => self.apply_op_value(&o.clone(), vals, env, sv, loc),
                _ => Err(EvalError::at(
                    format!(
                        "The operator constant {} is not assigned an operator by the configuration.",
                        self.spec.constants[c.index()].name
                    ),
                    loc,
                )),
            },
        }
    }

    pub(super) fn check_arity(&self, d: DefId, n: usize, loc: Loc) -> EResult<()> {
        let want = self.spec.def(d).params.len();
        if want != n {
            return Err(EvalError::at(
                format!(
                    "The operator {} requires {want} arguments, but was given {n}",
                    self.spec.def(d).name
                ),
                loc,
            ));
        }
        Ok(())
    }

    /// `f[arg]` for `f[x \in S] == e`, evaluated at `arg` alone (recursive functions).
    pub(crate) fn apply_fun_def(
        &self,
        d: DefId,
        arg: Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Value> {
        if self.spec.def(d).in_let {
            return self.apply_fun_def_kept(d, arg, env, sv);
        }
        self.apply_fun_def_with(d, arg, env, sv, &mut |ev, body, env| ev.expr(body, env, sv))
    }

    /// `f[arg]` for `f[x \in S] == e`: `eval` gets `e` with the bound names bound to `arg`.
    pub(crate) fn apply_fun_def_with(
        &self,
        d: DefId,
        arg: Value,
        env: &mut Env,
        sv: &StateView,
        eval: &mut dyn FnMut(&Self, &Expr, &mut Env) -> EResult<Value>,
    ) -> EResult<Value> {
        let def = self.spec.def(d);
        let ExprKind::FunCons(bounds, body) = &def.body.kind else {
            return Err(EvalError::at(
                "internal error: function definition without a function",
                def.loc,
            ));
        };
        if let Some(e) = too_deep(env, "function applications", def.loc) {
            return Err(e);
        }
        let old = if def.in_let {
            None
        } else {
            Some(env.enter_frame())
        };
        let mark = env.len();
        let r = self.bind_fun_arg(d, bounds, &arg, env, sv).and_then(|()| {
            env.depth += 1;
            let r = eval(self, body, env);
            returned(env);
            r
        });
        match old {
            Some(o) => env.leave_frame(o),
            None => env.truncate(mark),
        }
        r
    }

    pub(crate) fn bind_fun_arg(
        &self,
        d: DefId,
        bounds: &[tla_sema::ir::Bound],
        arg: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<()> {
        let def = self.spec.def(d);
        let names: usize = bounds
            .iter()
            .map(|b| if b.tuple { 1 } else { b.vars.len() })
            .sum();
        let parts: &[Value] = if names == 1 {
            std::slice::from_ref(arg)
        } else {
            match arg.as_func().and_then(|f| f.as_tuple()) {
                Some(t) if t.len() == names => t,
                _ => return Err(self.outside_domain(d, arg)),
            }
        };
        let mut parts = parts.iter().cloned();
        for b in bounds {
            let set = self.expr(&b.set, env, sv)?;
            let names: &[tla_sema::ir::LocalId] = if b.tuple { &b.vars[..1] } else { &b.vars };
            for v in names {
                let x = parts.next().expect("counted above");
                if !set.member(&x).at(def.loc)? {
                    return Err(self.outside_domain(d, arg));
                }
                if b.tuple {
                    self.bind_vars(&b.vars, true, x, env, def.loc)?;
                } else {
                    env.push_val(*v, x);
                }
            }
        }
        Ok(())
    }

    fn outside_domain(&self, d: DefId, arg: &Value) -> EvalError {
        let def = self.spec.def(d);
        let mut e = EvalError::at(
            format!(
                "Attempted to apply function {} to argument {arg}, which is not in the domain of the function.",
                def.name
            ),
            def.loc,
        );
        // `apply_expr` words it as TLC does, from the function's value.
        e.kind = Some(crate::value::ValueErrorKind::NotInDomain);
        e
    }
}

/// The error of a call past the depth limit, if this one is. Once one is, every call fails
/// the same way until the outermost call returns: an evaluation that failed is evaluated again
/// level by level on its way out (a compiled run that gave up is interpreted), and each retry
/// then fails at once instead of descending to the limit again.
fn too_deep(env: &mut Env, what: &str, loc: Loc) -> Option<EvalError> {
    if env.depth < MAX_CALL_DEPTH && !env.runaway {
        return None;
    }
    env.runaway = true;
    Some(EvalError::at(
        format!("recursion too deep: more than {MAX_CALL_DEPTH} nested {what}"),
        loc,
    ))
}

/// A call returned: the depth it took is given back.
#[inline]
fn returned(env: &mut Env) {
    env.depth -= 1;
    if env.depth == 0 {
        env.runaway = false;
    }
}

/// Definitions whose value can be computed once: no parameters, constant level, not inside a
/// LET, and not reaching an operator whose value changes between calls (TLCGet, random...).
pub(crate) fn cacheable_defs(spec: &Spec, natives: &[Option<Native>]) -> Vec<bool> {
    let n = spec.defs.len();
    let mut volatile: Vec<Option<bool>> = vec![None; n];
    for (i, d) in spec.defs.iter().enumerate() {
        if natives[i].is_some() && crate::natives::is_volatile(&spec.module(d.module).name, &d.name)
        {
            volatile[i] = Some(true);
        }
    }
    (0..n)
        .map(|i| {
            let d = &spec.defs[i];
            d.params.is_empty()
                && !d.in_let
                && d.level == Level::Constant
                && natives[i].is_none()
                && !is_volatile(spec, DefId(i as u32), &mut volatile)
        })
        .collect()
}

fn is_volatile(spec: &Spec, d: DefId, memo: &mut Vec<Option<bool>>) -> bool {
    if let Some(v) = memo[d.index()] {
        return v;
    }
    memo[d.index()] = Some(false);
    let mut found = false;
    visit_calls(&spec.def(d).body, &mut |callee| {
        if !found && is_volatile(spec, callee, memo) {
            found = true;
        }
    });
    memo[d.index()] = Some(found);
    found
}

/// Calls `f` with each definition `e` calls or passes as an operator, LET definitions included.
pub(super) fn visit_calls(e: &Expr, f: &mut impl FnMut(DefId)) {
    match &e.kind {
        ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => f(*d),
        ExprKind::Let(defs, _) => defs.iter().for_each(|d| f(*d)),
        _ => {}
    }
    tla_sema::visit::for_each_child(e, &mut |c| visit_calls(c, f));
}
