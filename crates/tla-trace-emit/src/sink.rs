//! The trace file and the global sequence number (only with the `tla-trace` feature).

use crate::itf::{write_str, ToItf};
use std::fs::File;
use std::io::Write;
use std::sync::Mutex;

/// The version written in the header (the validator reads version 1).
pub const FORMAT_VERSION: u64 = 1;
/// The environment variable naming the trace file (no variable: no trace is written).
pub const TRACE_FILE_VAR: &str = "TLA_TRACE_FILE";
/// The environment variable naming the spec, written in the header.
pub const TRACE_SPEC_VAR: &str = "TLA_TRACE_SPEC";

struct Sink {
    file: Option<File>,
    seq: u64,
    /// Whether the file was opened (or found unset) already.
    opened: bool,
}

static SINK: Mutex<Sink> = Mutex::new(Sink {
    file: None,
    seq: 0,
    opened: false,
});

fn lock() -> std::sync::MutexGuard<'static, Sink> {
    SINK.lock().unwrap_or_else(|p| p.into_inner())
}

fn open(path: &str, spec: &str) -> std::io::Result<File> {
    let mut f = File::create(path)?;
    let mut header = format!("{{\"v\":{FORMAT_VERSION},\"spec\":");
    write_str(spec, &mut header);
    header.push_str("}\n");
    f.write_all(header.as_bytes())?;
    Ok(f)
}

/// Starts a new trace in `path` for `spec`: writes the header, and numbers the next event 1.
pub fn start(path: &str, spec: &str) -> std::io::Result<()> {
    let file = open(path, spec)?;
    let mut s = lock();
    *s = Sink {
        file: Some(file),
        seq: 0,
        opened: true,
    };
    Ok(())
}

/// One event being built; `emit!` makes one.
pub struct Event {
    action: Option<String>,
    params: String,
    state: String,
}

fn push_field(obj: &mut String, name: &str, v: &dyn ToItf) {
    obj.push(if obj.is_empty() { '{' } else { ',' });
    write_str(name, obj);
    obj.push(':');
    v.write_itf(obj);
}

impl Event {
    pub fn new(action: Option<&str>) -> Self {
        Event {
            action: action.map(str::to_string),
            params: String::new(),
            state: String::new(),
        }
    }

    pub fn param(&mut self, name: &str, v: &dyn ToItf) {
        push_field(&mut self.params, name, v);
    }

    pub fn var(&mut self, name: &str, v: &dyn ToItf) {
        push_field(&mut self.state, name, v);
    }

    /// Numbers the event and appends it to the trace file, under one lock.
    pub fn emit(self) {
        let mut s = lock();
        if !s.opened {
            s.opened = true;
            if let Ok(path) = std::env::var(TRACE_FILE_VAR) {
                let spec = std::env::var(TRACE_SPEC_VAR).unwrap_or_default();
                s.file = open(&path, &spec).ok();
            }
        }
        if s.file.is_none() {
            return;
        }
        s.seq += 1;
        let mut line = format!("{{\"seq\":{}", s.seq);
        if let Some(a) = &self.action {
            line.push_str(",\"action\":");
            write_str(a, &mut line);
        }
        if !self.params.is_empty() {
            line.push_str(",\"params\":");
            line.push_str(&self.params);
            line.push('}');
        }
        line.push_str(",\"state\":");
        line.push_str(if self.state.is_empty() {
            "{"
        } else {
            &self.state
        });
        line.push_str("}}\n");
        if let Some(f) = s.file.as_mut() {
            // A trace that cannot be written is a failed test run, not a crash of the
            // implementation: the validator will reject the truncated trace.
            let _ = f.write_all(line.as_bytes());
        }
    }
}
