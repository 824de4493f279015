//! The evaluator: resolved expressions to values, with TLC's semantics.

mod apply;
mod builtin;
mod call;
mod call_memo;
mod compiled;
mod conjuncts;
mod expr;
mod filter_pairs;
mod formula;
mod fun_memo;
mod guards;
mod int_ops;
mod kept_select;
mod literals;
mod member_whole;
mod memo;
mod var_params;
pub mod warnings;

pub use conjuncts::{ConjunctMemo, Conjuncts};

use crate::env::{Binding, Env, OpValue, StateView};
use crate::error::{EResult, EvalError};
use crate::natives::{self, Native};
use crate::value::Value;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Mutex, OnceLock};
use tla_sema::ir::{ConstId, DefId, Expr, Loc, Spec};

/// Facts about the running model check that TLCGet reads.
#[derive(Default)]
pub struct RunInfo {
    /// The length of the behaviour to the state being explored (TLCGet("level")).
    pub level: AtomicI64,
    pub distinct: AtomicI64,
    pub generated: AtomicI64,
    pub queue: AtomicI64,
    pub diameter: AtomicI64,
    /// Behaviours generated so far in simulation mode (TLCGet("stats").traces).
    pub traces: AtomicI64,
    /// When the run started (TLCGet("duration")); set when the evaluator is made.
    pub started: OnceLock<std::time::Instant>,
    /// Intermediate states of action compositions (`A \cdot B`) generated since last read:
    /// TLC counts them as generated states.
    pub intermediate: AtomicI64,
    /// The behaviour from an initial state to the state being checked or explored, kept by
    /// the checker when the spec uses TLCExt's Trace.
    pub trace: Mutex<Vec<std::sync::Arc<[Value]>>>,
}

thread_local! {
    /// The level of the state this thread works on, when a parallel checker sets it per
    /// thread (workers explore states of different levels at once); wins over `RunInfo::level`.
    static THREAD_LEVEL: std::cell::Cell<Option<i64>> = const { std::cell::Cell::new(None) };
}

impl RunInfo {
    /// The intermediate states counted since the last call, the count reset. Read first:
    /// workers call this after every state, and a write each time would pass the counter's
    /// cache line between their cores even in specs without `\cdot`.
    pub fn take_intermediate(&self) -> u64 {
        match self.intermediate.load(std::sync::atomic::Ordering::Relaxed) {
            0 => 0,
            _ => self
                .intermediate
                .swap(0, std::sync::atomic::Ordering::Relaxed) as u64,
        }
    }

    /// Sets (or with `None` clears) the calling thread's TLCGet("level").
    pub fn set_thread_level(level: Option<i64>) {
        THREAD_LEVEL.with(|l| l.set(level));
    }

    /// TLCGet("level"): the calling thread's, else the run's.
    pub fn current_level(&self) -> i64 {
        THREAD_LEVEL
            .with(|l| l.get())
            .unwrap_or_else(|| self.level.load(Ordering::Relaxed))
    }
}

/// Evaluates the expressions of one spec under one model (constant values).
pub struct Evaluator<'a> {
    pub spec: &'a Spec,
    /// The value (or operator) of each declared constant, as the model sets it.
    consts: Vec<Option<Binding>>,
    natives: Vec<Option<Native>>,
    /// Natives that take their arguments unevaluated (TLC's `@Evaluation` overrides).
    lazy_args: Vec<bool>,
    /// Naturals' binary operators, applied in place to integers (see `int_ops.rs`).
    int_ops: Vec<Option<int_ops::IntOp>>,
    /// Definitions the model replaces (`Op <- Other` in the .cfg).
    overrides: Vec<Option<OpValue>>,
    /// Values of definitions without parameters that depend on no variable, computed once.
    cache: Vec<OnceLock<Value>>,
    cacheable: Vec<bool>,
    /// Tells this evaluator's entries in the per-state memo apart (see `memo.rs`).
    id: u64,
    /// Definitions whose value is kept per state (see `memo.rs`), decided at first use.
    memo_defs: OnceLock<Vec<bool>>,
    /// LET definitions whose value is kept for the run (see `memo.rs`), decided at first use.
    let_constants: OnceLock<Vec<bool>>,
    memo_reads: OnceLock<Vec<Option<Box<[tla_sema::ir::VarId]>>>>,
    /// LET function definitions whose points are kept while applied, with the names bound
    /// outside them that they read (see `fun_memo.rs`), decided at first use.
    fun_memo_plans: OnceLock<Vec<Option<Box<[tla_sema::ir::LocalId]>>>>,
    /// Per LET definition: the names bound outside it that it reads (see `fun_memo.rs`).
    closure_reads: OnceLock<Vec<Option<Box<[tla_sema::ir::LocalId]>>>>,
    /// Definitions whose calls are kept by argument values (see `call_memo.rs`).
    call_memo_plans: OnceLock<call_memo::CallMemoPlans>,
    /// Definitions that membership builds whole (see `member_whole.rs`).
    whole_member_defs: OnceLock<Vec<bool>>,
    /// Per definition: whether evaluating it has no effect, for compiling (see `compiled/`).
    effect_free_defs: OnceLock<Vec<bool>>,
    /// Per definition: whether it has one value for given arguments, for keeping values in
    /// compiled steps (see `compiled/`).
    deterministic_defs: OnceLock<Vec<bool>>,
    /// Per definition: the length of the guard its calls keep answers of (see `guards.rs`).
    guard_lengths: OnceLock<Vec<u32>>,
    /// Per definition: whether a parameter may be used as a variable (see `var_params.rs`).
    var_params: OnceLock<Vec<bool>>,
    /// Per definition: whether its body begins with a guard successor generation tries
    /// before the call (see `enumerate::Run::guard_first`).
    pub(crate) state_guards: OnceLock<Vec<bool>>,
    /// Whether expressions are compiled at all (off: the interpreter alone, a reference).
    compiling: bool,
    /// Set literals of literals, built once (see `literals.rs`).
    literal_sets: OnceLock<literals::LiteralSets>,
    /// TLCSet/TLCGet registers.
    pub registers: Mutex<std::collections::HashMap<i64, Value>>,
    /// TLCExt's TLCCache for constant-level expressions: the value by the expression (its
    /// address in the spec) and the closure's value, kept for the run.
    pub(crate) tlc_cache: Mutex<std::collections::HashMap<(usize, Value), Value>>,
    /// TLC's named registers, `TLCSet("s:name", v)` (one set for the run: TLC keeps one per
    /// worker; `TLCGet("all:named")` shows this set as the only worker's).
    pub named_registers: Mutex<std::collections::BTreeMap<String, Value>>,
    pub run: RunInfo,
    /// The fields of TLCGet("config") (mode, worker, deadlock, ...), set by the checker.
    pub tlc_config: Vec<(String, Value)>,
    /// Java system properties TLC was given (`-Dkey=value`), read by TLCGet("-Dkey").
    pub system_properties: std::collections::HashMap<String, String>,
    /// Where Print and PrintT write.
    pub out: Mutex<Box<dyn std::io::Write + Send>>,
    /// Warnings printed so far (they go to `out`).
    pub warnings: Mutex<warnings::Warnings>,
    /// TLC's `-maxSetSize`: the most elements a set built by collecting them (a filter, a
    /// map, `\cup`, `UNION`, `\cap`, `\`) may get; checked only where such a set is built.
    pub max_set_size: usize,
}

/// TLC's default `-maxSetSize` (`TLCGlobals.setBound`).
pub const DEFAULT_MAX_SET_SIZE: usize = 1_000_000;

impl<'a> Evaluator<'a> {
    pub fn new(spec: &'a Spec) -> Self {
        let natives = natives::bind(spec);
        let cacheable = call::cacheable_defs(spec, &natives);
        Evaluator {
            spec,
            consts: vec![None; spec.constants.len()],
            cache: (0..spec.defs.len()).map(|_| OnceLock::new()).collect(),
            lazy_args: spec
                .defs
                .iter()
                .zip(&natives)
                .map(|(d, n)| {
                    n.is_some() && natives::takes_lazy_args(&spec.module(d.module).name, &d.name)
                })
                .collect(),
            natives,
            int_ops: int_ops::int_ops(spec),
            overrides: vec![None; spec.defs.len()],
            cacheable,
            id: memo::new_evaluator_id(),
            memo_defs: OnceLock::new(),
            let_constants: OnceLock::new(),
            memo_reads: OnceLock::new(),
            fun_memo_plans: OnceLock::new(),
            closure_reads: OnceLock::new(),
            call_memo_plans: OnceLock::new(),
            whole_member_defs: OnceLock::new(),
            literal_sets: OnceLock::new(),
            effect_free_defs: OnceLock::new(),
            deterministic_defs: OnceLock::new(),
            guard_lengths: OnceLock::new(),
            var_params: OnceLock::new(),
            state_guards: OnceLock::new(),
            compiling: true,
            registers: Mutex::new(Default::default()),
            tlc_cache: Mutex::new(Default::default()),
            named_registers: Mutex::new(Default::default()),
            run: RunInfo {
                started: OnceLock::from(std::time::Instant::now()),
                ..RunInfo::default()
            },
            tlc_config: Vec::new(),
            system_properties: Default::default(),
            out: Mutex::new(Box::new(std::io::stdout())),
            warnings: Mutex::new(Default::default()),
            max_set_size: DEFAULT_MAX_SET_SIZE,
        }
    }

    /// TLC refuses to collect more than `-maxSetSize` elements into a set (its `ValueVec`
    /// does not grow past the bound), an evaluation error.
    pub(crate) fn check_set_size(&self, n: usize, loc: Loc) -> EResult<()> {
        if n > self.max_set_size {
            let mut e = EvalError::at(
                format!(
                    "Attempted to construct a set with too many elements (>{}).",
                    self.max_set_size
                ),
                loc,
            );
            // TLC's ValueVec throws a WrongInvocationException, which its call stack
            // does not record.
            e.exception = Some("util.WrongInvocationException");
            return Err(e);
        }
        Ok(())
    }

    /// Sets a constant's value (or, for an operator constant, its operator).
    pub fn set_const(&mut self, c: ConstId, b: Binding) {
        self.consts[c.index()] = Some(b);
    }

    pub fn const_binding(&self, c: ConstId) -> Option<&Binding> {
        self.consts[c.index()].as_ref()
    }

    /// Replaces a definition by another (the model's `Op <- Other`).
    pub fn override_def(&mut self, def: DefId, with: OpValue) {
        self.natives[def.index()] = None;
        self.cacheable[def.index()] = false;
        self.overrides[def.index()] = Some(with);
        // Plans and kept values made before this (a constant the model replaces by a
        // definition is evaluated while the model is bound) may rely on the definition
        // replaced: a new id leaves the kept values behind, the plans are made afresh.
        self.id = memo::new_evaluator_id();
        self.memo_defs = OnceLock::new();
        self.let_constants = OnceLock::new();
        self.memo_reads = OnceLock::new();
        self.fun_memo_plans = OnceLock::new();
        self.call_memo_plans = OnceLock::new();
        self.whole_member_defs = OnceLock::new();
        self.guard_lengths = OnceLock::new();
        self.state_guards = OnceLock::new();
    }

    /// Evaluates `e` in the given state(s).
    /// What the model replaces a definition by (`Op <- Other` in the .cfg), if anything.
    pub fn override_of(&self, d: DefId) -> Option<&OpValue> {
        self.overrides[d.index()].as_ref()
    }

    pub fn eval(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<Value> {
        self.expr(e, env, sv)
    }

    /// Evaluates a formula that must be Boolean.
    pub fn eval_bool(&self, e: &Expr, env: &mut Env, sv: &StateView) -> EResult<bool> {
        let v = match &e.kind {
            // A formula checked once per state (an invariant, a constraint) is not kept in the
            // per-state memo: storing it costs more than it could save.
            tla_sema::ir::ExprKind::Call(d, args)
                if args.is_empty() && self.is_plain_def(*d) && self.state_memo_applies(*d, sv) =>
            {
                self.call_bound(*d, [], env, sv)?
            }
            // A compiled formula answers without making a value (a guard tried on every
            // state); a value it does not give is the interpreter's, as `expr` finds it.
            // The Boolean goes straight back: made a `Value` and taken apart again, it was
            // written as a byte and read back as a word, a store the load could not forward.
            _ => match self.compiled_formula(e, env) {
                Some(n) => match self.run_bool(n, env, sv) {
                    Ok(b) => return Ok(b),
                    Err(compiled::Bail) => self.interpret_formula(e, env, sv)?,
                },
                None => self.expr(e, env, sv)?,
            },
        };
        match v {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::at(
                format!(
                    "A non-boolean expression ({}) was used as a formula.\n{}",
                    kind_name(&other),
                    other
                ),
                e.loc,
            )),
        }
    }

    /// The compiled form `eval_bool` runs for `e`: none for the leaves `expr` answers
    /// before it looks for one (a bound name, a variable, a literal).
    #[inline]
    fn compiled_formula<'e>(&self, e: &'e Expr, env: &Env) -> Option<&'e compiled::Node> {
        use tla_sema::ir::ExprKind as K;
        if env.interpreting > 0
            || matches!(e.kind, K::Local(_) | K::Var(_) | K::Bool(_) | K::Num(_))
        {
            return None;
        }
        self.compiled(e)
    }

    /// Evaluates a definition without parameters (a constant, an invariant, ...).
    pub fn eval_def(&self, d: DefId, env: &mut Env, sv: &StateView) -> EResult<Value> {
        self.call(d, &[], env, sv, self.spec.def(d).loc)
    }

    /// Applies an operator to values. A definition (native or not) gets its arguments in
    /// place: folds apply their operator once per element, and building argument vectors
    /// there cost more than the `+` they apply.
    pub fn apply_op<const N: usize>(
        &self,
        op: &OpValue,
        args: [Value; N],
        env: &mut Env,
        sv: &StateView,
        loc: Loc,
    ) -> EResult<Value> {
        if let OpValue::Def(d) = op {
            if d.0 != u32::MAX && self.overrides[d.index()].is_none() {
                // `+` handed to a fold: integers in range need no native call.
                if let (Some(op), [Value::Int(a), Value::Int(b)]) =
                    (self.int_ops[d.index()], args.as_slice())
                {
                    if let Some(v) = op.apply(*a, *b) {
                        return Ok(v);
                    }
                }
                let bound = args.map(Binding::Val);
                if let Some(native) = self.natives[d.index()] {
                    return located(native(self, env, sv, &bound, loc), loc);
                }
                self.check_arity(*d, N, loc)?;
                return self.call_bound(*d, bound, env, sv);
            }
        }
        self.apply_op_value(op, args.into(), env, sv, loc)
    }
}

impl Evaluator<'_> {
    /// `line L, col C to line L2, col C2 of module M`: how TLC's messages name the expression
    /// they arose in (a SemanticNode printed).
    pub fn describe(&self, loc: Loc) -> String {
        let f = &self.spec.files[loc.file.index()];
        let (l1, c1) = f.module_line_col(loc.span.start);
        let (l2, c2) = f.module_line_col(loc.span.end.saturating_sub(1).max(loc.span.start));
        let module = (self.spec.modules.iter())
            .find(|m| m.file == loc.file)
            .map_or("?", |m| m.name.as_str());
        format!("line {l1}, col {c1} to line {l2}, col {c2} of module {module}")
    }

    /// An error of an item of a junction that is not a Boolean, in TLC's words (Tool's
    /// ConjList/DisjList): raised by the junction, so the item's own position is not on the
    /// call stack.
    pub(crate) fn junction_item_error(&self, err: EvalError, item: &Expr, j: &str) -> EvalError {
        match err.non_boolean {
            Some(kind) if err.stack.len() <= 1 && err.loc == Some(item.loc) => {
                let mut err = err.with_message(format!(
                    "A non-boolean expression ({kind}) was used as a formula in a {j}.\n{}",
                    self.describe(item.loc)
                ));
                err.stack.clear();
                err
            }
            _ => err,
        }
    }
}

pub(crate) fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Bool(_) => "a Boolean",
        Value::Int(_) => "an integer",
        Value::Str(_) => "a string",
        Value::ModelValue(_) => "a model value",
        Value::Func(_) => "a function",
        _ => "a set",
    }
}

/// Errors from the evaluation of one part of the spec point at their expression.
pub(crate) fn located<T>(r: EResult<T>, loc: Loc) -> EResult<T> {
    r.map_err(|mut e| {
        e.loc.get_or_insert(loc);
        e
    })
}

#[allow(dead_code)]
fn _assert_sync() {
    fn is_sync<T: Sync>() {}
    is_sync::<Evaluator<'static>>();
    let _ = Ordering::Relaxed;
}
