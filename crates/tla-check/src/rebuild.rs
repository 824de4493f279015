//! The counterexample, rebuilt as TLC rebuilds it: the search keeps only fingerprints and
//! parent links, so the path is found again by running the spec from the initial states and
//! taking, at each step, the first state with the next fingerprint on the path.

use crate::expand::{complete, Worker};
use crate::result::TraceState;
use std::sync::Arc;
use tla_eval::eval::RunInfo;
use tla_eval::{enumerate, Value};
use tla_sema::ir::DefId;

/// The states whose fingerprints are `fps`, from an initial state on (shorter if the spec
/// does not reproduce them, which only a fingerprint collision could cause).
pub fn rebuild(w: &mut Worker, fps: &[u64]) -> Vec<TraceState> {
    let (ev, model) = (w.sh.ev, w.sh.model);
    let mut out: Vec<TraceState> = Vec::new();
    let Some((first, rest)) = fps.split_first() else {
        return out;
    };
    let Some(init) = &model.init else {
        return out;
    };
    RunInfo::set_thread_level(Some(0));
    let mut found: Option<Arc<[Value]>> = None;
    // A state is fingerprinted at its own level, as the search does (a VIEW may read it).
    let fingerprint_at = |w: &mut Worker, st: &[Value], level: i64, back: i64| {
        RunInfo::set_thread_level(Some(level));
        let fp = w.fingerprint(st).ok();
        RunInfo::set_thread_level(Some(back));
        fp
    };
    let _ = enumerate::init_states(ev, init, &mut |st, _| {
        let st = complete(st);
        if fingerprint_at(w, &st, 1, 0) == Some(*first) {
            found = Some(st);
            return Ok(false);
        }
        Ok(true)
    });
    let Some(mut cur) = found else {
        return out;
    };
    out.push(TraceState {
        values: cur.clone(),
        action: None,
    });
    let Some(next) = &model.next else {
        return out;
    };
    for (depth, want) in rest.iter().enumerate() {
        RunInfo::set_thread_level(Some(depth as i64 + 1));
        let mut found: Option<(Arc<[Value]>, Option<DefId>)> = None;
        let _ = enumerate::next_states(ev, next, &cur, &mut |st, action| {
            let st = complete(st);
            let level = depth as i64 + 1;
            if fingerprint_at(w, &st, level + 1, level) == Some(*want) {
                found = Some((st, action.or(model.next_def)));
                return Ok(false);
            }
            Ok(true)
        });
        let Some((st, action)) = found else {
            break;
        };
        cur = st.clone();
        out.push(TraceState { values: st, action });
    }
    out
}
