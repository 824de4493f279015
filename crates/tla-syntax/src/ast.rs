//! The syntax tree of one TLA+ source file, with byte spans into that file.
//!
//! Every operator application, built-in or user-defined, prefix, infix or postfix, is an
//! [`ExprKind::Apply`] of a name: `a + b` is `Apply("+", [a, b])`, `x'` is `Apply("'", [x])`,
//! `SUBSET S` is `Apply("SUBSET", [S])`. Unicode spellings are mapped to their ASCII names by the
//! lexer, so both spellings give the same tree. Resolution of names is left to `tla-sema`.

use crate::span::Span;

/// A name with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub name: Ident,
    pub extends: Vec<Ident>,
    pub units: Vec<Unit>,
    /// From the `----` of the header to the end of the `====` line.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Unit {
    Variables(Vec<Ident>),
    Constants(Vec<OpDecl>),
    Recursive(Vec<OpDecl>),
    Op(OpDef),
    Fun(FunDef),
    /// `INSTANCE M WITH ...` without a name: M's definitions join this module's.
    Instance(Instance),
    /// `I(p) == INSTANCE M WITH ...`.
    ModuleDef(ModuleDef),
    Assume(Assume),
    Theorem(Theorem),
    Submodule(Module),
    /// `USE`/`HIDE` at module level, and `----` separators: nothing to check.
    Ignored(Span),
}

/// A declared operator: a CONSTANT, a RECURSIVE forward declaration or an operator parameter.
/// `arity` is 0 for a plain name, n for `Op(_, _)`, and 1 or 2 for `-. _`, `_ + _`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpDecl {
    pub name: Ident,
    pub arity: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OpDef {
    pub name: Ident,
    pub params: Vec<OpDecl>,
    pub body: Expr,
    pub local: bool,
    /// The whole definition, `Name(...) == body`.
    pub span: Span,
}

/// `f[x \in S, y \in T] == body`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunDef {
    pub name: Ident,
    pub bounds: Vec<Bound>,
    pub body: Expr,
    pub local: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub module: Ident,
    /// `WITH x <- e`; the name may be an operator symbol such as `+`.
    pub substitutions: Vec<(Ident, Expr)>,
    pub local: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ModuleDef {
    pub name: Ident,
    pub params: Vec<OpDecl>,
    pub instance: Instance,
    pub local: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Assume {
    pub name: Option<Ident>,
    pub expr: Expr,
    pub span: Span,
}

/// A THEOREM (or LEMMA, ...). Its proof is parsed for well-formedness and dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Theorem {
    pub name: Option<Ident>,
    pub statement: Statement,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    Expr(Expr),
    /// `ASSUME NEW x \in S, P PROVE Q`.
    AssumeProve {
        assumptions: Vec<Assumption>,
        goal: Box<Expr>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Assumption {
    /// `NEW [CONSTANT|VARIABLE|STATE|ACTION|TEMPORAL] x [\in S]`, or `NEW Op(_)`.
    New {
        decl: OpDecl,
        set: Option<Expr>,
        kind: NewKind,
    },
    Expr(Expr),
    /// A nested `ASSUME ... PROVE`.
    Nested(Statement),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewKind {
    Constant,
    Variable,
    State,
    Action,
    Temporal,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    Forall,
    Exists,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Junction {
    And,
    Or,
}

/// One step of an instance path: `I(1)!` in `I(1)!Op(x)`. After a definition's name, a
/// segment may also be a subexpression selector: `Inv!2` names the second conjunct of Inv (the
/// name "2"), and `P!(a, b)` applies P's body to arguments (the empty name).
#[derive(Clone, Debug, PartialEq)]
pub struct PathSeg {
    pub name: Ident,
    pub args: Vec<Expr>,
}

/// The bound names of a quantifier group: `x, y \in S` or `<<x, y>> \in S`.
#[derive(Clone, Debug, PartialEq)]
pub enum BoundVars {
    Names(Vec<Ident>),
    Tuple(Vec<Ident>),
}

impl BoundVars {
    pub fn idents(&self) -> &[Ident] {
        match self {
            BoundVars::Names(v) | BoundVars::Tuple(v) => v,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    pub vars: BoundVars,
    pub set: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExceptStep {
    /// `!.a`
    Field(Ident),
    /// `![i]` or `![i, j]` (the latter indexes by the tuple `<<i, j>>`).
    Index(Vec<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExceptUpdate {
    pub path: Vec<ExceptStep>,
    pub value: Expr,
}

/// The name of a label and the bound names it takes: `lab(x, y) ::`.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelHead {
    pub name: Ident,
    pub params: Vec<Ident>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fairness {
    Weak,
    Strong,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A name, possibly behind an instance path, possibly applied: `x`, `Op(a, b)`,
    /// `I!Op`, `I(1)!Op(a)`, `a + b` (name `+`), `~a` (name `~`).
    Apply {
        path: Vec<PathSeg>,
        name: Ident,
        args: Vec<Expr>,
    },
    /// A numeral, `\b`, `\o` and `\h` forms already converted.
    Num(u128),
    /// A decimal numeral `1.5`, kept as written.
    Decimal(String),
    Str(String),
    /// `@` inside an EXCEPT value.
    At,
    /// A bulleted `/\` or `\/` list, or an infix chain of one of them: the items in order.
    Junction(Junction, Vec<Expr>),
    /// `\A`/`\E x \in S, <<y, z>> \in T : body`.
    BoundedQuant(Quantifier, Vec<Bound>, Box<Expr>),
    /// `\A`/`\E x, y : body`.
    UnboundedQuant(Quantifier, Vec<Ident>, Box<Expr>),
    /// `\AA`/`\EE x, y : body`.
    TemporalQuant(Quantifier, Vec<Ident>, Box<Expr>),
    /// `CHOOSE x \in S : P`, `CHOOSE <<x, y>> \in S : P`, `CHOOSE x : P`.
    Choose(BoundVars, Option<Box<Expr>>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `CASE p1 -> e1 [] ... [] OTHER -> e`.
    Case(Vec<(Expr, Expr)>, Option<Box<Expr>>),
    Let(Vec<Unit>, Box<Expr>),
    Lambda(Vec<Ident>, Box<Expr>),
    /// `{a, b, c}`
    SetEnum(Vec<Expr>),
    /// `{x \in S : P}`
    SetFilter(Box<Bound>, Box<Expr>),
    /// `{e : x \in S, y \in T}`
    SetMap(Box<Expr>, Vec<Bound>),
    /// `<<a, b>>`
    Tuple(Vec<Expr>),
    /// `[a |-> 1, b |-> 2]`
    Record(Vec<(Ident, Expr)>),
    /// `[a : S, b : T]`
    RecordSet(Vec<(Ident, Expr)>),
    /// `[x \in S, y \in T |-> e]`
    FunCons(Vec<Bound>, Box<Expr>),
    /// `[S -> T]`
    FunSet(Box<Expr>, Box<Expr>),
    /// `f[a]`, `f[a, b]`
    FunApp(Box<Expr>, Vec<Expr>),
    /// `r.field`
    Dot(Box<Expr>, Ident),
    /// `[f EXCEPT ![a] = e, !.b = e2]`
    Except(Box<Expr>, Vec<ExceptUpdate>),
    /// `A \X B \X C`: one n-ary product, not nested binary ones.
    Times(Vec<Expr>),
    /// `[A]_v`
    BoxAction(Box<Expr>, Box<Expr>),
    /// `<<A>>_v`
    AngleAction(Box<Expr>, Box<Expr>),
    /// `WF_v(A)`, `SF_v(A)`: (kind, v, A)
    Fair(Fairness, Box<Expr>, Box<Expr>),
    /// `label :: e`, `label(x, y) :: e`
    Label(LabelHead, Box<Expr>),
    /// `(e)`: kept so that a printed tree reads as written.
    Paren(Box<Expr>),
}
