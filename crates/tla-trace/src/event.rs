//! Reading a trace file: NDJSON (a header line, then one event a line) or an ITF document
//! (`.itf.json`, each state an event). Only the form is checked here; names and values are
//! checked against the spec in `bind.rs`.

use serde_json::Value as J;
use std::fmt;
use std::path::Path;

/// The version of the NDJSON event format this reads (the header's `"v"`).
pub const FORMAT_VERSION: u64 = 1;

/// One logged step: what the implementation did and the variables it logged.
#[derive(Clone, Debug)]
pub struct Event {
    /// Where the event's text starts and ends in the file (byte offsets).
    pub span: (usize, usize),
    /// The line it starts on (kept, not recomputed: traces are long).
    pub line: usize,
    pub seq: Option<u64>,
    pub action: Option<String>,
    /// None: no `params` given (the action's parameters are left to the spec).
    pub params: Option<Vec<(String, J)>>,
    pub state: Vec<(String, J)>,
    /// The process clock the event carries (`clock.rs`), for merging several logs.
    pub clock: Option<crate::clock::Clock>,
}

/// A trace as read from its file.
#[derive(Clone, Debug)]
pub struct Trace {
    pub file: String,
    pub text: String,
    /// The spec the header names (None for ITF, which names none).
    pub spec: Option<String>,
    pub events: Vec<Event>,
}

/// A malformed trace: `file:line:col: message`.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl Trace {
    /// Line and column (1-based, in characters) of a byte offset.
    pub fn locate(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    /// An error at a byte offset.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> TraceError {
        let (line, col) = self.locate(offset);
        TraceError {
            file: self.file.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// The offset of `"key"` inside an event's text (the event's start if not found).
    pub fn key_offset(&self, ev: &Event, key: &str) -> usize {
        let quoted = format!("\"{key}\"");
        self.text[ev.span.0..ev.span.1]
            .find(&quoted)
            .map_or(ev.span.0, |i| ev.span.0 + i)
    }

    /// The line an event starts on.
    pub fn line_of(&self, ev: &Event) -> usize {
        ev.line
    }
}

/// Reads a trace file, ITF if its name ends in `.itf.json`, NDJSON otherwise.
pub fn read_trace(path: &Path) -> Result<Trace, TraceError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| TraceError {
        file: file.clone(),
        line: 1,
        col: 1,
        message: format!("cannot read the trace: {e}"),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| TraceError {
        file: file.clone(),
        line: 1,
        col: 1,
        message: format!("the trace is not UTF-8: {e}"),
    })?;
    if file.ends_with(".itf.json") {
        parse_itf(file, text)
    } else {
        parse_ndjson(file, text)
    }
}

/// Parses NDJSON: `{"v":1,"spec":"Name"}`, then one event a line. Blank lines are skipped.
pub fn parse_ndjson(file: String, text: String) -> Result<Trace, TraceError> {
    let mut trace = Trace {
        file,
        text: String::new(),
        spec: None,
        events: Vec::new(),
    };
    let mut header_seen = false;
    let mut offset = 0;
    let mut errors = None;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        let err = |col: usize, message: String| TraceError {
            file: trace.file.clone(),
            line: i + 1,
            col,
            message,
        };
        let j: J = match serde_json::from_str(line) {
            Ok(j) => j,
            Err(e) => {
                errors = Some(err(e.column().max(1), format!("malformed JSON: {e}")));
                break;
            }
        };
        let Some(obj) = j.as_object() else {
            errors = Some(err(1, "each line must be a JSON object".into()));
            break;
        };
        let col_of = |key: &str| line.find(&format!("\"{key}\"")).map_or(1, |c| c + 1);
        if !header_seen {
            header_seen = true;
            match obj.get("v").and_then(J::as_u64) {
                Some(FORMAT_VERSION) => {}
                Some(v) => {
                    errors = Some(err(col_of("v"), format!("unsupported trace format version {v} (this reads version {FORMAT_VERSION})")));
                    break;
                }
                None => {
                    errors = Some(err(1, format!("the first line must be the header {{\"v\":{FORMAT_VERSION},\"spec\":...}}")));
                    break;
                }
            }
            trace.spec = obj.get("spec").and_then(J::as_str).map(str::to_string);
            continue;
        }
        match event(obj, (start, start + line.len()), i + 1) {
            Ok(ev) => trace.events.push(ev),
            Err((key, message)) => {
                errors = Some(err(key.map_or(1, col_of), message));
                break;
            }
        }
    }
    trace.text = text;
    if let Some(e) = errors {
        return Err(e);
    }
    if !header_seen {
        return Err(trace.error_at(0, "the trace is empty: no header and no events"));
    }
    if trace.events.is_empty() {
        return Err(trace.error_at(trace.text.len(), "the trace has no events"));
    }
    Ok(trace)
}

/// An event object's fields; an error names the offending key, if any.
fn event(
    obj: &serde_json::Map<String, J>,
    span: (usize, usize),
    line: usize,
) -> Result<Event, (Option<&'static str>, String)> {
    let seq = match obj.get("seq") {
        None => None,
        Some(s) => Some(s.as_u64().ok_or((
            Some("seq"),
            "seq must be a non-negative integer".to_string(),
        ))?),
    };
    let action = match obj.get("action") {
        None => None,
        Some(a) => Some(
            a.as_str()
                .ok_or((Some("action"), "action must be a string".to_string()))?
                .to_string(),
        ),
    };
    let fields = |key: &'static str| -> Result<Option<Vec<(String, J)>>, _> {
        match obj.get(key) {
            None => Ok(None),
            Some(J::Object(o)) => Ok(Some(
                o.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            )),
            Some(_) => Err((Some(key), format!("{key} must be an object"))),
        }
    };
    let params = fields("params")?;
    let state = fields("state")?.unwrap_or_default();
    let clock = match obj.get("clock") {
        None => None,
        Some(c) => Some(crate::clock::Clock::from_json(c).map_err(|m| (Some("clock"), m))?),
    };
    if let Some(k) = obj
        .keys()
        .find(|k| !matches!(k.as_str(), "seq" | "action" | "params" | "state" | "clock"))
    {
        return Err((
            None,
            format!("unknown field {k:?} (an event has seq, action, params, state and clock)"),
        ));
    }
    Ok(Event {
        span,
        line,
        seq,
        action,
        params,
        state,
        clock,
    })
}

/// Parses an ITF document: each state is an event logging every variable it holds. Quint's
/// `mbt::actionTaken` names the action; other `#` and `mbt::` keys are metadata.
pub fn parse_itf(file: String, text: String) -> Result<Trace, TraceError> {
    let mut trace = Trace {
        file,
        text,
        spec: None,
        events: Vec::new(),
    };
    let doc: J = serde_json::from_str(&trace.text).map_err(|e| TraceError {
        file: trace.file.clone(),
        line: e.line(),
        col: e.column().max(1),
        message: format!("malformed JSON: {e}"),
    })?;
    let Some(states) = doc.get("states").and_then(J::as_array) else {
        return Err(trace.error_at(0, "an ITF trace must be an object with a \"states\" array"));
    };
    let spans = crate::itf_spans::state_spans(&trace.text);
    // Lines counted once along the document, not from its start for each state.
    let (mut line, mut counted) = (1, 0);
    for (i, st) in states.iter().enumerate() {
        let span = spans.get(i).copied().unwrap_or((0, 0));
        if span.0 >= counted {
            line += trace.text[counted..span.0].matches('\n').count();
            counted = span.0;
        }
        let Some(obj) = st.as_object() else {
            return Err(trace.error_at(span.0, "each ITF state must be an object"));
        };
        let mut ev = Event {
            span,
            line,
            seq: Some(i as u64 + 1),
            action: None,
            params: None,
            state: Vec::new(),
            clock: None,
        };
        for (k, v) in obj {
            if k == "mbt::actionTaken" {
                ev.action = v.as_str().map(str::to_string);
            } else if !k.starts_with('#') && !k.starts_with("mbt::") {
                ev.state.push((k.clone(), v.clone()));
            }
        }
        trace.events.push(ev);
    }
    if trace.events.is_empty() {
        return Err(trace.error_at(0, "the trace has no states"));
    }
    Ok(trace)
}
