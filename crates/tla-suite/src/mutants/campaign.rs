//! `tlacheck mutants --auto`: every generated mutant of a check's spec, checked against the
//! check's own .cfg (its invariants and properties), compared with the unmutated run.

use super::auto::{self, AutoMutant};
use crate::cfg_edit;
use crate::exec::{self, Executor, RunResult, Summary};
use crate::manifest::{Check, Manifest};
use crate::runner;

#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Violated the named property (or deadlocked, or hit an evaluation error).
    Killed(String),
    /// Passed, with figures that differ from the original's.
    Survived,
    /// Passed with the same distinct states, states generated and depth as the original:
    /// probably the same behaviours, a mutant no property could kill.
    EquivalentSuspect,
    /// Does not parse, is level-incorrect, or could not be checked.
    Invalid(String),
}

pub struct MutantResult {
    pub mutant: AutoMutant,
    pub verdict: Verdict,
    pub figures: Option<Summary>,
}

pub struct Campaign {
    pub check: String,
    pub spec: String,
    pub original: Summary,
    pub results: Vec<MutantResult>,
}

impl Campaign {
    pub fn count(&self, f: impl Fn(&Verdict) -> bool) -> usize {
        self.results.iter().filter(|r| f(&r.verdict)).count()
    }

    /// Killed over killed plus survived: invalid and equivalent-suspect mutants are left out.
    pub fn score(&self) -> Option<f64> {
        let killed = self.count(|v| matches!(v, Verdict::Killed(_)));
        let survived = self.count(|v| *v == Verdict::Survived);
        (killed + survived > 0).then(|| killed as f64 / (killed + survived) as f64)
    }
}

/// TLC stops on a successor (or initial state) that leaves a variable unassigned: the mutant is
/// not a spec TLC can run, so it says nothing about the properties and is not counted as killed.
fn leaves_unassigned(f: &Summary) -> bool {
    f.outcome == "error"
        && f.error.as_deref().is_some_and(|e| {
            e.contains("not completely specified") || e.contains("is not assigned a value")
        })
}

/// What the .cfg checks and where its behaviours come from.
fn target_of(cfg: &str) -> auto::Target {
    let one = |sections: &[&str], default: &str| {
        cfg_edit::names_in(cfg, sections)
            .pop()
            .unwrap_or_else(|| default.to_string())
    };
    let mut roots = cfg_edit::names_in(
        cfg,
        &[
            "INIT",
            "NEXT",
            "SPECIFICATION",
            "CONSTRAINT",
            "CONSTRAINTS",
            "ACTION_CONSTRAINT",
            "ACTION_CONSTRAINTS",
        ],
    );
    if roots.is_empty() {
        roots = vec!["Init".into(), "Next".into(), "Spec".into()];
    }
    auto::Target {
        skip: cfg_edit::names_in(cfg, &["INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES"]),
        init: one(&["INIT"], "Init"),
        next: one(&["NEXT"], "Next"),
        roots,
        only: Vec::new(),
    }
}

/// Generates and checks the mutants of one check, of `definitions` only if any are given.
/// `Err`: the check cannot be used (unreadable, a definition it lacks, or it does not pass
/// unmutated).
pub fn run(
    m: &Manifest,
    c: &Check,
    definitions: &[String],
    exec: &dyn Executor,
    parallel: usize,
) -> Result<Campaign, String> {
    // The mutants are made in the texts the check runs (its translation, if it has one).
    let base = runner::request(m, c)?;
    let tree = crate::modules::ModuleTree::of_run(&base)?;
    let cfg = std::fs::read_to_string(&base.config).map_err(|e| {
        format!(
            "{}: cannot read the configuration: {e}",
            base.config.display()
        )
    })?;
    let mut target = target_of(&cfg);
    target.only = definitions.to_vec();
    let mutants = auto::generate(&tree, &target)?;
    let original = match exec.run(&base) {
        RunResult::Finished(f) if f.succeeded() => f,
        RunResult::Finished(f) => {
            return Err(format!(
                "check {} does not pass unmutated ({}): fix it before mutating it",
                c.name.get_ref(),
                f.violation().unwrap_or_default()
            ))
        }
        RunResult::Rejected { message, .. } | RunResult::Failed(message) => return Err(message),
    };
    let reqs: Vec<_> = mutants
        .iter()
        .map(|mu| base.clone().with_edit(mu.edit.clone()))
        .collect();
    let runs = exec::run_all(exec, &reqs, parallel);
    let results = mutants
        .into_iter()
        .zip(runs)
        .map(|(mutant, (r, _))| {
            let (verdict, figures) = match r {
                RunResult::Finished(f) if leaves_unassigned(&f) => (
                    Verdict::Invalid(
                        "a variable is left unassigned: TLC cannot check the mutant".into(),
                    ),
                    Some(f),
                ),
                RunResult::Finished(f) => match f.violation() {
                    Some(v) => (Verdict::Killed(v), Some(f)),
                    None if (f.distinct, f.generated, f.depth)
                        == (original.distinct, original.generated, original.depth) =>
                    {
                        (Verdict::EquivalentSuspect, Some(f))
                    }
                    None => (Verdict::Survived, Some(f)),
                },
                RunResult::Rejected { message, .. } | RunResult::Failed(message) => {
                    (Verdict::Invalid(message), None)
                }
            };
            MutantResult {
                mutant,
                verdict,
                figures,
            }
        })
        .collect();
    Ok(Campaign {
        check: c.name.get_ref().clone(),
        spec: c.spec.get_ref().clone(),
        original,
        results,
    })
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name().map_or_else(
        || p.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    )
}

/// The campaign for people: one line per mutant, the diff of each survivor, then the score.
pub fn text(c: &Campaign) -> String {
    let mut out = format!(
        "{} ({}): {} mutants; the original: {} generated, {} distinct, depth {}\n",
        c.check,
        c.spec,
        c.results.len(),
        c.original.generated,
        c.original.distinct,
        c.original.depth
    );
    for r in &c.results {
        let mu = &r.mutant;
        let head = format!(
            "{}:{} in {}: {}",
            file_name(&mu.file),
            mu.line,
            mu.definition,
            mu.description
        );
        match &r.verdict {
            Verdict::Killed(by) => out.push_str(&format!(
                "  killed     {head}: by {}\n",
                by.lines().next().unwrap_or("")
            )),
            Verdict::Survived => {
                out.push_str(&format!("  SURVIVED   {head}\n"));
                for l in mu.diff.lines() {
                    out.push_str(&format!("               {l}\n"));
                }
            }
            Verdict::EquivalentSuspect => out.push_str(&format!(
                "  equivalent {head} (same figures as the original)\n"
            )),
            Verdict::Invalid(why) => out.push_str(&format!(
                "  invalid    {head}: {}\n",
                why.lines().next().unwrap_or("")
            )),
        }
    }
    let killed = c.count(|v| matches!(v, Verdict::Killed(_)));
    let survived = c.count(|v| *v == Verdict::Survived);
    let eq = c.count(|v| *v == Verdict::EquivalentSuspect);
    let invalid = c.count(|v| matches!(v, Verdict::Invalid(_)));
    out.push_str(&format!(
        "  {killed} killed, {survived} survived, {eq} equivalent-suspect, {invalid} invalid; mutation score {}\n",
        c.score().map_or("n/a".into(), |s| format!("{:.1}%", s * 100.0))
    ));
    out
}

pub fn json(c: &Campaign) -> serde_json::Value {
    let results: Vec<serde_json::Value> = c
        .results
        .iter()
        .map(|r| {
            let (verdict, by) = match &r.verdict {
                Verdict::Killed(p) => ("killed", Some(p.clone())),
                Verdict::Survived => ("survived", None),
                Verdict::EquivalentSuspect => ("equivalent_suspect", None),
                Verdict::Invalid(why) => ("invalid", Some(why.clone())),
            };
            serde_json::json!({
                "definition": r.mutant.definition,
                "file": r.mutant.file,
                "line": r.mutant.line,
                "mutation": r.mutant.description,
                "verdict": verdict,
                "killed_by": if verdict == "killed" { by.clone() } else { None },
                "reason": if verdict == "invalid" { by } else { None },
                "diff": r.mutant.diff,
                "figures": r.figures,
            })
        })
        .collect();
    serde_json::json!({
        "check": c.check,
        "spec": c.spec,
        "original": c.original,
        "mutants": results,
        "score": c.score(),
    })
}
