//! Formulas evaluated to a Boolean directly.
//!
//! Invariants, guards and set filters are trees of `/\`, `\/`, `~`, `=>`, `=`, `\in` and
//! quantifiers. `bool_of` answers those nodes as Booleans, without building a `Value` and
//! entering `expr_node`'s large frame at every node; `expr_node` and `builtin` evaluate the same
//! nodes through the same functions here, so both ways give the same values and errors.

use super::{kind_name, Evaluator};
use crate::env::{Env, StateView};
use crate::error::{AtLoc, EResult, EvalError};
use crate::value::Value;
use tla_sema::ir::{Bound, Builtin, Expr, ExprKind, Junction, Loc, Quantifier};

impl Evaluator<'_> {
    pub(crate) fn bool_of(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        if let ExprKind::Bool(b) = e.kind {
            return Ok(b);
        }
        if env.interpreting == 0 {
            if let Some(n) = self.compiled(e) {
                return self.run_compiled_bool(n, e, env, sv);
            }
        }
        self.bool_of_node(e, env, sv)
            .map_err(|err| err.framed(e.loc))
    }

    /// `e` as a formula, interpreting its node.
    pub(super) fn bool_of_node(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        let direct = match &e.kind {
            ExprKind::Bool(b) => return Ok(*b),
            ExprKind::Junction(j, items) => Some(self.junction(*j, items, env, sv)),
            ExprKind::Quant(q, bounds, body) => Some(self.quantified(*q, bounds, body, env, sv)),
            ExprKind::Builtin(b, args) => self.bool_builtin(*b, args, env, sv, e.loc),
            _ => None,
        };
        if let Some(r) = direct {
            return r;
        }
        match self.expr_node(e, env, sv)? {
            Value::Bool(b) => Ok(b),
            other => {
                let mut err = EvalError::at(
                    format!(
                        "A non-boolean expression ({}) was used as a formula:\n{}",
                        kind_name(&other),
                        other
                    ),
                    e.loc,
                );
                err.non_boolean = Some(kind_name(&other));
                Err(err)
            }
        }
    }

    /// `/\ items` or `\/ items`, left to right, stopping at the first item that decides.
    #[inline]
    pub(super) fn junction(
        &self,
        j: Junction,
        items: &[Expr],
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<bool> {
        let want = j == Junction::Or;
        for it in items {
            match self.bool_of(it, env, sv) {
                Ok(b) if b == want => return Ok(want),
                Ok(_) => {}
                Err(err) => {
                    let what = if want { "disjunction" } else { "conjunction" };
                    return Err(self.junction_item_error(err, it, what));
                }
            }
        }
        Ok(!want)
    }

    /// `\A bounds : body` or `\E bounds : body`, stopping at the first element that decides.
    #[inline]
    pub(super) fn quantified(
        &self,
        q: Quantifier,
        bounds: &[Bound],
        body: &Expr,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<bool> {
        let want = q == Quantifier::Exists;
        let mut found = false;
        self.for_each_binding(bounds, env, sv, &mut |ev, env| {
            if ev.bool_of(body, env, sv)? == want {
                found = true;
                return Ok(false);
            }
            Ok(true)
        })?;
        Ok(if want { found } else { !found })
    }

    /// The built-in operators whose value is a Boolean computed from their operands' forms
    /// (`None` for the others).
    #[inline]
    pub(super) fn bool_builtin(
        &self,
        b: Builtin,
        args: &[Expr],
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> Option<EResult<bool>> {
        Some(match (b, args) {
            (Builtin::And, [a, c]) => self
                .bool_of(a, env, sv)
                .and_then(|x| Ok(x && self.bool_of(c, env, sv)?)),
            (Builtin::Or, [a, c]) => self
                .bool_of(a, env, sv)
                .and_then(|x| Ok(x || self.bool_of(c, env, sv)?)),
            (Builtin::Implies, [a, c]) => self
                .bool_of(a, env, sv)
                .and_then(|x| Ok(!x || self.bool_of(c, env, sv)?)),
            (Builtin::Not, [a]) => self.bool_of(a, env, sv).map(|x| !x),
            (Builtin::In | Builtin::NotIn, [a, s]) => self
                .expr(a, env, sv)
                .and_then(|x| self.member_expr(s, &x, env, sv))
                .map(|m| m == (b == Builtin::In)),
            (Builtin::Eq | Builtin::Neq, [a, c]) => self
                .equal(a, c, env, sv, loc)
                .map(|q| q == (b == Builtin::Eq)),
            _ => return None,
        })
    }

    /// `a = c`, TLC's equality (and its errors) at `loc`.
    fn equal(&self, a: &Expr, c: &Expr, env: &mut Env, sv: &StateView, loc: Loc) -> EResult<bool> {
        let x = self.expr(a, env, sv)?;
        let y = self.expr(c, env, sv)?;
        x.tlc_eq(&y).at(loc)
    }
}
