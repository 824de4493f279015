//! Level checking as SANY does it: each expression is constant, state, action or temporal, and
//! operators limit the level of their arguments (a primed expression must be at most state
//! level, `[]` must not be applied to a plain action, ...).
//!
//! A definition's level is computed with its parameters at constant level; per parameter it
//! records whether the argument raises the level of an application and the highest level an
//! argument may have (the lowest limit met where the parameter is used).

use crate::ir::*;
use crate::SemaError;
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Todo,
    Busy,
    Done,
}

struct Checker<'a> {
    spec: &'a mut Spec,
    state: Vec<State>,
    errors: Vec<SemaError>,
}

/// Parameters of the definition being checked: the limit met so far and whether used.
type ParamUse = HashMap<LocalId, (Level, bool)>;

pub fn check(spec: &mut Spec) -> Vec<SemaError> {
    let n = spec.defs.len();
    let mut c = Checker {
        spec,
        state: vec![State::Todo; n],
        errors: Vec::new(),
    };
    for d in 0..n {
        c.def(DefId(d as u32));
    }
    for m in 0..c.spec.modules.len() {
        let mut assumptions = std::mem::take(&mut c.spec.modules[m].assumptions);
        for a in &mut assumptions {
            let l = c.expr(&mut a.expr, Level::Temporal, &mut ParamUse::new());
            if l > Level::Constant {
                c.error(
                    a.expr.loc,
                    "Level error: an ASSUME must be a constant-level formula",
                );
            }
        }
        c.spec.modules[m].assumptions = assumptions;
    }
    c.errors
}

impl Checker<'_> {
    fn error(&mut self, loc: Loc, message: impl Into<String>) {
        self.errors.push(SemaError {
            loc: Some(loc),
            message: message.into(),
        });
    }

    fn def(&mut self, d: DefId) {
        if self.state[d.index()] != State::Todo {
            return;
        }
        self.state[d.index()] = State::Busy;
        let def = &mut self.spec.defs[d.index()];
        let mut body = std::mem::replace(
            &mut def.body,
            Expr {
                kind: ExprKind::Bool(false),
                loc: def.loc,
                level: Level::Constant,
            },
        );
        let mut params: ParamUse = def
            .params
            .iter()
            .map(|p| (p.local, (Level::Temporal, false)))
            .collect();
        let level = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            self.expr(&mut body, Level::Temporal, &mut params)
        });
        let def = &mut self.spec.defs[d.index()];
        def.body = body;
        def.level = level;
        def.param_max = def.params.iter().map(|p| params[&p.local].0).collect();
        def.param_raises = def.params.iter().map(|p| params[&p.local].1).collect();
        self.state[d.index()] = State::Done;
    }

    /// The level of `e` (stored in it); `allowed` is the limit the context puts on it, used
    /// to learn the limits of parameters.
    fn expr(&mut self, e: &mut Expr, allowed: Level, pu: &mut ParamUse) -> Level {
        let level = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            self.expr_inner(e, allowed, pu)
        });
        e.level = level;
        level
    }

    /// A subexpression that may be at most `max`; a higher one is a level error.
    fn limited(
        &mut self,
        e: &mut Expr,
        max: Level,
        allowed: Level,
        what: &str,
        pu: &mut ParamUse,
    ) -> Level {
        let l = self.expr(e, allowed.min(max), pu);
        if l > max {
            let msg = format!(
                "Level error in {what}: the argument has {} level, but at most {} level is allowed here.",
                l.name(),
                max.name()
            );
            self.error(e.loc, msg);
        }
        l
    }

    fn all(
        &mut self,
        es: &mut [Expr],
        max: Level,
        allowed: Level,
        what: &str,
        pu: &mut ParamUse,
    ) -> Level {
        let mut l = Level::Constant;
        for e in es {
            l = l.max(self.limited(e, max, allowed, what, pu));
        }
        l
    }

    fn bounds(&mut self, bounds: &mut [Bound], allowed: Level, pu: &mut ParamUse) -> Level {
        let mut l = Level::Constant;
        for b in bounds {
            l = l.max(self.limited(&mut b.set, Level::Action, allowed, "a bound set", pu));
        }
        l
    }

    fn expr_inner(&mut self, e: &mut Expr, allowed: Level, pu: &mut ParamUse) -> Level {
        use ExprKind::*;
        const A: Level = Level::Action;
        let loc = e.loc;
        match &mut e.kind {
            Bool(_) | Num(_) | Decimal(_) | Str(_) | Const(_) | At | OpArg(_) => Level::Constant,
            Local(id) => {
                if let Some((max, used)) = pu.get_mut(id) {
                    *max = (*max).min(allowed);
                    *used = true;
                }
                Level::Constant
            }
            Var(_) => Level::State,
            Call(d, args) => {
                let d = *d;
                self.def(d);
                let done = self.state[d.index()] == State::Done;
                let def = &self.spec.defs[d.index()];
                let (name, base) = (def.name.clone(), def.level);
                let (maxes, raises) = if done {
                    (def.param_max.clone(), def.param_raises.clone())
                } else {
                    (vec![Level::Temporal; args.len()], vec![true; args.len()])
                };
                let mut level = base;
                for (i, a) in args.iter_mut().enumerate() {
                    let max = maxes.get(i).copied().unwrap_or(Level::Temporal);
                    let l = self.expr(a, allowed.min(max), pu);
                    if l > max {
                        let msg = format!(
                            "Level error in applying operator {name}:\nThe level of argument {} exceeds the maximum level allowed by the operator.",
                            i + 1
                        );
                        self.error(a.loc, msg);
                    }
                    if raises.get(i).copied().unwrap_or(true) {
                        level = level.max(l);
                    }
                }
                level
            }
            CallConst(_, args) | CallParam(_, args) => {
                self.all(args, A, allowed, "an operator argument", pu)
            }
            Builtin(b, args) => self.builtin(*b, args, allowed, loc, pu),
            Junction(_, items) => {
                let mut l = Level::Constant;
                for it in items {
                    l = l.max(self.expr(it, allowed, pu));
                }
                l
            }
            Quant(_, bounds, body) => {
                let b = self.bounds(bounds, allowed, pu);
                b.max(self.expr(body, allowed, pu))
            }
            UnboundedQuant(_, _, body) => self.expr(body, allowed, pu),
            TemporalQuant(_, _, body) => {
                self.expr(body, allowed, pu);
                Level::Temporal
            }
            Choose(_, _, set, body) => {
                let s = match set {
                    Some(s) => self.limited(s, A, allowed, "CHOOSE", pu),
                    None => Level::Constant,
                };
                s.max(self.limited(body, A, allowed, "CHOOSE", pu))
            }
            If(c, a, b) => {
                let c = self.limited(c, A, allowed, "IF", pu);
                let a = self.expr(a, allowed, pu);
                c.max(a).max(self.expr(b, allowed, pu))
            }
            Case(arms, other) => {
                let mut l = Level::Constant;
                for (g, v) in arms {
                    l = l.max(self.limited(g, A, allowed, "CASE", pu));
                    l = l.max(self.expr(v, allowed, pu));
                }
                if let Some(o) = other {
                    l = l.max(self.expr(o, allowed, pu));
                }
                l
            }
            Let(defs, body) => {
                for d in defs.clone() {
                    self.def(d);
                }
                self.expr(body, allowed, pu)
            }
            SetEnum(items) | Tuple(items) | Times(items) => {
                self.all(items, A, allowed, "a set or tuple", pu)
            }
            SetFilter(bound, pred) => {
                let b = self.bounds(std::slice::from_mut(&mut **bound), allowed, pu);
                b.max(self.limited(pred, A, allowed, "a set filter", pu))
            }
            SetMap(body, bounds) => {
                let b = self.bounds(bounds, allowed, pu);
                b.max(self.limited(body, A, allowed, "a set map", pu))
            }
            FunCons(bounds, body) => {
                let b = self.bounds(bounds, allowed, pu);
                b.max(self.limited(body, A, allowed, "a function", pu))
            }
            Record(fields) | RecordSet(fields) => {
                let mut l = Level::Constant;
                for (_, v) in fields {
                    l = l.max(self.limited(v, A, allowed, "a record", pu));
                }
                l
            }
            FunSet(a, b) => {
                let a = self.limited(a, A, allowed, "a function set", pu);
                a.max(self.limited(b, A, allowed, "a function set", pu))
            }
            FunApp(f, args) => {
                let f = self.limited(f, A, allowed, "a function application", pu);
                f.max(self.all(args, A, allowed, "a function application", pu))
            }
            Dot(r, _) => self.limited(r, A, allowed, "a record field", pu),
            Except(base, updates) => {
                let mut l = self.limited(base, A, allowed, "EXCEPT", pu);
                for u in updates {
                    for step in &mut u.path {
                        if let ExceptStep::Index(ix) = step {
                            l = l.max(self.all(ix, A, allowed, "EXCEPT", pu));
                        }
                    }
                    l = l.max(self.limited(&mut u.value, A, allowed, "EXCEPT", pu));
                }
                l
            }
            BoxAction(a, v) | AngleAction(a, v) => {
                self.limited(a, A, allowed, "[A]_v", pu);
                self.limited(v, Level::State, allowed, "the subscript of [A]_v", pu);
                Level::Action
            }
            Fair(_, v, a) => {
                self.limited(v, Level::State, allowed, "the subscript of WF/SF", pu);
                self.limited(a, A, allowed, "WF/SF", pu);
                Level::Temporal
            }
            Label(_, body) => self.expr(body, allowed, pu),
        }
    }

    fn builtin(
        &mut self,
        b: Builtin,
        args: &mut [Expr],
        allowed: Level,
        loc: Loc,
        pu: &mut ParamUse,
    ) -> Level {
        use Builtin::*;
        let op_error = |name: &str| {
            format!(
                "Level error in applying operator {name}:\nThe level of argument 1 exceeds the maximum level allowed by the operator."
            )
        };
        match b {
            Prime | Unchanged => {
                let name = if b == Prime { "'" } else { "UNCHANGED" };
                let l = self.expr(&mut args[0], allowed.min(Level::State), pu);
                if l > Level::State {
                    self.error(args[0].loc, op_error(name));
                }
                if l == Level::Constant {
                    Level::Constant
                } else {
                    Level::Action
                }
            }
            Enabled => {
                let l = self.expr(&mut args[0], allowed.min(Level::Action), pu);
                if l > Level::Action {
                    self.error(args[0].loc, op_error("ENABLED"));
                }
                Level::State
            }
            Always | Eventually => {
                let l = self.expr(&mut args[0], allowed, pu);
                let boxed = matches!(args[0].kind, ExprKind::BoxAction(..));
                let angled = matches!(args[0].kind, ExprKind::AngleAction(..));
                if l == Level::Action && b == Always && !boxed {
                    self.error(loc, "[] followed by action not of form [A]_v.");
                }
                if l == Level::Action && b == Eventually && !angled {
                    self.error(loc, "<> followed by action not of form <<A>>_v.");
                }
                if l == Level::Constant {
                    Level::Constant
                } else {
                    Level::Temporal
                }
            }
            LeadsTo | WhilePlus => {
                for a in args.iter_mut() {
                    self.expr(a, allowed, pu);
                }
                Level::Temporal
            }
            And | Or | Not | Implies | Equiv => {
                let mut l = Level::Constant;
                for a in args.iter_mut() {
                    l = l.max(self.expr(a, allowed, pu));
                }
                l
            }
            Cdot => self
                .all(args, Level::Action, allowed, "\\cdot", pu)
                .max(Level::Action),
            _ => self.all(args, Level::Action, allowed, "a non-temporal operator", pu),
        }
    }
}
