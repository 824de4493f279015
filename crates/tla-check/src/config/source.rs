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

use std::path::Path;

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
}
