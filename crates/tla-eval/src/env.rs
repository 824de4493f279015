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
///
/// A lookup takes one step, not a walk down the stack: each name's innermost binding is
/// indexed, and each binding remembers the one of the same name it shadows, which a pop
/// restores.
#[derive(Debug)]
pub struct Env {
    stack: Vec<Entry>,
    /// Per name (at `slot`): the position + 1 of its innermost binding (0: none).
    innermost: Vec<u32>,
    base: usize,
    /// Operator calls in progress, to stop runaway recursion with an error.
    pub depth: usize,
    /// Evaluations in progress that interpret their whole expression, nested compiled forms
    /// included: a compiled run gave up on them (see `Evaluator::run_compiled`).
    pub interpreting: u32,
    /// A call went past the depth limit, and the outermost call has not returned yet: every
    /// call fails at once (see `Evaluator::too_deep`).
    pub runaway: bool,
    /// Values of the parameterless LET definitions in scope, computed at first use (TLC
    /// evaluates such a definition at most once per evaluation of the LET).
    let_cache: Vec<(DefId, Option<Value>)>,
}

/// A binding on the stack, with the position + 1 of the binding of the same name it
/// shadows (0: none). The position fits beside the name: an entry is no larger.
#[derive(Debug)]
struct Entry {
    id: LocalId,
    shadowed: u32,
    b: Binding,
}

/// A name's entry in `Env::innermost`. Names are numbered densely from 0, but for `@`
/// (`u32::MAX`), which takes entry 0.
#[inline]
fn slot(id: LocalId) -> usize {
    id.0.wrapping_add(1) as usize
}

/// A stack and its `innermost` index, emptied (every entry 0), for reuse.
type Spare = (Vec<Entry>, Vec<u32>);

thread_local! {
    /// Emptied stacks of dropped environments: successor generation makes an environment per
    /// action call, and reusing their buffers saves an allocation and a free each time.
    static SPARE_STACKS: std::cell::RefCell<Vec<Spare>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// How many spare stacks a thread keeps (enough for the nesting of action calls).
const MAX_SPARE_STACKS: usize = 64;

fn spare_stack() -> Spare {
    SPARE_STACKS
        .try_with(|s| s.borrow_mut().pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

impl Default for Env {
    fn default() -> Self {
        let (stack, innermost) = spare_stack();
        Env {
            stack,
            innermost,
            base: 0,
            depth: 0,
            interpreting: 0,
            runaway: false,
            let_cache: Vec::new(),
        }
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        if self.stack.capacity() == 0 {
            return;
        }
        // Popped one by one, so that the index is all zeros again.
        self.truncate(0);
        let spare = (
            std::mem::take(&mut self.stack),
            std::mem::take(&mut self.innermost),
        );
        let _ = SPARE_STACKS.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                if s.len() < MAX_SPARE_STACKS {
                    s.push(spare);
                }
            }
        });
    }
}

impl Env {
    pub fn new() -> Self {
        Env::default()
    }

    #[inline]
    pub fn push(&mut self, id: LocalId, b: Binding) {
        let i = slot(id);
        if i >= self.innermost.len() {
            self.innermost.resize(i + 1, 0);
        }
        let shadowed = self.innermost[i];
        self.stack.push(Entry { id, shadowed, b });
        self.innermost[i] = self.stack.len() as u32;
    }

    #[inline]
    pub fn push_val(&mut self, id: LocalId, v: Value) {
        self.push(id, Binding::Val(v));
    }

    pub fn len(&self) -> usize {
        self.stack.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    pub fn truncate(&mut self, len: usize) {
        while self.stack.len() > len {
            let e = self.stack.pop().expect("longer than len");
            self.innermost[slot(e.id)] = e.shadowed;
        }
    }

    /// Overwrites the value bound at stack position `at` (reuse while iterating a bound set).
    pub fn set_val(&mut self, at: usize, v: Value) {
        self.stack[at].b = Binding::Val(v);
    }

    /// The binding of `id` when it stands for a variable (a parameter a variable was passed
    /// to), to be passed on as it is.
    pub fn variable(&self, id: LocalId) -> Option<Binding> {
        match self.get(id) {
            Some(b @ Binding::Var(..)) => Some(b.clone()),
            _ => None,
        }
    }

    pub fn get(&self, id: LocalId) -> Option<&Binding> {
        let found = self.innermost_visible(id);
        // What the index finds is what a walk down to `base` finds.
        debug_assert!(std::ptr::eq(
            found.map_or(std::ptr::null(), |b| b as *const Binding),
            self.stack[self.base..]
                .iter()
                .rev()
                .find(|e| e.id == id)
                .map_or(std::ptr::null(), |e| &e.b as *const Binding),
        ));
        found
    }

    /// The innermost binding of `id`; below `base` (or none), the name is not visible here.
    #[inline]
    fn innermost_visible(&self, id: LocalId) -> Option<&Binding> {
        let at = *self.innermost.get(slot(id))? as usize;
        if at <= self.base {
            return None;
        }
        Some(&self.stack[at - 1].b)
    }

    /// Starts a new frame: lookups no longer see what is below. Returns the old base.
    pub fn enter_frame(&mut self) -> usize {
        std::mem::replace(&mut self.base, self.stack.len())
    }

    /// Starts a new frame holding the bindings pushed since `mark` (arguments read from the
    /// caller's bindings before they were hidden). Returns the old base.
    pub fn enter_frame_from(&mut self, mark: usize) -> usize {
        std::mem::replace(&mut self.base, mark)
    }

    /// Leaves a frame begun by `enter_frame`, dropping its bindings.
    pub fn leave_frame(&mut self, old_base: usize) {
        self.truncate(self.base);
        self.base = old_base;
    }

    /// An environment holding exactly the given bindings.
    pub fn from_bindings(b: &[(LocalId, Binding)]) -> Self {
        let mut env = Env::new();
        for (id, binding) in b {
            env.push(*id, binding.clone());
        }
        env
    }

    /// An environment holding exactly the given bindings, for an argument passed unevaluated
    /// and evaluated inside this one's calls: the calls in progress carry over (their depth,
    /// a runaway recursion, an interpretation without compiled forms).
    pub fn nested(&self, b: &[(LocalId, Binding)]) -> Self {
        let mut env = Env::from_bindings(b);
        env.depth = self.depth;
        env.runaway = self.runaway;
        env.interpreting = self.interpreting;
        env
    }

    /// An environment holding the bindings visible in `other` (what `capture` would give),
    /// without building the captured list.
    pub fn from_visible(other: &Env) -> Self {
        let mut env = Env::new();
        for e in &other.stack[other.base..] {
            env.push(e.id, e.b.clone());
        }
        env
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
        self.stack[self.base..]
            .iter()
            .map(|e| (e.id, e.b.clone()))
            .collect()
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

#[cfg(test)]
mod tests {
    use super::{Binding, Env};
    use crate::value::Value;
    use tla_sema::ir::LocalId;

    fn int_at(env: &Env, id: LocalId) -> Option<i64> {
        match env.get(id) {
            Some(Binding::Val(Value::Int(n))) => Some(*n),
            None => None,
            Some(_) => panic!("not an integer"),
        }
    }

    #[test]
    fn lookups_see_the_innermost_binding_of_the_frame() {
        // `at` is the number `@` is bound under.
        let (x, y, at) = (LocalId(0), LocalId(7), LocalId(u32::MAX));
        let mut env = Env::new();
        env.push_val(x, Value::Int(1));
        env.push_val(y, Value::Int(2));
        env.push_val(x, Value::Int(3));
        assert_eq!((int_at(&env, x), int_at(&env, y)), (Some(3), Some(2)));
        let outer = env.enter_frame();
        assert_eq!((int_at(&env, x), int_at(&env, y)), (None, None));
        env.push_val(x, Value::Int(4));
        env.push_val(at, Value::Int(5));
        assert_eq!((int_at(&env, x), int_at(&env, at)), (Some(4), Some(5)));
        env.leave_frame(outer);
        assert_eq!((int_at(&env, x), int_at(&env, at)), (Some(3), None));
        env.set_val(2, Value::Int(6));
        assert_eq!(int_at(&env, x), Some(6));
        env.truncate(2);
        assert_eq!((int_at(&env, x), int_at(&env, y)), (Some(1), Some(2)));
        let copy = Env::from_visible(&env);
        assert_eq!((int_at(&copy, x), int_at(&copy, y)), (Some(1), Some(2)));
        drop(copy);
        drop(env);
        // A new environment (on a reused stack) binds nothing.
        let fresh = Env::new();
        assert_eq!((int_at(&fresh, x), int_at(&fresh, y)), (None, None));
    }
}
