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

pub fn run(args: Args) -> u8 {
    let search = super::search_path(&args.library);
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
