//! Random small specifications: a few variables over small domains kept finite by a state
//! constraint, actions with guards and parameters, an invariant, a temporal or action
//! property, fairness, deadlock checked or not. Assignments may go through an operator that
//! takes the variable (`Put(var, val) == var' = val`), and an action property or the fairness
//! may name the actions, so that actions are also evaluated as predicates on steps.

use crate::choices::Choices;
use crate::expr::{Expr, Gen, Kind};

/// The kinds a variable may hold, each with the state constraint that keeps it finite.
const VAR_KINDS: [Kind; 5] = [Kind::Int, Kind::Set, Kind::Seq, Kind::Fun, Kind::Rec];

fn bound(name: &str, kind: Kind) -> String {
    match kind {
        Kind::Int => format!("{name} \\in -1..3"),
        Kind::Set => format!("{name} \\subseteq -1..3"),
        Kind::Seq => {
            format!("Len({name}) <= 2 /\\ \\A k \\in DOMAIN {name} : {name}[k] \\in -1..3")
        }
        Kind::Fun => format!(
            "DOMAIN {name} \\subseteq 0..2 /\\ \\A k \\in DOMAIN {name} : {name}[k] \\in -1..3"
        ),
        _ => format!("{name}.a \\in -1..3"),
    }
}

fn initial(name: &str, kind: Kind, pick: usize) -> String {
    match (kind, pick % 2) {
        (Kind::Int, 0) => format!("{name} \\in {{0, 1}}"),
        (Kind::Int, _) => format!("{name} = 0"),
        (Kind::Set, 0) => format!("{name} \\in SUBSET {{0, 1}}"),
        (Kind::Set, _) => format!("{name} = {{}}"),
        (Kind::Seq, 0) => format!("{name} = <<>>"),
        (Kind::Seq, _) => format!("{name} = <<1>>"),
        (Kind::Fun, _) => format!("{name} = [k \\in {{0, 1}} |-> 0]"),
        _ => format!("{name} = [a |-> 0, b |-> \"x\"]"),
    }
}

#[derive(Clone, Debug)]
pub enum Assign {
    Equal(Expr),
    /// `v' \in S`, for an integer variable.
    In(Expr),
}

#[derive(Clone, Debug)]
pub struct Action {
    /// Whether the action takes a parameter `i \in 0..2`.
    pub param: bool,
    pub guard: Expr,
    /// Per variable: its new value, or `None` for unchanged.
    pub assigns: Vec<Option<Assign>>,
}

#[derive(Clone, Debug)]
pub enum Property {
    Eventually(Expr),
    InfinitelyOften(Expr),
    LeadsTo(Expr, Expr),
    /// `[][A]_vars` over primed and unprimed variables.
    Action(Expr),
    /// `[][Ai \/ Aj ...]_vars` over the actions of these indices.
    Steps(Vec<usize>),
}

#[derive(Clone, Debug)]
pub struct Spec {
    pub vars: Vec<(String, Kind)>,
    pub init_picks: Vec<usize>,
    pub actions: Vec<Action>,
    pub invariant: Option<Expr>,
    pub property: Option<Property>,
    pub fair: bool,
    /// Fairness per action (`WF_vars(Ai)` for each action) instead of on Next.
    pub fair_per_action: bool,
    /// Assignments written `Put(v, e)`, `Put(var, val) == var' = val`.
    pub via_put: bool,
    pub check_deadlock: bool,
}

const DEPTH: u32 = 2;

impl Spec {
    pub fn generate(c: &mut impl Choices) -> Spec {
        let n_vars = 1 + c.pick(3);
        let vars: Vec<(String, Kind)> = (0..n_vars)
            .map(|i| {
                let name = format!("v{}", (b'a' + i as u8) as char);
                (name, VAR_KINDS[c.pick(VAR_KINDS.len())])
            })
            .collect();
        let init_picks = (0..n_vars).map(|_| c.pick(2)).collect();
        let n_actions = 1 + c.pick(3);
        let actions = (0..n_actions).map(|_| Self::action(c, &vars)).collect();
        let invariant = (c.pick(3) != 0).then(|| {
            let mut g = Gen::with_scope(c, vars.clone());
            g.of(Kind::Bool, DEPTH)
        });
        let property = match c.pick(6) {
            0 | 1 => None,
            2 => Some(Property::Eventually(Self::pred(c, &vars))),
            3 => {
                let (p, q) = (Self::pred(c, &vars), Self::pred(c, &vars));
                Some(if c.pick(2) == 0 {
                    Property::InfinitelyOften(p)
                } else {
                    Property::LeadsTo(p, q)
                })
            }
            4 => {
                let steps: Vec<usize> = (0..n_actions).filter(|_| c.pick(4) != 0).collect();
                Some(Property::Steps(steps))
            }
            _ => {
                let mut scope = vars.clone();
                scope.extend(vars.iter().map(|(n, k)| (format!("{n}'"), *k)));
                let mut g = Gen::with_scope(c, scope);
                Some(Property::Action(g.of(Kind::Bool, DEPTH)))
            }
        };
        Spec {
            vars,
            init_picks,
            actions,
            invariant,
            property,
            fair: c.pick(2) == 0,
            fair_per_action: c.pick(2) == 0,
            via_put: c.pick(2) == 0,
            check_deadlock: c.pick(3) == 0,
        }
    }

    fn pred(c: &mut impl Choices, vars: &[(String, Kind)]) -> Expr {
        Gen::with_scope(c, vars.to_vec()).of(Kind::Bool, DEPTH)
    }

    fn action(c: &mut impl Choices, vars: &[(String, Kind)]) -> Action {
        let param = c.pick(2) == 0;
        let mut scope = vars.to_vec();
        if param {
            scope.push(("i".to_string(), Kind::Int));
        }
        let guard = Gen::with_scope(c, scope.clone()).of(Kind::Bool, DEPTH);
        let assigns = vars
            .iter()
            .map(|(_, kind)| {
                if c.pick(2) == 0 {
                    return None;
                }
                let in_set = *kind == Kind::Int && c.pick(3) == 0;
                let mut g = Gen::with_scope(c, scope.clone());
                Some(if in_set {
                    Assign::In(g.of(Kind::Set, DEPTH))
                } else {
                    Assign::Equal(g.of(*kind, DEPTH))
                })
            })
            .collect();
        Action {
            param,
            guard,
            assigns,
        }
    }

    /// The module `G`.
    pub fn module(&self) -> String {
        let names: Vec<&str> = self.vars.iter().map(|(n, _)| n.as_str()).collect();
        let mut m =
            String::from("---- MODULE G ----\nEXTENDS Integers, Sequences, FiniteSets, TLC\n");
        m.push_str(&format!("VARIABLES {}\n", names.join(", ")));
        m.push_str(&format!("vars == <<{}>>\n", names.join(", ")));
        let init: Vec<String> = self
            .vars
            .iter()
            .zip(&self.init_picks)
            .map(|((n, k), p)| initial(n, *k, *p))
            .collect();
        m.push_str(&format!("Init == /\\ {}\n", init.join("\n        /\\ ")));
        if self.via_put {
            m.push_str("Put(var, val) == var' = val\n");
        }
        let mut next = Vec::new();
        for (a, action) in self.actions.iter().enumerate() {
            let mut conj = vec![action.guard.to_string()];
            let mut unchanged = Vec::new();
            for ((name, _), assign) in self.vars.iter().zip(&action.assigns) {
                match assign {
                    Some(Assign::Equal(e)) if self.via_put => {
                        conj.push(format!("Put({name}, {e})"))
                    }
                    Some(Assign::Equal(e)) => conj.push(format!("{name}' = {e}")),
                    Some(Assign::In(s)) => conj.push(format!("{name}' \\in {s}")),
                    None => unchanged.push(name.as_str()),
                }
            }
            if !unchanged.is_empty() {
                conj.push(format!("UNCHANGED <<{}>>", unchanged.join(", ")));
            }
            let head = if action.param {
                next.push(format!("(\\E i \\in 0..2 : A{a}(i))"));
                format!("A{a}(i)")
            } else {
                next.push(format!("A{a}"));
                format!("A{a}")
            };
            m.push_str(&format!("{head} == /\\ {}\n", conj.join("\n    /\\ ")));
        }
        m.push_str(&format!("Next == {}\n", next.join(" \\/ ")));
        let bounds: Vec<String> = self.vars.iter().map(|(n, k)| bound(n, *k)).collect();
        m.push_str(&format!(
            "Bound == /\\ {}\n",
            bounds.join("\n         /\\ ")
        ));
        if let Some(inv) = &self.invariant {
            m.push_str(&format!("Inv == {inv}\n"));
        }
        if let Some(p) = &self.property {
            let text = match p {
                Property::Eventually(e) => format!("<>[]({e})"),
                Property::InfinitelyOften(e) => format!("[]<>({e})"),
                Property::LeadsTo(a, b) => format!("({a}) ~> ({b})"),
                Property::Action(e) => format!("[][{e}]_vars"),
                Property::Steps(steps) => {
                    let named: Vec<&str> = steps.iter().map(|&a| next[a].as_str()).collect();
                    let named = if named.is_empty() {
                        "FALSE".to_string()
                    } else {
                        named.join(" \\/ ")
                    };
                    format!("[][{named}]_vars")
                }
            };
            m.push_str(&format!("Prop == {text}\n"));
        }
        let fairness = match (self.fair, self.fair_per_action) {
            (false, _) => String::new(),
            (true, false) => " /\\ WF_vars(Next)".to_string(),
            (true, true) => next.iter().map(|a| format!(" /\\ WF_vars({a})")).collect(),
        };
        m.push_str(&format!("Spec == Init /\\ [][Next]_vars{fairness}\n====\n"));
        m
    }

    /// The configuration `G.cfg`.
    pub fn config(&self) -> String {
        let mut c = String::from("SPECIFICATION Spec\nCONSTRAINT Bound\n");
        if self.invariant.is_some() {
            c.push_str("INVARIANT Inv\n");
        }
        if self.property.is_some() {
            c.push_str("PROPERTY Prop\n");
        }
        if !self.check_deadlock {
            c.push_str("CHECK_DEADLOCK FALSE\n");
        }
        c
    }

    /// Smaller specs: one part removed or simplified at a time, the largest cuts first.
    pub fn smaller(&self) -> Vec<Spec> {
        let mut out = Vec::new();
        let with = |f: &dyn Fn(&mut Spec)| {
            let mut s = self.clone();
            f(&mut s);
            s
        };
        if self.actions.len() > 1 {
            for a in 0..self.actions.len() {
                out.push(with(&|s| {
                    s.actions.remove(a);
                    // The named actions after `a` move down by one.
                    if let Some(Property::Steps(steps)) = &mut s.property {
                        steps.retain(|&i| i != a);
                        steps.iter_mut().filter(|i| **i > a).for_each(|i| *i -= 1);
                    }
                }));
            }
        }
        if self.via_put {
            out.push(with(&|s| s.via_put = false));
        }
        if self.invariant.is_some() {
            out.push(with(&|s| s.invariant = None));
        }
        if self.property.is_some() {
            out.push(with(&|s| s.property = None));
        }
        if self.fair {
            out.push(with(&|s| s.fair = false));
        }
        for a in 0..self.actions.len() {
            for e in self.actions[a].guard.smaller() {
                out.push(with(&|s| s.actions[a].guard = e.clone()));
            }
            for v in 0..self.vars.len() {
                if self.actions[a].assigns[v].is_some() {
                    out.push(with(&|s| s.actions[a].assigns[v] = None));
                }
            }
        }
        if let Some(inv) = &self.invariant {
            for e in inv.smaller() {
                out.push(with(&|s| s.invariant = Some(e.clone())));
            }
        }
        out
    }
}
