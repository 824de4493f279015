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
use crate::modules::{DefRef, Edited, ModuleTree};
use crate::spec_text::{children, is_action_level, is_temporal};
use std::collections::HashSet;
use tla_syntax::ast::{Expr, ExprKind, Junction};
use tla_syntax::Span;

/// One generated mutant.
#[derive(Clone, Debug)]
pub struct AutoMutant {
    pub definition: String,
    /// The file of the definition (the root module's or another module of the spec's own).
    pub file: std::path::PathBuf,
    /// What was done, e.g. "negated guard `x < 3`".
    pub description: String,
    /// 1-based line of the edit in its file.
    pub line: usize,
    /// The file's text with the edit made.
    pub edit: Edited,
    /// The definition before and after, as `-`/`+` lines.
    pub diff: String,
}

struct Edit {
    span: Span,
    with: String,
    what: String,
}

/// What the check's .cfg says about the spec's definitions.
pub struct Target {
    /// The definitions the .cfg checks (invariants, properties): not mutated.
    pub skip: Vec<String>,
    pub init: String,
    pub next: String,
    /// Where the behaviours come from (INIT, NEXT, SPECIFICATION, constraints): only
    /// definitions these reach are mutated, as no other change can alter the state space.
    pub roots: Vec<String>,
    /// Mutate only these definitions (empty: all that are reached).
    pub only: Vec<String>,
}

/// Every mutant of the definitions the check reaches in the spec's own modules (the root
/// module and the user modules it extends or instantiates), module by module in source
/// order, without duplicates.
pub fn generate(tree: &ModuleTree, target: &Target) -> Result<Vec<AutoMutant>, String> {
    let mut only = Vec::new();
    for o in &target.only {
        only.push(tree.find(o).map_err(|e| e.message().to_string())?);
    }
    let resolve = |names: &[String]| -> Vec<DefRef> {
        names.iter().filter_map(|n| tree.find(n).ok()).collect()
    };
    let skip = resolve(&target.skip);
    let init = resolve(std::slice::from_ref(&target.init));
    let next = resolve(std::slice::from_ref(&target.next));
    let reached = tree.reachable(&resolve(&target.roots));
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for d in tree.user_defs() {
        let def = tree.def(d);
        if skip.contains(&d)
            || !reached.contains(&d)
            || (!only.is_empty() && !only.contains(&d))
            || is_temporal(def.body)
        {
            continue;
        }
        let file = tree.file_of(d);
        let text = file.source.text.as_str();
        let mut edits = Vec::new();
        let ctx = Ctx {
            text,
            in_action: is_action_level(def.body),
            in_next: next.contains(&d),
            in_init: init.contains(&d),
        };
        collect(def.body, &ctx, &mut edits);
        edits.sort_by_key(|e| e.span.start);
        for e in edits {
            let (s, t) = (e.span.start as usize, e.span.end as usize);
            let mutated = format!("{}{}{}", &text[..s], e.with, &text[t..]);
            if mutated == text || !seen.insert((file.path.clone(), mutated.clone())) {
                continue;
            }
            let delta = e.with.len() as isize - (t - s) as isize;
            let (ds, de) = (def.span.start as usize, def.span.end as usize);
            let after_end = (de as isize + delta) as usize;
            let diff = definition_diff(&text[ds..de], &mutated[ds..after_end]);
            out.push(AutoMutant {
                definition: def.name.to_string(),
                file: file.path.clone(),
                description: e.what,
                line: file.source.line_col(e.span.start).0,
                edit: Edited {
                    file: file.path.clone(),
                    text: mutated,
                    root: tree.modules[d.module].file == 0,
                },
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

struct Ctx<'a> {
    text: &'a str,
    in_action: bool,
    in_next: bool,
    in_init: bool,
}

/// `v' = e` or `v' \in S` with `v` a plain name: the variable it assigns.
fn assigned_variable(e: &Expr) -> Option<&str> {
    let ExprKind::Apply { name, args, .. } = &e.kind else {
        return None;
    };
    if !(name.name == "=" || name.name == "\\in") || args.len() != 2 {
        return None;
    }
    let ExprKind::Apply {
        name: p,
        args: inner,
        ..
    } = &args[0].kind
    else {
        return None;
    };
    if p.name != "'" {
        return None;
    }
    match &inner.first()?.kind {
        ExprKind::Apply { name, args, path } if args.is_empty() && path.is_empty() => {
            Some(&name.name)
        }
        _ => None,
    }
}

/// The items of a bulleted or infix `/\` (`\/`) list. An infix chain `a \/ b \/ c` is nested
/// binary applications: each level gives its operands that are not the same operator, so the
/// walk over the tree meets every item once.
fn junction_items(e: &Expr, which: Junction) -> Option<Vec<&Expr>> {
    let op = match which {
        Junction::And => "/\\",
        Junction::Or => "\\/",
    };
    match &e.kind {
        ExprKind::Junction(j, items) if *j == which && items.len() > 1 => {
            Some(items.iter().collect())
        }
        ExprKind::Apply { name, args, path }
            if path.is_empty() && name.name == op && args.len() == 2 =>
        {
            Some(
                args.iter()
                    .filter(|a| !matches!(&a.kind, ExprKind::Apply { name, .. } if name.name == op))
                    .collect(),
            )
        }
        _ => None,
    }
}

fn is_unchanged(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Apply { name, .. } if name.name == "UNCHANGED")
}

fn collect(e: &Expr, ctx: &Ctx, out: &mut Vec<Edit>) {
    let text = ctx.text;
    match &e.kind {
        _ if ctx.in_action && junction_items(e, Junction::And).is_some() => {
            for it in junction_items(e, Junction::And).unwrap_or_default() {
                if is_true(it) || is_unchanged(it) {
                    // Dropping UNCHANGED leaves a variable unassigned: TLC's error, not a bug.
                    continue;
                }
                let s = snippet(text, it.span);
                if let Some(v) = assigned_variable(it) {
                    // Dropping `v' = e` alone leaves v unassigned (TLC's error); the bug it
                    // stands for is an action that forgets its update, so v stays unchanged.
                    out.push(Edit {
                        span: it.span,
                        with: format!("UNCHANGED {v}"),
                        what: format!("dropped conjunct `{s}` ({v} unchanged)"),
                    });
                } else if is_action_level(it) {
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
        _ if ctx.in_next && junction_items(e, Junction::Or).is_some() => {
            for it in junction_items(e, Junction::Or).unwrap_or_default() {
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
                // `x' = e`, and `x = e` in Init, assign: `#` there is TLC's error, not a bug.
                let assignment = name.name == "=" && (is_primed(&args[0]) || ctx.in_init);
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
        collect(c, ctx, out);
    }
}
