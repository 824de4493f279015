//! Generating states as TLC does: the initial states from the initial predicate, and the
//! successors of a state from the next-state action.
//!
//! An action is read left to right as TLC's `getNextStates` reads it: a conjunction processes
//! its conjuncts in order; a disjunction, an `\E` over a finite set, `[A]_v`, and IF/CASE
//! branch; `x' = e` assigns x' when x' has no value yet (else it is a test); `x' \in S`
//! assigns each element of S in turn; UNCHANGED assigns x' = x; a call of a definition goes
//! into its body. Anything else is evaluated as a condition. Every branch that reaches the
//! end with all variables assigned yields a state, duplicates included: that is what TLC
//! counts as a generated state.

use crate::action_label::{ActionLabel, Labeller};
use crate::env::{Binding, Env, StateView};
use crate::error::{AtLoc, EResult, EvalError};
use crate::eval::Evaluator;
use crate::init_part::Part;
pub use crate::init_part::{InitKey, InitShares};
use crate::value::{SetValue, Value};
use tla_sema::ir::{Builtin, DefId, Expr, ExprKind, Junction, Level, LocalId, Quantifier, VarId};

/// Whether enumeration should go on (false stops it, e.g. once ENABLED has its answer).
pub type Go = bool;

/// Receives each generated state (every slot assigned) and the action that produced it:
/// the definition the next-state relation was split into, if any.
pub type Emit<'f> = &'f mut dyn FnMut(&[Option<Value>], Option<DefId>) -> EResult<Go>;

/// Receives each initial state of a worker's share with its place in the whole order.
pub type EmitKeyed<'f> = &'f mut dyn FnMut(&[Option<Value>], InitKey) -> EResult<Go>;

/// How many assignments a conjunction takes in its loop (`Run::conj`) before going on
/// through `step`.
const STRAIGHT_ASSIGNS: usize = 8;

/// The variable `UNCHANGED e` keeps when `e` names one (itself or a parameter passed it).
fn unchanged_var(e: &Expr, env: &Env) -> Option<VarId> {
    match &e.kind {
        ExprKind::Var(x) => Some(*x),
        ExprKind::Local(l) => match env.get(*l) {
            Some(Binding::Var(x, false)) => Some(*x),
            _ => None,
        },
        _ => None,
    }
}

/// Enters the call of action `d` in the labeller, with its parameters' values.
#[inline(never)]
fn enter_call(l: &Labeller, d: DefId, inner: &Env, params: &[tla_sema::ir::Param]) -> ActionLabel {
    let values = (params.iter())
        .filter_map(|p| match inner.get(p.local) {
            Some(Binding::Val(v)) => Some(v.clone()),
            _ => None,
        })
        .collect();
    l.enter_call(d, values)
}

/// How `Run::step` takes a conjunct (`Run::straight`).
enum Straight<'x> {
    Guard,
    /// `x' = value` (`x = value` in Init) with `x` not assigned yet.
    Assign(VarId, &'x Expr),
    Other,
}

type Cont<'c> =
    &'c mut dyn FnMut(&Run, &mut Env, &mut Vec<Option<Value>>, Option<DefId>) -> EResult<Go>;

struct Run<'e, 'a> {
    ev: &'e Evaluator<'a>,
    cur: &'e [Value],
    /// Initial-state mode: the unprimed variables are the ones being assigned.
    init: bool,
    /// This worker's share of a divided enumeration of Init.
    part: Option<&'e Part<'e>>,
    /// How many slots of the state being built have no value yet (kept, so that each step
    /// need not count them).
    unassigned: std::cell::Cell<usize>,
    /// When set, the TLC action each branch is in (`action_label.rs`), for a printed step.
    label: Option<&'e Labeller>,
}

impl<'e, 'a> Run<'e, 'a> {
    /// A run from `cur` with the state it builds, every slot of a root variable empty (the
    /// count of empty slots starts right there).
    fn new(
        ev: &'e Evaluator<'a>,
        cur: &'e [Value],
        init: bool,
        part: Option<&'e Part<'e>>,
    ) -> (Self, Vec<Option<Value>>) {
        let next = empty_state(ev);
        let unassigned = next.iter().filter(|v| v.is_none()).count().into();
        let run = Run {
            ev,
            cur,
            init,
            part,
            unassigned,
            label: None,
        };
        (run, next)
    }
}

/// A state vector with a slot per variable of the spec: those not of the root module (they
/// belong to instantiated modules and are substituted away) hold a fixed filler.
pub fn empty_state(ev: &Evaluator) -> Vec<Option<Value>> {
    let mut next = vec![Some(Value::FALSE); ev.spec.variables.len()];
    for v in &ev.spec.root_module().variables {
        next[v.index()] = None;
    }
    next
}

/// Calls `emit` with each initial state the predicate allows, in TLC's order.
pub fn init_states(ev: &Evaluator, init: &Expr, emit: Emit) -> EResult<()> {
    generate(ev, init, &[], true, emit)
}

/// Worker `worker`'s share (of `workers`, who share `shares`) of `init_states`: `emit` gets each state with its
/// place in the whole enumeration's order; an error comes with the place where it was met
/// (the states before it in that order are the ones one enumeration would have emitted).
pub fn init_states_part(
    ev: &Evaluator,
    init: &Expr,
    shares: &InitShares,
    worker: usize,
    workers: usize,
    emit: EmitKeyed,
) -> Result<(), (InitKey, EvalError)> {
    let part = Part::new(shares, worker, workers);
    let mut counted = |st: &[Option<Value>], _: Option<DefId>| {
        let key = part.key();
        if part.reach() {
            emit(st, key)
        } else {
            Ok(true)
        }
    };
    generate_in(ev, init, &[], true, Env::new(), Some(&part), &mut counted)
        .map_err(|e| (part.key(), e))
}

/// Calls `emit` with each successor of `cur` under the action `next_action`.
pub fn next_states(ev: &Evaluator, next_action: &Expr, cur: &[Value], emit: Emit) -> EResult<()> {
    generate(ev, next_action, cur, false, emit)
}

/// `next_states` with `labeller` following TLC's split of `next_action` into actions: while
/// `emit` runs, `labeller.leaf()` is the action of the state it is given (for -coverage).
pub fn next_states_labelled(
    ev: &Evaluator,
    next_action: &Expr,
    cur: &[Value],
    labeller: &Labeller,
    emit: Emit,
) -> EResult<()> {
    let (mut run, mut next) = Run::new(ev, cur, false, None);
    run.label = Some(labeller);
    run.step(
        next_action,
        &mut Env::new(),
        &mut next,
        None,
        true,
        &mut |run, _, next, action| run.finish(next, action, emit),
    )?;
    Ok(())
}

/// Calls `emit` with each successor of `cur` under an action whose free locals (a
/// definition's parameters, say) are bound to the given values: the trace validator expands
/// a logged `Send(p = 1)` this way.
pub fn next_states_bound(
    ev: &Evaluator,
    action: &Expr,
    bound: &[(LocalId, Value)],
    cur: &[Value],
    emit: Emit,
) -> EResult<()> {
    let mut env = Env::new();
    for (l, v) in bound {
        env.push_val(*l, v.clone());
    }
    generate_in(ev, action, cur, false, env, None, emit)
}

/// Every complete state `e` allows from `cur` (initial states when `init`).
fn generate(ev: &Evaluator, e: &Expr, cur: &[Value], init: bool, emit: Emit) -> EResult<()> {
    generate_in(ev, e, cur, init, Env::new(), None, emit)
}

fn generate_in(
    ev: &Evaluator,
    e: &Expr,
    cur: &[Value],
    init: bool,
    mut env: Env,
    part: Option<&Part<'_>>,
    emit: Emit,
) -> EResult<()> {
    let (run, mut next) = Run::new(ev, cur, init, part);
    run.step(
        e,
        &mut env,
        &mut next,
        None,
        true,
        &mut |run, _, next, action| run.finish(next, action, emit),
    )
    .map_err(|mut err| {
        // TLC's call stack starts at the initial predicate's body, not at the name `Init`.
        if init
            && matches!(&e.kind, ExprKind::Call(_, args) if args.is_empty())
            && err.stack.last() == Some(&e.loc)
        {
            err.stack.pop();
        }
        err
    })?;
    Ok(())
}

/// The action, as TLC names and locates it, of the first step by `next_action` from `cur` to
/// `to` (complete states), taken by the definition `def` when given: what a counterexample
/// prints for that step. None when no step leads there.
pub fn step_label(
    ev: &Evaluator,
    next_action: &Expr,
    cur: &[Value],
    to: &[Value],
    def: Option<DefId>,
) -> Option<ActionLabel> {
    let labeller = Labeller::default();
    let (mut run, mut next) = Run::new(ev, cur, false, None);
    run.label = Some(&labeller);
    let mut found = None;
    let _ = run.step(
        next_action,
        &mut Env::new(),
        &mut next,
        None,
        true,
        &mut |run, _, next, action| {
            let same = (next.iter().zip(to)).all(|(n, t)| n.as_ref() == Some(t));
            if same && (def.is_none() || action.is_none() || action == def) {
                found = run.label.map(|l| l.current());
                return Ok(false);
            }
            Ok(true)
        },
    );
    found
}

/// The conjuncts of an action's body as `Run::step_conj` takes them.
fn and_items(e: &Expr) -> Option<&[Expr]> {
    match &e.kind {
        ExprKind::Junction(Junction::And, items) | ExprKind::Builtin(Builtin::And, items) => {
            Some(items)
        }
        _ => None,
    }
}

/// Whether `Run::straight` takes conjunct `e` as a guard in every state, in a body whose
/// parameters are bound to values: it reads no next state and is none of the forms the
/// enumerator enters (a call, a bound name, a function definition applied, a junction, ...).
fn plain_guard(e: &Expr) -> bool {
    use ExprKind::*;
    // `f[x]` with `f` a definition may apply a function definition not built yet (`Run::
    // lazy_function`); a variable's value or any other function is evaluated.
    let applies_definition =
        |f: &Expr| matches!(&f.kind, Call(_, a) | CallConst(_, a) if a.is_empty());
    e.level <= Level::State
        && !matches!(&e.kind, FunApp(f, _) if applies_definition(f))
        && !matches!(
            &e.kind,
            Call(..)
                | CallConst(..)
                | Local(_)
                | Junction(..)
                | Quant(..)
                | If(..)
                | Case(..)
                | Let(..)
                | Label(..)
                | BoxAction(..)
                | AngleAction(..)
                | Builtin(
                    self::Builtin::Implies
                        | self::Builtin::And
                        | self::Builtin::Or
                        | self::Builtin::Unchanged
                        | self::Builtin::Cdot
                        | self::Builtin::Prime,
                    _
                )
        )
}

/// Per definition: whether `Run::guard_first` may try the first conjunct of its body before
/// a call: the definition is an ordinary one (not in a LET, not a function, no operator
/// parameters, not replaced by the model or native code), its body a conjunction of two or
/// more whose first conjunct is a plain guard reaching no effect or drawn value.
fn state_guards<'e>(ev: &'e Evaluator) -> &'e [bool] {
    ev.state_guards.get_or_init(|| {
        (ev.spec.defs.iter().enumerate())
            .map(|(i, def)| {
                !def.in_let
                    && !def.is_function
                    && ev.is_plain_def(DefId(i as u32))
                    && def.params.iter().all(|p| p.arity == 0)
                    && and_items(&def.body).is_some_and(|items| {
                        items.len() > 1 && plain_guard(&items[0]) && ev.without_effects(&items[0])
                    })
            })
            .collect()
    })
}

fn constant(e: &Expr) -> bool {
    e.level == tla_sema::ir::Level::Constant
}

/// ENABLED A in state `cur`: whether some way through A succeeds.
pub fn enabled(ev: &Evaluator, action: &Expr, env: &mut Env, cur: &[Value]) -> EResult<bool> {
    let (run, mut next) = Run::new(ev, cur, false, None);
    let mut found = false;
    run.step(action, env, &mut next, None, false, &mut |_, _, _, _| {
        found = true;
        Ok(false)
    })?;
    Ok(found)
}

/// Where `Run::var_through` looks names up.
#[derive(Clone, Copy)]
enum Scope<'s> {
    Env(&'s Env),
    /// The bindings an argument passed unevaluated was captured with.
    Captured(&'s [(LocalId, Binding)]),
    Empty,
}

impl<'s> Scope<'s> {
    fn get(self, l: LocalId) -> Option<&'s Binding> {
        match self {
            Scope::Env(env) => env.get(l),
            Scope::Captured(c) => c.iter().rev().find(|(id, _)| *id == l).map(|(_, b)| b),
            Scope::Empty => None,
        }
    }
}

/// The names a bound binds, whether they form a tuple, and the elements of its set.
type BoundList<'b> = (&'b [LocalId], bool, SetValue);

/// Every combination of the bound lists' elements (first list slowest), as name/value pairs.
fn collect_bindings(
    lists: &[BoundList],
    i: usize,
    cur: &mut Vec<(LocalId, Value)>,
    out: &mut Vec<Vec<(LocalId, Value)>>,
) {
    let Some((vars, tuple, elems)) = lists.get(i) else {
        out.push(cur.clone());
        return;
    };
    for x in elems.iter() {
        let mark = cur.len();
        if *tuple {
            let parts = x
                .as_func()
                .and_then(|f| f.as_tuple())
                .map(|t| t.to_vec())
                .unwrap_or_default();
            cur.extend(vars.iter().copied().zip(parts));
        } else {
            cur.push((vars[0], x.clone()));
        }
        collect_bindings(lists, i + 1, cur, out);
        cur.truncate(mark);
    }
}

impl Run<'_, '_> {
    fn sv<'s>(&'s self, next: &'s [Option<Value>]) -> StateView<'s> {
        StateView {
            cur: self.cur,
            next,
            primed: false,
            init: self.init,
        }
    }

    fn eval(&self, e: &Expr, env: &mut Env, next: &[Option<Value>]) -> EResult<Value> {
        self.ev.eval(e, env, &self.sv(next))
    }

    /// The elements `x \in S` or `\E x \in S` walks. TLC walks a filter of a set it keeps
    /// lazy (not an explicit set or an interval) as a `SetPredValue`, the predicate tried on
    /// each element in turn, never building it, so the largest set TLC builds does not bound
    /// it (CoffeeCan3000Beans' 4.5 million initial cans). Building it is the same walk made
    /// once and kept where the expression is constant, so the walk here is taken only when
    /// the built set is too large.
    fn elements(
        &self,
        set: &Expr,
        env: &mut Env,
        next: &[Option<Value>],
    ) -> EResult<crate::value::SetValue> {
        match self.eval(set, env, next) {
            Ok(s) => s.enumerate().at(set.loc),
            Err(e) if e.is_set_too_large() => match self.walk_lazy_filter(set, env, next)? {
                Some(kept) => Ok(kept),
                None => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// `{x \in S : P}` for an S TLC keeps lazy, walked in S's order; None for another form.
    fn walk_lazy_filter(
        &self,
        set: &Expr,
        env: &mut Env,
        next: &[Option<Value>],
    ) -> EResult<Option<crate::value::SetValue>> {
        let ExprKind::SetFilter(bound, pred) = &set.kind else {
            return Ok(None);
        };
        if self.ev.reducible_form(&bound.set) {
            return Ok(None);
        }
        let base = self.eval(&bound.set, env, next)?;
        if matches!(base, Value::Set(_) | Value::Interval(..)) {
            return Ok(None);
        }
        let mut kept = Vec::new();
        let mark = env.len();
        for x in base.set_iter().at(set.loc)? {
            self.ev
                .bind_vars(&bound.vars, bound.tuple, x.clone(), env, set.loc)?;
            let keep = self.eval_bool(pred, env, next);
            env.truncate(mark);
            if keep? {
                kept.push(x);
            }
        }
        // A lazy set's enumeration is in its sorted order, which a filter keeps.
        Ok(Some(crate::value::SetValue::from_sorted_unchecked(kept)))
    }

    fn eval_bool(&self, e: &Expr, env: &mut Env, next: &[Option<Value>]) -> EResult<bool> {
        self.ev.eval_bool(e, env, &self.sv(next))
    }

    fn finish(&self, next: &mut [Option<Value>], action: Option<DefId>, emit: Emit) -> EResult<Go> {
        if let Some(i) = next.iter().position(|v| v.is_none()) {
            let name = &self.ev.spec.variables[i].name;
            let msg = if self.init {
                format!("The initial predicate does not assign a value to the variable {name}.")
            } else {
                format!(
                    "Successor state is not completely specified by the next-state action.\nThe following variable is not assigned: {name}."
                )
            };
            return Err(EvalError::new(msg));
        }
        emit(next, action)
    }

    /// The variable `e` assigns in this mode: `x'` for actions, `x` for initial predicates,
    /// as TLC's `getPrimedVar` / `getVar` find it: also through a definition without
    /// parameters (`c' = e` with `c == x`, `a = e` with `a == x'`) and through a parameter
    /// bound to such an expression.
    fn target(&self, e: &Expr, env: &Env) -> Option<VarId> {
        match &e.kind {
            ExprKind::Var(v) if self.init => Some(*v),
            ExprKind::Builtin(Builtin::Prime, a) if !self.init => match &a[0].kind {
                ExprKind::Var(v) => Some(*v),
                _ => self.var_through(&a[0], Scope::Env(env), true, 0),
            },
            ExprKind::Local(_) | ExprKind::Call(..) => {
                self.var_through(e, Scope::Env(env), self.init, 0)
            }
            _ => None,
        }
    }

    /// The variable `e` denotes, unprimed (`unprimed`, TLC's `getVar`) or primed
    /// (`getPrimedVar`), looking through parameters and definitions without parameters.
    fn var_through(&self, e: &Expr, scope: Scope, unprimed: bool, depth: u32) -> Option<VarId> {
        // Definitions without parameters can only nest so deep, unless they recurse.
        if depth > 32 {
            return None;
        }
        match &e.kind {
            ExprKind::Var(v) => unprimed.then_some(*v),
            ExprKind::Builtin(Builtin::Prime, a) if !unprimed => {
                self.var_through(&a[0], scope, true, depth + 1)
            }
            ExprKind::Local(l) => match scope.get(*l)? {
                Binding::Var(v, primed) if *primed != unprimed => Some(*v),
                Binding::Lazy(a, captured) => {
                    self.var_through(a.get(), Scope::Captured(captured), unprimed, depth + 1)
                }
                _ => None,
            },
            ExprKind::Call(d, args) if args.is_empty() => {
                let d = self.ev.replacement(*d)?;
                let def = self.ev.spec.def(d);
                if !self.ev.is_plain_def(d) || def.is_function || !def.params.is_empty() {
                    return None;
                }
                // A LET definition reads the names around it; any other sees none.
                let inner = if def.in_let { scope } else { Scope::Empty };
                self.var_through(&def.body, inner, unprimed, depth + 1)
            }
            _ => None,
        }
    }

    /// Processes `e`, then, on each branch that survives, the continuation `k`.
    /// `splitting`: still in the part of Next that is divided into named actions.
    fn step(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        splitting: bool,
        k: Cont,
    ) -> EResult<Go> {
        self.step_node(e, env, next, action, splitting, k)
            .map_err(|err| {
                // TLC's call stack holds each expression its enumeration is inside (the
                // continuation runs inside them), from the action it split Next into.
                if !self.init && splitting && !self.ends_split(e) {
                    err
                } else {
                    err.framed(e.loc)
                }
            })
    }

    /// `step`, a conjunction going straight to `conj` as `step_node` would send it: an
    /// action's body, or a disjunct, is most often a conjunction whose first guard fails,
    /// and entering `step`'s large frame for it cost as much as the guard.
    #[inline(always)]
    fn step_conj(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        splitting: bool,
        k: Cont,
    ) -> EResult<Go> {
        use ExprKind::*;
        let items = match &e.kind {
            Junction(self::Junction::And, items) | Builtin(self::Builtin::And, items) => items,
            _ => return self.step(e, env, next, action, splitting, k),
        };
        if (splitting && self.label.is_some()) || self.unassigned.get() == 0 {
            return self.step(e, env, next, action, splitting, k);
        }
        // A conjunction ends TLC's split, so `step` would frame an error by it.
        self.conj(items, env, next, action, k)
            .map_err(|err| err.framed(e.loc))
    }

    fn step_node(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        splitting: bool,
        k: Cont,
    ) -> EResult<Go> {
        use ExprKind::*;
        if splitting && self.label.is_some() {
            if let Some(go) = self.labelled_step(e, env, next, action, k) {
                return go;
            }
        }
        // Once every variable has a value, TLC evaluates what is left instead of expanding it.
        if self.unassigned.get() == 0 {
            return self.condition(e, env, next, action, k);
        }
        match &e.kind {
            Junction(self::Junction::And, items) => self.conj(items, env, next, action, k),
            Quant(Quantifier::Forall, bounds, body) => {
                let lists = self.bound_lists(bounds, env, next)?;
                let mut bindings = Vec::new();
                collect_bindings(&lists, 0, &mut Vec::new(), &mut bindings);
                // TLC processes the first binding, then the others from the last back.
                if bindings.len() > 1 {
                    bindings[1..].reverse();
                }
                self.forall(&bindings, body, env, next, action, k)
            }
            Builtin(self::Builtin::Implies, args) => {
                if self.eval_bool(&args[0], env, next)? {
                    self.step(&args[1], env, next, action, false, k)
                } else {
                    k(self, env, next, action)
                }
            }
            Builtin(self::Builtin::And, args) => self.conj(args, env, next, action, k),
            Junction(self::Junction::Or, items) | Builtin(self::Builtin::Or, items) => {
                Part::choose(self.part, items.len(), |i| {
                    self.step_conj(&items[i], env, next, action, splitting, k)
                })
            }
            Quant(Quantifier::Exists, bounds, body) => {
                let mut lists = self.bound_lists(bounds, env, next)?;
                // TLC varies the first bound variable fastest.
                lists.reverse();
                self.exists(&lists, 0, body, env, next, action, splitting, k)
            }
            If(c, a, b) => {
                let branch = match self.eval(c, env, next)? {
                    Value::Bool(true) => a,
                    Value::Bool(false) => b,
                    other => return Err(self.non_boolean_if(&other, e)),
                };
                self.step(branch, env, next, action, splitting, k)
            }
            Case(arms, other) => {
                for (g, v) in arms {
                    if self.eval_bool(g, env, next)? {
                        return self.step(v, env, next, action, splitting, k);
                    }
                }
                match other {
                    Some(o) => self.step(o, env, next, action, splitting, k),
                    None => Err(EvalError::at(
                        "Attempted to evaluate a CASE with no conditions true.",
                        e.loc,
                    )),
                }
            }
            Let(_, body) | Label(_, body) => self.step(body, env, next, action, splitting, k),
            FunApp(f, args) => match self.lazy_function(f) {
                Some(d) => self.fun_app(d, args, env, next, action, k),
                None => self.condition(e, env, next, action, k),
            },
            Local(l) if matches!(env.get(*l), Some(Binding::Lazy(..))) => {
                let Some(Binding::Lazy(a, captured)) = env.get(*l).cloned() else {
                    unreachable!("checked")
                };
                let mut inner = env.nested(&captured);
                self.step(
                    a.get(),
                    &mut inner,
                    next,
                    action,
                    splitting,
                    &mut |run, _, next, act| k(run, env, next, act),
                )
            }
            Call(_, args) | CallConst(_, args) => match self.callee(e) {
                Some(d) => self.call(d, args, env, next, action, splitting, k),
                None => self.condition(e, env, next, action, k),
            },
            BoxAction(a, v) if !self.init => {
                if !self.step(a, env, next, action, splitting, k)? {
                    return Ok(false);
                }
                self.unchanged(v, env, next, action, k)
            }
            AngleAction(a, v) if !self.init => {
                let v = &**v;
                self.step(
                    a,
                    env,
                    next,
                    action,
                    splitting,
                    &mut |run, env, next, act| {
                        let sv = run.sv(next);
                        if run.ev.unchanged_in(v, env, &sv)? {
                            Ok(true)
                        } else {
                            k(run, env, next, act)
                        }
                    },
                )
            }
            Builtin(self::Builtin::Cdot, args) if !self.init => {
                self.compose(&args[0], &args[1], env, next, action, k)
            }
            Builtin(self::Builtin::Unchanged, args) if !self.init => {
                self.unchanged(&args[0], env, next, action, k)
            }
            Builtin(self::Builtin::Eq, args) => match self.target(&args[0], env) {
                Some(x) if next[x.index()].is_none() => {
                    let v = self.eval(&args[1], env, next)?;
                    self.assign(x, v, env, next, action, k)
                }
                _ => self.condition(e, env, next, action, k),
            },
            Builtin(self::Builtin::In, args) => match self.target(&args[0], env) {
                Some(x) if next[x.index()].is_none() => {
                    let elems = self.elements(&args[1], env, next)?;
                    let elems = elems.as_slice();
                    Part::choose(self.part, elems.len(), |i| {
                        self.assign(x, elems[i].clone(), env, next, action, k)
                    })
                }
                _ => self.condition(e, env, next, action, k),
            },
            _ => self.condition(e, env, next, action, k),
        }
    }

    /// `step` at the end of TLC's split of Next into actions, with the action entered in the
    /// labeller (`-coverage`, step labels); `None` when `e` does not end the split.
    #[inline(never)]
    fn labelled_step(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> Option<EResult<Go>> {
        let l = self.label.filter(|l| l.splitting() && self.ends_split(e))?;
        // A call with a state-level argument is one action named after the operator
        // called, at the call, with no parameter values shown.
        let saved = match self.callee(e) {
            Some(d) => {
                let saved = l.enter_call(d, Vec::new());
                l.enter_leaf(e.loc);
                saved
            }
            None => l.enter_leaf(e.loc),
        };
        let go = self.step(e, env, next, action, true, k);
        l.restore(saved);
        Some(go)
    }

    /// TLC's error for an IF whose condition is not Boolean (Tool's getInitStates and
    /// getNextStates word it so, a line break only in the first).
    #[cold]
    #[inline(never)]
    fn non_boolean_if(&self, cond: &Value, e: &Expr) -> EvalError {
        let (phase, sep) = if self.init {
            ("initial", "\n")
        } else {
            ("next", "")
        };
        EvalError::at(
            format!(
                "In computing {phase} states, a non-boolean expression ({}) was used as the condition of an IF.{sep}{}",
                crate::eval::kind_name(cond),
                self.ev.describe(e.loc)
            ),
            e.loc,
        )
    }

    /// The definition whose body an action-level call runs: the definition itself, the one
    /// the model substitutes for it, or the one bound to an operator constant.
    fn callee(&self, e: &Expr) -> Option<DefId> {
        let d = match &e.kind {
            ExprKind::Call(d, _) => self.ev.replacement(*d),
            ExprKind::CallConst(c, _) => match self.ev.const_binding(*c) {
                Some(Binding::Op(crate::env::OpValue::Def(d))) => Some(*d),
                _ => None,
            },
            _ => None,
        }?;
        (self.ev.is_plain_def(d) && !self.ev.spec.def(d).is_function).then_some(d)
    }

    /// A function definition applied in an action before it was ever built as a whole:
    /// TLC (whose value for it is still a lambda) goes into its body for that argument.
    fn lazy_function(&self, f: &Expr) -> Option<DefId> {
        match &f.kind {
            ExprKind::Call(d, a) if a.is_empty() => {
                let d = self.ev.replacement(*d)?;
                let def = self.ev.spec.def(d);
                (def.is_function && self.ev.is_plain_def(d) && !self.ev.is_cached(d)).then_some(d)
            }
            _ => None,
        }
    }

    #[inline(never)]
    fn fun_app(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        let arg = if args.len() == 1 {
            self.eval(&args[0], env, next)?
        } else {
            let mut parts = Vec::with_capacity(args.len());
            for a in args {
                parts.push(self.eval(a, env, next)?);
            }
            Value::tuple(parts)
        };
        let def = self.ev.spec.def(d);
        let ExprKind::FunCons(bounds, body) = &def.body.kind else {
            return self.condition_value(&arg, d, env, next, action, k);
        };
        let mut inner = if def.in_let {
            Env::from_visible(env)
        } else {
            Env::new()
        };
        let sv = self.sv(next);
        self.ev.bind_fun_arg(d, bounds, &arg, &mut inner, &sv)?;
        self.step(
            body,
            &mut inner,
            next,
            action,
            false,
            &mut |run, _, next, act| k(run, env, next, act),
        )
    }

    fn condition_value(
        &self,
        _arg: &Value,
        d: DefId,
        _env: &mut Env,
        _next: &mut Vec<Option<Value>>,
        _action: Option<DefId>,
        _k: Cont,
    ) -> EResult<Go> {
        Err(EvalError::at(
            "internal error: a function definition without a function constructor",
            self.ev.spec.def(d).loc,
        ))
    }

    /// `A \cdot B`: a step of A to an intermediate state, then a step of B from it.
    #[inline(never)]
    fn compose(
        &self,
        a: &Expr,
        b: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        let mut mids: Vec<Vec<Value>> = Vec::new();
        let (first, mut scratch) = Run::new(self.ev, self.cur, false, None);
        first.step(a, env, &mut scratch, action, false, &mut |run, _, st, _| {
            if let Some(i) = st.iter().position(Option::is_none) {
                let name = &run.ev.spec.variables[i].name;
                return Err(EvalError::new(format!(
                    "The first action of an action composition does not assign the variable {name}."
                )));
            }
            mids.push(st.iter().map(|v| v.clone().expect("assigned")).collect());
            Ok(true)
        })?;
        self.ev
            .run
            .intermediate
            .fetch_add(mids.len() as i64, std::sync::atomic::Ordering::Relaxed);
        for mid in &mids {
            let mut ends: Vec<Vec<Option<Value>>> = Vec::new();
            let (second, mut scratch) = Run::new(self.ev, mid, false, None);
            second.step(b, env, &mut scratch, action, false, &mut |_, _, st, _| {
                ends.push(st.clone());
                Ok(true)
            })?;
            for end in ends {
                // The composed step's next state is B's; it must agree with what is assigned.
                let mut saved = Vec::new();
                let mut agree = true;
                for (i, v) in end.iter().enumerate() {
                    match (&next[i], v) {
                        (Some(x), Some(y)) if !x.tlc_eq(y)? => agree = false,
                        (None, Some(y)) => {
                            saved.push(i);
                            self.set_slot(next, i, Some(y.clone()));
                        }
                        _ => {}
                    }
                }
                let go = if agree {
                    k(self, env, next, action)?
                } else {
                    true
                };
                for i in saved {
                    self.set_slot(next, i, None);
                }
                if !go {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Gives slot `i` a value, or takes its value away, keeping `unassigned` right.
    fn set_slot(&self, next: &mut [Option<Value>], i: usize, v: Option<Value>) {
        let before = next[i].is_none();
        let after = v.is_none();
        next[i] = v;
        self.unassigned
            .set(self.unassigned.get() + usize::from(after) - usize::from(before));
    }

    fn condition(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        if self.eval_bool(e, env, next)? {
            k(self, env, next, action)
        } else {
            Ok(true)
        }
    }

    fn assign(
        &self,
        x: VarId,
        v: Value,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        self.set_slot(next, x.index(), Some(v));
        let r = k(self, env, next, action);
        self.set_slot(next, x.index(), None);
        r
    }

    /// A conjunction, its leading guards and assignments taken in a loop: only a conjunct
    /// that may branch (or one assignment too many) continues through `step` with the rest.
    /// An error is framed as the nested steps would frame it: by the conjunct it arose in,
    /// then by each conjunct before it, innermost first.
    fn conj(
        &self,
        items: &[Expr],
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        let mut assigned = [0usize; STRAIGHT_ASSIGNS];
        let mut count = 0;
        let mut at = 0;
        let r = loop {
            let Some(item) = items.get(at) else {
                break k(self, env, next, action);
            };
            match self.straight(item, env, next) {
                Straight::Guard => match self.eval_bool(item, env, next) {
                    Ok(true) => {}
                    Ok(false) => break Ok(true),
                    Err(e) => break Err(e.framed(item.loc)),
                },
                Straight::Assign(x, value) if count < STRAIGHT_ASSIGNS => {
                    match self.eval(value, env, next) {
                        Ok(v) => {
                            self.set_slot(next, x.index(), Some(v));
                            assigned[count] = x.index();
                            count += 1;
                        }
                        Err(e) => break Err(e.framed(item.loc)),
                    }
                }
                _ => {
                    let rest = &items[at + 1..];
                    break self.step(
                        item,
                        env,
                        next,
                        action,
                        false,
                        &mut |run, env, next, act| run.conj(rest, env, next, act, k),
                    );
                }
            }
            at += 1;
        };
        self.undo_loop(next, &assigned[..count], &items[..at], r)
    }

    /// The end of a loop over items (`conj`, `unchanged_all`): the slots it assigned are
    /// emptied again, and an error is framed by the items taken before it, innermost first,
    /// as the nested steps the loop replaces framed it.
    fn undo_loop(
        &self,
        next: &mut [Option<Value>],
        assigned: &[usize],
        taken: &[Expr],
        r: EResult<Go>,
    ) -> EResult<Go> {
        for &i in assigned {
            self.set_slot(next, i, None);
        }
        r.map_err(|e| taken.iter().rev().fold(e, |e, it| e.framed(it.loc)))
    }

    /// How `step` would take conjunct `e` now: as a guard, as an assignment, or otherwise
    /// (it may branch, or continue inside a call).
    fn straight<'x>(&self, e: &'x Expr, env: &Env, next: &[Option<Value>]) -> Straight<'x> {
        use ExprKind::*;
        if self.unassigned.get() == 0 {
            return Straight::Guard;
        }
        let assignable = |a: &Expr| self.target(a, env).filter(|x| next[x.index()].is_none());
        match &e.kind {
            Builtin(self::Builtin::Eq, args) => match assignable(&args[0]) {
                Some(x) => Straight::Assign(x, &args[1]),
                None => Straight::Guard,
            },
            Builtin(self::Builtin::In, args) if assignable(&args[0]).is_some() => Straight::Other,
            FunApp(f, _) if self.lazy_function(f).is_some() => Straight::Other,
            Call(..) | CallConst(..) if self.callee(e).is_some() => Straight::Other,
            Local(l) if matches!(env.get(*l), Some(Binding::Lazy(..))) => Straight::Other,
            BoxAction(..)
            | AngleAction(..)
            | Builtin(self::Builtin::Cdot | self::Builtin::Unchanged, _)
                if !self.init =>
            {
                Straight::Other
            }
            Junction(..)
            | Quant(..)
            | If(..)
            | Case(..)
            | Let(..)
            | Label(..)
            | Builtin(self::Builtin::Implies | self::Builtin::And | self::Builtin::Or, _) => {
                Straight::Other
            }
            _ => Straight::Guard,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn call(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        splitting: bool,
        k: Cont,
    ) -> EResult<Go> {
        let def = self.ev.spec.def(d);
        let guard_held = match self.guard_first(d, args, env, next) {
            Some(false) => return Ok(true),
            held => held.is_some(),
        };
        // The body runs in an environment of its own, so that the continuation (the rest of
        // the caller's action) sees the caller's bindings even if the body recursed; a LET
        // definition starts from the bindings it closes over.
        let mut inner = if def.in_let {
            Env::from_visible(env)
        } else {
            Env::new()
        };
        for (i, a) in args.iter().enumerate() {
            let param = def.params.get(i).map(|p| p.local);
            let b = match &a.kind {
                // The most common argument of all, a name bound to a value (`\E p \in Proc :
                // Request(p)`): what every case below would find after four lookups of it.
                ExprKind::Local(l) if matches!(env.get(*l), Some(Binding::Val(_))) => {
                    if let (Some(p), Some(Binding::Val(v))) = (param, env.get(*l)) {
                        inner.push_val(p, v.clone());
                    }
                    continue;
                }
                ExprKind::OpArg(op) => Binding::Op(self.ev.op_value(op, env)),
                // A variable is passed by name (TLC passes arguments unevaluated): the body
                // may prime it (`q' = ...`) or assign it.
                ExprKind::Var(v) if !self.init => Binding::Var(*v, false),
                // A parameter bound to a variable is passed on as that variable (`Twice(var) ==
                // Bump(var)`), as TLC passes it unevaluated.
                ExprKind::Local(l) if !self.init && env.variable(*l).is_some() => {
                    env.variable(*l).expect("checked")
                }
                _ => match self.target(a, env) {
                    Some(v) => Binding::Var(v, !self.init),
                    None if a.level >= tla_sema::ir::Level::Action => {
                        Binding::Lazy(crate::env::ExprRef::new(a), env.capture())
                    }
                    // A tuple of variables (`Keep(<<y, z>>)`, `Keep(vars)`) goes unevaluated too:
                    // `UNCHANGED v` in the body assigns each of them, as TLC's processUnchanged
                    // does through the LazyValue it passes.
                    None if !self.init && self.variables_tuple(a, 0) => {
                        Binding::Lazy(crate::env::ExprRef::new(a), env.capture())
                    }
                    // The most common argument, a value: pushed as one, so that no `Binding`
                    // is built on the stack and read back in pieces other than those written.
                    None => {
                        let v = self.eval(a, env, next)?;
                        if let Some(p) = param {
                            inner.push_val(p, v);
                        }
                        continue;
                    }
                },
            };
            if let Some(p) = param {
                inner.push(p, b);
            }
        }
        let action = if splitting { Some(d) } else { action };
        // TLC's action is now this definition, with its parameters' values.
        let labelled = self.label.filter(|l| splitting && l.splitting());
        let saved = labelled.map(|l| enter_call(l, d, &inner, &def.params));
        let mut cont =
            |run: &Run, _: &mut Env, next: &mut Vec<Option<Value>>, act| k(run, env, next, act);
        let go = match and_items(&def.body) {
            // `conj` on the whole body, its first item (the guard) taken already.
            Some(items) if guard_held => self
                .conj(&items[1..], &mut inner, next, action, &mut cont)
                .map_err(|e| e.framed(items[0].loc).framed(def.body.loc)),
            _ => self.step_conj(&def.body, &mut inner, next, action, splitting, &mut cont),
        };
        if let (Some(l), Some(saved)) = (labelled, saved) {
            l.restore(saved);
        }
        go
    }

    /// A call whose body begins with a guard on the state and the parameters (`pc[self] =
    /// "ncs"`, `req[p][p] = 0`), each argument a name bound to a value: the guard is tried
    /// in a frame of the caller's environment, before the body's own environment is made.
    /// Most calls in most states end at their first guard, and making that environment and
    /// entering the conjunction cost more than the guard. `Some(false)`: the call has no
    /// successor; `Some(true)`: the guard holds and the body goes on after it; None: not
    /// tried, or the guard failed to evaluate (the body evaluates it again, for the error
    /// where it arises).
    fn guard_first(
        &self,
        d: DefId,
        args: &[Expr],
        env: &mut Env,
        next: &[Option<Value>],
    ) -> Option<bool> {
        // As `step_conj` would: a body entered for coverage, or with every variable given
        // a value, is evaluated another way.
        if self.init || self.label.is_some() || self.unassigned.get() == 0 {
            return None;
        }
        if !state_guards(self.ev)[d.index()] {
            return None;
        }
        let def = self.ev.spec.def(d);
        let guard = &and_items(&def.body)?[0];
        if args.len() != def.params.len() {
            return None;
        }
        let mark = env.len();
        for (a, p) in args.iter().zip(&def.params) {
            let v = match &a.kind {
                ExprKind::Local(l) => match env.get(*l) {
                    Some(Binding::Val(v)) => v.clone(),
                    _ => None?,
                },
                _ => None?,
            };
            env.push_val(p.local, v);
        }
        let outer = env.enter_frame_from(mark);
        let held = self.eval_bool(guard, env, next).ok();
        env.leave_frame(outer);
        held
    }

    /// Whether TLC's split of the next-state relation into actions stops at `e`: anything
    /// but a disjunction, `\E`, LET, a label, or a call whose arguments are all constant.
    fn ends_split(&self, e: &Expr) -> bool {
        use ExprKind::*;
        match &e.kind {
            Junction(self::Junction::Or, _) | Builtin(self::Builtin::Or, _) => false,
            Let(..) | Label(..) => false,
            // TLC evaluates the bounds and the arguments without a state: a state-level one
            // keeps the whole expression one action.
            Quant(Quantifier::Exists, bounds, _) => bounds.iter().any(|b| !constant(&b.set)),
            Call(_, args) | CallConst(_, args) => {
                self.callee(e).is_none() || !args.iter().all(constant)
            }
            _ => true,
        }
    }

    /// Whether `e` is a tuple of variables, tuples of them and definitions without
    /// parameters naming them: what UNCHANGED takes apart.
    fn variables_tuple(&self, e: &Expr, depth: u32) -> bool {
        let var_like = |x: &Expr| match &x.kind {
            ExprKind::Var(_) => true,
            _ => self.variables_tuple(x, depth + 1),
        };
        match &e.kind {
            _ if depth > 8 => false,
            ExprKind::Tuple(items) => !items.is_empty() && items.iter().all(var_like),
            ExprKind::Call(d, args) if args.is_empty() && self.ev.is_plain_def(*d) => {
                let def = self.ev.spec.def(*d);
                !def.in_let && !def.is_function && var_like(&def.body)
            }
            _ => false,
        }
    }

    /// UNCHANGED e: each variable in e keeps its value (assigned if it has none yet).
    fn unchanged(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        // TLC's call stack holds each expression UNCHANGED takes apart (the continuation
        // runs inside them): the tuple, each item, a definition's name and its body.
        self.unchanged_node(e, env, next, action, k)
            .map_err(|err| err.framed(e.loc))
    }

    fn unchanged_node(
        &self,
        e: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        let var = unchanged_var(e, env);
        match &e.kind {
            _ if var.is_some() => {
                let x = &var.expect("checked");
                let now = self.cur[x.index()].clone();
                match &next[x.index()] {
                    None => self.assign(*x, now, env, next, action, k),
                    Some(v) => {
                        if self.kept_unchanged(*x, v, e)? {
                            k(self, env, next, action)
                        } else {
                            Ok(true)
                        }
                    }
                }
            }
            ExprKind::Tuple(items) => self.unchanged_all(items, env, next, action, k),
            // A parameter bound to an argument passed unevaluated: what it was passed.
            ExprKind::Local(l) if matches!(env.get(*l), Some(Binding::Lazy(..))) => {
                let Some(Binding::Lazy(a, captured)) = env.get(*l).cloned() else {
                    unreachable!("checked")
                };
                let mut inner = env.nested(&captured);
                self.unchanged(
                    a.get(),
                    &mut inner,
                    next,
                    action,
                    &mut |run, _, next, act| k(run, env, next, act),
                )
            }
            ExprKind::Call(d, args) if args.is_empty() && self.ev.is_plain_def(*d) => {
                let body = &self.ev.spec.def(*d).body;
                let mut inner = Env::new();
                self.unchanged(body, &mut inner, next, action, &mut |run, _, next, act| {
                    k(run, env, next, act)
                })
            }
            _ => {
                let sv = self.sv(next);
                if self.ev.unchanged_in(e, env, &sv)? {
                    k(self, env, next, action)
                } else {
                    Ok(true)
                }
            }
        }
    }

    /// Whether variable `x`, given `v` already, keeps its value under `UNCHANGED e`: TLC's
    /// processUnchangedImplVar compares the current value with the next (in that order, which
    /// decides the wording of an error) and warns when they differ.
    fn kept_unchanged(&self, x: VarId, v: &Value, e: &Expr) -> EResult<bool> {
        if self.cur[x.index()].tlc_eq(v).at(e.loc)? {
            return Ok(true);
        }
        let name = &self.ev.spec.variables[x.index()].name;
        let text = format!(
            "The variable {name} was changed while it is specified as UNCHANGED at\n{}",
            self.ev.describe(e.loc)
        );
        // EC.TLC_UNCHANGED_VARIABLE_CHANGED.
        if !self.ev.warn(2143, &text) {
            return Err(EvalError::at(text, e.loc));
        }
        Ok(false)
    }

    /// The items of `UNCHANGED <<...>>`, the plain variables among the first taken in a loop
    /// (as `unchanged` takes each), the first other item through `unchanged` with the rest.
    /// An error is framed as `unchanged` frames it: by its item, then each item before it.
    fn unchanged_all(
        &self,
        items: &[Expr],
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        let mut assigned = [0usize; STRAIGHT_ASSIGNS];
        let mut count = 0;
        let mut at = 0;
        let r = loop {
            let Some(item) = items.get(at) else {
                break k(self, env, next, action);
            };
            match unchanged_var(item, env) {
                Some(x) if count < STRAIGHT_ASSIGNS => match &next[x.index()] {
                    None => {
                        let now = self.cur[x.index()].clone();
                        self.set_slot(next, x.index(), Some(now));
                        assigned[count] = x.index();
                        count += 1;
                    }
                    Some(v) => match self.kept_unchanged(x, v, item) {
                        Ok(true) => {}
                        Ok(false) => break Ok(true),
                        Err(e) => break Err(e.framed(item.loc)),
                    },
                },
                _ => {
                    let rest = &items[at + 1..];
                    break self.unchanged(item, env, next, action, &mut |run, env, next, act| {
                        run.unchanged_all(rest, env, next, act, k)
                    });
                }
            }
            at += 1;
        };
        self.undo_loop(next, &assigned[..count], &items[..at], r)
    }

    fn bound_lists<'b>(
        &self,
        bounds: &'b [tla_sema::ir::Bound],
        env: &mut Env,
        next: &[Option<Value>],
    ) -> EResult<Vec<BoundList<'b>>> {
        let mut lists = Vec::with_capacity(bounds.len());
        for b in bounds {
            let elems = self.elements(&b.set, env, next)?;
            if b.tuple {
                lists.push((&b.vars[..], true, elems));
            } else {
                for v in &b.vars {
                    lists.push((std::slice::from_ref(v), false, elems.clone()));
                }
            }
        }
        Ok(lists)
    }

    /// `\A` in an action: the body for each binding, one after the other, as a conjunction.
    #[inline(never)]
    fn forall(
        &self,
        bindings: &[Vec<(LocalId, Value)>],
        body: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        k: Cont,
    ) -> EResult<Go> {
        let Some((first, rest)) = bindings.split_first() else {
            return k(self, env, next, action);
        };
        let mark = env.len();
        for (l, v) in first {
            env.push_val(*l, v.clone());
        }
        let r = self.step(
            body,
            env,
            next,
            action,
            false,
            &mut |run, env, next, act| run.forall(rest, body, env, next, act, k),
        );
        env.truncate(mark);
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn exists(
        &self,
        lists: &[BoundList],
        i: usize,
        body: &Expr,
        env: &mut Env,
        next: &mut Vec<Option<Value>>,
        action: Option<DefId>,
        splitting: bool,
        k: Cont,
    ) -> EResult<Go> {
        if i == lists.len() {
            return self.step_conj(body, env, next, action, splitting, k);
        }
        let (vars, tuple, elems) = &lists[i];
        let elems = elems.as_slice();
        let mark = env.len();
        Part::choose(self.part, elems.len(), |j| {
            self.ev
                .bind_vars(vars, *tuple, elems[j].clone(), env, body.loc)?;
            let go = self.exists(lists, i + 1, body, env, next, action, splitting, k);
            env.truncate(mark);
            go
        })
    }
}
