//! TLC's command line (`java -jar tla2tools.jar ARGS`, parsed by `tlc2.TLC.handleParameters`)
//! read into `tlacheck check`'s own options, so that a script swaps the command and keeps its
//! arguments. Options are taken in any order, the spec with or without `.tla`; our own
//! `--long` options pass through. An option TLC has that changes nothing here (it tunes the
//! JVM, or writes a file tlacheck never writes) is accepted with one warning line; an option
//! TLC does not have is an error naming it, exit 1 as TLC.

use std::ffi::OsString;

/// Our `check` arguments for a TLC command line, and the warnings to print first.
#[derive(Debug, Default, PartialEq)]
pub struct Translated {
    pub args: Vec<OsString>,
    pub warnings: Vec<String>,
}

/// What TLC's command line asked that cannot run: TLC's message; the exit status is 1.
#[derive(Debug, PartialEq)]
pub struct TlcArgError(pub String);

/// How one TLC option is read.
enum Form {
    /// A flag mapped to ours (or to nothing when empty).
    Flag(&'static [&'static str]),
    /// An option with one value, given to our option of this name.
    Value(&'static str),
    /// Accepted, with the reason it has no effect here; `values` says how many values follow.
    Ignored { values: usize, why: &'static str },
}

/// TLC's options (`tlc2.TLC` of tla2tools.jar) other than those read by hand below.
fn form(option: &str) -> Option<Form> {
    use Form::*;
    const JVM: &str = "tunes TLC's Java internals";
    Some(match option {
        // TLC's .bin copy of the trace is never written here (`spec_te.rs`).
        "-modelcheck" | "-noGenerateSpecTEBin" | "-noTEBin" => Flag(&[]),
        "-deadlock" => Flag(&["--no-deadlock"]),
        "-difftrace" => Flag(&["--difftrace"]),
        "-continue" => Flag(&["--continue"]),
        "-view" => Flag(&["--view"]),
        "-nowarning" => Flag(&["--nowarning"]),
        "-cleanup" => Flag(&["--cleanup"]),
        "-tool" => Flag(&["--tool"]),
        // TLC 2026.11 prints Print's values the same with and without it.
        "-terse" => Flag(&[]),
        "-gzip" => Ignored {
            values: 0,
            why: "tlacheck's files on disk are not compressed",
        },
        "-debug" => Ignored {
            values: 0,
            why: "TLC's debugging output has no counterpart",
        },
        "-checkpoint" => Value("--checkpoint"),
        "-recover" => Value("--recover"),
        "-metadir" => Value("--checkpoint-dir"),
        "-seed" => Value("--seed"),
        "-fp" => Value("--fp"),
        "-lncheck" => Value("--lncheck"),
        "-maxSetSize" => Value("--max-set-size"),
        "-userFile" => Value("--user-file"),
        "-coverage" => Value("--coverage"),
        "-inv" => Value("--inv"),
        "-invlevel" => Value("--invlevel"),
        "-postCondition" => Value("--postcondition"),
        "-fpmem" | "-fpbits" => Ignored {
            values: 1,
            why: JVM,
        },
        "-aril" => Ignored {
            values: 1,
            why: "it adjusts the seed of TLC's Java random generator only",
        },
        "-teSpecOutDir" => Value("--te-spec-out-dir"),
        _ => return None,
    })
}

/// Our `check` options that take a value, whose value must not be read as a TLC option.
fn our_valued_options() -> Vec<String> {
    use clap::Args as _;
    let cmd = super::check::Args::augment_args(clap::Command::new("check"));
    cmd.get_arguments()
        .filter(|a| a.get_action().takes_values())
        .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
        .collect()
}

/// `args` (what follows `tlc`) as `check`'s arguments: TLC's defaults too, so a
/// trace-exploration spec is written after a counterexample unless -noGenerateSpecTE.
pub fn translate_tlc(args: &[OsString]) -> Result<Translated, TlcArgError> {
    translate_with(args, true)
}

/// `args` (what follows `check`) as `check`'s arguments; `check`'s own defaults hold (no
/// trace-exploration spec unless -generateSpecTE or --generate-spec-te).
pub fn translate(args: &[OsString]) -> Result<Translated, TlcArgError> {
    translate_with(args, false)
}

fn translate_with(args: &[OsString], tlc_defaults: bool) -> Result<Translated, TlcArgError> {
    let valued = our_valued_options();
    let mut out = Translated::default();
    let mut spec: Option<String> = None;
    let mut simulate = false;
    let mut depth: Option<String> = None;
    // TLC (tlc2.TLC.handleParameters): -generateSpecTE always writes the spec; by default
    // (unless -noGenerateSpecTE / -noTE) it is written except in tool mode, with -continue
    // or for a spec that is itself one (its file name holds `_TTrace`).
    let mut explicit_te = false;
    let mut default_te = tlc_defaults;
    // -suppressMessages and -messagesAsErrors, checked against each other at the end.
    let (mut suppressed, mut as_errors) = (Vec::new(), Vec::new());
    let mut i = 0;
    let text = |i: usize| args.get(i).and_then(|a| a.to_str());
    while i < args.len() {
        let Some(arg) = text(i) else {
            // A path that is not UTF-8: only the spec can be one.
            out.args.push(args[i].clone());
            i += 1;
            continue;
        };
        i += 1;
        if arg.starts_with("--") {
            out.args.push(arg.into());
            if !arg.contains('=') && valued.iter().any(|v| v == arg) {
                if let Some(v) = args.get(i) {
                    out.args.push(v.clone());
                    i += 1;
                }
            }
            continue;
        }
        if let Some(define) = arg.strip_prefix("-D").filter(|d| !d.is_empty()) {
            out.args.push(format!("--define={define}").into());
            continue;
        }
        if arg == "-h" || arg == "-help" {
            out.args.push("--help".into());
            continue;
        }
        let value = |i: usize, what: &str| {
            text(i)
                .map(str::to_string)
                .ok_or_else(|| TlcArgError(format!("Error: {what} required for {arg}.")))
        };
        if let (Some(need), Some(v)) = (integer_option(arg), text(i)) {
            if !need.accepts(v) {
                return Err(TlcArgError(format!(
                    "Error: {} But encountered {v}",
                    need.what
                )));
            }
        }
        match arg {
            "-simulate" => {
                simulate = true;
                out.args.push("--simulate".into());
                // `num=N,file=F` only when something follows it, as TLC reads it.
                if let Some(sim) = text(i)
                    .filter(|s| (s.contains("num=") || s.contains("file=")) && i + 1 < args.len())
                {
                    i += 1;
                    for part in sim.split(',') {
                        if let Some(n) = part.strip_prefix("num=") {
                            out.args.push("--traces".into());
                            out.args.push(n.into());
                        } else if part.starts_with("file=") {
                            out.warnings.push(warning(
                                "-simulate file=",
                                "the behaviours are not written to files",
                            ));
                        }
                    }
                }
            }
            "-config" => {
                let file = value(i, "a file name")?;
                i += 1;
                out.args.push("--config".into());
                out.args.push(config_path(&file).into());
            }
            "-depth" => {
                depth = Some(value(i, "a number")?);
                i += 1;
            }
            "-workers" => {
                let n = value(i, "a number of workers or 'auto'")?;
                i += 1;
                let n = if n.trim().eq_ignore_ascii_case("auto") {
                    std::thread::available_parallelism()
                        .map_or(1, |n| n.get())
                        .to_string()
                } else {
                    n
                };
                out.args.push("--workers".into());
                out.args.push(n.into());
            }
            "-dfid" => {
                // TLC's messages, the first without the space TLC leaves out.
                let n = text(i).ok_or_else(|| {
                    TlcArgError("Error: expect a nonnegative integer for -dfid option.".into())
                })?;
                i += 1;
                match n.parse::<i32>() {
                    Ok(d) if d >= 0 => {
                        out.args.push("--dfid".into());
                        out.args.push(d.to_string().into());
                    }
                    Ok(_) => {
                        return Err(TlcArgError(
                            "Error: expect a nonnegative integer for -dfid option.".into(),
                        ))
                    }
                    Err(_) => {
                        return Err(TlcArgError(format!(
                        "Error: expect a nonnegative integer for -dfid option. But encountered {n}"
                    )))
                    }
                }
            }
            a if a.eq_ignore_ascii_case("-loadTrace") => {
                let (Some(format), Some(file)) = (text(i), text(i + 1)) else {
                    return Err(TlcArgError(
                        "Error: A format and a file name for loading traces required.".into(),
                    ));
                };
                i += 2;
                if format.eq_ignore_ascii_case("tlc") {
                    return Err(TlcArgError(format!(
                        "Error: -loadTrace tlc {file}: tlacheck does not read TLC's binary trace files; write the trace with -dumpTrace json and load it with -loadTrace json."
                    )));
                }
                if !format.eq_ignore_ascii_case("json") {
                    return Err(TlcArgError(format!(
                        "Error: Unknown format {format} given to -loadTrace."
                    )));
                }
                out.args.push("--load-trace".into());
                out.args.push(file.into());
            }
            "-dumpTrace" => {
                let format = value(i, "a format (tla or json)")?;
                let file = value(i + 1, "a file name")?;
                i += 2;
                out.args.push("--dump-trace-as".into());
                out.args.push(format!("{format}={file}").into());
            }
            "-dump" => {
                // `-dump [dot[,colorize,actionlabels,...]] FILE`
                if text(i).is_some_and(|f| f.starts_with("dot")) && i + 1 < args.len() {
                    out.args.push("--dump-format".into());
                    out.args.push(args[i].clone());
                    i += 1;
                }
                let file = text(i).ok_or_else(|| {
                    TlcArgError("Error: A file name for dumping states required.".into())
                })?;
                i += 1;
                out.args.push("--dump-states".into());
                out.args.push(file.into());
            }
            "-messagesAsErrors" | "-suppressMessages" => {
                let list = text(i).ok_or_else(|| {
                    TlcArgError(format!(
                        "Error: {arg} requires a comma-separated list of message codes."
                    ))
                })?;
                i += 1;
                let codes = super::message_codes::classify(list)
                    .map_err(|m| TlcArgError(format!("Error: {m}")))?;
                let (ours, set) = match arg {
                    "-messagesAsErrors" => ("--messages-as-errors", &mut as_errors),
                    _ => ("--suppress-messages", &mut suppressed),
                };
                set.push(codes);
                out.args.push(ours.into());
                out.args.push(list.into());
            }
            "-generateSpecTE" => {
                if text(i) == Some("nomonolith") {
                    i += 1;
                }
                explicit_te = true;
            }
            _ if arg == "-noGenerateSpecTE" || arg.eq_ignore_ascii_case("-noTE") => {
                default_te = false
            }
            "-debugger" => {
                let opts = text(i).filter(|o| {
                    o.split(',')
                        .all(|p| p == "nosuspend" || p == "nohalt" || p.starts_with("port="))
                });
                if opts.is_some() {
                    i += 1;
                }
                out.warnings
                    .push(warning("-debugger", "tlacheck has no debugger front-end"));
            }
            _ if arg.starts_with('-') && arg.len() > 1 => match form(arg) {
                Some(Form::Flag(ours)) => out.args.extend(ours.iter().map(OsString::from)),
                Some(Form::Value(ours)) => {
                    let v = value(i, "a value")?;
                    i += 1;
                    out.args.push(ours.into());
                    out.args.push(v.into());
                }
                Some(Form::Ignored { values, why }) => {
                    for k in 0..values {
                        value(i + k, "a value")?;
                    }
                    i += values;
                    out.warnings.push(warning(arg, why));
                }
                None => return Err(TlcArgError(format!("Error: unrecognized option: {arg}"))),
            },
            _ => {
                if let Some(first) = &spec {
                    return Err(TlcArgError(format!(
                        "Error: more than one input files: {first} and {arg}"
                    )));
                }
                spec = Some(arg.to_string());
            }
        }
    }
    check_message_codes(&out.args, &suppressed, &as_errors)?;
    // TLC reads -depth only when simulating.
    match depth {
        Some(d) if simulate => {
            out.args.push("--depth".into());
            out.args.push(d.into());
        }
        Some(_) => out.warnings.push(warning(
            "-depth",
            "it bounds simulation only; the search is complete",
        )),
        None => {}
    }
    let given = |o: &str| out.args.iter().any(|a| a == o);
    let te_file = spec.as_deref().is_some_and(|s| {
        let name = std::path::Path::new(s).file_name();
        name.and_then(|n| n.to_str())
            .is_some_and(|n| n.contains("_TTrace"))
    });
    let spec_te =
        explicit_te || (default_te && !given("--tool") && !given("--continue") && !te_file);
    if spec_te && !given("--generate-spec-te") {
        out.args.push("--generate-spec-te".into());
    }
    if let Some(spec) = spec {
        out.args.push(spec_path(&spec).into());
    }
    Ok(out)
}

/// TLC's refusals of -suppressMessages with -nowarning, and of a code both suppressed and
/// made an error (TLC's and SANY's codes each compared among themselves, TLC's first).
fn check_message_codes(
    args: &[OsString],
    suppressed: &[(Vec<i32>, Vec<i32>)],
    as_errors: &[(Vec<i32>, Vec<i32>)],
) -> Result<(), TlcArgError> {
    if !suppressed.is_empty() && args.iter().any(|a| a == "--nowarning") {
        return Err(TlcArgError("Error: -nowarning already suppresses all warnings, making -suppressMessages redundant. Remove -nowarning to suppress only the specified messages, or remove -suppressMessages to suppress all warnings.".into()));
    }
    type Side = fn(&(Vec<i32>, Vec<i32>)) -> &Vec<i32>;
    let sides: [Side; 2] = [|c| &c.0, |c| &c.1];
    for side in sides {
        let mut both: Vec<i32> = (suppressed.iter().flat_map(side))
            .filter(|c| as_errors.iter().flat_map(side).any(|e| e == *c))
            .copied()
            .collect();
        both.sort_unstable();
        both.dedup();
        if !both.is_empty() {
            let list: Vec<String> = both.iter().map(i32::to_string).collect();
            return Err(TlcArgError(format!(
                "Error: The following codes were set to both -suppressMessages and -messagesAsErrors: [{}]",
                list.join(", ")
            )));
        }
    }
    Ok(())
}

/// What TLC requires of a numeric option's value (`tlc2.TLC.handleParameters`): Java's
/// `Integer.parseInt` (`Long.parseLong` for -seed), and TLC's message when it fails.
struct IntegerNeed {
    what: &'static str,
    long: bool,
    auto: bool,
}

impl IntegerNeed {
    fn accepts(&self, v: &str) -> bool {
        (self.auto && v.trim().eq_ignore_ascii_case("auto"))
            || if self.long {
                v.parse::<i64>().is_ok()
            } else {
                v.parse::<i32>().is_ok()
            }
    }
}

fn integer_option(option: &str) -> Option<IntegerNeed> {
    let int = |what| IntegerNeed {
        what,
        long: false,
        auto: false,
    };
    Some(match option {
        "-coverage" => int("An integer for coverage report interval required."),
        "-depth" => int("An integer for trace length required."),
        "-fpbits" => int("An integer for fpbits required."),
        "-maxSetSize" => int("An integer for maxSetSize required."),
        "-fp" => int("A number for -fp is required."),
        // -checkpoint is left out: tlacheck reads fractions of a minute (its tests use them).
        "-dfid" => int("expect a nonnegative integer for -dfid option."),
        "-seed" => IntegerNeed {
            long: true,
            ..int("An integer for seed required.")
        },
        "-workers" => IntegerNeed {
            auto: true,
            ..int("worker number or 'auto' required.")
        },
        _ => return None,
    })
}

/// The spec file TLC would read: `Spec` and `Spec.tla` both name `Spec.tla`.
fn spec_path(spec: &str) -> String {
    if spec.ends_with(".tla") || std::path::Path::new(spec).is_file() {
        spec.to_string()
    } else {
        format!("{spec}.tla")
    }
}

/// TLC adds `.cfg` to a configuration named without it.
fn config_path(config: &str) -> String {
    let named = std::path::Path::new(config);
    if named.extension().is_some() || named.is_file() {
        config.to_string()
    } else {
        format!("{config}.cfg")
    }
}

fn warning(option: &str, why: &str) -> String {
    format!("Warning: {option} has no effect in tlacheck: {why}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr(args: &[&str]) -> Result<Translated, TlcArgError> {
        let v: Vec<OsString> = args.iter().map(OsString::from).collect();
        translate(&v)
    }

    fn ours(args: &[&str]) -> Vec<String> {
        let t = tr(args).expect("accepted");
        t.args.iter().map(|a| a.to_string_lossy().into()).collect()
    }

    #[test]
    fn run_commands_of_the_regression_suite_read_as_ours() {
        let got = ours(&[
            "-workers",
            "1",
            "-deadlock",
            "-fp",
            "0",
            "-seed",
            "1",
            "-noGenerateSpecTE",
            "-checkpoint",
            "0",
            "-config",
            "M.cfg",
            "Spec",
        ]);
        assert_eq!(
            got,
            [
                "--workers",
                "1",
                "--no-deadlock",
                "--fp",
                "0",
                "--seed",
                "1",
                "--checkpoint",
                "0",
                "--config",
                "M.cfg",
                "Spec.tla"
            ]
        );
    }

    #[test]
    fn the_trace_exploration_spec_is_asked_for_where_tlc_writes_one() {
        let te = |args: &[&str]| {
            let v: Vec<OsString> = args.iter().map(OsString::from).collect();
            let t = translate_tlc(&v).expect("accepted");
            t.args.iter().any(|a| a == "--generate-spec-te")
        };
        assert!(te(&["Spec"]));
        for off in [
            &["-noTE", "Spec"][..],
            &["-NOTE", "Spec"],
            &["-tool", "Spec"],
        ] {
            assert!(!te(off), "{off:?}");
        }
        assert!(!te(&["-continue", "Spec"]));
        assert!(!te(&["Spec_TTrace_1796195545.tla"]));
        assert!(te(&[
            "-generateSpecTE",
            "-noTE",
            "-tool",
            "Spec_TTrace_1.tla"
        ]));
        // `check` keeps its own default.
        assert!(!ours(&["Spec"]).contains(&"--generate-spec-te".to_string()));
        assert!(ours(&["-generateSpecTE", "Spec"]).contains(&"--generate-spec-te".to_string()));
    }

    #[test]
    fn the_spec_may_come_first_and_options_in_any_order() {
        assert_eq!(
            ours(&["Spec.tla", "-deadlock", "-lncheck", "final"]),
            ["--no-deadlock", "--lncheck", "final", "Spec.tla"]
        );
    }

    #[test]
    fn unknown_options_and_two_specs_are_refused_by_name() {
        assert_eq!(
            tr(&["-bogus", "Spec"]),
            Err(TlcArgError("Error: unrecognized option: -bogus".into()))
        );
        assert!(tr(&["A", "B"]).unwrap_err().0.contains("A and B"));
        assert!(tr(&["-config"]).unwrap_err().0.contains("-config"));
    }

    #[test]
    fn workers_auto_is_the_machine_s_cores() {
        let n = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(
            ours(&["-workers", "auto", "S"]),
            ["--workers", &n.to_string(), "S.tla"]
        );
    }

    #[test]
    fn simulate_reads_its_optional_settings() {
        assert_eq!(
            ours(&["-simulate", "num=5", "-depth", "7", "S"]),
            ["--simulate", "--traces", "5", "--depth", "7", "S.tla"]
        );
        // A trailing `num=` is the spec's name, as TLC reads it.
        assert_eq!(ours(&["-simulate", "S"]), ["--simulate", "S.tla"]);
        // -depth without -simulate bounds nothing.
        let t = tr(&["-depth", "7", "S"]).unwrap();
        assert_eq!(t.warnings.len(), 1);
    }

    #[test]
    fn numeric_options_with_a_bad_value_are_refused_with_tlc_s_message() {
        // java tlc2.TLC -coverage abc Top: "Error: Error: An integer for coverage report
        // interval required. But encountered abc", exit 1 (likewise for each below).
        let bad = |args: &[&str]| tr(args).err().map(|e| e.0);
        for (option, what) in [
            (
                "-coverage",
                "An integer for coverage report interval required.",
            ),
            ("-workers", "worker number or 'auto' required."),
            ("-depth", "An integer for trace length required."),
            ("-seed", "An integer for seed required."),
            ("-fpbits", "An integer for fpbits required."),
            ("-maxSetSize", "An integer for maxSetSize required."),
            ("-dfid", "expect a nonnegative integer for -dfid option."),
            ("-fp", "A number for -fp is required."),
        ] {
            assert_eq!(
                bad(&[option, "x", "S"]),
                Some(format!("Error: {what} But encountered x")),
                "{option}"
            );
        }
        // TLC: -coverage +2 and -seed 99999999999 run; -depth 99999999999 is refused.
        assert!(tr(&["-coverage", "+2", "S"]).is_ok());
        assert!(tr(&["-seed", "99999999999", "S"]).is_ok());
        assert!(bad(&["-depth", "99999999999", "S"]).is_some());
        assert!(tr(&["-workers", "auto", "S"]).is_ok());
    }

    #[test]
    fn jvm_tuning_is_accepted_with_one_warning() {
        let t = tr(&["-fpmem", "0.5", "-fpbits", "2", "-gzip", "S"]).unwrap();
        assert_eq!(t.warnings.len(), 3, "{:?}", t.warnings);
        assert_eq!(t.args, [OsString::from("S.tla")]);
    }

    #[test]
    fn our_long_options_and_their_values_pass_through() {
        assert_eq!(
            ours(&["--seed", "-5", "--json", "S"]),
            ["--seed", "-5", "--json", "S.tla"]
        );
    }

    #[test]
    fn java_properties_become_defines() {
        assert_eq!(ours(&["-Dfoo=bar", "S"]), ["--define=foo=bar", "S.tla"]);
    }

    #[test]
    fn dfid_dump_and_load_trace_become_our_options() {
        assert_eq!(ours(&["-dfid", "3", "S"]), ["--dfid", "3", "S.tla"]);
        assert_eq!(
            ours(&["-dump", "dot,colorize", "g", "S"]),
            [
                "--dump-format",
                "dot,colorize",
                "--dump-states",
                "g",
                "S.tla"
            ]
        );
        // `dot` last on the line is the file's name, as TLC reads it.
        assert_eq!(
            ours(&["S", "-dump", "dot"]),
            ["--dump-states", "dot", "S.tla"]
        );
        assert_eq!(
            ours(&["-loadtrace", "JSON", "t.json", "S"]),
            ["--load-trace", "t.json", "S.tla"]
        );
    }

    #[test]
    fn dump_trace_names_format_and_file() {
        assert_eq!(
            ours(&["-dumpTrace", "json", "t.json", "S"]),
            ["--dump-trace-as", "json=t.json", "S.tla"]
        );
    }
}
