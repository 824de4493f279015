//! The .cfg file and the model-checking engine.

pub mod config;
