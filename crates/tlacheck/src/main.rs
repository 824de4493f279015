//! The `tlacheck` command-line program.

mod commands;

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
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
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
        });
    match run.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("tlacheck: internal error");
            ExitCode::from(2)
        }
    }
}
