//! The files a suite run reads, fingerprinted before and after the run: checks run one after
//! another in child processes, so a spec, .cfg, trace or the manifest edited meanwhile would
//! give a report that mixes two versions of the suite. Files created during the run (a
//! trace-exploration spec a check writes, say) are not inputs.

use crate::manifest::Manifest;
use sha2::{Digest, Sha256};
use std::path::{Component, Path, PathBuf};

/// Each input file and the digest of its contents (None: it could not be read).
pub struct Snapshot(Vec<(PathBuf, Option<[u8; 32]>)>);

fn digest(path: &Path) -> Option<[u8; 32]> {
    std::fs::read(path).ok().map(|b| Sha256::digest(&b).into())
}

/// The .tla and .cfg files of `dir` and its subfolders.
fn spec_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            spec_files(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("tla" | "cfg")) {
            out.push(p);
        }
    }
}

impl Snapshot {
    /// The manifest, the specs folder's and the library's .tla/.cfg files, and the traces.
    pub fn take(m: &Manifest) -> Snapshot {
        let mut files = vec![m.path.clone()];
        spec_files(&m.specs_dir, &mut files);
        for lib in &m.library {
            spec_files(lib, &mut files);
        }
        for t in &m.traces {
            files.extend(t.file_names().into_iter().map(|f| m.dir.join(f)));
        }
        // `specs = "."` gives `dir/./Spec.tla`: named as the user would write it.
        let mut files: Vec<PathBuf> = (files.iter())
            .map(|p| p.components().filter(|c| *c != Component::CurDir).collect())
            .collect();
        files.sort();
        files.dedup();
        Snapshot(files.into_iter().map(|p| (p.clone(), digest(&p))).collect())
    }

    /// The inputs whose contents differ now from when the snapshot was taken.
    pub fn changed(&self) -> Vec<&Path> {
        (self.0.iter())
            .filter(|(p, d)| digest(p) != *d)
            .map(|(p, _)| p.as_path())
            .collect()
    }
}
