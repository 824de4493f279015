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

/// SANY's warning when the PlusCal algorithm or its translation in the spec's file changed
/// since the translation was written (the checksums on its BEGIN TRANSLATION line).
pub fn stale_translation_warning(spec: &std::path::Path) -> Option<String> {
    let text = std::fs::read_to_string(spec).ok()?;
    let module = spec.file_stem()?.to_string_lossy().into_owned();
    tla_pcal::stale_translation(&text)?.warning(&module)
}

pub fn run(args: Args) -> u8 {
    let search = super::search_path(&args.library);
    if let Some(w) = stale_translation_warning(&args.spec) {
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
