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

/// The action being entered while successors are generated with labels kept.
#[derive(Default)]
pub(crate) struct Labeller(RefCell<ActionLabel>);

impl Labeller {
    /// Still in the part of the next-state relation that TLC splits into actions.
    pub(crate) fn splitting(&self) -> bool {
        self.0.borrow().leaf.is_none()
    }

    /// Enters definition `def`'s body with these parameter values; gives what to restore.
    pub(crate) fn enter_call(&self, def: DefId, args: Vec<Value>) -> ActionLabel {
        let mut l = self.0.borrow_mut();
        let saved = l.clone();
        l.def = Some(def);
        l.args = args;
        saved
    }

    /// The split stops at the expression at `loc`.
    pub(crate) fn enter_leaf(&self, loc: Loc) -> ActionLabel {
        let mut l = self.0.borrow_mut();
        let saved = l.clone();
        l.leaf = Some(loc);
        saved
    }

    pub(crate) fn restore(&self, saved: ActionLabel) {
        *self.0.borrow_mut() = saved;
    }

    pub(crate) fn current(&self) -> ActionLabel {
        self.0.borrow().clone()
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
