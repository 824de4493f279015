//! The symbol table and renaming (pcal.trans's PcalSymTab and PcalFixIDs): a label or
//! local variable whose name is already taken gets a suffix, the translation notes it in a
//! comment, and every use is renamed.

use crate::ast::*;
use crate::error::PcalError;
use crate::expr::{Expr, TokType};

pub const GLOBAL: usize = 0;
pub const LABEL: usize = 1;
pub const PROCEDURE: usize = 2;
pub const PROCESS: usize = 3;
pub const PROCESSVAR: usize = 4;
pub const PROCEDUREVAR: usize = 5;
pub const PARAMETER: usize = 6;
const TYPE_NAME: [&str; 7] = [
    "Global variable",
    "Label",
    "Procedure",
    "Process",
    "Process variable",
    "Procedure variable",
    "Parameter",
];

pub struct Entry {
    pub ty: usize,
    pub id: String,
    pub context: String,
    pub ctype: String,
    pub line: i32,
    pub col: i32,
    pub use_this: String,
}

pub struct ProcEntry {
    pub name: String,
    /// Index in `Algorithm::prcds`.
    pub index: usize,
    pub ipc: Option<String>,
}

pub struct ProcessEntry {
    pub name: String,
    pub index: usize,
    pub is_eq: bool,
    pub id: Expr,
    pub ipc: Option<String>,
}

pub struct SymTab {
    pub entries: Vec<Entry>,
    pub procs: Vec<ProcEntry>,
    pub processes: Vec<ProcessEntry>,
    pub report: Vec<String>,
    errors: String,
    pub ipc: Option<String>,
}

fn first_label(body: &SV) -> Option<String> {
    body.borrow()
        .first()
        .and_then(|ls| match &ls.borrow().kind {
            Kind::Labeled { label, .. } => Some(label.clone()),
            _ => None,
        })
}

impl SymTab {
    pub fn new(a: &Algorithm) -> Result<SymTab, PcalError> {
        let mut st = SymTab {
            entries: vec![],
            procs: vec![],
            processes: vec![],
            report: vec![],
            errors: String::new(),
            ipc: None,
        };
        st.insert(GLOBAL, "pc", "", "", 0, 0);
        if !a.prcds.is_empty() {
            st.insert(GLOBAL, "stack", "", "", 0, 0);
        }
        for d in &a.decls {
            st.var_decl(d, "");
        }
        for (i, p) in a.prcds.iter().enumerate() {
            st.procedure(p, i);
        }
        if !a.multi {
            st.ipc = first_label(&a.body);
            for ls in a.body.borrow().iter() {
                st.labeled(ls, "", "");
            }
        } else {
            for (i, p) in a.procs.iter().enumerate() {
                st.process(p, i);
            }
        }
        if !st.errors.is_empty() {
            return Err(PcalError::new(
                st.errors.trim_start_matches('\n').to_string(),
            ));
        }
        Ok(st)
    }

    pub fn find(&self, ty: usize, id: &str, context: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.id == id && e.context == context && e.ty == ty)
    }
    fn find_any(&self, id: &str, context: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.id == id && e.context == context)
    }
    pub fn find_proc(&self, name: &str) -> Option<usize> {
        self.procs.iter().position(|p| p.name == name)
    }

    fn insert(
        &mut self,
        ty: usize,
        id: &str,
        context: &str,
        ctype: &str,
        line: i32,
        col: i32,
    ) -> bool {
        if ty == PROCEDUREVAR || ty == PROCESSVAR || ty == PARAMETER {
            if self.find(GLOBAL, id, "").is_some() || self.find_any(id, context).is_some() {
                return false;
            }
        } else if self.find(ty, id, context).is_some() {
            return false;
        }
        self.entries.push(Entry {
            ty,
            id: id.into(),
            context: context.into(),
            ctype: ctype.into(),
            line,
            col,
            use_this: id.into(),
        });
        true
    }

    fn var_decl(&mut self, d: &VarDecl, context: &str) {
        let ty = if context.is_empty() {
            GLOBAL
        } else {
            PROCESSVAR
        };
        if !self.insert(ty, &d.var, context, "process", d.line, d.col) {
            self.errors += &format!(
                "\n{} {} redefined at line {}, column {}",
                TYPE_NAME[ty], d.var, d.line, d.col
            );
        }
    }

    fn procedure(&mut self, p: &Procedure, index: usize) {
        if self.find_proc(&p.name).is_some() {
            self.errors += &format!(
                "\nProcedure {} redefined at line {}, column {}",
                p.name, p.line, p.col
            );
        } else {
            self.procs.push(ProcEntry {
                name: p.name.clone(),
                index,
                ipc: first_label(&p.body),
            });
        }
        self.insert(PROCEDURE, &p.name, "", "procedure", p.line, p.col);
        for d in &p.decls {
            if !self.insert(PROCEDUREVAR, &d.var, &p.name, "procedure", d.line, d.col) {
                self.errors += &format!(
                    "\nProcedure variable {} redefined at line {}, column {}",
                    d.var, d.line, d.col
                );
            }
        }
        for d in &p.params {
            if !self.insert(PARAMETER, &d.var, &p.name, "procedure", d.line, d.col) {
                self.errors += &format!(
                    "\nParameter {} redefined at line {}, column {}",
                    d.var, d.line, d.col
                );
            }
        }
        for ls in p.body.borrow().iter() {
            self.labeled(ls, &p.name, "procedure");
        }
    }

    fn process(&mut self, p: &Process, index: usize) {
        if self.processes.iter().any(|e| e.name == p.name) {
            self.errors += &format!(
                "\nProcess {} redefined at line {}, column {}",
                p.name, p.line, p.col
            );
        } else {
            self.processes.push(ProcessEntry {
                name: p.name.clone(),
                index,
                is_eq: p.is_eq,
                id: p.id.clone(),
                ipc: first_label(&p.body),
            });
        }
        self.insert(PROCESS, &p.name, "", "process", p.line, p.col);
        for d in &p.decls {
            self.var_decl(d, &p.name);
        }
        for ls in p.body.borrow().iter() {
            self.labeled(ls, &p.name, "process");
        }
    }

    fn labeled(&mut self, ls: &S, context: &str, ctype: &str) {
        let b = ls.borrow();
        let Kind::Labeled { label, stmts } = &b.kind else {
            return;
        };
        if !self.insert(LABEL, label, context, ctype, b.line, b.col) {
            self.errors += &format!(
                "\nLabel {} redefined at line {}, column {}",
                label, b.line, b.col
            );
        }
        for st in stmts.borrow().iter() {
            self.stmt(st, context, ctype);
        }
    }

    fn seq(&mut self, v: &SV, context: &str, ctype: &str) {
        for st in v.borrow().iter() {
            self.stmt(st, context, ctype);
        }
    }
    fn labeled_seq(&mut self, v: &SV, context: &str, ctype: &str) {
        for st in v.borrow().iter() {
            self.labeled(st, context, ctype);
        }
    }

    fn stmt(&mut self, st: &S, context: &str, ctype: &str) {
        let b = st.borrow();
        match &b.kind {
            Kind::While {
                unlab_do, lab_do, ..
            } => {
                self.seq(unlab_do, context, ctype);
                self.labeled_seq(lab_do, context, ctype);
            }
            Kind::If { then, els, .. } => {
                self.seq(then, context, ctype);
                self.seq(els, context, ctype);
            }
            Kind::With { body, .. } => self.seq(body, context, ctype),
            Kind::LabelIf {
                unlab_then,
                lab_then,
                unlab_else,
                lab_else,
                ..
            } => {
                self.seq(unlab_then, context, ctype);
                self.labeled_seq(lab_then, context, ctype);
                self.seq(unlab_else, context, ctype);
                self.labeled_seq(lab_else, context, ctype);
            }
            Kind::Either { ors } => {
                for o in ors {
                    self.seq(o, context, ctype);
                }
            }
            Kind::LabelEither { clauses } => {
                for c in clauses {
                    self.seq(&c.unlab_or, context, ctype);
                    self.labeled_seq(&c.lab_or, context, ctype);
                }
            }
            _ => {}
        }
    }

    fn ambiguous(&self, id: &str) -> bool {
        self.entries.iter().filter(|e| e.use_this == id).count() > 1
    }

    pub fn disambiguate(&mut self) {
        for vtype in 0..=7 {
            for i in 0..self.entries.len() {
                if self.entries[i].ty != vtype {
                    continue;
                }
                let id = self.entries[i].id.clone();
                self.entries[i].use_this = id.clone();
                let mut suffix = 0;
                while vtype > 0 && self.ambiguous(&self.entries[i].use_this) {
                    suffix += 1;
                    let ctx: Vec<char> = self.entries[i].context.chars().collect();
                    let e = &mut self.entries[i];
                    if suffix == 1 {
                        e.use_this.push('_');
                    } else if suffix > ctx.len() + 1 {
                        e.use_this += &vtype.to_string();
                    } else {
                        e.use_this.push(ctx[suffix - 2]);
                    }
                }
                let e = &self.entries[i];
                if e.id != e.use_this {
                    let of = if e.context.is_empty() {
                        String::new()
                    } else {
                        format!(" of {} {}", e.ctype, e.context)
                    };
                    self.report.push(format!(
                        "\\* {} {}{} at line {} col {} changed to {}",
                        TYPE_NAME[e.ty], e.id, of, e.line, e.col, e.use_this
                    ));
                }
            }
        }
    }

    pub fn use_this(&self, ty: usize, id: &str, context: &str) -> String {
        match self.find(ty, id, context) {
            Some(i) => self.entries[i].use_this.clone(),
            None => id.to_string(),
        }
    }

    pub fn use_this_var(&self, id: &str, context: &str) -> String {
        let Some(i) = self.find_any(id, context) else {
            return id.to_string();
        };
        let e = &self.entries[i];
        if matches!(e.ty, GLOBAL | PROCESSVAR | PROCEDUREVAR | PARAMETER) {
            return e.use_this.clone();
        }
        id.to_string()
    }

    pub fn check_default_init(&self) -> Result<(), PcalError> {
        let mut errors = String::new();
        for e in &self.entries {
            if e.id == "defaultInitValue" {
                if errors.is_empty() {
                    errors = "Cannot use `defaultInitValue' as ".into();
                } else {
                    errors += " or ";
                }
                errors += TYPE_NAME[e.ty];
                errors += " name";
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(PcalError::new(errors))
        }
    }
}

/// PcalFixIDs: renames every use of a renamed name in the tree.
pub fn fix(a: &mut Algorithm, st: &mut SymTab) -> Result<(), PcalError> {
    for d in a.decls.iter_mut() {
        fix_decl(d, "", st)?;
    }
    if !a.multi {
        for i in 0..a.prcds.len() {
            fix_procedure(a, i, st)?;
        }
        for ls in a.body.borrow().iter() {
            fix_labeled(ls, "", st)?;
        }
    } else {
        let mut names = Vec::new();
        let mut called = Vec::new();
        for i in 0..a.prcds.len() {
            fix_procedure(a, i, st)?;
            names.push(a.prcds[i].name.clone());
            called.push(a.prcds[i].procedures_called.clone());
        }
        let n = names.len();
        let mut path: Vec<Vec<bool>> = called
            .iter()
            .map(|c| names.iter().map(|nm| c.contains(nm)).collect())
            .collect();
        #[allow(clippy::needless_range_loop)]
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    path[i][j] = path[i][j] || (path[i][k] && path[k][j]);
                }
            }
        }
        for (p, row) in a.prcds.iter_mut().zip(&path) {
            p.procedures_called = (0..n)
                .filter(|&j| row[j])
                .map(|j| names[j].clone())
                .collect();
        }
        for pi in 0..a.procs.len() {
            fix_process(a, pi, st)?;
            let mut j = 0;
            while j < a.procs[pi].procedures_called.len() {
                let pname = a.procs[pi].procedures_called[j].clone();
                let Some(pnum) = names.iter().position(|x| *x == pname) else {
                    return Ok(());
                };
                for k in 0..n {
                    if path[pnum][k] && !a.procs[pi].procedures_called.contains(&names[k]) {
                        a.procs[pi].procedures_called.push(names[k].clone());
                    }
                }
                j += 1;
            }
        }
    }
    if let Some(ipc) = &st.ipc {
        st.ipc = Some(st.use_this(LABEL, ipc, ""));
    }
    Ok(())
}

fn fix_procedure(a: &mut Algorithm, i: usize, st: &mut SymTab) -> Result<(), PcalError> {
    let name = a.prcds[i].name.clone();
    for d in a.prcds[i].decls.iter_mut() {
        fix_decl(d, &name, st)?;
    }
    for d in a.prcds[i].params.iter_mut() {
        fix_decl(d, &name, st)?;
    }
    for ls in a.prcds[i].body.borrow().iter() {
        fix_labeled(ls, &name, st)?;
    }
    let p = &mut a.prcds[i];
    p.plus_labels = p
        .plus_labels
        .iter()
        .map(|l| st.use_this(LABEL, l, &name))
        .collect();
    p.minus_labels = p
        .minus_labels
        .iter()
        .map(|l| st.use_this(LABEL, l, &name))
        .collect();
    let new_name = st.use_this(PROCEDURE, &name, "");
    if let Some(pi) = st.find_proc(&name) {
        let ipc = st.procs[pi]
            .ipc
            .clone()
            .map(|l| st.use_this(LABEL, &l, &name));
        st.procs[pi].ipc = ipc;
        st.procs[pi].name = new_name.clone();
    }
    p.name = new_name;
    Ok(())
}

fn fix_process(a: &mut Algorithm, i: usize, st: &mut SymTab) -> Result<(), PcalError> {
    let name = a.procs[i].name.clone();
    for d in a.procs[i].decls.iter_mut() {
        fix_decl(d, &name, st)?;
    }
    for ls in a.procs[i].body.borrow().iter() {
        fix_labeled(ls, &name, st)?;
    }
    let p = &mut a.procs[i];
    p.plus_labels = p
        .plus_labels
        .iter()
        .map(|l| st.use_this(LABEL, l, &name))
        .collect();
    p.minus_labels = p
        .minus_labels
        .iter()
        .map(|l| st.use_this(LABEL, l, &name))
        .collect();
    let new_name = st.use_this(PROCESS, &name, "");
    if let Some(pi) = st.processes.iter().position(|e| e.name == name) {
        let ipc = st.processes[pi]
            .ipc
            .clone()
            .map(|l| st.use_this(LABEL, &l, &name));
        st.processes[pi].ipc = ipc;
        st.processes[pi].name = new_name.clone();
    }
    p.name = new_name;
    Ok(())
}

fn fix_decl(d: &mut VarDecl, context: &str, st: &SymTab) -> Result<(), PcalError> {
    d.var = st.use_this_var(&d.var, context);
    fix_expr(&mut d.val, context, st)
}

fn fix_labeled(ls: &S, context: &str, st: &SymTab) -> Result<(), PcalError> {
    let stmts = {
        let mut b = ls.borrow_mut();
        let Kind::Labeled { label, stmts } = &mut b.kind else {
            return Ok(());
        };
        *label = st.use_this(LABEL, label, context);
        stmts.clone()
    };
    fix_seq(&stmts, context, st)
}

fn fix_seq(v: &SV, context: &str, st: &SymTab) -> Result<(), PcalError> {
    let items = v.borrow().clone();
    for x in &items {
        fix_stmt(x, context, st)?;
    }
    Ok(())
}
fn fix_labeled_seq(v: &SV, context: &str, st: &SymTab) -> Result<(), PcalError> {
    let items = v.borrow().clone();
    for x in &items {
        fix_labeled(x, context, st)?;
    }
    Ok(())
}

fn fix_stmt(x: &S, context: &str, st: &SymTab) -> Result<(), PcalError> {
    let (line, col) = (x.borrow().line, x.borrow().col);
    let mut b = x.borrow_mut();
    match &mut b.kind {
        Kind::Labeled { .. } => {
            drop(b);
            fix_labeled(x, context, st)?;
        }
        Kind::While {
            test,
            unlab_do,
            lab_do,
        } => {
            let (u, l) = (unlab_do.clone(), lab_do.clone());
            fix_expr(test, context, st)?;
            drop(b);
            fix_seq(&u, context, st)?;
            fix_labeled_seq(&l, context, st)?;
        }
        Kind::Assign { ass } => {
            for a in ass.iter() {
                let mut a = a.borrow_mut();
                a.var = st.use_this_var(&a.var, context);
                fix_expr(&mut a.sub, context, st)?;
                fix_expr(&mut a.rhs, context, st)?;
            }
        }
        Kind::If { then, els, .. } => {
            let (t, e) = (then.clone(), els.clone());
            drop(b);
            fix_seq(&t, context, st)?;
            fix_seq(&e, context, st)?;
            let mut b = x.borrow_mut();
            if let Kind::If { test, .. } = &mut b.kind {
                fix_expr(test, context, st)?;
            }
        }
        Kind::With { exp, body, .. } => {
            fix_expr(exp, context, st)?;
            let bd = body.clone();
            drop(b);
            fix_seq(&bd, context, st)?;
        }
        Kind::When { exp } | Kind::Print { exp } | Kind::Assert { exp } => {
            fix_expr(exp, context, st)?
        }
        Kind::Skip => {}
        Kind::LabelIf {
            test,
            unlab_then,
            lab_then,
            unlab_else,
            lab_else,
        } => {
            fix_expr(test, context, st)?;
            let (a, b2, c, d) = (
                unlab_then.clone(),
                lab_then.clone(),
                unlab_else.clone(),
                lab_else.clone(),
            );
            drop(b);
            fix_seq(&a, context, st)?;
            fix_labeled_seq(&b2, context, st)?;
            fix_seq(&c, context, st)?;
            fix_labeled_seq(&d, context, st)?;
        }
        Kind::Call {
            return_to,
            to,
            args,
        } => {
            *return_to = st.use_this(PROCEDURE, return_to, context);
            *to = st.use_this(PROCEDURE, to, context);
            for e in args.iter_mut() {
                fix_expr(e, context, st)?;
            }
        }
        Kind::Return { from } => {
            if let Some(f) = from {
                *f = st.use_this(PROCEDURE, f, context);
            }
        }
        Kind::CallReturn { from, to, args } => {
            if let Some(f) = from {
                *f = st.use_this(PROCEDURE, f, context);
            }
            *to = st.use_this(PROCEDURE, to, context);
            for e in args.iter_mut() {
                fix_expr(e, context, st)?;
            }
        }
        Kind::CallGoto { after, to, args } => {
            *after = st.use_this(PROCEDURE, after, context);
            *to = st.use_this(PROCEDURE, to, context);
            for e in args.iter_mut() {
                fix_expr(e, context, st)?;
            }
        }
        Kind::Goto { to } => {
            if st.find(LABEL, to, context).is_none() && to != "Done" {
                return Err(PcalError::at(
                    format!("goto to non-existent label `{to}' at line {line}, column {col}"),
                    line as usize,
                    col as usize,
                ));
            }
            *to = st.use_this(LABEL, to, context);
        }
        Kind::Either { ors } => {
            let ors = ors.clone();
            drop(b);
            for o in &ors {
                fix_seq(o, context, st)?;
            }
        }
        Kind::LabelEither { clauses } => {
            let cs = clauses.clone();
            drop(b);
            for c in &cs {
                fix_seq(&c.unlab_or, context, st)?;
                fix_labeled_seq(&c.lab_or, context, st)?;
            }
        }
        Kind::MacroCall { .. } => {}
    }
    Ok(())
}

fn fix_expr(e: &mut Expr, context: &str, st: &SymTab) -> Result<(), PcalError> {
    let mut strs: Vec<String> = Vec::new();
    let mut exprs: Vec<Expr> = Vec::new();
    for t in e.iter() {
        if t.ty != TokType::Ident {
            continue;
        }
        let use_me = st.use_this_var(&t.s, context);
        if strs.contains(&t.s) || use_me == t.s {
            continue;
        }
        strs.push(t.s.clone());
        exprs.push(Expr::single(&use_me, TokType::Ident));
    }
    if !exprs.is_empty() {
        e.substitute_for_all(&exprs, &strs, false)
            .map_err(PcalError::new)?;
    }
    Ok(())
}
