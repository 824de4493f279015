//! `tlacheck check`'s options that exist for TLC's command line (`tlc_args.rs` maps TLC's
//! spelling to these): each is either carried out or, where tlacheck has no counterpart yet,
//! named in one warning line so that nobody reads a result as if it had been.

use std::path::{Path, PathBuf};
use tla_check::config::source;
use tla_check::session::Setup;

#[derive(clap::Args, Default)]
pub struct TlcOptions {
    /// Print only the variables that changed in each state of a counterexample (TLC's
    /// -difftrace).
    #[arg(long)]
    pub difftrace: bool,
    /// Print the states of a counterexample through the .cfg's VIEW (TLC's -view).
    #[arg(long)]
    pub view: bool,
    /// Print no warnings (TLC's -nowarning).
    #[arg(long)]
    pub nowarning: bool,
    /// Delete the checkpoint folder (the spec's states/ or --checkpoint-dir) before the run
    /// (TLC's -cleanup).
    #[arg(long)]
    pub cleanup: bool,
    /// TLC's -tool: messages framed by `@!@!@STARTMSG code:class @!@!@` lines.
    #[arg(long)]
    pub tool: bool,
    /// The size of the largest set enumerated (TLC's -maxSetSize, default 1000000).
    #[arg(long = "max-set-size", value_name = "N")]
    pub max_set_size: Option<u64>,
    /// Depth-first iterative deepening, one pass per level up to this one (TLC's -dfid; one
    /// worker, no temporal properties).
    #[arg(long, value_name = "DEPTH")]
    pub dfid: Option<u64>,
    /// Write the output of Print and PrintT to FILE (TLC's -userFile).
    #[arg(long = "user-file", value_name = "FILE")]
    pub user_file: Option<PathBuf>,
    /// Minutes between coverage reports (TLC's -coverage).
    #[arg(long, value_name = "MINUTES")]
    pub coverage: Option<u64>,
    /// A state predicate checked as an invariant (TLC's -inv).
    #[arg(long, value_name = "EXPR")]
    pub inv: Vec<String>,
    /// Stop at the first state at this distance from an initial state (TLC's -invlevel).
    #[arg(long, value_name = "N")]
    pub invlevel: Option<u64>,
    /// `Module!Op` evaluated after the search as a POSTCONDITION (TLC's -postCondition).
    #[arg(long, value_name = "MOD!OP")]
    pub postcondition: Option<String>,
    /// Write every state found to FILE (TLC's -dump; `.dump` is added unless it ends so).
    #[arg(long = "dump-states", value_name = "FILE")]
    pub dump_states: Option<String>,
    /// With --dump-states: TLC's `dot[,colorize,actionlabels,snapshot,strict]`, the state
    /// graph in GraphViz's dot format (`.dot` is added to the file name).
    #[arg(long = "dump-format", value_name = "FORMAT", requires = "dump_states")]
    pub dump_format: Option<String>,
    /// Replay a counterexample written by -dumpTrace json as a constraint (TLC's -loadTrace
    /// json FILE).
    #[arg(long = "load-trace", value_name = "FILE")]
    pub load_trace: Option<String>,
    /// `FORMAT=FILE`: the counterexample written as TLC's -dumpTrace FORMAT FILE does
    /// (`tla` or `json`); repeatable.
    #[arg(long = "dump-trace-as", value_name = "FORMAT=FILE")]
    pub dump_trace_as: Vec<String>,
    /// After a counterexample, write TLC's trace-exploration spec `Spec_TTrace_<epoch>.tla`
    /// beside the spec (`tlacheck tlc` does unless -noGenerateSpecTE, as TLC).
    #[arg(long = "generate-spec-te")]
    pub generate_spec_te: bool,
    /// The folder the trace-exploration spec is written to (TLC's -teSpecOutDir).
    #[arg(long = "te-spec-out-dir", value_name = "DIR")]
    pub te_spec_out_dir: Option<PathBuf>,
    /// Treat these warnings as errors: TLC's and SANY's message codes, comma-separated
    /// (TLC's -messagesAsErrors; repeatable).
    #[arg(long = "messages-as-errors", value_name = "CODES", value_parser = message_codes)]
    pub messages_as_errors: Vec<String>,
    /// Do not print these warnings: message codes as for --messages-as-errors (TLC's
    /// -suppressMessages; repeatable).
    #[arg(long = "suppress-messages", value_name = "CODES", value_parser = message_codes)]
    pub suppress_messages: Vec<String>,
}

fn message_codes(list: &str) -> Result<String, String> {
    super::message_codes::classify(list).map(|_| list.to_string())
}

/// Message codes of one kind, TLC's or SANY's, made errors or suppressed.
#[derive(Clone, Debug, Default)]
pub struct Codes {
    pub tlc: Vec<i32>,
    pub sany: Vec<i32>,
}

impl Codes {
    fn of(lists: &[String]) -> Codes {
        let mut out = Codes::default();
        for l in lists {
            // Checked when the option was read.
            if let Ok((tlc, sany)) = super::message_codes::classify(l) {
                out.tlc.extend(tlc);
                out.sany.extend(sany);
            }
        }
        out
    }
}

impl TlcOptions {
    /// -messagesAsErrors's codes.
    pub fn as_errors(&self) -> Codes {
        Codes::of(&self.messages_as_errors)
    }

    /// -suppressMessages's codes.
    pub fn suppressed(&self) -> Codes {
        Codes::of(&self.suppress_messages)
    }

    /// -inv, -invlevel and -postCondition, as definitions added to the root module (in
    /// memory) and the .cfg lines that check them. TLC names such an invariant
    /// `__DebuggerExpr__<ms>`, `System.currentTimeMillis()` when SANY adds it
    /// (ModuleNode.generateUnusedName, tried again while the name is taken); here the run's
    /// start in milliseconds, one more for each further invariant so that the names differ.
    pub fn add_checks(&self, setup: &mut Setup) -> Result<(), String> {
        if self.inv.is_empty() && self.invlevel.is_none() && self.postcondition.is_none() {
            return Ok(());
        }
        let read = |text: &Option<String>, path: &Path| match text {
            Some(t) => Ok(t.clone()),
            None => std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display())),
        };
        let spec = read(&setup.spec_text, &setup.spec_path)?;
        // The configuration itself, also when it is a section of a .tla file.
        let config_path = setup.config_path();
        let mut config = match &setup.config_text {
            Some(t) => source::from_memory(&config_path, t),
            None => source::from_file(&config_path, &read(&None, &config_path)?),
        };
        let mut defs = String::new();
        let ms = (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH))
            .map_or(0, |d| d.as_millis());
        let name = |i: usize| format!("__DebuggerExpr__{}", ms + i as u128);
        for (i, e) in self.inv.iter().enumerate() {
            defs.push_str(&format!("{} == {e}\n", name(i)));
            config.push_str(&format!("\nINVARIANT {}\n", name(i)));
        }
        if let Some(n) = self.invlevel {
            let name = name(self.inv.len());
            defs.push_str(&format!(
                "__DebuggerTLC == INSTANCE TLC\n{name} == __DebuggerTLC!TLCGet(\"level\") < {n}\n"
            ));
            config.push_str(&format!("\nINVARIANT {name}\n"));
        }
        if let Some(p) = &self.postcondition {
            // `Module!Op`: TLC loads Module beside the spec and evaluates its Op.
            let (module, op) = p.rsplit_once('!').unwrap_or(("", p));
            let root = setup.spec_path.file_stem().and_then(|s| s.to_str());
            if !module.is_empty() && Some(module) != root {
                defs.push_str(&format!("LOCAL INSTANCE {module}\n"));
            }
            config.push_str(&format!("\nPOSTCONDITION {op}\n"));
        }
        let end = root_module_end(&spec).ok_or_else(|| {
            format!(
                "{}: no module ends with ==== to add -inv to",
                setup.spec_path.display()
            )
        })?;
        setup.spec_text = Some(format!("{}{defs}{}", &spec[..end], &spec[end..]));
        setup.config_text = Some(config);
        Ok(())
    }

    /// TLC's -dump: where and how; the file is created now, as TLC does before the run.
    pub fn dump_plan(&self) -> Result<Option<tla_check::state_dump::DumpPlan>, String> {
        let Some(file) = &self.dump_states else {
            return Ok(None);
        };
        let plan = tla_check::state_dump::DumpPlan::new(self.dump_format.as_deref(), file);
        std::fs::File::create(&plan.path).map_err(|_| {
            let p = plan.path.display();
            format!(
                "Error: Unable to write to file {p}\nError: Given file name {p} for dumping states invalid."
            )
        })?;
        Ok(Some(plan))
    }

    /// `--cleanup`: TLC deletes its metadata folder before a run that does not recover.
    pub fn clean_up(&self, folder: &std::path::Path) -> Result<(), String> {
        if !self.cleanup || !folder.exists() {
            return Ok(());
        }
        std::fs::remove_dir_all(folder)
            .map_err(|e| format!("{}: cannot clean up: {e}", folder.display()))
    }
}

/// Where the first module's closing `====` line begins.
pub(super) fn root_module_end(text: &str) -> Option<usize> {
    let mut offset = 0;
    let mut in_module = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if !in_module
            && t.starts_with("----")
            && t.trim_start_matches('-').trim_start().starts_with("MODULE")
        {
            in_module = true;
        } else if in_module && t.starts_with("====") {
            return Some(offset);
        }
        offset += line.len();
    }
    None
}
