//! Which of TLC's actions a step was taken by, for printing a counterexample as TLC does
//! (`State 2: <Move(2,3) line 5, col 15 to line 5, col 28 of module A>`).
//!
//! # TLC facts (from `tlc2/tool/impl/Tool.java` `getActions`/`getActionsAppl`, `Action.java`)
//!
//! * TLC splits the next-state relation into actions before the search: through each
//!   disjunct, each binding of an `\E` over an enumerable set, LET and labels, and each call
//!   of a definition whose arguments are all constant-level (their values bound to its
//!   parameters). Anything else (a conjunction, IF, CASE, a call with a state-level
//!   argument, ...) is one action: its location is that expression's.
//! * An action is named by the innermost definition the split went into, followed by the
//!   values of that definition's parameters: `Move(2,3)` (TLC's `Action.toString`, values
//!   printed as TLC prints them, separated by a comma alone); `\E`-bound names are not shown.
//!   A call with a state-level argument is named after the operator called, with no values;
//!   an action written in the SPECIFICATION itself (`[][x' = x + 1]_x`) is `Action`.

use crate::value::Value;
use std::cell::RefCell;
use tla_sema::ir::{DefId, Loc};

/// The action a step was taken by: the definition, its parameters' values, and where the
/// split stopped (None when it never stopped, which a step cannot do).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ActionLabel {
    pub def: Option<DefId>,
    pub args: Vec<Value>,
    pub leaf: Option<Loc>,
}

/// The action being entered while successors are generated with labels kept, and (for
/// -coverage) every action entered so far, whether or not it produced a state.
#[derive(Default)]
pub struct Labeller {
    now: RefCell<ActionLabel>,
    entered: RefCell<Vec<(Option<DefId>, Loc)>>,
}

impl Labeller {
    /// The definition and location of the action the state being emitted was made by.
    pub fn leaf(&self) -> Option<(Option<DefId>, Loc)> {
        let l = self.now.borrow();
        l.leaf.map(|loc| (l.def, loc))
    }

    /// The actions entered since the last call (each once per labeller).
    pub fn take_entered(&self, reported: &mut usize) -> Vec<(Option<DefId>, Loc)> {
        let e = self.entered.borrow();
        let new = e[*reported..].to_vec();
        *reported = e.len();
        new
    }

    /// Still in the part of the next-state relation that TLC splits into actions.
    pub(crate) fn splitting(&self) -> bool {
        self.now.borrow().leaf.is_none()
    }

    /// Enters definition `def`'s body with these parameter values; gives what to restore.
    pub(crate) fn enter_call(&self, def: DefId, args: Vec<Value>) -> ActionLabel {
        let mut l = self.now.borrow_mut();
        let saved = l.clone();
        l.def = Some(def);
        l.args = args;
        saved
    }

    /// The split stops at the expression at `loc`.
    pub(crate) fn enter_leaf(&self, loc: Loc) -> ActionLabel {
        let mut l = self.now.borrow_mut();
        let saved = l.clone();
        l.leaf = Some(loc);
        let mut e = self.entered.borrow_mut();
        if !e.iter().any(|(d, at)| *d == l.def && *at == loc) {
            e.push((l.def, loc));
        }
        saved
    }

    pub(crate) fn restore(&self, saved: ActionLabel) {
        *self.now.borrow_mut() = saved;
    }

    pub fn current(&self) -> ActionLabel {
        self.now.borrow().clone()
    }
}

impl ActionLabel {
    /// `Name` or `Name(v1,v2)`, as TLC names an action; `Action` for one written in the
    /// SPECIFICATION itself (`[][x' = x + 1]_x`), which has no name.
    pub fn name(&self, spec: &tla_sema::Spec) -> Option<String> {
        let Some(def) = self.def else {
            return Some("Action".to_string());
        };
        let d = spec.def(def);
        if self.args.is_empty() {
            return Some(d.name.clone());
        }
        let args: Vec<String> = self.args.iter().map(|v| v.to_string()).collect();
        Some(format!("{}({})", d.name, args.join(",")))
    }
}
