//! The .cfg file and the model-checking engine.

pub mod alias;
pub mod config;
pub mod engine;
pub mod intern;
pub mod liveness;
pub mod model;
pub mod postcondition;
pub mod report;
pub mod session;
pub mod simulate;
pub mod symmetry;
