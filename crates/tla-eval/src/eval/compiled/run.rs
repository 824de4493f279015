//! Running compiled steps: each gives the interpreter's value, or gives up (`Bail`).

use super::{bail, Bail, Base, ExceptArm, Node, Place, Run, Step, MAX_EXCEPT_KEYS, MAX_STEPS};
use crate::env::{Binding, Env, ExprRef, StateView};
use crate::error::AtLoc;
use crate::eval::expr::AT;
use crate::eval::Evaluator;
use crate::value::Value;
use tla_sema::ir::{DefId, Loc, LocalId};

impl Evaluator<'_> {
    pub(super) fn run(&self, n: &Node, env: &mut Env, sv: &StateView) -> Run<Value> {
        match n {
            Node::Place(p) => match self.find(p, env, sv)? {
                Some(v) => Ok(v.clone()),
                None => self.place_by_call(p, env, sv),
            },
            Node::Folded(kept, e) => {
                kept.get_or_eval(|| self.expr_node(e.get(), env, sv).map_err(bail))
            }
            Node::Path(base, steps, int_keys, e) => {
                if *int_keys {
                    if let Some(v) = self.path_in_place(base, steps, env, sv)? {
                        return Ok(v.clone());
                    }
                }
                self.run_path(base, steps, e, env, sv)
            }
            Node::IntOp(op, d, args, hands, e) => {
                if self.overrides[d.index()].is_some() {
                    return self.expr_node(e.get(), env, sv).map_err(bail);
                }
                if let Some((i, j)) = self.both_ints(hands, args, env, sv)? {
                    if let Some(v) = op.apply(i, j) {
                        return Ok(v);
                    }
                }
                let x = self.run(&args[0], env, sv)?;
                let y = self.run(&args[1], env, sv)?;
                if let (Value::Int(i), Value::Int(j)) = (&x, &y) {
                    if let Some(v) = op.apply(*i, *j) {
                        return Ok(v);
                    }
                }
                self.int_op_native(*d, x, y, e, env, sv)
            }
            Node::If(parts) => {
                let branch = self.branch(parts, env, sv)?;
                self.run(branch, env, sv)
            }
            Node::Native(native, args, loc) => match &args[..] {
                [a] => {
                    let b = [Binding::Val(self.run(a, env, sv)?)];
                    native(self, env, sv, &b, *loc).map_err(bail)
                }
                [a, b] => {
                    let b = [
                        Binding::Val(self.run(a, env, sv)?),
                        Binding::Val(self.run(b, env, sv)?),
                    ];
                    native(self, env, sv, &b, *loc).map_err(bail)
                }
                _ => {
                    let b = self.run_bindings(args, env, sv)?;
                    native(self, env, sv, &b, *loc).map_err(bail)
                }
            },
            Node::Len(native) => match self.len_in_place(native, env, sv)? {
                Some(n) => Ok(Value::Int(n)),
                None => self.run(native, env, sv),
            },
            Node::Call(d, args) => match &args[..] {
                [a] => {
                    // A trace spec's `IsRecvMsg(logline)` for every successor: a guard
                    // answered FALSE for this very argument answers without a copy.
                    if self.guard_lengths()[d.index()] > 0 {
                        let arg = self.in_place(a, env, sv)?;
                        if arg.is_some_and(|v| self.guard_known_false(*d, v)) {
                            return Ok(Value::FALSE);
                        }
                    }
                    let b = [Binding::Val(self.run(a, env, sv)?)];
                    self.call_bound(*d, b, env, sv).map_err(bail)
                }
                _ => {
                    let b = self.run_bindings(args, env, sv)?;
                    self.call_bound(*d, b, env, sv).map_err(bail)
                }
            },
            Node::Except(base, arms, loc) => self.run_except(base, arms, *loc, env, sv),
            Node::Choose(var, parts) => self.choose(*var, parts, env, sv),
            Node::Filter(var, parts, e) => self.filter(*var, parts, e, env, sv),
            Node::Tuple(items) => {
                // Sized up front, as `values` (no realloc when the tuple takes the buffer).
                let mut vals = Vec::with_capacity(items.len());
                for n in items.iter() {
                    vals.push(self.run(n, env, sv)?);
                }
                Ok(Value::tuple(vals))
            }
            Node::MinusOne(base, _, e) => self.minus_one(base, e, env, sv),
            Node::Record(domain, fields) => self.run_record(domain, fields, env, sv),
            Node::SetEnum(items) => self.run_set_enum(items, env, sv),
            Node::Cup(args, reducible, loc) => self.run_cup(args, *reducible, *loc, env, sv),
            Node::Fun(var, parts) => self.run_fun(*var, parts, env, sv),
            Node::SetMap(var, parts) => self.run_set_map(*var, parts, env, sv),
            Node::Let(defs, body) => self.run_let(defs, body, env, sv, Self::run),
            Node::Case(arms, other) => {
                let arm = self.case_arm(arms, other.as_deref(), env, sv)?;
                self.run(arm, env, sv)
            }
            // Its slot holds nothing: it would compile to `Interp` again.
            Node::Interp(e) => self.expr_node(e.get(), env, sv).map_err(bail),
            Node::Eq(..)
            | Node::Junction(..)
            | Node::Not(_)
            | Node::Implies(_)
            | Node::Quant(..)
            | Node::QuantMany(..)
            | Node::In(..)
            | Node::InDomain(..)
            | Node::InAt(..)
            | Node::InKept(..) => self.run_bool(n, env, sv).map(Value::Bool),
        }
    }

    pub(in crate::eval) fn run_bool(&self, n: &Node, env: &mut Env, sv: &StateView) -> Run<bool> {
        match n {
            Node::Eq(neq, args, _) => {
                if let Some(b) = self.bool_at_hand(n, env, sv)? {
                    return Ok(b);
                }
                let x = self.run(&args[0], env, sv)?;
                let y = self.run(&args[1], env, sv)?;
                x.tlc_eq(&y).map(|eq| eq != *neq).map_err(bail)
            }
            Node::Junction(or, items) => {
                for it in items.iter() {
                    let b = match self.bool_at_hand(it, env, sv)? {
                        Some(b) => b,
                        None => self.run_bool(it, env, sv)?,
                    };
                    if b == *or {
                        return Ok(*or);
                    }
                }
                Ok(!*or)
            }
            Node::Not(a) => Ok(!self.run_bool(a, env, sv)?),
            Node::IntOp(_, d, _, _, _) if self.overrides[d.index()].is_none() => {
                if let Some(b) = self.bool_at_hand(n, env, sv)? {
                    return Ok(b);
                }
                match self.run(n, env, sv)? {
                    Value::Bool(b) => Ok(b),
                    _ => Err(Bail),
                }
            }
            Node::Implies(args) => {
                Ok(!self.run_bool(&args[0], env, sv)? || self.run_bool(&args[1], env, sv)?)
            }
            Node::If(parts) => {
                let branch = self.branch(parts, env, sv)?;
                self.run_bool(branch, env, sv)
            }
            Node::Quant(exists, var, parts) => {
                let [set, body] = &**parts;
                if let Node::MinusOne(base, p, _) = set {
                    if let Some(answer) =
                        self.quant_minus_one(*exists, *var, base, *p, body, env, sv)?
                    {
                        return Ok(answer);
                    }
                }
                let owned;
                let set = match self.in_place(set, env, sv)? {
                    Some(s) => s,
                    None => {
                        owned = self.run(set, env, sv)?;
                        &owned
                    }
                };
                match set {
                    // An explicit set's elements straight from its slice, without the
                    // iterator over every form of set (`\E p \in BoundedSeq(S, n)`).
                    Value::Set(s) => {
                        let s = s.clone();
                        let elems = s.as_slice().iter().cloned();
                        self.quant_over(*exists, *var, body, elems, env, sv)
                    }
                    _ => {
                        let elems = set.set_iter().map_err(bail)?;
                        self.quant_over(*exists, *var, body, elems, env, sv)
                    }
                }
            }
            Node::QuantMany(exists, bounds, body) => {
                // As the interpreter (`for_each_binding`): every bound's set enumerated
                // first, in order, one list per name, the first name varying slowest.
                let mut lists = Vec::with_capacity(bounds.len() + 1);
                for (vars, set) in bounds.iter() {
                    let elems = match self.in_place(set, env, sv)? {
                        Some(s) => s.enumerate(),
                        None => self.run(set, env, sv)?.enumerate(),
                    }
                    .map_err(bail)?;
                    for var in vars.iter() {
                        lists.push((*var, elems.clone()));
                    }
                }
                let decided = self.quant_nest(*exists, &lists, body, env, sv)?;
                Ok(decided == *exists)
            }
            Node::In(not, elem, set) => {
                let x = self.run(elem, env, sv)?;
                let m = self.member_expr(set.get(), &x, env, sv).map_err(bail)?;
                Ok(m != *not)
            }
            Node::InDomain(not, elem, f, set) => {
                let x = self.run(elem, env, sv)?;
                let m = match self.find(f, env, sv)? {
                    // The domain's value asked as `member_value` asks it, the function found
                    // in place instead of evaluated again.
                    Some(Value::Func(fv)) => {
                        crate::eval::builtin::member(&fv.domain_value(), &x, set.get().loc)
                    }
                    _ => self.member_expr(set.get(), &x, env, sv),
                };
                Ok(m.map_err(bail)? != *not)
            }
            Node::InAt(not, elem, set) => {
                if let Node::Tuple(items) = &**elem {
                    if let Some(m) = self.tuple_in_place(items, set, env, sv)? {
                        return Ok(m != *not);
                    }
                }
                let x = self.run(elem, env, sv)?;
                Ok(self.member_at(set, &x, env, sv)? != *not)
            }
            Node::InKept(not, elem, kept, set) => {
                use crate::eval::builtin::member;
                let set = set.get();
                let built = kept.get_or_init(|| self.expr_node(set, env, sv).ok());
                let m = match built {
                    Some(s) => match self.in_place(elem, env, sv)? {
                        Some(x) => member(s, x, set.loc),
                        None => member(s, &self.run(elem, env, sv)?, set.loc),
                    },
                    None => {
                        let x = self.run(elem, env, sv)?;
                        self.member_expr(set, &x, env, sv)
                    }
                };
                Ok(m.map_err(bail)? != *not)
            }
            Node::Interp(e) => self.bool_of_node(e.get(), env, sv).map_err(bail),
            Node::Let(defs, body) => self.run_let(defs, body, env, sv, Self::run_bool),
            Node::Case(arms, other) => {
                let arm = self.case_arm(arms, other.as_deref(), env, sv)?;
                self.run_bool(arm, env, sv)
            }
            _ => match self.run(n, env, sv)? {
                Value::Bool(b) => Ok(b),
                _ => Err(Bail),
            },
        }
    }

    /// A comparison's truth when it compares values found in place (`p[1] = s`,
    /// `Len(p) > 1`); a junction asks it of each conjunct before calling `run_bool`. `None`:
    /// the operands are computed (`run_bool` decides; only the forms were looked at, or a
    /// name bound to something other than a value, found again there).
    #[inline(always)]
    fn bool_at_hand(&self, n: &Node, env: &Env, sv: &StateView) -> Run<Option<bool>> {
        match n {
            Node::Eq(neq, args, hands) => match self.both_in_place(hands, args, env, sv)? {
                Some((x, y)) => x.tlc_eq(y).map(|eq| Some(eq != *neq)).map_err(bail),
                None => Ok(None),
            },
            Node::IntOp(op, d, args, hands, _) if self.overrides[d.index()].is_none() => Ok(self
                .both_ints(hands, args, env, sv)?
                .and_then(|(i, j)| op.compare(i, j))),
            _ => Ok(None),
        }
    }

    /// `\E` (`exists`) or `\A` of `var` over `elems`: the first element whose body answers
    /// `exists` decides.
    #[inline]
    fn quant_over(
        &self,
        exists: bool,
        var: LocalId,
        body: &Node,
        elems: impl Iterator<Item = Value>,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<bool> {
        let mut elems = elems;
        let Some(first) = elems.next() else {
            return Ok(!exists);
        };
        // One binding, its value replaced for each element.
        let mark = env.len();
        env.push_val(var, first);
        let answer = loop {
            match self.run_bool(body, env, sv) {
                Ok(b) if b != exists => {}
                r => break r,
            }
            let Some(x) = elems.next() else {
                break Ok(!exists);
            };
            env.truncate(mark + 1);
            env.set_val(mark, x);
        };
        env.truncate(mark);
        answer
    }

    /// `{var \in set : pred}` for an explicit set or an interval, as the interpreter filters
    /// it: in the set's order, refused past the largest set it may build. Any other set is the
    /// interpreter's.
    fn filter(
        &self,
        var: LocalId,
        [set, pred]: &[Node; 2],
        e: &ExprRef,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let set = self.run(set, env, sv)?;
        let mut kept = Vec::new();
        let mut visit = |x: &Value| -> Run<()> {
            if with_bound(env, var, x.clone(), |env| self.run_bool(pred, env, sv))? {
                kept.push(x.clone());
                if kept.len() > self.max_set_size {
                    return Err(Bail);
                }
            }
            Ok(())
        };
        match &set {
            Value::Set(set) => set.iter().try_for_each(&mut visit)?,
            // An interval is walked in its order, as the interpreter walks it.
            Value::Interval(lo, hi) => (*lo..=*hi).try_for_each(|n| visit(&Value::Int(n)))?,
            _ => return self.expr_node(e.get(), env, sv).map_err(bail),
        }
        // A subset of a normalized set is still in order.
        Ok(Value::Set(crate::value::SetValue::from_sorted_unchecked(
            kept,
        )))
    }

    /// `CHOOSE var \in set : body`, walking the set as the interpreter does (`set_iter`).
    fn choose(
        &self,
        var: LocalId,
        [set, body]: &[Node; 2],
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let set = self.run(set, env, sv)?;
        for x in set.set_iter().map_err(bail)? {
            if with_bound(env, var, x.clone(), |env| self.run_bool(body, env, sv))? {
                return Ok(x);
            }
        }
        Err(Bail)
    }

    /// `\E var \in S \ {p} : body` (`\A` unless `exists`) walking S's elements other than p,
    /// for the forms of S whose difference the interpreter builds that way (an interval of
    /// integers, an explicit set of values of p's kind; `cap_or_minus_bound_name`), no larger
    /// than a set it may build. `None` for any other: the set is then built.
    #[allow(clippy::too_many_arguments)]
    fn quant_minus_one(
        &self,
        exists: bool,
        var: LocalId,
        base: &Node,
        p: LocalId,
        body: &Node,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Option<bool>> {
        let Some(Binding::Val(p)) = env.get(p) else {
            return Ok(None);
        };
        let p = p.clone();
        let set = self.run(base, env, sv)?;
        let same_kind = |x: &Value| {
            matches!(
                (x, &p),
                (Value::Int(_), Value::Int(_))
                    | (Value::Str(_), Value::Str(_))
                    | (Value::ModelValue(_), Value::ModelValue(_))
            )
        };
        // At most as many elements as the interpreter may build (`check_set_size`).
        let small = |n: usize| n <= self.max_set_size;
        match set {
            Value::Interval(lo, hi)
                if matches!(p, Value::Int(_))
                    && small(
                        usize::try_from(hi.saturating_sub(lo)).map_or(usize::MAX, |d| d + 1),
                    ) =>
            {
                let elems = (lo..=hi).map(Value::Int).filter(|x| *x != p);
                self.quant_over(exists, var, body, elems, env, sv).map(Some)
            }
            Value::Set(s) if small(s.len()) && s.iter().all(same_kind) => {
                let elems = s.iter().filter(|x| **x != p).cloned();
                self.quant_over(exists, var, body, elems, env, sv).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Whether some combination of the lists' elements (the first list outermost) makes
    /// `body` equal to `exists`: the element that decides the quantifier.
    fn quant_nest(
        &self,
        exists: bool,
        lists: &[(LocalId, crate::value::SetValue)],
        body: &Node,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<bool> {
        let Some(((var, elems), rest)) = lists.split_first() else {
            return Ok(self.run_bool(body, env, sv)? == exists);
        };
        let mark = env.len();
        for x in elems.iter() {
            env.push_val(*var, x.clone());
            let decided = self.quant_nest(exists, rest, body, env, sv);
            env.truncate(mark);
            if decided? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `<<a, b, ...>> \in set` for a set at hand, searched without making the tuple when the
    /// set is explicit; `None` when the items are too many to hold here, with nothing run.
    fn tuple_in_place(
        &self,
        items: &[Node],
        set: &Place,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Option<bool>> {
        if items.len() > MAX_PROBE_ITEMS {
            return Ok(None);
        }
        let mut buf: [Value; MAX_PROBE_ITEMS] = [const { Value::FALSE }; MAX_PROBE_ITEMS];
        for (slot, n) in buf.iter_mut().zip(items.iter()) {
            *slot = self.run(n, env, sv)?;
        }
        let vals = &buf[..items.len()];
        if let Some(Value::Set(s)) = self.find(set, env, sv)? {
            return s
                .contains_tuple(vals)
                .at(set.src.get().loc)
                .map(Some)
                .map_err(bail);
        }
        // Another form of set (found again: a look-up) is searched for the tuple made.
        self.member_at(set, &Value::tuple(vals.to_vec()), env, sv)
            .map(Some)
    }

    /// `x \in set` for a set at hand, searched in place; what `member_expr` answers when the
    /// set is not a value at hand.
    fn member_at(&self, set: &Place, x: &Value, env: &mut Env, sv: &StateView) -> Run<bool> {
        let m = match self.find(set, env, sv)? {
            Some(s) => crate::eval::builtin::member(s, x, set.src.get().loc),
            None => self.member_expr(set.src.get(), x, env, sv),
        };
        m.map_err(bail)
    }

    /// The values of a call's arguments, bound as parameters.
    fn run_bindings(&self, args: &[Node], env: &mut Env, sv: &StateView) -> Run<Vec<Binding>> {
        args.iter()
            .map(|a| Ok(Binding::Val(self.run(a, env, sv)?)))
            .collect()
    }

    /// The branch of `IF c THEN a ELSE b` that `c` chooses.
    #[inline]
    fn branch<'n>(&self, parts: &'n [Node; 3], env: &mut Env, sv: &StateView) -> Run<&'n Node> {
        let [c, a, b] = parts;
        Ok(if self.run_bool(c, env, sv)? { a } else { b })
    }

    /// `n`'s integer, when it is one found without making a value.
    #[inline]
    pub(super) fn int_at_hand(&self, n: &Node, env: &Env, sv: &StateView) -> Run<Option<i64>> {
        if let Node::Len(native) = n {
            return self.len_in_place(native, env, sv);
        }
        Ok(match self.in_place(n, env, sv)? {
            Some(Value::Int(i)) => Some(*i),
            _ => None,
        })
    }

    /// The length of the sequence `Len`'s call `native` measures, when that sequence is at
    /// hand (anything else goes to the native operator, for its value or error).
    #[inline]
    fn len_in_place(&self, native: &Node, env: &Env, sv: &StateView) -> Run<Option<i64>> {
        let Node::Native(_, args, _) = native else {
            return Ok(None);
        };
        Ok(super::hand::seq_len(self.in_place(&args[0], env, sv)?))
    }

    /// The value of `n` by reference, when it is a place (or a path with integer keys) found
    /// without the interpreter, or a value kept already: no copy (whose count another worker
    /// may be updating too).
    #[inline]
    pub(super) fn in_place<'v>(
        &'v self,
        n: &'v Node,
        env: &'v Env,
        sv: &StateView<'v>,
    ) -> Run<Option<&'v Value>> {
        match n {
            Node::Place(p) => self.find(p, env, sv),
            Node::Folded(kept, _) => Ok(kept.get()),
            Node::Path(base, steps, true, _) => self.path_in_place(base, steps, env, sv),
            _ => Ok(None),
        }
    }

    /// The part of a value at hand a path reaches, by reference, when each computed key is
    /// an integer found without binding anything (`int_now`); `None` otherwise.
    fn path_in_place<'v>(
        &'v self,
        base: &'v Base,
        steps: &'v [Step],
        env: &'v Env,
        sv: &StateView<'v>,
    ) -> Run<Option<&'v Value>> {
        // The keys first, as `run_path` computes them.
        let mut ints = [0i64; MAX_STEPS];
        for (i, step) in steps.iter().enumerate() {
            if let Step::Arg(a) = step {
                match self.int_now(a, env, sv)? {
                    Some(k) => ints[i] = k,
                    None => return Ok(None),
                }
            }
        }
        self.walk(base, steps, env, sv, |v, i| match v {
            Value::Func(f) => f.select_int(ints[i]).ok().flatten().ok_or(Bail),
            _ => Err(Bail),
        })
    }

    /// The part of the value at `base` that `steps` reach, a computed key's part found by
    /// `arg_part` (of the value and the step's position); `None` when the base or a key at
    /// hand is not a value.
    #[inline]
    fn walk<'v>(
        &'v self,
        base: &'v Base,
        steps: &'v [Step],
        env: &'v Env,
        sv: &StateView<'v>,
        arg_part: impl Fn(&'v Value, usize) -> Run<&'v Value>,
    ) -> Run<Option<&'v Value>> {
        let Some(mut v) = self.at_hand(base, env, sv)? else {
            return Ok(None);
        };
        for (i, step) in steps.iter().enumerate() {
            v = match step {
                Step::Arg(_) => arg_part(v, i)?,
                Step::Key(k) => match self.at_hand(k, env, sv)? {
                    Some(key) => self.select_one(v, key)?,
                    None => return Ok(None),
                },
            };
        }
        Ok(Some(v))
    }

    /// `n`'s integer, when found without binding anything: a place's, a sequence's length,
    /// or Naturals' operator on such (in range; anything else is left to `run`).
    fn int_now(&self, n: &Node, env: &Env, sv: &StateView) -> Run<Option<i64>> {
        let Node::IntOp(op, d, args, hands, _) = n else {
            return self.int_at_hand(n, env, sv);
        };
        if self.overrides[d.index()].is_some() {
            return Ok(None);
        }
        // Operands at hand (`i + 1`) without a call each; nested operators by recursion.
        let (i, j) = match self.both_ints(hands, args, env, sv)? {
            Some(ij) => ij,
            None => {
                let Some(i) = self.int_now(&args[0], env, sv)? else {
                    return Ok(None);
                };
                let Some(j) = self.int_now(&args[1], env, sv)? else {
                    return Ok(None);
                };
                (i, j)
            }
        };
        Ok(match op.apply(i, j) {
            Some(Value::Int(k)) => Some(k),
            _ => None,
        })
    }

    /// `x op y` for operands that are not both integers (or overflow): Naturals' operator
    /// decides, as when called.
    #[cold]
    #[inline(never)]
    fn int_op_native(
        &self,
        d: DefId,
        x: Value,
        y: Value,
        e: &ExprRef,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let native = self.natives[d.index()].ok_or(Bail)?;
        let args = [Binding::Val(x), Binding::Val(y)];
        native(self, env, sv, &args, e.get().loc).map_err(bail)
    }

    #[inline(never)]
    fn run_except(
        &self,
        base: &Node,
        arms: &[ExceptArm],
        loc: Loc,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let mut v = self.run(base, env, sv)?;
        for arm in arms {
            let mut keys: [Value; MAX_EXCEPT_KEYS] = [const { Value::FALSE }; MAX_EXCEPT_KEYS];
            for (slot, step) in keys.iter_mut().zip(arm.keys.iter()) {
                *slot = match step {
                    Step::Key(k) => self.value_of_base(k, env, sv, loc)?.ok_or(Bail)?,
                    Step::Arg(a) => self.run(a, env, sv)?,
                };
            }
            v = self.except_at(v, &keys[..arm.keys.len()], &arm.value, env, sv)?;
        }
        Ok(v)
    }

    /// `v` with the part at `keys` replaced by `value`'s value, `@` bound to the old part.
    fn except_at(
        &self,
        v: Value,
        keys: &[Value],
        value: &Node,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let Some((k, rest)) = keys.split_first() else {
            env.push_val(AT, v);
            let r = self.run(value, env, sv);
            env.truncate(env.len() - 1);
            return r;
        };
        let i = match v.as_func() {
            Some(f) => f.index_of(k).ok().flatten().ok_or(Bail)?,
            None => return Err(Bail),
        };
        v.with_part_updated(i, |old| self.except_at(old, rest, value, env, sv))
    }

    /// `S \ {p}` as a value, S's value compiled, the difference as the interpreter's
    /// `cap_or_minus_bound_name` makes it (any other form of S: the interpreter's).
    #[inline(never)]
    fn minus_one(&self, base: &Node, e: &ExprRef, env: &mut Env, sv: &StateView) -> Run<Value> {
        let s = self.run(base, env, sv)?;
        let e = e.get();
        if let tla_sema::ir::ExprKind::Builtin(_, args) = &e.kind {
            if let Some(r) = self.cap_or_minus_bound_name(&s, &args[1], false, env, e.loc) {
                return r.map_err(bail);
            }
        }
        self.expr_node(e, env, sv).map_err(bail)
    }

    /// A place whose value is not at hand: a LET name not computed yet (at its first use, or
    /// anywhere in the enumerator, which opens no LET slots), as its base or a key, is asked
    /// of `call`, as the interpreter would ask it, and the part taken; a name bound to
    /// something other than a value is interpreted.
    #[inline(never)]
    fn place_by_call(&self, p: &Place, env: &mut Env, sv: &StateView) -> Run<Value> {
        let loc = p.src.get().loc;
        let mut v = match p.base {
            Base::Let(d) => self.call(d, &[], env, sv, loc).map_err(bail)?,
            Base::Def(d, primed) => {
                match self.def_value(d, primed, !p.keys.is_empty(), env, sv, loc)? {
                    Some(v) => v,
                    None => return self.expr_node(p.src.get(), env, sv).map_err(bail),
                }
            }
            _ => match self.value_of_base(&p.base, env, sv, loc)? {
                Some(v) => v,
                None => return self.expr_node(p.src.get(), env, sv).map_err(bail),
            },
        };
        if p.keys.is_empty() {
            return Ok(v);
        }
        if let Some(part) = self.select_keys(&v, &p.keys, env, sv)? {
            return Ok(part.clone());
        }
        for k in p.keys.iter() {
            let Some(key) = self.value_of_base(k, env, sv, loc)? else {
                return self.expr_node(p.src.get(), env, sv).map_err(bail);
            };
            v = self.select_one(&v, &key)?.clone();
        }
        Ok(v)
    }

    /// A base's value: at hand, or (a LET name) asked of `call`, which keeps it; `None` for a
    /// name bound to something other than a value, or a definition computed once whose value
    /// is not known yet: the interpreter applies such a one lazily (a recursive function
    /// `f[i] == ... f[i][1] ...` is applied at one point, never computed whole).
    fn value_of_base(
        &self,
        b: &Base,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> Run<Option<Value>> {
        if let Some(v) = self.at_hand(b, env, sv)? {
            return Ok(Some(v.clone()));
        }
        match b {
            Base::Let(d) => self.call(*d, &[], env, sv, loc).map(Some).map_err(bail),
            Base::Def(d, primed) => self.def_value(*d, *primed, false, env, sv, loc),
            _ => Ok(None),
        }
    }

    /// The value of a definition kept per state (`Base::Def`), from `call` as the interpreter
    /// gets it. Applied to keys (`applied`), only where `call` keeps it for the state: in
    /// initial states or an incomplete next state the interpreter applies its body at the
    /// point instead (`lazy_call`), and so `None`.
    fn def_value(
        &self,
        d: DefId,
        primed: bool,
        applied: bool,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> Run<Option<Value>> {
        let in_next;
        let sv = if primed {
            in_next = StateView {
                primed: true,
                ..*sv
            };
            &in_next
        } else {
            sv
        };
        if applied && self.state_memo_key(d, sv).is_none() {
            return Ok(None);
        }
        self.call(d, &[], env, sv, loc).map(Some).map_err(bail)
    }

    /// The value a place holds, in place; `None` when one of its names is bound to something
    /// other than a value (or a value computed once is not at hand): the interpreter
    /// evaluates it then.
    #[inline]
    fn find<'v>(
        &'v self,
        p: &'v Place,
        env: &'v Env,
        sv: &StateView<'v>,
    ) -> Run<Option<&'v Value>> {
        let Some(v) = self.at_hand(&p.base, env, sv)? else {
            return Ok(None);
        };
        if p.keys.is_empty() {
            return Ok(Some(v));
        }
        self.select_keys(v, &p.keys, env, sv)
    }

    /// `v[k1][k2]...` for keys at hand (out of line: most places have no key).
    #[inline(never)]
    fn select_keys<'v>(
        &'v self,
        mut v: &'v Value,
        keys: &'v [Base],
        env: &'v Env,
        sv: &StateView<'v>,
    ) -> Run<Option<&'v Value>> {
        for k in keys.iter() {
            let Some(key) = self.at_hand(k, env, sv)? else {
                return Ok(None);
            };
            v = self.select_one(v, key)?;
        }
        Ok(Some(v))
    }

    /// `v[key]` in place: the interpreter's error when `key` is outside the domain or `v`
    /// is not a function.
    #[inline(always)]
    pub(super) fn select_one<'v>(&self, v: &'v Value, key: &Value) -> Run<&'v Value> {
        match v {
            Value::Func(f) => f.select(key).ok().flatten().ok_or(Bail),
            _ => Err(Bail),
        }
    }

    #[inline]
    pub(super) fn at_hand<'v>(
        &'v self,
        b: &'v Base,
        env: &'v Env,
        sv: &StateView<'v>,
    ) -> Run<Option<&'v Value>> {
        Ok(match b {
            Base::Lit(v) => Some(v),
            Base::Var(x, loc) => Some(self.var_ref(*x, sv, *loc).map_err(bail)?),
            // What `var_ref` reads under a prime; not known yet: the interpreter's error.
            Base::Prime(x) => match sv.next.get(x.index()) {
                Some(Some(v)) => Some(v),
                _ => return Err(Bail),
            },
            Base::Local(id) => match env.get(*id) {
                Some(Binding::Val(v)) => Some(v),
                _ => None,
            },
            Base::Const(c) => match self.const_binding(*c) {
                Some(Binding::Val(v)) => Some(v),
                _ => return Err(Bail),
            },
            Base::Let(d) => env.let_value_of(*d),
            Base::Def(..) => None,
            Base::Cached(d) => {
                if self.cacheable[d.index()] {
                    self.cache[d.index()].get()
                } else {
                    None
                }
            }
        })
    }

    #[inline(never)]
    fn run_path(
        &self,
        base: &Base,
        steps: &[Step],
        e: &ExprRef,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        // The computed arguments first (they may bind names), then the parts in place.
        let mut args: [Value; MAX_STEPS] = [const { Value::FALSE }; MAX_STEPS];
        for (i, step) in steps.iter().enumerate() {
            if let Step::Arg(a) = step {
                args[i] = self.run(a, env, sv)?;
            }
        }
        let part = |v, i: usize| self.select_one(v, &args[i]);
        if let Some(v) = self.walk(base, steps, env, sv, part)? {
            return Ok(v.clone());
        }
        self.expr_node(e.get(), env, sv).map_err(bail)
    }
}

/// `f` run with `var` bound to `x`, the binding dropped after (the body of a filter, a
/// CHOOSE, a function or a set map, for one element).
#[inline]
pub(super) fn with_bound<T>(
    env: &mut Env,
    var: LocalId,
    x: Value,
    f: impl FnOnce(&mut Env) -> T,
) -> T {
    let mark = env.len();
    env.push_val(var, x);
    let r = f(env);
    env.truncate(mark);
    r
}

/// The most items of a tuple searched for in a set without being made (`tuple_in_place`).
const MAX_PROBE_ITEMS: usize = 4;
