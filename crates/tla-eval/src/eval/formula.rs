//! Formulas evaluated to a Boolean directly.
//!
//! Invariants, guards and set filters are trees of `/\`, `\/`, `~`, `=>`, `=`, `\in` and
//! quantifiers. Evaluating each node to a `Value` and testing it again one level up went through
//! `expr_node`'s large frame at every node; here those nodes are answered as Booleans, by the
//! same code `expr_node` runs for them (same order of evaluation, same errors), and every other
//! node is evaluated as before.

use super::{kind_name, Evaluator};
use crate::env::{Env, StateView};
use crate::error::{AtLoc, EResult, EvalError};
use crate::value::Value;
use tla_sema::ir::{Builtin, Expr, ExprKind, Junction, Quantifier};

impl Evaluator<'_> {
    pub(crate) fn bool_of(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        match &e.kind {
            ExprKind::Bool(b) => return Ok(*b),
            ExprKind::Junction(j, items) => {
                let want = *j == Junction::Or;
                for it in items {
                    if self.bool_of(it, env, sv)? == want {
                        return Ok(want);
                    }
                }
                return Ok(!want);
            }
            ExprKind::Quant(q, bounds, body) => {
                let want = *q == Quantifier::Exists;
                let mut found = false;
                self.for_each_binding(bounds, env, sv, &mut |ev, env| {
                    if ev.bool_of(body, env, sv)? == want {
                        found = true;
                        return Ok(false);
                    }
                    Ok(true)
                })?;
                return Ok(if want { found } else { !found });
            }
            ExprKind::Builtin(b, args) => match (b, args.as_slice()) {
                (Builtin::And, [a, c]) => {
                    return Ok(self.bool_of(a, env, sv)? && self.bool_of(c, env, sv)?)
                }
                (Builtin::Or, [a, c]) => {
                    return Ok(self.bool_of(a, env, sv)? || self.bool_of(c, env, sv)?)
                }
                (Builtin::Implies, [a, c]) => {
                    return Ok(!self.bool_of(a, env, sv)? || self.bool_of(c, env, sv)?)
                }
                (Builtin::Not, [a]) => return Ok(!self.bool_of(a, env, sv)?),
                (Builtin::In | Builtin::NotIn, [a, s]) => {
                    let x = self.expr(a, env, sv)?;
                    let m = self.member_expr(s, &x, env, sv)?;
                    return Ok(m == (*b == Builtin::In));
                }
                (Builtin::Eq | Builtin::Neq, [a, c]) => {
                    let x = self.expr(a, env, sv)?;
                    let y = self.expr(c, env, sv)?;
                    return Ok(x.tlc_eq(&y).at(e.loc)? == (*b == Builtin::Eq));
                }
                _ => {}
            },
            _ => {}
        }
        match self.expr(e, env, sv)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::at(
                format!(
                    "A non-boolean expression ({}) was used as a formula:\n{}",
                    kind_name(&other),
                    other
                ),
                e.loc,
            )),
        }
    }
}
