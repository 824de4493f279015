//! TLC's warnings raised during evaluation (MP.printWarning): each text printed once, where
//! Print and PrintT write, the first of the run followed by the hint about `-nowarning`.

use std::collections::HashSet;

#[derive(Debug)]
pub struct Warnings {
    /// Off with TLC's `-nowarning`.
    pub enabled: bool,
    /// Every message printed, with its prefix and hint as printed: TLC compares whole texts,
    /// so a warning first printed with the hint is printed once more without it.
    printed: HashSet<String>,
}

impl Default for Warnings {
    fn default() -> Self {
        Warnings {
            enabled: true,
            printed: HashSet::new(),
        }
    }
}

impl Warnings {
    /// The message to print for `text`, or `None` when it was printed already.
    pub fn admit(&mut self, text: &str) -> Option<String> {
        if !self.enabled {
            return None;
        }
        let mut message = format!("Warning: {text}");
        if self.printed.is_empty() {
            message.push_str("\n(Use the -nowarning option to disable this warning.)");
        }
        self.printed.insert(message.clone()).then_some(message)
    }
}

impl super::Evaluator<'_> {
    /// Prints a warning as TLC would.
    pub fn warn(&self, text: &str) {
        let message = self.warnings.lock().expect("warnings").admit(text);
        if let Some(message) = message {
            use std::io::Write;
            let mut out = self.out.lock().expect("output");
            let _ = writeln!(out, "{message}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Warnings;

    #[test]
    fn the_first_warning_carries_the_hint_and_repeats_once_without_it() {
        // MP.printWarning: the hint is added while the history is empty, and a message is
        // printed when its whole text is new.
        let mut w = Warnings::default();
        let hinted = w.admit("A").expect("first");
        assert!(hinted.ends_with("(Use the -nowarning option to disable this warning.)"));
        assert_eq!(w.admit("A").as_deref(), Some("Warning: A"));
        assert_eq!(w.admit("A"), None);
        assert_eq!(w.admit("B").as_deref(), Some("Warning: B"));
        let mut off = Warnings {
            enabled: false,
            ..Warnings::default()
        };
        assert_eq!(off.admit("A"), None);
    }
}
