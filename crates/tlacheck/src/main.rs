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
    about = "A TLA+ model checker and verification-suite runner",
    after_help = "`tlacheck tlc ARGS` runs `check` on TLC's own command line \
                  (`java -jar tla2tools.jar ARGS`)."
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
    Check(Box<commands::check::Args>),
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
    /// Translate the PlusCal algorithm in a .tla file, as pcal.trans does.
    Translate(commands::translate::Args),
}

/// `tlacheck tlc ARGS` is `tlacheck check` on TLC's command line; `check` reads TLC's
/// single-dash options too.
fn tlc_style_args(
    args: Vec<std::ffi::OsString>,
) -> Result<(Vec<std::ffi::OsString>, Vec<String>), String> {
    let command = args.get(1).and_then(|a| a.to_str());
    if !matches!(command, Some("tlc" | "check")) {
        // The other commands share a few of TLC's spellings (`trace validate ... -config C`).
        let args = args.into_iter().map(|a| match a.to_str() {
            Some(d) if d.starts_with("-D") && d.len() > 2 => format!("--define={}", &d[2..]).into(),
            Some("-config") => "--config".into(),
            Some("-deadlock") => "--no-deadlock".into(),
            Some("-library") => "--library".into(),
            _ => a,
        });
        return Ok((args.collect(), Vec::new()));
    }
    let t = match command {
        Some("tlc") => commands::tlc_args::translate_tlc(&args[2..]),
        _ => commands::tlc_args::translate(&args[2..]),
    }
    .map_err(|e| e.0)?;
    let mut out = vec![args[0].clone(), "check".into()];
    out.extend(t.args);
    Ok((out, t.warnings))
}

fn main() -> ExitCode {
    alloc::keep_freed_memory();
    let (args, warnings) = match tlc_style_args(std::env::args_os().collect()) {
        Ok(a) => a,
        Err(message) => {
            // TLC's answer to a command line it cannot read, and its exit status.
            eprintln!("{message}");
            eprintln!("Usage: tlacheck tlc [-option] SPEC (the options of java tlc2.TLC)");
            return ExitCode::from(1);
        }
    };
    for w in warnings {
        eprintln!("{w}");
    }
    let cli = match Cli::try_parse_from(args) {
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
            Command::Check(args) => commands::check::run(*args),
            Command::Conformance(args) => commands::conformance::run(args),
            Command::Verify(args) => commands::verify::run(args),
            Command::Mutants(args) => commands::mutants::run(args),
            Command::Trace(args) => commands::trace::run(args),
            Command::Bench(args) => commands::bench::run(args),
            Command::Translate(args) => commands::translate::run(args),
        });
    match run.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("tlacheck: internal error");
            ExitCode::from(2)
        }
    }
}
