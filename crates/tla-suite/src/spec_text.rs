//! What the suite reads from a spec's own text: its definitions and their spans (for declared
//! mutants, the action map and auto mutants), and whether a definition is temporal.

use std::collections::HashSet;
use tla_syntax::ast::{ExceptStep, Expr, ExprKind, Module, Unit};
use tla_syntax::{SourceFile, Span};

/// The root module of a spec file, parsed.
pub struct ParsedSpec {
    pub file: SourceFile,
    pub module: Module,
}

/// Parses a spec text; a syntax error is `file:line:col: message`.
pub fn parse(path: &str, text: &str) -> Result<ParsedSpec, String> {
    let file = SourceFile::new(path, text);
    match tla_syntax::parse_module(text) {
        Ok(module) => Ok(ParsedSpec { file, module }),
        Err(d) => Err(d.render(&file)),
    }
}

/// One top-level definition: its name, its whole span and its body.
pub struct Definition<'a> {
    pub name: &'a str,
    pub span: Span,
    pub body: &'a Expr,
}

impl ParsedSpec {
    pub fn definitions(&self) -> Vec<Definition<'_>> {
        self.module
            .units
            .iter()
            .filter_map(|u| match u {
                Unit::Op(d) => Some(Definition {
                    name: &d.name.name,
                    span: d.span,
                    body: &d.body,
                }),
                Unit::Fun(d) => Some(Definition {
                    name: &d.name.name,
                    span: d.span,
                    body: &d.body,
                }),
                _ => None,
            })
            .collect()
    }

    pub fn definition(&self, name: &str) -> Option<Definition<'_>> {
        self.definitions().into_iter().find(|d| d.name == name)
    }

    pub fn text_of(&self, span: Span) -> &str {
        &self.file.text[span.start as usize..span.end as usize]
    }
}

/// The root module's definitions reachable from `roots` through the names their bodies use.
pub fn reachable<'a>(spec: &'a ParsedSpec, roots: &[String]) -> HashSet<&'a str> {
    let defs = spec.definitions();
    let mut seen = HashSet::new();
    let mut todo: Vec<&str> = roots.iter().map(String::as_str).collect();
    while let Some(n) = todo.pop() {
        let Some(d) = defs.iter().find(|d| d.name == n) else {
            continue;
        };
        if !seen.insert(d.name) {
            continue;
        }
        let mut names = Vec::new();
        names_used(d.body, &mut names);
        todo.extend(names);
    }
    seen
}

fn names_used<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
    if let ExprKind::Apply { name, path, .. } = &e.kind {
        if path.is_empty() {
            out.push(&name.name);
        }
    }
    for c in children(e) {
        names_used(c, out);
    }
}

/// The direct subexpressions of an expression, in source order.
pub fn children(e: &Expr) -> Vec<&Expr> {
    let mut v: Vec<&Expr> = Vec::new();
    match &e.kind {
        ExprKind::Apply { path, args, .. } => {
            for p in path {
                v.extend(p.args.iter());
            }
            v.extend(args.iter());
        }
        ExprKind::Num(_) | ExprKind::Decimal(_) | ExprKind::Str(_) | ExprKind::At => {}
        ExprKind::Junction(_, items) | ExprKind::SetEnum(items) | ExprKind::Tuple(items) => {
            v.extend(items.iter())
        }
        ExprKind::Times(items) => v.extend(items.iter()),
        ExprKind::BoundedQuant(_, bounds, body) => {
            v.extend(bounds.iter().map(|b| &b.set));
            v.push(body);
        }
        ExprKind::UnboundedQuant(_, _, body)
        | ExprKind::TemporalQuant(_, _, body)
        | ExprKind::Lambda(_, body)
        | ExprKind::Label(_, body)
        | ExprKind::Paren(body) => v.push(body),
        ExprKind::Choose(_, set, body) => {
            if let Some(s) = set {
                v.push(s);
            }
            v.push(body);
        }
        ExprKind::If(a, b, c) => v.extend([&**a, &**b, &**c]),
        ExprKind::Case(arms, other) => {
            for (g, r) in arms {
                v.push(g);
                v.push(r);
            }
            if let Some(o) = other {
                v.push(o);
            }
        }
        ExprKind::Let(units, body) => {
            for u in units {
                match u {
                    Unit::Op(d) => v.push(&d.body),
                    Unit::Fun(d) => {
                        v.extend(d.bounds.iter().map(|b| &b.set));
                        v.push(&d.body);
                    }
                    _ => {}
                }
            }
            v.push(body);
        }
        ExprKind::SetFilter(b, p) => {
            v.push(&b.set);
            v.push(p);
        }
        ExprKind::SetMap(e, bounds) | ExprKind::FunCons(bounds, e) => {
            v.push(e);
            v.extend(bounds.iter().map(|b| &b.set));
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            v.extend(fields.iter().map(|(_, e)| e))
        }
        ExprKind::FunSet(a, b)
        | ExprKind::BoxAction(a, b)
        | ExprKind::AngleAction(a, b)
        | ExprKind::Fair(_, a, b) => v.extend([&**a, &**b]),
        ExprKind::FunApp(f, args) => {
            v.push(f);
            v.extend(args.iter());
        }
        ExprKind::Dot(r, _) => v.push(r),
        ExprKind::Except(f, updates) => {
            v.push(f);
            for u in updates {
                for step in &u.path {
                    if let ExceptStep::Index(ix) = step {
                        v.extend(ix.iter());
                    }
                }
                v.push(&u.value);
            }
        }
    }
    v.sort_by_key(|c| c.span.start);
    v
}

/// Whether `pred` holds of `e` or of any expression inside it.
pub fn any(e: &Expr, pred: &dyn Fn(&Expr) -> bool) -> bool {
    pred(e) || children(e).into_iter().any(|c| any(c, pred))
}

/// Whether the expression mentions a primed expression or UNCHANGED (an action's part).
pub fn is_action_level(e: &Expr) -> bool {
    any(
        e,
        &|x| matches!(&x.kind, ExprKind::Apply { name, .. } if name.name == "'" || name.name == "UNCHANGED"),
    )
}

/// Whether the expression is written with temporal operators (`[]`, `<>`, `~>`, WF/SF, `[A]_v`).
pub fn is_temporal(e: &Expr) -> bool {
    any(e, &|x| match &x.kind {
        ExprKind::Apply { name, .. } => matches!(name.name.as_str(), "[]" | "<>" | "~>" | "-+->"),
        ExprKind::Fair(..) | ExprKind::BoxAction(..) | ExprKind::TemporalQuant(..) => true,
        _ => false,
    })
}
