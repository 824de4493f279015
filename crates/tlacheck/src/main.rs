//! The `tlacheck` command-line program.

mod alloc;
mod commands;

#[global_allocator]
static GLOBAL: alloc::Allocator = alloc::Allocator;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "tlacheck",
    version,
    about = "A TLA+ model checker and verification-suite runner"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and check a spec and the modules it uses, like SANY.
    Parse(commands::parse::Args),
    /// Model-check a spec against its .cfg, like TLC.
    Check(commands::check::Args),
    /// Run the conformance corpus and compare with TLC's figures.
    Conformance(commands::conformance::Args),
    /// Run a verification suite (verify.toml): checks, controls, witnesses, mutants, findings, coverage.
    Verify(commands::verify::Args),
    /// Check the declared mutants of a suite, or generate and check mutants (--auto).
    Mutants(commands::mutants::Args),
    /// Validate an implementation's trace against a spec.
    Trace(commands::trace::Args),
    /// Time the checker on the models TLC was timed on (tlc_baseline.json).
    Bench(commands::bench::Args),
}

/// TLC's single-dash spellings (`-config`, `-workers`, `-deadlock`) beside ours.
fn tlc_style_args(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    args.map(|a| match a.to_str() {
        Some(d) if d.starts_with("-D") && d.len() > 2 => format!("--define={}", &d[2..]).into(),
        Some("-config") => "--config".into(),
        Some("-workers") => "--workers".into(),
        Some("-seed") => "--seed".into(),
        Some("-fp") => "--fp".into(),
        Some("-deadlock") => "--no-deadlock".into(),
        Some("-library") => "--library".into(),
        Some("-simulate") => "--simulate".into(),
        Some("-depth") => "--depth".into(),
        Some("-lncheck") => "--lncheck".into(),
        Some("-checkpoint") => "--checkpoint".into(),
        Some("-recover") => "--recover".into(),
        Some("-metadir") => "--checkpoint-dir".into(),
        _ => a,
    })
    .collect()
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(tlc_style_args(std::env::args_os())) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // Deeply nested specs recurse deeply; give the work a large stack.
    let run = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || match cli.command {
            Command::Parse(args) => commands::parse::run(args),
            Command::Check(args) => commands::check::run(args),
            Command::Conformance(args) => commands::conformance::run(args),
            Command::Verify(args) => commands::verify::run(args),
            Command::Mutants(args) => commands::mutants::run(args),
            Command::Trace(args) => commands::trace::run(args),
            Command::Bench(args) => commands::bench::run(args),
        });
    match run.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("tlacheck: internal error");
            ExitCode::from(2)
        }
    }
}
