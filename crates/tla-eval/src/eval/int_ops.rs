//! The integer operators of Naturals/Integers applied in place: `a + b`, `x <= y`, ... are met
//! on every path through a spec, and going through the general native call (argument
//! bindings, a function pointer, error locating) cost several times the arithmetic.
//!
//! Only the case where both operands are integers and the result is in TLC's range is
//! answered here; anything else (a non-integer, an overflow) goes to the native operator,
//! which raises TLC's error.

use super::Evaluator;
use crate::env::{Binding, Env, StateView};
use crate::error::EResult;
use crate::value::{int, Value};
use tla_sema::ir::{DefId, Expr, ExprKind, Loc, Spec};

/// A binary operator of Naturals on two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntOp {
    Add,
    Sub,
    Mul,
    /// `\div` and `%` (only answered for a divisor they accept).
    Div,
    Mod,
    Lt,
    Gt,
    Le,
    Ge,
}

impl IntOp {
    fn of(module: &str, name: &str) -> Option<IntOp> {
        if module != "Naturals" {
            return None;
        }
        Some(match name {
            "+" => IntOp::Add,
            "-" => IntOp::Sub,
            "*" => IntOp::Mul,
            "\\div" => IntOp::Div,
            "%" => IntOp::Mod,
            "<" => IntOp::Lt,
            ">" => IntOp::Gt,
            "<=" => IntOp::Le,
            ">=" => IntOp::Ge,
            _ => return None,
        })
    }

    /// The result of a comparison operator.
    #[inline]
    pub(super) fn compare(self, a: i64, b: i64) -> Option<bool> {
        match self {
            IntOp::Lt => Some(a < b),
            IntOp::Gt => Some(a > b),
            IntOp::Le => Some(a <= b),
            IntOp::Ge => Some(a >= b),
            _ => None,
        }
    }

    /// The result, when it is an integer in TLC's range or a Boolean.
    #[inline]
    pub(super) fn apply(self, a: i64, b: i64) -> Option<Value> {
        Some(match self {
            IntOp::Add => Value::Int(int::add(a, b).ok()?),
            IntOp::Sub => Value::Int(int::sub(a, b).ok()?),
            IntOp::Mul => Value::Int(int::mul(a, b).ok()?),
            IntOp::Div => Value::Int(int::div(a, b).ok()?),
            IntOp::Mod => Value::Int(int::modulo(a, b).ok()?),
            IntOp::Lt => Value::Bool(a < b),
            IntOp::Gt => Value::Bool(a > b),
            IntOp::Le => Value::Bool(a <= b),
            IntOp::Ge => Value::Bool(a >= b),
        })
    }
}

/// Per definition: the integer operator it is, if it is one of Naturals' binary operators.
pub(crate) fn int_ops(spec: &Spec) -> Vec<Option<IntOp>> {
    spec.defs
        .iter()
        .map(|d| IntOp::of(&spec.module(d.module).name, &d.name).filter(|_| d.params.len() == 2))
        .collect()
}

impl Evaluator<'_> {
    /// `a op b` for a native integer operator `d` (not replaced by the model).
    #[inline]
    pub(super) fn int_op_call(
        &self,
        d: DefId,
        a: &Expr,
        b: &Expr,
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> Option<EResult<Value>> {
        if matches!(a.kind, ExprKind::OpArg(_)) || matches!(b.kind, ExprKind::OpArg(_)) {
            return None;
        }
        let op = self.int_ops[d.index()]?;
        let native = self.natives[d.index()]?;
        let x = match self.expr(a, env, sv) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
        let y = match self.expr(b, env, sv) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        if let (Value::Int(i), Value::Int(j)) = (&x, &y) {
            if let Some(v) = op.apply(*i, *j) {
                return Some(Ok(v));
            }
        }
        let args = [Binding::Val(x), Binding::Val(y)];
        Some(super::located(native(self, env, sv, &args, loc), loc))
    }
}
