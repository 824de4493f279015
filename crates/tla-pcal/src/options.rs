//! pcal.trans's options, from the command line and from a `PlusCal options (...)` line in
//! the file (which takes precedence for fairness).

#[derive(Clone, Debug)]
pub struct Options {
    /// "", "wf", "sf", "wfNext" or "nof".
    pub fairness: String,
    pub fair_algorithm: bool,
    pub termination: bool,
    pub nocfg: bool,
    pub no_done_disjunct: bool,
    pub label: bool,
    pub report_labels: bool,
    pub label_root: String,
    pub line_width: usize,
    /// The PlusCal version the algorithm is written for, times 1000 (`-version 1.5`).
    pub version: u32,
    /// pcal.trans's warnings, to be printed.
    pub warnings: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            fairness: String::new(),
            fair_algorithm: false,
            termination: false,
            nocfg: false,
            no_done_disjunct: false,
            label: false,
            report_labels: false,
            label_root: "Lbl_".into(),
            line_width: 78,
            version: 1902,
            warnings: Vec::new(),
        }
    }
}

impl Options {
    /// Applies options as pcal.trans reads them; `in_file` for the options line (where the
    /// leading `-` may be omitted and fairness replaces the command line's).
    pub fn apply(&mut self, args: &[String], in_file: bool) -> Result<(), String> {
        let mut first_fairness = in_file;
        let mut explicit_nof = false;
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let name = if in_file {
                a.strip_prefix('-').unwrap_or(a)
            } else {
                a.strip_prefix('-').unwrap_or("\u{0}")
            };
            match name {
                "termination" => self.termination = true,
                "nocfg" => self.nocfg = true,
                "noDoneDisjunct" => self.no_done_disjunct = true,
                "noold" | "unixEOL" | "debug" => {}
                "wf" | "sf" | "wfNext" | "nof" => {
                    if first_fairness {
                        self.fairness.clear();
                        first_fairness = false;
                    }
                    if !self.fairness.is_empty() {
                        return Err(
                            "Can only have one of -wf, -sf, -wfNext, and -nof options".into()
                        );
                    }
                    self.fairness = name.into();
                    if name == "nof" {
                        explicit_nof = true;
                    }
                }
                "label" => self.label = true,
                "reportLabels" if !in_file => {
                    self.report_labels = true;
                    self.label = true;
                }
                "labelRoot" => {
                    i += 1;
                    let Some(root) = args.get(i) else {
                        return Err("Label root must follow `-labelRoot' option".into());
                    };
                    let ok = root.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                        && root.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    if !ok {
                        return Err("Label root must be a valid PlusCal identifier (must start with a letter and contain only letters, numbers, and underscores)".into());
                    }
                    self.label_root = root.clone();
                }
                "lineWidth" => {
                    i += 1;
                    match args.get(i).and_then(|w| w.parse::<usize>().ok()) {
                        Some(w) if w >= 60 => self.line_width = w,
                        _ => {
                            return Err(
                                "Integer value at least 60 must follow `-lineWidth' option".into()
                            )
                        }
                    }
                }
                "version" => {
                    i += 1;
                    let Some(v) = args.get(i) else {
                        return Err("Version number must follow `-version' option".into());
                    };
                    match version_number(v) {
                        Some(n) if n <= 1902 => self.version = n,
                        Some(_) => {
                            return Err(format!(
                                "Specified version {v} later than current version 1.11"
                            ))
                        }
                        None => return Err("Bad version number".into()),
                    }
                }
                _ => {
                    return Err(if in_file {
                        format!("Unknown or illegal option in options statement: {a}")
                    } else {
                        format!("Unknown command-line option: {a}")
                    })
                }
            }
            i += 1;
        }
        if self.termination && self.fairness.is_empty() && !explicit_nof {
            self.fairness = "wf".into();
        }
        Ok(())
    }
}

/// pcal.trans's VersionToNumber: "1.5" is 1500; at most three decimals.
fn version_number(s: &str) -> Option<u32> {
    let mut r: u32 = 0;
    let mut after = false;
    let mut decimals = 0;
    for c in s.chars() {
        if let Some(d) = c.to_digit(10) {
            r = r.checked_mul(10)?.checked_add(d)?;
            if after {
                decimals += 1;
                if decimals > 3 {
                    return None;
                }
            }
        } else if c == '.' {
            after = true;
        } else {
            return None;
        }
    }
    for _ in 0..3 - decimals {
        r = r.checked_mul(10)?;
    }
    Some(r)
}
