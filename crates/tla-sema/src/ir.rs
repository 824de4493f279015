//! The resolved form of a specification: every name bound to what it denotes, every expression
//! annotated with its level. This is what the evaluator and the model checker consume.
//!
//! Instances are expanded: `I == INSTANCE M WITH x <- e` gets its own copies of M's definitions
//! with `x` replaced by `e`, and a parameterized instance `I(p) == ...` gives each copy `p` as
//! extra leading parameters. Definitions that do not depend on the substituted names are shared.

pub use tla_syntax::ast::{Fairness, Junction, Quantifier};
use tla_syntax::Span;

macro_rules! id_type {
    ($name:ident) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(FileId);
id_type!(ModuleId);
id_type!(DefId);
id_type!(VarId);
id_type!(ConstId);
id_type!(LocalId);

/// A place in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    pub file: FileId,
    pub span: Span,
}

/// Constant < state < action < temporal, as in SANY.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Constant,
    State,
    Action,
    Temporal,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Constant => "constant",
            Level::State => "state",
            Level::Action => "action",
            Level::Temporal => "temporal",
        }
    }
}

/// Operators built into the language (not defined in any module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Eq,
    Neq,
    In,
    NotIn,
    And,
    Or,
    Not,
    Implies,
    Equiv,
    Cup,
    Cap,
    SetMinus,
    Subseteq,
    Subset,
    Union,
    Domain,
    Prime,
    Unchanged,
    Enabled,
    Always,
    Eventually,
    LeadsTo,
    WhilePlus,
    Cdot,
    BooleanSet,
    StringSet,
}

impl Builtin {
    /// The builtin spelled `name` with `arity` arguments, if any.
    pub fn lookup(name: &str, arity: usize) -> Option<Builtin> {
        use Builtin::*;
        Some(match (name, arity) {
            ("=", 2) => Eq,
            ("#", 2) => Neq,
            ("\\in", 2) => In,
            ("\\notin", 2) => NotIn,
            ("/\\", 2) => And,
            ("\\/", 2) => Or,
            ("~", 1) => Not,
            ("=>", 2) => Implies,
            ("<=>", 2) => Equiv,
            ("\\cup", 2) => Cup,
            ("\\cap", 2) => Cap,
            ("\\", 2) => SetMinus,
            ("\\subseteq", 2) => Subseteq,
            ("SUBSET", 1) => Subset,
            ("UNION", 1) => Union,
            ("DOMAIN", 1) => Domain,
            ("'", 1) => Prime,
            ("UNCHANGED", 1) => Unchanged,
            ("ENABLED", 1) => Enabled,
            ("[]", 1) => Always,
            ("<>", 1) => Eventually,
            ("~>", 2) => LeadsTo,
            ("-+->", 2) => WhilePlus,
            ("\\cdot", 2) => Cdot,
            ("BOOLEAN", 0) => BooleanSet,
            ("STRING", 0) => StringSet,
            _ => return None,
        })
    }

    /// Whether `name` is a builtin at some arity.
    pub fn is_builtin_name(name: &str) -> bool {
        (0..3).any(|n| Builtin::lookup(name, n).is_some()) || name == "TRUE" || name == "FALSE"
    }

    /// Whether the builtin is beyond state level whatever its arguments: a prime, UNCHANGED,
    /// ENABLED, `\cdot` or a temporal operator.
    pub fn is_action_or_temporal(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Prime | Unchanged | Enabled | Cdot | Always | Eventually | LeadsTo | WhilePlus
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub loc: Loc,
    pub level: Level,
    /// Filled by the evaluator (see [`ExprSlot`]).
    pub slot: ExprSlot,
}

/// Room for the evaluator to keep what it prepares for an expression at its first evaluation
/// (a compiled form), found without a table lookup. Not part of the expression's meaning: it
/// compares equal, prints as nothing, and a clone starts empty.
#[derive(Default)]
pub struct ExprSlot(std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>>);

impl ExprSlot {
    #[inline]
    pub fn get(&self) -> Option<&(dyn std::any::Any + Send + Sync)> {
        self.0.get().map(|b| &**b)
    }

    /// The content, made by `make` if the slot is empty.
    pub fn get_or_init(
        &self,
        make: impl FnOnce() -> Box<dyn std::any::Any + Send + Sync>,
    ) -> &(dyn std::any::Any + Send + Sync) {
        &**self.0.get_or_init(make)
    }
}

impl Clone for ExprSlot {
    fn clone(&self) -> Self {
        ExprSlot::default()
    }
}

impl PartialEq for ExprSlot {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for ExprSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

/// An operator passed as an argument to a higher-order operator. A LAMBDA becomes a definition
/// of its own (named `LAMBDA`), closed over the locals around it like a LET definition.
#[derive(Clone, Debug, PartialEq)]
pub enum OpRef {
    Def(DefId),
    /// An operator parameter of the enclosing definition.
    Param(LocalId),
    Builtin(Builtin),
    /// An operator constant `CONSTANT F(_)` passed on.
    Const(ConstId),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    pub vars: Vec<LocalId>,
    /// `<<x, y>> \in S` rather than `x, y \in S`.
    pub tuple: bool,
    pub set: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExceptStep {
    Field(String),
    Index(Vec<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExceptUpdate {
    pub path: Vec<ExceptStep>,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Bool(bool),
    Num(u128),
    Decimal(String),
    Str(String),
    Var(VarId),
    Const(ConstId),
    /// A bound variable or a parameter of arity 0.
    Local(LocalId),
    /// A user or standard-module definition applied to arguments.
    Call(DefId, Vec<Expr>),
    /// An operator constant `CONSTANT F(_)` applied to arguments.
    CallConst(ConstId, Vec<Expr>),
    /// An operator parameter of arity > 0 applied to arguments.
    CallParam(LocalId, Vec<Expr>),
    Builtin(Builtin, Vec<Expr>),
    /// An operator (or LAMBDA) passed as an argument.
    OpArg(OpRef),
    Junction(Junction, Vec<Expr>),
    Quant(Quantifier, Vec<Bound>, Box<Expr>),
    UnboundedQuant(Quantifier, Vec<LocalId>, Box<Expr>),
    TemporalQuant(Quantifier, Vec<LocalId>, Box<Expr>),
    /// `CHOOSE x \in S : P` (vars, tuple, set, body).
    Choose(Vec<LocalId>, bool, Option<Box<Expr>>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Case(Vec<(Expr, Expr)>, Option<Box<Expr>>),
    /// The LET definitions live in [`Spec::defs`]; they may refer to enclosing locals.
    Let(Vec<DefId>, Box<Expr>),
    SetEnum(Vec<Expr>),
    SetFilter(Box<Bound>, Box<Expr>),
    SetMap(Box<Expr>, Vec<Bound>),
    Tuple(Vec<Expr>),
    Record(Vec<(String, Expr)>),
    RecordSet(Vec<(String, Expr)>),
    FunCons(Vec<Bound>, Box<Expr>),
    FunSet(Box<Expr>, Box<Expr>),
    FunApp(Box<Expr>, Vec<Expr>),
    Dot(Box<Expr>, String),
    Except(Box<Expr>, Vec<ExceptUpdate>),
    /// `@` inside an EXCEPT value.
    At,
    Times(Vec<Expr>),
    BoxAction(Box<Expr>, Box<Expr>),
    AngleAction(Box<Expr>, Box<Expr>),
    Fair(Fairness, Box<Expr>, Box<Expr>),
    Label(LabelHead, Box<Expr>),
}

/// A label's name and the bound names it takes (`lab(x, y) :: e`), for subexpression names.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelHead {
    pub name: String,
    pub params: Vec<LocalId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub local: LocalId,
    pub arity: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    pub name: String,
    /// The module whose text holds the definition.
    pub module: ModuleId,
    pub params: Vec<Param>,
    pub body: Expr,
    /// The whole definition, `Name(...) == body`.
    pub loc: Loc,
    /// `f[x \in S] == e`: the body is the function constructor, which may refer to `f`.
    pub is_function: bool,
    /// Declared RECURSIVE.
    pub recursive: bool,
    /// Defined by LET or LAMBDA: its body may refer to locals of the expression around it.
    pub in_let: bool,
    /// For a copy made by an INSTANCE: the definition as written (a model's override of a
    /// definition applies to all its copies).
    pub origin: Option<DefId>,
    /// For a definition offered by a named instance (`I == INSTANCE M`): that instance's
    /// name and the location of its name, which TLC's coverage report names an action by.
    pub via_instance: Option<(String, Loc)>,
    /// The level of an application whose arguments are all constant.
    pub level: Level,
    /// Per parameter: whether an argument's level raises the application's level.
    pub param_raises: Vec<bool>,
    /// Per parameter: the highest level an argument may have.
    pub param_max: Vec<Level>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub name: String,
    pub loc: Loc,
    /// For operator constants `Op(_, _)`.
    pub arity: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LocalInfo {
    pub name: String,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub struct Assumption {
    pub name: Option<String>,
    pub expr: Expr,
    /// The whole `ASSUME ...` statement.
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub struct ModuleInfo {
    pub name: String,
    pub file: FileId,
    /// Whether it came from the embedded standard modules.
    pub standard: bool,
    /// Definitions visible in the module at its end, by name (operators, including those
    /// from EXTENDS and unnamed INSTANCE).
    pub defs: std::collections::BTreeMap<String, DefId>,
    /// Variables and constants declared in the module or those it extends, in order.
    pub variables: Vec<VarId>,
    pub constants: Vec<ConstId>,
    /// The modules named in its EXTENDS.
    pub extends: Vec<ModuleId>,
    pub assumptions: Vec<Assumption>,
    /// The entries of SANY's table of the module's names (Context.table, its 72 built-in
    /// operators not counted, `I!Op` counted for a named instance `I`): after its EXTENDS
    /// and at its end. TLC orders the variables as that java.util.Hashtable enumerates them.
    pub context_len: (usize, usize),
}

/// A resolved specification: the root module and everything it depends on.
#[derive(Clone, Debug)]
pub struct Spec {
    pub files: Vec<tla_syntax::SourceFile>,
    pub modules: Vec<ModuleInfo>,
    pub root: ModuleId,
    pub defs: Vec<Def>,
    pub variables: Vec<Decl>,
    pub constants: Vec<Decl>,
    pub locals: Vec<LocalInfo>,
}

impl Spec {
    pub fn def(&self, id: DefId) -> &Def {
        &self.defs[id.index()]
    }

    pub fn module(&self, id: ModuleId) -> &ModuleInfo {
        &self.modules[id.index()]
    }

    pub fn root_module(&self) -> &ModuleInfo {
        self.module(self.root)
    }

    /// A definition of the root module (or one it extends) by name.
    pub fn root_def(&self, name: &str) -> Option<DefId> {
        self.root_module().defs.get(name).copied()
    }

    /// `file:line:col` of a location.
    pub fn describe_loc(&self, loc: Loc) -> String {
        let f = &self.files[loc.file.index()];
        let (l, c) = f.line_col(loc.span.start);
        format!("{}:{}:{}", f.path, l, c)
    }
}
