//! `tlacheck trace selftest verify.toml`: the self-test of every `[[trace]]` entry a suite
//! expects accepted (a rejected entry has nothing to plant changes in). The manifest is read
//! by tla-suite's reader, so paths resolve as `tlacheck verify` resolves them.

use std::path::Path;
use tla_check::session::Setup;
use tla_suite::manifest::{self, TraceExpect};
use tla_trace::Options;

/// Exit 0 when every accepted entry's self-test passed, 1 when one failed, 2 when the
/// manifest or an entry could not be run (2 wins), 2 too when no entry is expected accepted.
pub fn selftest_manifest(path: &Path, options: &Options) -> u8 {
    let m = match manifest::load(path) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{}", e.message);
            return 2;
        }
    };
    let accepted: Vec<_> = m
        .traces
        .iter()
        .filter(|t| {
            !matches!(
                t.expect.as_ref().map(|e| e.get_ref()),
                Some(TraceExpect::Rejected { .. })
            )
        })
        .collect();
    if accepted.is_empty() {
        eprintln!(
            "{}: no [[trace]] entry is expected accepted: nothing to self-test",
            path.display()
        );
        return 2;
    }
    let (mut failed, mut broken) = (0, 0);
    for t in &accepted {
        let spec = m.spec_path(t.spec.get_ref());
        let config = match &t.config {
            Some(c) => m.specs_dir.join(c.get_ref()),
            None => spec.with_extension("cfg"),
        };
        let setup = Setup {
            config_path: Some(config),
            search: super::search_path(&m.library),
            ..Setup::new(&spec)
        };
        println!("== {} ({})", t.name(), t.spec.get_ref());
        let files: Vec<_> = t.file_names().iter().map(|f| m.dir.join(f)).collect();
        match super::trace::selftest_one(&setup, &files, options) {
            0 => {}
            1 => failed += 1,
            _ => broken += 1,
        }
    }
    let n = accepted.len();
    if failed + broken == 0 {
        println!("SUITE SELFTEST PASSED ({n} traces)");
        return 0;
    }
    println!("SUITE SELFTEST FAILED ({failed} failed, {broken} could not run, of {n} traces)");
    if broken > 0 {
        2
    } else {
        1
    }
}
