//! Subexpression names: `Op(a)!2!<<`, `Op!lbl(x)`, `Thm!:`, `R!(1, 2)!1`, `V!@`, `I!Op!1`.
//!
//! This follows SANY's `Generator.selectorToNode` (the algorithm of its `Subexpression.tla`),
//! on the resolved form of the definition: the selectors walk down from the definition's body,
//! collecting on the way the names the chosen part may mention free (the definition's
//! parameters, the names bound by `!(...)`/`!@` at a quantifier, set or function former or
//! LAMBDA, a label's parameters) and the arguments given for them. With none, the name is the
//! part itself; otherwise it is a new LAMBDA definition over those names applied to those
//! arguments (or, where an operator is expected and no argument is given, passed unapplied).
//!
//! Operand numbering is SANY's semantic one: an application's arguments (`a + b`, `Op(a, b)`,
//! `~a`, `x'`, `[A]_v` is (A, v), `WF_v(A)` is (v, A), `r.f` is (r, "f"), `f[a, b]` is
//! (f, <<a, b>>)), a junction list's items, IF's three parts, a CASE arm's guard and value
//! (`!i!j`), a record's field values, an EXCEPT's base (its updates are refused, as by SANY),
//! a binder's bound sets (`!1` is the set of the first group), a LET's body (`!1`).
//! `!<<` is the first operand, `!>>` the second of two; labels are skipped by numbers.

use super::expr::ExprCx;
use super::Resolver;
use crate::ir::*;
use tla_syntax::ast;
use tla_syntax::Span;

/// One selector after the first name.
enum Sel<'a> {
    Name(&'a ast::Ident, &'a [ast::Expr]),
    Num(usize),
    /// `!<<`
    First,
    /// `!>>`
    Second,
    /// `!:`
    Colon,
    /// `!@`
    At,
    /// `!(a, b)`
    Bind(&'a [ast::Expr]),
}

impl Sel<'_> {
    fn is_name(&self) -> bool {
        matches!(self, Sel::Name(..))
    }

    /// SANY's `ArgNum`: the operand (from 1) a selector names among `arity`, if any.
    fn operand(&self, arity: usize) -> Option<usize> {
        match self {
            Sel::Num(n) if *n >= 1 && *n <= arity => Some(*n),
            Sel::First if arity > 0 => Some(1),
            Sel::Second if arity == 2 => Some(2),
            _ => None,
        }
    }
}

/// Where the walk stands (one value, moved along the walk: its size does not matter).
#[allow(clippy::large_enum_variant)]
enum Cur {
    /// A definition reached by name; its arguments are in `pending`.
    Def(DefId),
    /// A part of an expression. `labels`: a name after it looks for a label in it (it is a
    /// definition's body or a label's body), rather than for a LET definition.
    Part { e: Part, labels: bool },
}

enum Part {
    Expr(Expr),
    /// A CASE arm chosen by `!i`, waiting for `!j`: its guard (none for OTHER) and value.
    Arm(Option<Expr>, Expr),
}

struct Walk {
    params: Vec<Param>,
    args: Vec<Expr>,
    /// The arguments given to the definition reached last by name.
    pending: Vec<Expr>,
}

impl Resolver {
    /// `first` (a definition, with its arguments already lowered in `first_args`, `given`
    /// telling whether any were written) followed by the selectors `rest`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn lower_selection(
        &mut self,
        cx: &mut ExprCx,
        first: DefId,
        first_args: Vec<Expr>,
        given: bool,
        shown: &str,
        rest: &[(&ast::Ident, &[ast::Expr])],
        span: Span,
        as_arg: bool,
    ) -> Option<Expr> {
        if self.pending_recursive.contains(&first) {
            // Declared RECURSIVE, its body not known yet: named from inside its definition.
            self.error(
                cx.file,
                span,
                format!("Subexpression of  `{shown}' used inside the operator's definition."),
            );
            return None;
        }
        if self.assume_prove.contains(&first) {
            // The parts of an ASSUME/PROVE are facts for proofs, never expressions here.
            self.error(
                cx.file,
                span,
                "ASSUME/PROVE used where an expression is required.",
            );
            return None;
        }
        let sels: Vec<(Sel, Span)> = rest.iter().map(|(n, a)| (selector(n, a), n.span)).collect();
        let root_in_let = self.spec.def(first).in_let;
        let arity = self.spec.def(first).params.len();
        if given && first_args.len() != arity {
            self.error(
                cx.file,
                span,
                format!("The operator {shown} requires {arity} arguments."),
            );
            return None;
        }
        let mut w = Walk {
            params: Vec::new(),
            args: Vec::new(),
            pending: first_args,
        };
        let mut cur = Cur::Def(first);
        let mut name = shown.to_string();
        let n = sels.len();
        let mut i = 0;
        while i < n {
            let (sel, at) = (&sels[i].0, sels[i].1);
            // SANY reports a name that cannot follow at the selector before it.
            let before = if i > 0 { sels[i - 1].1 } else { at };
            if !matches!(sel, Sel::Name(..) | Sel::Bind(_)) && !rest[i].1.is_empty() {
                self.error(
                    cx.file,
                    at,
                    format!("Selector `{}' should not have argument(s).", rest[i].0.name),
                );
                return None;
            }
            cur = match cur {
                Cur::Def(d) => {
                    // Into the definition's body: its parameters become names of the part.
                    let def = self.spec.def(d);
                    if w.pending.len() != def.params.len() && !(as_arg && w.pending.is_empty()) {
                        let msg = format!(
                            "The operator {name} requires {} arguments.",
                            def.params.len()
                        );
                        self.error(cx.file, span, msg);
                        return None;
                    }
                    w.params.extend(def.params.iter().cloned());
                    w.args.append(&mut w.pending);
                    let body = def.body.clone();
                    match sel {
                        Sel::Colon => {
                            let last = i + 1 == n;
                            if !last && !sels[i + 1].0.is_name() {
                                self.colon_error(cx, at);
                                return None;
                            }
                            i += 1;
                            cur = Cur::Part {
                                e: Part::Expr(body),
                                labels: true,
                            };
                            continue;
                        }
                        Sel::Name(..) => Cur::Part {
                            e: Part::Expr(body),
                            labels: true,
                        },
                        _ => Cur::Part {
                            e: Part::Expr(body),
                            labels: false,
                        },
                    }
                }
                other => other,
            };
            // `cur` is a part now.
            let Cur::Part { e, labels } = cur else {
                unreachable!("a definition was entered above")
            };
            let e = match e {
                Part::Expr(e) => e,
                Part::Arm(guard, value) => {
                    let Some(k) = sel.operand(2) else {
                        self.error(
                            cx.file,
                            at,
                            "Second selector for CASE subexpression must specify  one of two operands.",
                        );
                        return None;
                    };
                    let Some(x) = (if k == 1 { guard } else { Some(value) }) else {
                        self.error(cx.file, at, "Selecting OTHER in a CASE statement.");
                        return None;
                    };
                    cur = Cur::Part {
                        e: Part::Expr(x),
                        labels: false,
                    };
                    i += 1;
                    continue;
                }
            };
            match sel {
                Sel::Name(id, a) if labels => {
                    let Some((head, body)) = find_label(&e, &id.name) else {
                        self.error(cx.file, at, format!("Cannot find label `{}'.", id.name));
                        return None;
                    };
                    if head.params.len() != a.len() {
                        self.error(
                            cx.file,
                            at,
                            format!("Label `{}' used with wrong number of arguments.", id.name),
                        );
                        return None;
                    }
                    let lowered = self.lower_plain_args(cx, a)?;
                    w.args.extend(lowered);
                    for p in &head.params {
                        w.params.push(Param {
                            name: self.spec.locals[p.index()].name.clone(),
                            local: *p,
                            arity: 0,
                        });
                    }
                    cur = Cur::Part {
                        e: Part::Expr(body),
                        labels: true,
                    };
                }
                Sel::Name(id, a) => {
                    let inner = strip_labels(e);
                    let ExprKind::Let(defs, _) = &inner.kind else {
                        self.error(
                            cx.file,
                            before,
                            "A name selector here must be from a LET clause.",
                        );
                        return None;
                    };
                    let Some(d) = defs
                        .iter()
                        .copied()
                        .find(|d| self.spec.def(*d).name == id.name)
                    else {
                        self.error(cx.file, at, format!("Unknown operator: `{}'.", id.name));
                        return None;
                    };
                    let want = self.spec.def(d).params.len();
                    let given_here = !a.is_empty();
                    let lowered = self.lower_args_for(cx, a, d)?;
                    if (given_here || !as_arg || i + 1 < n) && lowered.len() != want {
                        self.error(
                            cx.file,
                            at,
                            format!("The operator {} requires {want} arguments.", id.name),
                        );
                        return None;
                    }
                    w.pending = lowered;
                    name = id.name.clone();
                    cur = Cur::Def(d);
                }
                Sel::Colon => {
                    // `!:` only right after a name (handled above).
                    self.colon_error(cx, at);
                    return None;
                }
                _ => {
                    let part = self.operand(cx, e, sel, at, &mut w, i + 1 == n)?;
                    if i + 1 < n && matches!(sels[i + 1].0, Sel::Colon) {
                        self.error(cx.file, at, "!: should not follow an operand selector.");
                        return None;
                    }
                    cur = Cur::Part {
                        e: part,
                        labels: false,
                    };
                }
            }
            i += 1;
        }
        // The part named, as an expression over the collected names.
        let body = match cur {
            Cur::Def(d) => {
                let def = self.spec.def(d);
                let k = def.params.len();
                let given_final = !w.pending.is_empty();
                if w.params.is_empty() {
                    if as_arg && !given_final && k > 0 {
                        return Some(self.mk(cx, ExprKind::OpArg(OpRef::Def(d)), span));
                    }
                    if w.pending.len() != k {
                        self.error(
                            cx.file,
                            span,
                            format!("The operator {name} requires {k} arguments."),
                        );
                        return None;
                    }
                    let args = std::mem::take(&mut w.pending);
                    return Some(self.mk(cx, ExprKind::Call(d, args), span));
                }
                // Fresh names for the definition's own parameters.
                let mut call_args = Vec::new();
                let def_params = def.params.clone();
                for p in &def_params {
                    let local = self.new_local(&p.name, cx.file, span);
                    call_args.push(if p.arity == 0 {
                        self.mk(cx, ExprKind::Local(local), span)
                    } else {
                        self.mk(cx, ExprKind::OpArg(OpRef::Param(local)), span)
                    });
                    w.params.push(Param {
                        name: p.name.clone(),
                        local,
                        arity: p.arity,
                    });
                }
                w.args.append(&mut w.pending);
                self.mk(cx, ExprKind::Call(d, call_args), span)
            }
            Cur::Part {
                e: Part::Expr(e), ..
            } => e,
            Cur::Part { .. } => {
                self.error(cx.file, span, "Subexpression of CASE must have form !i!j.");
                return None;
            }
        };
        let mut body = body;
        if w.params.is_empty() {
            // SANY's `$Nop(part)`: one operand, so `D!1!1` of `D == Pos!2 + 1` is `2`. The
            // part is kept as it is (what reads expression forms, such as a property's `[]P`,
            // sees it), the reference's place marking it for a further selection.
            let at = Loc {
                file: cx.file,
                span,
            };
            let own = std::mem::replace(&mut body.loc, at);
            self.nop_parts.entry(at).or_insert(own);
            return Some(body);
        }
        let k = w.params.len();
        let lambda = self.push_def(Def {
            name: "LAMBDA".into(),
            module: cx.module,
            params: w.params,
            body,
            loc: Loc {
                file: cx.file,
                span,
            },
            is_function: false,
            recursive: false,
            in_let: root_in_let,
            origin: None,
            via_instance: None,
            level: Level::Constant,
            param_raises: vec![false; k],
            param_max: vec![Level::Temporal; k],
        });
        if as_arg && w.args.is_empty() {
            return Some(self.mk(cx, ExprKind::OpArg(OpRef::Def(lambda)), span));
        }
        if w.args.len() != k {
            self.error(
                cx.file,
                span,
                format!("Expected {k} arguments but found {}.", w.args.len()),
            );
            return None;
        }
        Some(self.mk(cx, ExprKind::Call(lambda, w.args), span))
    }

    fn colon_error(&mut self, cx: &ExprCx, at: Span) {
        self.error(
            cx.file,
            at,
            "`!:' can be used only after a name and either at the end after an\noperator name or before an operator name.",
        );
    }

    fn lower_plain_args(&mut self, cx: &mut ExprCx, args: &[ast::Expr]) -> Option<Vec<Expr>> {
        let mut out = Vec::new();
        for a in args {
            out.push(self.lower(cx, a)?);
        }
        Some(out)
    }

    /// The operand `sel` names in `e`.
    fn operand(
        &mut self,
        cx: &mut ExprCx,
        e: Expr,
        sel: &Sel,
        at: Span,
        w: &mut Walk,
        last: bool,
    ) -> Option<Part> {
        if let ExprKind::Case(arms, other) = e.kind {
            if last {
                self.error(cx.file, at, "Subexpression of CASE must have form !i!j.");
                return None;
            }
            let count = arms.len() + usize::from(other.is_some());
            let Some(k) = sel.operand(count) else {
                self.error(
                    cx.file,
                    at,
                    format!("Nonexistent operand specified by `{}'.", sel_text(sel)),
                );
                return None;
            };
            return Some(if k <= arms.len() {
                let (g, v) = arms.into_iter().nth(k - 1).expect("checked");
                Part::Arm(Some(g), v)
            } else {
                Part::Arm(None, *other.expect("checked"))
            });
        }
        if let Some(&own) = self.nop_parts.get(&e.loc) {
            return match sel.operand(1) {
                Some(_) => {
                    let mut e = e;
                    e.loc = own;
                    Some(Part::Expr(e))
                }
                None => {
                    let msg = format!("Nonexistent operand specified by `{}'.", sel_text(sel));
                    self.error(cx.file, at, msg);
                    None
                }
            };
        }
        if let ExprKind::Label(_, body) = e.kind {
            return self.operand(cx, *body, sel, at, w, last);
        }
        self.operand_expr(cx, e, sel, at, w).map(Part::Expr)
    }

    fn operand_expr(
        &mut self,
        cx: &mut ExprCx,
        e: Expr,
        sel: &Sel,
        at: Span,
        w: &mut Walk,
    ) -> Option<Expr> {
        let shown = sel_text(sel);
        let nonexistent = |r: &mut Resolver| {
            r.error(
                cx.file,
                at,
                format!("Nonexistent operand specified by `{shown}'."),
            );
            None
        };
        let pick = |r: &mut Resolver, mut items: Vec<Expr>| -> Option<Expr> {
            match sel.operand(items.len()) {
                Some(k) => Some(items.swap_remove(k - 1)),
                None => nonexistent(r),
            }
        };
        let binds = matches!(sel, Sel::Bind(_) | Sel::At);
        let loc = e.loc;
        match e.kind {
            ExprKind::Let(_, body) => {
                if sel.operand(1) == Some(1) {
                    Some(*body)
                } else {
                    self.error(cx.file, at, "A LET/IN expression has only one operand.");
                    None
                }
            }
            ExprKind::Call(_, args)
            | ExprKind::CallConst(_, args)
            | ExprKind::CallParam(_, args)
            | ExprKind::Builtin(_, args)
            | ExprKind::Junction(_, args)
            | ExprKind::SetEnum(args)
            | ExprKind::Tuple(args)
            | ExprKind::Times(args) => {
                if binds {
                    return nonexistent(self);
                }
                pick(self, args)
            }
            ExprKind::If(c, a, b) => pick(self, vec![*c, *a, *b]),
            ExprKind::FunSet(a, b) | ExprKind::BoxAction(a, b) | ExprKind::AngleAction(a, b) => {
                pick(self, vec![*a, *b])
            }
            ExprKind::Fair(_, v, a) => pick(self, vec![*v, *a]),
            ExprKind::Dot(r, f) => {
                let field = Expr {
                    kind: ExprKind::Str(f),
                    loc,
                    level: Level::Constant,
                    slot: Default::default(),
                };
                pick(self, vec![*r, field])
            }
            ExprKind::FunApp(f, mut args) => {
                let arg = if args.len() == 1 {
                    args.pop().expect("one argument")
                } else {
                    Expr {
                        kind: ExprKind::Tuple(args),
                        loc,
                        level: Level::Constant,
                        slot: Default::default(),
                    }
                };
                pick(self, vec![*f, arg])
            }
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                pick(self, fields.into_iter().map(|(_, v)| v).collect())
            }
            ExprKind::Except(base, updates) => match sel.operand(1 + updates.len()) {
                Some(1) => Some(*base),
                Some(_) => {
                    self.error(
                        cx.file,
                        at,
                        "Selecting subexpression of an EXCEPT not yet implemented.",
                    );
                    None
                }
                None => nonexistent(self),
            },
            ExprKind::Quant(_, bounds, body)
            | ExprKind::SetMap(body, bounds)
            | ExprKind::FunCons(bounds, body) => self.binder(cx, bounds, *body, sel, at, w),
            ExprKind::SetFilter(bound, body) => self.binder(cx, vec![*bound], *body, sel, at, w),
            ExprKind::Choose(vars, tuple, Some(set), body) => {
                let b = Bound {
                    vars,
                    tuple,
                    set: *set,
                };
                self.binder(cx, vec![b], *body, sel, at, w)
            }
            ExprKind::UnboundedQuant(_, vars, body)
            | ExprKind::TemporalQuant(_, vars, body)
            | ExprKind::Choose(vars, _, None, body) => {
                if !binds {
                    return nonexistent(self);
                }
                self.bind_names(cx, &vars, sel, at, w)?;
                Some(*body)
            }
            ExprKind::OpArg(OpRef::Def(d)) if self.spec.def(d).name == "LAMBDA" => {
                if !binds {
                    self.error(
                        cx.file,
                        at,
                        format!("Cannot use !{shown} to select subexpression of a LAMBDA."),
                    );
                    return None;
                }
                let def = self.spec.def(d).clone();
                let vars: Vec<LocalId> = def.params.iter().map(|p| p.local).collect();
                if let Sel::Bind(a) = sel {
                    if a.len() != vars.len() {
                        self.error(
                            cx.file,
                            at,
                            format!(
                                "Selector with {}arguments used for LAMBDA expression taking {} arguments.",
                                a.len(),
                                vars.len()
                            ),
                        );
                        return None;
                    }
                }
                self.bind_names(cx, &vars, sel, at, w)?;
                Some(def.body)
            }
            ExprKind::OpArg(_) => {
                self.error(
                    cx.file,
                    at,
                    "Trying to select subexpression of an operator argument.",
                );
                None
            }
            // Applications of no arguments in SANY: TRUE, a bound name or parameter, a
            // constant; a variable is an application of no operator it can number.
            ExprKind::Bool(_) | ExprKind::Local(_) | ExprKind::Const(_) => nonexistent(self),
            ExprKind::Var(_) => {
                let msg = format!("Choosing operand `{shown}' of subexpression with no operands.");
                self.error(cx.file, at, msg);
                None
            }
            _ => {
                self.error(
                    cx.file,
                    at,
                    "Selecting subexpression of expression that has none.",
                );
                None
            }
        }
    }

    /// A binder with bound sets: a number picks a group's set, `!(...)`/`!@` the body.
    fn binder(
        &mut self,
        cx: &mut ExprCx,
        bounds: Vec<Bound>,
        body: Expr,
        sel: &Sel,
        at: Span,
        w: &mut Walk,
    ) -> Option<Expr> {
        if matches!(sel, Sel::Bind(_) | Sel::At) {
            let vars: Vec<LocalId> = bounds.iter().flat_map(|b| b.vars.iter().copied()).collect();
            self.bind_names(cx, &vars, sel, at, w)?;
            return Some(body);
        }
        let mut sets: Vec<Expr> = bounds.into_iter().map(|b| b.set).collect();
        match sel.operand(sets.len()) {
            Some(k) => Some(sets.swap_remove(k - 1)),
            None => {
                self.error(
                    cx.file,
                    at,
                    format!("Nonexistent operand specified by `{}'.", sel_text(sel)),
                );
                None
            }
        }
    }

    /// `!(a, b)` or `!@` at a binder of `vars`: they become names of the part.
    fn bind_names(
        &mut self,
        cx: &mut ExprCx,
        vars: &[LocalId],
        sel: &Sel,
        at: Span,
        w: &mut Walk,
    ) -> Option<()> {
        if let Sel::Bind(a) = sel {
            if a.len() != vars.len() {
                self.error(
                    cx.file,
                    at,
                    format!(
                        "Selector with {} argument(s) used for quantifier with {} bound identifier(s).",
                        a.len(),
                        vars.len()
                    ),
                );
                return None;
            }
            let lowered = self.lower_plain_args(cx, a)?;
            w.args.extend(lowered);
        }
        for v in vars {
            w.params.push(Param {
                name: self.spec.locals[v.index()].name.clone(),
                local: *v,
                arity: 0,
            });
        }
        Some(())
    }
}

fn selector<'a>(name: &'a ast::Ident, args: &'a [ast::Expr]) -> Sel<'a> {
    match name.name.as_str() {
        "" => Sel::Bind(args),
        "<<" => Sel::First,
        ">>" => Sel::Second,
        ":" => Sel::Colon,
        "@" => Sel::At,
        s if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            Sel::Num(s.parse().unwrap_or(usize::MAX))
        }
        _ => Sel::Name(name, args),
    }
}

/// How SANY shows a selector in its messages.
fn sel_text(sel: &Sel) -> String {
    match sel {
        Sel::Num(n) => format!("argument selector {n}"),
        Sel::First => "<<".into(),
        Sel::Second => ">>".into(),
        Sel::At => "@".into(),
        Sel::Colon => ":".into(),
        Sel::Bind(_) => "!(...)".into(),
        Sel::Name(id, _) => id.name.clone(),
    }
}

fn strip_labels(mut e: Expr) -> Expr {
    while let ExprKind::Label(_, body) = e.kind {
        e = *body;
    }
    e
}

/// The label named `name` directly in `e`: not inside another label (that one is reached
/// through the outer label's name) nor in a LET or LAMBDA definition (those have their own).
fn find_label(e: &Expr, name: &str) -> Option<(LabelHead, Expr)> {
    if let ExprKind::Label(head, body) = &e.kind {
        return (head.name == name).then(|| (head.clone(), (**body).clone()));
    }
    let mut found = None;
    crate::visit::for_each_child(e, &mut |c| {
        if found.is_none() {
            found = find_label(c, name);
        }
    });
    found
}
