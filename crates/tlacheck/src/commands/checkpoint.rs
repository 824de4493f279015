//! `tlacheck check`'s checkpoint flags (TLC's `-checkpoint`, `-metadir`, `-recover`) and the
//! plan they make for the engine (`tla_check::checkpoint`).

use std::path::PathBuf;
use std::time::Duration;
use tla_check::checkpoint::{self, CheckpointPlan};
use tla_check::model::Model;
use tla_check::session::{Loaded, Setup};

/// TLC's default interval between checkpoints, in minutes.
const DEFAULT_MINUTES: f64 = 30.0;

#[derive(clap::Args)]
pub struct CheckpointArgs {
    /// Minutes between checkpoints, written at a level boundary (TLC's -checkpoint, default
    /// 30; 0: never; fractions allowed).
    #[arg(long = "checkpoint", value_name = "MINUTES", value_parser = minutes, allow_negative_numbers = true)]
    minutes: Option<f64>,
    /// Where checkpoints go: a new folder DIR/yy-MM-dd-HH-mm-ss.SSS (TLC's -metadir; default
    /// the spec's folder's states/).
    #[arg(
        long = "checkpoint-dir",
        value_name = "DIR",
        conflicts_with = "recover"
    )]
    dir: Option<PathBuf>,
    /// Continue the run whose checkpoint is in DIR (TLC's -recover); later checkpoints
    /// replace it there.
    #[arg(long = "recover", value_name = "DIR", conflicts_with = "simulate")]
    recover: Option<PathBuf>,
    /// Tests only: stop the search right after the N-th checkpoint is written.
    #[arg(long = "stop-after-checkpoint", value_name = "N", hide = true)]
    stop_after: Option<u32>,
}

fn minutes(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(m) if m.is_finite() && m >= 0.0 => Ok(m),
        _ => Err(format!(
            "`{text}` is not a number of minutes (a nonnegative number such as 30 or 0.5)"
        )),
    }
}

impl CheckpointArgs {
    /// The folder checkpoints go under: --checkpoint-dir, else the spec's folder's states/.
    pub fn root(&self, spec_path: &std::path::Path) -> Option<PathBuf> {
        if self.recover.is_some() {
            return None;
        }
        Some(self.dir.clone().unwrap_or_else(|| {
            let folder = spec_path.parent().map(PathBuf::from).unwrap_or_default();
            folder.join("states")
        }))
    }

    /// The plan for a run of `setup` (loaded as `loaded`), or a message and exit 2: a
    /// checkpoint to recover that is missing, damaged, or written for other inputs.
    pub fn plan(
        &self,
        setup: &Setup,
        loaded: &Loaded,
        json: bool,
    ) -> Result<Option<CheckpointPlan>, String> {
        let minutes = self.minutes.unwrap_or(DEFAULT_MINUTES);
        let every = (minutes > 0.0).then(|| Duration::from_secs_f64(minutes * 60.0));
        if every.is_none() && self.recover.is_none() {
            return Ok(None);
        }
        // Module file names, not paths: the same spec may be named from another folder.
        let files: Vec<(&str, &str)> = (loaded.spec.files.iter())
            .map(|f| {
                let name = std::path::Path::new(&f.path).file_name();
                (
                    name.and_then(|n| n.to_str()).unwrap_or(&f.path),
                    f.text.as_str(),
                )
            })
            .collect();
        let options = format!(
            "no_deadlock={} seed={} fp={} defines={:?}",
            setup.no_deadlock, setup.seed, setup.fp, setup.defines
        );
        let identity = checkpoint::identity(&files, &loaded.config_text, &options);
        let dir = match (&self.recover, &self.dir) {
            (Some(d), _) => {
                checkpoint::verify(d, identity)?;
                d.clone()
            }
            (None, Some(root)) => checkpoint::timestamped_dir(root),
            (None, None) => {
                let folder = setup.spec_path.parent().map(PathBuf::from);
                let folder = folder.unwrap_or_default();
                checkpoint::timestamped_dir(&folder.join("states"))
            }
        };
        Ok(Some(CheckpointPlan {
            every,
            dir,
            recover: self.recover.is_some(),
            identity,
            to_stderr: json,
            stop_after: self.stop_after,
        }))
    }

    /// The plan for `model`: temporal properties are checked on a behaviour graph that is not
    /// checkpointed, so an explicit --checkpoint or --recover is refused and TLC's default
    /// interval is dropped.
    pub fn for_model(
        &self,
        plan: Option<CheckpointPlan>,
        model: &Model,
    ) -> Result<Option<CheckpointPlan>, String> {
        if model.temporal_properties.is_empty() || plan.is_none() {
            return Ok(plan);
        }
        let asked = self.recover.is_some() || self.minutes.is_some_and(|m| m > 0.0);
        if asked {
            return Err(
                "tlacheck check: --checkpoint and --recover are not supported for a \
                 model with temporal properties (PROPERTY): the behaviour graph that liveness \
                 checking needs is not checkpointed; run without them (or --checkpoint 0)"
                    .to_string(),
            );
        }
        Ok(None)
    }
}
