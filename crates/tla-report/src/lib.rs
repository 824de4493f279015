//! Reports for people and for CI, made from the typed results the checker, the suite runner
//! and the trace validator already produce (tla-check's `Summary`, tla-suite's outcomes,
//! tla-trace's `Rejection`): a self-contained HTML page (`--html`) and GitHub Actions
//! workflow commands (`--annotate github`). Nothing is re-derived: values are shown as the
//! checker printed them.

pub mod annotate;
pub mod html;
mod locate;
