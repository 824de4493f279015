//! Expressions compiled once into prepared steps.
//!
//! The interpreter (`expr_node`) decides at every node what kind of expression it holds,
//! which definition a call reaches and whether that is Naturals' `<=`, and passes each result
//! up through error-carrying layers. For the shapes that fill guards, invariants and
//! constraints (Boolean connectives, quantifiers over one name, equality, membership, integer
//! operators, `f[x]` and `r.field` on a value at hand (a primed variable included), calls
//! with value arguments, constants computed once, LET names) and for the values that actions
//! build (tuples, records, set literals, functions, EXCEPT, LET and CASE) those decisions are
//! taken at an expression's first evaluation and kept in its slot (`Expr::slot`); later
//! evaluations run the prepared steps.
//!
//! A step computes what the interpreter computes for its node when no error arises. On an
//! error the compiled run gives up (`Bail`) and the interpreter evaluates the expression again
//! from the start, so every error (message, location, which one comes first) is the
//! interpreter's. That is sound because only expressions without effects (Print, TLCSet,
//! random choices, ...) are compiled: evaluating one again shows nothing.

mod build;
mod fold;
mod hand;
mod kept_set;
mod run;

use super::int_ops::IntOp;
use super::Evaluator;
use crate::env::{Env, ExprRef, StateView};
use crate::error::EResult;
use crate::natives::Native;
use crate::value::{Domain, FuncValue, IStr, Value};
use hand::Hand;
use std::sync::OnceLock;
use tla_sema::ir::{
    Builtin, ConstId, DefId, ExceptStep, ExceptUpdate, Expr, ExprKind, Junction, Loc, LocalId,
    OpRef, Quantifier, VarId,
};

/// What a slot holds: the compiled form, for the evaluator that made it (another evaluator
/// may bind the constants and replacements differently, so it interprets instead).
struct Compiled {
    evaluator: u64,
    /// Where the expression was when compiled: the steps point into it, and an expression
    /// moved since (a `Check` pushed into the model after a first evaluation) has a stale
    /// slot, which is then not run.
    at: usize,
    /// `None` when compiling would not help (the expression's own node is not one of the
    /// prepared shapes) or the expression may have effects.
    node: Option<Node>,
}

/// A prepared step. `ExprRef`s point at the node's own expression, for the interpreter to
/// take over where a value has an unusual form.
pub(crate) enum Node {
    /// A value found in place, without evaluating anything (see [`Place`]).
    Place(Place),
    /// An expression whose value is the same wherever it is evaluated (constant level, no
    /// name bound outside it: `Nodes \X Keys` in an invariant), computed at its first
    /// evaluation and then kept. The same object each time, so what is kept by object (an
    /// enumeration, a membership) serves every evaluation.
    Folded(fold::Fold, ExprRef),
    /// `f[a]...` and `r.field...` on a value at hand, some argument computed (`f[i + 1]`).
    /// True when every computed argument is of a form whose integer is found without
    /// binding anything (`p[Len(p)]`, `p[i + 1]`): the part is then found in place.
    Path(Base, Box<[Step]>, bool, ExprRef),
    /// Naturals' `+`, `-`, `*`, `\div`, `%`, `<`, `>`, `<=`, `>=`; how both operands' integers
    /// are found in place, when they can be.
    IntOp(
        IntOp,
        DefId,
        Box<[Node; 2]>,
        Option<Box<[Hand; 2]>>,
        ExprRef,
    ),
    /// A call of a native operator (`Len(s)`, `a..b`, `Append(s, x)`) with value arguments.
    Native(Native, Box<[Node]>, Loc),
    /// Sequences' `Len(s)`: a sequence at hand is measured in place; anything else goes to
    /// the native operator (`Node::Native`).
    Len(Box<Node>),
    /// A call of a definition with value parameters whose calls are not kept (see
    /// `call_memo.rs`) and that does not recurse: the arguments' values bound, its body run.
    Call(DefId, Box<[Node]>),
    /// `<<a, b, ...>>`.
    Tuple(Box<[Node]>),
    /// `=` (or `#` when true); how both operands are found in place, when they can be.
    Eq(bool, Box<[Node; 2]>, Option<Box<[Hand; 2]>>),
    /// `/\` (false) or `\/` (true) of the items, left to right.
    Junction(bool, Box<[Node]>),
    Not(Box<Node>),
    Implies(Box<[Node; 2]>),
    If(Box<[Node; 3]>),
    /// `\E` (true) or `\A` (false) of one name over a set.
    Quant(bool, LocalId, Box<[Node; 2]>),
    /// `\E` (true) or `\A` (false) of several names (`\A p, q \in Proc`, `\E x \in S, y \in
    /// T`): each bound's names with its set, the body last.
    QuantMany(bool, Box<[(Box<[LocalId]>, Node)]>, Box<Node>),
    /// `CHOOSE x \in S : P` of one name: the first element of S, in the order the interpreter
    /// walks it, for which P holds (none: the interpreter's error).
    Choose(LocalId, Box<[Node; 2]>),
    /// `{x \in S : P}` of one name: an explicit S or an interval filtered by P in its order;
    /// another S is the interpreter's (the whole expression last).
    Filter(LocalId, Box<[Node; 2]>, ExprRef),
    /// `S \ {p}` for a bound name `p`, the whole expression last: where a quantifier walks it
    /// (`\A q \in Proc \ {p}`), S's elements other than p are walked without building the
    /// set, as the interpreter would build it (`cap_or_minus_bound_name`); anywhere else, the
    /// set is built that way from S's compiled value (`\E q \in Proc \ {p}` in an action).
    MinusOne(Box<Node>, LocalId, ExprRef),
    /// `[f EXCEPT ![k]... = v, ...]`, each path of at most `MAX_EXCEPT_KEYS` steps: the base,
    /// then each update's keys and its new value, with `@` bound to the value it replaces. A
    /// key outside the domain or a part that is not a function is the interpreter's (it warns
    /// or fails).
    Except(Box<Node>, Box<[ExceptArm]>, Loc),
    /// `[f |-> e, ...]`: the domain of its field names made once, and each field's value
    /// with its place in the domain's order, in the order written.
    Record(Domain, Box<[(usize, Node)]>),
    /// `{a, b, ...}`.
    SetEnum(Box<[Node]>),
    /// `S \cup T`, and whether each operand's form is one of TLC's `Reducible` classes
    /// (`reducible_form`), which decides whether an empty operand gives the other as it is.
    Cup(Box<[Node; 2]>, [bool; 2], Loc),
    /// `[x \in S |-> e]` of one name.
    Fun(LocalId, Box<[Node; 2]>),
    /// `{e : x \in S}` of one name: S walked in its order, refused past the largest set
    /// the interpreter may build.
    SetMap(LocalId, Box<[Node; 2]>),
    /// `LET ... IN e`: the definitions the interpreter gives a slot (no parameters, not a
    /// function), then the body.
    Let(Box<[DefId]>, Box<Node>),
    /// `CASE p -> e [] ... [] OTHER -> e`; no guard true and no OTHER is the interpreter's
    /// error.
    Case(Box<[(Node, Node)]>, Option<Box<Node>>),
    /// `x \in S` (or `\notin` when true): the set's form decides how (see `member_expr`).
    In(bool, Box<Node>, ExprRef),
    /// `x \in S` for a set at hand (`m \in msgs`, `<<p[i], p[i+1]>> \in R`): searched in place,
    /// as `member_expr` searches the value of such a set.
    InAt(bool, Box<Node>, Box<Place>),
    /// `x \in DOMAIN f` for a function at hand (`m \in DOMAIN network[i]`): true when the
    /// function is defined at x, found in place; anything else as `In` decides it.
    InDomain(bool, Box<Node>, Box<Place>, ExprRef),
    /// `x \in S` for a set with one value for the run, of a form whose value answers
    /// membership as `member_expr` would (`kept_set.rs`): built at the first evaluation and
    /// searched as a value (by `Value::member`, which keeps answers by object identity).
    /// `None` kept: building it failed, and `member_expr` answers.
    InKept(bool, Box<Node>, std::sync::OnceLock<Option<Value>>, ExprRef),
    /// Any other expression, interpreted (its parts may be compiled).
    Interp(ExprRef),
}

/// A value at hand (a literal, a bound name, a variable, a constant) or a part of one reached
/// by keys at hand: `counter[i]`, `token.q`, `msgs[self][p]`. Found by reference, so an
/// operator applied to places (`counter[i] <= 3`) copies nothing.
pub(crate) struct Place {
    base: Base,
    keys: Box<[Base]>,
    src: ExprRef,
}

#[derive(Clone)]
pub(crate) enum Base {
    Lit(Value),
    Var(VarId, Loc),
    /// `x'`, once the next state's `x` is known.
    Prime(VarId),
    Local(LocalId),
    Const(ConstId),
    /// A definition without parameters whose value is computed once for the run.
    Cached(DefId),
    /// A LET definition without parameters: its value for this evaluation of the LET, once
    /// computed (`call`'s LET slot); until then the interpreter computes it (and keeps it).
    Let(DefId),
    /// A state-level definition without parameters that `call` keeps per state, or its
    /// prime (`true`): never at hand, asked of `call` as the interpreter asks it.
    Def(DefId, bool),
}

pub(crate) enum Step {
    Arg(Node),
    Key(Base),
}

/// One update of an EXCEPT: a field is a key at hand, an index a computed argument.
pub(crate) struct ExceptArm {
    keys: Box<[Step]>,
    value: Node,
}

/// The longest EXCEPT path compiled (its keys are kept on the stack):
/// `![self].insts[m.slot].voted.bal` takes five.
const MAX_EXCEPT_KEYS: usize = 6;

/// The most steps a path holds (as many arguments are kept on the stack):
/// `node[self].insts[m.slot].voted.bal` takes five.
const MAX_STEPS: usize = 6;
/// The most arguments a compiled call passes (they are kept on the stack).
const MAX_CALL_ARGS: usize = 3;

/// The compiled run gave up: the interpreter evaluates the expression instead.
pub(in crate::eval) struct Bail;

type Run<T> = Result<T, Bail>;

fn bail<E>(_: E) -> Bail {
    Bail
}

impl Evaluator<'_> {
    /// The compiled form of `e`, compiling it at the first call.
    #[inline]
    pub(super) fn compiled<'e>(&self, e: &'e Expr) -> Option<&'e Node> {
        if !self.compiling {
            return None;
        }
        let held = match e.slot.get() {
            Some(held) => held,
            None => e.slot.get_or_init(|| Box::new(self.compile_slot(e))),
        };
        let c = held.downcast_ref::<Compiled>()?;
        if c.evaluator != self.id || c.at != e as *const Expr as usize {
            return None;
        }
        c.node.as_ref()
    }

    /// This evaluator, interpreting every expression: the reference compiled forms are
    /// checked against.
    #[doc(hidden)]
    pub fn interpreting_only(mut self) -> Self {
        self.compiling = false;
        self
    }

    /// Whether `e` has a compiled form for this evaluator (compiling it if not yet done).
    #[doc(hidden)]
    pub fn has_compiled_form(&self, e: &Expr) -> bool {
        self.compiled(e).is_some()
    }

    /// Whether `e`, compiled, is a membership test that builds its set once
    /// (`Node::InKept`).
    #[doc(hidden)]
    pub fn keeps_member_set(&self, e: &Expr) -> bool {
        matches!(self.compiled(e), Some(Node::InKept(..)))
    }

    /// `e`'s value by its compiled form `n`, or by the interpreter if that gives up.
    #[inline]
    pub(super) fn run_compiled(
        &self,
        n: &Node,
        e: &Expr,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Value> {
        match self.run(n, env, sv) {
            Ok(v) => Ok(v),
            Err(Bail) => self.interpreting(env, |ev, env| {
                ev.expr_node(e, env, sv).map_err(|err| err.framed(e.loc))
            }),
        }
    }

    /// `e`'s value by the interpreter, after its compiled form gave up as a formula: what
    /// `run_compiled` finds then.
    #[cold]
    #[inline(never)]
    pub(in crate::eval) fn interpret_formula(
        &self,
        e: &Expr,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<Value> {
        self.interpreting(env, |ev, env| {
            ev.expr_node(e, env, sv).map_err(|err| err.framed(e.loc))
        })
    }

    /// `e` as a formula by its compiled form `n`, or by the interpreter if that gives up.
    #[inline]
    pub(super) fn run_compiled_bool(
        &self,
        n: &Node,
        e: &Expr,
        env: &mut Env,
        sv: &StateView,
    ) -> EResult<bool> {
        match self.run_bool(n, env, sv) {
            Ok(b) => Ok(b),
            Err(Bail) => self.interpreting(env, |ev, env| {
                ev.bool_of_node(e, env, sv).map_err(|err| err.framed(e.loc))
            }),
        }
    }

    /// `f` evaluated by the interpreter alone, nested compiled forms included. A compiled
    /// run that gave up is run again by the interpreter; were the nested forms compiled,
    /// each level of a recursion failing deep down (`f[n] == ... f[n-1] ...` past the depth
    /// limit) would try its compiled form and then interpret, and the retries would double
    /// at every level.
    #[cold]
    fn interpreting<T>(
        &self,
        env: &mut Env,
        f: impl FnOnce(&Self, &mut Env) -> EResult<T>,
    ) -> EResult<T> {
        env.interpreting += 1;
        let r = f(self, env);
        env.interpreting -= 1;
        r
    }

    #[cold]
    #[inline(never)]
    fn compile_slot(&self, e: &Expr) -> Compiled {
        let node = match self.compile(e) {
            Node::Interp(_) => None,
            // Bound names and variables alone are answered before the slot is looked at; a
            // LET name alone by the interpreter, which reads its slot first too.
            Node::Place(p) if p.keys.is_empty() && !matches!(p.base, Base::Cached(_)) => None,
            n if self.effect_free_for_compiling(e) => Some(n),
            _ => None,
        };
        Compiled {
            evaluator: self.id,
            at: e as *const Expr as usize,
            node,
        }
    }

    fn compile(&self, e: &Expr) -> Node {
        use ExprKind as K;
        let here = ExprRef::new(e);
        if let Some(base) = self.compile_base(e) {
            return Node::Place(Place {
                base,
                keys: Box::new([]),
                src: here,
            });
        }
        // A string not interned yet is interned where the interpreter would first meet it
        // (interning decides TLC's order), and then kept.
        if self.foldable(e) || matches!(e.kind, K::Str(_)) {
            return Node::Folded(fold::Fold::default(), here);
        }
        match &e.kind {
            K::Call(d, args) if self.int_ops[d.index()].is_some() => match &args[..] {
                [a, b] if !is_op_arg(a) && !is_op_arg(b) => {
                    let args = [self.compile(a), self.compile(b)];
                    let hands = hand::hands(&args, true);
                    let op = self.int_ops[d.index()].expect("checked");
                    Node::IntOp(op, *d, Box::new(args), hands, here)
                }
                _ => Node::Interp(here),
            },
            K::Call(d, args) => self
                .compile_call(*d, args, e.loc)
                .unwrap_or(Node::Interp(here)),
            K::Tuple(items) if !items.is_empty() => {
                Node::Tuple(items.iter().map(|it| self.compile(it)).collect())
            }
            K::FunApp(..) | K::Dot(..) => self.compile_path(e).unwrap_or(Node::Interp(here)),
            K::Except(base, updates) => self
                .compile_except(base, updates, e.loc)
                .unwrap_or(Node::Interp(here)),
            K::Builtin(b, args) => match (b, &args[..]) {
                (Builtin::And | Builtin::Or, [_, _]) => {
                    let or = *b == Builtin::Or;
                    let mut items = Vec::new();
                    self.flatten(e, or, &mut items);
                    Node::Junction(or, items.into())
                }
                (Builtin::Not, [a]) => Node::Not(Box::new(self.compile(a))),
                (Builtin::SetMinus, [_, _]) => {
                    self.compile_minus_one(e).unwrap_or(Node::Interp(here))
                }
                (Builtin::Cup, [a, c]) => Node::Cup(
                    Box::new([self.compile(a), self.compile(c)]),
                    [self.reducible_form(a), self.reducible_form(c)],
                    e.loc,
                ),
                (Builtin::Implies, [a, c]) => {
                    Node::Implies(Box::new([self.compile(a), self.compile(c)]))
                }
                (Builtin::Eq | Builtin::Neq, [a, c]) => {
                    let args = [self.compile(a), self.compile(c)];
                    let hands = hand::hands(&args, false);
                    Node::Eq(*b == Builtin::Neq, Box::new(args), hands)
                }
                (Builtin::In | Builtin::NotIn, [a, s]) => {
                    let not = *b == Builtin::NotIn;
                    let elem = Box::new(self.compile(a));
                    if self.foldable(s) && self.kept_set_answers(s) {
                        Node::InKept(not, elem, std::sync::OnceLock::new(), ExprRef::new(s))
                    } else if let Some(f) = self.domain_of_place(s) {
                        Node::InDomain(not, elem, Box::new(f), ExprRef::new(s))
                    } else {
                        match self.compile(s) {
                            Node::Place(set) => Node::InAt(not, elem, Box::new(set)),
                            _ => Node::In(not, elem, ExprRef::new(s)),
                        }
                    }
                }
                _ => Node::Interp(here),
            },
            K::Junction(j, items) => Node::Junction(
                *j == Junction::Or,
                items.iter().map(|it| self.compile(it)).collect(),
            ),
            K::Quant(q, bounds, body) => match &bounds[..] {
                [b] if !b.tuple && b.vars.len() == 1 => Node::Quant(
                    *q == Quantifier::Exists,
                    b.vars[0],
                    Box::new([self.compile_walked_set(&b.set), self.compile(body)]),
                ),
                _ if bounds.iter().all(|b| !b.tuple) => Node::QuantMany(
                    *q == Quantifier::Exists,
                    (bounds.iter())
                        .map(|b| (b.vars.clone().into_boxed_slice(), self.compile(&b.set)))
                        .collect(),
                    Box::new(self.compile(body)),
                ),
                _ => Node::Interp(here),
            },
            K::Choose(vars, false, Some(set), body) if vars.len() == 1 => {
                Node::Choose(vars[0], Box::new([self.compile(set), self.compile(body)]))
            }
            K::SetFilter(b, pred) if !b.tuple && b.vars.len() == 1 => Node::Filter(
                b.vars[0],
                Box::new([self.compile(&b.set), self.compile(pred)]),
                here,
            ),
            K::If(c, a, b) => Node::If(Box::new([
                self.compile(c),
                self.compile(a),
                self.compile(b),
            ])),
            K::Record(fields) => self.compile_record(fields).unwrap_or(Node::Interp(here)),
            K::SetEnum(items) if !items.is_empty() => {
                Node::SetEnum(items.iter().map(|it| self.compile(it)).collect())
            }
            K::FunCons(bounds, body) => match &bounds[..] {
                [b] if !b.tuple && b.vars.len() == 1 => Node::Fun(
                    b.vars[0],
                    Box::new([self.compile(&b.set), self.compile(body)]),
                ),
                _ => Node::Interp(here),
            },
            K::SetMap(body, bounds) => match &bounds[..] {
                [b] if !b.tuple && b.vars.len() == 1 => Node::SetMap(
                    b.vars[0],
                    Box::new([self.compile(&b.set), self.compile(body)]),
                ),
                _ => Node::Interp(here),
            },
            K::Let(defs, body) => {
                let spec = self.spec;
                let slots = defs.iter().copied().filter(|d| {
                    let def = spec.def(*d);
                    def.params.is_empty() && !def.is_function
                });
                Node::Let(slots.collect(), Box::new(self.compile(body)))
            }
            K::Case(arms, other) => Node::Case(
                arms.iter()
                    .map(|(g, v)| (self.compile(g), self.compile(v)))
                    .collect(),
                other.as_ref().map(|o| Box::new(self.compile(o))),
            ),
            K::Label(_, body) => self.compile(body),
            _ => Node::Interp(here),
        }
    }

    /// A record whose field names were all interned by the spec's reading (interning decides
    /// TLC's order) and differ (a repeated one is the interpreter's error).
    fn compile_record(&self, fields: &[(String, Expr)]) -> Option<Node> {
        let mut names = fields
            .iter()
            .map(|(n, _)| IStr::existing(n))
            .collect::<Option<Vec<_>>>()?;
        names.sort();
        if names.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let mut values = Vec::with_capacity(fields.len());
        for (n, e) in fields {
            let at = names.binary_search(&IStr::existing(n)?).ok()?;
            values.push((at, self.compile(e)));
        }
        let names: std::sync::Arc<[Value]> = names.into_iter().map(Value::Str).collect();
        Some(Node::Record(FuncValue::record_domain(names), values.into()))
    }

    /// `[base EXCEPT ...]` with every path short enough and every field name interned.
    fn compile_except(&self, base: &Expr, updates: &[ExceptUpdate], loc: Loc) -> Option<Node> {
        let mut arms = Vec::with_capacity(updates.len());
        for u in updates {
            if u.path.is_empty() || u.path.len() > MAX_EXCEPT_KEYS {
                return None;
            }
            let mut keys = Vec::with_capacity(u.path.len());
            for step in &u.path {
                keys.push(match step {
                    ExceptStep::Field(f) => Step::Key(Base::Lit(Value::Str(IStr::existing(f)?))),
                    ExceptStep::Index(ix) => Step::Arg(match &ix[..] {
                        [one] => self.compile(one),
                        _ => Node::Tuple(ix.iter().map(|it| self.compile(it)).collect()),
                    }),
                });
            }
            arms.push(ExceptArm {
                keys: keys.into(),
                value: self.compile(&u.value),
            });
        }
        Some(Node::Except(Box::new(self.compile(base)), arms.into(), loc))
    }

    /// The set a quantifier walks: `S \ {p}` for a bound name `p` is walked in place.
    fn compile_walked_set(&self, set: &Expr) -> Node {
        self.compile_minus_one(set)
            .unwrap_or_else(|| self.compile(set))
    }

    /// `S \ {p}` for a bound name `p`, unless it has one value for the run.
    fn compile_minus_one(&self, set: &Expr) -> Option<Node> {
        use ExprKind as K;
        let K::Builtin(Builtin::SetMinus, args) = &set.kind else {
            return None;
        };
        let (K::SetEnum(items), false) = (&args[1].kind, self.foldable(set)) else {
            return None;
        };
        let [Expr {
            kind: K::Local(p), ..
        }] = &items[..]
        else {
            return None;
        };
        let base = Box::new(self.compile(&args[0]));
        Some(Node::MinusOne(base, *p, ExprRef::new(set)))
    }

    /// A call that `call` would make by binding the values of `args` to `d`'s parameters
    /// (no operator argument or parameter, no model replacement, no lazy arguments) and
    /// then running a native operator or the body, with nothing kept by value in between.
    fn compile_call(&self, d: DefId, args: &[Expr], loc: Loc) -> Option<Node> {
        let def = self.spec.def(d);
        let plain_args = !args.is_empty()
            && args.len() <= MAX_CALL_ARGS
            && def.params.len() == args.len()
            && def.params.iter().all(|p| p.arity == 0)
            && !args.iter().any(is_op_arg)
            && self.overrides[d.index()].is_none()
            && !self.lazy_args[d.index()]
            // A variable passed to an action that may use it as a variable stays a variable,
            // and so does a parameter standing for one (see `binding`).
            && !(self.params_as_variables(d)
                && args
                    .iter()
                    .any(|a| matches!(a.kind, ExprKind::Var(_) | ExprKind::Local(_))));
        if !plain_args {
            return None;
        }
        let compiled = || args.iter().map(|a| self.compile(a)).collect();
        match self.natives[d.index()] {
            Some(native) => {
                let module = &self.spec.module(def.module).name;
                let native = Node::Native(native, compiled(), loc);
                Some(match (module.as_str(), def.name.as_str()) {
                    ("Sequences", "Len") => Node::Len(Box::new(native)),
                    _ => native,
                })
            }
            // Recursion stays with the interpreter, whose frames are smaller.
            None if !def.recursive && !self.call_memo_applies(d) => Some(Node::Call(d, compiled())),
            None => None,
        }
    }

    /// Whether `call` finds the value of `d` (called without arguments) in the LET slots
    /// once computed: a plain LET definition without parameters whose value is not kept
    /// elsewhere (for the run, or per state).
    fn let_value_slot(&self, d: DefId) -> bool {
        let def = self.spec.def(d);
        def.in_let
            && def.params.is_empty()
            && !def.is_function
            && self.is_plain_def(d)
            && !self.cacheable[d.index()]
            && !self.let_constant(d)
    }

    /// The place `f` of `DOMAIN f`, when `e` is that and `f` a place of a variable, a bound
    /// name or a constant: `member_expr` looks into a definition's body instead.
    fn domain_of_place(&self, e: &Expr) -> Option<Place> {
        match &e.kind {
            ExprKind::Builtin(Builtin::Domain, args) => match self.compile(&args[0]) {
                Node::Place(p)
                    if matches!(
                        p.base,
                        Base::Var(..) | Base::Prime(_) | Base::Local(_) | Base::Const(_)
                    ) =>
                {
                    Some(p)
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// `e` as a value at hand, if it is one.
    fn compile_base(&self, e: &Expr) -> Option<Base> {
        use ExprKind as K;
        Some(match &e.kind {
            K::Bool(b) => Base::Lit(Value::Bool(*b)),
            K::Num(n) => Base::Lit(Value::int(i64::try_from(*n).ok()?).ok()?),
            // Only a string the spec's reading interned: interning decides TLC's order.
            K::Str(s) => Base::Lit(Value::Str(IStr::existing(s)?)),
            K::Local(id) => Base::Local(*id),
            // `@` is bound as a name is.
            K::At => Base::Local(super::expr::AT),
            K::Var(v) => Base::Var(*v, e.loc),
            K::Builtin(Builtin::Prime, args) => match &args[..] {
                [Expr {
                    kind: K::Var(v), ..
                }] => Base::Prime(*v),
                [Expr {
                    kind: K::Call(d, a),
                    ..
                }] if a.is_empty() && self.kept_per_state(*d) => Base::Def(*d, true),
                _ => return None,
            },
            K::Const(c) => Base::Const(*c),
            K::Call(d, args) if args.is_empty() => match self.replacement(*d) {
                Some(r) if self.cacheable[r.index()] => Base::Cached(r),
                _ if self.let_value_slot(*d) => Base::Let(*d),
                // A definition the model replaces by a value (`NoBlock = [Nano]NoBlockVal`).
                None => match &self.overrides[d.index()] {
                    Some(crate::env::OpValue::Val(v)) => Base::Lit(v.clone()),
                    _ => return None,
                },
                Some(_) if self.kept_per_state(*d) => Base::Def(*d, false),
                _ => return None,
            },
            K::Label(_, body) => self.compile_base(body)?,
            _ => return None,
        })
    }

    /// Whether `e` has one value for the run, worth keeping: constant level and closed (see
    /// `closed`), and more than a literal or a call of a definition whose value is kept.
    fn foldable(&self, e: &Expr) -> bool {
        use ExprKind as K;
        let worth = !matches!(
            e.kind,
            K::Bool(_) | K::Num(_) | K::Str(_) | K::Const(_) | K::Label(..) | K::OpArg(_)
        ) && !matches!(&e.kind, K::Call(_, args) if args.is_empty());
        worth
            && self.constant_tree(e)
            && self.deterministic(e)
            && self.closed(e, &mut Vec::new(), 0, &mut Vec::new())
    }

    /// Whether `e` calls only constant-level definitions and uses no prime or ENABLED. The
    /// definitions' levels are read, not the expression's own annotation: a copy of an
    /// instantiated definition keeps the level its text had before a variable was substituted
    /// (`2 * dna` with `dna <- sumList(doubles)`).
    fn constant_tree(&self, e: &Expr) -> bool {
        use tla_sema::ir::Level;
        let here = match &e.kind {
            ExprKind::Var(_) => false,
            ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => {
                self.spec.def(*d).level == Level::Constant
            }
            ExprKind::Builtin(b, _) => !b.is_action_or_temporal(),
            ExprKind::BoxAction(..) | ExprKind::AngleAction(..) | ExprKind::Fair(..) => false,
            _ => true,
        };
        here && tla_sema::visit::all_children(e, &mut |c| self.constant_tree(c))
    }

    /// The items of nested binary `/\` (or `\/`), in order.
    fn flatten(&self, e: &Expr, or: bool, out: &mut Vec<Node>) {
        let want = if or { Builtin::Or } else { Builtin::And };
        match &e.kind {
            ExprKind::Builtin(b, args) if *b == want && args.len() == 2 => {
                self.flatten(&args[0], or, out);
                self.flatten(&args[1], or, out);
            }
            _ => out.push(self.compile(e)),
        }
    }

    /// `f[a]...` or `r.field...` down to a value at hand, one argument a step: a place when
    /// every argument is at hand, else a path of at most `MAX_STEPS` steps.
    fn compile_path(&self, e: &Expr) -> Option<Node> {
        let mut steps = Vec::new();
        let mut at = e;
        loop {
            match &at.kind {
                ExprKind::FunApp(f, args) if args.len() == 1 => {
                    steps.push(match self.compile_base(&args[0]) {
                        Some(k) => Step::Key(k),
                        None => Step::Arg(self.compile(&args[0])),
                    });
                    at = f;
                }
                // `f[a, b]` applies f to the tuple `<<a, b>>`.
                ExprKind::FunApp(f, args) if !args.is_empty() => {
                    steps.push(Step::Arg(Node::Tuple(
                        args.iter().map(|a| self.compile(a)).collect(),
                    )));
                    at = f;
                }
                ExprKind::Dot(r, field) => {
                    steps.push(Step::Key(Base::Lit(Value::Str(IStr::existing(field)?))));
                    at = r;
                }
                _ => break,
            }
        }
        let base = match self.compile_base(at)? {
            Base::Lit(_) => return None,
            b => b,
        };
        steps.reverse();
        let src = ExprRef::new(e);
        if steps.iter().all(|s| matches!(s, Step::Key(_))) {
            let keys = steps.into_iter().map(|s| match s {
                Step::Key(k) => k,
                Step::Arg(_) => unreachable!("all keys"),
            });
            return Some(Node::Place(Place {
                base,
                keys: keys.collect(),
                src,
            }));
        }
        if steps.len() > MAX_STEPS {
            return None;
        }
        let int_keys = steps.iter().all(|s| match s {
            Step::Key(_) => true,
            Step::Arg(a) => int_at_hand_form(a),
        });
        Some(Node::Path(base, steps.into(), int_keys, src))
    }

    /// Whether evaluating `e` twice shows nothing more than once: it reaches no operator
    /// with an effect or a drawn value. Reading the run's state (`TLCGet("level")`) is
    /// allowed: evaluated again, it shows nothing (see `Reach::Reads`).
    fn effect_free_for_compiling(&self, e: &Expr) -> bool {
        let table = self.reach_table(&self.effect_free_defs, Reach::Reads);
        no_effects_expr(self, e, &mut |d| table[d.index()])
    }

    /// Whether evaluating `e` has no effect and draws nothing (it may read what the run has
    /// come to, as `TLCGet("level")`): evaluated once more, or on another thread, it shows
    /// nothing.
    pub fn without_effects(&self, e: &Expr) -> bool {
        self.effect_free_for_compiling(e)
    }

    /// Whether `e` has one value wherever and whenever it is evaluated, as far as what it
    /// calls goes: no effect, drawn value, or read of the run's state (to be kept once).
    pub(in crate::eval) fn deterministic(&self, e: &Expr) -> bool {
        let table = self.reach_table(&self.deterministic_defs, Reach::Fixed);
        no_effects_expr(self, e, &mut |d| table[d.index()])
    }

    /// Whether calling `d` has one value for given arguments wherever and whenever it is
    /// evaluated, as far as what it calls goes (see `deterministic`).
    pub(in crate::eval) fn fixed_def(&self, d: DefId) -> bool {
        self.reach_table(&self.deterministic_defs, Reach::Fixed)[d.index()]
    }

    fn reach_table<'t>(&self, table: &'t OnceLock<Vec<bool>>, reach: Reach) -> &'t [bool] {
        table.get_or_init(|| {
            let mut memo = vec![None; self.spec.defs.len()];
            (0..self.spec.defs.len())
                .map(|i| self.def_within(DefId(i as u32), reach, &mut memo))
                .collect()
        })
    }

    fn def_within(&self, d: DefId, reach: Reach, memo: &mut Vec<Option<bool>>) -> bool {
        use crate::env::OpValue;
        if let Some(p) = memo[d.index()] {
            return p;
        }
        // A definition reached again while being examined adds nothing new.
        memo[d.index()] = Some(true);
        let def = self.spec.def(d);
        let p = match &self.overrides[d.index()] {
            Some(OpValue::Def(r)) => self.def_within(*r, reach, memo),
            Some(OpValue::Val(_)) => true,
            Some(_) => false,
            None if self.natives[d.index()].is_some() => {
                let module = &self.spec.module(def.module).name;
                crate::natives::is_deterministic(module, &def.name)
                    || (reach == Reach::Reads && crate::natives::only_reads(module, &def.name))
            }
            None => {
                let body = &def.body;
                no_effects_expr(self, body, &mut |r| self.def_within(r, reach, memo))
            }
        };
        memo[d.index()] = Some(p);
        p
    }
}

/// What the operators an expression reaches may do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Give the same value each time and show nothing.
    Fixed,
    /// Also read what the run has come to (TLCGet, JavaTime): safe to evaluate twice, not
    /// to keep.
    Reads,
}

fn is_op_arg(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::OpArg(_))
}

/// Whether `e` reaches only definitions `def_ok` accepts, and no operator constant the model
/// binds to anything but a definition.
fn no_effects_expr(ev: &Evaluator, e: &Expr, def_ok: &mut dyn FnMut(DefId) -> bool) -> bool {
    let here = match &e.kind {
        ExprKind::Call(d, _) | ExprKind::OpArg(OpRef::Def(d)) => def_ok(*d),
        ExprKind::Let(defs, _) => defs.iter().all(|d| def_ok(*d)),
        ExprKind::CallConst(c, _) | ExprKind::OpArg(OpRef::Const(c)) => {
            ev.const_def(*c).is_some_and(&mut *def_ok)
        }
        _ => true,
    };
    if !here {
        return false;
    }
    tla_sema::visit::all_children(e, &mut |c| no_effects_expr(ev, c, def_ok))
}

/// Whether `n` is of a form whose integer `int_now` may find without binding anything: a
/// place, a sequence's length, or Naturals' operator on such forms.
fn int_at_hand_form(n: &Node) -> bool {
    match n {
        Node::Place(_) | Node::Folded(..) | Node::Len(_) => true,
        Node::IntOp(_, _, args, _, _) => args.iter().all(int_at_hand_form),
        _ => false,
    }
}
