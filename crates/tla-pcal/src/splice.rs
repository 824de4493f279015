//! The file around the algorithm (pcal.trans's trans.performTranslation and Validator):
//! finding the options line, the algorithm and the translation region, writing the
//! translation and its checksums into the file, the .cfg it writes, and noticing a stale
//! translation.

use crate::ast::Printer;
use crate::error::PcalError;
use crate::explode::Exploder;
use crate::gen::Gen;
use crate::parse::Parser;
use crate::rename::{fix, SymTab};
use crate::tokenize::Reader;
use crate::{checksum, Options};

/// What translating a file gives.
pub struct Translation {
    /// The new file text.
    pub text: String,
    /// The .cfg text pcal.trans writes (from the existing one, if given), unless `-nocfg`.
    pub cfg: Option<String>,
    /// pcal.trans's informational lines ("Labels added." ...).
    pub notes: Vec<String>,
}

/// Java's readAllLines: lines split at \n, \r\n or \r.
fn split_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push(std::mem::take(&mut cur)),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push(std::mem::take(&mut cur));
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn remove_tabs(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut n = String::new();
            let mut w = 0;
            for c in l.chars() {
                if c == '\t' {
                    let add = 8 - (w % 8);
                    for _ in 0..add {
                        n.push(' ');
                    }
                    w += add;
                } else {
                    n.push(c);
                    w += 1;
                }
            }
            n.push(' ');
            n
        })
        .collect()
}

fn find_token_pair(v: &[String], from: usize, t1: &str, t2: &str) -> Option<usize> {
    for (i, line) in v.iter().enumerate().skip(from) {
        let Some(col) = line.find(t1) else { continue };
        let mut next = col + t1.len();
        let b = line.as_bytes();
        while next < b.len() && b[next] == b' ' {
            next += 1;
        }
        if next < b.len() && line.find(t2) == Some(next) {
            return Some(i);
        }
    }
    None
}

/// The checksum groups of a `\* BEGIN TRANSLATION (chksum(pcal) = "..." /\ chksum(tla) = "...")`
/// line: byte ranges of the two hex strings (either may be `\in STRING`, then None).
struct ChecksumLine {
    pcal: Option<(usize, usize)>,
    tla: Option<(usize, usize)>,
}

fn match_checksum_line(line: &str) -> Option<ChecksumLine> {
    let start = line.find("\\* BEGIN TRANSLATION")?;
    let b = line.as_bytes();
    let mut i = start + "\\* BEGIN TRANSLATION".len();
    let ws = |i: &mut usize| {
        // Java's \s: ASCII white space only (so `i` stays on a character boundary).
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    let lit = |i: &mut usize, s: &str| -> bool {
        if line.get(*i..).is_some_and(|r| r.starts_with(s)) {
            *i += s.len();
            true
        } else {
            false
        }
    };
    let lit_ci = |i: &mut usize, s: &str| -> bool {
        if line
            .get(*i..*i + s.len())
            .is_some_and(|r| r.eq_ignore_ascii_case(s))
        {
            *i += s.len();
            true
        } else {
            false
        }
    };
    let ws_start = i;
    ws(&mut i);
    if i == ws_start || !lit(&mut i, "(") {
        return None;
    }
    ws(&mut i);
    let name = |i: &mut usize, alts: &[&str]| alts.iter().any(|a| lit_ci(i, a));
    if !name(
        &mut i,
        &[
            "chksum(pcal)",
            "checksum(pcal)",
            "chksum(pluscal)",
            "checksum(pluscal)",
        ],
    ) {
        return None;
    }
    ws(&mut i);
    let value = |i: &mut usize| -> Option<Option<(usize, usize)>> {
        if lit(i, "=") {
            ws(i);
            if !lit(i, "\"") {
                return None;
            }
            let s = *i;
            while *i < b.len() && (b[*i] as char).is_ascii_hexdigit() {
                *i += 1;
            }
            let e = *i;
            if !lit(i, "\"") {
                return None;
            }
            Some(Some((s, e)))
        } else if lit(i, "\\in") {
            ws(i);
            if !lit(i, "STRING") {
                return None;
            }
            Some(None)
        } else {
            None
        }
    };
    let pcal = value(&mut i)?;
    ws(&mut i);
    if !lit(&mut i, "/\\") {
        return None;
    }
    ws(&mut i);
    if !name(
        &mut i,
        &[
            "chksum(tla+)",
            "chksum(tla)",
            "checksum(tla+)",
            "checksum(tla)",
        ],
    ) {
        return None;
    }
    ws(&mut i);
    let tla = value(&mut i)?;
    ws(&mut i);
    if !lit(&mut i, ")") {
        return None;
    }
    Some(ChecksumLine { pcal, tla })
}

/// The `PlusCal options (...)` statement anywhere in the file.
fn find_options(untab: &[String]) -> Result<Option<Vec<String>>, String> {
    let (mut l, mut c) = (0usize, 0usize);
    loop {
        // FindToken("PlusCal"): the next space-separated word starting with it.
        let mut found = false;
        while !found && l < untab.len() {
            goto_non_space(untab, &mut l, &mut c);
            if l >= untab.len() {
                break;
            }
            let line: Vec<char> = untab[l].chars().collect();
            let rest: String = line[c..].iter().collect();
            if rest.starts_with("PlusCal") {
                let end = c + 7;
                if end >= line.len() || !(line[end].is_alphabetic() || line[end] == '_') {
                    found = true;
                    c = end;
                }
            }
            while c < line.len() && line[c] != ' ' {
                c += 1;
            }
        }
        if !found {
            return Ok(None);
        }
        goto_non_space(untab, &mut l, &mut c);
        if l >= untab.len() {
            return Ok(None);
        }
        let line: Vec<char> = untab[l].chars().collect();
        let rest: String = line[c..].iter().collect();
        if rest.starts_with("options")
            && (rest.len() == 7
                || !rest[7..].starts_with(|x: char| x.is_alphanumeric() || x == '_'))
        {
            c += 7;
            goto_non_space(untab, &mut l, &mut c);
            if l >= untab.len() || untab[l].chars().nth(c) != Some('(') {
                return Err("`PlusCal options' not followed by '('".into());
            }
            c += 1;
            goto_non_space(untab, &mut l, &mut c);
            let mut args = Vec::new();
            while l < untab.len() {
                let line: Vec<char> = untab[l].chars().collect();
                if line[c] == ')' {
                    break;
                }
                if line[c] == ',' {
                    c += 1;
                } else {
                    let s = c;
                    while c < line.len() && !matches!(line[c], ' ' | ',' | ')') {
                        c += 1;
                    }
                    args.push(line[s..c].iter().collect());
                }
                goto_non_space(untab, &mut l, &mut c);
            }
            if l >= untab.len() {
                return Err("No closing ')' found in options statement".into());
            }
            return Ok(Some(args));
        }
    }
}

fn goto_non_space(v: &[String], l: &mut usize, c: &mut usize) {
    while *l < v.len() {
        let line: Vec<char> = v[*l].chars().collect();
        while *c < line.len() {
            if line[*c] == ' ' {
                *c += 1;
            } else {
                return;
            }
        }
        *l += 1;
        *c = 0;
    }
}

/// Replaces comments by spaces from the algorithm's start to the first unmatched `*)`.
fn uncomment(v: &mut [String], beg_line: usize, beg_col: usize) -> Result<(), PcalError> {
    let mut line = beg_line;
    let mut col = beg_col;
    let mut depth = 0;
    let mut done = false;
    let first: Vec<char> = v[line].chars().collect();
    let mut new_line: String = first[..col.min(first.len())].iter().collect();
    while !done && line < v.len() {
        let old: Vec<char> = v[line].chars().collect();
        let mut in_string = false;
        while !done && col < old.len() {
            let ch = old[col];
            let mut out = ch;
            if ch == '(' && !in_string && col + 1 < old.len() && old[col + 1] == '*' {
                depth += 1;
                out = ' ';
                col += 1;
                new_line.push(out);
            } else if ch == '*' && !in_string && col + 1 < old.len() && old[col + 1] == ')' {
                if depth == 0 {
                    new_line.push(ch);
                    out = ')';
                    col += 1;
                    done = true;
                } else {
                    depth -= 1;
                    out = ' ';
                    col += 1;
                    new_line.push(out);
                }
            } else if depth == 0 {
                if in_string {
                    if ch == '"' {
                        in_string = false;
                    } else if ch == '\\' && col + 1 < old.len() {
                        new_line.push(ch);
                        out = old[col + 1];
                        col += 1;
                    }
                } else if ch == '\\' && col + 1 < old.len() && old[col + 1] == '*' {
                    out = ' ';
                    col = old.len();
                } else if ch == '"' {
                    in_string = true;
                }
            } else {
                out = ' ';
            }
            new_line.push(out);
            col += 1;
        }
        if in_string {
            return Err(PcalError::at(
                format!("Unterminated string in line {}", line + 1),
                line + 1,
                1,
            ));
        }
        if done {
            // The rest of the line after the algorithm's `*)` stays as it was.
            new_line.extend(old[col.min(old.len())..].iter());
        }
        v[line] = std::mem::take(&mut new_line);
        col = 0;
        line += 1;
    }
    Ok(())
}

/// Whether `text` holds what pcal.trans looks for as the start of an algorithm
/// (`--algorithm`, or `--fair` of `--fair algorithm`), so that `translate` has one to read.
pub fn has_algorithm(text: &str) -> bool {
    text.contains("--algorithm") || text.contains("--fair")
}

/// Translates the algorithm in `text` (a .tla file) as pcal.trans does; `cfg` is the
/// current .cfg text, if the file has one.
pub fn translate(text: &str, opts: &Options, cfg: Option<&str>) -> Result<Translation, PcalError> {
    let mut opts = opts.clone();
    let input = split_lines(text);
    let mut untab = remove_tabs(&input);
    if let Some(args) = find_options(&untab).map_err(PcalError::new)? {
        opts.apply(&args, true)
            .map_err(|m| PcalError::new(format!("Command-line error: {m}.")))?;
    }
    let mut output = input.clone();
    let mut translation_line = find_token_pair(&untab, 0, "BEGIN", "TRANSLATION");
    if let Some(tl) = translation_line {
        let Some(end) = find_token_pair(&untab, tl + 1, "END", "TRANSLATION") else {
            return Err(PcalError::new("No line containing `END TRANSLATION"));
        };
        output.drain(tl + 1..end);
        untab.drain(tl + 1..end);
    }
    let mut alg: Option<(usize, usize, bool)> = None;
    for (i, line) in untab.iter().enumerate() {
        if let Some(c) = line.find("--algorithm") {
            alg = Some((i, line[..c].chars().count() + 11, false));
            break;
        }
        if let Some(c) = line.find("--fair") {
            alg = Some((i, line[..c].chars().count() + 6, true));
            break;
        }
    }
    let Some((alg_line, alg_col, fair)) = alg else {
        return Err(PcalError::new(
            "Beginning of algorithm string --algorithm not found.",
        ));
    };
    if translation_line.is_none() {
        // The translation region goes right after the comment holding the algorithm.
        let mut depth = 1;
        let (mut l, mut c) = (alg_line, alg_col);
        let mut found = false;
        while !found && l < untab.len() {
            let line: Vec<char> = untab[l].chars().collect();
            while !found && c + 1 < line.len() {
                if line[c] == '(' && line[c + 1] == '*' {
                    depth += 1;
                    c += 2;
                } else if line[c] == '*' && line[c + 1] == ')' {
                    depth -= 1;
                    c += 2;
                    if depth == 0 {
                        found = true;
                    }
                } else {
                    c += 1;
                }
            }
            if !found {
                l += 1;
                c = 0;
            }
        }
        if !found {
            return Err(PcalError::new(
                "Algorithm not in properly terminated comment",
            ));
        }
        let rest: String = untab[l].chars().skip(c).collect();
        let rest = rest.trim();
        if !rest.is_empty() && !rest.starts_with("\\*") {
            return Err(PcalError::at(
                "Text on same line following `*)' that ends the \n   comment containing the algorithm.",
                l + 1,
                c + 1,
            ));
        }
        output.insert(
            l + 1,
            "\\* BEGIN TRANSLATION (chksum(pcal) = \"ffffffff\" /\\ chksum(tla) = \"ffffffff\")"
                .to_string(),
        );
        untab.insert(l + 1, "\\* BEGIN TRANSLATION".into());
        output.insert(l + 2, "\\* END TRANSLATION ".into());
        untab.insert(l + 2, "\\* END TRANSLATION".into());
        translation_line = Some(l + 1);
    }
    let translation_line = translation_line.expect("a translation line");
    uncomment(&mut untab, alg_line, alg_col)?;
    let (translation, pcal_sum, notes) =
        translate_algorithm(&untab, alg_line, alg_col, fair, &mut opts)?;
    let tla_sum = checksum(&translation.concat());
    if let Some(m) = match_checksum_line(&output[translation_line]) {
        let mut line = output[translation_line].clone();
        if let Some((s, e)) = m.tla {
            line.replace_range(s..e, &tla_sum);
        }
        if let Some((s, e)) = m.pcal {
            line.replace_range(s..e, &pcal_sum);
        }
        output[translation_line] = line;
    }
    for (i, l) in translation.into_iter().enumerate() {
        output.insert(translation_line + 1 + i, l);
    }
    let mut text = String::new();
    for l in &output {
        text.push_str(l);
        text.push('\n');
    }
    let cfg = if opts.nocfg {
        None
    } else {
        Some(cfg_text(
            cfg,
            &opts,
            notes.iter().any(|n| n == DEFAULT_INIT),
        ))
    };
    Ok(Translation {
        text,
        cfg,
        notes: notes.into_iter().filter(|n| n != DEFAULT_INIT).collect(),
    })
}

const DEFAULT_INIT: &str = "\u{0}defaultInitValue";

fn cfg_text(existing: Option<&str>, opts: &Options, default_init: bool) -> String {
    let delim = "\\* Add statements after this line.";
    let mut cfg: Vec<String> = match existing {
        Some(t) => split_lines(t),
        None => vec![delim.to_string()],
    };
    match cfg.iter().position(|l| l.contains(delim)) {
        Some(j) => {
            cfg.drain(..j);
        }
        None => cfg.insert(0, delim.into()),
    }
    if default_init {
        cfg.insert(0, "CONSTANT defaultInitValue = defaultInitValue".into());
    }
    if opts.termination {
        cfg.insert(0, "PROPERTY Termination".into());
    }
    let has_spec = cfg.iter().any(|l| {
        l.find("SPECIFICATION")
            .is_some_and(|s| l.find("\\*").is_none_or(|c| c > s))
    });
    if !has_spec {
        cfg.insert(0, "SPECIFICATION Spec".into());
    }
    let mut t = String::new();
    for l in cfg {
        t.push_str(&l);
        t.push('\n');
    }
    t
}

/// Parses, renames, explodes and translates the algorithm; returns the translation lines,
/// the PlusCal checksum and the notes.
fn translate_algorithm(
    untab: &[String],
    alg_line: usize,
    alg_col: usize,
    fair: bool,
    opts: &mut Options,
) -> Result<(Vec<String>, String, Vec<String>), PcalError> {
    let reader = Reader::new(untab, alg_line, alg_col);
    let mut notes = Vec::new();
    let (mut alg, omit_pc, omit_stuttering, has_default_init) = {
        let mut p = Parser::new(reader, opts);
        let a = p.get_algorithm(fair)?;
        if !p.added_labels.is_empty() {
            if p.opts.report_labels {
                notes.push(if p.added_labels.len() > 1 {
                    "The following labels were added:".to_string()
                } else {
                    "The following label was added:".to_string()
                });
                for (l, at) in p.added_labels.iter().zip(&p.added_labels_locs) {
                    notes.push(format!("  {l} at {at}"));
                }
            } else {
                notes.push("Labels added.".into());
            }
        }
        (a, p.omit_pc, p.omit_stuttering, p.has_default_init)
    };
    // Debugging aid: the tree as parsed, as `pcal.trans -writeAST` prints it.
    if let Some(path) = std::env::var_os("TLA_PCAL_WRITE_AST") {
        let _ = std::fs::write(path, Printer::new().algorithm(&alg));
    }
    let mut st = SymTab::new(&alg)?;
    st.disambiguate();
    fix(&mut alg, &mut st)?;
    let exploded = Exploder::new(&st, &alg, omit_pc).explode()?;
    let lines = {
        let mut g = Gen::new(&st, &alg, opts, omit_pc, omit_stuttering, has_default_init);
        g.generate(&exploded)?
    };
    if has_default_init {
        st.check_default_init()?;
        notes.push(DEFAULT_INIT.into());
    }
    let mut printer = Printer::new();
    printer.old_format = opts.version < 1500;
    let printed = printer.algorithm(&alg);
    if let Some(path) = std::env::var_os("TLA_PCAL_WRITE_FINAL_AST") {
        let _ = std::fs::write(path, &printed);
    }
    let pcal_sum = if fair {
        checksum("fair")
    } else {
        checksum(&printed)
    };
    Ok((lines, pcal_sum, notes))
}

/// How a file's translation relates to its checksums (SANY's warning, via pcal.trans's
/// Validator).
#[derive(Debug, PartialEq, Eq, Default)]
pub struct Stale {
    pub pcal_changed: bool,
    pub tla_changed: bool,
}

impl Stale {
    /// SANY's message code for the warning (tla2sany/semantic/ErrorCode.java: 4803 both,
    /// 4804 the algorithm, 4805 the translation), or None when up to date.
    pub fn code(&self) -> Option<i32> {
        match (self.pcal_changed, self.tla_changed) {
            (true, true) => Some(4803),
            (true, false) => Some(4804),
            (false, true) => Some(4805),
            (false, false) => None,
        }
    }

    /// SANY's warning for module `module`, as tla2tools.jar's SANY words it, or None when
    /// up to date.
    pub fn warning(&self, module: &str) -> Option<String> {
        match (self.pcal_changed, self.tla_changed) {
            (true, true) => Some(format!(
                "Both the PlusCal algorithm and its TLA+ translation in module {module} have changed since the last translation."
            )),
            (false, true) => Some(format!(
                "!! WARNING: The TLA+ translation in module {module} has changed since its last translation."
            )),
            (true, false) => {
                Some(format!("The PlusCal algorithm in module {module} has changed since its last translation."))
            }
            (false, false) => None,
        }
    }
}

/// Compares the checksums on a file's `\* BEGIN TRANSLATION` line with its algorithm and
/// translation; None when there is no algorithm, no translation or no checksums.
pub fn stale_translation(text: &str) -> Option<Stale> {
    if !has_algorithm(text) {
        return None;
    }
    let input = split_lines(text);
    let mut untab = remove_tabs(&input);
    let mut opts = Options::default();
    if let Ok(Some(args)) = find_options(&untab) {
        let _ = opts.apply(&args, true);
    }
    let tl = find_token_pair(&untab, 0, "BEGIN", "TRANSLATION")?;
    let end = find_token_pair(&untab, tl + 1, "END", "TRANSLATION")?;
    let m = match_checksum_line(&untab[tl])?;
    let mut alg = None;
    for (i, line) in untab.iter().enumerate() {
        if let Some(c) = line.find("--algorithm") {
            alg = Some((i, line[..c].chars().count() + 11, false));
            break;
        }
        if let Some(c) = line.find("--fair") {
            alg = Some((i, line[..c].chars().count() + 6, true));
            break;
        }
    }
    let (al, ac, fair) = alg?;
    // Read off the checksum line before uncommenting the algorithm rewrites the lines.
    let recorded = |span: Option<(usize, usize)>| {
        span.and_then(|(s, e)| untab[tl].get(s..e).map(str::to_string))
    };
    let (recorded_pcal, recorded_tla) = (recorded(m.pcal), recorded(m.tla));
    let mut res = Stale::default();
    if let Some(recorded) = recorded_pcal {
        let sum = match uncomment(&mut untab, al, ac)
            .and_then(|_| translate_algorithm(&untab, al, ac, fair, &mut opts))
        {
            Ok((_, sum, _)) => sum,
            Err(_) => checksum(""),
        };
        res.pcal_changed = recorded != sum;
    }
    if let Some(recorded) = recorded_tla {
        res.tla_changed = recorded != checksum(&input[tl + 1..end].concat());
    }
    Some(res)
}
