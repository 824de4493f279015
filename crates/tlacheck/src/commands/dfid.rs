//! `tlacheck check --dfid N` (TLC's `-dfid N`): the depth-first iterative deepening search of
//! `tla_check::dfid`, printed as TLC prints it.

use super::{tlc_text, tool_mode};
use std::time::{Instant, SystemTime};
use tla_check::dfid::{self, DfidOptions};
use tla_check::model::Model;
use tla_eval::Evaluator;
use tla_sema::Spec;

pub struct Run {
    /// --debug-drop-step (`certified.rs`).
    pub drop_step: Option<usize>,
    pub max_level: u64,
    pub no_deadlock: bool,
    pub json: bool,
    pub tool: bool,
    /// The lines already composed before the result (tool mode frames them with the rest).
    pub head: String,
    pub start: Instant,
    /// TLC's -dump.
    pub dump: Option<tla_check::state_dump::DumpPlan>,
}

/// Runs the search and prints it; TLC's exit status and the result's JSON summary (for
/// `--html` and `--annotate`; none when the search was refused).
pub fn run(spec: &Spec, model: &Model, ev: &Evaluator, r: Run) -> (u8, Option<serde_json::Value>) {
    if !model.temporal_properties.is_empty() {
        return (refuse(&r, dfid::LIVENESS), None);
    }
    let opts = DfidOptions {
        check_deadlock: model.check_deadlock && !r.no_deadlock,
        max_level: r.max_level,
    };
    let mut dump = (r.dump.clone())
        .map(|p| tla_check::state_dump::StateDump::new(spec, &model.vars, p).without_actions());
    let observer = dump
        .as_mut()
        .map(|d| d as &mut dyn tla_check::engine::TransitionObserver);
    let mut found = dfid::check(ev, model, &opts, observer);
    if let Some(d) = &dump {
        d.finish();
    }
    let (deadlock, drop) = (opts.check_deadlock, r.drop_step);
    let certified =
        match super::certified::check(ev, model, deadlock, &mut found.report, drop, r.json) {
            Ok(c) => c,
            Err(status) => return (status, None),
        };
    let mut j = tla_check::report::to_json(spec, &model.vars, &found.report);
    if certified {
        j["certified"] = serde_json::json!(true);
    }
    j["mode"] = serde_json::json!("dfid");
    j["completed"] = serde_json::json!(found.completed);
    j["seconds"] = serde_json::json!(r.start.elapsed().as_secs_f64());
    if r.json {
        println!("{j}");
        return (found.status, Some(j));
    }
    let mut text = r.head.clone();
    let body = tla_check::dfid_report::render(spec, &model.vars, &found);
    if r.tool && found.summary {
        // Tool mode's closing progress line before the figures (TLC_PROGRESS_STATS_DFID).
        let (g, d) = (found.report.generated, found.report.distinct);
        let last = format!("{g} states generated, {d} distinct states found.\n");
        let head = body.strip_suffix(&last).unwrap_or(&body);
        text.push_str(head);
        text.push_str(&format!(
            "Progress(-1) at {}: {g} states generated, {d} distinct states found, -1 states left on queue.\n",
            tla_check::tlc_text::timestamp(SystemTime::now())
        ));
        if head.len() < body.len() {
            text.push_str(&last);
        }
    } else {
        text.push_str(&body);
    }
    print_closing(&r, text);
    (found.status, Some(j))
}

/// TLC's refusal of a model this mode cannot check (its general error, 255).
fn refuse(r: &Run, message: &str) -> u8 {
    if r.json {
        eprintln!("{message}");
    } else {
        print_closing(r, format!("{}{message}\n", r.head));
    }
    dfid::GENERAL_ERROR
}

fn print_closing(r: &Run, mut text: String) {
    let now = SystemTime::now();
    if r.tool {
        let ms = r.start.elapsed().as_millis();
        text.push_str(&format!(
            "Finished in {ms}ms at ({})\n",
            tla_check::tlc_text::timestamp(now)
        ));
        print!("{}", tool_mode::frame(&text));
    } else {
        text.push_str(&tlc_text::finished_line(r.start.elapsed(), now));
        text.push('\n');
        print!("{text}");
    }
}
