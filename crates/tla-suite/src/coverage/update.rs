//! `tlacheck verify --update-coverage`: writes each entry's current hash and the repository's
//! HEAD as `sync_commit`, in place (toml_edit keeps comments, order and layout).

use super::EntryOutcome;
use crate::manifest::Manifest;
use crate::runner::Status;
use std::path::Path;
use std::process::Command;

/// The repository's HEAD commit, from the manifest's folder.
pub fn head_commit(dir: &Path) -> Result<String, String> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["rev-parse", "HEAD"])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git rev-parse HEAD failed in {}: {}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Refuses while any entry cannot be located or names an unknown action.
pub fn updatable(outcomes: &[EntryOutcome]) -> Result<(), String> {
    match outcomes
        .iter()
        .find(|o| o.sha256.is_none() && o.status != Status::Held)
    {
        Some(bad) => Err(format!("cannot update coverage: {}", bad.message)),
        None => Ok(()),
    }
}

/// The manifest's text with the new hashes and `sync_commit`. Refuses (exit 2) while any entry
/// cannot be located or names an unknown action: a hash is only recorded for code that the map
/// still describes.
pub fn updated_text(
    m: &Manifest,
    outcomes: &[EntryOutcome],
    commit: &str,
) -> Result<String, String> {
    updatable(outcomes)?;
    let mut doc: toml_edit::DocumentMut = m
        .text
        .parse()
        .map_err(|e| format!("{}: {e}", m.path.display()))?;
    let cov = doc
        .get_mut("coverage")
        .and_then(|c| c.as_table_like_mut())
        .ok_or_else(|| format!("{}: no [coverage] table", m.path.display()))?;
    cov.insert("sync_commit", toml_edit::value(commit));
    if let Some(entries) = cov
        .get_mut("entry")
        .and_then(|e| e.as_array_of_tables_mut())
    {
        for (table, o) in entries.iter_mut().zip(outcomes) {
            if let Some(h) = &o.sha256 {
                match table.get_mut("sha256").and_then(|v| v.as_value_mut()) {
                    // Keep the value's own decoration (a trailing comment, spacing).
                    Some(v) => {
                        let decor = v.decor().clone();
                        *v = toml_edit::Value::from(h.as_str());
                        *v.decor_mut() = decor;
                    }
                    None => {
                        table.insert("sha256", toml_edit::value(h.as_str()));
                    }
                }
            }
        }
    }
    Ok(doc.to_string())
}
