//! Writing the TLA+ translation (pcal.trans's PcalTLAGen), line breaking and indentation
//! included: VARIABLES, the define block, vars, ProcSet, Init, one action per step, the
//! procedure and process disjunctions, Next, Spec with its fairness, Termination.

use crate::ast::*;
use crate::error::PcalError;
use crate::explode::Exploded;
use crate::expr::{nspaces, Expr, Tok, TokType};
use crate::rename::{SymTab, PROCEDURE};
use crate::Options;

type R<T> = Result<T, PcalError>;

fn len(s: &str) -> usize {
    s.chars().count()
}

#[derive(Clone)]
struct Changed {
    count: Vec<u32>,
}

pub struct Gen<'a> {
    st: &'a SymTab,
    alg: &'a Algorithm,
    opts: &'a Options,
    omit_pc: bool,
    omit_stuttering: bool,
    has_default_init: bool,
    code: Vec<String>,
    next: String,
    self_expr: Option<Expr>,
    self_is_self: bool,
    vars: Vec<String>,
    pcv: Vec<String>,
    psv: Vec<String>,
    mp: bool,
    next_step: Vec<String>,
    next_step_self: Vec<String>,
    current_proc_name: String,
    wrap: usize,
    ss_wrap: usize,
}

impl Changed {
    fn new(n: usize) -> Changed {
        Changed { count: vec![0; n] }
    }
}

fn self_expr() -> Expr {
    Expr::single("self", TokType::Ident)
}

/// `[sub]`, the subscript added to variables: sub's tokens one column right, between brackets.
fn sub_expr(sub: &Option<Expr>) -> Option<Expr> {
    let sub = sub.as_ref()?;
    let src = sub.clone_norm();
    let mut lines: Vec<Vec<Tok>> = Vec::new();
    for (i, l) in src.lines.iter().enumerate() {
        let mut line: Vec<Tok> = l
            .iter()
            .map(|&t| {
                let mut t = src.tok(t).clone();
                t.col += 1;
                t
            })
            .collect();
        if i == 0 {
            line.insert(0, Tok::new("[", 0, TokType::Builtin));
        }
        lines.push(line);
    }
    let mut e = Expr::new();
    for l in lines {
        e.add_line();
        for t in l {
            e.add_token(t);
        }
    }
    e.normalize();
    e.add_token_offset(Tok::new("]", 0, TokType::Builtin), 0);
    Some(e)
}

fn needs_parens(vec: &[String]) -> bool {
    let Some(line) = vec.first() else {
        return false;
    };
    let cs: Vec<char> = line.chars().collect();
    let mut depth = 0i32;
    let mut in_string = false;
    // pcal.trans looks at the first line only, once per line of the expression.
    for _ in 0..vec.len() {
        let mut i = 0;
        while i < cs.len() {
            let c = cs[i];
            if in_string {
                match c {
                    '"' => in_string = false,
                    '\\' => i += 1,
                    _ => {}
                }
            } else {
                let next = if i + 1 < cs.len() { cs[i + 1] } else { ' ' };
                let (mut lp, mut rp, mut may) = (false, false, false);
                match c {
                    '"' => in_string = true,
                    '=' | '#' => may = true,
                    '<' => {
                        if next == '<' {
                            i += 1;
                            lp = true;
                        } else {
                            may = true;
                        }
                    }
                    '>' => {
                        if next == '>' {
                            i += 1;
                            rp = true;
                        } else {
                            may = true;
                        }
                    }
                    '|' if next == '-' || (i > 0 && cs[i - 1] == '-') => may = true,
                    '\\' if !(next == ' ' || next == 'o' || next == 'X') => may = true,
                    '/' if next == '\\' => may = true,
                    '(' | '[' | '{' => lp = true,
                    ')' | ']' | '}' => rp = true,
                    _ => {}
                }
                if may && depth == 0 {
                    return true;
                }
                if lp {
                    depth += 1;
                }
                if rp {
                    if depth == 0 {
                        return true;
                    }
                    depth -= 1;
                }
            }
            i += 1;
        }
        if in_string {
            return true;
        }
    }
    false
}

impl<'a> Gen<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        st: &'a SymTab,
        alg: &'a Algorithm,
        opts: &'a Options,
        omit_pc: bool,
        omit_stuttering: bool,
        has_default_init: bool,
    ) -> Gen<'a> {
        Gen {
            st,
            alg,
            opts,
            omit_pc,
            omit_stuttering,
            has_default_init,
            code: Vec::new(),
            next: String::new(),
            self_expr: None,
            self_is_self: false,
            vars: Vec::new(),
            pcv: Vec::new(),
            psv: Vec::new(),
            mp: false,
            next_step: Vec::new(),
            next_step_self: Vec::new(),
            current_proc_name: String::new(),
            wrap: opts.line_width,
            ss_wrap: opts.line_width - 33,
        }
    }

    fn tok(&mut self, s: &str) {
        self.next.push_str(s);
    }
    fn end_line(&mut self) {
        if !self.next.is_empty() {
            let l = std::mem::take(&mut self.next);
            self.code.push(l);
        }
    }
    fn line(&mut self, s: &str) {
        self.end_line();
        if s.is_empty() {
            self.code.push(String::new());
            return;
        }
        self.tok(s);
        self.end_line();
    }
    fn add_expr(&mut self, e: &Expr) {
        let sv = e.to_string_vector();
        if sv.is_empty() {
            return;
        }
        let indent = len(&self.next);
        let mut nl = 0;
        if indent != 0 {
            self.next.push_str(&sv[0]);
            nl = 1;
            if sv.len() > 1 {
                self.end_line();
            }
        }
        if sv.len() > 1 {
            let sp = nspaces(indent);
            while nl < sv.len() - 1 {
                self.code.push(format!("{sp}{}", sv[nl]));
                nl += 1;
            }
            self.next = format!("{sp}{}", sv[nl]);
        } else if indent == 0 {
            self.next.push_str(&sv[0]);
        }
    }

    fn is_proc_var(&self, v: &str) -> bool {
        self.pcv.iter().any(|x| x == v)
    }
    fn is_pset_var(&self, v: &str) -> bool {
        self.psv.iter().any(|x| x == v)
    }
    fn var_index(&self, v: &str) -> Option<usize> {
        self.vars.iter().position(|x| x == v)
    }
    fn is_changed(&self, c: &Changed, v: &str) -> bool {
        self.var_index(v).is_some_and(|i| c.count[i] > 0)
    }
    fn set(&self, c: &mut Changed, v: &str) -> u32 {
        match self.var_index(v) {
            Some(i) => {
                c.count[i] += 1;
                c.count[i]
            }
            None => 0,
        }
    }
    fn unchanged_str(&self, c: &Changed) -> String {
        let v: Vec<&str> = (0..c.count.len())
            .filter(|&i| c.count[i] == 0)
            .map(|i| self.vars[i].as_str())
            .collect();
        v.join(", ")
    }
    fn unchanged_rel(&self, c: &Changed, other: &Changed) -> String {
        let v: Vec<&str> = (0..c.count.len())
            .filter(|&i| c.count[i] == 0 && other.count[i] > 0)
            .map(|i| self.vars[i].as_str())
            .collect();
        v.join(", ")
    }
    fn num_unchanged(c: &Changed) -> usize {
        c.count.iter().filter(|&&x| x == 0).count()
    }
    fn num_unchanged_rel(c: &Changed, o: &Changed) -> usize {
        (0..c.count.len())
            .filter(|&i| c.count[i] == 0 && o.count[i] > 0)
            .count()
    }
    /// Variable names in lines of at most `ch` characters (Changed.Unchanged(ch)).
    fn unchanged_wrapped(&self, names: Vec<&str>, ch: i64) -> Vec<String> {
        let mut out = Vec::new();
        let mut s = String::new();
        let mut have = false;
        for one in names {
            if have {
                s += ", ";
            } else {
                have = true;
            }
            if len(&s) as i64 + len(one) as i64 > ch {
                if !s.is_empty() {
                    out.push(s.clone());
                }
                s = one.to_string();
            } else {
                s += one;
            }
        }
        if !s.is_empty() {
            out.push(s);
        }
        out
    }
    fn merge(c: &mut Changed, o: &Changed) {
        for i in 0..c.count.len() {
            c.count[i] = c.count[i].max(o.count[i]);
        }
    }

    fn self_for(&self, context: &str) -> Option<Expr> {
        if self.mp {
            if context == "procedure" {
                Some(self_expr())
            } else {
                self.self_expr.clone()
            }
        } else {
            None
        }
    }

    /// Primes changed variables and subscripts pc, stack and local variables with `[self]`.
    fn add_subscripts(&self, e: &Expr, sub: &Option<Expr>, c: &Changed) -> R<Expr> {
        let mut expr = e.clone_norm();
        let mut strs: Vec<String> = Vec::new();
        let mut exprs: Vec<Expr> = Vec::new();
        for t in e.iter() {
            let prime = t.ty == TokType::Ident && self.is_changed(c, &t.s);
            let subr = sub.is_some()
                && (t.ty == TokType::Added
                    || (self.mp
                        && t.ty == TokType::Ident
                        && (self.is_proc_var(&t.s) || self.is_pset_var(&t.s))));
            if (subr || prime) && !strs.contains(&t.s) {
                strs.push(t.s.clone());
                let mut x = Expr::new();
                x.add_line();
                x.add_token(Tok::new(&t.s, 0, t.ty));
                if prime {
                    x.add_token_offset(Tok::new("'", 0, TokType::Builtin), 0);
                }
                if subr {
                    let mut subexp = sub.as_ref().expect("sub").clone_norm();
                    x.normalize();
                    subexp.prepend(&x, 0).map_err(PcalError::new)?;
                    x = subexp;
                }
                exprs.push(x);
            }
        }
        if !exprs.is_empty() {
            expr.substitute_for_all(&exprs, &strs, false)
                .map_err(PcalError::new)?;
        }
        Ok(expr)
    }

    pub fn generate(&mut self, x: &Exploded) -> R<Vec<String>> {
        for r in &self.st.report {
            let r = r.clone();
            self.line(&r);
        }
        if !self.alg.multi {
            self.mp = false;
            self.current_proc_name = "Next".into();
            self.vars_and_defs()?;
            self.init()?;
            for (i, _) in self.alg.prcds.iter().enumerate() {
                self.procedure(i, &x.prcds[i])?;
            }
            for ls in &x.body {
                let label = match &ls.borrow().kind {
                    Kind::Labeled { label, .. } => label.clone(),
                    _ => String::new(),
                };
                self.next_step.push(label);
                self.labeled(ls, "")?;
            }
        } else {
            self.mp = true;
            self.vars_and_defs()?;
            self.proc_set();
            self.init()?;
            for (i, _) in self.alg.prcds.iter().enumerate() {
                self.procedure(i, &x.prcds[i])?;
            }
            for (i, _) in self.alg.procs.iter().enumerate() {
                self.process(i, &x.procs[i])?;
            }
        }
        self.gen_next();
        self.gen_spec();
        self.termination();
        self.end_line();
        Ok(std::mem::take(&mut self.code))
    }

    fn disjunction(&mut self, name: &str, argument: &str, body: &[S]) {
        let head = format!("{name}{argument} == ");
        self.tok(&head);
        let indent = nspaces(len(&head) + 2);
        for (i, ls) in body.iter().enumerate() {
            let label = match &ls.borrow().kind {
                Kind::Labeled { label, .. } => label.clone(),
                _ => String::new(),
            };
            let d = format!("{label}{argument}");
            if i != 0 && len(&self.next) + 7 + len(&d) > self.wrap {
                self.end_line();
            }
            if i != 0 {
                let pre = if self.next.is_empty() {
                    indent.clone()
                } else {
                    String::new()
                };
                self.tok(&format!("{pre} \\/ "));
            }
            self.tok(&d);
        }
        self.line("");
    }

    fn procedure(&mut self, i: usize, body: &[S]) -> R<()> {
        let name = self.alg.prcds[i].name.clone();
        if self.mp {
            self.self_expr = Some(self_expr());
            self.self_is_self = true;
            self.next_step_self.push(format!("{name}(self)"));
        } else {
            self.next_step.push(name.clone());
        }
        for ls in body {
            self.labeled(ls, "procedure")?;
        }
        let arg = if self.mp { "(self)" } else { "" };
        self.disjunction(&name, arg, body);
        Ok(())
    }

    fn process(&mut self, i: usize, body: &[S]) -> R<()> {
        let p = &self.alg.procs[i];
        self.current_proc_name = p.name.clone();
        let is_set = !p.is_eq;
        if p.is_eq {
            self.self_expr = Some(p.id.clone());
            self.self_is_self = false;
        } else {
            self.self_expr = Some(self_expr());
            self.self_is_self = true;
        }
        let name = p.name.clone();
        if is_set {
            self.next_step_self.push(format!("{name}(self)"));
        } else {
            self.next_step.push(name.clone());
        }
        for ls in body {
            self.labeled(ls, "process")?;
        }
        if !self.omit_pc {
            self.disjunction(&name, if is_set { "(self)" } else { "" }, body);
        }
        Ok(())
    }

    fn labeled(&mut self, ls: &S, context: &str) -> R<()> {
        let (label, stmts) = match &ls.borrow().kind {
            Kind::Labeled { label, stmts } => (label.clone(), stmts.borrow().clone()),
            _ => return Ok(()),
        };
        let action = if self.omit_pc {
            self.current_proc_name.clone()
        } else {
            label
        };
        let mut c = Changed::new(self.vars.len());
        let mut sb = action;
        if self.mp && (context == "procedure" || self.self_is_self) {
            sb += "(self)";
        }
        sb += " == ";
        let col = len(&sb);
        sb += "/\\ ";
        let def_start = self.code.len();
        let col_after_and = len(&sb);
        for st in &stmts {
            self.stmt(st, &mut c, context, &sb, len(&sb))?;
            sb = format!("{}/\\ ", nspaces(col));
        }
        let all: Vec<&str> = (0..c.count.len())
            .filter(|&i| c.count[i] == 0)
            .map(|i| self.vars[i].as_str())
            .collect();
        let unc = self.unchanged_wrapped(
            all,
            self.wrap as i64 - col as i64 - len("/\\ UNCHANGED << ") as i64,
        );
        let nu = Self::num_unchanged(&c);
        if nu > 1 {
            let mut sb = format!("{}/\\ UNCHANGED << ", nspaces(col));
            let here = len(&sb);
            sb += &unc[0];
            for u in &unc[1..] {
                self.line(&sb);
                sb = format!("{}{u}", nspaces(here));
            }
            sb += " >>";
            self.tok(&sb);
        } else if nu == 1 {
            let u = self.unchanged_str(&c);
            if len(&u) > 5 {
                self.tok(&format!("{}/\\ UNCHANGED {u}", nspaces(col)));
            } else {
                self.tok(&format!("{}/\\ {u}' = {u}", nspaces(col)));
            }
        } else if stmts.len() == 1 {
            self.end_line();
            for i in def_start..self.code.len() {
                let line: Vec<char> = self.code[i].chars().collect();
                if i == def_start {
                    let a: String = line[..col_after_and - 3].iter().collect();
                    let b: String = line[col_after_and..].iter().collect();
                    self.code[i] = a + &b;
                } else if line.len() > 3 {
                    self.code[i] = line[3..].iter().collect();
                }
            }
        }
        self.line("");
        Ok(())
    }

    fn stmt(&mut self, st: &S, c: &mut Changed, context: &str, prefix: &str, col: usize) -> R<()> {
        let kind = st.borrow().kind.clone();
        match &kind {
            Kind::Assign { .. } => self.assign(st, c, context, prefix),
            Kind::If { test, then, els } => self.gen_if(test, then, els, c, context, prefix),
            Kind::Either { ors } => self.either(ors, c, context, prefix),
            Kind::With {
                var,
                is_eq,
                exp,
                body,
            } => self.with(var, *is_eq, exp, body, c, context, prefix, col),
            Kind::When { exp } => {
                self.tok(prefix);
                let e = self.add_subscripts(exp, &sub_expr(&self.self_for(context)), c)?;
                self.add_expr(&e);
                self.end_line();
                Ok(())
            }
            Kind::Print { exp } => {
                let e = self.add_subscripts(exp, &sub_expr(&self.self_for(context)), c)?;
                self.tok(&format!("{prefix}PrintT("));
                self.add_expr(&e);
                self.tok(")");
                self.end_line();
                Ok(())
            }
            Kind::Assert { exp } => {
                let e = self.add_subscripts(exp, &sub_expr(&self.self_for(context)), c)?;
                let sb = format!("{prefix}Assert(");
                self.tok(&sb);
                self.add_expr(&e);
                let here = len(&sb);
                let sc = format!("\"Failure of assertion at {}.\")", st.borrow().location());
                if len(&self.next) + 2 + len(&sc) < self.wrap {
                    self.tok(&format!(", {sc}"));
                } else {
                    self.tok(", ");
                    self.end_line();
                    self.tok(&format!("{}{sc}", nspaces(here)));
                }
                self.end_line();
                Ok(())
            }
            Kind::Skip => {
                self.tok(prefix);
                self.tok("TRUE");
                self.end_line();
                Ok(())
            }
            _ => Err(PcalError::new("Unexpected AST type in the translation")),
        }
    }

    fn assign(&mut self, st: &S, c: &mut Changed, context: &str, prefix: &str) -> R<()> {
        // pcal.trans sorts the assignments by variable in place (the checksum sees it).
        let ass = {
            let mut b = st.borrow_mut();
            let Kind::Assign { ass } = &mut b.kind else {
                unreachable!("assign")
            };
            let mut v = ass.clone();
            let mut r = Vec::new();
            while !v.is_empty() {
                let mut idx = 0;
                for i in 1..v.len() {
                    if v[idx].borrow().var.as_str() > v[i].borrow().var.as_str() {
                        idx = i;
                    }
                }
                r.push(v.remove(idx));
            }
            *ass = r.clone();
            r
        };
        let loc = st.borrow().location();
        let mut c_this = c.clone();
        let mut sb = String::new();
        self.tok(prefix);
        let mut i = 0;
        let mut has_multiple = false;
        while i < ass.len() {
            let sf = ass[i].borrow().clone();
            if !self.vars.contains(&sf.var) {
                return Err(PcalError::at(
                    format!(
                        "Assignment to undeclared variable {}\n    at line {}, column {}",
                        sf.var, sf.line, sf.col
                    ),
                    sf.line as usize,
                    sf.col as usize,
                ));
            }
            let i_first = i;
            let mut i_last = i;
            let mut has_no_sub = false;
            let mut last_no_sub = sf.sub.is_empty();
            while i_last < ass.len() && ass[i_last].borrow().var == sf.var {
                if last_no_sub {
                    has_no_sub = true;
                }
                i_last += 1;
                if i_last < ass.len() && ass[i_last].borrow().sub.is_empty() {
                    last_no_sub = true;
                }
            }
            if i_last != ass.len() {
                has_multiple = true;
            }
            i_last -= 1;
            if self.set(&mut c_this, &sf.var) > 1 || (i_last > i_first && has_no_sub) {
                return Err(PcalError::new(format!(
                    "Multiple assignment to {}\n    at {loc}",
                    sf.var
                )));
            }
            if has_multiple {
                sb += "/\\ ";
            }
            let subscript = sub_expr(&self.self_for(context));
            if i_first == i_last {
                let sub = self.add_subscripts(&sf.sub, &subscript, c)?;
                let rhs = self.add_subscripts(&sf.rhs, &subscript, c)?;
                if self.mp
                    && (sf.var == "pc"
                        || self.is_proc_var(&sf.var)
                        || self.is_pset_var(&sf.var)
                        || sf.var == "stack")
                {
                    sb += &format!("{}' = [", sf.var);
                    let wrap_col = len(&sb) + 2;
                    sb += &format!("{} EXCEPT ", sf.var);
                    let self_sv = self
                        .self_expr
                        .as_ref()
                        .map(|e| e.to_string_vector())
                        .unwrap_or_default();
                    if len(&sb) + len(prefix) > self.ss_wrap && self_sv.is_empty() {
                        self.line(&sb);
                        sb = nspaces(wrap_col);
                    }
                    sb += "![";
                    self.tok(&sb);
                    let se = self.self_expr.clone().unwrap_or_else(self_expr);
                    self.add_expr(&se);
                    self.tok("]");
                    if !sub.is_empty() {
                        self.add_expr(&sub);
                    }
                    self.tok(" = ");
                    self.add_expr(&rhs);
                    self.tok("]");
                    sb = String::new();
                } else if !sf.sub.is_empty() {
                    sb += &format!("{}' = [{} EXCEPT !", sf.var, sf.var);
                    self.tok(&sb);
                    self.add_expr(&sub);
                    self.tok(" = ");
                    self.add_expr(&rhs);
                    self.tok("]");
                    sb = String::new();
                } else {
                    sb += &format!("{}' = ", sf.var);
                    let np = needs_parens(&rhs.to_string_vector());
                    if np {
                        sb += "(";
                    }
                    self.tok(&sb);
                    self.add_expr(&rhs);
                    if np {
                        self.tok(")");
                    }
                    sb = String::new();
                }
            } else {
                sb += &format!("{}' = [{} EXCEPT ", sf.var, sf.var);
                let mut cc = len(&sb);
                if i == 0 {
                    cc += len(prefix);
                }
                let subscript_self =
                    self.mp && (self.is_proc_var(&sf.var) || self.is_pset_var(&sf.var));
                let mut k = i_first;
                while k <= i_last {
                    let sa = ass[k].borrow().clone();
                    let sub = self.add_subscripts(&sa.sub, &subscript, c)?;
                    let rhs = self.add_subscripts(&sa.rhs, &subscript, c)?;
                    sb += "!";
                    if subscript_self {
                        sb += "[";
                        self.tok(&sb);
                        let se = self.self_for(context).unwrap_or_else(self_expr);
                        self.add_expr(&se);
                        self.tok("]");
                    } else {
                        self.tok(&sb);
                    }
                    self.add_expr(&sub);
                    self.tok(" = ");
                    self.add_expr(&rhs);
                    self.tok(if k == i_last { "]" } else { "," });
                    sb = String::new();
                    if k < i_last {
                        self.end_line();
                        sb = nspaces(cc);
                    }
                    k += 1;
                }
            }
            i = i_last + 1;
            if i < ass.len() {
                self.end_line();
                sb += &nspaces(len(prefix));
            }
        }
        self.end_line();
        Self::merge(c, &c_this);
        Ok(())
    }

    fn gen_if(
        &mut self,
        test: &Expr,
        then: &SV,
        els: &SV,
        c: &mut Changed,
        context: &str,
        prefix: &str,
    ) -> R<()> {
        let mut c_then = c.clone();
        let mut c_else = c.clone();
        let test = self.add_subscripts(test, &sub_expr(&self.self_for(context)), c)?;
        let mut sb = format!("{prefix}IF ");
        let mut here = len(&sb);
        self.tok(&sb);
        self.add_expr(&test);
        self.end_line();
        sb = format!("{}THEN ", nspaces(here));
        here = len(&sb);
        sb += "/\\ ";
        let then_v = then.borrow().clone();
        for st in &then_v {
            self.stmt(st, &mut c_then, context, &sb, here + 3)?;
            sb = format!("{}/\\ ", nspaces(here));
        }
        let line_unc_then = self.code.len();
        self.line(&sb);
        sb = format!("{}ELSE ", nspaces(here - 5));
        here = len(&sb);
        let else_v = els.borrow().clone();
        if else_v.is_empty() {
            sb += "/\\ TRUE";
            self.line(&sb);
            sb = format!("{}/\\ ", nspaces(here));
        } else {
            sb += "/\\ ";
            for st in &else_v {
                self.stmt(st, &mut c_else, context, &sb, here + 3)?;
                sb = format!("{}/\\ ", nspaces(here));
            }
        }
        let ne = Self::num_unchanged_rel(&c_else, &c_then);
        if ne > 1 {
            let names: Vec<&str> = (0..c_else.count.len())
                .filter(|&i| c_else.count[i] == 0 && c_then.count[i] > 0)
                .map(|i| self.vars[i].as_str())
                .collect();
            let unc = self.unchanged_wrapped(
                names,
                self.wrap as i64 - len(&sb) as i64 - len("UNCHANGED << ") as i64,
            );
            sb += "UNCHANGED << ";
            let cc = len(&sb);
            sb += &unc[0];
            for u in &unc[1..] {
                self.line(&sb);
                sb = format!("{}{u}", nspaces(cc));
            }
            sb += " >>";
            self.tok(&sb);
            self.end_line();
        } else if ne == 1 {
            let uc = self.unchanged_rel(&c_else, &c_then);
            if len(&uc) > 5 {
                sb += &format!("UNCHANGED {uc}");
            } else {
                sb += &format!("{uc}' = {uc}");
            }
            self.tok(&sb);
            self.end_line();
        }
        let mut sb = self.code.remove(line_unc_then);
        let nt = Self::num_unchanged_rel(&c_then, &c_else);
        let mut at = line_unc_then;
        if nt > 1 {
            let names: Vec<&str> = (0..c_then.count.len())
                .filter(|&i| c_then.count[i] == 0 && c_else.count[i] > 0)
                .map(|i| self.vars[i].as_str())
                .collect();
            let unc = self.unchanged_wrapped(
                names,
                self.wrap as i64 - len(&sb) as i64 - len("UNCHANGED << ") as i64,
            );
            sb += "UNCHANGED << ";
            let cc = len(&sb);
            sb += &unc[0];
            for u in &unc[1..] {
                self.code.insert(at, sb.clone());
                at += 1;
                sb = format!("{}{u}", nspaces(cc));
            }
            sb += " >>";
            self.code.insert(at, sb);
        } else if nt == 1 {
            let uc = self.unchanged_rel(&c_then, &c_else);
            if len(&uc) > 5 {
                sb += &format!("UNCHANGED {uc}");
            } else {
                sb += &format!("{uc}' = {uc}");
            }
            self.code.insert(at, sb);
        }
        Self::merge(c, &c_then);
        Self::merge(c, &c_else);
        Ok(())
    }

    fn either(&mut self, ors: &[SV], c: &mut Changed, context: &str, prefix: &str) -> R<()> {
        let mut all_c = c.clone();
        let mut c_ors = Vec::new();
        let mut uc_locs = Vec::new();
        let prefix_indent = len(prefix);
        let mut sb = format!("{prefix}\\/ ");
        let here = len(&sb);
        for (i, o) in ors.iter().enumerate() {
            if i != 0 {
                sb = format!("{}\\/ ", nspaces(prefix_indent));
            }
            sb += "/\\ ";
            let mut cc = c.clone();
            let ov = o.borrow().clone();
            for st in &ov {
                self.stmt(st, &mut cc, context, &sb, here + 3)?;
                sb = format!("{}/\\ ", nspaces(here));
            }
            Self::merge(&mut all_c, &cc);
            c_ors.push(cc);
            uc_locs.push(self.code.len());
            self.line("Replace by UNCHANGED");
        }
        for i in (0..ors.len()).rev() {
            self.code.remove(uc_locs[i]);
            let n = Self::num_unchanged_rel(&c_ors[i], &all_c);
            let not_changed = self.unchanged_rel(&c_ors[i], &all_c);
            if n > 1 {
                self.code.insert(
                    uc_locs[i],
                    format!("{}/\\ UNCHANGED <<{not_changed}>>", nspaces(here)),
                );
            } else if n == 1 {
                if len(&not_changed) > 5 {
                    self.code.insert(
                        uc_locs[i],
                        format!("{}/\\ UNCHANGED {not_changed}", nspaces(here)),
                    );
                } else {
                    self.code.insert(
                        uc_locs[i],
                        format!("{}/\\ {not_changed}' = {not_changed}", nspaces(here)),
                    );
                }
            }
        }
        Self::merge(c, &all_c);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn with(
        &mut self,
        var: &str,
        is_eq: bool,
        exp: &Expr,
        body: &SV,
        c: &mut Changed,
        context: &str,
        prefix: &str,
        col: usize,
    ) -> R<()> {
        let exp = self.add_subscripts(exp, &sub_expr(&self.self_for(context)), c)?;
        let n = body.borrow().len();
        if is_eq {
            self.tok(&format!("{prefix}LET {var} == "));
            self.add_expr(&exp);
            self.tok(" IN");
        } else {
            self.tok(&format!("{prefix}\\E {var} \\in "));
            self.add_expr(&exp);
            self.tok(":");
        }
        self.end_line();
        let mut sb = nspaces(col + 2);
        if n > 1 {
            sb += "/\\ ";
        }
        let v = body.borrow().clone();
        for st in &v {
            let l = len(&sb);
            self.stmt(st, c, context, &sb, l)?;
            sb = format!("{}/\\ ", nspaces(col + 2));
        }
        Ok(())
    }

    fn var_decl_line(&mut self, names: &[String]) {
        if names.is_empty() {
            return;
        }
        let kw = if names.len() > 1 {
            "VARIABLES "
        } else {
            "VARIABLE "
        };
        self.tok(kw);
        for (i, v) in names.iter().enumerate() {
            if i > 0 {
                self.tok(", ");
            }
            if len(&self.next) + len(v) + 1 > self.wrap {
                self.end_line();
                self.next += &nspaces(len(kw));
            }
            self.tok(v);
        }
        self.end_line();
    }

    fn vars_and_defs(&mut self) -> R<()> {
        let mut g: Vec<String> = Vec::new();
        let mut l: Vec<String> = Vec::new();
        if !self.omit_pc {
            g.push("pc".into());
        }
        for d in &self.alg.decls {
            g.push(d.var.clone());
        }
        if !self.alg.prcds.is_empty() {
            g.push("stack".into());
        }
        for p in &self.alg.prcds {
            for d in p.params.iter().chain(p.decls.iter()) {
                l.push(d.var.clone());
                self.pcv.push(d.var.clone());
            }
        }
        for p in &self.alg.procs {
            for d in &p.decls {
                l.push(d.var.clone());
                if !p.is_eq {
                    self.psv.push(d.var.clone());
                }
            }
        }
        self.vars = g.iter().chain(l.iter()).cloned().collect();
        if self.has_default_init {
            self.line("CONSTANT defaultInitValue");
        }
        if self.alg.defs.is_empty() {
            g.extend(l);
            self.var_decl_line(&g);
        } else {
            self.var_decl_line(&g);
            self.line("");
            self.line("(* define statement *)");
            let defs = self.alg.defs.clone();
            self.add_expr(&defs);
            self.line("");
            self.var_decl_line(&l);
            g.extend(l);
        }
        self.line("");
        if g.is_empty() {
            return Err(PcalError::new("The algorithm has no variables."));
        }
        self.tok("vars == << ");
        let indent = len(&self.next);
        for (i, v) in g.iter().enumerate() {
            if i > 0 {
                self.tok(", ");
            }
            if len(&self.next) + len(v) + 1 > self.wrap {
                self.end_line();
                self.next = nspaces(indent);
            }
            self.tok(v);
        }
        if len(&self.next) + 3 + 1 > self.wrap {
            self.end_line();
            self.next = nspaces(len("vars =="));
        }
        self.tok(" >>");
        self.line("");
        Ok(())
    }

    fn proc_set(&mut self) {
        if self.st.processes.is_empty() {
            return;
        }
        self.tok("ProcSet == ");
        for (i, p) in self.st.processes.iter().enumerate() {
            if i > 0 {
                self.tok(" \\cup ");
            }
            self.tok(if p.is_eq { "{" } else { "(" });
            let id = p.id.clone();
            self.add_expr(&id);
            self.tok(if p.is_eq { "}" } else { ")" });
        }
        self.end_line();
        self.line("");
    }

    fn var_init(&mut self, d: &VarDecl, is: &str) {
        self.tok(&format!("{is}/\\ "));
        self.tok(&format!(
            "{}{}",
            d.var,
            if d.is_eq { " = " } else { " \\in " }
        ));
        let np = needs_parens(&d.val.to_string_vector());
        if np {
            self.tok("(");
        }
        self.add_expr(&d.val);
        if np {
            self.tok(")");
        }
        self.end_line();
    }

    fn init(&mut self) -> R<()> {
        let col = len("Init == ");
        let mut is = String::from("Init == ");
        if !self.alg.decls.is_empty() {
            is += "(* Global variables *)";
            self.line(&is);
            is = nspaces(col);
            for d in &self.alg.decls.clone() {
                self.var_init(d, &is);
            }
        }
        let empty = Changed::new(self.vars.len());
        for p in &self.alg.prcds.clone() {
            if p.params.is_empty() && p.decls.is_empty() {
                continue;
            }
            is += &format!("(* Procedure {} *)", p.name);
            self.line(&is);
            is = nspaces(col);
            for d in p.params.iter().chain(p.decls.iter()) {
                if !self.mp {
                    let vd = VarDecl {
                        is_eq: true,
                        ..d.clone()
                    };
                    self.var_init(&vd, &is);
                } else {
                    self.tok(&format!("{is}/\\ "));
                    self.tok(&format!("{} = [ self \\in ProcSet |-> ", d.var));
                    let e = self.add_subscripts(&d.val, &sub_expr(&Some(self_expr())), &empty)?;
                    self.add_expr(&e);
                    self.tok("]");
                    self.end_line();
                }
                is = nspaces(col);
            }
        }
        for p in &self.alg.procs.clone() {
            if p.decls.is_empty() {
                continue;
            }
            is += &format!("(* Process {} *)", p.name);
            self.line(&is);
            is = nspaces(col);
            for d in &p.decls {
                self.tok(&format!("{is}/\\ "));
                if p.is_eq {
                    self.tok(&format!(
                        "{}{}",
                        d.var,
                        if d.is_eq { " = " } else { " \\in " }
                    ));
                    self.add_expr(&d.val);
                } else if d.is_eq {
                    self.tok(&format!("{} = [self \\in ", d.var));
                    self.add_expr(&p.id);
                    self.tok(" |-> ");
                    let e = self.add_subscripts(&d.val, &sub_expr(&Some(self_expr())), &empty)?;
                    self.add_expr(&e);
                    self.tok("]");
                } else {
                    let mut subexpr = p.id.clone_norm();
                    let pre = Expr::from_lines(vec![vec![
                        Tok::new("[", 0, TokType::Builtin),
                        Tok::new("CHOOSE", 1, TokType::Builtin),
                        Tok::new("self", 8, TokType::Ident),
                        Tok::new("\\in ", 13, TokType::Builtin),
                    ]]);
                    subexpr.prepend(&pre, 1).map_err(PcalError::new)?;
                    let mut post = Expr::from_lines(vec![vec![
                        Tok::new(":", 0, TokType::Builtin),
                        Tok::new("TRUE", 2, TokType::Builtin),
                        Tok::new("]", 6, TokType::Builtin),
                    ]]);
                    post.prepend(&subexpr, 1).map_err(PcalError::new)?;
                    self.tok(&format!("{} \\in [", d.var));
                    self.add_expr(&p.id);
                    self.tok(" -> ");
                    let e = self.add_subscripts(&d.val, &Some(post), &empty)?;
                    self.add_expr(&e);
                    self.tok("]");
                }
                self.end_line();
                is = nspaces(col);
            }
        }
        if !self.alg.prcds.is_empty() {
            if self.mp {
                is += "/\\ stack = [self \\in ProcSet |-> << >>]";
            } else {
                is += "/\\ stack = << >>";
            }
            self.line(&is);
            is = nspaces(col);
        }
        if !self.omit_pc {
            if self.mp {
                let use_case = self.st.processes.len() != 1;
                is += if use_case {
                    "/\\ pc = [self \\in ProcSet |-> CASE "
                } else {
                    "/\\ pc = [self \\in ProcSet |-> "
                };
                let col_pc = len(&is) - 3;
                let n = self.st.processes.len();
                for (k, pe) in self.st.processes.iter().enumerate() {
                    let ipc = pe.ipc.clone().unwrap_or_default();
                    if use_case {
                        is += "self ";
                        is += if pe.is_eq { "= " } else { "\\in " };
                        self.tok(&is);
                        let id = pe.id.clone();
                        self.add_expr(&id);
                        is = format!(" -> \"{ipc}");
                        is += if k == n - 1 { "\"]" } else { "\"" };
                    } else {
                        is += &format!("\"{ipc}\"]");
                    }
                    self.tok(&is);
                    self.end_line();
                    is = nspaces(col_pc);
                    if k + 1 < n {
                        is += "[] ";
                    }
                }
            } else {
                is += &format!("/\\ pc = \"{}\"", self.st.ipc.clone().unwrap_or_default());
                self.line(&is);
            }
        }
        self.line("");
        Ok(())
    }

    fn gen_next(&mut self) {
        if self.omit_pc && !self.mp {
            return;
        }
        let terminating = !(self.opts.no_done_disjunct || self.omit_stuttering);
        if terminating {
            self.line("(* Allow infinite stuttering to prevent deadlock on termination. *)");
            if self.mp {
                self.line("Terminating == /\\ \\A self \\in ProcSet: pc[self] = \"Done\"");
                self.line(&format!(
                    "{}/\\ UNCHANGED vars",
                    nspaces(len("Terminating == "))
                ));
            } else {
                self.line("Terminating == pc = \"Done\" /\\ UNCHANGED vars");
            }
            self.line("");
        }
        let mut next_s = Vec::new();
        let mut sb = String::new();
        let max = self.wrap - len("Next == \\/ ");
        for a in &self.next_step {
            if len(a) + 4 + len(&sb) > max {
                next_s.push(std::mem::take(&mut sb));
            }
            if !sb.is_empty() {
                sb += " \\/ ";
            }
            sb += a;
        }
        if !sb.is_empty() {
            next_s.push(sb);
        }
        let mut next_ss = Vec::new();
        let mut sb = String::new();
        let max = self.wrap - len("Next == \\/ (\\E self \\in ProcSet: \\/ ");
        if self.mp && !self.st.procs.is_empty() {
            for p in &self.st.procs {
                if len(&p.name) + len("(self) \\/ ") + len(&sb) > max {
                    next_ss.push(std::mem::take(&mut sb));
                }
                if !sb.is_empty() {
                    sb += " \\/ ";
                }
                sb += &p.name;
                sb += "(self)";
            }
            if !sb.is_empty() {
                next_ss.push(format!("{sb})"));
            }
        }
        let mut next_ssp: Vec<Vec<String>> = Vec::new();
        if self.mp {
            for p in &self.st.processes {
                if p.is_eq {
                    continue;
                }
                let mut vec = Vec::new();
                let mut sb = String::from("(\\E self \\in ");
                let sv = p.id.to_string_vector();
                let col = len(&sb);
                sb += &sv[0];
                for l in &sv[1..] {
                    vec.push(sb);
                    sb = format!("{}{l}", nspaces(col));
                }
                sb += &format!(": {}(self))", p.name);
                vec.push(sb);
                next_ssp.push(vec);
            }
        }
        let mut sb = String::from("Next == ");
        let col = len(&sb) + 2;
        for n in &next_s {
            sb += n;
            self.line(&sb);
            sb = format!("{} \\/ ", nspaces(col));
        }
        if !next_ss.is_empty() {
            sb += "(\\E self \\in ProcSet: ";
            let col2 = len(&sb);
            if next_ss.len() > 1 {
                sb += " \\/ ";
            }
            for n in &next_ss {
                sb += n;
                self.line(&sb);
                sb = format!("{} \\/ ", nspaces(col2));
            }
            sb = format!("{} \\/ ", nspaces(col));
        }
        for (i, v) in next_ssp.iter().enumerate() {
            for l in v {
                sb += l;
                self.line(&sb);
                if next_s.is_empty() && next_ss.is_empty() && i == 0 {
                    sb = nspaces(col - 2);
                } else {
                    sb = nspaces(col + 4);
                }
            }
            sb = format!("{} \\/ ", nspaces(col));
        }
        if terminating {
            sb += "Terminating";
            self.line(&sb);
        }
        self.line("");
    }

    fn gen_spec(&mut self) {
        let safety = "Init /\\ [][Next]_vars";
        let f = self.opts.fairness.as_str();
        if f == "nof" || (!self.mp && f.is_empty()) {
            self.line(&format!("Spec == {safety}"));
            self.line("");
            return;
        }
        let wf_next =
            f == "wfNext" || self.opts.fair_algorithm || (!self.mp && (f == "wf" || f == "sf"));
        let mut formulas = Vec::new();
        if self.mp {
            for pe in &self.st.processes {
                let p = &self.alg.procs[pe.index];
                if p.fairness == UNFAIR {
                    continue;
                }
                let xf = if p.fairness == WF { "WF" } else { "SF" };
                let p_self = pe.id.to_string_vector();
                let mut make_let = false;
                let mut q_self = "self".to_string();
                if pe.is_eq {
                    if p_self.len() > 1 {
                        make_let = true;
                    } else {
                        q_self = p_self[0].clone();
                    }
                }
                let mut prefix = Vec::new();
                if make_let || !pe.is_eq {
                    let (b, e) = if pe.is_eq {
                        ("LET self == ", "")
                    } else {
                        ("\\A self \\in ", " : ")
                    };
                    let pad = nspaces(len(b));
                    for (j, l) in p_self.iter().enumerate() {
                        let mut line = if j == 0 {
                            format!("{b}{l}")
                        } else {
                            format!("{pad}{l}")
                        };
                        if j == p_self.len() - 1 {
                            line += e;
                        }
                        prefix.push(line);
                    }
                    if make_let {
                        prefix.push("IN ".into());
                    }
                }
                let minus = |labels: &[String], q: &str| -> String {
                    if labels.is_empty() {
                        return String::new();
                    }
                    if labels.len() == 1 {
                        format!("(pc[{q}] # \"{}\") /\\ ", labels[0])
                    } else {
                        format!("(pc[{q}] \\notin {{\"{}\"}}) /\\ ", labels.join("\", \""))
                    }
                };
                let p_name = if pe.is_eq {
                    pe.name.clone()
                } else {
                    format!("{}(self)", pe.name)
                };
                let wf = format!("{xf}_vars({}{p_name})", minus(&p.minus_labels, &q_self));
                let sf = if xf == "WF" && !p.plus_labels.is_empty() {
                    let v: Vec<String> = p
                        .plus_labels
                        .iter()
                        .map(|l| format!("SF_vars({l}{})", if pe.is_eq { "" } else { "(self)" }))
                        .collect();
                    Some(v.join(" /\\ "))
                } else {
                    None
                };
                let mut prcd = Vec::new();
                for orig in &p.procedures_called {
                    let name = self.st.use_this(PROCEDURE, orig, "");
                    let Some(pi) = self.st.find_proc(&name) else {
                        continue;
                    };
                    let pentry = &self.st.procs[pi];
                    let pa = &self.alg.prcds[pentry.index];
                    let wfp = format!(
                        "{xf}_vars({}{}({q_self}))",
                        minus(&pa.minus_labels, &q_self),
                        pentry.name
                    );
                    let sfp = if xf == "WF" && !pa.plus_labels.is_empty() {
                        let v: Vec<String> = pa
                            .plus_labels
                            .iter()
                            .map(|l| format!("SF_vars({l}({q_self}))"))
                            .collect();
                        Some(v.join(" /\\ "))
                    } else {
                        None
                    };
                    prcd.push((wfp, sfp));
                }
                formulas.push((prefix, (wf, sf), prcd));
            }
        }
        if !wf_next && formulas.is_empty() {
            self.line(&format!("Spec == {safety}"));
            self.line("");
            return;
        }
        self.line(&format!("Spec == /\\ {safety}"));
        let indent = len("Spec == /\\ ");
        if wf_next {
            self.line("        /\\ WF_vars(Next)");
        }
        for (prefix, body, prcd) in &formulas {
            let s = format!(
                "        /\\ {}",
                self.format_fairness(prefix, body, prcd, indent)
            );
            // Java's split, which drops trailing empty pieces.
            let mut parts: Vec<&str> = s.split('\n').collect();
            while parts.last().is_some_and(|p| p.is_empty()) {
                parts.pop();
            }
            for l in parts {
                self.line(l);
            }
        }
        self.line("");
    }

    fn format_fairness(
        &self,
        prefix: &[String],
        body: &(String, Option<String>),
        prcd: &[(String, Option<String>)],
        col: usize,
    ) -> String {
        let pair_line = |p: &(String, Option<String>)| match &p.1 {
            None => p.0.clone(),
            Some(sf) => format!("{} /\\ {sf}", p.0),
        };
        let pair_width = |p: &(String, Option<String>)| match &p.1 {
            None => len(&p.0),
            Some(sf) => len(&p.0) + 4 + len(sf),
        };
        let pair_multi = |p: &(String, Option<String>), col: usize| {
            let v = format!("/\\ {}", p.0);
            match &p.1 {
                None => v,
                Some(sf) => format!("{v}\n{}/\\ {sf}", nspaces(col)),
            }
        };
        // singleLineWidth, with its quirk: the last prefix line counts only if there are two.
        let mut max_prefix = 0;
        let mut width = 0;
        if !prefix.is_empty() {
            for l in &prefix[..prefix.len() - 1] {
                max_prefix = max_prefix.max(len(l));
                width = len(&prefix[prefix.len() - 1]);
            }
        }
        width += len(&body.0);
        if let Some(sf) = &body.1 {
            width += len(sf);
        }
        for p in prcd {
            width += pair_width(p);
        }
        let single_width = max_prefix.max(width);
        let prefix_sb = |col: usize| {
            let mut v = String::new();
            for (i, l) in prefix.iter().enumerate() {
                if i != 0 {
                    v += &nspaces(col);
                }
                v += l;
                if i != prefix.len() - 1 {
                    v.push('\n');
                }
            }
            v
        };
        if col + single_width <= self.wrap || (body.1.is_none() && prcd.is_empty()) {
            let mut v = prefix_sb(col);
            v += &body.0;
            if let Some(sf) = &body.1 {
                v += " /\\ ";
                v += sf;
            }
            for p in prcd {
                v += " /\\ ";
                v += &pair_line(p);
            }
            return v;
        }
        let mut v = prefix_sb(col);
        let prefix_width = prefix.last().map(|l| len(l)).unwrap_or(0);
        let cur = col + prefix_width;
        let line = pair_line(body);
        if cur + len(&line) + 3 <= self.wrap {
            v += &format!("/\\ {line}");
        } else {
            v += &pair_multi(body, cur);
        }
        for (i, p) in prcd.iter().enumerate() {
            let line = pair_line(p);
            if i == 0 {
                v.push('\n');
            }
            v += &nspaces(cur);
            if cur + len(&line) + 3 <= self.wrap {
                v += &format!("/\\ {line}\n");
            } else {
                v += &pair_multi(p, cur);
            }
        }
        v
    }

    fn termination(&mut self) {
        if self.omit_pc || self.omit_stuttering {
            return;
        }
        let s = if self.mp {
            "\\A self \\in ProcSet: pc[self]"
        } else {
            "pc"
        };
        self.line(&format!("Termination == <>({s} = \"Done\")"));
        self.line("");
    }
}
