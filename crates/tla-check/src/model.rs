//! A model: the spec bound to a .cfg — constant values, the initial predicate and next-state
//! action, and what to check.

use crate::alias::Alias;
use crate::config::{CfgValue, Config, Name};
use tla_eval::{Binding, Env, Evaluator, OpValue, StateView, Value};
use tla_sema::ir::{
    Builtin, DefId, Expr, ExprKind, Junction, Level, Loc, LocalId, ModuleId, OpRef, Spec, VarId,
};

/// A property or invariant: the name the .cfg gives and what to evaluate.
#[derive(Clone, Debug)]
pub struct Check {
    pub name: String,
    pub expr: Expr,
}

/// What the model checker needs from the spec and the .cfg.
pub struct Model {
    /// None for a spec with no behaviour (only ASSUMEs to check).
    pub init: Option<Expr>,
    pub next: Option<Expr>,
    /// The definition of the next-state relation, named in counterexamples when an action
    /// is not one of its named parts.
    pub next_def: Option<DefId>,
    /// The root module's variables, in declaration order.
    pub vars: Vec<VarId>,
    pub invariants: Vec<Check>,
    /// Action properties `[][A]_v`: the action `[A]_v` each transition must satisfy.
    pub action_properties: Vec<Check>,
    /// State predicates that are conjuncts of a PROPERTY: they must hold in initial states.
    pub init_properties: Vec<Check>,
    /// Temporal properties this engine does not check yet.
    pub temporal_properties: Vec<Check>,
    pub constraints: Vec<Check>,
    pub action_constraints: Vec<Check>,
    pub check_deadlock: bool,
    pub view: Option<Expr>,
    pub alias: Option<Alias>,
    pub postcondition: Option<Check>,
    /// The SYMMETRY definition: a set of permutations of model values (see `symmetry.rs`).
    pub symmetry: Option<Expr>,
    /// Fairness conjuncts of the SPECIFICATION (for liveness checking).
    pub fairness: Vec<Expr>,
    /// The SPECIFICATION's definition; `None` when the .cfg gives INIT and NEXT.
    pub specification: Option<DefId>,
    /// `_POSSIBLE` predicates, and how often each held (see `possible.rs`).
    pub possible: Vec<crate::possible::Possible>,
    pub possible_tally: crate::possible::Tally,
    /// The spec reads its own behaviour (TLCExt's `Trace`): each check is given the path to
    /// the state it checks, the search keeps whole states, and it runs on one worker.
    pub reads_trace: bool,
}

impl Model {
    /// The expressions the search evaluates on states and steps (on worker threads when there
    /// are several): not the POSTCONDITION and the ALIAS, evaluated after it.
    pub fn search_exprs(&self) -> impl Iterator<Item = &Expr> {
        let checks = (self.invariants.iter())
            .chain(&self.action_properties)
            .chain(&self.init_properties)
            .chain(&self.temporal_properties)
            .chain(&self.constraints)
            .chain(&self.action_constraints)
            .map(|c| &c.expr);
        (self.init.iter())
            .chain(&self.next)
            .chain(checks)
            .chain(&self.view)
            .chain(&self.symmetry)
            .chain(&self.fairness)
            .chain(self.possible.iter().map(|p| &p.expr))
    }
}

/// A problem with the .cfg against the spec: TLC's exit status 150 and up.
#[derive(Debug)]
pub struct ModelError {
    pub message: String,
    /// Where in the .cfg, when a name is at fault.
    pub at: Option<crate::config::Span>,
}

/// TLC's message for a name the .cfg gives that the spec does not define.
fn not_defined(kind: &str, name: &str) -> String {
    format!("The {kind} {name} specified in the configuration file\nis not defined in the specification.")
}

/// TLC's message for a definition with parameters where the .cfg needs one without.
fn takes_arguments(kind: &str, name: &str) -> String {
    match kind {
        "property" => format!("TLC requires {name} not to take any argument."),
        _ => format!("TLC requires {kind} not to take any argument, but one was given: {name}"),
    }
}

fn err(message: impl Into<String>, at: Option<&Name>) -> ModelError {
    ModelError {
        message: message.into(),
        at: at.map(|n| n.span),
    }
}

/// Binds the .cfg's constants into the evaluator and collects what is to be checked.
pub fn bind(spec: &Spec, cfg: &Config, ev: &mut Evaluator) -> Result<Model, ModelError> {
    bind_constants(spec, cfg, ev)?;
    let root = spec.root;
    // `kind` is what TLC calls the name's role in its messages ("invariant", "view function").
    let def_named = |kind: &str, n: &Name| -> Result<DefId, ModelError> {
        find_def(spec, root, &n.name).ok_or_else(|| err(not_defined(kind, &n.name), Some(n)))
    };
    let def_without_params = |kind: &str, n: &Name| -> Result<DefId, ModelError> {
        let d = def_named(kind, n)?;
        match spec.def(d).params.is_empty() {
            true => Ok(d),
            false => Err(err(takes_arguments(kind, &n.name), Some(n))),
        }
    };
    let call = |d: DefId, loc: Loc| Expr {
        kind: ExprKind::Call(d, Vec::new()),
        loc,
        level: spec.def(d).level,
        slot: Default::default(),
    };
    let check = |kind: &str, n: &Name| -> Result<Check, ModelError> {
        let d = def_without_params(kind, n)?;
        Ok(Check {
            name: n.name.clone(),
            expr: call(d, spec.def(d).loc),
        })
    };

    let no_variables = spec.root_module().variables.is_empty();
    let mut specification = None;
    let (init, next, next_def, fairness) = match (&cfg.specification, &cfg.init, &cfg.next) {
        // Without variables there is no state to generate: TLC checks the ASSUMEs and
        // reports 0 states (BagsTest's `Spec == [][TRUE]_<<>>`).
        (Some(s), _, _) if no_variables => {
            def_named("name", s)?;
            (None, None, None, Vec::new())
        }
        (Some(s), _, _) => {
            let d = def_named("name", s)?;
            specification = Some(d);
            let (i, n, nd, f) = split_spec(spec, ev, d).map_err(|m| err(m, Some(s)))?;
            (Some(i), Some(n), nd, f)
        }
        (None, Some(i), Some(n)) => {
            let (i, n) = (
                def_without_params("initial predicate", i)?,
                def_without_params("next state action", n)?,
            );
            let (i, n) = (call(i, spec.def(i).loc), (call(n, spec.def(n).loc), n));
            (Some(i), Some(n.0), Some(n.1), Vec::new())
        }
        // No behaviour: only the assumptions are checked (TLC wants an Init as soon as
        // the spec declares a variable, even with an empty configuration).
        (None, None, None) if spec.modules[spec.root.index()].variables.is_empty() => {
            (None, None, None, Vec::new())
        }
        (None, None, _) => {
            return Err(err(
                "The configuration file did not specify the initial state predicate.",
                None,
            ))
        }
        (None, Some(_), None) => {
            return Err(err(
                "The configuration file did not specify the next state predicate.",
                None,
            ))
        }
    };

    let mut invariants = Vec::new();
    for n in &cfg.invariants {
        let c = check("invariant", n)?;
        if c.expr.level > Level::State {
            return Err(err(
                format!(
                    "The invariant {} is not a state predicate (it has {} level).",
                    n.name,
                    c.expr.level.name()
                ),
                Some(n),
            ));
        }
        invariants.push(c);
    }
    let mut props = Properties::default();
    for n in &cfg.properties {
        let c = check("property", n)?;
        if let Some(message) = action_level_property(spec, &c) {
            return Err(err(message, Some(n)));
        }
        classify_property(spec, &c, &mut props);
    }
    invariants.extend(props.always);
    // TLC evaluates a constant invariant once before the search: FALSE stops the run as a
    // configuration error. TRUE is checked in every state still: a constant-level
    // invariant may read TLCGet("level"). Evaluated once the list is whole, where each
    // expression stays: a compiled form points into its expression.
    for (n, c) in cfg.invariants.iter().zip(&invariants) {
        if c.expr.level == Level::Constant {
            let value = ev.eval(&c.expr, &mut Env::new(), &StateView::constant());
            if let Ok(Value::Bool(false)) = value {
                let message = format!("The invariant of {} is equal to FALSE", n.name);
                return Err(err(message, Some(n)));
            }
        }
    }
    let constraints = cfg
        .constraints
        .iter()
        .map(|n| check("constraint", n))
        .collect::<Result<_, _>>()?;
    let action_constraints = cfg
        .action_constraints
        .iter()
        .map(|n| check("action constraint", n))
        .collect::<Result<_, _>>()?;
    let view = (cfg.view.as_ref().map(|n| check("view function", n)))
        .transpose()?
        .map(|c| c.expr);
    // TLC refuses an ALIAS only where it is used: each printed state then carries the error.
    let alias = cfg.alias.as_ref().map(|n| match check("alias", n) {
        Ok(c) => Alias::Expr(c.expr),
        Err(e) => Alias::Refused(e.message),
    });
    let postcondition = (cfg.postcondition.as_ref())
        .map(|n| check("post condition", n))
        .transpose()?;
    let mut possible = Vec::new();
    for n in &cfg.possible {
        let c = check("possible", n)?;
        let def = spec.def(match c.expr.kind {
            ExprKind::Call(d, _) => d,
            _ => unreachable!("check() calls a definition"),
        });
        if def.level > Level::Action {
            return Err(err(
                format!(
                    "The possible of {} is equal to a temporal formula; only state- and action-level predicates are supported",
                    n.name
                ),
                Some(n),
            ));
        }
        possible.push(crate::possible::Possible {
            name: n.name.clone(),
            body_loc: def.body.loc,
            action: def.level == Level::Action,
            expr: c.expr,
        });
    }
    let symmetry = cfg
        .symmetry
        .as_ref()
        .map(|n| check("symmetry function", n))
        .transpose()?
        .map(|c| c.expr);
    Ok(Model {
        init,
        next,
        next_def,
        // TLC prints a state's variables in its own order (`tlc_order.rs`).
        vars: crate::tlc_order::variables(spec),
        invariants,
        action_properties: props.actions,
        init_properties: props.init,
        temporal_properties: props.temporal,
        constraints,
        action_constraints,
        check_deadlock: cfg.checks_deadlock(),
        view,
        alias,
        postcondition,
        symmetry,
        fairness,
        specification,
        possible_tally: crate::possible::Tally::new(possible.len()),
        reads_trace: reads_trace(spec),
        possible,
    })
}

/// Whether the spec (a module it extends or instantiates) defines TLCExt's `Trace`.
fn reads_trace(spec: &Spec) -> bool {
    (spec.defs.iter()).any(|d| d.name == "Trace" && spec.module(d.module).name == "TLCExt")
}

/// TLC's warnings about the model before its search (MP.printWarning, in TLC's order), each
/// with its EC code: a PROPERTY naming a state-level definition (SpecProcessor: 2255), then
/// a SYMMETRY with temporal properties (AbstractChecker: 2279).
pub fn startup_warnings(spec: &Spec, cfg: &Config, model: &Model) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    for n in &cfg.properties {
        let def = find_def(spec, spec.root, &n.name).map(|d| spec.def(d));
        if def.is_some_and(|d| d.params.is_empty() && d.level == Level::State) {
            let p = &n.name;
            out.push((2255, format!("The formula {p} is a state-level formula, but it was used as a PROPERTY (or PROPERTIES), where a temporal formula is typically expected. State-level formulas used as PROPERTY or PROPERTIES are only checked in the initial state. To verify that the formula {p} holds in all states of every behavior, use INVARIANT {p} instead. Alternatively, applying the \"always\" temporal operator ([]) to the state-level formula {p} changes it into a temporal formula, asserting that {p} holds in all states of every behavior. See https://explain.tlapl.us/invariants-and-properties for additional details.")));
        }
    }
    if let Some(w) = crate::symmetry::liveness_warning(model) {
        out.push((2279, w.trim_start_matches("Warning: ").to_string()));
    }
    out
}

fn find_def(spec: &Spec, module: ModuleId, name: &str) -> Option<DefId> {
    spec.module(module).defs.get(name).copied()
}

type SplitSpec = (Expr, Expr, Option<DefId>, Vec<Expr>);

/// Operator parameters bound to their arguments while a SPECIFICATION is taken apart.
type Subst = Vec<(LocalId, Expr)>;

/// `e` with the bound parameters replaced by their arguments, and the highest level of an
/// argument put in (a parameter counts as constant where levels were computed, so `e`'s
/// own level is a lower bound).
fn substitute(e: &Expr, subst: &Subst) -> Expr {
    fn go(e: &mut Expr, subst: &Subst, top: &mut Level) {
        let bound = |l: &LocalId| subst.iter().rev().find(|(k, _)| k == l).map(|(_, v)| v);
        match &mut e.kind {
            ExprKind::Local(l) => {
                if let Some(v) = bound(l) {
                    *top = (*top).max(v.level);
                    *e = v.clone();
                    return;
                }
            }
            ExprKind::OpArg(OpRef::Param(l)) => {
                if let Some(v) = bound(l) {
                    *top = (*top).max(v.level);
                    *e = v.clone();
                    return;
                }
            }
            ExprKind::CallParam(l, args) => {
                if let Some(ExprKind::OpArg(OpRef::Def(d))) = bound(l).map(|v| &v.kind) {
                    let args = std::mem::take(args);
                    e.kind = ExprKind::Call(*d, args);
                }
            }
            _ => {}
        }
        let mut inner = e.level;
        tla_sema::visit::for_each_child_mut(e, &mut |c| go(c, subst, &mut inner));
        e.level = e.level.max(inner);
        *top = (*top).max(e.level);
    }
    let mut e = e.clone();
    if !subst.is_empty() {
        let mut top = e.level;
        go(&mut e, subst, &mut top);
    }
    e
}

/// The conjuncts of a SPECIFICATION as TLC's `processConfigSpec` finds them: through
/// conjunctions, LET, and applications of definitions (with their arguments bound, also
/// operator arguments and parameterized INSTANCEs' copies) whose level is temporal.
fn spec_conjuncts(spec: &Spec, e: &Expr, subst: &Subst, out: &mut Vec<Expr>) {
    let level = |e: &Expr| substitute(e, subst).level;
    match &e.kind {
        ExprKind::Junction(Junction::And, items) | ExprKind::Builtin(Builtin::And, items) => items
            .iter()
            .for_each(|i| spec_conjuncts(spec, i, subst, out)),
        ExprKind::Let(_, body) => spec_conjuncts(spec, body, subst, out),
        ExprKind::Label(_, body) => spec_conjuncts(spec, body, subst, out),
        ExprKind::Local(l) | ExprKind::OpArg(OpRef::Param(l))
            if subst.iter().any(|(k, _)| k == l) =>
        {
            let v = substitute(e, subst);
            spec_conjuncts(spec, &v, &Vec::new(), out)
        }
        ExprKind::CallParam(l, args) => {
            let bound = subst
                .iter()
                .rev()
                .find(|(k, _)| k == l)
                .map(|(_, v)| &v.kind);
            match bound {
                Some(ExprKind::OpArg(OpRef::Def(d))) => {
                    let call = Expr {
                        kind: ExprKind::Call(*d, args.clone()),
                        ..e.clone()
                    };
                    spec_conjuncts(spec, &call, subst, out)
                }
                _ => out.push(substitute(e, subst)),
            }
        }
        ExprKind::Call(d, args) if expands(spec, *d, args, level(e)) => {
            let def = spec.def(*d);
            let mut inner = subst.clone();
            for (p, a) in def.params.iter().zip(args) {
                inner.push((p.local, substitute(a, subst)));
            }
            spec_conjuncts(spec, &def.body, &inner, out)
        }
        _ => out.push(substitute(e, subst)),
    }
}

/// Whether a conjunct `d(args)` of a SPECIFICATION is taken apart: a temporal one, as TLC
/// does; and one with arguments (its body with the arguments put in), since initial states
/// are enumerated from the conjunct and the enumerator takes an argument as a value.
fn expands(spec: &Spec, d: DefId, args: &[Expr], level: Level) -> bool {
    let def = spec.def(d);
    def.params.len() == args.len()
        && !def.recursive
        && !tla_sema::stdlib::STANDARD_MODULES.contains(&spec.module(def.module).name.as_str())
        && (level == Level::Temporal || !args.is_empty())
}

/// `Init /\ [][Next]_v /\ fairness`: the initial predicate, the action and the fairness.
fn split_spec(spec: &Spec, ev: &Evaluator, d: DefId) -> Result<SplitSpec, String> {
    let mut parts = Vec::new();
    spec_conjuncts(spec, &spec.def(d).body, &Vec::new(), &mut parts);
    let mut init = Vec::new();
    let mut next = None;
    let mut fairness = Vec::new();
    for p in &parts {
        match &p.kind {
            ExprKind::Builtin(Builtin::Always, a)
                if matches!(a[0].kind, ExprKind::BoxAction(..)) =>
            {
                let ExprKind::BoxAction(action, _) = &a[0].kind else {
                    unreachable!()
                };
                if next.is_some() {
                    return Err(
                        "The specification has more than one [][Next]_vars conjunct.".into(),
                    );
                }
                next = Some((**action).clone());
            }
            // A constant definition TLC has evaluated before: TRUE is dropped, FALSE an
            // error (TLC_CONFIG_SPEC_IS_TRIVIAL). Other constant conjuncts (`N > 5`) stay in
            // the initial predicate.
            ExprKind::Call(d, args) if args.is_empty() && p.level == Level::Constant => {
                match ev.eval(p, &mut Env::new(), &StateView::constant()) {
                    Ok(Value::Bool(true)) => {}
                    Ok(Value::Bool(false)) => {
                        return Err(format!(
                            "The spec is trivially false because {} is false.",
                            spec.def(*d).name
                        ));
                    }
                    _ => init.push(p.clone()),
                }
            }
            _ if p.level <= Level::State => init.push(p.clone()),
            _ => fairness.push(p.clone()),
        }
    }
    let next = next.ok_or("The specification does not have the form Init /\\ [][Next]_vars.")?;
    let init = match init.len() {
        0 => return Err("The specification has no initial predicate.".into()),
        1 => init.pop().expect("one"),
        _ => {
            let loc = init[0].loc;
            Expr {
                kind: ExprKind::Junction(Junction::And, init),
                loc,
                level: Level::State,
                slot: Default::default(),
            }
        }
    };
    let next_def = match &next.kind {
        ExprKind::Call(d, _) => Some(*d),
        _ => None,
    };
    Ok((init, next, next_def, fairness))
}

/// TLC refuses an action-level formula under PROPERTY (`processConfigProps`, EC
/// TLC_CONFIG_PROPERTY_ACTION_LEVEL and its `[A]_v` / `<<A>>_v` variants, exit 151): the
/// property is split into conjuncts, through definitions without parameters, and the first
/// conjunct of action level is named by the innermost definition it is the whole body of, else
/// by its location.
fn action_level_property(spec: &Spec, c: &Check) -> Option<String> {
    /// The first action-level conjunct and the definition it is the whole body of, if any.
    fn walk<'s>(
        spec: &'s Spec,
        e: &'s Expr,
        name: Option<&'s str>,
        out: &mut Option<(&'s Expr, Option<&'s str>)>,
    ) {
        if out.is_some() || e.level != Level::Action && e.level != Level::Temporal {
            return;
        }
        match &e.kind {
            ExprKind::Junction(Junction::And, items) | ExprKind::Builtin(Builtin::And, items) => {
                items.iter().for_each(|i| walk(spec, i, None, out))
            }
            ExprKind::Call(d, args) if args.is_empty() => {
                let def = spec.def(*d);
                walk(spec, &def.body, Some(&def.name), out)
            }
            _ if e.level == Level::Action => *out = Some((e, name)),
            _ => {}
        }
    }
    let mut found = None;
    walk(spec, &c.expr, Some(&c.name), &mut found);
    let (e, name) = found?;
    let loc = crate::tlc_text::describe_loc(spec, e.loc);
    let name = name.map_or_else(|| loc.clone(), str::to_string);
    let head = format!(
        "The formula {name} at {loc} is an action-level formula (i.e., it contains no temporal operators). Only temporal-level (or state-level) formulas are allowed under PROPERTY or PROPERTIES."
    );
    let book = "https://lamport.azurewebsites.net/tla/book.html";
    Some(match &e.kind {
        ExprKind::BoxAction(..) => format!(
            "{head} To check that action {name} holds in *every* step of the behavior, define a temporal property by applying the \"always\" temporal operator ([]) to the formula at {loc} (compare page 90 of Specifying Systems at {book})."
        ),
        ExprKind::AngleAction(..) => format!(
            "{head} To check that infinitely many {name} steps occur, define a temporal property by applying the \"always eventually\" temporal operator combination ([]<>) to the formula at {loc} (compare page 91 of Specifying Systems at {book})."
        ),
        _ => format!(
            "{head} To check that action {name} holds in *every* step of the behavior, define a temporal property: Let A be the formula at {loc}; rewrite A as [][A]_v, where v is a state function (typically the tuple of variables) (compare page 90 of Specifying Systems at {book})."
        ),
    })
}

#[derive(Default)]
struct Properties {
    /// `[]P`, P a state predicate: checked in every state, like an invariant.
    always: Vec<Check>,
    /// `[][A]_v`: checked on every transition.
    actions: Vec<Check>,
    /// A state predicate P: must hold in every initial state.
    init: Vec<Check>,
    temporal: Vec<Check>,
}

/// Sorts the conjuncts of a PROPERTY by how they are checked, each named as TLC names it:
/// a bare application `D` (or `[]D`) by `D`, the whole body of a definition `D` reached
/// without splitting a conjunction by `D`, any other conjunct by its location.
fn classify_property(spec: &Spec, c: &Check, out: &mut Properties) {
    /// `inner` is the last definition entered since the conjunction last split, which TLC
    /// names an action property (`[][A]_v`) by.
    fn walk(
        spec: &Spec,
        e: &Expr,
        subst: &Subst,
        name: Option<&str>,
        inner: Option<&str>,
        out: &mut Vec<Check>,
    ) {
        let level = |e: &Expr| substitute(e, subst).level;
        match &e.kind {
            ExprKind::Junction(Junction::And, items) | ExprKind::Builtin(Builtin::And, items)
                if level(e) == Level::Temporal =>
            {
                items
                    .iter()
                    .for_each(|i| walk(spec, i, subst, None, None, out))
            }
            ExprKind::Let(_, body) | ExprKind::Label(_, body) if level(e) == Level::Temporal => {
                walk(spec, body, subst, name, inner, out)
            }
            ExprKind::Local(l) | ExprKind::OpArg(OpRef::Param(l))
                if subst.iter().any(|(k, _)| k == l) =>
            {
                walk(spec, &substitute(e, subst), &Vec::new(), name, inner, out)
            }
            ExprKind::Call(d, args)
                if level(e) == Level::Temporal && expands(spec, *d, args, Level::Temporal) =>
            {
                let def = spec.def(*d);
                let mut inner = subst.clone();
                for (p, a) in def.params.iter().zip(args) {
                    inner.push((p.local, substitute(a, subst)));
                }
                // A definition reached through a name keeps it (`prop == Liveness` is `prop`).
                walk(
                    spec,
                    &def.body,
                    &inner,
                    Some(name.unwrap_or(&def.name)),
                    Some(&def.name),
                    out,
                )
            }
            _ => {
                let bare = |e: &Expr| match &e.kind {
                    ExprKind::Call(d, a) if a.is_empty() => Some(spec.def(*d).name.clone()),
                    _ => None,
                };
                let leaf = substitute(e, subst);
                let own = match &leaf.kind {
                    ExprKind::Builtin(Builtin::Always, a) if a[0].level <= Level::State => {
                        bare(&a[0])
                    }
                    _ => bare(&leaf),
                };
                let is_action = matches!(&leaf.kind, ExprKind::Builtin(Builtin::Always, a)
                    if matches!(a[0].kind, ExprKind::BoxAction(..)));
                let name = own
                    .or(if is_action { inner } else { name }.map(str::to_string))
                    .unwrap_or_else(|| crate::tlc_text::describe_loc(spec, e.loc));
                out.push(Check { name, expr: leaf })
            }
        }
    }
    let mut parts = Vec::new();
    walk(
        spec,
        &c.expr,
        &Vec::new(),
        Some(&c.name),
        Some(&c.name),
        &mut parts,
    );
    for p in parts {
        match &p.expr.kind {
            ExprKind::Builtin(Builtin::Always, a)
                if matches!(a[0].kind, ExprKind::BoxAction(..)) =>
            {
                out.actions.push(Check {
                    name: p.name,
                    expr: a[0].clone(),
                })
            }
            ExprKind::Builtin(Builtin::Always, a) if a[0].level <= Level::State => {
                out.always.push(Check {
                    name: p.name,
                    expr: a[0].clone(),
                })
            }
            _ if p.expr.level <= Level::State => out.init.push(p),
            // TLC names a temporal conjunct by the PROPERTY, however it was split.
            _ => out.temporal.push(Check {
                name: c.name.clone(),
                expr: p.expr,
            }),
        }
    }
}

fn cfg_value(v: &CfgValue) -> Result<Value, String> {
    Ok(match v {
        CfgValue::Int(n) => Value::Int(*n),
        CfgValue::Str(s) => Value::str(s),
        CfgValue::Bool(b) => Value::Bool(*b),
        CfgValue::ModelValue(m) => Value::model_value(m),
        CfgValue::Set(items) => {
            let vals = items.iter().map(cfg_value).collect::<Result<Vec<_>, _>>()?;
            Value::set(vals).map_err(|e| e.message)?
        }
    })
}

fn bind_constants(spec: &Spec, cfg: &Config, ev: &mut Evaluator) -> Result<(), ModelError> {
    let root = spec.root_module();
    let const_named = |name: &str| {
        root.constants
            .iter()
            .copied()
            .find(|c| spec.constants[c.index()].name == name)
    };
    for a in &cfg.constants {
        let value = cfg_value(&a.value).map_err(|m| err(m, Some(&a.name)))?;
        let module = match &a.module {
            Some(m) => Some(module_named(spec, m)?),
            None => None,
        };
        if let (None, Some(c)) = (module, const_named(&a.name.name)) {
            ev.set_const(c, Binding::Val(value));
            continue;
        }
        let m = module.unwrap_or(spec.root);
        match find_def(spec, m, &a.name.name) {
            Some(d) if spec.def(d).params.len() == a.args.len() => {
                for copy in with_copies(spec, d) {
                    ev.override_def(copy, OpValue::Val(value.clone()));
                }
            }
            // TLC ignores assignments to names the spec does not declare.
            _ => {}
        }
    }
    // Replaced definitions first, then constants bound to definitions (whose values may use
    // the replaced definitions).
    let is_const =
        |o: &&crate::config::Override| o.module.is_none() && const_named(&o.name.name).is_some();
    let ordered = cfg
        .overrides
        .iter()
        .filter(|o| !is_const(o))
        .chain(cfg.overrides.iter().filter(|o| is_const(o)));
    for o in ordered {
        let m = match &o.module {
            Some(m) => module_named(spec, m)?,
            None => spec.root,
        };
        let target = find_def(spec, spec.root, &o.target.name)
            .or_else(|| find_def(spec, m, &o.target.name))
            .ok_or_else(|| {
                err(
                    format!(
                        "The operator {} named after <- is not defined in the specification.",
                        o.target.name
                    ),
                    Some(&o.target),
                )
            })?;
        if o.module.is_none() {
            if let Some(c) = const_named(&o.name.name) {
                let binding = if spec.constants[c.index()].arity == 0 {
                    // TLC evaluates such definitions up front but keeps an error to itself:
                    // the constant then stands for the definition, whose error surfaces
                    // where the constant is used (an ASSUME, Init, ...).
                    match ev.eval_def(target, &mut Env::new(), &StateView::constant()) {
                        Ok(v) => Binding::Val(v),
                        Err(_) => Binding::Op(OpValue::Def(target)),
                    }
                } else {
                    Binding::Op(OpValue::Def(target))
                };
                ev.set_const(c, binding);
                continue;
            }
        }
        let d = find_def(spec, m, &o.name.name).ok_or_else(|| {
            err(
                format!("The operator {} replaced in the configuration file is not defined in the specification.", o.name.name),
                Some(&o.name),
            )
        })?;
        // `Op <- [M] Other` reaches every instance's copy of M's Op; `Op <- Other` only the
        // definition the root module sees, as in TLC.
        let targets = if o.module.is_some() {
            with_copies(spec, d)
        } else {
            vec![d]
        };
        for t in targets {
            ev.override_def(t, OpValue::Def(target));
        }
    }
    for c in &root.constants {
        if ev.const_binding(*c).is_none() {
            return Err(err(
                format!(
                    "The constant parameter {} is not assigned a value by the configuration file.",
                    spec.constants[c.index()].name
                ),
                None,
            ));
        }
    }
    Ok(())
}

/// A definition and the copies INSTANCEs made of it.
fn with_copies(spec: &Spec, d: DefId) -> Vec<DefId> {
    let mut out = vec![d];
    for (i, def) in spec.defs.iter().enumerate() {
        if def.origin == Some(d) {
            out.push(DefId(i as u32));
        }
    }
    out
}

fn module_named(spec: &Spec, m: &Name) -> Result<ModuleId, ModelError> {
    spec.modules
        .iter()
        .position(|x| x.name == m.name)
        .map(|i| ModuleId(i as u32))
        .ok_or_else(|| {
            err(
                format!("The module {} is not part of the specification.", m.name),
                Some(m),
            )
        })
}
