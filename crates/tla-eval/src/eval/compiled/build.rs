//! Running the compiled steps that build a value (a record, a set, a function) or open a
//! scope (LET, CASE), as the interpreter's nodes of the same forms do.

use super::run::with_bound;
use super::{bail, Bail, Node, Run};
use crate::env::{Env, StateView};
use crate::eval::builtin::is_empty_set;
use crate::eval::Evaluator;
use crate::value::{Domain, FuncKind, FuncValue, SetBuilder, SetValue, Value};
use tla_sema::ir::{Builtin, DefId, Loc, LocalId};

impl Evaluator<'_> {
    pub(super) fn run_record(
        &self,
        domain: &Domain,
        fields: &[(usize, Node)],
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let mut values = vec![Value::FALSE; fields.len()];
        for (at, n) in fields {
            values[*at] = self.run(n, env, sv)?;
        }
        let f = FuncValue::from_parts(FuncKind::Record, domain.clone(), values.into());
        Ok(Value::from_func(f))
    }

    pub(super) fn run_set_enum(&self, items: &[Node], env: &mut Env, sv: &StateView) -> Run<Value> {
        let mut b = SetBuilder::with_capacity(items.len());
        for n in items {
            b.push(self.run(n, env, sv)?);
        }
        b.finish().map(Value::Set).map_err(bail)
    }

    /// As the interpreter's `\cup`: an empty operand of a `Reducible` class gives the other
    /// operand as it is (an interval stays one).
    pub(super) fn run_cup(
        &self,
        [a, c]: &[Node; 2],
        reducible: [bool; 2],
        loc: Loc,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let left = self.run(a, env, sv)?;
        let left_reducible = reducible[0] || left.is_interval();
        if is_empty_set(&left) && left_reducible {
            return self.run(c, env, sv);
        }
        let right = self.run(c, env, sv)?;
        if is_empty_set(&right) && (reducible[1] || right.is_interval()) && !left_reducible {
            return Ok(left);
        }
        self.builtin_values(Builtin::Cup, vec![left, right], loc)
            .map_err(bail)
    }

    /// `[var \in set |-> body]`, its domain in the set's order.
    pub(super) fn run_fun(
        &self,
        var: LocalId,
        [set, body]: &[Node; 2],
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let set = self.run(set, env, sv)?;
        let dom: SetValue = set.enumerate().map_err(bail)?;
        let mut values = Vec::with_capacity(dom.len());
        for x in dom.iter() {
            values.push(with_bound(env, var, x.clone(), |env| {
                self.run(body, env, sv)
            })?);
        }
        let f = FuncValue::from_domain_set(&dom, values);
        // TLC's FcnRcdValue keeps an interval domain only when built on one.
        Ok(Value::from_func(f.holding_set_domain(!set.is_interval())))
    }

    /// `{body : var \in set}`, the set walked in its order as the interpreter walks it.
    pub(super) fn run_set_map(
        &self,
        var: LocalId,
        [set, body]: &[Node; 2],
        env: &mut Env,
        sv: &StateView,
    ) -> Run<Value> {
        let set = self.run(set, env, sv)?;
        let mut b = SetBuilder::new();
        let mut images = 0usize;
        for x in set.set_iter().map_err(bail)? {
            // The interpreter counts every image, duplicates included, against the bound.
            images += 1;
            if images > self.max_set_size {
                return Err(Bail);
            }
            b.push(with_bound(env, var, x, |env| self.run(body, env, sv))?);
        }
        b.finish().map(Value::Set).map_err(bail)
    }

    /// `LET ... IN body`: its definitions' slots open while the body runs, as the
    /// interpreter opens them (each computed at its first use).
    pub(super) fn run_let<T>(
        &self,
        defs: &[DefId],
        body: &Node,
        env: &mut Env,
        sv: &StateView,
        run: impl FnOnce(&Self, &Node, &mut Env, &StateView) -> Run<T>,
    ) -> Run<T> {
        let mark = env.open_let(defs.iter().copied());
        let r = run(self, body, env, sv);
        env.close_let(mark);
        r
    }

    /// The CASE arm whose guard holds first, or OTHER; none is the interpreter's error.
    pub(super) fn case_arm<'n>(
        &self,
        arms: &'n [(Node, Node)],
        other: Option<&'n Node>,
        env: &mut Env,
        sv: &StateView,
    ) -> Run<&'n Node> {
        for (guard, value) in arms {
            if self.run_bool(guard, env, sv)? {
                return Ok(value);
            }
        }
        other.ok_or(Bail)
    }
}
