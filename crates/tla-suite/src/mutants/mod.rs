//! Mutants: bugs planted in a spec, in memory, that the spec's properties must catch.
//! `declared` applies the manifest's `[[mutant]]` edits; `auto` generates edits from the AST.

pub mod auto;
pub mod campaign;
pub mod declared;
pub mod diff;
