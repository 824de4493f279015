//! The algorithm's syntax tree, shaped as pcal.trans's AST so its later stages (labels,
//! renaming, explosion into steps) can be followed step for step. Statements and statement
//! lists are shared and mutable (`Rc<RefCell<..>>`) because pcal.trans shares and mutates
//! them, and its checksum prints the tree as those stages left it.

use crate::expr::Expr;
use std::cell::RefCell;
use std::rc::Rc;

pub type S = Rc<RefCell<Stmt>>;
pub type SV = Rc<RefCell<Vec<S>>>;

pub fn sv(v: Vec<S>) -> SV {
    Rc::new(RefCell::new(v))
}
pub fn s(kind: Kind, line: i32, col: i32) -> S {
    Rc::new(RefCell::new(Stmt {
        line,
        col,
        macro_line: -1,
        macro_col: 0,
        lbl: String::new(),
        kind,
    }))
}
/// A new list holding the same statements (Java's `new Vector<>(v)`).
pub fn copy(v: &SV) -> SV {
    sv(v.borrow().clone())
}

#[derive(Clone)]
pub struct Stmt {
    pub line: i32,
    pub col: i32,
    pub macro_line: i32,
    pub macro_col: i32,
    /// The label typed (or added) before the statement while parsing.
    pub lbl: String,
    pub kind: Kind,
}

impl Stmt {
    /// "line L, column C" (of the macro call if it came from a macro).
    pub fn location(&self) -> String {
        if self.macro_line < 0 {
            format!("line {}, column {}", self.line, self.col)
        } else {
            format!(
                "line {}, column {} of macro called at line {}, column {}",
                self.line, self.col, self.macro_line, self.macro_col
            )
        }
    }
}

#[derive(Clone)]
pub struct SingleAssign {
    pub line: i32,
    pub col: i32,
    pub var: String,
    pub sub: Expr,
    pub rhs: Expr,
}

#[derive(Clone)]
pub struct Clause {
    pub unlab_or: SV,
    pub lab_or: SV,
}

#[derive(Clone)]
pub enum Kind {
    Labeled {
        label: String,
        stmts: SV,
    },
    While {
        test: Expr,
        unlab_do: SV,
        lab_do: SV,
    },
    Assign {
        ass: Vec<Rc<RefCell<SingleAssign>>>,
    },
    If {
        test: Expr,
        then: SV,
        els: SV,
    },
    Either {
        ors: Vec<SV>,
    },
    With {
        var: String,
        is_eq: bool,
        exp: Expr,
        body: SV,
    },
    When {
        exp: Expr,
    },
    Print {
        exp: Expr,
    },
    Assert {
        exp: Expr,
    },
    Skip,
    LabelIf {
        test: Expr,
        unlab_then: SV,
        lab_then: SV,
        unlab_else: SV,
        lab_else: SV,
    },
    LabelEither {
        clauses: Vec<Clause>,
    },
    Call {
        return_to: String,
        to: String,
        args: Vec<Expr>,
    },
    Return {
        from: Option<String>,
    },
    CallReturn {
        from: Option<String>,
        to: String,
        args: Vec<Expr>,
    },
    CallGoto {
        after: String,
        to: String,
        args: Vec<Expr>,
    },
    Goto {
        to: String,
    },
    MacroCall {
        name: String,
        args: Vec<Expr>,
    },
}

#[derive(Clone)]
pub struct VarDecl {
    pub var: String,
    pub is_eq: bool,
    pub val: Expr,
    pub line: i32,
    pub col: i32,
}

#[derive(Clone)]
pub struct Procedure {
    pub name: String,
    pub minus_labels: Vec<String>,
    pub plus_labels: Vec<String>,
    pub procedures_called: Vec<String>,
    pub params: Vec<VarDecl>,
    pub decls: Vec<VarDecl>,
    pub body: SV,
    pub line: i32,
    pub col: i32,
}

pub const UNFAIR: usize = 0;
pub const WF: usize = 1;
pub const SF: usize = 2;

#[derive(Clone)]
pub struct Process {
    pub name: String,
    pub fairness: usize,
    pub minus_labels: Vec<String>,
    pub plus_labels: Vec<String>,
    pub procedures_called: Vec<String>,
    pub is_eq: bool,
    pub id: Expr,
    pub decls: Vec<VarDecl>,
    pub body: SV,
    pub line: i32,
    pub col: i32,
}

#[derive(Clone)]
pub struct Macro {
    pub name: String,
    pub params: Vec<String>,
    pub body: SV,
}

pub struct Algorithm {
    pub multi: bool,
    pub name: String,
    pub decls: Vec<VarDecl>,
    pub defs: Expr,
    /// Macros are expanded while parsing; kept for completeness of the tree.
    #[allow(dead_code)]
    pub macros: Vec<Macro>,
    pub prcds: Vec<Procedure>,
    /// Uniprocess body.
    pub body: SV,
    pub procs: Vec<Process>,
}

/// pcal.trans's AST printer: `Indent(str)` pushes an indentation level `str` wider than the
/// current one, `NewLine()` breaks to the current level.
pub struct Printer {
    depth: usize,
    cur: Vec<usize>,
    /// Before PlusCal 1.5, procedures and processes print without their label lists.
    pub old_format: bool,
}

impl Printer {
    pub fn new() -> Printer {
        Printer {
            depth: 0,
            cur: vec![0; 200],
            old_format: false,
        }
    }
    fn ind(&mut self, s: &str) -> String {
        if self.depth + 1 >= self.cur.len() {
            self.cur.push(0);
        }
        self.cur[self.depth + 1] = self.cur[self.depth] + s.chars().count();
        self.depth += 1;
        s.to_string()
    }
    fn end(&mut self) -> String {
        self.depth -= 1;
        String::new()
    }
    fn nl(&self) -> String {
        let mut r = String::from("\n");
        r.push_str(&" ".repeat(self.cur[self.depth]));
        r
    }
    fn seq<T>(&mut self, v: &[T], f: &mut dyn FnMut(&mut Printer, &T) -> String) -> String {
        let mut r = self.ind("<<");
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                r += ", ";
                r += &self.nl();
            }
            r += &f(self, x);
        }
        r += ">>";
        r += &self.end();
        r
    }
    fn stmts(&mut self, v: &SV) -> String {
        let v = v.borrow().clone();
        self.seq(&v, &mut |p, x| p.stmt(x))
    }
    fn quoted(&mut self, v: &[String]) -> String {
        let mut r = self.ind("<<");
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                r += ", ";
            }
            r += &format!("\"{x}\"");
        }
        r += ">>";
        r += &self.end();
        r
    }
    fn exprs(&mut self, v: &[Expr]) -> String {
        self.seq(v, &mut |_, e| e.ast_string())
    }
    fn eq_or_in(b: bool) -> &'static str {
        if b {
            "\"=\""
        } else {
            "\"\\\\in\""
        }
    }
    fn var_decl(&mut self, d: &VarDecl) -> String {
        let mut r = self.ind("");
        r += &format!(
            "[var |-> \"{}\", eqOrIn |-> {}, val |-> {}]",
            d.var,
            Self::eq_or_in(d.is_eq),
            d.val.ast_string()
        );
        r += &self.end();
        r
    }
    fn pvar_decl(&mut self, d: &VarDecl) -> String {
        let mut r = self.ind("");
        r += &format!(
            "[var |-> \"{}\", eqOrIn |-> \"=\", val |-> {}]",
            d.var,
            d.val.ast_string()
        );
        r += &self.end();
        r
    }
    pub fn stmt(&mut self, st: &S) -> String {
        let st = st.borrow().clone();
        match &st.kind {
            Kind::Labeled { label, stmts } => {
                let mut r = self.ind("");
                r += &format!("[label |-> \"{label}\",");
                r += &self.nl();
                r += &self.ind(" stmts |-> ");
                r += &self.stmts(stmts);
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::While {
                test,
                unlab_do,
                lab_do,
            } => {
                let mut r = self.ind("");
                r += "[type    |-> \"while\", ";
                r += &self.nl();
                r += &format!(" test    |-> {},", test.ast_string());
                r += &self.nl();
                r += &self.ind(" labDo   |-> ");
                r += &self.stmts(lab_do);
                r += ",";
                r += &self.end();
                r += &self.nl();
                r += &self.ind(" unlabDo |-> ");
                r += &self.stmts(unlab_do);
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::Assign { ass } => {
                let mut r = self.ind("");
                r += "[type |-> \"assignment\",";
                r += &self.nl();
                r += &self.ind(" ass  |-> ");
                let ass = ass.clone();
                r += &self.seq(&ass, &mut |p, a| {
                    let a = a.borrow();
                    let mut r = p.ind("");
                    r += &format!(
                        "[lhs |-> [var |-> \"{}\", sub |-> {}],",
                        a.var,
                        a.sub.ast_string()
                    );
                    r += &p.nl();
                    r += &format!(" rhs |-> {}]", a.rhs.ast_string());
                    r += &p.end();
                    r
                });
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::If { test, then, els } => {
                let mut r = self.ind("");
                r += "[type    |-> \"if\", ";
                r += &self.nl();
                r += &format!(" test    |-> {},", test.ast_string());
                r += &self.nl();
                r += &self.ind(" then |-> ");
                r += &self.stmts(then);
                r += ",";
                r += &self.end();
                r += &self.nl();
                r += &self.ind(" else |-> ");
                r += &self.stmts(els);
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::Either { ors } => {
                let mut r = self.ind("");
                r += "[type |-> \"either\", ";
                r += &self.nl();
                r += &self.ind(" ors  |-> ");
                r += &self.ind("<< ");
                for (i, o) in ors.iter().enumerate() {
                    if i > 0 {
                        r += ", ";
                        r += &self.nl();
                    }
                    r += &self.stmts(o);
                }
                r += " >>";
                r += &self.end();
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::With {
                var,
                is_eq,
                exp,
                body,
            } => {
                let mut r = self.ind("");
                r += "[type   |-> \"with\", ";
                r += &self.nl();
                r += &format!(" var    |-> \"{var}\",");
                r += &self.nl();
                r += &format!(" eqOrIn |-> {},", Self::eq_or_in(*is_eq));
                r += &self.nl();
                r += &format!(" exp    |-> {},", exp.ast_string());
                r += &self.nl();
                r += &self.ind(" do     |-> ");
                r += &self.stmts(body);
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::When { exp } | Kind::Print { exp } | Kind::Assert { exp } => {
                let ty = match &st.kind {
                    Kind::When { .. } => "when",
                    Kind::Print { .. } => "print",
                    _ => "assert",
                };
                let mut r = self.ind("");
                r += &format!("[type |-> \"{ty}\", ");
                r += &self.nl();
                r += &format!(" exp |-> {}]", exp.ast_string());
                r += &self.end();
                r
            }
            Kind::Skip => "[type |-> \"skip\"]".into(),
            Kind::LabelIf {
                test,
                unlab_then,
                lab_then,
                unlab_else,
                lab_else,
            } => {
                let mut r = self.ind("");
                r += "[type      |-> \"labelIf\",";
                r += &self.nl();
                r += &format!(" test      |-> {},", test.ast_string());
                r += &self.nl();
                for (name, v, last) in [
                    (" unlabThen |-> ", unlab_then, false),
                    (" labThen   |-> ", lab_then, false),
                    (" unlabElse |-> ", unlab_else, false),
                    (" labElse   |-> ", lab_else, true),
                ] {
                    r += &self.ind(name);
                    r += &self.stmts(v);
                    r += if last { "]" } else { "," };
                    r += &self.end();
                    r += &self.nl();
                }
                r += &self.end();
                r
            }
            Kind::LabelEither { clauses } => {
                let mut r = self.ind("");
                r += "[type    |-> \"labelEither\",";
                r += &self.nl();
                r += &self.ind(" clauses |-> ");
                let clauses = clauses.clone();
                r += &self.seq(&clauses, &mut |p, c| {
                    let mut r = p.ind("");
                    r += &p.ind("[unlabOr |-> ");
                    r += &p.stmts(&c.unlab_or);
                    r += ",";
                    r += &p.end();
                    r += &p.nl();
                    r += &p.ind(" labOr   |-> ");
                    r += &p.stmts(&c.lab_or);
                    r += "]";
                    r += &p.end();
                    r += &p.nl();
                    r += &p.end();
                    r
                });
                r += "]";
                r += &self.end();
                r += &self.nl();
                r += &self.end();
                r
            }
            Kind::Call {
                return_to,
                to,
                args,
            } => {
                let mut r = self.ind("");
                r += "[type     |-> \"call\",";
                r += &self.nl();
                r += &format!(" returnTo |-> \"{return_to}\",");
                r += &self.nl();
                r += &format!(" to       |-> \"{to}\",");
                r += &self.nl();
                r += &self.ind(" args     |-> ");
                r += &self.exprs(args);
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::Return { from } => {
                format!(
                    "[type |-> \"return\", from |-> \"{}\"]",
                    from.as_deref().unwrap_or("null")
                )
            }
            Kind::CallReturn { from, to, args } => {
                let mut r = self.ind("");
                r += "[type     |-> \"callReturn\",";
                r += &self.nl();
                r += &format!(" from     |-> \"{}\",", from.as_deref().unwrap_or("null"));
                r += &self.nl();
                r += &format!(" to       |-> \"{to}\",");
                r += &self.nl();
                r += &self.ind("args     |-> ");
                r += &self.exprs(args);
                r += "]";
                r += &self.nl();
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::CallGoto { after, to, args } => {
                let mut r = self.ind("");
                r += "[type     |-> \"callGoto\",";
                r += &self.nl();
                r += &format!(" after    |-> \"{after}\",");
                r += &self.nl();
                r += &format!(" to       |-> \"{to}\",");
                r += &self.nl();
                r += &self.ind("args     |-> ");
                r += &self.exprs(args);
                r += "]";
                r += &self.nl();
                r += &self.end();
                r += &self.end();
                r
            }
            Kind::Goto { to } => format!("[type |-> \"goto\",  to |-> \"{to}\"]"),
            Kind::MacroCall { name, args } => {
                let mut r = self.ind("");
                r += "[type |-> \"macrocall\",";
                r += &self.nl();
                r += &format!(" name |-> \"{name}\",");
                r += &self.nl();
                r += &self.ind(" args     |-> ");
                r += &self.exprs(args);
                r += "]";
                r += &self.end();
                r += &self.end();
                r
            }
        }
    }

    fn procedure(&mut self, p: &Procedure) -> String {
        let mut r = self.ind("");
        r += &format!("[name   |-> \"{}\", ", p.name);
        if self.old_format {
            r += &self.nl();
            r += &self.ind(" params |-> ");
            let params = p.params.clone();
            r += &self.seq(&params, &mut |p, d| p.pvar_decl(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" decls  |-> ");
            let decls = p.decls.clone();
            r += &self.seq(&decls, &mut |p, d| p.pvar_decl(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" body   |-> ");
            r += &self.stmts(&p.body);
            r += "]";
            r += &self.end();
            r += &self.end();
            return r;
        }
        r += &self.nl();
        r += "minusLabels |-> ";
        r += &self.quoted(&p.minus_labels);
        r += ", plusLabels |->";
        r += &self.quoted(&p.plus_labels);
        r += ", proceduresCalled |->";
        r += &self.quoted(&p.procedures_called);
        r += ",";
        r += &self.nl();
        r += &self.ind(" params |-> ");
        let params = p.params.clone();
        r += &self.seq(&params, &mut |p, d| p.pvar_decl(d));
        r += ",";
        r += &self.end();
        r += &self.nl();
        r += &self.ind(" decls  |-> ");
        let decls = p.decls.clone();
        r += &self.seq(&decls, &mut |p, d| p.pvar_decl(d));
        r += ",";
        r += &self.end();
        r += &self.nl();
        r += &self.ind(" body   |-> ");
        r += &self.stmts(&p.body);
        r += "]";
        r += &self.end();
        r += &self.end();
        r
    }

    fn process(&mut self, p: &Process) -> String {
        let mut r = self.ind("");
        if self.old_format {
            r += &format!("[name   |-> \"{}\", ", p.name);
            r += &self.nl();
            r += &format!(" eqOrIn |-> {},", Self::eq_or_in(p.is_eq));
            r += &self.nl();
            r += &format!(" id     |-> {},", p.id.ast_string());
            r += &self.nl();
            r += &self.ind(" decls  |-> ");
            let decls = p.decls.clone();
            r += &self.seq(&decls, &mut |p, d| p.var_decl(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" body   |-> ");
            r += &self.stmts(&p.body);
            r += "]";
            r += &self.end();
            r += &self.end();
            return r;
        }
        r += &format!("[name   |-> \"{}\",", p.name);
        r += &self.nl();
        r += &format!(
            " fairness |-> \"{}\", minusLabels |-> ",
            ["unfair", "wf", "sf"][p.fairness]
        );
        r += &self.quoted(&p.minus_labels);
        r += ", plusLabels |->";
        r += &self.quoted(&p.plus_labels);
        r += ", proceduresCalled |->";
        r += &self.quoted(&p.procedures_called);
        r += ",";
        r += &self.nl();
        r += &format!(" eqOrIn |-> {},", Self::eq_or_in(p.is_eq));
        r += &self.nl();
        r += &format!(" id     |-> {},", p.id.ast_string());
        r += &self.nl();
        r += &self.ind(" decls  |-> ");
        let decls = p.decls.clone();
        r += &self.seq(&decls, &mut |p, d| p.var_decl(d));
        r += ",";
        r += &self.end();
        r += &self.nl();
        r += &self.ind(" body   |-> ");
        r += &self.stmts(&p.body);
        r += "]";
        r += &self.end();
        r += &self.end();
        r
    }

    /// The whole algorithm (AST.Uniprocess/Multiprocess.toString).
    pub fn algorithm(&mut self, a: &Algorithm) -> String {
        let mut r = self.ind("");
        let decls = a.decls.clone();
        let prcds = a.prcds.clone();
        if !a.multi {
            r += "[type     |-> \"uniprocess\", ";
            r += &self.nl();
            r += &format!(" name  |-> \"{}\", ", a.name);
            r += &self.nl();
            r += &self.ind(" decls  |-> ");
            r += &self.seq(&decls, &mut |p, d| p.var_decl(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" defs   |-> ");
            r += &a.defs.ast_string();
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" prcds  |-> ");
            r += &self.seq(&prcds, &mut |p, d| p.procedure(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" body  |-> ");
            r += &self.stmts(&a.body);
            r += "]";
            r += &self.end();
        } else {
            r += "[type    |-> \"multiprocess\", ";
            r += &self.nl();
            r += &format!(" name  |-> \"{}\", ", a.name);
            r += &self.nl();
            r += &self.ind(" decls |-> ");
            r += &self.seq(&decls, &mut |p, d| p.var_decl(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" defs  |-> ");
            r += &a.defs.ast_string();
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" prcds |-> ");
            r += &self.seq(&prcds, &mut |p, d| p.procedure(d));
            r += ",";
            r += &self.end();
            r += &self.nl();
            r += &self.ind(" procs |-> ");
            let procs = a.procs.clone();
            r += &self.seq(&procs, &mut |p, d| p.process(d));
            r += "]";
            r += &self.end();
        }
        r += &self.end();
        r
    }
}

impl Default for Printer {
    fn default() -> Self {
        Printer::new()
    }
}
