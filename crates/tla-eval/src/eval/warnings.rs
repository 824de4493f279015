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
    /// TLC's -messagesAsErrors: these codes (EC.java's) are raised as errors instead.
    pub as_errors: HashSet<i32>,
    /// TLC's -suppressMessages: these codes are not printed (but count as printed).
    pub suppressed: HashSet<i32>,
}

impl Default for Warnings {
    fn default() -> Self {
        Warnings {
            enabled: true,
            printed: HashSet::new(),
            as_errors: HashSet::new(),
            suppressed: HashSet::new(),
        }
    }
}

impl Warnings {
    /// The message to print for warning `code`'s `text`, or `None` when it was printed
    /// already or is suppressed (MP.printWarning: a suppressed one still enters the history).
    pub fn admit(&mut self, code: i32, text: &str) -> Option<String> {
        if !self.enabled {
            return None;
        }
        let mut message = format!("Warning: {text}");
        if self.printed.is_empty() {
            message.push_str("\n(Use the -nowarning option to disable this warning.)");
        }
        let new = self.printed.insert(message.clone());
        (new && !self.suppressed.contains(&code)).then_some(message)
    }
}

impl super::Evaluator<'_> {
    /// Prints warning `code` as TLC would; false when -messagesAsErrors makes it an error
    /// the caller raises (MP.printWarning's Assert.fail, before -nowarning is looked at).
    #[must_use]
    pub fn warn(&self, code: i32, text: &str) -> bool {
        let mut warnings = self.warnings.lock().expect("warnings");
        if warnings.as_errors.contains(&code) {
            return false;
        }
        let message = warnings.admit(code, text);
        drop(warnings);
        if let Some(message) = message {
            use std::io::Write;
            let mut out = self.out.lock().expect("output");
            let _ = writeln!(out, "{message}");
        }
        true
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
        let hinted = w.admit(1, "A").expect("first");
        assert!(hinted.ends_with("(Use the -nowarning option to disable this warning.)"));
        assert_eq!(w.admit(1, "A").as_deref(), Some("Warning: A"));
        assert_eq!(w.admit(1, "A"), None);
        assert_eq!(w.admit(2, "B").as_deref(), Some("Warning: B"));
        let mut off = Warnings {
            enabled: false,
            ..Warnings::default()
        };
        assert_eq!(off.admit(1, "A"), None);
    }

    #[test]
    fn a_suppressed_warning_is_not_printed_but_takes_the_hint() {
        // MP.printWarning puts the message in its history before it looks at the codes.
        let mut w = Warnings::default();
        w.suppressed.insert(1);
        assert_eq!(w.admit(1, "A"), None);
        assert_eq!(w.admit(2, "B").as_deref(), Some("Warning: B"));
    }
}
