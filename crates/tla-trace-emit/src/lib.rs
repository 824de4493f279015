//! Trace events from a Rust implementation, for `tlacheck trace validate`.
//!
//! ```ignore
//! tla_trace_emit::emit!(state: { "queue" => queue, "acked" => acked });       // event 1: the initial state
//! tla_trace_emit::emit!("Send", params: { "m" => m }, state: { "queue" => queue });
//! ```
//!
//! With the `tla-trace` feature on, each `emit!` appends one NDJSON line
//! `{"seq":i,"action":...,"params":{...},"state":{...}}` to the file named by
//! `TLA_TRACE_FILE` (or given to `start`), after the header `{"v":1,"spec":...}`. One lock
//! hands out the sequence number and writes the line, so events from several threads are
//! totally ordered and appear in the file in `seq` order.
//!
//! With the feature off (the default) `emit!` expands to `()` and does not evaluate its
//! arguments, and the writer (`start`, `Event`, the file, the sequence number) does not
//! exist. Only the [`ToItf`] trait remains, so an implementation's impls of it still compile.
//!
//! The first event (no action) is the state after initialization: the validator matches it
//! against the spec's initial states.
#![cfg_attr(not(feature = "tla-trace"), doc = "```compile_fail")]
#![cfg_attr(feature = "tla-trace", doc = "```")]
//! // Compiles only with the feature: without it the writer is absent.
//! tla_trace_emit::start("/dev/null", "Spec").unwrap();
//! let _ = tla_trace_emit::Event::new(None);
//! ```

mod itf;

pub use itf::{Record, ToItf};

#[cfg(feature = "tla-trace")]
mod sink;

#[cfg(feature = "tla-trace")]
pub use sink::{start, Event, FORMAT_VERSION, TRACE_FILE_VAR, TRACE_SPEC_VAR};

/// Emits one event (see the crate documentation). Expands to nothing unless the
/// `tla-trace` feature is on.
#[cfg(feature = "tla-trace")]
#[macro_export]
macro_rules! emit {
    (state: { $($sk:expr => $sv:expr),* $(,)? } $(,)?) => {{
        let mut event = $crate::Event::new(None);
        $( event.var($sk, &$sv); )*
        event.emit();
    }};
    ($action:expr
        $(, params: { $($pk:expr => $pv:expr),* $(,)? })?
        $(, state: { $($sk:expr => $sv:expr),* $(,)? })? $(,)?) => {{
        let mut event = $crate::Event::new(Some($action));
        $( $( event.param($pk, &$pv); )* )?
        $( $( event.var($sk, &$sv); )* )?
        event.emit();
    }};
}

/// Emits one event (see the crate documentation). Expands to nothing unless the
/// `tla-trace` feature is on.
#[cfg(not(feature = "tla-trace"))]
#[macro_export]
macro_rules! emit {
    ($($anything:tt)*) => {
        ()
    };
}
