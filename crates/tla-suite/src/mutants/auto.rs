//! Generated mutants. Mutation sites come from the parsed AST's spans and each mutant is the
//! source text with one span replaced, so no pretty-printer is involved and the rest of the
//! spec stays byte-for-byte as written. Operators:
//! - in an action (a definition with `'` or UNCHANGED): drop a conjunct that assigns (it
//!   becomes TRUE); negate a guard (a conjunct without `'`) or replace it by TRUE;
//! - in Next (the .cfg's NEXT, else `Next`): delete one disjunct (it becomes FALSE);
//! - `UNCHANGED <<a, b>>`: drop one variable;
//! - swap `<`/`<=`, `>`/`>=`, `=`/`#` (not an assignment `x' = e`), `\A`/`\E`, `\cup`/`\cap`;
//! - add or subtract 1 on a number literal.
//!
//! Definitions the check uses as invariants or properties are not mutated (a weaker property
//! says nothing about the spec), nor temporal definitions such as Spec and its fairness.

use super::diff::definition_diff;
use crate::spec_text::{self, children, is_action_level, is_temporal};
use std::collections::HashSet;
use tla_syntax::ast::{Expr, ExprKind, Junction};
use tla_syntax::Span;

/// One generated mutant.
#[derive(Clone, Debug)]
pub struct AutoMutant {
    pub definition: String,
    /// What was done, e.g. "negated guard `x < 3`".
    pub description: String,
    /// 1-based line of the edit in the original spec.
    pub line: usize,
    pub spec_text: String,
    /// The definition before and after, as `-`/`+` lines.
    pub diff: String,
}

struct Edit {
    span: Span,
    with: String,
    what: String,
}

/// Every mutant of the spec's root module, in source order, without duplicates.
pub fn generate(
    path: &str,
    text: &str,
    skip: &[String],
    next: &str,
) -> Result<Vec<AutoMutant>, String> {
    let parsed = spec_text::parse(path, text)?;
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for def in parsed.definitions() {
        if skip.iter().any(|s| s == def.name) || is_temporal(def.body) {
            continue;
        }
        let mut edits = Vec::new();
        let action = is_action_level(def.body);
        collect(def.body, text, action, def.name == next, &mut edits);
        for e in edits {
            let (s, t) = (e.span.start as usize, e.span.end as usize);
            let mutated = format!("{}{}{}", &text[..s], e.with, &text[t..]);
            if mutated == text || !seen.insert(mutated.clone()) {
                continue;
            }
            let delta = e.with.len() as isize - (t - s) as isize;
            let (ds, de) = (def.span.start as usize, def.span.end as usize);
            let after_end = (de as isize + delta) as usize;
            let diff = definition_diff(&text[ds..de], &mutated[ds..after_end]);
            out.push(AutoMutant {
                definition: def.name.to_string(),
                description: e.what,
                line: parsed.file.line_col(e.span.start).0,
                spec_text: mutated,
                diff,
            });
        }
    }
    Ok(out)
}

fn snippet(text: &str, sp: Span) -> String {
    let s = &text[sp.start as usize..sp.end as usize];
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if one.chars().count() > 40 {
        format!("{}...", one.chars().take(37).collect::<String>())
    } else {
        one
    }
}

fn is_true(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Apply { name, args, path } if name.name == "TRUE" && args.is_empty() && path.is_empty())
}

fn is_primed(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Apply { name, .. } if name.name == "'")
}

const SWAPS: &[(&str, &str)] = &[
    ("<", "<="),
    ("<=", "<"),
    (">", ">="),
    (">=", ">"),
    ("=", "#"),
    ("#", "="),
    ("\\cup", "\\cap"),
    ("\\cap", "\\cup"),
];

fn collect(e: &Expr, text: &str, in_action: bool, in_next: bool, out: &mut Vec<Edit>) {
    match &e.kind {
        ExprKind::Junction(Junction::And, items) if in_action => {
            for it in items {
                if is_true(it) {
                    continue;
                }
                let s = snippet(text, it.span);
                if is_action_level(it) {
                    out.push(Edit {
                        span: it.span,
                        with: "TRUE".into(),
                        what: format!("dropped conjunct `{s}`"),
                    });
                } else {
                    out.push(Edit {
                        span: it.span,
                        with: format!("~({})", &text[it.span.start as usize..it.span.end as usize]),
                        what: format!("negated guard `{s}`"),
                    });
                    out.push(Edit {
                        span: it.span,
                        with: "TRUE".into(),
                        what: format!("guard `{s}` replaced by TRUE"),
                    });
                }
            }
        }
        ExprKind::Junction(Junction::Or, items) if in_next && items.len() > 1 => {
            for it in items {
                let s = snippet(text, it.span);
                out.push(Edit {
                    span: it.span,
                    with: "FALSE".into(),
                    what: format!("deleted disjunct `{s}` of Next"),
                });
            }
        }
        ExprKind::Apply { name, args, path } if path.is_empty() => {
            if name.name == "UNCHANGED" {
                if let Some(ExprKind::Tuple(vars)) = args.first().map(|a| &a.kind) {
                    for (i, v) in vars.iter().enumerate().filter(|_| vars.len() > 1) {
                        // Remove the variable with the comma that separates it.
                        let span = if i + 1 < vars.len() {
                            Span {
                                start: v.span.start,
                                end: vars[i + 1].span.start,
                            }
                        } else {
                            Span {
                                start: vars[i - 1].span.end,
                                end: v.span.end,
                            }
                        };
                        out.push(Edit {
                            span,
                            with: String::new(),
                            what: format!("dropped {} from UNCHANGED", snippet(text, v.span)),
                        });
                    }
                }
            }
            let infix = args.len() == 2 && name.span.start >= args[0].span.end;
            if let Some((_, to)) = SWAPS.iter().find(|(from, _)| *from == name.name) {
                let assignment = name.name == "=" && is_primed(&args[0]);
                if infix && !assignment {
                    out.push(Edit {
                        span: name.span,
                        with: to.to_string(),
                        what: format!(
                            "`{}` replaced by `{to}` in `{}`",
                            name.name,
                            snippet(text, e.span)
                        ),
                    });
                }
            }
        }
        ExprKind::BoundedQuant(..) | ExprKind::UnboundedQuant(..) => {
            let s = e.span.start as usize;
            let head = &text[s..];
            let (len, to) = if head.starts_with("\\A") && !head.starts_with("\\AA") {
                (2, "\\E")
            } else if head.starts_with("\\E") && !head.starts_with("\\EE") {
                (2, "\\A")
            } else if head.starts_with("\\forall") {
                (7, "\\exists")
            } else if head.starts_with("\\exists") {
                (7, "\\forall")
            } else {
                (0, "")
            };
            if len > 0 {
                let span = Span::new(s, s + len);
                out.push(Edit {
                    span,
                    with: to.into(),
                    what: format!("`{}` replaced by `{to}`", &head[..len]),
                });
            }
        }
        ExprKind::Num(n) => {
            let written = &text[e.span.start as usize..e.span.end as usize];
            if written == n.to_string() {
                out.push(Edit {
                    span: e.span,
                    with: (n + 1).to_string(),
                    what: format!("{n} replaced by {}", n + 1),
                });
                if *n > 0 {
                    out.push(Edit {
                        span: e.span,
                        with: (n - 1).to_string(),
                        what: format!("{n} replaced by {}", n - 1),
                    });
                }
            }
        }
        _ => {}
    }
    for c in children(e) {
        collect(c, text, in_action, in_next, out);
    }
}
