//! Parsing the algorithm (pcal.trans's ParseAlgorithm): P-syntax and C-syntax to the
//! simplified statement tree, which `labels.rs` then completes.

use crate::ast::*;
use crate::error::PcalError;
use crate::expr::Expr;
use crate::tokenize::{alg_token, tokenize_expr, Reader, TokError, EOF};
use crate::Options;

pub struct Parser<'o> {
    pub r: Reader,
    lat: Vec<(String, usize, usize)>,
    last_line: usize,
    last_col: usize,
    pub p_syntax: bool,
    pub c_syntax: bool,
    pub opts: &'o mut Options,
    pub current_procedure: Option<String>,
    /// pcal.trans keeps these three lists in globals that a procedure's AST shares until
    /// the next procedure or process starts new ones (so a uniprocess body's calls land in
    /// the last procedure's list); the lists are copied into the tree once parsed.
    pub plus_labels: Lists,
    pub minus_labels: Lists,
    pub procedures_called: Lists,
    proc_lists: Vec<(Lists, Lists, Lists)>,
    process_lists: Vec<(Lists, Lists, Lists)>,
    pub has_label: bool,
    pub all_labels: Vec<String>,
    pub next_label_num: usize,
    pub added_labels: Vec<String>,
    pub added_labels_locs: Vec<String>,
    pub goto_used: bool,
    pub goto_done_used: bool,
    pub omit_pc: bool,
    pub omit_stuttering: bool,
    pub has_default_init: bool,
    pub in_get_macro: bool,
    /// Procedures parsed so far (for the labels pass: variables a call or return sets).
    pub procedures: Vec<Procedure>,
}

pub type Lists = std::rc::Rc<std::cell::RefCell<Vec<String>>>;

fn fresh() -> Lists {
    Lists::default()
}

fn tok_err(e: TokError) -> PcalError {
    PcalError::new(e.msg)
}

type R<T> = Result<T, PcalError>;

impl<'o> Parser<'o> {
    pub fn new(r: Reader, opts: &'o mut Options) -> Parser<'o> {
        Parser {
            r,
            lat: Vec::new(),
            last_line: 0,
            last_col: 0,
            p_syntax: false,
            c_syntax: false,
            opts,
            current_procedure: None,
            plus_labels: Lists::default(),
            minus_labels: Lists::default(),
            procedures_called: Lists::default(),
            proc_lists: Vec::new(),
            process_lists: Vec::new(),
            has_label: false,
            all_labels: Vec::new(),
            next_label_num: 1,
            added_labels: Vec::new(),
            added_labels_locs: Vec::new(),
            goto_used: false,
            goto_done_used: false,
            omit_pc: true,
            omit_stuttering: true,
            has_default_init: false,
            in_get_macro: false,
            procedures: Vec::new(),
        }
    }

    pub fn parsing_error(&self, msg: &str) -> PcalError {
        PcalError::at(
            format!(
                "{msg}\n    line {}, column {}",
                self.last_line, self.last_col
            ),
            self.last_line,
            self.last_col,
        )
    }

    fn get_tok(&mut self) -> R<String> {
        if self.lat.is_empty() {
            self.r.peek();
            self.last_col = self.r.col + 1;
            self.last_line = self.r.line + 1;
            return alg_token(&mut self.r).map_err(tok_err);
        }
        let (t, l, c) = self.lat.remove(0);
        self.last_col = c + 1;
        self.last_line = l + 1;
        Ok(t)
    }

    fn peek_tok(&mut self, n: usize) -> R<String> {
        while self.lat.len() < n {
            if self.r.peek() == EOF.to_string() {
                let (l, c) = self
                    .lat
                    .last()
                    .map(|x| (x.1, x.2))
                    .unwrap_or((self.r.line, self.r.col));
                return Err(PcalError::at(
                    format!(
                        "Premature end of file, perhaps because of unclosed comment, near\n    line {}, column {}",
                        l + 1,
                        c + 1
                    ),
                    l + 1,
                    c + 1,
                ));
            }
            let (l, c) = (self.r.line, self.r.col);
            let t = alg_token(&mut self.r).map_err(tok_err)?;
            self.lat.push((t, l, c));
        }
        Ok(self.lat[n - 1].0.clone())
    }

    fn peek_past(&mut self, n: usize) -> R<String> {
        while n > self.lat.len() {
            let t = alg_token(&mut self.r).map_err(tok_err)?;
            self.lat.push((t, self.r.line, self.r.col));
        }
        Ok(self.r.peek())
    }

    fn is(&mut self, n: usize, s: &str) -> R<bool> {
        Ok(self.peek_tok(n)? == s)
    }

    /// Position (1-based line, column) of the next token.
    fn next_pos(&mut self) -> R<(i32, i32)> {
        self.peek_tok(1)?;
        let (_, l, c) = self.lat[0];
        Ok((l as i32 + 1, c as i32 + 1))
    }

    fn get_expr(&mut self) -> R<Expr> {
        let res = tokenize_expr(&mut self.r).map_err(tok_err)?;
        self.lat
            .push((res.delimiter, res.delim_line, res.delim_col));
        Ok(res.expr)
    }

    fn gobble(&mut self, s: &str) -> R<()> {
        self.gobble_alt(s, &[])
    }

    fn gobble_alt(&mut self, s: &str, alt: &[&str]) -> R<()> {
        if s == ";" {
            let nxt = self.peek_tok(1)?;
            if matches!(
                nxt.as_str(),
                "end"
                    | "begin"
                    | "else"
                    | "elsif"
                    | "or"
                    | "do"
                    | "macro"
                    | "procedure"
                    | "process"
                    | "fair"
                    | "define"
                    | "}"
                    | "{"
            ) {
                return Ok(());
            }
            if matches!(
                nxt.as_str(),
                "if" | "either"
                    | "while"
                    | "with"
                    | "call"
                    | "return"
                    | "goto"
                    | "print"
                    | "assert"
                    | "skip"
            ) {
                let (_, l, c) = self.lat[0];
                return Err(PcalError::at(
                    format!("Missing `;' before line {}, column {}", l + 1, c + 1),
                    l + 1,
                    c + 1,
                ));
            }
        }
        let t = self.get_tok()?;
        if t != s && !alt.contains(&t.as_str()) {
            return Err(self.parsing_error(&format!("Expected \"{s}\" but found \"{t}\"")));
        }
        Ok(())
    }

    fn must(&mut self, s: &str) -> R<()> {
        let t = self.get_tok()?;
        if t != s {
            return Err(self.parsing_error(&format!("Expected \"{s}\" but found \"{t}\"")));
        }
        Ok(())
    }

    fn eq_or_in(&mut self) -> R<bool> {
        let t = self.get_tok()?;
        if t == "=" {
            return Ok(true);
        }
        if t == "\\in" || t == "∈" {
            return Ok(false);
        }
        Err(self.parsing_error(&format!("Expected \"=\" or \"\\in\"  but found \"{t}\"")))
    }

    fn comma_or_semi(&mut self) -> R<()> {
        if self.is(1, ",")? {
            self.gobble(",")
        } else {
            self.gobble(";")
        }
    }

    fn begin_or_brace(&mut self) -> R<()> {
        if self.p_syntax {
            self.gobble("begin")
        } else {
            self.gobble("{")
        }
    }

    fn end_or_brace(&mut self, s: &str) -> R<()> {
        if self.p_syntax {
            self.gobble("end")?;
            self.gobble(s)
        } else {
            self.gobble("}")
        }
    }

    pub fn get_algorithm(&mut self, fair: bool) -> R<Algorithm> {
        let mut a = self.get_algorithm_inner(fair)?;
        for (p, (plus, minus, called)) in a.prcds.iter_mut().zip(&self.proc_lists) {
            p.plus_labels = plus.borrow().clone();
            p.minus_labels = minus.borrow().clone();
            p.procedures_called = called.borrow().clone();
        }
        for (p, (plus, minus, called)) in a.procs.iter_mut().zip(&self.process_lists) {
            p.plus_labels = plus.borrow().clone();
            p.minus_labels = minus.borrow().clone();
            p.procedures_called = called.borrow().clone();
        }
        Ok(a)
    }

    fn get_algorithm_inner(&mut self, fair: bool) -> R<Algorithm> {
        if self.opts.version < 1500 {
            self.omit_pc = false;
            self.omit_stuttering = false;
        }
        if fair {
            let t = self.get_tok()?;
            if t != "algorithm" {
                return Err(self.parsing_error("`--fair' not followed by `algorithm'"));
            }
            self.opts.fair_algorithm = true;
        }
        let name = self.get_tok()?;
        if self.is(1, "{")? {
            self.c_syntax = true;
            self.must("{")?;
        } else {
            self.p_syntax = true;
        }
        let mut decls = Vec::new();
        if self.is(1, "variable")? || self.is(1, "variables")? {
            decls = self.var_decls()?;
        }
        let mut defs = Expr::new();
        if self.is(1, "define")? {
            self.must("define")?;
            if self.c_syntax {
                self.gobble("{")?;
            }
            defs = self.get_expr()?;
            if self.p_syntax {
                self.gobble("end")?;
                self.gobble("define")?;
            } else {
                self.gobble("}")?;
            }
            self.gobble(";")?;
        }
        let mut macros: Vec<Macro> = Vec::new();
        while self.is(1, "macro")? {
            let m = self.get_macro(&macros)?;
            macros.push(m);
        }
        while self.is(1, "procedure")? {
            let p = self.get_procedure()?;
            self.procedures.push(p);
            self.omit_pc = false;
        }
        let multi = (self.is(1, "fair")?
            && (self.is(2, "process")? || (self.is(2, "+")? && self.is(3, "process")?)))
            || self.is(1, "process")?;
        if multi {
            let mut procs = Vec::new();
            while self.is(1, "fair")? || self.is(1, "process")? {
                let mut fairness = UNFAIR;
                if self.is(1, "fair")? {
                    self.must("fair")?;
                    if self.is(1, "+")? {
                        self.must("+")?;
                        fairness = SF;
                    } else {
                        fairness = WF;
                    }
                } else if self.opts.fairness == "wf" {
                    fairness = WF;
                } else if self.opts.fairness == "sf" {
                    fairness = SF;
                }
                let mut p = self.get_process()?;
                p.fairness = fairness;
                procs.push(p);
            }
            if self.p_syntax {
                self.gobble("end")?;
                self.gobble("algorithm")?;
            } else {
                self.gobble("}")?;
            }
            check_duplicate_macros(&macros)?;
            let mut omit_stuttering_value = false;
            for p in procs.iter_mut() {
                self.expand_macros(&p.body, &macros)?;
                self.add_labels(&p.body)?;
                p.body = self.make_labeled_seq(&p.body)?;
                self.omit_stuttering = true;
                self.check_body(&p.body);
                omit_stuttering_value = omit_stuttering_value || self.omit_stuttering;
            }
            self.omit_stuttering = omit_stuttering_value;
            let mut prcds = std::mem::take(&mut self.procedures);
            for i in 0..prcds.len() {
                self.current_procedure = Some(prcds[i].name.clone());
                self.procedures = prcds.clone();
                let body = prcds[i].body.clone();
                self.expand_macros(&body, &macros)?;
                self.add_labels(&body)?;
                prcds[i].body = self.make_labeled_seq(&body)?;
            }
            self.procedures = Vec::new();
            if !self.added_labels.is_empty() && !self.opts.label {
                return Err(self.added_labels_error());
            }
            if self.goto_done_used {
                self.omit_pc = false;
                self.omit_stuttering = false;
            }
            if self.goto_used {
                self.omit_pc = false;
            }
            Ok(Algorithm {
                multi: true,
                name,
                decls,
                defs,
                macros,
                prcds,
                body: sv(vec![]),
                procs,
            })
        } else {
            if self.opts.version == 1500 && self.is(1, "fair")? {
                self.gobble("fair")?;
                if self.is(1, "+")? {
                    self.gobble("+")?;
                }
                self.opts.fairness = "wf".into();
            }
            if fair {
                if !self.opts.fairness.is_empty()
                    && self.opts.fairness != "wf"
                    && self.opts.fairness != "wfNext"
                {
                    self.opts.warnings.push(format!(
                        "Option `{}' specified for --fair algorithm.",
                        self.opts.fairness
                    ));
                }
                self.opts.fairness = "wf".into();
            }
            self.begin_or_brace()?;
            let body = self.stmt_seq()?;
            check_duplicate_macros(&macros)?;
            self.expand_macros(&body, &macros)?;
            let mut prcds = std::mem::take(&mut self.procedures);
            for i in 0..prcds.len() {
                self.current_procedure = Some(prcds[i].name.clone());
                self.procedures = prcds.clone();
                let b = prcds[i].body.clone();
                self.expand_macros(&b, &macros)?;
                self.add_labels(&b)?;
                prcds[i].body = self.make_labeled_seq(&b)?;
            }
            self.procedures = prcds.clone();
            // The body's return statements are checked outside any procedure.
            self.current_procedure = prcds.last().map(|p| p.name.clone());
            if self.c_syntax {
                self.gobble("}")?;
                self.gobble("}")?;
            } else {
                self.gobble("end")?;
                self.gobble("algorithm")?;
            }
            self.add_labels(&body)?;
            let body = self.make_labeled_seq(&body)?;
            self.procedures = Vec::new();
            if !self.added_labels.is_empty() && self.has_label && !self.opts.label {
                return Err(self.added_labels_error());
            }
            if self.goto_used {
                self.omit_pc = false;
            }
            if self.goto_done_used {
                self.omit_pc = false;
                self.omit_stuttering = false;
            } else {
                self.check_body(&body);
            }
            Ok(Algorithm {
                multi: false,
                name,
                decls,
                defs,
                macros,
                prcds,
                body,
                procs: vec![],
            })
        }
    }

    fn added_labels_error(&self) -> PcalError {
        let mut msg = if self.added_labels.len() > 1 {
            "Missing labels at the following locations:".to_string()
        } else {
            "Missing label at the following location:".to_string()
        };
        for l in &self.added_labels_locs {
            msg += "\n     ";
            msg += l;
        }
        PcalError::new(msg)
    }

    fn check_body(&mut self, body: &SV) {
        let b = body.borrow();
        if b.is_empty() {
            return;
        }
        let not_one = b.len() > 1 || !matches!(b[0].borrow().kind, Kind::Labeled { .. });
        if not_one {
            self.omit_pc = false;
            self.omit_stuttering = false;
            return;
        }
        let first = b[0].borrow();
        let Kind::Labeled { stmts, .. } = &first.kind else {
            return;
        };
        let stmts = stmts.borrow();
        if stmts.is_empty() {
            return;
        }
        let w = stmts[0].borrow();
        let Kind::While {
            test,
            unlab_do,
            lab_do,
        } = &w.kind
        else {
            self.omit_pc = false;
            self.omit_stuttering = false;
            return;
        };
        if stmts.len() > 1
            || !(test.lines.len() == 1
                && test.lines[0].len() == 1
                && test.first_token().s == "TRUE")
        {
            self.omit_pc = false;
            self.omit_stuttering = false;
            return;
        }
        if !lab_do.borrow().is_empty() {
            self.omit_pc = false;
        }
        for x in unlab_do.borrow().iter() {
            if matches!(
                x.borrow().kind,
                Kind::LabelIf { .. } | Kind::LabelEither { .. } | Kind::Labeled { .. }
            ) {
                self.omit_pc = false;
                return;
            }
        }
    }

    fn get_procedure(&mut self) -> R<Procedure> {
        self.gobble("procedure")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let name = self.get_tok()?;
        self.current_procedure = Some(name.clone());
        self.plus_labels = fresh();
        self.minus_labels = fresh();
        self.procedures_called = fresh();
        self.gobble("(")?;
        let mut params = Vec::new();
        let mut look_comma = false;
        while !self.is(1, ")")? {
            if look_comma {
                self.gobble(",")?;
            }
            params.push(self.pvar_decl()?);
            look_comma = true;
        }
        self.must(")")?;
        let decls = if self.is(1, "begin")? || self.is(1, "{")? {
            Vec::new()
        } else {
            self.pvar_decls()?
        };
        self.begin_or_brace()?;
        let body = self.stmt_seq()?;
        self.end_or_brace("procedure")?;
        if self.is(1, ";")? {
            self.get_tok()?;
        }
        self.current_procedure = None;
        self.proc_lists.push((
            self.plus_labels.clone(),
            self.minus_labels.clone(),
            self.procedures_called.clone(),
        ));
        Ok(Procedure {
            name,
            minus_labels: vec![],
            plus_labels: vec![],
            procedures_called: vec![],
            params,
            decls,
            body,
            line,
            col,
        })
    }

    fn get_process(&mut self) -> R<Process> {
        self.gobble("process")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        if self.c_syntax {
            self.gobble("(")?;
        }
        let name = self.get_tok()?;
        let is_eq = self.eq_or_in()?;
        let id = self.get_expr()?;
        self.plus_labels = fresh();
        self.minus_labels = fresh();
        self.procedures_called = fresh();
        if self.c_syntax {
            self.gobble(")")?;
        }
        if id.is_empty() {
            return Err(self.parsing_error("Empty process id at "));
        }
        let decls = if self.is(1, "begin")? || self.is(1, "{")? {
            Vec::new()
        } else {
            self.var_decls()?
        };
        self.begin_or_brace()?;
        let body = self.stmt_seq()?;
        self.end_or_brace("process")?;
        if self.is(1, ";")? {
            self.get_tok()?;
        }
        self.process_lists.push((
            self.plus_labels.clone(),
            self.minus_labels.clone(),
            self.procedures_called.clone(),
        ));
        Ok(Process {
            name,
            fairness: UNFAIR,
            minus_labels: vec![],
            plus_labels: vec![],
            procedures_called: vec![],
            is_eq,
            id,
            decls,
            body,
            line,
            col,
        })
    }

    fn pvar_decls(&mut self) -> R<Vec<VarDecl>> {
        if self.is(1, "variables")? {
            self.must("variables")?;
        } else {
            self.gobble("variable")?;
        }
        let mut out = Vec::new();
        while !(self.is(1, "begin")? || self.is(1, "{")?) {
            out.push(self.pvar_decl()?);
            self.comma_or_semi()?;
        }
        Ok(out)
    }

    fn pvar_decl(&mut self) -> R<VarDecl> {
        let var = self.get_tok()?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let mut val = crate::default_init();
        if self.is(1, "=")? {
            self.gobble("=")?;
            val = self.get_expr()?;
            if val.is_empty() {
                return Err(self.parsing_error("Missing expression at "));
            }
        } else {
            self.has_default_init = true;
        }
        Ok(VarDecl {
            var,
            is_eq: true,
            val,
            line,
            col,
        })
    }

    fn var_decls(&mut self) -> R<Vec<VarDecl>> {
        if self.is(1, "variables")? {
            self.must("variables")?;
        } else {
            self.gobble("variable")?;
        }
        let mut out = Vec::new();
        loop {
            let t = self.peek_tok(1)?;
            if matches!(
                t.as_str(),
                "begin" | "{" | "procedure" | "process" | "fair" | "define" | "macro"
            ) {
                break;
            }
            out.push(self.var_decl()?);
        }
        Ok(out)
    }

    fn var_decl(&mut self) -> R<VarDecl> {
        let var = self.get_tok()?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let mut val = crate::default_init();
        let mut is_eq = true;
        if self.is(1, "=")? || self.is(1, "\\in")? || self.is(1, "∈")? {
            is_eq = self.eq_or_in()?;
            val = self.get_expr()?;
            if val.is_empty() {
                return Err(self.parsing_error("Missing expression at "));
            }
        } else {
            self.has_default_init = true;
        }
        self.comma_or_semi()?;
        Ok(VarDecl {
            var,
            is_eq,
            val,
            line,
            col,
        })
    }

    fn get_while(&mut self) -> R<S> {
        self.must("while")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        if self.c_syntax {
            self.gobble("(")?;
        }
        let test = self.get_expr()?;
        if self.c_syntax {
            self.gobble(")")?;
        }
        if test.is_empty() {
            return Err(self.parsing_error("Empty while test at "));
        }
        let unlab_do = if self.p_syntax {
            self.gobble("do")?;
            let b = self.stmt_seq()?;
            self.gobble("end")?;
            self.gobble("while")?;
            self.gobble(";")?;
            b
        } else {
            self.c_stmt()?
        };
        if unlab_do.borrow().is_empty() {
            return Err(self.parsing_error("Missing body of while statement at"));
        }
        Ok(s(
            Kind::While {
                test,
                unlab_do,
                lab_do: sv(vec![]),
            },
            line,
            col,
        ))
    }

    fn is_label_next(&mut self) -> R<bool> {
        let t = self.peek_tok(1)?;
        if matches!(
            t.as_str(),
            "while"
                | "if"
                | "assert"
                | "print"
                | "else"
                | "elsif"
                | "either"
                | "or"
                | "end"
                | "with"
                | "when"
                | "await"
                | "skip"
                | "call"
                | "return"
                | "goto"
        ) {
            return Ok(false);
        }
        let p = self.r.peek();
        let cs: Vec<char> = p.chars().collect();
        if cs.is_empty() || cs[0] != ':' || (cs.len() > 1 && cs[1] == '=') {
            return Ok(false);
        }
        Ok(true)
    }

    fn get_label(&mut self) -> R<String> {
        let mut lbl = String::new();
        if self.is_label_next()? {
            lbl = self.get_tok()?;
            if self.in_get_macro {
                return Err(self.parsing_error("A label may not appear in a macro."));
            }
            if lbl == "Done" {
                return Err(self.parsing_error("Cannot use `Done' as a label."));
            }
            if lbl == "Error" {
                return Err(self.parsing_error("Cannot use `Error' as a label."));
            }
            self.gobble(":")?;
            self.has_label = true;
            if !self.all_labels.contains(&lbl) {
                self.all_labels.push(lbl.clone());
            }
            if self.is(1, "+")? {
                self.gobble("+")?;
                self.plus_labels.borrow_mut().push(lbl.clone());
                self.omit_pc = false;
            } else if self.is(1, "-")? {
                self.gobble("-")?;
                self.minus_labels.borrow_mut().push(lbl.clone());
                self.omit_pc = false;
            }
        }
        Ok(lbl)
    }

    fn stmt_seq(&mut self) -> R<SV> {
        let mut out = Vec::new();
        loop {
            let t = self.peek_tok(1)?;
            if (self.p_syntax && matches!(t.as_str(), "end" | "else" | "elsif" | "or"))
                || (self.c_syntax && t == "}")
            {
                break;
            }
            let lbl = self.get_label()?;
            if self.c_syntax && self.is(1, "{")? {
                let v = self.c_stmt_seq(&lbl)?;
                out.extend(v.borrow().iter().cloned());
            } else {
                let st = self.get_stmt()?;
                st.borrow_mut().lbl = lbl;
                out.push(st);
            }
        }
        if self.c_syntax && out.is_empty() {
            return Err(self.parsing_error("Empty statement list"));
        }
        Ok(sv(out))
    }

    fn get_stmt(&mut self) -> R<S> {
        let t = self.peek_tok(1)?;
        match t.as_str() {
            "if" => return self.get_if(0),
            "either" => return self.get_either(),
            "with" => return self.get_with(0),
            "when" => return self.get_when(true),
            "await" => return self.get_when(false),
            "print" => return self.get_print(),
            "assert" => return self.get_assert(),
            "skip" => return self.get_skip(),
            "call" => return self.get_call_or(),
            "return" => return self.get_return(),
            "goto" => return self.get_goto(),
            "while" => return self.get_while(),
            _ => {}
        }
        if self.peek_past(1)?.starts_with('(') {
            return self.get_macro_call();
        }
        self.get_assign()
    }

    fn c_stmt_seq(&mut self, lbl: &str) -> R<SV> {
        self.must("{")?;
        let seq = self.stmt_seq()?;
        self.gobble("}")?;
        self.gobble(";")?;
        if !lbl.is_empty() {
            let first = seq.borrow()[0].clone();
            if !first.borrow().lbl.is_empty() {
                let loc = first.borrow().location();
                return Err(PcalError::new(format!(
                    "Duplicate labeling of statement at {loc}"
                )));
            }
            first.borrow_mut().lbl = lbl.to_string();
        }
        Ok(seq)
    }

    fn c_stmt(&mut self) -> R<SV> {
        let lbl = self.get_label()?;
        if self.is(1, "{")? {
            return self.c_stmt_seq(&lbl);
        }
        let st = self.get_stmt()?;
        st.borrow_mut().lbl = lbl;
        Ok(sv(vec![st]))
    }

    fn get_if(&mut self, depth: usize) -> R<S> {
        if depth == 0 {
            self.must("if")?;
        } else {
            self.must("elsif")?;
        }
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        if self.c_syntax {
            self.gobble("(")?;
        }
        let test = self.get_expr()?;
        if self.c_syntax {
            self.gobble(")")?;
        }
        if test.is_empty() {
            return Err(self.parsing_error("Empty if test at "));
        }
        let unlab_then = if self.p_syntax {
            self.gobble("then")?;
            self.stmt_seq()?
        } else {
            self.c_stmt()?
        };
        let nxt = self.peek_tok(1)?;
        let unlab_else;
        if self.p_syntax {
            if nxt == "else" {
                self.must("else")?;
                unlab_else = self.stmt_seq()?;
            } else if nxt == "elsif" {
                let inner = self.get_if(depth + 1)?;
                unlab_else = sv(vec![inner]);
            } else if nxt == "end" {
                unlab_else = sv(vec![]);
            } else {
                return Err(self.parsing_error("Expecting \"else\", \"elsif\", or \"end\""));
            }
            if depth == 0 {
                self.gobble("end")?;
                self.gobble("if")?;
                self.gobble(";")?;
            }
        } else if nxt == "else" {
            self.must("else")?;
            unlab_else = self.c_stmt()?;
        } else {
            unlab_else = sv(vec![]);
        }
        if unlab_then.borrow().is_empty() && unlab_else.borrow().is_empty() {
            return Err(self.parsing_error("Unknown error at or before"));
        }
        Ok(s(
            Kind::LabelIf {
                test,
                unlab_then,
                lab_then: sv(vec![]),
                unlab_else,
                lab_else: sv(vec![]),
            },
            line,
            col,
        ))
    }

    fn get_either(&mut self) -> R<S> {
        self.must("either")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let mut clauses = Vec::new();
        let mut has_or = false;
        loop {
            let unlab_or = if self.p_syntax {
                self.stmt_seq()?
            } else {
                self.c_stmt()?
            };
            if unlab_or.borrow().is_empty() {
                return Err(PcalError::new(format!(
                    "`either' statement with empty `or' clause at line {line}, column {col}"
                )));
            }
            clauses.push(Clause {
                unlab_or,
                lab_or: sv(vec![]),
            });
            if self.is(1, "or")? {
                self.must("or")?;
                has_or = true;
            } else {
                break;
            }
        }
        if self.p_syntax {
            self.must("end")?;
            self.gobble("either")?;
            self.gobble(";")?;
        }
        if !has_or {
            return Err(PcalError::new(format!(
                "`either' statement has no `or' at line {line}, column {col}"
            )));
        }
        Ok(s(Kind::LabelEither { clauses }, line, col))
    }

    fn get_with(&mut self, depth: usize) -> R<S> {
        if depth == 0 {
            self.gobble("with")?;
            if self.c_syntax {
                self.gobble("(")?;
            }
        }
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let var = self.get_tok()?;
        let is_eq = self.eq_or_in()?;
        let exp = self.get_expr()?;
        if self.p_syntax || !self.is(1, ")")? {
            self.comma_or_semi()?;
        }
        if exp.is_empty() {
            return Err(self.parsing_error("Empty with expression at "));
        }
        let body;
        if self.p_syntax && self.is(1, "do")? {
            self.gobble("do")?;
            body = self.stmt_seq()?;
            self.gobble("end")?;
            self.gobble("with")?;
            self.gobble(";")?;
        } else if self.c_syntax && self.is(1, ")")? {
            self.must(")")?;
            body = self.c_stmt()?;
        } else {
            body = sv(vec![self.get_with(depth + 1)?]);
        }
        if body.borrow().is_empty() {
            return Err(PcalError::new(format!(
                "Missing body of with statement at line {line}, column {col}"
            )));
        }
        Ok(s(
            Kind::With {
                var,
                is_eq,
                exp,
                body,
            },
            line,
            col,
        ))
    }

    fn get_assign(&mut self) -> R<S> {
        let (line, col) = self.next_pos()?;
        let mut ass = vec![self.single_assign()?];
        while self.is(1, "||")? || self.is(1, "‖")? {
            self.get_tok()?;
            match self.single_assign() {
                Ok(a) => ass.push(a),
                Err(_) => return Err(self.parsing_error("Bad assignment statement at ")),
            }
        }
        self.gobble(";")?;
        let ass = ass
            .into_iter()
            .map(|a| std::rc::Rc::new(std::cell::RefCell::new(a)))
            .collect();
        Ok(s(Kind::Assign { ass }, line, col))
    }

    fn single_assign(&mut self) -> R<SingleAssign> {
        let (line, col) = self.next_pos()?;
        let var = self.get_tok()?;
        let sub = self.get_expr()?;
        self.gobble_alt(":=", &["≔"])?;
        let rhs = self.get_expr()?;
        if rhs.is_empty() {
            return Err(self.parsing_error("Empty right-hand side of assignment at "));
        }
        Ok(SingleAssign {
            line,
            col,
            var,
            sub,
            rhs,
        })
    }

    fn get_print(&mut self) -> R<S> {
        self.must("print")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let exp = self.get_expr()?;
        if exp.is_empty() {
            return Err(self.parsing_error("Empty expression in print statement at "));
        }
        self.gobble(";")?;
        Ok(s(Kind::Print { exp }, line, col))
    }

    fn get_assert(&mut self) -> R<S> {
        self.must("assert")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let exp = self.get_expr()?;
        if exp.is_empty() {
            return Err(self.parsing_error("Empty expression in assert statement at "));
        }
        self.gobble(";")?;
        Ok(s(Kind::Assert { exp }, line, col))
    }

    fn get_skip(&mut self) -> R<S> {
        self.must("skip")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        self.gobble(";")?;
        Ok(s(Kind::Skip, line, col))
    }

    fn get_when(&mut self, is_when: bool) -> R<S> {
        self.must(if is_when { "when" } else { "await" })?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let exp = self.get_expr()?;
        if exp.is_empty() {
            return Err(self.parsing_error("Empty expression in when statement at "));
        }
        self.gobble(";")?;
        Ok(s(Kind::When { exp }, line, col))
    }

    fn call_args(&mut self) -> R<Vec<Expr>> {
        self.gobble("(")?;
        let mut args = Vec::new();
        let mut more = !self.peek_past(0)?.starts_with(')');
        while more {
            let e = self.get_expr()?;
            if e.is_empty() {
                return Err(self.parsing_error("Empty argument in call statement at "));
            }
            args.push(e);
            if !self.is(1, ")")? {
                self.gobble(",")?;
            } else {
                more = false;
            }
        }
        self.gobble(")")?;
        Ok(args)
    }

    fn get_call_or(&mut self) -> R<S> {
        self.must("call")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let to = self.get_tok()?;
        let args = self.call_args()?;
        self.gobble(";")?;
        if !self.procedures_called.borrow().contains(&to) {
            self.procedures_called.borrow_mut().push(to.clone());
        }
        if self.is(1, "return")? {
            self.must("return")?;
            self.gobble(";")?;
            return Ok(s(
                Kind::CallReturn {
                    from: self.current_procedure.clone(),
                    to,
                    args,
                },
                line,
                col,
            ));
        }
        if self.is(1, "goto")? {
            self.must("goto")?;
            let after = self.get_tok()?;
            self.goto_used = true;
            if after == "Done" || after == "\"Done\"" {
                self.goto_done_used = true;
            }
            self.gobble(";")?;
            return Ok(s(Kind::CallGoto { after, to, args }, line, col));
        }
        Ok(s(
            Kind::Call {
                return_to: String::new(),
                to,
                args,
            },
            line,
            col,
        ))
    }

    fn get_return(&mut self) -> R<S> {
        self.must("return")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        self.gobble(";")?;
        Ok(s(
            Kind::Return {
                from: self.current_procedure.clone(),
            },
            line,
            col,
        ))
    }

    fn get_goto(&mut self) -> R<S> {
        self.must("goto")?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        let to = self.get_tok()?;
        self.goto_used = true;
        if to == "Done" || to == "\"Done\"" {
            self.goto_done_used = true;
        }
        self.gobble(";")?;
        Ok(s(Kind::Goto { to }, line, col))
    }

    fn get_macro(&mut self, macros: &[Macro]) -> R<Macro> {
        self.in_get_macro = true;
        self.must("macro")?;
        let name = self.get_tok()?;
        self.gobble("(")?;
        let mut params = Vec::new();
        let mut look_comma = false;
        while !self.is(1, ")")? {
            if look_comma {
                self.gobble(",")?;
            }
            params.push(self.get_tok()?);
            look_comma = true;
        }
        self.must(")")?;
        self.begin_or_brace()?;
        let body = self.stmt_seq()?;
        self.end_or_brace("macro")?;
        if self.is(1, ";")? {
            self.get_tok()?;
        }
        self.expand_macros(&body, macros)?;
        self.in_get_macro = false;
        Ok(Macro { name, params, body })
    }

    fn get_macro_call(&mut self) -> R<S> {
        let name = self.get_tok()?;
        let (line, col) = (self.last_line as i32, self.last_col as i32);
        self.must("(")?;
        let mut args = Vec::new();
        let mut more = !self.peek_past(0)?.starts_with(')');
        while more {
            let e = self.get_expr()?;
            if e.is_empty() {
                return Err(self.parsing_error("Empty argument in call statement at "));
            }
            args.push(e);
            if !self.is(1, ")")? {
                self.gobble(",")?;
            } else {
                more = false;
            }
        }
        self.gobble(")")?;
        self.gobble(";")?;
        Ok(s(Kind::MacroCall { name, args }, line, col))
    }
}

fn check_duplicate_macros(macros: &[Macro]) -> R<()> {
    for i in 0..macros.len() {
        for j in i + 1..macros.len() {
            if macros[i].name == macros[j].name {
                return Err(PcalError::new(format!(
                    "Multiple definitions of macro name `{}'",
                    macros[i].name
                )));
            }
        }
    }
    Ok(())
}
