//! Exploding labeled statements into steps (pcal.trans's PcalTranslate): every step tests and
//! sets `pc`; `while`, labeled `if`/`either`, `goto`, calls and returns become `pc` and
//! `stack` assignments. Like pcal.trans it edits the shared statement lists in place where
//! pcal.trans does, since the checksum prints the tree afterwards.

use crate::ast::*;
use crate::error::PcalError;
use crate::expr::{Expr, Tok, TokType};
use crate::rename::SymTab;
use std::cell::RefCell;
use std::rc::Rc;

type R<T> = Result<T, PcalError>;

pub struct Exploder<'a> {
    pub st: &'a SymTab,
    pub alg: &'a Algorithm,
    pub omit_pc: bool,
    current_procedure: Option<String>,
}

pub struct Exploded {
    pub body: Vec<S>,
    pub prcds: Vec<Vec<S>>,
    pub procs: Vec<Vec<S>>,
}

fn label_of(s: &S) -> String {
    match &s.borrow().kind {
        Kind::Labeled { label, .. } => label.clone(),
        _ => String::new(),
    }
}

fn assign1(var: &str, sub: Expr, rhs: Expr, line: i32, col: i32) -> S {
    s(
        Kind::Assign {
            ass: vec![Rc::new(RefCell::new(SingleAssign {
                line,
                col,
                var: var.into(),
                sub,
                rhs,
            }))],
        },
        line,
        col,
    )
}

fn update_pc(next: &str) -> S {
    assign1("pc", Expr::new(), Expr::single(next, TokType::Str), 0, 0)
}

fn check_pc(label: &str) -> S {
    let toks = [
        Tok::new("pc", 0, TokType::Added),
        Tok::new("=", 0, TokType::Builtin),
        Tok::new(label, 0, TokType::Str),
    ];
    let mut line = Vec::new();
    let mut col = 0;
    for mut t in toks {
        t.col = col;
        col += t.width() + 1;
        line.push(t);
    }
    s(
        Kind::When {
            exp: Expr::from_lines(vec![line]),
        },
        0,
        0,
    )
}

fn is_true(e: &Expr) -> bool {
    if e.lines.len() > 1 {
        return false;
    }
    let l: Vec<&Tok> = e.iter().collect();
    match l.len() {
        1 => l[0].s == "TRUE",
        3 => l[0].s == "(" && l[1].s == "TRUE" && l[2].s == ")",
        _ => false,
    }
}

/// `Head(stack).f` with every token at column 0, as pcal.trans builds it.
fn head_field(f: &str) -> Expr {
    Expr::from_lines(vec![vec![
        Tok::new("Head", 0, TokType::Ident),
        Tok::new("(", 0, TokType::Builtin),
        Tok::new("stack", 0, TokType::Added),
        Tok::new(")", 0, TokType::Builtin),
        Tok::new(".", 0, TokType::Builtin),
        Tok::new(f, 0, TokType::Ident),
    ]])
}

fn tail_stack() -> Expr {
    Expr::from_lines(vec![vec![
        Tok::new("Tail", 0, TokType::Ident),
        Tok::new("(", 0, TokType::Builtin),
        Tok::new("stack", 0, TokType::Added),
        Tok::new(")", 0, TokType::Builtin),
    ]])
}

/// The record pushed on the stack by a call, laid out as pcal.trans lays it out.
fn stack_push(to: &str, pc_toks: Vec<Tok>, vars: &[String], tail: Vec<Tok>) -> Expr {
    let b = |s: &str| Tok::new(s, 0, TokType::Builtin);
    let id = |s: &str| Tok::new(s, 0, TokType::Ident);
    let mut lines: Vec<Vec<Tok>> = vec![vec![
        b("<<"),
        b("["),
        id("procedure"),
        b("|->"),
        Tok::new(to, 0, TokType::Str),
        b(","),
    ]];
    let mut l = vec![id("pc"), b("|->")];
    l.extend(pc_toks);
    lines.push(l);
    for v in vars {
        lines.last_mut().expect("line").push(b(","));
        lines.push(vec![id(v), b("|->"), id(v)]);
    }
    let last = lines.last_mut().expect("line");
    last.push(b("]"));
    last.push(b(">>"));
    let mut end = vec![b("\\o")];
    end.extend(tail);
    lines.push(end);
    let n = lines.len();
    for (i, line) in lines.iter_mut().enumerate() {
        let mut next = if i == 0 || i == n - 1 { 1 } else { 6 };
        for t in line.iter_mut() {
            t.col = next;
            next += t.width();
            if t.ty == TokType::Builtin {
                match t.s.as_str() {
                    "|->" | "↦" => {
                        t.col += 1;
                        if t.col < 16 {
                            t.col = 16;
                        }
                        next = t.col + 5;
                    }
                    "[" | "<<" => next += 1,
                    "]" | ">>" => {
                        t.col += 1;
                        next += 1;
                    }
                    "\\o" => {
                        t.col += 1;
                        next += 2;
                    }
                    _ => {}
                }
            }
        }
    }
    Expr::from_lines(lines)
}

impl<'a> Exploder<'a> {
    pub fn new(st: &'a SymTab, alg: &'a Algorithm, omit_pc: bool) -> Exploder<'a> {
        Exploder {
            st,
            alg,
            omit_pc,
            current_procedure: None,
        }
    }

    pub fn explode(&mut self) -> R<Exploded> {
        let mut prcds = Vec::new();
        for p in &self.alg.prcds {
            self.current_procedure = Some(p.name.clone());
            let end = self.st.use_this(crate::rename::LABEL, "Error", "");
            prcds.push(self.explode_body(&p.body, &end)?);
            self.current_procedure = None;
        }
        let mut body = Vec::new();
        let mut procs = Vec::new();
        if !self.alg.multi {
            body = self.explode_body(&self.alg.body, "Done")?;
        } else {
            for p in &self.alg.procs {
                procs.push(self.explode_body(&p.body, "Done")?);
            }
        }
        Ok(Exploded { body, prcds, procs })
    }

    fn explode_body(&mut self, body: &SV, end: &str) -> R<Vec<S>> {
        let v = body.borrow().clone();
        let mut out = Vec::new();
        for i in 0..v.len() {
            let next = if i + 1 < v.len() {
                label_of(&v[i + 1])
            } else {
                end.to_string()
            };
            out.extend(self.labeled(&v[i], &next)?);
        }
        Ok(out)
    }

    fn labeled_seq(&mut self, seq: &SV, next: &str) -> R<Vec<S>> {
        let v = seq.borrow().clone();
        let mut out = Vec::new();
        for i in 0..v.len() {
            let nxt = if i + 1 < v.len() {
                label_of(&v[i + 1])
            } else {
                next.to_string()
            };
            out.extend(self.labeled(&v[i], &nxt)?);
        }
        Ok(out)
    }

    fn labeled(&mut self, ls: &S, next: &str) -> R<Vec<S>> {
        let (label, stmts, line, col) = {
            let b = ls.borrow();
            let Kind::Labeled { label, stmts } = &b.kind else {
                return Ok(vec![]);
            };
            (label.clone(), stmts.clone(), b.line, b.col)
        };
        let first_while = stmts
            .borrow()
            .first()
            .is_some_and(|x| matches!(x.borrow().kind, Kind::While { .. }));
        if first_while {
            return self.while_(&label, &stmts, line, col, next);
        }
        let (r1, r2) = self.last_with_goto(&copy(&stmts), next)?;
        let mut result = Vec::new();
        if !self.omit_pc {
            r1.borrow_mut().insert(0, check_pc(&label));
            result.push(s(Kind::Labeled { label, stmts: r1 }, line, col));
        }
        result.extend(r2);
        Ok(result)
    }

    fn while_(&mut self, label: &str, stmts: &SV, line: i32, col: i32, next: &str) -> R<Vec<S>> {
        let w = stmts.borrow()[0].clone();
        let (test, unlab_do, lab_do) = match &w.borrow().kind {
            Kind::While {
                test,
                unlab_do,
                lab_do,
            } => (test.clone(), unlab_do.clone(), lab_do.clone()),
            _ => unreachable!("a while"),
        };
        let new_stmts = sv(vec![]);
        if !self.omit_pc {
            new_stmts.borrow_mut().push(check_pc(label));
        }
        let lab = lab_do.borrow().clone();
        let unlab_next = lab
            .first()
            .map(label_of)
            .unwrap_or_else(|| label.to_string());
        let pair1 = self.last_with_goto(&copy(&unlab_do), &unlab_next)?;
        let rest = sv(stmts.borrow()[1..].to_vec());
        let pair2 = self.last_with_goto(&rest, next)?;
        let t = is_true(&test);
        if t {
            let v = pair1.0.borrow().clone();
            new_stmts.borrow_mut().extend(v);
        } else {
            new_stmts.borrow_mut().push(s(
                Kind::If {
                    test,
                    then: pair1.0.clone(),
                    els: pair2.0.clone(),
                },
                0,
                0,
            ));
        }
        let mut result = vec![s(
            Kind::Labeled {
                label: label.to_string(),
                stmts: new_stmts,
            },
            line,
            col,
        )];
        for i in 0..lab.len() {
            let nxt = if i + 1 < lab.len() {
                label_of(&lab[i + 1])
            } else {
                label.to_string()
            };
            result.extend(self.labeled(&lab[i], &nxt)?);
        }
        result.extend(pair1.1);
        if !t {
            result.extend(pair2.1);
        }
        Ok(result)
    }

    fn last_with_goto(&mut self, stmts: &SV, next: &str) -> R<(SV, Vec<S>)> {
        let (r1, r2, needs) = self.last(stmts, next)?;
        if needs {
            r1.borrow_mut().push(update_pc(next));
        }
        Ok((r1, r2))
    }

    /// CopyAndExplodeLastStmt: explodes the last statement of `stmts` in place.
    fn last(&mut self, stmts: &SV, next: &str) -> R<(SV, Vec<S>, bool)> {
        let mut result2 = Vec::new();
        let mut needs = true;
        let last = stmts.borrow().last().cloned();
        if let Some(last) = last {
            let kind = last.borrow().kind.clone();
            let replace = |stmts: &SV, with: Vec<S>| {
                let mut v = stmts.borrow_mut();
                v.pop();
                v.extend(with);
            };
            match &kind {
                Kind::LabelIf {
                    test,
                    unlab_then,
                    lab_then,
                    unlab_else,
                    lab_else,
                } => {
                    let (line, col) = (last.borrow().line, last.borrow().col);
                    let (a, b) = self.label_if(
                        test, unlab_then, lab_then, unlab_else, lab_else, line, col, next,
                    )?;
                    replace(stmts, a);
                    result2 = b;
                    needs = false;
                }
                Kind::LabelEither { clauses } => {
                    let (a, b) = self.label_either(clauses, next)?;
                    replace(stmts, a);
                    result2 = b;
                    needs = false;
                }
                Kind::Goto { to } => {
                    replace(stmts, vec![update_pc(to)]);
                    needs = false;
                }
                Kind::Call { to, args, .. } => {
                    let b = last.borrow();
                    let v = self.call(to, args, next, b.line, b.col, &b.location())?;
                    drop(b);
                    replace(stmts, v);
                    needs = false;
                }
                Kind::Return { from } => {
                    let from = match from {
                        Some(f) => f.clone(),
                        None => {
                            let Some(cp) = self.current_procedure.clone() else {
                                return Err(PcalError::new(format!(
                                    "`return' statement not in procedure\n    at {}",
                                    last.borrow().location()
                                )));
                            };
                            if let Kind::Return { from } = &mut last.borrow_mut().kind {
                                *from = Some(cp.clone());
                            }
                            cp
                        }
                    };
                    let v = self.ret(&from, &last)?;
                    replace(stmts, v);
                    needs = false;
                }
                Kind::CallReturn { from, to, args } => {
                    let v = self.call_return(from.as_deref(), to, args, &last)?;
                    replace(stmts, v);
                    needs = false;
                }
                Kind::CallGoto { after, to, args } => {
                    let b = last.borrow();
                    let v = self.call(to, args, after, b.line, b.col, &b.location())?;
                    drop(b);
                    replace(stmts, v);
                    needs = false;
                }
                Kind::If { then, els, .. } => {
                    let p1 = self.last(then, next)?;
                    let p2 = self.last(els, next)?;
                    result2.extend(p1.1);
                    result2.extend(p2.1);
                    if let Kind::If { then, els, .. } = &mut last.borrow_mut().kind {
                        *then = p1.0.clone();
                        *els = p2.0.clone();
                    }
                    needs = false;
                    if !self.omit_pc {
                        needs = p1.2 && p2.2;
                        if !needs {
                            if p1.2 {
                                p1.0.borrow_mut().push(update_pc(next));
                            }
                            if p2.2 {
                                p2.0.borrow_mut().push(update_pc(next));
                            }
                        }
                    }
                }
                Kind::Either { ors } => {
                    needs = true;
                    let mut needs_v = Vec::new();
                    let mut new_ors = Vec::new();
                    for o in ors {
                        let p = self.last(o, next)?;
                        new_ors.push(p.0.clone());
                        result2.extend(p.1);
                        needs = needs && p.2;
                        needs_v.push(p.2);
                    }
                    if let Kind::Either { ors } = &mut last.borrow_mut().kind {
                        *ors = new_ors.clone();
                    }
                    if !self.omit_pc && !needs {
                        for (o, n) in new_ors.iter().zip(needs_v) {
                            if n {
                                o.borrow_mut().push(update_pc(next));
                            }
                        }
                    }
                }
                Kind::With { body, .. } => {
                    let p = self.last(body, next)?;
                    if let Kind::With { body, .. } = &mut last.borrow_mut().kind {
                        *body = p.0.clone();
                    }
                    result2.extend(p.1);
                    needs = p.2;
                }
                _ => needs = true,
            }
        }
        if self.omit_pc {
            needs = false;
        }
        // pcal.trans hands back a new list for an empty one, so a goto added to it is not
        // added to the tree.
        let result1 = if stmts.borrow().is_empty() {
            sv(vec![])
        } else {
            stmts.clone()
        };
        Ok((result1, result2, needs))
    }

    #[allow(clippy::too_many_arguments)]
    fn label_if(
        &mut self,
        test: &Expr,
        unlab_then: &SV,
        lab_then: &SV,
        unlab_else: &SV,
        lab_else: &SV,
        line: i32,
        col: i32,
        next: &str,
    ) -> R<(Vec<S>, Vec<S>)> {
        let lt = lab_then.borrow().clone();
        let le = lab_else.borrow().clone();
        let then_next = lt.first().map(label_of).unwrap_or_else(|| next.to_string());
        let else_next = le.first().map(label_of).unwrap_or_else(|| next.to_string());
        let et = self.last_with_goto(unlab_then, &then_next)?;
        let ee = self.last_with_goto(unlab_else, &else_next)?;
        let new_if = s(
            Kind::If {
                test: test.clone(),
                then: et.0.clone(),
                els: ee.0.clone(),
            },
            line,
            col,
        );
        let mut r2 = Vec::new();
        for i in 0..lt.len() {
            let n = if i + 1 < lt.len() {
                label_of(&lt[i + 1])
            } else {
                next.to_string()
            };
            r2.extend(self.labeled(&lt[i], &n)?);
        }
        for i in 0..le.len() {
            let n = if i + 1 < le.len() {
                label_of(&le[i + 1])
            } else {
                next.to_string()
            };
            r2.extend(self.labeled(&le[i], &n)?);
        }
        r2.extend(et.1);
        r2.extend(ee.1);
        Ok((vec![new_if], r2))
    }

    fn label_either(&mut self, clauses: &[Clause], next: &str) -> R<(Vec<S>, Vec<S>)> {
        let mut ors = Vec::new();
        let mut r2 = Vec::new();
        for c in clauses {
            let first = c
                .lab_or
                .borrow()
                .first()
                .map(label_of)
                .unwrap_or_else(|| next.to_string());
            let res = self.last_with_goto(&c.unlab_or, &first)?;
            ors.push(res.0);
            r2.extend(res.1);
            r2.extend(self.labeled_seq(&c.lab_or, next)?);
        }
        Ok((vec![s(Kind::Either { ors }, 0, 0)], r2))
    }

    fn proc_entry(&self, name: &str) -> Option<(&Procedure, String)> {
        let i = self.st.find_proc(name)?;
        let e = &self.st.procs[i];
        Some((&self.alg.prcds[e.index], e.ipc.clone().unwrap_or_default()))
    }

    fn call(
        &mut self,
        to: &str,
        args: &[Expr],
        next: &str,
        line: i32,
        col: i32,
        loc: &str,
    ) -> R<Vec<S>> {
        let Some((pe, ipc)) = self.proc_entry(to) else {
            return Err(PcalError::new(format!(
                "Call of non-existent procedure {to}\n    at {loc}"
            )));
        };
        let vars: Vec<String> = pe
            .decls
            .iter()
            .chain(pe.params.iter())
            .map(|d| d.var.clone())
            .collect();
        let push = stack_push(
            to,
            vec![Tok::new(next, 0, TokType::Str)],
            &vars,
            vec![Tok::new("stack", 0, TokType::Added)],
        );
        if pe.params.len() != args.len() {
            return Err(PcalError::new(format!(
                "Procedure {to} called with wrong number of arguments\n    at {loc}"
            )));
        }
        let mut ass = vec![Rc::new(RefCell::new(SingleAssign {
            line,
            col,
            var: "stack".into(),
            sub: Expr::new(),
            rhs: push,
        }))];
        for (d, a) in pe.params.iter().zip(args) {
            ass.push(Rc::new(RefCell::new(SingleAssign {
                line,
                col,
                var: d.var.clone(),
                sub: Expr::new(),
                rhs: a.clone(),
            })));
        }
        let mut out = vec![s(Kind::Assign { ass }, line, col)];
        for d in &pe.decls {
            out.push(assign1(&d.var, Expr::new(), d.val.clone(), line, col));
        }
        out.push(update_pc(&ipc));
        Ok(out)
    }

    fn ret(&mut self, from: &str, at: &S) -> R<Vec<S>> {
        let (line, col) = (at.borrow().line, at.borrow().col);
        let Some((pe, _)) = self.proc_entry(from) else {
            return Err(PcalError::new(format!(
                "Error in procedure (perhaps name used elsewhere)\n    at {}",
                at.borrow().location()
            )));
        };
        let mut out = vec![assign1("pc", Expr::new(), head_field("pc"), line, col)];
        for d in pe.decls.iter().chain(pe.params.iter()) {
            out.push(assign1(&d.var, Expr::new(), head_field(&d.var), line, col));
        }
        out.push(assign1("stack", Expr::new(), tail_stack(), line, col));
        Ok(out)
    }

    fn call_return(&mut self, from: Option<&str>, to: &str, args: &[Expr], at: &S) -> R<Vec<S>> {
        let (line, col, loc) = (at.borrow().line, at.borrow().col, at.borrow().location());
        let Some(from) = from else {
            return Err(PcalError::new(format!(
                "`return' statement following `call' at {loc} not in a procedure"
            )));
        };
        let Some((pe_from, _)) = self.proc_entry(from) else {
            return Err(PcalError::new(format!(
                "Call of non-existent procedure {from}\n    at {loc}"
            )));
        };
        let Some((pe_to, ipc)) = self.proc_entry(to) else {
            return Err(PcalError::new(format!(
                "Call of non-existent procedure {to}\n    at {loc}"
            )));
        };
        let mut ass = Vec::new();
        if from != to {
            for d in &pe_from.decls {
                ass.push(Rc::new(RefCell::new(SingleAssign {
                    line,
                    col,
                    var: d.var.clone(),
                    sub: Expr::new(),
                    rhs: head_field(&d.var),
                })));
            }
            let vars: Vec<String> = pe_to
                .decls
                .iter()
                .chain(pe_to.params.iter())
                .map(|d| d.var.clone())
                .collect();
            let pc = vec![
                Tok::new("Head", 0, TokType::Ident),
                Tok::new("(", 0, TokType::Builtin),
                Tok::new("stack", 0, TokType::Added),
                Tok::new(")", 0, TokType::Builtin),
                Tok::new(".", 0, TokType::Builtin),
                Tok::new("pc", 0, TokType::Ident),
            ];
            let tail = vec![
                Tok::new("Tail", 0, TokType::Ident),
                Tok::new("(", 0, TokType::Builtin),
                Tok::new("stack", 0, TokType::Added),
                Tok::new(")", 0, TokType::Builtin),
            ];
            let push = stack_push(to, pc, &vars, tail);
            ass.push(Rc::new(RefCell::new(SingleAssign {
                line,
                col,
                var: "stack".into(),
                sub: Expr::new(),
                rhs: push,
            })));
        }
        if pe_to.params.len() != args.len() {
            return Err(PcalError::new(format!(
                "Procedure {to} called with wrong number of arguments\n    at {loc}"
            )));
        }
        for (d, a) in pe_to.params.iter().zip(args) {
            ass.push(Rc::new(RefCell::new(SingleAssign {
                line,
                col,
                var: d.var.clone(),
                sub: Expr::new(),
                rhs: a.clone(),
            })));
        }
        let mut out = vec![s(Kind::Assign { ass }, line, col)];
        for d in &pe_to.decls {
            out.push(assign1(&d.var, Expr::new(), d.val.clone(), line, col));
        }
        out.push(update_pc(&ipc));
        Ok(out)
    }
}
