//! The hidden `check --overrides-from-stdin`: the suite runner sends a mutated spec or a
//! rewritten .cfg as JSON on stdin, so it is checked in memory by a fresh process.

use std::io::Read;
use tla_check::session::Setup;
use tla_suite::exec::Overrides;

pub fn apply(mut setup: Setup, from_stdin: bool) -> Result<Setup, String> {
    if !from_stdin {
        return Ok(setup);
    }
    let mut body = String::new();
    std::io::stdin()
        .read_to_string(&mut body)
        .map_err(|e| format!("cannot read the overrides from stdin: {e}"))?;
    let o: Overrides = serde_json::from_str(&body)
        .map_err(|e| format!("<stdin>:{}:{}: bad overrides: {e}", e.line(), e.column()))?;
    setup.spec_text = o.spec_text;
    setup.config_text = o.config_text;
    setup.module_texts = (o.module_texts.into_iter())
        .map(|m| (m.path, m.text))
        .collect();
    Ok(setup)
}
