//! `tlacheck parse`: load, resolve and level-check a spec.

use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The root module, e.g. Spec.tla.
    spec: PathBuf,
    /// A folder to search for modules (repeatable, searched in order).
    #[arg(long = "library", value_name = "DIR")]
    library: Vec<PathBuf>,
}

/// SANY's warnings, `(module, warning)`, for each module of the spec (the root and those it
/// EXTENDS, wherever, as SANY validates them) whose PlusCal algorithm or translation changed
/// since the translation was written (the checksums on its BEGIN TRANSLATION line).
pub fn stale_translation_warnings(
    spec: &std::path::Path,
    library: &[PathBuf],
) -> Vec<(String, String, i32)> {
    // A spec that does not load is reported by the loading that follows.
    match tla_suite::modules::ModuleTree::load(spec, library) {
        Ok(tree) => (tla_suite::pcal::stale_modules(&tree).into_iter())
            .map(|s| (s.module, s.warning, s.code))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// SANY's "Warnings (N) during syntax parsing of ROOT" block (ROOT as SANY was given the
/// spec) for the stale translations, each under
/// its module's name (none when there is none), and whether one of them is an error: a
/// suppressed code is left out of the block and its count, one made an error is marked so
/// (tla2sany.drivers.SANY with TLC's -suppressMessages and -messagesAsErrors).
pub fn sany_warnings(
    root: &str,
    stale: &[(String, String, i32)],
    as_errors: &[i32],
    suppressed: &[i32],
) -> (String, bool) {
    let shown: Vec<_> = (stale.iter())
        .filter(|(_, _, code)| !suppressed.contains(code))
        .collect();
    if shown.is_empty() {
        return (String::new(), false);
    }
    let mut out = format!(
        "Warnings ({}) during syntax parsing of {root}:\n\n\n",
        shown.len()
    );
    let mut failed = false;
    for (module, w, code) in shown {
        if as_errors.contains(code) {
            failed = true;
            out += "Warning treated as error: ";
        }
        out += &format!("In module {module}\n\n{w}\n\n\n\n");
    }
    (out, failed)
}

pub fn run(args: Args) -> u8 {
    let search = super::search_path(&args.library);
    // SANY names the spec as its command line did (`Spec.tla`, a path).
    let stale = stale_translation_warnings(&args.spec, &args.library);
    let (block, _) = sany_warnings(&args.spec.display().to_string(), &stale, &[], &[]);
    print!("{block}");
    match tla_sema::load_spec(&args.spec, &search) {
        Ok(spec) => {
            let user_defs = spec
                .defs
                .iter()
                .filter(|d| !spec.module(d.module).standard)
                .count();
            println!(
                "{}: {} modules loaded, {} definitions, {} variables, {} constants: no errors",
                args.spec.display(),
                spec.modules.len(),
                user_defs,
                spec.root_module().variables.len(),
                spec.root_module().constants.len()
            );
            0
        }
        Err(e) => {
            eprint!("{}", e.render());
            eprintln!(
                "{} error{}",
                e.errors.len(),
                if e.errors.len() == 1 { "" } else { "s" }
            );
            2
        }
    }
}
