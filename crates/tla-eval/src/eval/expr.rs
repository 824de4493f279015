//! Evaluating each kind of expression.

use super::{kind_name, Evaluator};
use crate::env::{Binding, Env, StateView};
use crate::error::{AtLoc, EResult, EvalError};
use crate::value::{FuncValue, IStr, SetBuilder, Value};
use tla_sema::ir::{Bound, ExceptStep, ExceptUpdate, Expr, ExprKind, LocalId};

/// The local that `@` reads inside an EXCEPT value.
pub(crate) const AT: LocalId = LocalId(u32::MAX);

impl Evaluator<'_> {
    /// Evaluates `e`. The leaves met most often (a bound name, a variable, a small number) are
    /// answered here, without entering `expr_node`, whose large frame is set up on each entry.
    #[inline]
    pub(crate) fn expr(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<Value> {
        match &e.kind {
            ExprKind::Local(id) => {
                if let Some(Binding::Val(v)) = env.get(*id) {
                    return Ok(v.clone());
                }
            }
            ExprKind::Var(v) => return self.var(*v, sv, e.loc),
            // `@` in an EXCEPT's new value: no compiled form to look for.
            ExprKind::At => {
                if let Some(Binding::Val(v)) = env.get(AT) {
                    return Ok(v.clone());
                }
            }
            ExprKind::Bool(b) => return Ok(Value::Bool(*b)),
            ExprKind::Num(n) if *n <= i32::MAX as u128 => return Ok(Value::Int(*n as i64)),
            _ => {}
        }
        if env.interpreting == 0 {
            if let Some(n) = self.compiled(e) {
                return self.run_compiled(n, e, env, sv);
            }
        }
        // The error path records the expression (TLC's call stack of nested positions).
        self.expr_node(e, env, sv).map_err(|err| err.framed(e.loc))
    }

    /// Evaluates any kind of expression by interpreting its node.
    #[inline(never)]
    pub(super) fn expr_node(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<Value> {
        use ExprKind::*;
        let loc = e.loc;
        match &e.kind {
            Bool(b) => Ok(Value::Bool(*b)),
            Num(n) => {
                let n = i64::try_from(*n).unwrap_or(i64::MAX);
                Value::int(n).at(loc)
            }
            Decimal(d) => Err(EvalError::at(
                format!("TLC does not support real numbers such as {d}"),
                loc,
            )),
            Str(s) => Ok(Value::str(s)),
            Var(v) => self.var(*v, sv, loc),
            Const(c) => match self.const_binding(*c) {
                Some(Binding::Val(v)) => Ok(v.clone()),
                // A constant the model binds to a definition that failed to evaluate up
                // front: evaluated where used, as TLC does (the error surfaces there).
                Some(Binding::Op(crate::env::OpValue::Def(d)))
                    if self.spec.def(*d).params.is_empty() =>
                {
                    let d = *d;
                    self.eval_def(d, &mut Env::new(), &StateView::constant())
                }
                Some(Binding::Op(_) | Binding::Var(..) | Binding::Lazy(..)) => {
                    Err(EvalError::at("an operator constant used as a value", loc))
                }
                None => Err(EvalError::at(
                    format!(
                        "The constant parameter {} is not assigned a value by the configuration.",
                        self.spec.constants[c.index()].name
                    ),
                    loc,
                )),
            },
            Local(id) => match env.get(*id) {
                Some(Binding::Val(v)) => Ok(v.clone()),
                Some(Binding::Lazy(e, captured)) => {
                    let (e, captured) = (*e, captured.clone());
                    self.expr(e.get(), &mut env.nested(&captured), sv)
                }
                Some(Binding::Var(x, primed)) => {
                    let x = *x;
                    let primed = *primed || sv.primed;
                    self.var(x, &StateView { primed, ..*sv }, loc)
                }
                Some(Binding::Op(_)) => Err(EvalError::at("an operator used as a value", loc)),
                None => Err(EvalError::at(
                    format!(
                        "internal error: `{}` is not bound",
                        self.spec.locals[id.index()].name
                    ),
                    loc,
                )),
            },
            Call(d, args) => self.call(*d, args, env, sv, loc),
            CallConst(c, args) => {
                let op = match self.const_binding(*c) {
                    Some(Binding::Op(op)) => op.clone(),
                    _ => {
                        return Err(EvalError::at(
                            format!(
                                "The operator constant {} is not assigned an operator by the configuration.",
                                self.spec.constants[c.index()].name
                            ),
                            loc,
                        ))
                    }
                };
                let vals = self.values(args, env, sv)?;
                self.apply_op_value(&op, vals, env, sv, loc)
            }
            CallParam(id, args) => {
                let op = match env.get(*id) {
                    Some(Binding::Op(op)) => op.clone(),
                    _ => return Err(EvalError::at("internal error: operator parameter not bound", loc)),
                };
                let vals = self.values(args, env, sv)?;
                self.apply_op_value(&op, vals, env, sv, loc)
            }
            Builtin(b, args) => self.builtin(*b, args, env, sv, loc),
            OpArg(_) => Err(EvalError::at("an operator used where a value is expected", loc)),
            Junction(j, items) => self.junction(*j, items, env, sv).map(Value::Bool),
            Quant(q, bounds, body) => self
                .quantified(*q, bounds, body, env, sv)
                .map(Value::Bool),
            UnboundedQuant(..) => Err(EvalError::at(
                "TLC cannot handle an unbounded quantifier (\\A x : P or \\E x : P); bound it with \\in",
                loc,
            )),
            TemporalQuant(..) => Err(EvalError::at("TLC cannot evaluate \\AA or \\EE", loc)),
            Choose(vars, tuple, set, body) => {
                let Some(set) = set else {
                    return Err(EvalError::at(
                        "TLC cannot evaluate an unbounded CHOOSE (CHOOSE x : P); bound it with \\in",
                        loc,
                    ));
                };
                let s = self.expr(set, env, sv)?;
                // Elements as produced, in the order `enumerate` would list them (TLC's
                // normalized order), without building the set: the first one may do.
                let elems = s.set_iter().at(loc)?;
                let mark = env.len();
                for x in elems {
                    self.bind_vars(vars, *tuple, x.clone(), env, loc)?;
                    let ok = self.bool_of(body, env, sv);
                    env.truncate(mark);
                    if ok? {
                        return Ok(x);
                    }
                }
                Err(EvalError::at(
                    format!(
                        "Attempted to compute the value of an expression of form\nCHOOSE x \\in S: P, but no element of S satisfied P.\n{}",
                        self.describe(loc)
                    ),
                    loc,
                ))
            }
            If(c, a, b) => {
                if self.bool_of(c, env, sv)? {
                    self.expr(a, env, sv)
                } else {
                    self.expr(b, env, sv)
                }
            }
            Case(arms, other) => {
                for (g, v) in arms {
                    if self.bool_of(g, env, sv)? {
                        return self.expr(v, env, sv);
                    }
                }
                match other {
                    Some(o) => self.expr(o, env, sv),
                    None => Err(EvalError::at(
                        "Attempted to evaluate a CASE with no conditions true.",
                        loc,
                    )),
                }
            }
            Let(defs, body) => {
                let spec = self.spec;
                let mark = env.open_let(
                    defs.iter()
                        .copied()
                        .filter(|d| spec.def(*d).params.is_empty() && !spec.def(*d).is_function),
                );
                let r = self.expr(body, env, sv);
                env.close_let(mark);
                r
            }
            SetEnum(items) => {
                if items.is_empty() {
                    return Ok(Value::Set(crate::value::SetValue::empty()));
                }
                if let Some(v) = self.literal_set(e) {
                    return Ok(v);
                }
                let mut b = SetBuilder::with_capacity(items.len());
                for it in items {
                    b.push(self.expr(it, env, sv)?);
                }
                Ok(Value::Set(b.finish().at(loc)?))
            }
            SetFilter(bound, pred) => {
                let s = self.expr(&bound.set, env, sv)?;
                if let Some(v) = self.filter_pairs(bound, pred, &s, env, sv)? {
                    if let Value::Set(kept) = &v {
                        self.check_set_size(kept.len(), loc)?;
                    }
                    return Ok(v);
                }
                // An interval, or a lazy set too large to build, is walked (TLC's
                // SetPredValue walks its set); the kept elements of a lazy one are sorted after.
                let interval = matches!(s, Value::Interval(..));
                let walked = !interval && self.too_large_to_build(&s);
                let elems = if interval || walked {
                    s.set_iter()
                } else {
                    Value::Set(s.enumerate().at(loc)?).set_iter()
                }
                .at(loc)?;
                let mut out = Vec::new();
                let mark = env.len();
                for x in elems {
                    self.bind_vars(&bound.vars, bound.tuple, x.clone(), env, loc)?;
                    let keep = self.bool_of(pred, env, sv);
                    env.truncate(mark);
                    if keep? {
                        out.push(x);
                        // TLC's ValueVec refuses the set as it grows past the bound.
                        self.check_set_size(out.len(), loc)?;
                    }
                }
                if walked {
                    return Ok(Value::Set(
                        crate::value::SetValue::from_vec(out).at(loc)?,
                    ));
                }
                // A subset of a normalized set is still in order.
                Ok(Value::Set(crate::value::SetValue::from_sorted_unchecked(out)))
            }
            SetMap(body, bounds) => {
                let mut b = SetBuilder::new();
                // TLC counts every image, duplicates included, against -maxSetSize.
                let mut images = 0usize;
                self.for_each_binding(bounds, env, sv, &mut |ev, env| {
                    images += 1;
                    ev.check_set_size(images, loc)?;
                    b.push(ev.expr(body, env, sv)?);
                    Ok(true)
                })?;
                Ok(Value::Set(b.finish().at(loc)?))
            }
            Tuple(items) => Ok(Value::tuple(self.values(items, env, sv)?)),
            Record(fields) => {
                let mut fs = Vec::with_capacity(fields.len());
                for (n, v) in fields {
                    fs.push((IStr::new(n), self.expr(v, env, sv)?));
                }
                Value::record(fs).at(loc)
            }
            RecordSet(fields) => {
                let mut fs = Vec::with_capacity(fields.len());
                for (n, v) in fields {
                    fs.push((IStr::new(n), self.expr(v, env, sv)?));
                }
                Value::record_set(fs).at(loc)
            }
            FunCons(bounds, body) => self.function(bounds, body, env, sv, loc),
            FunSet(a, b) => {
                let a = self.expr(a, env, sv)?;
                let b = self.expr(b, env, sv)?;
                Ok(Value::func_set(a, b))
            }
            FunApp(f, args) => self.fun_app(f, args, env, sv, loc),
            Dot(r, name) => {
                let field = Value::str(name);
                let got = match self.apply_in_place(r, &field, env, sv, loc) {
                    Ok(Some(v)) => return Ok(v),
                    Ok(None) => {
                        let r = self.expr(r, env, sv)?;
                        self.apply_value(&r, &field, loc)
                    }
                    Err(e) => Err(e),
                };
                got.map_err(|e| self.select_error(e, name, loc))
            }
            Except(base, updates) => {
                let mut v = self.expr(base, env, sv)?;
                for u in updates {
                    v = self.except(v, u, env, sv, (loc, base.loc))?;
                }
                Ok(v)
            }
            At => match env.get(AT) {
                Some(Binding::Val(v)) => Ok(v.clone()),
                _ => Err(EvalError::at("@ used outside EXCEPT", loc)),
            },
            Times(items) => Ok(Value::product(self.values(items, env, sv)?)),
            BoxAction(a, v) => {
                if self.bool_of(a, env, sv)? {
                    return Ok(Value::TRUE);
                }
                Ok(Value::Bool(self.unchanged(v, env, sv)?))
            }
            AngleAction(a, v) => {
                if !self.bool_of(a, env, sv)? {
                    return Ok(Value::FALSE);
                }
                Ok(Value::Bool(!self.unchanged(v, env, sv)?))
            }
            Fair(..) => Err(EvalError::at("TLC cannot evaluate a fairness formula here", loc)),
            Label(_, body) => self.expr(body, env, sv),
        }
    }

    /// `r.name` of a record without that field, in the words of TLC's RcdSelect (the
    /// application's own error names `r["name"]`).
    fn select_error(&self, e: EvalError, name: &str, loc: tla_sema::ir::Loc) -> EvalError {
        let prefix = format!("Attempted to access nonexistent field '{name}' of record\n");
        match e.message.strip_prefix(&prefix) {
            Some(record) if e.stack.is_empty() => {
                let message = format!(
                    "Attempted to select nonexistent field \"{name}\" from the record\n{record}\n{}",
                    self.describe(loc)
                );
                e.with_message(message)
            }
            _ => e,
        }
    }

    pub(crate) fn values(&self, es: &[Expr], env: &mut Env, sv: &StateView) -> EResult<Vec<Value>> {
        // Sized up front: collecting through `Result` starts from nothing and grows, and the
        // tuple or set made of it then shrinks the buffer again (a realloc per `<<a, b>>`).
        let mut out = Vec::with_capacity(es.len());
        for e in es {
            out.push(self.expr(e, env, sv)?);
        }
        Ok(out)
    }

    pub(crate) fn var(
        &self,
        v: tla_sema::ir::VarId,
        sv: &StateView,
        loc: tla_sema::ir::Loc,
    ) -> EResult<Value> {
        self.var_ref(v, sv, loc).cloned()
    }

    /// The value of a variable, in place.
    pub(crate) fn var_ref<'s>(
        &self,
        v: tla_sema::ir::VarId,
        sv: &StateView<'s>,
        loc: tla_sema::ir::Loc,
    ) -> EResult<&'s Value> {
        if sv.primed || sv.init {
            match sv.next.get(v.index()) {
                Some(Some(x)) => Ok(x),
                _ => Err(EvalError::at(
                    format!(
                        "The variable {}{} is not assigned a value here.",
                        self.spec.variables[v.index()].name,
                        if sv.primed { "'" } else { "" }
                    ),
                    loc,
                )),
            }
        } else {
            sv.cur.get(v.index()).ok_or_else(|| {
                EvalError::at(
                    format!(
                        "The variable {} cannot be evaluated here (no state).",
                        self.spec.variables[v.index()].name
                    ),
                    loc,
                )
            })
        }
    }

    /// `v' = v` for a variable, or a tuple or other expression of variables.
    pub(crate) fn unchanged(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        let now = self.expr(e, env, sv)?;
        let primed = StateView {
            primed: true,
            ..*sv
        };
        let then = self.expr(e, env, &primed)?;
        now.tlc_eq(&then).at(e.loc)
    }

    /// Binds the names of a bound to one element (destructuring `<<x, y>>`).
    pub(crate) fn bind_vars(
        &self,
        vars: &[LocalId],
        tuple: bool,
        x: Value,
        env: &mut Env,
        loc: tla_sema::ir::Loc,
    ) -> EResult<()> {
        if !tuple {
            env.push_val(vars[0], x);
            return Ok(());
        }
        let parts = match x.as_func().and_then(|f| f.as_tuple()) {
            Some(t) if t.len() == vars.len() => t,
            _ => {
                return Err(EvalError::at(
                    format!(
                        "A tuple of {} elements was expected, but got {x}",
                        vars.len()
                    ),
                    loc,
                ))
            }
        };
        for (v, p) in vars.iter().zip(parts) {
            env.push_val(*v, p.clone());
        }
        Ok(())
    }

    /// Calls `f` with each combination of the bounds' elements bound, in TLC's order (the
    /// first bound varies slowest), until `f` returns false.
    pub fn for_each_binding(
        &self,
        bounds: &[Bound],
        env: &mut Env,
        sv: &StateView,
        f: &mut dyn FnMut(&Self, &mut Env) -> EResult<bool>,
    ) -> EResult<bool> {
        // One name over one set, the common case: the elements are visited as they are
        // produced, in the same order, without building the set.
        if let [b] = bounds {
            if !b.tuple && b.vars.len() == 1 {
                let s = self.expr(&b.set, env, sv)?;
                let elems = s.set_iter().at(b.set.loc)?;
                let mark = env.len();
                for x in elems {
                    env.push_val(b.vars[0], x);
                    let go_on = f(self, env);
                    env.truncate(mark);
                    if !go_on? {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
        }
        // Expand `x, y \in S` into one element list per name.
        let mut lists: Vec<(&[LocalId], bool, crate::value::SetValue)> = Vec::new();
        for b in bounds {
            let s = self.expr(&b.set, env, sv)?;
            let elems = s.enumerate().at(b.set.loc)?;
            if b.tuple {
                lists.push((&b.vars, true, elems));
            } else {
                for v in &b.vars {
                    lists.push((std::slice::from_ref(v), false, elems.clone()));
                }
            }
        }
        let loc = bounds.first().map(|b| b.set.loc);
        self.nest(&lists, 0, env, f, loc)
    }

    fn nest(
        &self,
        lists: &[(&[LocalId], bool, crate::value::SetValue)],
        i: usize,
        env: &mut Env,
        f: &mut dyn FnMut(&Self, &mut Env) -> EResult<bool>,
        loc: Option<tla_sema::ir::Loc>,
    ) -> EResult<bool> {
        if i == lists.len() {
            return f(self, env);
        }
        let (vars, tuple, elems) = &lists[i];
        let mark = env.len();
        for x in elems.iter() {
            self.bind_vars(vars, *tuple, x.clone(), env, loc.expect("bounds exist"))?;
            let go_on = self.nest(lists, i + 1, env, f, loc);
            env.truncate(mark);
            if !go_on? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `[x \in S, y \in T |-> e]`: a function on S (or on S \X T, indexed by tuples).
    fn function(
        &self,
        bounds: &[Bound],
        body: &Expr,
        env: &mut Env,
        sv: &StateView,
        loc: tla_sema::ir::Loc,
    ) -> EResult<Value> {
        let single = bounds.len() == 1 && (bounds[0].vars.len() == 1 || bounds[0].tuple);
        if single {
            let b = &bounds[0];
            let set = self.expr(&b.set, env, sv)?;
            let dom = set.enumerate().at(b.set.loc)?;
            let mut vals = Vec::with_capacity(dom.len());
            let mark = env.len();
            for x in dom.iter() {
                self.bind_vars(&b.vars, b.tuple, x.clone(), env, loc)?;
                let v = self.expr(body, env, sv);
                env.truncate(mark);
                vals.push(v?);
            }
            let f = FuncValue::from_domain_set(&dom, vals);
            // TLC's FcnRcdValue keeps an interval domain only when built on one.
            return Ok(Value::from_func(f.holding_set_domain(!set.is_interval())));
        }
        let mut pairs = Vec::new();
        self.for_each_binding(bounds, env, sv, &mut |ev, env| {
            let mut key = Vec::new();
            for b in bounds {
                for v in &b.vars {
                    if let Some(Binding::Val(x)) = env.get(*v) {
                        key.push(x.clone());
                    }
                }
            }
            let key = if bounds.iter().all(|b| !b.tuple) {
                Value::tuple(key)
            } else {
                // `[<<a, b>> \in S, c \in T |-> e]`: the tuple element is kept whole.
                let mut parts = Vec::new();
                let mut k = key.into_iter();
                for b in bounds {
                    if b.tuple {
                        parts.push(Value::tuple(k.by_ref().take(b.vars.len()).collect()));
                    } else {
                        parts.extend(k.by_ref().take(b.vars.len()));
                    }
                }
                Value::tuple(parts)
            };
            pairs.push((key, ev.expr(body, env, sv)?));
            Ok(true)
        })?;
        Value::func_from_pairs(pairs).at(loc)
    }

    fn fun_app(
        &self,
        f: &Expr,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
        loc: tla_sema::ir::Loc,
    ) -> EResult<Value> {
        let arg = self.fun_arg(args, env, sv)?;
        // Only the point applied is evaluated where `f` is written as a function (see apply.rs).
        self.apply_expr(f, arg, env, sv, loc)
    }

    pub(crate) fn apply_value(
        &self,
        f: &Value,
        arg: &Value,
        loc: tla_sema::ir::Loc,
    ) -> EResult<Value> {
        self.apply_ref(f, arg, loc).cloned()
    }

    /// `f[arg]` in place.
    pub(crate) fn apply_ref<'v>(
        &self,
        f: &'v Value,
        arg: &Value,
        loc: tla_sema::ir::Loc,
    ) -> EResult<&'v Value> {
        match f {
            Value::Func(fv) => fv.apply(arg).at(loc),
            other => Err(EvalError::at(
                format!(
                    "A non-function ({}) was applied as a function:\n{other}",
                    kind_name(other)
                ),
                loc,
            )),
        }
    }

    fn except(
        &self,
        base: Value,
        u: &ExceptUpdate,
        env: &mut Env,
        sv: &StateView,
        locs: (tla_sema::ir::Loc, tla_sema::ir::Loc),
    ) -> EResult<Value> {
        let key = |step: &ExceptStep, env: &mut Env| match step {
            ExceptStep::Field(f) => Ok(Value::str(f)),
            ExceptStep::Index(ix) if ix.len() == 1 => self.expr(&ix[0], env, sv),
            ExceptStep::Index(ix) => Ok(Value::tuple(self.values(ix, env, sv)?)),
        };
        // A short path's keys stay on the stack (`![p][q]`): one update, one allocation less.
        const SHORT: usize = 4;
        if u.path.len() <= SHORT {
            let mut keys: [Value; SHORT] = [const { Value::FALSE }; SHORT];
            for (slot, step) in keys.iter_mut().zip(&u.path) {
                *slot = key(step, env)?;
            }
            return self.except_path(base, &keys[..u.path.len()], &u.value, env, sv, locs);
        }
        let mut keys = Vec::with_capacity(u.path.len());
        for step in &u.path {
            keys.push(key(step, env)?);
        }
        self.except_path(base, &keys, &u.value, env, sv, locs)
    }

    fn except_path(
        &self,
        v: Value,
        keys: &[Value],
        value: &Expr,
        env: &mut Env,
        sv: &StateView,
        locs: (tla_sema::ir::Loc, tla_sema::ir::Loc),
    ) -> EResult<Value> {
        // The EXCEPT's own position for errors; its base's for TLC's warning.
        let (loc, base_loc) = locs;
        let Some((k, rest)) = keys.split_first() else {
            env.push_val(AT, v);
            let r = self.expr(value, env, sv);
            env.truncate(env.len() - 1);
            return r;
        };
        let Some(f) = v.as_func() else {
            return Err(EvalError::at(
                format!("EXCEPT applied to a non-function ({}):\n{v}", kind_name(&v)),
                loc,
            ));
        };
        // TLC leaves the function as it is when the argument is outside its domain.
        let Some(i) = f.index_of(k).at(loc)? else {
            let at = self.describe(base_loc);
            let text =
                format!("The EXCEPT was applied to non-existing fields of the value at\n{at}");
            // EC.TLC_EXCEPT_APPLIED_TO_UNKNOWN_FIELD.
            if !self.warn(2144, &text) {
                return Err(EvalError::at(text, loc));
            }
            return Ok(v);
        };
        v.with_part_updated(i, |old| self.except_path(old, rest, value, env, sv, locs))
    }
}
