//! The operators built into TLA+ (=, \in, \cup, SUBSET, ', UNCHANGED, ENABLED, ...).

use super::{kind_name, Evaluator};
use crate::env::{Env, StateView};
use crate::error::{AtLoc, EResult, EvalError};
use crate::value::{SetBuilder, SetValue, Value};
use tla_sema::ir::{Builtin, Expr, Loc};

impl Evaluator<'_> {
    pub(crate) fn builtin(
        &self,
        b: Builtin,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        use Builtin::*;
        if let Some(r) = self.bool_builtin(b, args, env, sv, loc) {
            return r.map(Value::Bool);
        }
        match b {
            Prime => {
                let primed = StateView {
                    primed: true,
                    ..*sv
                };
                self.expr(&args[0], env, &primed)
            }
            Unchanged => Ok(Value::Bool(self.unchanged(&args[0], env, sv)?)),
            Enabled => {
                let v =
                    crate::enumerate::enabled(self, &args[0], env, sv.cur).map_err(|mut e| {
                        e.loc.get_or_insert(loc);
                        e
                    })?;
                Ok(Value::Bool(v))
            }
            Always | Eventually | LeadsTo | WhilePlus => Err(EvalError::at(
                "A temporal formula cannot be evaluated here; it can only be a checked PROPERTY",
                loc,
            )),
            Cdot => Err(EvalError::at(
                "TLC cannot evaluate action composition (\\cdot)",
                loc,
            )),
            Subseteq => {
                let a = self.expr(&args[0], env, sv)?;
                if let Value::Subset(base) = &a {
                    if let Some(r) = self.subsets_subseteq(base, &args[1], env, sv, loc) {
                        return r.map(Value::Bool);
                    }
                }
                if let Value::Interval(lo, hi) = a {
                    // TLC's IntervalValue.isSubsetEq: inside an interval by the bounds,
                    // otherwise walked element by element, never built.
                    if self.interval_form(&args[1]) {
                        let b = self.expr(&args[1], env, sv)?;
                        return interval_subseteq((lo, hi), &b, loc).map(Value::Bool);
                    }
                    for n in lo..=hi {
                        if !self.member_expr(&args[1], &Value::Int(n), env, sv)? {
                            return Ok(Value::FALSE);
                        }
                    }
                    return Ok(Value::TRUE);
                }
                if self.too_large_to_build(&a) {
                    // TLC's isSubsetEq walks the set's elements.
                    for x in a.set_iter().at(loc)? {
                        if !self.member_expr(&args[1], &x, env, sv)? {
                            return Ok(Value::FALSE);
                        }
                    }
                    return Ok(Value::TRUE);
                }
                for x in enumerate(&a, args[0].loc)?.iter() {
                    if !self.member_expr(&args[1], x, env, sv)? {
                        return Ok(Value::FALSE);
                    }
                }
                Ok(Value::TRUE)
            }
            Union => {
                if let tla_sema::ir::ExprKind::SetMap(body, bounds) = &args[0].kind {
                    // `UNION {S(i) : i \in I}`: the elements of each S(i) in turn, without
                    // normalizing the set of sets first (TLC's UnionValue does not either).
                    let mut sets = Vec::new();
                    self.for_each_binding(bounds, env, sv, &mut |ev, env| {
                        sets.push(ev.expr(body, env, sv)?);
                        Ok(true)
                    })?;
                    let mut out = SetBuilder::new();
                    for s in &sets {
                        for x in self.collected(s, loc)?.iter() {
                            out.push(x.clone());
                        }
                    }
                    let u = out.finish().at(loc)?;
                    self.check_set_size(u.len(), loc)?;
                    return Ok(Value::Set(u));
                }
                let vals = self.values(args, env, sv)?;
                self.builtin_values(b, vals, loc)
            }
            Cap | SetMinus => self.cap_or_minus(b, args, env, sv, loc),
            // TLC's `\cup` asks its left operand, if an explicit set or an interval (its
            // `Reducible` classes), else its right one: an empty one gives the other operand as
            // it is (`{x \in {1} : FALSE} \cup 0..1` stays an interval). Other empty sets (a
            // filter of SUBSET S, a UNION) are lazy classes, and the union is built.
            Cup => {
                // Emptiness first: the common union of two non-empty sets walks no form.
                let a = self.expr(&args[0], env, sv)?;
                if is_empty_set(&a) && self.tlc_reducible(&args[0], &a) {
                    return self.expr(&args[1], env, sv);
                }
                let c = self.expr(&args[1], env, sv)?;
                if is_empty_set(&c)
                    && self.tlc_reducible(&args[1], &c)
                    && !self.tlc_reducible(&args[0], &a)
                {
                    return Ok(a);
                }
                self.builtin_values(b, vec![a, c], loc)
            }
            Domain => match self.expr(&args[0], env, sv) {
                Ok(f) => self.builtin_values(b, vec![f], loc),
                Err(e) if e.is_not_enumerable() => match self.lazy_domain(&args[0], env, sv)? {
                    Some(d) => Ok(d),
                    None => Err(e),
                },
                Err(e) => Err(e),
            },
            _ => {
                let vals = self.values(args, env, sv)?;
                self.builtin_values(b, vals, loc)
            }
        }
    }

    /// Whether TLC's value `v` of `e` is one of its `Reducible` classes (`SetEnumValue`,
    /// `IntervalValue`), from `e`'s form: tlacheck's values do not keep TLC's classes.
    fn tlc_reducible(&self, e: &Expr, v: &Value) -> bool {
        matches!(v, Value::Interval(..)) || self.reducible_form(e)
    }

    /// The form's TLC class is `Reducible`: a set literal or map, an interval, a filter of
    /// such a set (TLC filters those at once, others lazily), `S \cap T` with such an
    /// operand, `S \ T` with such a left one, `S \cup T` with both such (else TLC keeps a
    /// lazy union), `DOMAIN` (an explicit function's domain is explicit), or `UNION` of a
    /// literal or map whose elements are all explicit sets (TLC's `UnionValue.union`).
    pub(crate) fn reducible_form(&self, e: &Expr) -> bool {
        use tla_sema::ir::ExprKind as K;
        match &e.kind {
            K::SetEnum(_) | K::SetMap(..) => true,
            K::SetFilter(bound, _) => self.reducible_form(&bound.set),
            K::Label(_, body) => self.reducible_form(body),
            K::Builtin(Builtin::Cap, args) => args.iter().any(|a| self.reducible_form(a)),
            K::Builtin(Builtin::SetMinus, args) => self.reducible_form(&args[0]),
            K::Builtin(Builtin::Cup, args) => args.iter().all(|a| self.reducible_form(a)),
            // `DOMAIN [x \in S |-> e]` is S as TLC holds it.
            K::Builtin(Builtin::Domain, args) => match &args[0].kind {
                K::FunCons(bounds, _) => {
                    bounds.len() == 1
                        && bounds[0].vars.len() == 1
                        && self.reducible_form(&bounds[0].set)
                }
                _ => true,
            },
            K::Builtin(Builtin::Union, args) => match &args[0].kind {
                K::SetEnum(elems) => elems.iter().all(|x| self.enumerated_form(x)),
                K::SetMap(elem, _) => self.enumerated_form(elem),
                _ => false,
            },
            _ => self.interval_form(e),
        }
    }

    /// TLC's class of the form is `SetEnumValue`: reducible, not an interval.
    fn enumerated_form(&self, e: &Expr) -> bool {
        use tla_sema::ir::ExprKind as K;
        match &e.kind {
            K::Builtin(Builtin::Domain, _) => false,
            K::Label(_, body) => self.enumerated_form(body),
            _ => !self.interval_form(e) && self.reducible_form(e),
        }
    }

    fn interval_form(&self, e: &Expr) -> bool {
        match &e.kind {
            tla_sema::ir::ExprKind::Call(d, args) if args.len() == 2 => {
                let def = self.spec.def(*d);
                def.name == ".."
                    && matches!(
                        self.spec.module(def.module).name.as_str(),
                        "Naturals" | "Integers"
                    )
            }
            _ => false,
        }
    }

    /// `S \cap T` and `S \ T`. An operand that cannot be built (`{i \in Int : i > 2}`) is
    /// what TLC keeps as a lazy set: when the other operand is an explicit set or an interval
    /// (TLC's `Reducible`, whose `cap`/`diff` test their own elements for membership in the
    /// other operand), that operand's elements are tested against the lazy one's form.
    fn cap_or_minus(
        &self,
        b: Builtin,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        let keep = b == Builtin::Cap;
        match self.expr(&args[0], env, sv) {
            Ok(a) => match self.cap_or_minus_bound_name(&a, &args[1], keep, env, loc) {
                Some(r) => r,
                None => match self.expr(&args[1], env, sv) {
                    Ok(t) => self.builtin_values(b, vec![a, t], loc),
                    Err(e) if e.is_not_enumerable() && reducible(&a) => {
                        self.filter_by_form(&a, &args[1], keep, env, sv, loc)
                    }
                    Err(e) => Err(e),
                },
            },
            Err(e) if keep && e.is_not_enumerable() => {
                let t = self.expr(&args[1], env, sv)?;
                if !reducible(&t) {
                    return Err(e);
                }
                self.filter_by_form(&t, &args[0], true, env, sv, loc)
            }
            Err(e) => Err(e),
        }
    }

    /// `S \ {p}` (`S \cap {p}` with `keep`) for a bound name `p` and an interval or an explicit
    /// set of values of `p`'s kind (integers, strings, model values): the elements of S other
    /// than p (equal to it), as the general way gives them, without building `{p}` first.
    /// `\E q \in Proc \ {p}` took a tenth of MCLamportMutex's guards. None for other forms.
    pub(super) fn cap_or_minus_bound_name(
        &self,
        a: &Value,
        other: &Expr,
        keep: bool,
        env: &Env,
        loc: Loc,
    ) -> Option<EResult<Value>> {
        let tla_sema::ir::ExprKind::SetEnum(items) = &other.kind else {
            return None;
        };
        let [item] = &items[..] else {
            return None;
        };
        let tla_sema::ir::ExprKind::Local(id) = item.kind else {
            return None;
        };
        let Some(crate::env::Binding::Val(p)) = env.get(id) else {
            return None;
        };
        let same_kind = |x: &Value| {
            matches!(
                (x, p),
                (Value::Int(_), Value::Int(_))
                    | (Value::Str(_), Value::Str(_))
                    | (Value::ModelValue(_), Value::ModelValue(_))
            )
        };
        let mut out = Vec::new();
        let mut visit = |x: &Value| -> EResult<()> {
            if (x == p) == keep {
                out.push(x.clone());
                self.check_set_size(out.len(), loc)?;
            }
            Ok(())
        };
        let walked = match a {
            Value::Interval(lo, hi) if matches!(p, Value::Int(_)) => {
                (*lo..=*hi).try_for_each(|n| visit(&Value::Int(n)))
            }
            Value::Set(s) if s.iter().all(same_kind) => s.iter().try_for_each(visit),
            _ => return None,
        };
        Some(walked.map(|()| Value::Set(SetValue::from_sorted_unchecked(out))))
    }

    /// The elements of the explicit set or interval `s` whose membership in `form` is `keep`.
    fn filter_by_form(
        &self,
        s: &Value,
        form: &Expr,
        keep: bool,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        let mut out = Vec::new();
        for x in s.set_iter().at(loc)? {
            if self.member_expr(form, &x, env, sv)? == keep {
                out.push(x);
            }
        }
        self.check_set_size(out.len(), loc)?;
        Ok(Value::Set(SetValue::from_sorted_unchecked(out)))
    }

    /// `DOMAIN f` for a function written as `[x \in S |-> e]` (directly, or as the body of a
    /// definition without parameters or a LET) that cannot be built: TLC's lazy
    /// `FcnLambdaValue` answers its domain from the bounds, `S` (or `S1 \X ... \X Sn`).
    /// `None` for any other form.
    fn lazy_domain(&self, f: &Expr, env: &mut Env, sv: &StateView) -> EResult<Option<Value>> {
        use tla_sema::ir::ExprKind as K;
        match &f.kind {
            K::FunCons(bounds, _) => {
                let mut sets = Vec::new();
                for bd in bounds {
                    let set = self.expr(&bd.set, env, sv)?;
                    let n = if bd.tuple { 1 } else { bd.vars.len() };
                    sets.extend(std::iter::repeat_n(set, n));
                }
                Ok(Some(if sets.len() == 1 {
                    sets.pop().expect("one set")
                } else {
                    Value::product(sets)
                }))
            }
            K::Label(_, body) => self.lazy_domain(body, env, sv),
            K::Let(defs, body) => {
                let spec = self.spec;
                let mark = env.open_let(
                    defs.iter()
                        .copied()
                        .filter(|d| spec.def(*d).params.is_empty() && !spec.def(*d).is_function),
                );
                let r = self.lazy_domain(body, env, sv);
                env.close_let(mark);
                r
            }
            K::Call(d, args) if args.is_empty() => {
                let Some(d) = self.replacement(*d) else {
                    return Ok(None);
                };
                if !self.is_plain_def(d) {
                    return Ok(None);
                }
                let def = self.spec.def(d);
                if def.in_let {
                    return self.lazy_domain(&def.body, env, sv);
                }
                let old = env.enter_frame();
                let r = self.lazy_domain(&def.body, env, sv);
                env.leave_frame(old);
                r
            }
            _ => Ok(None),
        }
    }

    /// A builtin applied to values (also used when a builtin is passed as an operator).
    pub(crate) fn builtin_values(
        &self,
        b: Builtin,
        mut vals: Vec<Value>,
        loc: Loc,
    ) -> EResult<Value> {
        use Builtin::*;
        let bool_arg = |v: &Value| -> EResult<bool> {
            v.as_bool().ok_or_else(|| {
                EvalError::at(
                    format!(
                        "A non-boolean ({}) where a Boolean was expected:\n{v}",
                        kind_name(v)
                    ),
                    loc,
                )
            })
        };
        Ok(match b {
            Eq => Value::Bool(vals[0].tlc_eq(&vals[1]).at(loc)?),
            Neq => Value::Bool(!vals[0].tlc_eq(&vals[1]).at(loc)?),
            In => Value::Bool(member(&vals[1], &vals[0], loc)?),
            NotIn => Value::Bool(!member(&vals[1], &vals[0], loc)?),
            And => Value::Bool(bool_arg(&vals[0])? && bool_arg(&vals[1])?),
            Or => Value::Bool(bool_arg(&vals[0])? || bool_arg(&vals[1])?),
            Implies => Value::Bool(!bool_arg(&vals[0])? || bool_arg(&vals[1])?),
            Equiv => Value::Bool(bool_arg(&vals[0])? == bool_arg(&vals[1])?),
            Not => Value::Bool(!bool_arg(&vals[0])?),
            // TLC's IntervalValue.cup: an empty interval on the left gives the right operand
            // as it is (see `{} \cup` above).
            Cup if matches!(vals[0], Value::Interval(lo, hi) if hi < lo) => {
                vals.pop().expect("two arguments")
            }
            Cup => {
                let b = self.collected(&vals[1], loc)?;
                let a = self.collected(&vals[0], loc)?;
                let u = a.union(&b).at(loc)?;
                // TLC bounds the union itself, not the operands' sum (`S \cup S` is fine).
                self.check_set_size(u.len(), loc)?;
                Value::Set(u)
            }
            // TLC's `Reducible.cap`: an explicit set or an interval filters itself by the
            // other operand, whichever side it is on (`Nat \cap {1, 2}`).
            Cap if !reducible(&vals[0]) && reducible(&vals[1]) => {
                let mut out = Vec::new();
                for x in vals[1].set_iter().at(loc)? {
                    if member(&vals[0], &x, loc)? {
                        out.push(x);
                        // TLC's ValueVec refuses the set as it grows past the bound.
                        self.check_set_size(out.len(), loc)?;
                    }
                }
                Value::Set(SetValue::from_sorted_unchecked(out))
            }
            Cap | SetMinus => {
                let keep = b == Cap;
                let mut out = Vec::new();
                let mut visit = |x: &Value| -> EResult<()> {
                    if member(&vals[1], x, loc)? == keep {
                        out.push(x.clone());
                        self.check_set_size(out.len(), loc)?;
                    }
                    Ok(())
                };
                match &vals[0] {
                    // `1..N \ {p}`: the range is walked without being built.
                    Value::Interval(lo, hi) => {
                        (*lo..=*hi).try_for_each(|n| visit(&Value::Int(n)))?
                    }
                    // A lazy set TLC's ValueVec could not hold is walked (SetDiffValue and
                    // SetCapValue walk their first operand), its kept elements sorted after.
                    s if self.too_large_to_build(s) => {
                        for x in s.set_iter().at(loc)? {
                            visit(&x)?;
                        }
                        return Ok(Value::Set(SetValue::from_vec(out).at(loc)?));
                    }
                    s => enumerate(s, loc)?.iter().try_for_each(visit)?,
                }
                Value::Set(SetValue::from_sorted_unchecked(out))
            }
            Subseteq => {
                if let (Value::Subset(a), Value::Subset(b)) = (&vals[0], &vals[1]) {
                    if a.is_enumerable() {
                        return subset_of(a, b, loc).map(Value::Bool);
                    }
                }
                if let Value::Interval(lo, hi) = vals[0] {
                    return interval_subseteq((lo, hi), &vals[1], loc).map(Value::Bool);
                }
                let a = enumerate(&vals[0], loc)?;
                let mut all = true;
                for x in a.iter() {
                    if !member(&vals[1], x, loc)? {
                        all = false;
                        break;
                    }
                }
                Value::Bool(all)
            }
            Subset => Value::subset(vals.pop().expect("one argument")),
            Union => {
                let outer = enumerate(&vals[0], loc)?;
                let mut b = SetBuilder::new();
                for s in outer.iter() {
                    for x in self.collected(s, loc)?.iter() {
                        b.push(x.clone());
                    }
                }
                let u = b.finish().at(loc)?;
                self.check_set_size(u.len(), loc)?;
                Value::Set(u)
            }
            Domain => match &vals[0] {
                Value::Func(f) => f.domain_value(),
                other => {
                    return Err(EvalError::at(
                        format!(
                            "DOMAIN applied to a non-function ({}):\n{other}",
                            kind_name(other)
                        ),
                        loc,
                    ))
                }
            },
            BooleanSet => Value::boolean_set(),
            StringSet => Value::StringSet,
            Prime | Unchanged | Enabled | Always | Eventually | LeadsTo | WhilePlus | Cdot => {
                return Err(EvalError::at(
                    "this operator cannot be passed as an argument",
                    loc,
                ))
            }
        })
    }
}

impl Evaluator<'_> {
    /// `SUBSET A \subseteq T` when T is `SUBSET B` too: `A \subseteq B`, as TLC's
    /// `SubsetValue.isSubsetEq` reduces it (neither power set is enumerated) when A is
    /// enumerable. `None` when T is not a power set (or does not evaluate): the caller
    /// enumerates as usual.
    fn subsets_subseteq(
        &self,
        base: &Value,
        other: &Expr,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> Option<EResult<bool>> {
        if !base.is_enumerable() {
            return None;
        }
        match self.expr(other, env, sv) {
            Ok(Value::Subset(b)) => Some(subset_of(base, &b, loc)),
            _ => None,
        }
    }

    /// `x \in S` decided from the form of S where S need not be built: `{y \in T : P}`,
    /// `T \ U`, `T \cap U`, `T \cup U`, `[D -> R]`, `[a : S]`, `S \X T`, `SUBSET S`,
    /// `Seq(S)` and zero-parameter definitions of these. This is how TLC's lazy set values
    /// answer membership, so infinite sets such as `Nat \ {0}` work.
    pub(crate) fn member_expr(
        &self,
        set: &Expr,
        x: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<bool> {
        use tla_sema::ir::ExprKind as K;
        match &set.kind {
            K::SetFilter(bound, pred) if !bound.tuple && bound.vars.len() == 1 => {
                if !self.member_expr(&bound.set, x, env, sv)? {
                    return Ok(false);
                }
                let mark = env.len();
                env.push_val(bound.vars[0], x.clone());
                let r = self.bool_of(pred, env, sv);
                env.truncate(mark);
                r
            }
            // `{<<a, b>> \in S : P}` (TLC's SetPredValue.member): P for x's components alone.
            // Another x is left to the built set (TLC would report an error there).
            K::SetFilter(bound, pred)
                if bound.tuple
                    && x.as_func()
                        .and_then(|f| f.as_tuple())
                        .is_some_and(|t| t.len() == bound.vars.len()) =>
            {
                if !self.member_expr(&bound.set, x, env, sv)? {
                    return Ok(false);
                }
                let mark = env.len();
                self.bind_vars(&bound.vars, true, x.clone(), env, set.loc)?;
                let r = self.bool_of(pred, env, sv);
                env.truncate(mark);
                r
            }
            K::Let(defs, body) => {
                // `x \in LET ... IN S`: S's form decides, its definitions in scope.
                let spec = self.spec;
                let mark = env.open_let(
                    defs.iter()
                        .copied()
                        .filter(|d| spec.def(*d).params.is_empty() && !spec.def(*d).is_function),
                );
                let r = self.member_expr(body, x, env, sv);
                env.close_let(mark);
                r
            }
            K::SetEnum(items) => {
                // TLC keeps `{e1, ..., en}` as written (not normalized): it evaluates every
                // element, then searches them in order with `ei.equals(x)`.
                if let Some(lit) = self.literal(set) {
                    for v in lit.items.iter() {
                        if v.tlc_eq(x).at(set.loc)? {
                            return Ok(true);
                        }
                    }
                    return Ok(false);
                }
                let mut found = false;
                let mut failed = None;
                for it in items {
                    let v = self.expr(it, env, sv)?;
                    if !found && failed.is_none() {
                        match v.tlc_eq(x) {
                            Ok(eq) => found = eq,
                            Err(e) => failed = Some(e),
                        }
                    }
                }
                match failed {
                    Some(e) => Err(e).at(set.loc),
                    None => Ok(found),
                }
            }
            K::Builtin(Builtin::SetMinus, a) => {
                Ok(self.member_expr(&a[0], x, env, sv)? && !self.member_expr(&a[1], x, env, sv)?)
            }
            K::Builtin(Builtin::Cap, a) => {
                Ok(self.member_expr(&a[0], x, env, sv)? && self.member_expr(&a[1], x, env, sv)?)
            }
            K::Builtin(Builtin::Cup, a) => {
                Ok(self.member_expr(&a[0], x, env, sv)? || self.member_expr(&a[1], x, env, sv)?)
            }
            K::FunSet(dom, range) if !x.is_set() => {
                let Some(f) = x.as_func() else {
                    return self.member_value(set, x, env, sv);
                };
                let d = self.expr(dom, env, sv)?;
                if !f.domain_value().tlc_eq(&d).at(set.loc)? {
                    return Ok(false);
                }
                for v in f.values() {
                    if !self.member_expr(range, v, env, sv)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            K::RecordSet(fields) => {
                let Some(f) = x.as_func().filter(|f| f.len() == fields.len()) else {
                    // A record with another number of fields is not a member (as the set's
                    // value would answer), whatever the field sets are.
                    let record = x.as_func().is_some_and(|f| f.is_record_like());
                    let distinct = fields
                        .iter()
                        .enumerate()
                        .all(|(i, (n, _))| fields[..i].iter().all(|(m, _)| m != n));
                    if record && distinct {
                        return Ok(false);
                    }
                    return self.member_value(set, x, env, sv);
                };
                for (name, s) in fields {
                    match f.select(&Value::str(name)) {
                        Ok(Some(v)) => {
                            if !self.member_expr(s, v, env, sv)? {
                                return Ok(false);
                            }
                        }
                        _ => return Ok(false),
                    }
                }
                Ok(true)
            }
            K::Times(items) => {
                let Some(t) = x.as_func().and_then(|f| f.as_tuple()) else {
                    return self.member_value(set, x, env, sv);
                };
                if t.len() != items.len() {
                    return Ok(false);
                }
                for (s, v) in items.iter().zip(t) {
                    if !self.member_expr(s, v, env, sv)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            K::Builtin(Builtin::Union, a) => {
                if let K::SetMap(body, bounds) = &a[0].kind {
                    // `x \in UNION {S(i) : i \in I}`: some S(i) holds x. TLC searches the sets
                    // one by one too, without normalizing the set of sets.
                    let mut found = false;
                    self.for_each_binding(bounds, env, sv, &mut |ev, env| {
                        found = ev.member_expr(body, x, env, sv)?;
                        Ok(!found)
                    })?;
                    return Ok(found);
                }
                if let K::SetEnum(items) = &a[0].kind {
                    for s in items {
                        if self.member_expr(s, x, env, sv)? {
                            return Ok(true);
                        }
                    }
                    return Ok(false);
                }
                let outer = self.expr(&a[0], env, sv)?;
                for s in enumerate(&outer, a[0].loc)?.iter() {
                    if member(s, x, set.loc)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            K::Builtin(Builtin::Subset, a) if x.is_set() => {
                for e in enumerate(x, set.loc)?.iter() {
                    if !self.member_expr(&a[0], e, env, sv)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            K::Call(d, args) if args.is_empty() => {
                // A value already computed is searched as it is.
                if let Some(s) = self.known_value(*d, env, sv) {
                    return member(&s, x, set.loc);
                }
                // A set cheap to build whole is built once for the state (member_whole.rs).
                if let Some(key) = self.state_memo_key(*d, sv) {
                    if self.member_builds_whole(*d) && !self.memo_failed(*d, key) {
                        match self.call(*d, &[], env, sv, set.loc) {
                            Ok(s) => return member(&s, x, set.loc),
                            Err(_) => self.memo_fail(*d, key),
                        }
                    }
                }
                if !self.is_plain_def(*d) || self.spec.def(*d).is_function {
                    return self.member_value(set, x, env, sv);
                }
                let def = self.spec.def(*d);
                if def.in_let {
                    return self.member_expr(&def.body, x, env, sv);
                }
                let old = env.enter_frame();
                let r = self.member_expr(&def.body, x, env, sv);
                env.leave_frame(old);
                r
            }
            K::Call(d, args) => {
                // `x \in Op(a, b)`: decided from Op's body with its parameters bound, like the
                // forms above (a model's `Op <- Other` runs Other).
                let Some(r) = self.replacement(*d) else {
                    return self.member_value(set, x, env, sv);
                };
                let def = self.spec.def(r);
                if !self.is_plain_def(r) || def.is_function || def.params.len() != args.len() {
                    return self.member_value(set, x, env, sv);
                }
                let bindings = if r == *d {
                    self.bindings(r, args, env, sv)?
                } else {
                    // An override gets values, as `call` gives it.
                    if def.params.iter().any(|p| p.arity > 0) {
                        return self.member_value(set, x, env, sv);
                    }
                    self.values(args, env, sv)?
                        .into_iter()
                        .map(crate::env::Binding::Val)
                        .collect()
                };
                if let Some(s) = self.kept_call_value(r, &bindings, env) {
                    return member(&s, x, set.loc);
                }
                let v = self.call_bound_with(r, bindings, env, &mut |ev, body, env| {
                    ev.member_expr(body, x, env, sv).map(Value::Bool)
                })?;
                Ok(v == Value::TRUE)
            }
            _ => self.member_value(set, x, env, sv),
        }
    }

    fn member_value(&self, set: &Expr, x: &Value, env: &mut Env, sv: &StateView) -> EResult<bool> {
        match self.expr(set, env, sv) {
            Ok(s) => member(&s, x, set.loc),
            Err(e) if e.is_not_enumerable() => match self.member_lazy(set, x, env, sv)? {
                Some(r) => Ok(r),
                None => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// `x \in S` for a set that could not be built, where TLC's value for it is lazy and
    /// answers membership from its parts: `Seq(T)` (a tuple whose elements are in T) and
    /// `DOMAIN [y \in T |-> e]` (x in T). `None` for other forms.
    fn member_lazy(
        &self,
        set: &Expr,
        x: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Option<bool>> {
        use tla_sema::ir::ExprKind as K;
        match &set.kind {
            K::Call(d, args) if args.len() == 1 && self.is_native(*d, "Sequences", "Seq") => {
                let Some(t) = x.as_func().and_then(|f| f.as_tuple()) else {
                    return Ok(None);
                };
                for e in t {
                    if !self.member_expr(&args[0], e, env, sv)? {
                        return Ok(Some(false));
                    }
                }
                Ok(Some(true))
            }
            K::Builtin(Builtin::Domain, a) => self.member_domain(&a[0], x, env, sv),
            // A parameter bound to a set passed unevaluated (see `binding`): its form decides.
            K::Local(l) => match env.get(*l) {
                Some(crate::env::Binding::Lazy(e, captured)) => {
                    let (e, captured) = (*e, captured.clone());
                    self.member_expr(e.get(), x, &mut env.nested(&captured), sv)
                        .map(Some)
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// `x \in DOMAIN f` from the bounds of the function constructor `f` is written as (see
    /// `lazy_domain`).
    fn member_domain(
        &self,
        f: &Expr,
        x: &Value,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Option<bool>> {
        use tla_sema::ir::ExprKind as K;
        match &f.kind {
            K::FunCons(bounds, _) => {
                let sets: Vec<&Expr> = bounds
                    .iter()
                    .flat_map(|b| {
                        std::iter::repeat_n(&b.set, if b.tuple { 1 } else { b.vars.len() })
                    })
                    .collect();
                if let [one] = sets[..] {
                    return self.member_expr(one, x, env, sv).map(Some);
                }
                let Some(t) = x.as_func().and_then(|f| f.as_tuple()) else {
                    return Ok(None);
                };
                if t.len() != sets.len() {
                    return Ok(Some(false));
                }
                for (s, e) in sets.iter().zip(t) {
                    if !self.member_expr(s, e, env, sv)? {
                        return Ok(Some(false));
                    }
                }
                Ok(Some(true))
            }
            K::Label(_, body) => self.member_domain(body, x, env, sv),
            K::Let(defs, body) => {
                let spec = self.spec;
                let mark = env.open_let(
                    defs.iter()
                        .copied()
                        .filter(|d| spec.def(*d).params.is_empty() && !spec.def(*d).is_function),
                );
                let r = self.member_domain(body, x, env, sv);
                env.close_let(mark);
                r
            }
            K::Call(d, args) if args.is_empty() => {
                let Some(d) = self.replacement(*d) else {
                    return Ok(None);
                };
                if !self.is_plain_def(d) {
                    return Ok(None);
                }
                let def = self.spec.def(d);
                if def.in_let {
                    return self.member_domain(&def.body, x, env, sv);
                }
                let old = env.enter_frame();
                let r = self.member_domain(&def.body, x, env, sv);
                env.leave_frame(old);
                r
            }
            _ => Ok(None),
        }
    }

    /// Whether `d` is the standard operator `module!name` implemented natively.
    fn is_native(&self, d: tla_sema::ir::DefId, module: &str, name: &str) -> bool {
        let def = self.spec.def(d);
        self.natives[d.index()].is_some()
            && def.name == name
            && self.spec.module(def.module).name == module
    }
}

impl Evaluator<'_> {
    /// The elements of a set that goes whole into a collected one (a union): an interval past
    /// -maxSetSize is refused before it is built, as TLC's ValueVec refuses it while growing.
    fn collected(&self, set: &Value, loc: Loc) -> EResult<SetValue> {
        if self.too_large_to_build(set) {
            self.check_set_size(self.max_set_size + 1, loc)?;
        }
        enumerate(set, loc)
    }

    /// An interval or a lazy finite set with more elements than -maxSetSize: TLC walks it
    /// where it can, and its ValueVec refuses it where it would be built.
    pub(crate) fn too_large_to_build(&self, set: &Value) -> bool {
        match set {
            Value::Interval(lo, hi) => hi - lo >= self.max_set_size as i64,
            Value::Subset(_) | Value::FuncSet(_) | Value::RecordSet(_) | Value::Product(_) => set
                .cardinality()
                .map_or(true, |n| n > self.max_set_size as i64),
            _ => false,
        }
    }
}

/// An explicit set or an interval: the sets TLC's set operators reduce element by element
/// (`Reducible`), where the other forms stay lazy.
fn reducible(v: &Value) -> bool {
    matches!(v, Value::Set(_) | Value::Interval(..))
}

/// `lo..hi \subseteq b` as TLC's IntervalValue.isSubsetEq: inside an interval by the
/// bounds, otherwise walked element by element, never built.
fn interval_subseteq((lo, hi): (i64, i64), b: &Value, loc: Loc) -> EResult<bool> {
    if let Value::Interval(l2, h2) = *b {
        if l2 <= lo && h2 >= hi {
            return Ok(true);
        }
    }
    for n in lo..=hi {
        if !member(b, &Value::Int(n), loc)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `a \subseteq b` for an enumerable `a`: every element of `a` in `b`.
fn subset_of(a: &Value, b: &Value, loc: Loc) -> EResult<bool> {
    for x in a.set_iter().at(loc)? {
        if !member(b, &x, loc)? {
            return Ok(false);
        }
    }
    Ok(true)
}

pub(crate) fn member(set: &Value, x: &Value, loc: Loc) -> EResult<bool> {
    set.member(x).at(loc)
}

pub(crate) fn enumerate(set: &Value, loc: Loc) -> EResult<SetValue> {
    set.enumerate().at(loc)
}

pub(crate) fn is_empty_set(v: &Value) -> bool {
    match v {
        Value::Set(s) => s.is_empty(),
        Value::Interval(lo, hi) => hi < lo,
        _ => false,
    }
}
