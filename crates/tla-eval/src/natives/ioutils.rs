//! IOUtils: the environment, string-to-integer, running commands, plain-text files.
//!
//! # TLC facts (CommunityModules `tlc2/overrides/IOUtils.java`)
//!
//! * `IOEnv`: the process environment read once at start-up, as a record (name -> value).
//! * `atoi(s)`: `Integer.parseInt(s)` (optional sign, decimal digits, 32-bit range); anything
//!   else is `The argument of atoi should be a string, but instead it is:`.
//! * `IOExec(cmd)`: runs the sequence of strings `cmd` (no shell), waits, and equals
//!   `[exitValue |-> code, stdout |-> out, stderr |-> err]`. `IOEnvExec(env, cmd)` adds the
//!   record `env` to the environment. `IOExecTemplate(t, p)` first formats every element of
//!   `t` with `String.format(t[i], p)` (`%s` takes the next parameter of *that* element).
//! * `Serialize(payload, file, [format |-> "TXT", charset |-> c, openOptions |-> o])` writes a
//!   string; `Deserialize(file, [format |-> "TXT", charset |-> c])` reads one; both equal a
//!   record like IOExec's (`exitValue` 0 on success, 1 with the message in `stderr`). Other
//!   formats are left to the TLA+ definitions.
//! * `IOSerialize`/`IODeserialize` use TLC's binary value format, which is not supported here.
//! * `zeroPadN(n, w)` (our embedded IOUtils): `ToString(n)` preceded by zeros up to width `w`.
//! * CSV (`tlc2/overrides/CSV.java`): `CSVWrite(template, seq, file)` appends
//!   `String.format(template, <the values of seq printed as TLC prints them>)` and a line
//!   break; `CSVRecords(file)` is the number of lines of the file (0 when it does not exist).
//!   `CSVRead` and `CSVWriteRecord` keep their TLA+ definitions.

use super::util::{eval_tla_body, one_arg_error};
use super::{val, Entry};
use crate::error::{EResult, EvalError};
use crate::value::{IStr, Value};
use std::sync::OnceLock;

pub(super) const NATIVES: &[Entry] = &[
    ("IOUtils", "IOEnv", |_, _, _, _, _| Ok(env_record().clone())),
    ("IOUtils", "atoi", |_, _, _, a, _| {
        let v = val(a, 0)?;
        v.as_str()
            .and_then(|s| parse_java_int(s.as_str()))
            .map(Value::Int)
            .ok_or_else(|| one_arg_error("atoi", "string", v))
    }),
    ("IOUtils", "zeroPadN", |_, _, _, a, _| {
        let (n, w) = (val(a, 0)?, val(a, 1)?);
        let digits = n.to_string();
        let width = w
            .as_int()
            .ok_or_else(|| one_arg_error("zeroPadN", "natural number", w))?;
        let len = digits.chars().count() as i64;
        if len < width {
            Ok(Value::str(&format!(
                "{}{digits}",
                "0".repeat((width - len) as usize)
            )))
        } else {
            Ok(Value::str(&digits))
        }
    }),
    ("IOUtils", "IOExec", |_, _, _, a, _| {
        let cmd = strings(val(a, 0)?, "IOExec")?;
        run(&cmd, &[])
    }),
    ("IOUtils", "IOEnvExec", |_, _, _, a, _| {
        let env = env_pairs(val(a, 0)?, "IOExecVars")?;
        let cmd = strings(val(a, 1)?, "IOExecVars")?;
        run(&cmd, &env)
    }),
    ("IOUtils", "IOExecTemplate", |_, _, _, a, _| {
        let cmd = template(val(a, 0)?, val(a, 1)?, "IOExec")?;
        run(&cmd, &[])
    }),
    ("IOUtils", "IOEnvExecTemplate", |_, _, _, a, _| {
        let env = env_pairs(val(a, 0)?, "ioEnvExecTemplate")?;
        let cmd = template(val(a, 1)?, val(a, 2)?, "ioEnvExecTemplate")?;
        run(&cmd, &env)
    }),
    ("IOUtils", "Serialize", |ev, env, sv, a, _| {
        let opts = val(a, 2)?;
        if format_of(opts).as_deref() != Some("TXT") {
            return eval_tla_body(ev, "IOUtils", "Serialize", a.to_vec(), env, sv);
        }
        let (payload, path) = (val(a, 0)?, val(a, 1)?);
        let (Some(payload), Some(path)) = (payload.as_str(), path.as_str()) else {
            return exec_record(
                1,
                "",
                "Serialize error invalid parameters: java.lang.ClassCastException",
            );
        };
        let options: Vec<String> = field(opts, "openOptions")
            .and_then(|o| {
                o.as_func()
                    .and_then(|f| f.as_tuple())
                    .map(<[Value]>::to_vec)
            })
            .unwrap_or_default()
            .iter()
            .filter_map(|o| o.as_str().map(|s| s.as_str().to_string()))
            .collect();
        let has = |o: &str| options.iter().any(|x| x == o);
        let mut f = std::fs::OpenOptions::new();
        f.write(true)
            .append(has("APPEND"))
            .truncate(has("TRUNCATE_EXISTING"))
            .create(has("CREATE") || options.is_empty())
            .create_new(has("CREATE_NEW"));
        let r = f.open(path.as_str()).and_then(|mut file| {
            use std::io::Write;
            file.write_all(payload.as_str().as_bytes())
        });
        match r {
            Ok(()) => exec_record(0, "Finish writting to the file with success!", ""),
            Err(e) => exec_record(
                1,
                "",
                &format!("Serialize error writting to the file: java.io.IOException: {e}"),
            ),
        }
    }),
    ("IOUtils", "Deserialize", |ev, env, sv, a, _| {
        let opts = val(a, 1)?;
        if format_of(opts).as_deref() != Some("TXT") {
            return eval_tla_body(ev, "IOUtils", "Deserialize", a.to_vec(), env, sv);
        }
        let Some(path) = val(a, 0)?.as_str() else {
            return exec_record(
                1,
                "",
                "Deserialize error invalid parameters: java.lang.ClassCastException",
            );
        };
        match std::fs::read_to_string(path.as_str()) {
            Ok(text) => exec_record(0, &text, ""),
            Err(e) => exec_record(
                1,
                "",
                &format!("Deserialize error reading from the file: java.io.IOException: {e}"),
            ),
        }
    }),
    ("IOUtils", "IOSerialize", |_, _, _, _, _| {
        Err(binary_format("IOSerialize"))
    }),
    ("CSV", "CSVWrite", |_, _, _, a, _| {
        let (t, p, f) = (val(a, 0)?, val(a, 1)?, val(a, 2)?);
        let (Some(t), Some(f)) = (t.as_str(), f.as_str()) else {
            return Err(one_arg_error("CSVWrite", "string", t));
        };
        let params: Vec<String> = p
            .as_func()
            .and_then(|x| x.as_tuple())
            .ok_or_else(|| one_arg_error("CSVWrite", "sequence", p))?
            .iter()
            .map(|v| v.to_string())
            .collect();
        let line = format!("{}\n", java_format(t.as_str(), &params)?);
        let r = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(f.as_str())
            .and_then(|mut file| {
                use std::io::Write;
                file.write_all(line.as_bytes())
            });
        r.map_err(|e| EvalError::new(format!("CSVWrite: {}: {e}", f.as_str())))?;
        Ok(Value::TRUE)
    }),
    ("CSV", "CSVRecords", |_, _, _, a, _| {
        let f = val(a, 0)?;
        let Some(path) = f.as_str() else {
            return Err(one_arg_error("CSVRecords", "string", f));
        };
        match std::fs::read_to_string(path.as_str()) {
            Ok(text) => Ok(Value::Int(text.lines().count() as i64)),
            Err(_) => Ok(Value::Int(0)),
        }
    }),
    ("IOUtils", "IODeserialize", |_, _, _, _, _| {
        Err(binary_format("IODeserialize"))
    }),
];

fn binary_format(op: &str) -> EvalError {
    EvalError::new(format!(
        "IOUtils!{op} uses TLC's binary value format, which tlacheck does not support."
    ))
}

/// `IOEnv`, computed once.
fn env_record() -> &'static Value {
    static ENV: OnceLock<Value> = OnceLock::new();
    ENV.get_or_init(|| {
        let fields = std::env::vars_os()
            .map(|(k, v)| {
                (
                    IStr::new(&k.to_string_lossy()),
                    Value::str(&v.to_string_lossy()),
                )
            })
            .collect();
        Value::record(fields).unwrap_or_else(|_| Value::empty_set())
    })
}

/// `Integer.parseInt`.
fn parse_java_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = s.parse().ok()?;
    (i32::MIN as i64..=i32::MAX as i64)
        .contains(&n)
        .then_some(n)
}

fn field(rec: &Value, name: &str) -> Option<Value> {
    rec.as_func()?.field(IStr::new(name)).cloned()
}

fn format_of(opts: &Value) -> Option<String> {
    field(opts, "format").and_then(|f| f.as_str().map(|s| s.as_str().to_string()))
}

/// A sequence of strings (a command line).
fn strings(v: &Value, op: &str) -> EResult<Vec<String>> {
    let t = v
        .as_func()
        .and_then(|f| f.as_tuple())
        .ok_or_else(|| one_arg_error(op, "sequence", v))?;
    t.iter()
        .map(|x| {
            x.as_str()
                .map(|s| s.as_str().to_string())
                .ok_or_else(|| one_arg_error("IOExec", "sequence", x))
        })
        .collect()
}

/// A record of environment variables; values that are not strings are printed.
fn env_pairs(v: &Value, op: &str) -> EResult<Vec<(String, String)>> {
    let f = v
        .as_func()
        .filter(|f| f.is_record_like())
        .ok_or_else(|| one_arg_error(op, "record", v))?;
    Ok(f.iter()
        .map(|(k, x)| {
            let name = k
                .as_str()
                .map(|s| s.as_str().to_string())
                .unwrap_or_default();
            let value = match x {
                Value::Str(s) => s.as_str().to_string(),
                other => other.to_string(),
            };
            (name, value)
        })
        .collect())
}

/// `String.format(t[i], params)` for each element of the template.
fn template(t: &Value, p: &Value, op: &str) -> EResult<Vec<String>> {
    let cmd = strings(t, op)?;
    let params = strings(p, op)?;
    cmd.iter().map(|c| java_format(c, &params)).collect()
}

/// The `%s`, `%n$s`, `%%` and `%n` conversions of `String.format`.
fn java_format(fmt: &str, params: &[String]) -> EResult<String> {
    let mut out = String::new();
    let mut next = 0;
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut index = String::new();
        while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            index.push(*d);
            chars.next();
        }
        let explicit = if chars.peek() == Some(&'$') {
            chars.next();
            index.parse::<usize>().ok()
        } else {
            None
        };
        match chars.next() {
            Some('%') => out.push('%'),
            Some('n') => out.push('\n'),
            Some('s') | Some('S') => {
                let i = match explicit {
                    Some(i) => i.saturating_sub(1),
                    None => {
                        next += 1;
                        next - 1
                    }
                };
                let p = params.get(i).ok_or_else(|| {
                    EvalError::new(format!(
                        "java.util.MissingFormatArgumentException: Format specifier '%s' in {fmt}"
                    ))
                })?;
                out.push_str(p);
            }
            other => {
                return Err(EvalError::new(format!(
                    "java.util.UnknownFormatConversionException: Conversion = '{}'",
                    other.map(String::from).unwrap_or_default()
                )))
            }
        }
    }
    Ok(out)
}

fn exec_record(code: i64, stdout: &str, stderr: &str) -> EResult<Value> {
    Value::record(vec![
        (IStr::new("exitValue"), Value::Int(code)),
        (IStr::new("stdout"), Value::str(stdout)),
        (IStr::new("stderr"), Value::str(stderr)),
    ])
    .map_err(EvalError::from)
}

fn run(cmd: &[String], env: &[(String, String)]) -> EResult<Value> {
    let Some((prog, args)) = cmd.split_first() else {
        return Err(EvalError::new(
            "Attempted to apply the operator overridden by the Java method\nIOExec,\nbut it produced the following error:\nindex 0 out of bounds for length 0",
        ));
    };
    let out = std::process::Command::new(prog)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| {
            EvalError::new(format!(
                "Attempted to apply the operator overridden by the Java method\nIOExec,\nbut it produced the following error:\nCannot run program \"{prog}\": {e}"
            ))
        })?;
    exec_record(
        out.status.code().unwrap_or(-1) as i64,
        &String::from_utf8_lossy(&out.stdout),
        &String::from_utf8_lossy(&out.stderr),
    )
}
