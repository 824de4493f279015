//! The .cfg file and the model-checking engine.

pub mod config;
pub mod engine;
pub mod intern;
pub mod liveness;
pub mod model;
pub mod report;
