//! What an expression is evaluated against: the bound names and the state(s).

use crate::value::Value;
use tla_sema::ir::{Builtin, ConstId, DefId, Expr, LocalId, VarId};

/// An operator passed to a higher-order operator.
#[derive(Clone, Debug)]
pub enum OpValue {
    Def(DefId),
    /// A LET or LAMBDA definition with the bindings it closes over.
    Closure(DefId, std::sync::Arc<[(LocalId, Binding)]>),
    Builtin(Builtin),
    /// An operator constant, bound by the model.
    Const(ConstId),
    /// A definition the model replaces by a value (`Op = 3` in the .cfg).
    Val(Value),
}

/// What a local name is bound to.
#[derive(Clone, Debug)]
pub enum Binding {
    Val(Value),
    Op(OpValue),
    /// An argument that is a variable (`x'` in an action, `x` in an initial predicate),
    /// passed unevaluated as TLC passes arguments, so that `p = e` in the operator's body can
    /// assign it. The flag tells whether it is primed.
    Var(VarId, bool),
    /// An action passed to an operator in an action (`NoStutter(A(self))`), kept unevaluated
    /// with the bindings it is evaluated under, as TLC passes arguments.
    Lazy(ExprRef, std::sync::Arc<[(LocalId, Binding)]>),
}

/// A reference to an expression of the spec being checked.
///
/// The spec's expressions outlive every binding: bindings live in environments that exist
/// only while the spec (borrowed by the evaluator) is being evaluated.
#[derive(Clone, Copy, Debug)]
pub struct ExprRef(*const Expr);

// SAFETY: the pointee is immutable IR owned by the `Spec`, which is `Sync` and outlives
// every `ExprRef` (see the type's documentation).
unsafe impl Send for ExprRef {}
unsafe impl Sync for ExprRef {}

impl ExprRef {
    pub fn new(e: &Expr) -> Self {
        ExprRef(e as *const Expr)
    }

    pub fn get<'a>(self) -> &'a Expr {
        // SAFETY: see the type's documentation: the spec outlives the reference.
        unsafe { &*self.0 }
    }
}

/// The locals in scope, innermost last. Lookups stop at `base`: a definition's body sees its
/// own parameters and what it binds, not its caller's locals.
#[derive(Debug)]
pub struct Env {
    stack: Vec<(LocalId, Binding)>,
    base: usize,
    /// Operator calls in progress, to stop runaway recursion with an error.
    pub depth: usize,
    /// Values of the parameterless LET definitions in scope, computed at first use (TLC
    /// evaluates such a definition at most once per evaluation of the LET).
    let_cache: Vec<(DefId, Option<Value>)>,
}

thread_local! {
    /// Emptied stacks of dropped environments: successor generation makes an environment per
    /// action call, and reusing their buffers saves an allocation and a free each time.
    static SPARE_STACKS: std::cell::RefCell<Vec<Vec<(LocalId, Binding)>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// How many spare stacks a thread keeps (enough for the nesting of action calls).
const MAX_SPARE_STACKS: usize = 64;

fn spare_stack() -> Vec<(LocalId, Binding)> {
    SPARE_STACKS
        .try_with(|s| s.borrow_mut().pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

impl Default for Env {
    fn default() -> Self {
        Env {
            stack: spare_stack(),
            base: 0,
            depth: 0,
            let_cache: Vec::new(),
        }
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        if self.stack.capacity() == 0 {
            return;
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let _ = SPARE_STACKS.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                if s.len() < MAX_SPARE_STACKS {
                    s.push(stack);
                }
            }
        });
    }
}

impl Env {
    pub fn new() -> Self {
        Env::default()
    }

    pub fn push(&mut self, id: LocalId, b: Binding) {
        self.stack.push((id, b));
    }

    pub fn push_val(&mut self, id: LocalId, v: Value) {
        self.stack.push((id, Binding::Val(v)));
    }

    pub fn len(&self) -> usize {
        self.stack.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    pub fn truncate(&mut self, len: usize) {
        self.stack.truncate(len);
    }

    /// Overwrites the value bound at stack position `at` (reuse while iterating a bound set).
    pub fn set_val(&mut self, at: usize, v: Value) {
        self.stack[at].1 = Binding::Val(v);
    }

    pub fn get(&self, id: LocalId) -> Option<&Binding> {
        self.stack[self.base..]
            .iter()
            .rev()
            .find(|(l, _)| *l == id)
            .map(|(_, b)| b)
    }

    /// Starts a new frame: lookups no longer see what is below. Returns the old base.
    pub fn enter_frame(&mut self) -> usize {
        std::mem::replace(&mut self.base, self.stack.len())
    }

    /// Leaves a frame begun by `enter_frame`, dropping its bindings.
    pub fn leave_frame(&mut self, old_base: usize) {
        self.stack.truncate(self.base);
        self.base = old_base;
    }

    /// An environment holding exactly the given bindings.
    pub fn from_bindings(b: &[(LocalId, Binding)]) -> Self {
        let mut env = Env::new();
        env.stack.extend_from_slice(b);
        env
    }

    /// An environment holding the bindings visible in `other` (what `capture` would give),
    /// without building the captured list.
    pub fn from_visible(other: &Env) -> Self {
        Env::from_bindings(&other.stack[other.base..])
    }

    /// Opens cache slots for the parameterless definitions of a LET; returns the mark to
    /// close them with `close_let`.
    pub fn open_let(&mut self, defs: impl Iterator<Item = DefId>) -> usize {
        let mark = self.let_cache.len();
        self.let_cache.extend(defs.map(|d| (d, None)));
        mark
    }

    pub fn close_let(&mut self, mark: usize) {
        self.let_cache.truncate(mark);
    }

    /// The slot of a LET definition in scope, if any.
    pub fn let_slot(&self, d: DefId) -> Option<usize> {
        self.let_cache.iter().rposition(|(x, _)| *x == d)
    }

    pub fn let_value(&self, slot: usize) -> Option<&Value> {
        self.let_cache[slot].1.as_ref()
    }

    /// The value of the LET definition `d` in scope, once computed.
    pub fn let_value_of(&self, d: DefId) -> Option<&Value> {
        self.let_slot(d).and_then(|s| self.let_value(s))
    }

    pub fn set_let_value(&mut self, slot: usize, v: Value) {
        self.let_cache[slot].1 = Some(v);
    }

    /// The bindings visible now, for a closure to capture.
    pub fn capture(&self) -> std::sync::Arc<[(LocalId, Binding)]> {
        self.stack[self.base..].iter().cloned().collect()
    }
}

/// The state(s) an expression reads. `cur` is the current state; `next` holds the next
/// state's variables as far as they are known. In an initial-state predicate, unprimed
/// variables read `next` (they are being assigned).
#[derive(Clone, Copy)]
pub struct StateView<'s> {
    pub cur: &'s [Value],
    pub next: &'s [Option<Value>],
    /// Evaluating under a prime: variables read `next`.
    pub primed: bool,
    /// Evaluating an initial-state predicate: variables read `next`.
    pub init: bool,
}

impl<'s> StateView<'s> {
    /// No state at all: constant expressions.
    pub fn constant() -> StateView<'static> {
        StateView {
            cur: &[],
            next: &[],
            primed: false,
            init: false,
        }
    }

    pub fn state(cur: &'s [Value]) -> Self {
        StateView {
            cur,
            next: &[],
            primed: false,
            init: false,
        }
    }

    pub fn transition(cur: &'s [Value], next: &'s [Option<Value>]) -> Self {
        StateView {
            cur,
            next,
            primed: false,
            init: false,
        }
    }
}
