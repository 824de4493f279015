//! TLC's `-dump [dot[,colorize,actionlabels,snapshot,strict]] FILE`: the states the search
//! finds written to a file as it finds them, fed by the search's transition observer (in
//! one-worker order, whatever the workers).
//!
//! # TLC facts (from `tlc2/util/StateWriter.java`, `DotStateWriter.java`, `tlc2/TLC.java`,
//! and runs of TLC 2026.11)
//!
//! * The file name gets `.dump` (plain) or `.dot` appended unless it already ends so.
//! * Plain: each new state, in the order found, as `State N:`, the state as TLC prints it
//!   (`/\ x = 0` per variable, a lone variable without the bullet), then an empty line.
//! * Dot: `strict digraph DiskGraph {`, `node [shape=box,style=rounded]`, with `colorize`
//!   `edge [colorscheme="paired12"]`, `nodesep=0.35;`, `subgraph cluster_graph {`,
//!   `color="white";`. An initial state is `FP [label="STATE",style = filled]`; every
//!   in-model step (to a new state or not) is `FP -> FP2 [label="A",color="C",fontcolor="C"];`
//!   (A the action's name with `actionlabels`, else empty; C its colour number with
//!   `colorize`, numbered from 2 in the order met, else `black`), followed for a new state by
//!   `FP2 [label="STATE",tooltip="STATE"];`. STATE is the printed state with `\` and `"`
//!   escaped and its lines joined by `\n`; FP a fingerprint as a signed 64-bit number (TLC's
//!   own fingerprints, so the numbers differ here). At the end, for each level, `{rank =
//!   same; FP;FP;}` over the states of that level that were explored (the source of a step,
//!   or initial), then `}`; with `colorize` and more than one action a legend (`subgraph
//!   cluster_legend {...}`), then a closing `}` without a newline.
//! * `snapshot` also writes `NAME_snapshot.dot`, a complete graph of what was found so far
//!   (at the end, the same text as the dump); `strict` drops a step whose two fingerprints
//!   XOR to that of a step written before.

use crate::merge::TransitionObserver;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tla_eval::value::FingerprintMap;
use tla_eval::Value;
use tla_sema::ir::{DefId, VarId};
use tla_sema::Spec;

/// What `-dump` asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DumpPlan {
    /// The file, with TLC's suffix added.
    pub path: PathBuf,
    /// `None`: the plain list of states.
    pub dot: Option<DotOptions>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DotOptions {
    pub colorize: bool,
    pub action_labels: bool,
    pub snapshot: bool,
    pub strict: bool,
}

impl DumpPlan {
    /// `-dump [FORMAT] FILE` as TLC reads it: FORMAT (lower-cased) names the options.
    pub fn new(format: Option<&str>, file: &str) -> DumpPlan {
        let suffix = if format.is_some() { ".dot" } else { ".dump" };
        let path = if file.ends_with(suffix) {
            file.to_string()
        } else {
            format!("{file}{suffix}")
        };
        let dot = format.map(|f| {
            let f = f.to_lowercase();
            DotOptions {
                colorize: f.contains("colorize"),
                action_labels: f.contains("actionlabels"),
                snapshot: f.contains("snapshot"),
                strict: f.contains("strict"),
            }
        });
        DumpPlan {
            path: PathBuf::from(path),
            dot,
        }
    }
}

/// The writer: kept in memory, written out by `finish`.
pub struct StateDump<'s> {
    spec: &'s Spec,
    vars: Vec<VarId>,
    plan: DumpPlan,
    text: String,
    numbered: u64,
    /// Each state's level (initial states: 1).
    levels: FingerprintMap<u32>,
    /// Per level, the explored states in the order first explored.
    ranks: Vec<Vec<u64>>,
    ranked: std::collections::HashSet<u64>,
    colors: Vec<(String, u32)>,
    strict: std::collections::HashSet<u64>,
    /// TLC's DFID passes its writer no action: its edges carry no attributes.
    actions: bool,
}

impl<'s> StateDump<'s> {
    /// Edges written without their `[label=...]` attributes, as TLC's DFID writes them.
    pub fn without_actions(mut self) -> Self {
        self.actions = false;
        self
    }

    pub fn new(spec: &'s Spec, vars: &[VarId], plan: DumpPlan) -> Self {
        let mut text = String::new();
        if let Some(dot) = &plan.dot {
            text.push_str("strict digraph DiskGraph {\nnode [shape=box,style=rounded]\n");
            if dot.colorize {
                text.push_str("edge [colorscheme=\"paired12\"]\n");
            }
            text.push_str("nodesep=0.35;\nsubgraph cluster_graph {\ncolor=\"white\";\n");
        }
        StateDump {
            spec,
            vars: vars.to_vec(),
            plan,
            text,
            numbered: 0,
            levels: FingerprintMap::default(),
            ranks: Vec::new(),
            ranked: Default::default(),
            colors: Vec::new(),
            strict: Default::default(),
            actions: true,
        }
    }

    fn printed(&self, state: &[Value]) -> String {
        let mut s = String::new();
        crate::tlc_text::write_state(&mut s, self.spec, &self.vars, state);
        s
    }

    fn dot_text(&self, state: &[Value]) -> String {
        (self
            .printed(state)
            .replace('\\', "\\\\")
            .replace('"', "\\\""))
        .trim()
        .replace('\n', "\\n")
    }

    fn rank(&mut self, fp: u64) {
        if !self.ranked.insert(fp) {
            return;
        }
        let level = self.levels.get(&fp).copied().unwrap_or(1) as usize;
        while self.ranks.len() < level {
            self.ranks.push(Vec::new());
        }
        self.ranks[level - 1].push(fp);
    }

    fn color(&mut self, name: &str) -> u32 {
        if let Some((_, c)) = self.colors.iter().find(|(n, _)| n == name) {
            return *c;
        }
        let c = self.colors.len() as u32 + 2;
        self.colors.push((name.to_string(), c));
        c
    }

    /// The closing text of a dot graph, for the dump and its snapshot.
    fn closing(&self) -> String {
        let mut out = String::new();
        for rank in self.ranks.iter().filter(|r| !r.is_empty()) {
            out.push_str("{rank = same; ");
            for fp in rank {
                let _ = write!(out, "{};", *fp as i64);
            }
            out.push_str("}\n");
        }
        out.push_str("}\n");
        let colorize = self.plan.dot.as_ref().is_some_and(|d| d.colorize);
        if colorize && self.colors.len() > 1 {
            out.push_str("subgraph cluster_legend {graph[style=bold];label = \"Next State Actions\" style=\"solid\"\n");
            out.push_str(
                "node [ labeljust=\"l\",colorscheme=\"paired12\",style=filled,shape=record ]\n",
            );
            for (name, c) in &self.colors {
                let _ = writeln!(
                    out,
                    "{} [label=\"{name}\",fillcolor={c}]",
                    name.replace('!', ":")
                );
            }
            out.push('}');
        }
        out.push('}');
        out
    }

    /// Writes the file (and the snapshot); TLC's writer reports no failure, nor does this.
    pub fn finish(&self) {
        let mut text = self.text.clone();
        if self.plan.dot.is_some() {
            text.push_str(&self.closing());
        }
        let _ = std::fs::write(&self.plan.path, &text);
        if self.plan.dot.as_ref().is_some_and(|d| d.snapshot) {
            let _ = std::fs::write(snapshot_path(&self.plan.path), &text);
        }
    }
}

/// `NAME.dot` -> `NAME_snapshot.dot`.
fn snapshot_path(path: &Path) -> PathBuf {
    let s = path.to_string_lossy();
    let stem = s.strip_suffix(".dot").unwrap_or(&s);
    PathBuf::from(format!("{stem}_snapshot.dot"))
}

impl TransitionObserver for StateDump<'_> {
    fn transition(
        &mut self,
        from: Option<u64>,
        to: u64,
        action: Option<DefId>,
        new: bool,
        state: Option<&Arc<[Value]>>,
    ) {
        // A state is printed only when new (`reads_seen_states` is false).
        let state = state.filter(|_| new);
        if new {
            let level = from.map_or(1, |f| self.levels.get(&f).copied().unwrap_or(1) + 1);
            self.levels.insert(to, level);
        }
        let Some(dot) = self.plan.dot.clone() else {
            if let Some(state) = state {
                self.numbered += 1;
                let printed = self.printed(state);
                let _ = write!(self.text, "State {}:\n{printed}\n", self.numbered);
            }
            return;
        };
        let Some(from) = from else {
            if let Some(state) = state {
                let label = self.dot_text(state);
                let _ = writeln!(
                    self.text,
                    "{} [label=\"{label}\",style = filled]",
                    to as i64
                );
                self.rank(to);
            }
            return;
        };
        if dot.strict && !self.strict.insert(from ^ to) {
            return;
        }
        let _ = write!(self.text, "{} -> {}", from as i64, to as i64);
        if self.actions {
            let name = action.map_or(String::new(), |d| self.spec.def(d).name.clone());
            let color = if dot.colorize {
                self.color(&name).to_string()
            } else {
                "black".to_string()
            };
            let label = if dot.action_labels { name.as_str() } else { "" };
            let _ = write!(
                self.text,
                " [label=\"{label}\",color=\"{color}\",fontcolor=\"{color}\"]"
            );
        }
        self.text.push_str(";\n");
        if let Some(state) = state {
            let text = self.dot_text(state);
            let _ = writeln!(
                self.text,
                "{} [label=\"{text}\",tooltip=\"{text}\"];",
                to as i64
            );
        }
        self.rank(from);
    }

    fn reads_seen_states(&self) -> bool {
        false
    }
}

/// The dump as the search's observer, kept by the caller to `finish` it afterwards.
pub struct SharedDump<'s>(pub Arc<std::sync::Mutex<StateDump<'s>>>);

impl TransitionObserver for SharedDump<'_> {
    fn transition(
        &mut self,
        from: Option<u64>,
        to: u64,
        action: Option<DefId>,
        new: bool,
        state: Option<&Arc<[Value]>>,
    ) {
        if let Ok(mut d) = self.0.lock() {
            d.transition(from, to, action, new, state);
        }
    }

    fn reads_seen_states(&self) -> bool {
        false
    }
}
