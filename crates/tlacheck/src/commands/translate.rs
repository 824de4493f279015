//! `tlacheck translate Spec.tla [--dry-run] [-nocfg] [pcal options]`: writes the TLA+
//! translation of the PlusCal algorithm in Spec.tla into the file, as TLC's translator
//! `pcal.trans` does (same text, same checksums), and the .cfg it writes unless `-nocfg`.
//! On an error the file is left untouched and the error is printed with its place; exit 2.

use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// Spec.tla, then pcal.trans's options (-wf, -sf, -wfNext, -nof, -termination, -label,
    /// -labelRoot NAME, -lineWidth N, -noDoneDisjunct, -nocfg) and --dry-run (print the
    /// file that would be written instead of writing it).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required = true,
        value_name = "ARGS"
    )]
    args: Vec<String>,
}

/// The file, whether to only print, and pcal.trans's options, from the command line.
fn split_args(args: &[String]) -> Result<(PathBuf, bool, Vec<String>), String> {
    let mut file = None;
    let mut dry = false;
    let mut opts = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        match a.as_str() {
            "--dry-run" | "-dry-run" => dry = true,
            "-labelRoot" | "-lineWidth" | "-version" => {
                opts.push(a.clone());
                i += 1;
                opts.push(args.get(i).cloned().ok_or(format!("{a} needs a value"))?);
            }
            s if s.starts_with("--") => opts.push(format!("-{}", &s[2..])),
            s if s.starts_with('-') => opts.push(s.to_string()),
            _ => {
                if file.is_some() {
                    return Err(format!("more than one file given: {a}"));
                }
                file = Some(PathBuf::from(a));
            }
        }
        i += 1;
    }
    let file = file.ok_or("no .tla file given")?;
    Ok((file, dry, opts))
}

/// The spec's algorithms freshly translated, for `check --translate` (nothing is written):
/// the root file's text, if it holds one, and the other files of the spec's own modules
/// that hold one (a model extending the module with the algorithm, as the corpus's MC files
/// do); an error rendered as `translate` prints it.
pub fn in_memory(file: &Path, library: &[PathBuf]) -> Result<tla_suite::pcal::Translated, String> {
    let tree = tla_suite::modules::ModuleTree::load(file, library).map_err(|e| e + "\n")?;
    let t = tla_suite::pcal::translate_tree(&tree)?;
    if t.is_empty() {
        return Err(format!(
            "{}: no PlusCal algorithm in it or in the modules of its own it uses\n",
            file.display()
        ));
    }
    Ok(t)
}

pub fn run(args: Args) -> u8 {
    let (file, dry, pcal_args) = match split_args(&args.args) {
        Ok(x) => x,
        Err(m) => {
            eprintln!("tlacheck translate: {m}");
            return 2;
        }
    };
    let mut opts = tla_pcal::Options::default();
    if let Err(m) = opts.apply(&pcal_args, false) {
        eprintln!("Command-line error: {m}.");
        return 2;
    }
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return 2;
        }
    };
    let cfg_path = file.with_extension("cfg");
    let cfg = std::fs::read_to_string(&cfg_path).ok();
    let t = match tla_pcal::translate(&text, &opts, cfg.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprint!("{}", e.render(&file, &text));
            return 2;
        }
    };
    for w in &opts.warnings {
        eprintln!("Warning: {w}");
    }
    for n in &t.notes {
        eprintln!("{n}");
    }
    if dry {
        print!("{}", t.text);
        return 0;
    }
    if let Err(e) = std::fs::write(&file, &t.text) {
        eprintln!("{}: {e}", file.display());
        return 2;
    }
    eprintln!("New file {} written.", file.display());
    if let Some(c) = &t.cfg {
        if let Err(e) = std::fs::write(&cfg_path, c) {
            eprintln!("{}: {e}", cfg_path.display());
            return 2;
        }
        eprintln!("New file {} written.", cfg_path.display());
    }
    0
}
