//! Level checking as SANY does it (tla2sany/semantic: BuiltInLevel.java, OpApplNode.levelCheck,
//! OpDefNode.levelCheck, ModuleNode.levelCheck, InstanceNode.levelCheck, AssumeNode).
//!
//! Each expression is constant, state, action or temporal. Every operator, built-in or
//! defined, says per argument the highest level the argument may have and whether the
//! argument's level counts towards the level of the application (its "weight"): `x'` is an
//! action whatever `x` is (weight 0), `a = b` is as high as its arguments (weight 1).
//!
//! A definition's level is computed with its parameters at constant level. A parameter's
//! highest allowed level is the lowest limit met on the way from the body's root down to the
//! parameter through arguments of weight 1, plus the limit of the first weight-0 argument on
//! that way (SANY's level constraints follow a parameter only while it is a "level parameter"
//! of the enclosing expression). A parameter raises the level of an application when it is
//! reached through weight-1 arguments only.

use crate::fxhash::FxHashMap;
use crate::ir::*;
use crate::resolve::InstanceLevelCheck;
use crate::SemaError;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Todo,
    Busy,
    Done,
}

/// What the checked body says about one name bound outside the current subexpression: the
/// lowest limit met on its level, and whether it counts towards the body's level.
#[derive(Clone, Copy, Debug)]
struct Use {
    max: Level,
    counts: bool,
}

/// Per local (parameter, bound name): its use in the definition being checked.
type ParamUse = FxHashMap<LocalId, Use>;

/// The position of a subexpression: the limit the enclosing operators put on a parameter
/// found here, and whether its level counts towards the enclosing definition's level.
#[derive(Clone, Copy)]
struct Pos {
    allowed: Level,
    counts: bool,
}

impl Pos {
    /// An argument of weight 1 with highest level `max`.
    fn weighted(self, max: Level) -> Pos {
        Pos {
            allowed: self.allowed.min(max),
            counts: self.counts,
        }
    }

    /// An argument of weight 0 with highest level `max`: its level does not reach the
    /// enclosing expression, nor do the limits around it.
    fn unweighted(max: Level) -> Pos {
        Pos {
            allowed: max,
            counts: false,
        }
    }
}

struct Checker<'a> {
    spec: &'a mut Spec,
    /// The name an application was written with where it is not the definition's own
    /// (`I!Foo` for a definition reached through an instance), for messages.
    call_names: &'a FxHashMap<Loc, String>,
    state: Vec<State>,
    /// Per definition: its use of names bound around it (LET and LAMBDA definitions).
    outer: Vec<Vec<(LocalId, Use)>>,
    errors: Vec<SemaError>,
}

pub(crate) fn check(
    spec: &mut Spec,
    instances: &[InstanceLevelCheck],
    call_names: &FxHashMap<Loc, String>,
) -> Vec<SemaError> {
    let n = spec.defs.len();
    let mut c = Checker {
        spec,
        call_names,
        state: vec![State::Todo; n],
        outer: vec![Vec::new(); n],
        errors: Vec::new(),
    };
    for d in 0..n {
        c.def(DefId(d as u32));
    }
    for m in 0..c.spec.modules.len() {
        let mut assumptions = std::mem::take(&mut c.spec.modules[m].assumptions);
        for a in &mut assumptions {
            let l = c.expr(
                &mut a.expr,
                Pos::unweighted(Level::Temporal),
                &mut ParamUse::default(),
            );
            if l > Level::Constant {
                c.error(
                    a.loc,
                    format!(
                        "Level error: assumptions must be level 0 (Constant), but this one has level {}.",
                        level_number(l)
                    ),
                );
            }
        }
        c.spec.modules[m].assumptions = assumptions;
    }
    for inst in instances {
        c.instance(inst);
    }
    c.errors
}

/// SANY's level numbers: 0 constant, 1 state, 2 action, 3 temporal.
fn level_number(l: Level) -> u8 {
    match l {
        Level::Constant => 0,
        Level::State => 1,
        Level::Action => 2,
        Level::Temporal => 3,
    }
}

fn arg_error(op: &str, i: usize) -> String {
    format!(
        "Level error in applying operator {op}: The level of argument {i} exceeds the maximum level allowed by the operator."
    )
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
                slot: Default::default(),
            },
        );
        let mut pu = ParamUse::default();
        let top = Pos {
            allowed: Level::Temporal,
            counts: true,
        };
        let level = stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            self.expr(&mut body, top, &mut pu)
        });
        let def = &mut self.spec.defs[d.index()];
        def.body = body;
        def.level = level;
        let own: Vec<LocalId> = def.params.iter().map(|p| p.local).collect();
        let mut maxes: Vec<Level> = own
            .iter()
            .map(|p| pu.get(p).map_or(Level::Temporal, |u| u.max))
            .collect();
        let mut raises: Vec<bool> = own
            .iter()
            .map(|p| pu.get(p).is_some_and(|u| u.counts))
            .collect();
        let module = &self.spec.modules[def.module.index()];
        if module.standard {
            // SANY's own standard module texts decide their operators' levels.
            if let Some(sig) = crate::stdlib::sany_signature(&module.name, &def.name) {
                if sig.len() == maxes.len() {
                    maxes = sig.iter().map(|(m, _)| *m).collect();
                    raises = sig.iter().map(|(_, w)| *w).collect();
                }
            }
        }
        let def = &self.spec.defs[d.index()];
        if def.recursive && !def.is_function {
            // ModuleNode.levelCheck: a recursive operator's arguments start at action level
            // and weight 1; one that ends lower is primed somewhere in the body.
            let (name, loc) = (def.name.clone(), def.loc);
            for (i, m) in maxes.iter_mut().enumerate() {
                if *m < Level::Action {
                    self.error(
                        loc,
                        format!("Argument {} of recursive operator {name} is primed", i + 1),
                    );
                }
                *m = (*m).min(Level::Action);
            }
            raises.iter_mut().for_each(|r| *r = true);
        }
        let def = &mut self.spec.defs[d.index()];
        def.param_max = maxes;
        def.param_raises = raises;
        self.outer[d.index()] = pu.into_iter().filter(|(l, _)| !own.contains(l)).collect();
        self.outer[d.index()].sort_by_key(|(l, _)| *l);
        self.state[d.index()] = State::Done;
    }

    /// The level of `e` (stored in it).
    fn expr(&mut self, e: &mut Expr, pos: Pos, pu: &mut ParamUse) -> Level {
        let level =
            stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || self.expr_inner(e, pos, pu));
        e.level = level;
        level
    }

    /// An argument `i` (1-based) of the operator `op` applied at `at`, with highest level
    /// `max` and the given weight.
    #[allow(clippy::too_many_arguments)]
    fn arg(
        &mut self,
        e: &mut Expr,
        pos: Pos,
        max: Level,
        weighted: bool,
        op: &str,
        i: usize,
        at: Loc,
        pu: &mut ParamUse,
    ) -> Level {
        let p = if weighted {
            pos.weighted(max)
        } else {
            Pos::unweighted(max)
        };
        let l = self.expr(e, p, pu);
        if l > max {
            self.error(at, arg_error(op, i));
        }
        l
    }

    /// Arguments of weight 1 all limited to `max` (SANY's operators of variable arity).
    fn all(
        &mut self,
        es: &mut [Expr],
        pos: Pos,
        max: Level,
        op: &str,
        at: Loc,
        pu: &mut ParamUse,
    ) -> Level {
        let mut l = Level::Constant;
        for (i, e) in es.iter_mut().enumerate() {
            l = l.max(self.arg(e, pos, max, true, op, i + 1, at, pu));
        }
        l
    }

    fn note_local(&mut self, id: LocalId, pos: Pos, pu: &mut ParamUse) {
        let u = pu.entry(id).or_insert(Use {
            max: Level::Temporal,
            counts: false,
        });
        u.max = u.max.min(pos.allowed);
        u.counts |= pos.counts;
    }

    /// A use of definition `d` (a LET or LAMBDA definition may use names bound around it):
    /// its limits on those names hold here, and those that count towards its level count here
    /// as far as this position counts.
    fn merge_outer(&mut self, d: DefId, pos: Pos, pu: &mut ParamUse) {
        for i in 0..self.outer[d.index()].len() {
            let (l, u) = self.outer[d.index()][i];
            let entry = pu.entry(l).or_insert(Use {
                max: Level::Temporal,
                counts: false,
            });
            entry.max = entry.max.min(u.max);
            if u.counts {
                entry.max = entry.max.min(pos.allowed);
                entry.counts |= pos.counts;
            }
        }
    }

    /// The bounds of a quantifier or set constructor: their levels count, and each must be
    /// at most action level (OpApplNode.levelCheck's "range" check).
    fn bounds(
        &mut self,
        bounds: &mut [Bound],
        pos: Pos,
        op: &str,
        at: Loc,
        pu: &mut ParamUse,
    ) -> Vec<Level> {
        let mut out = Vec::new();
        for b in bounds {
            let l = self.expr(&mut b.set, pos, pu);
            if l > Level::Action {
                let var = b
                    .vars
                    .first()
                    .map(|v| self.spec.locals[v.index()].name.clone())
                    .unwrap_or_default();
                self.error(
                    at,
                    format!(
                        "Level error in applying operator {op}: The level of the range for the bounded variable {var} exceeds the maximum level allowed by the operator."
                    ),
                );
            }
            out.push(l);
        }
        out
    }

    /// Whether a conjunction or disjunction is written as a bulleted list (SANY's
    /// `$ConjList`/`$DisjList`) rather than infix.
    fn bulleted(&self, loc: Loc) -> bool {
        let text = &self.spec.files[loc.file.index()].text;
        let rest = text.get(loc.span.start as usize..).unwrap_or("");
        rest.starts_with("/\\")
            || rest.starts_with("\\/")
            || rest.starts_with('\u{2227}')
            || rest.starts_with('\u{2228}')
    }

    /// SANY: a temporal formula and an action may not be combined by a Boolean operator.
    fn mixed(&mut self, levels: &[Level], op: &str, at: Loc) {
        if levels.contains(&Level::Temporal) && levels.contains(&Level::Action) {
            self.error(
                at,
                format!("{op} has both temporal formula and action as arguments."),
            );
        }
    }

    fn expr_inner(&mut self, e: &mut Expr, pos: Pos, pu: &mut ParamUse) -> Level {
        use ExprKind::*;
        const A: Level = Level::Action;
        const S: Level = Level::State;
        let loc = e.loc;
        match &mut e.kind {
            Bool(_) | Num(_) | Decimal(_) | Str(_) | Const(_) | At => Level::Constant,
            OpArg(op) => {
                match op {
                    OpRef::Def(d) => {
                        let d = *d;
                        self.def(d);
                        if self.state[d.index()] == State::Done {
                            self.merge_outer(d, pos, pu);
                        }
                    }
                    OpRef::Param(p) => {
                        let p = *p;
                        self.note_local(p, pos, pu);
                    }
                    OpRef::Builtin(_) | OpRef::Const(_) => {}
                }
                Level::Constant
            }
            Local(id) => {
                let id = *id;
                self.note_local(id, pos, pu);
                Level::Constant
            }
            Var(_) => Level::State,
            Call(d, args) => {
                let d = *d;
                self.def(d);
                let busy = self.state[d.index()] == State::Busy;
                let def = &self.spec.defs[d.index()];
                let name = match self.call_names.get(&loc) {
                    Some(n) => n.clone(),
                    None => def.name.clone(),
                };
                let mut level = def.level;
                let (maxes, raises) = if busy {
                    // A recursive call: ModuleNode.levelCheck's first-pass assumption.
                    (vec![A; args.len()], vec![true; args.len()])
                } else {
                    (def.param_max.clone(), def.param_raises.clone())
                };
                for (i, a) in args.iter_mut().enumerate() {
                    let max = maxes.get(i).copied().unwrap_or(Level::Temporal);
                    let raise = raises.get(i).copied().unwrap_or(true);
                    let l = self.arg(a, pos, max, raise, &name, i + 1, loc, pu);
                    if raise {
                        level = level.max(l);
                    }
                }
                if !busy {
                    self.merge_outer(d, pos, pu);
                }
                level
            }
            CallConst(_, args) => {
                // A declared operator: no limits, every argument counts.
                let mut l = Level::Constant;
                for a in args.iter_mut() {
                    l = l.max(self.expr(a, pos, pu));
                }
                l
            }
            CallParam(p, args) => {
                let p = *p;
                self.note_local(p, pos, pu);
                let mut l = Level::Constant;
                for a in args.iter_mut() {
                    l = l.max(self.expr(a, pos, pu));
                }
                l
            }
            Builtin(b, args) => {
                let b = *b;
                self.builtin(b, args, pos, loc, pu)
            }
            Junction(j, items) => {
                let mut levels = Vec::new();
                for it in items.iter_mut() {
                    levels.push(self.expr(it, pos, pu));
                }
                let op = match (j, self.bulleted(loc)) {
                    (tla_syntax::ast::Junction::And, true) => "Conjunction list",
                    (tla_syntax::ast::Junction::Or, true) => "Disjunction list",
                    (tla_syntax::ast::Junction::And, false) => "\\land",
                    (tla_syntax::ast::Junction::Or, false) => "\\lor",
                };
                self.mixed(&levels, op, loc);
                levels.into_iter().max().unwrap_or(Level::Constant)
            }
            Quant(q, bounds, body) => {
                let op = match q {
                    tla_syntax::ast::Quantifier::Exists => "$BoundedExists",
                    tla_syntax::ast::Quantifier::Forall => "$BoundedForall",
                };
                let ranges = self.bounds(bounds, pos, op, loc, pu);
                let body = self.expr(body, pos, pu);
                let level = ranges.iter().copied().fold(body, Level::max);
                if level == Level::Temporal {
                    for (b, l) in bounds.iter().zip(&ranges) {
                        if *l == A {
                            self.error(
                                b.set.loc,
                                "Action-level bound of quantified temporal formula.",
                            );
                        }
                    }
                }
                level
            }
            UnboundedQuant(_, _, body) => self.expr(body, pos, pu),
            TemporalQuant(_, _, body) => {
                self.expr(body, Pos::unweighted(Level::Temporal), pu);
                Level::Temporal
            }
            Choose(_, _, set, body) => {
                let (op, s) = match set {
                    Some(s) => {
                        let mut b = [Bound {
                            vars: Vec::new(),
                            tuple: false,
                            set: std::mem::replace(
                                &mut **s,
                                Expr {
                                    kind: ExprKind::Bool(false),
                                    loc,
                                    level: Level::Constant,
                                    slot: Default::default(),
                                },
                            ),
                        }];
                        let l = self.bounds(&mut b, pos, "$BoundedChoose", loc, pu)[0];
                        let [b] = b;
                        **s = b.set;
                        ("$BoundedChoose", l)
                    }
                    None => ("$UnboundedChoose", Level::Constant),
                };
                s.max(self.arg(body, pos, A, true, op, 1, loc, pu))
            }
            If(c, a, b) => {
                let c = self.expr(c, pos, pu);
                let a = self.expr(a, pos, pu);
                c.max(a).max(self.expr(b, pos, pu))
            }
            Case(arms, other) => {
                let mut l = Level::Constant;
                for (g, v) in arms.iter_mut() {
                    l = l.max(self.expr(g, pos, pu));
                    l = l.max(self.expr(v, pos, pu));
                }
                if let Some(o) = other {
                    l = l.max(self.expr(o, pos, pu));
                }
                l
            }
            Let(defs, body) => {
                for d in defs.clone() {
                    self.def(d);
                    // The limits a LET definition puts on names around it hold in any case.
                    for i in 0..self.outer[d.index()].len() {
                        let (l, u) = self.outer[d.index()][i];
                        if let Some(entry) = pu.get_mut(&l) {
                            entry.max = entry.max.min(u.max);
                        } else if u.max < Level::Temporal {
                            pu.insert(
                                l,
                                Use {
                                    max: u.max,
                                    counts: false,
                                },
                            );
                        }
                    }
                }
                self.expr(body, pos, pu)
            }
            SetEnum(items) => self.all(items, pos, A, "$SetEnumerate", loc, pu),
            Tuple(items) => self.all(items, pos, A, "$Tuple", loc, pu),
            Times(items) => self.all(items, pos, A, "$CartesianProd", loc, pu),
            SetFilter(bound, pred) => {
                let r = self.bounds(
                    std::slice::from_mut(&mut **bound),
                    pos,
                    "$SubsetOf",
                    loc,
                    pu,
                );
                r[0].max(self.arg(pred, pos, A, true, "$SubsetOf", 1, loc, pu))
            }
            SetMap(body, bounds) => {
                let r = self.bounds(bounds, pos, "$SetOfAll", loc, pu);
                let b = self.arg(body, pos, A, true, "$SetOfAll", 1, loc, pu);
                r.into_iter().fold(b, Level::max)
            }
            FunCons(bounds, body) => {
                let r = self.bounds(bounds, pos, "$FcnConstructor", loc, pu);
                let b = self.expr(body, pos, pu);
                r.into_iter().fold(b, Level::max)
            }
            Record(fields) => {
                let mut l = Level::Constant;
                for (_, v) in fields.iter_mut() {
                    l = l.max(self.expr(v, pos, pu));
                }
                l
            }
            RecordSet(fields) => {
                let mut l = Level::Constant;
                for (i, (_, v)) in fields.iter_mut().enumerate() {
                    l = l.max(self.arg(v, pos, A, true, "$SetOfRcds", i + 1, loc, pu));
                }
                l
            }
            FunSet(a, b) => {
                let a = self.arg(a, pos, A, true, "$SetOfFcns", 1, loc, pu);
                a.max(self.arg(b, pos, A, true, "$SetOfFcns", 2, loc, pu))
            }
            FunApp(f, args) => {
                let f = self.arg(f, pos, A, true, "$FcnApply", 1, loc, pu);
                let mut l = f;
                for a in args.iter_mut() {
                    l = l.max(self.arg(a, pos, A, true, "$FcnApply", 2, loc, pu));
                }
                l
            }
            Dot(r, _) => self.arg(r, pos, A, true, "$RcdSelect", 1, loc, pu),
            Except(base, updates) => {
                let mut l = self.arg(base, pos, A, true, "$Except", 1, loc, pu);
                for (k, u) in updates.iter_mut().enumerate() {
                    for step in &mut u.path {
                        if let ExceptStep::Index(ix) = step {
                            for x in ix.iter_mut() {
                                l = l.max(self.arg(x, pos, A, true, "$Except", k + 2, loc, pu));
                            }
                        }
                    }
                    l = l.max(self.arg(&mut u.value, pos, A, true, "$Except", k + 2, loc, pu));
                }
                l
            }
            BoxAction(a, v) => {
                self.arg(a, pos, A, false, "$SquareAct", 1, loc, pu);
                self.arg(v, pos, S, false, "$SquareAct", 2, loc, pu);
                Level::Action
            }
            AngleAction(a, v) => {
                self.arg(a, pos, A, false, "$AngleAct", 1, loc, pu);
                self.arg(v, pos, S, false, "$AngleAct", 2, loc, pu);
                Level::Action
            }
            Fair(k, v, a) => {
                let op = match k {
                    tla_syntax::ast::Fairness::Weak => "$WF",
                    tla_syntax::ast::Fairness::Strong => "$SF",
                };
                self.arg(v, pos, S, false, op, 1, loc, pu);
                self.arg(a, pos, A, false, op, 2, loc, pu);
                Level::Temporal
            }
            Label(_, body) => self.expr(body, pos, pu),
        }
    }

    fn builtin(
        &mut self,
        b: Builtin,
        args: &mut [Expr],
        pos: Pos,
        loc: Loc,
        pu: &mut ParamUse,
    ) -> Level {
        use Builtin::*;
        match b {
            Prime | Unchanged => {
                let name = if b == Prime { "'" } else { "UNCHANGED" };
                self.arg(&mut args[0], pos, Level::State, false, name, 1, loc, pu);
                Level::Action
            }
            Enabled => {
                self.arg(
                    &mut args[0],
                    pos,
                    Level::Action,
                    false,
                    "ENABLED",
                    1,
                    loc,
                    pu,
                );
                Level::State
            }
            Always | Eventually => {
                let l = self.expr(&mut args[0], Pos::unweighted(Level::Temporal), pu);
                // OpApplNode.levelCheck looks at an argument that is an operator application
                // (not a LET or a label) of action level.
                let application = !matches!(args[0].kind, ExprKind::Let(..) | ExprKind::Label(..));
                if l == Level::Action && application {
                    if b == Always && !matches!(args[0].kind, ExprKind::BoxAction(..)) {
                        self.error(loc, "[] followed by action not of form [A]_v.");
                    }
                    if b == Eventually && !matches!(args[0].kind, ExprKind::AngleAction(..)) {
                        self.error(loc, "<> followed by action not of form <<A>>_v.");
                    }
                }
                Level::Temporal
            }
            LeadsTo | WhilePlus => {
                let mut action = false;
                for a in args.iter_mut() {
                    action |= self.expr(a, Pos::unweighted(Level::Temporal), pu) == Level::Action;
                }
                if action {
                    self.error(
                        loc,
                        "Action used where only temporal formula or state predicate allowed.",
                    );
                }
                Level::Temporal
            }
            And | Or | Not | Implies | Equiv => {
                let mut levels = Vec::new();
                for a in args.iter_mut() {
                    levels.push(self.expr(a, pos, pu));
                }
                let op = match b {
                    And => "\\land",
                    Or => "\\lor",
                    Implies => "=>",
                    Equiv => "\\equiv",
                    _ => "",
                };
                if !op.is_empty() {
                    self.mixed(&levels, op, loc);
                }
                levels.into_iter().max().unwrap_or(Level::Constant)
            }
            Cdot => {
                for (i, a) in args.iter_mut().enumerate() {
                    self.arg(a, pos, Level::Action, false, "\\cdot", i + 1, loc, pu);
                }
                Level::Action
            }
            BooleanSet | StringSet => Level::Constant,
            Eq | Neq | In | NotIn | Cup | Cap | SetMinus | Subseteq | Subset | Union | Domain => {
                let name = match b {
                    Eq => "=",
                    Neq => "/=",
                    In => "\\in",
                    NotIn => "\\notin",
                    Cup => "\\union",
                    Cap => "\\intersect",
                    SetMinus => "\\",
                    Subseteq => "\\subseteq",
                    Subset => "SUBSET",
                    Union => "UNION",
                    _ => "DOMAIN",
                };
                self.all(args, pos, Level::Action, name, loc, pu)
            }
        }
    }

    /// InstanceNode.levelCheck: when the instantiated module is not a constant module, what
    /// replaces a CONSTANT must be constant and what replaces a VARIABLE at most a state
    /// function.
    fn instance(&mut self, inst: &InstanceLevelCheck) {
        let constant_module = !inst.has_variables
            && inst
                .defs
                .iter()
                .all(|d| self.spec.defs[d.index()].level == Level::Constant);
        if constant_module {
            return;
        }
        for (name, is_var, e) in &inst.substs {
            let mut e = e.clone();
            let l = self.expr(
                &mut e,
                Pos::unweighted(Level::Temporal),
                &mut ParamUse::default(),
            );
            let max = if *is_var {
                Level::State
            } else {
                Level::Constant
            };
            if l > max {
                self.error(
                    inst.loc,
                    format!(
                        "Level error in instantiating module '{}': The level of the expression or operator substituted for '{name}' must be at most {}.",
                        inst.module_name,
                        level_number(max)
                    ),
                );
            }
        }
    }
}
