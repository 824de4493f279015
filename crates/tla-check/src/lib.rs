//! The .cfg file and the model-checking engine.

pub mod alias;
mod assumptions;
pub mod checkpoint;
pub mod collision;
pub mod config;
pub mod engine;
mod expand;
mod frontier;
pub mod intern;
pub mod labels;
pub mod liveness;
mod merge;
pub mod model;
mod parents;
pub mod possible;
pub mod postcondition;
pub mod progress;
mod rebuild;
pub mod report;
mod search;
pub mod seen;
pub mod session;
pub mod simulate;
mod split;
pub mod symmetry;
pub mod view_print;
mod workers;
