//! Random, well-typed TLA+ expressions over the standard modules' operators, as trees so that
//! a difference can be shrunk by replacing subtrees.

use crate::choices::Choices;
use std::fmt;

/// The shapes kept apart so that most expressions are well typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Bool,
    Set,
    Seq,
    Fun,
    Rec,
    Str,
}

pub const KINDS: [Kind; 7] = [
    Kind::Int,
    Kind::Bool,
    Kind::Set,
    Kind::Seq,
    Kind::Fun,
    Kind::Rec,
    Kind::Str,
];

/// An expression: a leaf of text, or a template whose `$` holes are its subexpressions.
#[derive(Clone, Debug)]
pub enum Expr {
    Leaf(Kind, String),
    Node(Kind, Vec<String>, Vec<Expr>),
}

impl Expr {
    pub fn kind(&self) -> Kind {
        match self {
            Expr::Leaf(k, _) | Expr::Node(k, _, _) => *k,
        }
    }

    /// The simplest expression of a kind, what shrinking puts in place of a subtree.
    pub fn simplest(kind: Kind) -> Expr {
        let text = match kind {
            Kind::Int => "0",
            Kind::Bool => "TRUE",
            Kind::Set => "{}",
            Kind::Seq => "<<>>",
            Kind::Fun => "(0 :> 0)",
            Kind::Rec => "[a |-> 0]",
            Kind::Str => "\"x\"",
        };
        Expr::Leaf(kind, text.to_string())
    }

    /// Subtrees, counted in preorder.
    pub fn size(&self) -> usize {
        match self {
            Expr::Leaf(..) => 1,
            Expr::Node(_, _, kids) => 1 + kids.iter().map(Expr::size).sum::<usize>(),
        }
    }

    fn at(&self, index: usize) -> &Expr {
        let mut index = index;
        let mut node = self;
        'down: loop {
            if index == 0 {
                return node;
            }
            index -= 1;
            if let Expr::Node(_, _, kids) = node {
                for kid in kids {
                    let n = kid.size();
                    if index < n {
                        node = kid;
                        continue 'down;
                    }
                    index -= n;
                }
            }
            unreachable!("index within size()");
        }
    }

    fn with_at(&self, index: usize, new: &Expr) -> Expr {
        if index == 0 {
            return new.clone();
        }
        let Expr::Node(kind, parts, kids) = self else {
            unreachable!("index within size()")
        };
        let mut index = index - 1;
        let mut kids = kids.clone();
        for kid in kids.iter_mut() {
            let n = kid.size();
            if index < n {
                *kid = kid.with_at(index, new);
                break;
            }
            index -= n;
        }
        Expr::Node(*kind, parts.clone(), kids)
    }

    /// Smaller expressions of the same kind, the largest cuts first: each subtree replaced by
    /// the simplest expression of its kind or by one of its own subexpressions of that kind.
    pub fn smaller(&self) -> Vec<Expr> {
        let mut out = Vec::new();
        for i in 0..self.size() {
            let sub = self.at(i);
            if let Expr::Node(kind, _, kids) = sub {
                out.push(self.with_at(i, &Expr::simplest(*kind)));
                for kid in kids.iter().filter(|k| k.kind() == *kind) {
                    out.push(self.with_at(i, kid));
                }
            }
        }
        out
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Leaf(_, text) => f.write_str(text),
            Expr::Node(_, parts, kids) => {
                for (i, part) in parts.iter().enumerate() {
                    f.write_str(part)?;
                    if let Some(kid) = kids.get(i) {
                        write!(f, "{kid}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

fn node(kind: Kind, template: &str, kids: Vec<Expr>) -> Expr {
    let parts: Vec<String> = template.split('$').map(str::to_string).collect();
    debug_assert_eq!(parts.len(), kids.len() + 1, "{template}");
    Expr::Node(kind, parts, kids)
}

/// Writes expressions from a source of choices. Names in scope (bound integers, or a spec's
/// variables with their kinds) may appear as leaves.
pub struct Gen<'c, C: Choices> {
    c: &'c mut C,
    scope: Vec<(String, Kind)>,
    fresh: usize,
}

impl<'c, C: Choices> Gen<'c, C> {
    pub fn new(c: &'c mut C) -> Self {
        Gen {
            c,
            scope: Vec::new(),
            fresh: 0,
        }
    }

    /// A generator that may use these names, each holding a value of its kind.
    pub fn with_scope(c: &'c mut C, scope: Vec<(String, Kind)>) -> Self {
        Gen { c, scope, fresh: 0 }
    }

    pub fn pick(&mut self, n: usize) -> usize {
        self.c.pick(n)
    }

    fn leafy(&self, d: u32) -> bool {
        d == 0 || self.c.exhausted()
    }

    /// A literal from -1 to 5; a negative one in parentheses, since SANY refuses `2 * -1`
    /// (prefix `-` binds less tightly than `*` and `\div`).
    fn small(&mut self) -> Expr {
        let n = self.pick(7) as i64 - 1;
        let text = if n < 0 {
            format!("({n})")
        } else {
            n.to_string()
        };
        Expr::Leaf(Kind::Int, text)
    }

    /// A name in scope of this kind, now and then.
    fn named(&mut self, kind: Kind) -> Option<Expr> {
        let names: Vec<&String> = self
            .scope
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(n, _)| n)
            .collect();
        if names.is_empty() || self.c.pick(3) != 0 {
            return None;
        }
        let name = names[self.c.pick(names.len())].clone();
        Some(Expr::Leaf(kind, name))
    }

    pub fn of(&mut self, k: Kind, d: u32) -> Expr {
        if let Some(e) = self.named(k) {
            return e;
        }
        match k {
            Kind::Int => self.int(d),
            Kind::Bool => self.boolean(d),
            Kind::Set => self.set(d),
            Kind::Seq => self.seq(d),
            Kind::Fun => self.fun(d),
            Kind::Rec => self.rec(d),
            Kind::Str => self.string(d),
        }
    }

    fn int(&mut self, d: u32) -> Expr {
        use Kind::*;
        if self.leafy(d) {
            return self.small();
        }
        let d = d - 1;
        let two = |g: &mut Self, t: &str, a: Kind, b: Kind| {
            let x = g.of(a, d);
            let y = g.of(b, d);
            node(Int, t, vec![x, y])
        };
        match self.pick(15) {
            0 => two(self, "($ + $)", Int, Int),
            1 => two(self, "($ - $)", Int, Int),
            2 => two(self, "($ * $)", Int, Int),
            // Divisors that TLC accepts: failing runs cost a TLC start each.
            3 => {
                let n = ["(-2)", "(-1)", "1", "2", "3"][self.pick(5)];
                node(Int, &format!("($ \\div {n})"), vec![self.of(Int, d)])
            }
            4 => {
                let n = 1 + self.pick(3);
                node(Int, &format!("($ % {n})"), vec![self.of(Int, d)])
            }
            5 => node(Int, "Cardinality($)", vec![self.of(Set, d)]),
            6 => node(Int, "Len($)", vec![self.of(Seq, d)]),
            7 => {
                let n = self.pick(3);
                self.over(d, |g, x, s, d| {
                    let p = g.of(Bool, d);
                    let t = format!("(CHOOSE {x} \\in $ \\cup {{{n}}} : $ \\/ {x} = {n})");
                    node(Int, &t, vec![s, p])
                })
            }
            8 => {
                let kids = vec![self.of(Bool, d), self.of(Int, d), self.of(Int, d)];
                node(Int, "(IF $ THEN $ ELSE $)", kids)
            }
            9 => {
                let kids = vec![
                    self.of(Bool, d),
                    self.of(Int, d),
                    self.of(Bool, d),
                    self.of(Int, d),
                    self.of(Int, d),
                ];
                node(Int, "(CASE $ -> $ [] $ -> $ [] OTHER -> $)", kids)
            }
            10 => {
                let (f, k) = (self.name("f"), self.name("k"));
                let t = format!(
                    "(LET {f} == $ {k} == $ IN IF {k} \\in DOMAIN {f} THEN {f}[{k}] ELSE 0)"
                );
                two(self, &t, Fun, Int)
            }
            11 => node(Int, "$.a", vec![self.of(Rec, d)]),
            12 => {
                // The definition does not see its own name: LET is not recursive.
                let e = self.of(Int, d);
                self.binder(d, |g, v, d| {
                    let body = g.of(Int, d);
                    node(Int, &format!("(LET {v} == $ IN {v} + $)"), vec![e, body])
                })
            }
            13 => node(Int, "(-$)", vec![self.of(Int, d)]),
            _ => node(
                Int,
                "Head(Append($, $))",
                vec![self.of(Seq, d), self.of(Int, d)],
            ),
        }
    }

    fn boolean(&mut self, d: u32) -> Expr {
        use Kind::*;
        if self.leafy(d) {
            let t = ["TRUE", "FALSE"][self.pick(2)];
            return Expr::Leaf(Bool, t.to_string());
        }
        let d = d - 1;
        let two = |g: &mut Self, t: &str, a: Kind, b: Kind| {
            let x = g.of(a, d);
            let y = g.of(b, d);
            node(Bool, t, vec![x, y])
        };
        match self.pick(16) {
            0 => {
                let k = KINDS[self.pick(KINDS.len())];
                two(self, "($ = $)", k, k)
            }
            1 => two(self, "($ < $)", Int, Int),
            2 => two(self, "($ \\in $)", Int, Set),
            3 | 4 => {
                let q = if self.pick(2) == 0 { "\\A" } else { "\\E" };
                self.over(d, |g, x, s, d| {
                    let p = g.of(Bool, d);
                    node(Bool, &format!("({q} {x} \\in $ : $)"), vec![s, p])
                })
            }
            5 => node(Bool, "~$", vec![self.of(Bool, d)]),
            // Two names over one set, and a set without an outer bound name.
            14 => {
                let q = if self.pick(2) == 0 { "\\A" } else { "\\E" };
                self.over(d, |g, x, s, d| {
                    g.binder(d, |g, y, d| {
                        let p = g.of(Bool, d);
                        node(Bool, &format!("({q} {x}, {y} \\in $ : $)"), vec![s, p])
                    })
                })
            }
            15 => {
                let q = if self.pick(2) == 0 { "\\A" } else { "\\E" };
                self.over(d, |g, x, s, d| {
                    let t = g.of(Set, d);
                    g.binder(d, |g, y, d| {
                        let p = g.of(Bool, d);
                        let f = format!("(\\E {x} \\in $ : ({q} {y} \\in $ \\ {{{x}}} : $))");
                        node(Bool, &f, vec![s, t, p])
                    })
                })
            }
            6 => two(self, "($ /\\ $)", Bool, Bool),
            7 => two(self, "($ \\/ $)", Bool, Bool),
            8 => two(self, "($ => $)", Bool, Bool),
            9 => two(self, "($ \\subseteq $)", Set, Set),
            10 => two(self, "($ \\in DOMAIN $)", Int, Fun),
            11 => two(self, "($ # $)", Str, Str),
            12 => two(self, "($ <=> $)", Bool, Bool),
            _ => two(self, "($ <= $)", Int, Int),
        }
    }

    fn set(&mut self, d: u32) -> Expr {
        use Kind::*;
        if self.leafy(d) {
            return match self.pick(3) {
                0 => node(Set, "{$, $}", vec![self.small(), self.small()]),
                1 => node(Set, "($..$)", vec![self.small(), self.small()]),
                _ => Expr::simplest(Set),
            };
        }
        let d = d - 1;
        let two = |g: &mut Self, t: &str, a: Kind, b: Kind| {
            let x = g.of(a, d);
            let y = g.of(b, d);
            node(Set, t, vec![x, y])
        };
        match self.pick(13) {
            0 => two(self, "($ \\cup $)", Set, Set),
            1 => two(self, "($ \\cap $)", Set, Set),
            2 => two(self, "($ \\ $)", Set, Set),
            3 => self.over(d, |g, x, s, d| {
                let e = g.of(Int, d);
                node(Set, &format!("{{$ : {x} \\in $}}"), vec![e, s])
            }),
            4 => self.over(d, |g, x, s, d| {
                let p = g.of(Bool, d);
                node(Set, &format!("{{{x} \\in $ : $}}"), vec![s, p])
            }),
            5 => node(Set, "DOMAIN $", vec![self.of(Fun, d)]),
            6 => two(self, "UNION {$, $}", Set, Set),
            // SUBSET and cross products only of literal sets: their size stays small.
            7 => {
                let kids = vec![self.small(), self.small(), self.small()];
                node(Set, "{Cardinality(t) : t \\in SUBSET {$, $, $}}", kids)
            }
            8 => {
                let kids = vec![self.small(), self.small(), self.small(), self.small()];
                node(Set, "{p[1] + p[2] : p \\in {$, $} \\X {$, $}}", kids)
            }
            9 => {
                let kids = vec![self.of(Int, d), self.of(Int, d), self.of(Int, d)];
                node(Set, "{$, $, $}", kids)
            }
            10 => node(Set, "BagToSet(SetToBag($))", vec![self.of(Set, d)]),
            11 => two(self, "($..$)", Int, Int),
            _ => node(Set, "DOMAIN $", vec![self.of(Seq, d)]),
        }
    }

    fn seq(&mut self, d: u32) -> Expr {
        use Kind::*;
        if self.leafy(d) {
            return match self.pick(2) {
                0 => Expr::simplest(Seq),
                _ => node(Seq, "<<$, $>>", vec![self.small(), self.small()]),
            };
        }
        let d = d - 1;
        match self.pick(7) {
            0 => node(Seq, "Append($, $)", vec![self.of(Seq, d), self.of(Int, d)]),
            1 => node(Seq, "($ \\o $)", vec![self.of(Seq, d), self.of(Seq, d)]),
            2 => node(
                Seq,
                "Tail(Append($, $))",
                vec![self.of(Seq, d), self.of(Int, d)],
            ),
            3 => {
                let q = self.name("q");
                let t = format!("(LET {q} == $ IN SubSeq({q}, 1 + Len({q}) \\div 2, Len({q})))");
                node(Seq, &t, vec![self.of(Seq, d)])
            }
            4 => {
                let kids = vec![self.of(Seq, d), self.of(Int, d), self.of(Int, d)];
                node(Seq, "[$ EXCEPT ![$] = $]", kids)
            }
            5 => {
                let kids = vec![self.of(Seq, d), self.small()];
                node(Seq, "SelectSeq($, LAMBDA e : e > $)", kids)
            }
            _ => {
                let kids = vec![self.of(Int, d), self.of(Int, d), self.of(Int, d)];
                node(Seq, "<<$, $, $>>", kids)
            }
        }
    }

    fn fun(&mut self, d: u32) -> Expr {
        use Kind::*;
        if self.leafy(d) {
            return node(Fun, "($ :> $)", vec![self.small(), self.small()]);
        }
        let d = d - 1;
        match self.pick(5) {
            0 => self.over(d, |g, x, s, d| {
                let e = g.of(Int, d);
                node(Fun, &format!("[{x} \\in $ |-> $]"), vec![s, e])
            }),
            1 => node(Fun, "($ @@ $)", vec![self.of(Fun, d), self.of(Fun, d)]),
            2 => node(
                Fun,
                "[$ EXCEPT ![$] = @ + 1]",
                vec![self.of(Fun, d), self.of(Int, d)],
            ),
            3 => node(Fun, "($ :> $)", vec![self.of(Int, d), self.of(Int, d)]),
            _ => {
                let s = self.of(Seq, d);
                Expr::Node(Fun, vec![String::new(), String::new()], vec![s])
            }
        }
    }

    fn rec(&mut self, d: u32) -> Expr {
        use Kind::*;
        let d = d.saturating_sub(1);
        match self.pick(3) {
            0 => node(
                Rec,
                "[a |-> $, b |-> $]",
                vec![self.of(Int, d), self.of(Str, d)],
            ),
            1 => {
                let kids = vec![self.of(Int, d), self.of(Int, d)];
                node(Rec, "[[a |-> $, b |-> \"x\"] EXCEPT !.a = $]", kids)
            }
            _ => node(Rec, "[a |-> $]", vec![self.of(Int, d)]),
        }
    }

    fn string(&mut self, d: u32) -> Expr {
        match self.pick(4) {
            0 if d > 0 => node(Kind::Str, "ToString($)", vec![self.of(Kind::Int, d - 1)]),
            1 => Expr::Leaf(Kind::Str, "\"x\"".to_string()),
            2 => Expr::Leaf(Kind::Str, "\"\"".to_string()),
            _ => Expr::Leaf(Kind::Str, "\"a b\"".to_string()),
        }
    }

    /// A name not used elsewhere in the expression.
    fn name(&mut self, stem: &str) -> String {
        self.fresh += 1;
        format!("{stem}{}", self.fresh)
    }

    /// An expression binding a new integer name to the elements of a set written first (the
    /// name is not in scope in its own domain).
    fn over(&mut self, d: u32, f: impl FnOnce(&mut Self, &str, Expr, u32) -> Expr) -> Expr {
        let s = self.of(Kind::Set, d.saturating_sub(1));
        self.binder(d, |g, x, d| f(g, x, s, d))
    }

    /// An expression under a new bound integer name (nesting is what makes evaluation slow,
    /// so a binder costs two levels).
    fn binder(&mut self, d: u32, f: impl FnOnce(&mut Self, &str, u32) -> Expr) -> Expr {
        let x = format!("x{}", self.fresh);
        self.fresh += 1;
        self.scope.push((x.clone(), Kind::Int));
        let e = f(self, &x, d.saturating_sub(1));
        self.scope.pop();
        e
    }
}
