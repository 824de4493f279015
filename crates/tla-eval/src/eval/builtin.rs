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
        match b {
            And => Ok(Value::Bool(
                self.bool_of(&args[0], env, sv)? && self.bool_of(&args[1], env, sv)?,
            )),
            Or => Ok(Value::Bool(
                self.bool_of(&args[0], env, sv)? || self.bool_of(&args[1], env, sv)?,
            )),
            Implies => Ok(Value::Bool(
                !self.bool_of(&args[0], env, sv)? || self.bool_of(&args[1], env, sv)?,
            )),
            Not => Ok(Value::Bool(!self.bool_of(&args[0], env, sv)?)),
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
            _ => {
                let vals = self.values(args, env, sv)?;
                self.builtin_values(b, vals, loc)
            }
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
            Cup => {
                let b = enumerate(&vals[1], loc)?;
                let a = enumerate(&vals[0], loc)?;
                Value::Set(a.union(&b).at(loc)?)
            }
            Cap => {
                let a = enumerate(&vals[0], loc)?;
                let mut out = Vec::new();
                for x in a.iter() {
                    if member(&vals[1], x, loc)? {
                        out.push(x.clone());
                    }
                }
                Value::Set(SetValue::from_sorted_unchecked(out))
            }
            SetMinus => {
                let a = enumerate(&vals[0], loc)?;
                let mut out = Vec::new();
                for x in a.iter() {
                    if !member(&vals[1], x, loc)? {
                        out.push(x.clone());
                    }
                }
                Value::Set(SetValue::from_sorted_unchecked(out))
            }
            Subseteq => {
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
                    for x in enumerate(s, loc)?.iter() {
                        b.push(x.clone());
                    }
                }
                Value::Set(b.finish().at(loc)?)
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

pub(crate) fn member(set: &Value, x: &Value, loc: Loc) -> EResult<bool> {
    set.member(x).at(loc)
}

pub(crate) fn enumerate(set: &Value, loc: Loc) -> EResult<SetValue> {
    set.enumerate().at(loc)
}
