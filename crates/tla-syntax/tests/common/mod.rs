//! Helpers shared by the integration tests: parse a module or one expression, print an
//! expression as an s-expression, and compare trees with their spans stripped.
#![allow(dead_code)]

use tla_syntax::ast::*;
use tla_syntax::{parse_module, Diagnostic, SourceFile};

/// Wraps `body` (module units) in a module named `T`.
pub fn module_src(body: &str) -> String {
    format!("---- MODULE T ----\n{body}\n====\n")
}

pub fn parse(body: &str) -> Result<Module, Diagnostic> {
    parse_module(&module_src(body))
}

/// Parses `E == <expr>` and returns the body. The expression starts at line 2, column 6.
pub fn expr(src: &str) -> Result<Expr, Diagnostic> {
    let m = parse(&format!("E == {src}"))?;
    match m.units.into_iter().next() {
        Some(Unit::Op(def)) => Ok(def.body),
        other => panic!("expected one definition, got {other:?}"),
    }
}

/// The s-expression of an expression that must parse.
#[track_caller]
pub fn sx(src: &str) -> String {
    match expr(src) {
        Ok(e) => sexpr(&e),
        Err(d) => panic!(
            "`{src}` did not parse:\n{}",
            d.render(&SourceFile::new(
                "T.tla",
                module_src(&format!("E == {src}"))
            ))
        ),
    }
}

/// The message of an expression that must not parse.
#[track_caller]
pub fn err(src: &str) -> String {
    match expr(src) {
        Ok(e) => panic!("`{src}` parsed as {} but should not", sexpr(&e)),
        Err(d) => d.message,
    }
}

/// The message of a module body that must not parse.
#[track_caller]
pub fn module_err(body: &str) -> Diagnostic {
    match parse(body) {
        Ok(m) => panic!("module parsed but should not: {m:?}"),
        Err(d) => d,
    }
}

/// `(line, col)` of a diagnostic in the wrapped module of `body`.
pub fn err_pos(body: &str, d: &Diagnostic) -> (usize, usize) {
    SourceFile::new("T.tla", module_src(body)).line_col(d.span.start)
}

/// Debug output with every `Span { start: .., end: .. }` removed, to compare trees built from
/// differently spelled sources.
pub fn strip_spans(debug: &str) -> String {
    const PAT: &str = "Span { start: ";
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(i) = rest.find(PAT) {
        out.push_str(&rest[..i]);
        out.push_str("Span");
        let after = &rest[i..];
        let close = after.find('}').expect("a span closes");
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

pub fn same_tree(a: &Module, b: &Module) -> bool {
    strip_spans(&format!("{a:?}")) == strip_spans(&format!("{b:?}"))
}

fn list(items: &[Expr]) -> String {
    items.iter().map(sexpr).collect::<Vec<_>>().join(" ")
}

fn ids(ids: &[Ident]) -> String {
    ids.iter()
        .map(|i| i.name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn vars(v: &BoundVars) -> String {
    match v {
        BoundVars::Names(n) => ids(n),
        BoundVars::Tuple(n) => format!("<<{}>>", ids(n)),
    }
}

fn bounds(bs: &[Bound]) -> String {
    bs.iter()
        .map(|b| format!("({} {})", vars(&b.vars), sexpr(&b.set)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A compact, span-free rendering: `a + b * c` is `(+ a (* b c))`.
pub fn sexpr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Apply { path, name, args } => {
            let mut head = String::new();
            for seg in path {
                head.push_str(&seg.name.name);
                if !seg.args.is_empty() {
                    head.push_str(&format!("({})", list(&seg.args)));
                }
                head.push('!');
            }
            head.push_str(&name.name);
            if args.is_empty() {
                head
            } else {
                format!("({head} {})", list(args))
            }
        }
        ExprKind::Num(n) => n.to_string(),
        ExprKind::Decimal(d) => d.clone(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::At => "@".into(),
        ExprKind::Junction(j, items) => {
            let j = match j {
                Junction::And => "and",
                Junction::Or => "or",
            };
            format!("({j} {})", list(items))
        }
        ExprKind::BoundedQuant(q, bs, body) => {
            format!("({} {} {})", quant(*q), bounds(bs), sexpr(body))
        }
        ExprKind::UnboundedQuant(q, names, body) => {
            format!("({} ({}) {})", quant(*q), ids(names), sexpr(body))
        }
        ExprKind::TemporalQuant(q, names, body) => {
            format!(
                "({}{} ({}) {})",
                quant(*q),
                quant(*q),
                ids(names),
                sexpr(body)
            )
        }
        ExprKind::Choose(v, set, body) => match set {
            Some(s) => format!("(CHOOSE {} {} {})", vars(v), sexpr(s), sexpr(body)),
            None => format!("(CHOOSE {} {})", vars(v), sexpr(body)),
        },
        ExprKind::If(c, a, b) => format!("(IF {} {} {})", sexpr(c), sexpr(a), sexpr(b)),
        ExprKind::Case(arms, other) => {
            let mut s = String::from("(CASE");
            for (g, v) in arms {
                s.push_str(&format!(" ({} {})", sexpr(g), sexpr(v)));
            }
            if let Some(o) = other {
                s.push_str(&format!(" (OTHER {})", sexpr(o)));
            }
            s.push(')');
            s
        }
        ExprKind::Let(defs, body) => {
            let names: Vec<String> = defs
                .iter()
                .map(|u| match u {
                    Unit::Op(d) => format!("({} {})", d.name.name, sexpr(&d.body)),
                    Unit::Fun(f) => format!("({}[] {})", f.name.name, sexpr(&f.body)),
                    Unit::Recursive(r) => format!(
                        "(RECURSIVE {})",
                        r.iter()
                            .map(|d| d.name.name.clone())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                    other => format!("{other:?}"),
                })
                .collect();
            format!("(LET {} {})", names.join(" "), sexpr(body))
        }
        ExprKind::Lambda(params, body) => format!("(LAMBDA ({}) {})", ids(params), sexpr(body)),
        ExprKind::SetEnum(items) => format!("{{{}}}", list(items)),
        ExprKind::SetFilter(b, p) => {
            format!("(filter {} {} {})", vars(&b.vars), sexpr(&b.set), sexpr(p))
        }
        ExprKind::SetMap(e, bs) => format!("(map {} {})", sexpr(e), bounds(bs)),
        ExprKind::Tuple(items) => format!("<<{}>>", list(items)),
        ExprKind::Record(fields) => format!("(record {})", fields_str(fields)),
        ExprKind::RecordSet(fields) => format!("(recordset {})", fields_str(fields)),
        ExprKind::FunCons(bs, body) => format!("(fun {} {})", bounds(bs), sexpr(body)),
        ExprKind::FunSet(a, b) => format!("(-> {} {})", sexpr(a), sexpr(b)),
        ExprKind::FunApp(f, args) => format!("(app {} {})", sexpr(f), list(args)),
        ExprKind::Dot(r, f) => format!("(. {} {})", sexpr(r), f.name),
        ExprKind::Except(f, ups) => {
            let ups: Vec<String> = ups
                .iter()
                .map(|u| {
                    let path: Vec<String> = u
                        .path
                        .iter()
                        .map(|s| match s {
                            ExceptStep::Field(f) => format!(".{}", f.name),
                            ExceptStep::Index(ix) => format!("[{}]", list(ix)),
                        })
                        .collect();
                    format!("(!{} {})", path.join(""), sexpr(&u.value))
                })
                .collect();
            format!("(EXCEPT {} {})", sexpr(f), ups.join(" "))
        }
        ExprKind::Times(items) => format!("(X {})", list(items)),
        ExprKind::BoxAction(a, v) => format!("([]_ {} {})", sexpr(a), sexpr(v)),
        ExprKind::AngleAction(a, v) => format!("(<>_ {} {})", sexpr(a), sexpr(v)),
        ExprKind::Fair(k, v, a) => {
            let k = match k {
                Fairness::Weak => "WF",
                Fairness::Strong => "SF",
            };
            format!("({k} {} {})", sexpr(v), sexpr(a))
        }
        ExprKind::Label(l, e) => format!("(:: {} {})", l.name.name, sexpr(e)),
        ExprKind::Paren(e) => sexpr(e),
    }
}

fn quant(q: Quantifier) -> &'static str {
    match q {
        Quantifier::Forall => "A",
        Quantifier::Exists => "E",
    }
}

fn fields_str(fields: &[(Ident, Expr)]) -> String {
    fields
        .iter()
        .map(|(f, e)| format!("({} {})", f.name, sexpr(e)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small deterministic PRNG (xorshift64*), for tests that mutate input.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
