//! Where a configuration's text comes from. A `.cfg` file is read whole. A `.tla` file given
//! as the configuration (TLC's `-config Spec.tla`) holds it as a section
//! `---- CONFIG Name ----` ... `====`, Name being the file's name without `.tla`
//! (`ModelConfig.parse` through `util.MonolithSpecExtractor.config`; the sections are found
//! as `tla_syntax::sections` describes). A .tla file without that section gives an empty
//! configuration, as in TLC ("did not specify the initial state predicate" follows).
//! TLC never looks for an embedded section on its own: without `-config` it reads
//! `Spec.cfg` and fails when that file is absent, and so do we.
//!
//! The section's text keeps the file's line numbers, so errors point into the .tla file.

use std::path::{Path, PathBuf};

/// The file a configuration named `given` (TLC's `-config`) is read from. TLC appends `.cfg`
/// to a name that ends neither in `.cfg` nor in `.tla` (`-config MC` reads `MC.cfg`), and
/// finds a relative name in the spec's folder too. A name that exists as given is also
/// taken; when nothing exists, `given` is returned for the error message.
pub fn resolve(given: &Path, spec_path: &Path) -> PathBuf {
    let ext = given.extension().and_then(|e| e.to_str());
    let mut names = Vec::new();
    if !matches!(ext, Some("cfg" | "tla")) {
        let mut with_cfg = given.as_os_str().to_os_string();
        with_cfg.push(".cfg");
        names.push(PathBuf::from(with_cfg));
    }
    names.push(given.to_path_buf());
    let spec_dir = spec_path.parent().filter(|d| !d.as_os_str().is_empty());
    for name in &names {
        if name.is_file() {
            return name.clone();
        }
        if let Some(dir) = spec_dir.filter(|_| name.is_relative()) {
            let there = dir.join(name);
            if there.is_file() {
                return there;
            }
        }
    }
    given.to_path_buf()
}

/// Whether the configuration at `path` is a section of a .tla file.
pub fn is_embedded(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "tla")
}

/// The configuration in the file `path` whose content is `text`: `text` itself for a .cfg
/// file, the section named by the file for a .tla file (empty when there is none).
pub fn from_file(path: &Path, text: &str) -> String {
    if !is_embedded(path) {
        return text.to_string();
    }
    tla_syntax::sections::config_section(text, &section_name(path)).unwrap_or_default()
}

/// The configuration in `text` given in memory for the file `path` (a mutant's run): a
/// .tla file's section when the text has one, else the text as it is (an edited .cfg).
pub fn from_memory(path: &Path, text: &str) -> String {
    if !is_embedded(path) {
        return text.to_string();
    }
    tla_syntax::sections::config_section(text, &section_name(path))
        .unwrap_or_else(|| text.to_string())
}

/// The section's name: the file's name without `.tla`. TLC takes the path given, directory
/// included, so `-config dir/Spec.tla` finds nothing there unless run from `dir`; the file's
/// own name is what it finds when run from the spec's folder, its usual use.
fn section_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tla_file_gives_its_named_section() {
        let text = "---- MODULE M ----\n====\n---- CONFIG Other ----\nINIT X\n====\n\
                    ---- CONFIG M ----\nINIT I\nNEXT N\n====\nINIT Z\n";
        let c = from_file(Path::new("dir/M.tla"), text);
        assert_eq!(
            c.split_whitespace().collect::<Vec<_>>(),
            ["INIT", "I", "NEXT", "N"]
        );
        // Lines are those of the file.
        assert_eq!(c[..c.find("INIT").unwrap()].matches('\n').count(), 6);
        assert_eq!(from_file(Path::new("N.tla"), text), "");
        assert_eq!(from_memory(Path::new("N.tla"), "INIT A"), "INIT A");
        assert_eq!(from_file(Path::new("M.cfg"), text), text);
    }

    #[test]
    fn a_config_name_is_resolved_as_tlc_does() {
        let dir = std::env::temp_dir().join(format!("tlacheck-cfg-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("MC.cfg"), "INIT I\n").unwrap();
        let spec = dir.join("Spec.tla");
        // `-config MC` reads MC.cfg, found in the spec's folder.
        assert_eq!(resolve(Path::new("MC"), &spec), dir.join("MC.cfg"));
        assert_eq!(resolve(Path::new("MC.cfg"), &spec), dir.join("MC.cfg"));
        assert_eq!(resolve(&dir.join("MC"), &spec), dir.join("MC.cfg"));
        // Nothing there: the name as given, for the message.
        assert_eq!(resolve(Path::new("None.cfg"), &spec), Path::new("None.cfg"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
