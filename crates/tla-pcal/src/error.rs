//! Translation errors: pcal.trans's message, and where in the file it points (1-based).

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PcalError {
    pub msg: String,
    pub line: Option<usize>,
    pub col: Option<usize>,
}

impl PcalError {
    pub fn new(msg: impl Into<String>) -> PcalError {
        let msg = msg.into();
        let (line, col) = find_position(&msg);
        PcalError { msg, line, col }
    }
    pub fn at(msg: impl Into<String>, line: usize, col: usize) -> PcalError {
        PcalError {
            msg: msg.into(),
            line: Some(line),
            col: Some(col),
        }
    }
}

impl PcalError {
    /// `file:line:col: message` (what is known of the place), the message's further lines
    /// indented, then the line of `text` it points at and a caret under the column.
    pub fn render(&self, path: &std::path::Path, text: &str) -> String {
        let first = self.msg.lines().next().unwrap_or("");
        let mut out = match (self.line, self.col) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}: {first}\n", path.display()),
            (Some(l), None) => format!("{}:{l}: {first}\n", path.display()),
            _ => format!("{}: {first}\n", path.display()),
        };
        for more in self.msg.lines().skip(1) {
            out += &format!("  {}\n", more.trim());
        }
        if let Some(src) = self
            .line
            .and_then(|l| text.lines().nth(l.saturating_sub(1)))
        {
            out += &format!("  {src}\n");
            if let Some(c) = self.col {
                // Tabs kept, so the caret lines up under a tabbed line too.
                let pad: String = (src.chars().take(c.saturating_sub(1)))
                    .map(|ch| if ch == '\t' { '\t' } else { ' ' })
                    .collect();
                out += &format!("  {pad}^\n");
            }
        }
        out
    }
}

/// The first "line L, column C" (or "line L col C") in a pcal.trans message.
fn find_position(msg: &str) -> (Option<usize>, Option<usize>) {
    let Some(i) = msg.find("line ") else {
        return (None, None);
    };
    let rest = &msg[i + 5..];
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let Ok(line) = digits.parse::<usize>() else {
        return (None, None);
    };
    let rest = &rest[digits.len()..];
    let rest = rest.trim_start_matches([',', ' ']);
    let rest = rest
        .strip_prefix("column ")
        .or_else(|| rest.strip_prefix("col "));
    let col = rest.and_then(|r| {
        r.chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .ok()
    });
    (Some(line), col)
}

impl std::fmt::Display for PcalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.msg)
    }
}
