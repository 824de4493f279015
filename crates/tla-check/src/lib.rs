//! The .cfg file and the model-checking engine.

pub mod collision;
pub mod config;
pub mod engine;
mod expand;
mod frontier;
pub mod intern;
mod merge;
pub mod model;
pub mod progress;
mod rebuild;
pub mod report;
mod search;
pub mod seen;
mod workers;
