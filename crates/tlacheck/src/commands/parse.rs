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
) -> Vec<(String, String)> {
    // A spec that does not load is reported by the loading that follows.
    match tla_suite::modules::ModuleTree::load(spec, library) {
        Ok(tree) => (tla_suite::pcal::stale_modules(&tree).into_iter())
            .map(|s| (s.module, s.warning))
            .collect(),
        Err(_) => Vec::new(),
    }
}

pub fn run(args: Args) -> u8 {
    let search = super::search_path(&args.library);
    for (_, w) in stale_translation_warnings(&args.spec, &args.library) {
        println!("{w}");
    }
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
