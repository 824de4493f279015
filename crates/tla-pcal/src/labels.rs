//! Completing the parse as pcal.trans does: macro expansion, adding the labels the
//! translator may add (`-label`), grouping statements into labeled steps, and the checks of
//! where labels, calls, returns and gotos may appear.

use crate::ast::*;
use crate::error::PcalError;
use crate::expr::{Expr, TokType};
use crate::parse::Parser;
use std::cell::RefCell;
use std::rc::Rc;

type R<T> = Result<T, PcalError>;

fn union(a: &[String], b: &[String]) -> Vec<String> {
    let mut r = a.to_vec();
    for x in b {
        if !r.contains(x) {
            r.push(x.clone());
        }
    }
    r
}
fn disjoint(a: &[String], b: &[String]) -> bool {
    !b.iter().any(|x| a.contains(x))
}
fn at_err(msg: &str, st: &S) -> PcalError {
    PcalError::new(format!("{msg}\n    at {}", st.borrow().location()))
}

impl Parser<'_> {
    pub fn add_labels(&mut self, seq: &SV) -> R<()> {
        let mut out = Vec::new();
        self.inner_add_labels(seq, true, false, &[], &mut out)?;
        Ok(())
    }

    fn needs_label(&mut self, st: &S) {
        if !st.borrow().lbl.is_empty() {
            return;
        }
        let mut lbl = format!("{}{}", self.opts.label_root, self.next_label_num);
        self.next_label_num += 1;
        while self.all_labels.contains(&lbl) {
            lbl = format!("{}{}", self.opts.label_root, self.next_label_num);
            self.next_label_num += 1;
        }
        st.borrow_mut().lbl = lbl.clone();
        self.added_labels.push(lbl);
        let loc = st.borrow().location();
        self.added_labels_locs.push(loc);
    }

    fn inner_add_labels(
        &mut self,
        seq: &SV,
        first_labeled: bool,
        in_with: bool,
        in_assigned: &[String],
        out_assigned: &mut Vec<String>,
    ) -> R<bool> {
        *out_assigned = in_assigned.to_vec();
        let mut next_needs = first_labeled;
        let mut had_label = false;
        let stmts = seq.borrow().clone();
        for st in &stmts {
            if !st.borrow().lbl.is_empty() {
                had_label = true;
                out_assigned.clear();
                if in_with {
                    return Err(at_err("Label in `with' statement", st));
                }
            }
            if next_needs {
                if in_with {
                    return Err(at_err(
                        "Statement follows `call' or `return' inside a `with' statement.",
                        st,
                    ));
                }
                self.needs_label(st);
                next_needs = false;
                had_label = true;
                out_assigned.clear();
            }
            let kind = st.borrow().kind.clone();
            match &kind {
                Kind::LabelIf {
                    unlab_then,
                    unlab_else,
                    ..
                } => {
                    let mut then_a = Vec::new();
                    let mut else_a = Vec::new();
                    let cur = out_assigned.clone();
                    next_needs =
                        self.inner_add_labels(unlab_then, false, in_with, &cur, &mut then_a)?;
                    next_needs =
                        self.inner_add_labels(unlab_else, false, in_with, &cur, &mut else_a)?
                            || next_needs;
                    *out_assigned = union(&then_a, &else_a);
                }
                Kind::LabelEither { clauses } => {
                    let mut new_out: Vec<String> = Vec::new();
                    let cur = out_assigned.clone();
                    for c in clauses {
                        let mut or_a = Vec::new();
                        next_needs =
                            self.inner_add_labels(&c.unlab_or, false, in_with, &cur, &mut or_a)?
                                || next_needs;
                        new_out = union(&or_a, &new_out);
                    }
                    *out_assigned = new_out;
                }
                Kind::While { unlab_do, .. } => {
                    if in_with {
                        return Err(at_err("`while' inside a `with' statement", st));
                    }
                    self.needs_label(st);
                    had_label = true;
                    out_assigned.clear();
                    let mut new_out = Vec::new();
                    self.inner_add_labels(unlab_do, false, false, &[], &mut new_out)?;
                    next_needs = false;
                }
                Kind::With { body, .. } => {
                    let new_in: Vec<String> = if in_with {
                        in_assigned.to_vec()
                    } else {
                        Vec::new()
                    };
                    let mut new_out = Vec::new();
                    next_needs = self.inner_add_labels(body, false, true, &new_in, &mut new_out)?;
                    let before = out_assigned.clone();
                    *out_assigned = new_out;
                    if !in_with && !disjoint(in_assigned, out_assigned) {
                        let _ = before;
                        self.needs_label(st);
                        had_label = true;
                        out_assigned.clear();
                    }
                }
                Kind::Assign { ass } => {
                    let mut vbls: Vec<String> = Vec::new();
                    for a in ass {
                        let v = a.borrow().var.clone();
                        if !vbls.contains(&v) {
                            vbls.push(v);
                        }
                    }
                    if disjoint(out_assigned, &vbls) {
                        *out_assigned = union(out_assigned, &vbls);
                    } else {
                        if in_with {
                            return Err(at_err(
                                "Second assignment to same variable inside a `with' statement",
                                st,
                            ));
                        }
                        self.needs_label(st);
                        had_label = true;
                        *out_assigned = vbls;
                    }
                    next_needs = false;
                }
                other => {
                    next_needs = false;
                    let mut vbls: Vec<String> = Vec::new();
                    let (is_call_or_return, sets_prcd) = match other {
                        Kind::Call { to, .. } | Kind::CallGoto { to, .. } => {
                            (true, self.current_procedure.as_deref() == Some(to.as_str()))
                        }
                        Kind::Return { .. } | Kind::CallReturn { .. } => (true, true),
                        Kind::Goto { .. } => {
                            next_needs = true;
                            (false, false)
                        }
                        _ => (false, false),
                    };
                    if is_call_or_return {
                        next_needs = true;
                        vbls.push("stack".into());
                        if sets_prcd {
                            for p in &self.procedures {
                                for d in p.params.iter().chain(p.decls.iter()) {
                                    vbls.push(d.var.clone());
                                }
                            }
                        }
                    }
                    if disjoint(out_assigned, &vbls) {
                        *out_assigned = union(out_assigned, &vbls);
                    } else {
                        if in_with {
                            return Err(at_err(
                                "Call or return makes second assignment to a variable inside a `with' statement",
                                st,
                            ));
                        }
                        self.needs_label(st);
                        had_label = true;
                        *out_assigned = vbls;
                    }
                }
            }
        }
        Ok(had_label || next_needs)
    }

    pub fn make_labeled_seq(&mut self, seq: &SV) -> R<SV> {
        let result = inner_make_labeled(seq);
        self.check_labeled_seq(&result)?;
        Ok(result)
    }

    fn check_labeled_seq(&mut self, seq: &SV) -> R<()> {
        let v = seq.borrow().clone();
        for ls in &v {
            let stmts = match &ls.borrow().kind {
                Kind::Labeled { stmts, .. } => stmts.clone(),
                _ => continue,
            };
            self.classify_seq(&stmts)?;
        }
        Ok(())
    }

    fn classify_seq(&mut self, seq: &SV) -> R<i32> {
        let mut result = 0;
        let n = seq.borrow().len();
        for i in 0..n {
            let node = seq.borrow()[i].clone();
            let kind = node.borrow().kind.clone();
            match &kind {
                Kind::LabelIf {
                    test,
                    unlab_then,
                    lab_then,
                    unlab_else,
                    lab_else,
                } => {
                    result = self.classify_if(unlab_then, lab_then, unlab_else, lab_else)?;
                    if result < 2 {
                        let (line, col) = (0, 0);
                        let new_if = s(
                            Kind::If {
                                test: test.clone(),
                                then: unlab_then.clone(),
                                els: unlab_else.clone(),
                            },
                            line,
                            col,
                        );
                        seq.borrow_mut()[i] = new_if;
                    }
                }
                Kind::LabelEither { clauses } => {
                    let mut the_class = 0;
                    for c in clauses {
                        let u = self.classify_seq(&c.unlab_or)?;
                        the_class = the_class.max(u);
                        if !c.lab_or.borrow().is_empty() {
                            the_class = 2;
                            self.check_labeled_seq(&c.lab_or)?;
                        }
                    }
                    result = the_class;
                    if result < 2 {
                        let ors = clauses.iter().map(|c| c.unlab_or.clone()).collect();
                        seq.borrow_mut()[i] = s(Kind::Either { ors }, 0, 0);
                    }
                }
                Kind::With { body, .. } => {
                    result = self.classify_seq(body)?;
                    if result == 2 {
                        return Err(PcalError::new(format!(
                            "with statement at {} contains a labeled statement",
                            node.borrow().location()
                        )));
                    }
                }
                Kind::While {
                    unlab_do, lab_do, ..
                } => {
                    self.classify_seq(unlab_do)?;
                    self.check_labeled_seq(lab_do)?;
                }
                Kind::Call { .. } => {
                    let next_is_return = i + 1 < n
                        && matches!(seq.borrow()[i + 1].borrow().kind, Kind::Return { .. });
                    if !next_is_return {
                        result = 1;
                    }
                }
                Kind::Return { .. } | Kind::CallReturn { .. } => {
                    if self.current_procedure.is_none() {
                        return Err(PcalError::new(format!(
                            "return statement not in a procedure at {}",
                            node.borrow().location()
                        )));
                    }
                    result = 1;
                }
                Kind::Goto { .. } | Kind::CallGoto { .. } => result = 1,
                _ => {}
            }
            if result > 0 && i != n - 1 {
                let next = seq.borrow()[i + 1].clone();
                return Err(PcalError::new(format!(
                    "Translator discovered later than it should have  that\n  Statement at {} must have a label",
                    next.borrow().location()
                )));
            }
        }
        Ok(result)
    }

    fn classify_if(
        &mut self,
        unlab_then: &SV,
        lab_then: &SV,
        unlab_else: &SV,
        lab_else: &SV,
    ) -> R<i32> {
        let then_class = self.classify_seq(unlab_then)?;
        let mut labeled = false;
        if !lab_then.borrow().is_empty() {
            labeled = true;
            self.check_labeled_seq(lab_then)?;
        }
        let else_class = self.classify_seq(unlab_else)?;
        if !lab_else.borrow().is_empty() {
            labeled = true;
            self.check_labeled_seq(lab_else)?;
        }
        if labeled || then_class == 2 || else_class == 2 {
            return Ok(2);
        }
        if then_class + else_class > 0 {
            return Ok(1);
        }
        Ok(0)
    }

    pub fn expand_macros(&mut self, seq: &SV, macros: &[Macro]) -> R<()> {
        let mut i = 0;
        while i < seq.borrow().len() {
            let node = seq.borrow()[i].clone();
            let kind = node.borrow().kind.clone();
            match &kind {
                Kind::LabelIf {
                    unlab_then,
                    unlab_else,
                    ..
                } => {
                    self.expand_macros(unlab_then, macros)?;
                    self.expand_macros(unlab_else, macros)?;
                }
                Kind::LabelEither { clauses } => {
                    for c in clauses {
                        self.expand_macros(&c.unlab_or, macros)?;
                    }
                }
                Kind::With { body, .. } => self.expand_macros(body, macros)?,
                Kind::While { unlab_do, .. } => self.expand_macros(unlab_do, macros)?,
                Kind::MacroCall { name, args } => {
                    let nb = node.borrow();
                    let Some(def) = macros.iter().rev().find(|m| &m.name == name) else {
                        return Err(PcalError::new(format!(
                            "Macro {name} undefined,\n    at {}",
                            nb.location()
                        )));
                    };
                    if def.params.len() != args.len() {
                        return Err(PcalError::new(format!(
                            "Macro {name} called with wrong number of arguments at \n    {}",
                            nb.location()
                        )));
                    }
                    let expansion = subst_seq(&def.body, args, &def.params, nb.line, nb.col)?;
                    let lbl = nb.lbl.clone();
                    drop(nb);
                    if let Some(first) = expansion.first() {
                        first.borrow_mut().lbl = lbl;
                    }
                    let k = expansion.len();
                    let mut v = seq.borrow_mut();
                    v.remove(i);
                    for (j, e) in expansion.into_iter().enumerate() {
                        v.insert(i + j, e);
                    }
                    drop(v);
                    i = (i + k).wrapping_sub(1);
                }
                _ => {}
            }
            i = i.wrapping_add(1);
        }
        Ok(())
    }
}

fn inner_make_labeled(seq: &SV) -> SV {
    let v = seq.borrow().clone();
    let mut result = Vec::new();
    let mut next = 0;
    while next < v.len() {
        let first = v[next].clone();
        let (line, col, ml, mc, label) = {
            let f = first.borrow();
            (f.line, f.col, f.macro_line, f.macro_col, f.lbl.clone())
        };
        let mut stmts = vec![first];
        next += 1;
        while next < v.len() && v[next].borrow().lbl.is_empty() {
            stmts.push(v[next].clone());
            next += 1;
        }
        let stmts = sv(stmts);
        fix_seq(&stmts);
        let ls = s(Kind::Labeled { label, stmts }, line, col);
        ls.borrow_mut().macro_line = ml;
        ls.borrow_mut().macro_col = mc;
        result.push(ls);
    }
    sv(result)
}

/// Splits the unlabeled prefix of a clause from its labeled steps.
fn split(v: &SV) -> (SV, SV) {
    let all = v.borrow().clone();
    let k = all
        .iter()
        .position(|x| !x.borrow().lbl.is_empty())
        .unwrap_or(all.len());
    let unlab = sv(all[..k].to_vec());
    fix_seq(&unlab);
    let lab = inner_make_labeled(&sv(all[k..].to_vec()));
    (unlab, lab)
}

fn fix_seq(seq: &SV) {
    let v = seq.borrow().clone();
    for st in &v {
        let mut b = st.borrow_mut();
        match &mut b.kind {
            Kind::LabelIf {
                unlab_then,
                lab_then,
                unlab_else,
                lab_else,
                ..
            } => {
                let (u, l) = split(unlab_then);
                *unlab_then = u;
                *lab_then = l;
                let (u, l) = split(unlab_else);
                *unlab_else = u;
                *lab_else = l;
            }
            Kind::LabelEither { clauses } => {
                for c in clauses.iter_mut() {
                    let (u, l) = split(&c.unlab_or);
                    c.unlab_or = u;
                    c.lab_or = l;
                }
            }
            Kind::While {
                unlab_do, lab_do, ..
            } => {
                let (u, l) = split(unlab_do);
                *unlab_do = u;
                *lab_do = l;
            }
            _ => {}
        }
    }
}

fn subst_expr(e: &Expr, args: &[Expr], params: &[String]) -> R<Expr> {
    let mut r = e.clone_norm();
    r.substitute_for_all(args, params, true)
        .map_err(PcalError::new)?;
    Ok(r)
}

pub fn subst_seq(seq: &SV, args: &[Expr], params: &[String], ml: i32, mc: i32) -> R<Vec<S>> {
    let v = seq.borrow().clone();
    let mut out = Vec::new();
    for st in &v {
        out.push(subst_stmt(st, args, params, ml, mc)?);
    }
    Ok(out)
}

fn subst_sv(seq: &SV, args: &[Expr], params: &[String], ml: i32, mc: i32) -> R<SV> {
    Ok(sv(subst_seq(seq, args, params, ml, mc)?))
}

fn subst_labeled(seq: &SV, args: &[Expr], params: &[String]) -> R<SV> {
    let v = seq.borrow().clone();
    let mut out = Vec::new();
    for st in &v {
        let b = st.borrow();
        if let Kind::Labeled { label, stmts } = &b.kind {
            let stmts = subst_sv(stmts, args, params, -1, 0)?;
            out.push(s(
                Kind::Labeled {
                    label: label.clone(),
                    stmts,
                },
                0,
                0,
            ));
        }
    }
    Ok(sv(out))
}

fn subst_stmt(st: &S, args: &[Expr], params: &[String], ml: i32, mc: i32) -> R<S> {
    let b = st.borrow();
    let e = |x: &Expr| subst_expr(x, args, params);
    let exprs = |xs: &Vec<Expr>| -> R<Vec<Expr>> {
        xs.iter().map(|x| subst_expr(x, args, params)).collect()
    };
    let kind = match &b.kind {
        Kind::Assign { ass } => {
            let mut out = Vec::new();
            for a in ass {
                let a = a.borrow();
                let rhs = e(&a.rhs)?;
                let mut sub = a.sub.clone();
                if !a.sub.is_empty() {
                    sub = e(&a.sub)?;
                }
                let mut var = a.var.clone();
                if let Some(i) = params.iter().position(|p| p == &var) {
                    let subst = &args[i];
                    let vt = subst.at((0, 0)).clone();
                    if vt.ty != TokType::Ident {
                        let loc = if ml > 0 {
                            format!(
                                "line {}, column {} of macro called at line {ml}, column {mc}",
                                a.line, a.col
                            )
                        } else {
                            format!("line {}, column {}", a.line, a.col)
                        };
                        return Err(PcalError::new(format!(
                            "Macro expansion substitutes `{}' for assignment variable\n    at {loc}",
                            vt.s
                        )));
                    }
                    var = vt.s.clone();
                    if subst.step((0, 0), 1).is_some() {
                        let mut copy = subst.clone_norm();
                        copy.remove_first();
                        if sub.is_empty() {
                            sub = copy;
                        } else {
                            sub.prepend(&copy, 0).map_err(PcalError::new)?;
                        }
                    }
                }
                out.push(Rc::new(RefCell::new(crate::ast::SingleAssign {
                    line: a.line,
                    col: a.col,
                    var,
                    sub,
                    rhs,
                })));
            }
            Kind::Assign { ass: out }
        }
        Kind::If { test, then, els } => Kind::If {
            test: e(test)?,
            then: subst_sv(then, args, params, ml, mc)?,
            els: subst_sv(els, args, params, ml, mc)?,
        },
        Kind::Either { ors } => {
            let mut o = Vec::new();
            for x in ors {
                o.push(subst_sv(x, args, params, ml, mc)?);
            }
            Kind::Either { ors: o }
        }
        Kind::With {
            var,
            is_eq,
            exp,
            body,
        } => Kind::With {
            var: var.clone(),
            is_eq: *is_eq,
            exp: e(exp)?,
            body: subst_sv(body, args, params, ml, mc)?,
        },
        Kind::When { exp } => Kind::When { exp: e(exp)? },
        Kind::Assert { exp } => Kind::Assert { exp: e(exp)? },
        Kind::Print { exp } => Kind::Print { exp: e(exp)? },
        Kind::Skip => Kind::Skip,
        Kind::While {
            test,
            unlab_do,
            lab_do,
        } => Kind::While {
            test: e(test)?,
            unlab_do: subst_sv(unlab_do, args, params, ml, mc)?,
            lab_do: subst_labeled(lab_do, args, params)?,
        },
        Kind::LabelIf {
            test,
            unlab_then,
            lab_then,
            unlab_else,
            lab_else,
        } => Kind::LabelIf {
            test: e(test)?,
            unlab_then: subst_sv(unlab_then, args, params, ml, mc)?,
            lab_then: subst_labeled(lab_then, args, params)?,
            unlab_else: subst_sv(unlab_else, args, params, ml, mc)?,
            lab_else: subst_labeled(lab_else, args, params)?,
        },
        Kind::LabelEither { clauses } => {
            let mut cs = Vec::new();
            for c in clauses {
                cs.push(Clause {
                    lab_or: subst_labeled(&c.lab_or, args, params)?,
                    unlab_or: subst_sv(&c.unlab_or, args, params, ml, mc)?,
                });
            }
            Kind::LabelEither { clauses: cs }
        }
        Kind::Call {
            return_to,
            to,
            args: a,
        } => Kind::Call {
            return_to: return_to.clone(),
            to: to.clone(),
            args: exprs(a)?,
        },
        Kind::Return { from } => Kind::Return { from: from.clone() },
        Kind::CallReturn { from, to, args: a } => Kind::CallReturn {
            from: from.clone(),
            to: to.clone(),
            args: exprs(a)?,
        },
        Kind::CallGoto { after, to, args: a } => Kind::CallGoto {
            after: after.clone(),
            to: to.clone(),
            args: exprs(a)?,
        },
        Kind::Goto { to } => Kind::Goto { to: to.clone() },
        Kind::Labeled { .. } | Kind::MacroCall { .. } => {
            return Err(PcalError::new(format!(
                "Found unexpected statement type in macro at{}",
                b.location()
            )))
        }
    };
    let n = s(kind, b.line, b.col);
    {
        let mut nb = n.borrow_mut();
        nb.macro_line = b.macro_line;
        nb.macro_col = b.macro_col;
        if ml > 0 {
            nb.macro_line = ml;
            nb.macro_col = mc;
        }
    }
    Ok(n)
}
