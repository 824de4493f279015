//! TLC's trace-exploration spec (`tlc2.TraceExplorationSpec`, TLC 2026.11): after a
//! counterexample TLC writes `Spec_TTrace_<epoch>.tla`, a module extending the spec whose
//! INIT/NEXT replay the trace (read from its inner module `Spec_TETrace`) and whose
//! INVARIANT or PROPERTY fails at its end, with its CONFIG section; `tlacheck tlc` writes the
//! same text. The layout, orders and spacing are TLC's, read off its files: the EXTENDS lists
//! and each state's record fields come from Java hash sets (`java_hash.rs`), the variables of
//! `_init`/`_next`/`expression` in printing order, the values as TLC's one-line `toString`.
//! TLC's gzip'd Java-serialized `.bin` copy of the trace is not written: the module does not
//! read it (its reading module is a comment).

use super::java_hash::set_order;
use std::fmt::Write;

/// How the counterexample ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum End {
    /// A finite trace: the spec's invariant is `~(last state)` at the trace's length.
    Plain,
    /// A lasso stuttering in its last state: `~<>[](last state)`.
    Stuttering,
    /// A lasso whose last state steps back to this state (1-based).
    BackTo(usize),
}

/// What the module is written from.
pub struct Input {
    /// The root module's name.
    pub module: String,
    /// The variables in the order TLC prints them.
    pub vars: Vec<String>,
    /// Each state's values (in `vars`' order) as TLC's `toString` writes them.
    pub states: Vec<Vec<String>>,
    pub end: End,
    /// The .cfg's CONSTANT(S) entries in file order, as TLC copies them (`N = 5`, `K <- D`).
    pub constants: Vec<String>,
    /// The model values the .cfg names, in the order it first names them.
    pub model_values: Vec<String>,
    /// Those of them that are no definition or constant of the spec: declared in the
    /// `_TEConstants` module.
    pub undeclared: Vec<String>,
    /// The run's start, seconds since 1970: the module's name ends with it.
    pub epoch: u64,
    /// The module's name when the command line gave one (a -teSpecOutDir `F.tla`).
    pub name: Option<String>,
    /// When the file is written, as Java's `Date.toString` (`Wed Dec 02 04:07:44 UTC 2026`).
    pub generated_on: String,
}

impl Input {
    pub fn module_name(&self) -> String {
        (self.name.clone()).unwrap_or_else(|| format!("{}_TTrace_{}", self.module, self.epoch))
    }

    fn lasso(&self) -> bool {
        matches!(self.end, End::BackTo(_))
    }

    /// `Spec_TEConstants`, when the spec needs one.
    fn constants_module(&self) -> Option<String> {
        (self.lasso() || !self.undeclared.is_empty())
            .then(|| format!("{}_TEConstants", self.module))
    }

    /// TLC's EXTENDS list: `names`, the spec and the constants module, as a Java set.
    fn extends(&self, names: &[&str]) -> String {
        let te = self.constants_module();
        let mut all: Vec<&str> = names.to_vec();
        all.push(&self.module);
        if let Some(t) = &te {
            all.push(t);
        }
        set_order(&all).join(", ")
    }

    /// A state's conjuncts `x = (v)`, in the order of its record's fields, joined at `indent`.
    fn conjuncts(&self, state: usize, indent: &str) -> String {
        let fields = self.field_order();
        let lines: Vec<String> = (fields.iter())
            .map(|&i| format!("{indent}{} = ({})", self.vars[i], self.states[state][i]))
            .collect();
        lines.join(&format!("\n{indent}/\\\n"))
    }

    /// The variables' indices in a state record's (a Java HashMap's) order.
    fn field_order(&self) -> Vec<usize> {
        let names: Vec<&str> = self.vars.iter().map(String::as_str).collect();
        super::java_hash::iteration_order(&names)
    }
}

/// The whole file.
pub fn text(input: &Input) -> String {
    let name = input.module_name();
    let m = &input.module;
    let ext = input.extends(&["Toolbox", "TLCExt", "Naturals", "Sequences", "TLC"]);
    let mut out = String::new();
    let _ = write!(
        out,
        "---- MODULE {name} ----\nEXTENDS {ext}\n\n\
         _expression ==\n    LET {m}_TEExpression == INSTANCE {m}_TEExpression\n    IN {m}_TEExpression!expression\n----\n\n\
         _trace ==\n    LET {m}_TETrace == INSTANCE {m}_TETrace\n    IN {m}_TETrace!trace\n----\n\n"
    );
    out.push_str(&property(input));
    out.push_str("----\n\n_init ==\n");
    for v in &input.vars {
        let _ = writeln!(out, "    /\\ {v} = _TETrace[1].{v}");
    }
    out.push_str(
        "----\n\n_next ==\n    /\\ \\E i,j \\in DOMAIN _TETrace:\n        /\\ \\/ /\\ j = i + 1\n              /\\ i = TLCGet(\"level\")\n",
    );
    if input.lasso() {
        out.push_str(
            "           \\/ /\\ i = _TTraceLassoEnd\n              /\\ j = _TTraceLassoStart\n",
        );
    }
    for v in &input.vars {
        let _ = write!(
            out,
            "        /\\ {v}  = _TETrace[i].{v}\n        /\\ {v}' = _TETrace[j].{v}\n"
        );
    }
    let _ = write!(
        out,
        "\n\\* Uncomment the ASSUME below to write the states of the error trace\n\
         \\* to the given file in Json format. Note that you can pass any tuple\n\
         \\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.\n\
         \x20   \\* ASSUME\n\
         \x20   \\*     LET J == INSTANCE Json\n\
         \x20   \\*         IN J!JsonSerialize(\"{name}.json\", _TETrace)\n\n"
    );
    if input.lasso() {
        let _ = write!(
            out,
            "\n_view ==\n    <<{}, IF TLCGet(\"level\") = _TTraceLassoEnd + 1 THEN _TTraceLassoStart ELSE TLCGet(\"level\")>>\n",
            input.vars.join(", ")
        );
    }
    out.push_str(FOOTER);
    out.push_str(&expression_module(input, &ext));
    let io = input.extends(&["IOUtils", "TLC"]);
    let _ = write!(
        out,
        "\n\n\nParsing and semantic processing can take forever if the trace below is long.\n\
         \x20In this case, it is advised to uncomment the module below to deserialize the\n\
         \x20trace from a generated binary file.\n\n\
         \\*\n\\*---- MODULE {m}_TETrace ----\n\\*EXTENDS {io}\n\\*\n\
         \\*trace == IODeserialize(\"{name}.bin\", TRUE)\n\\*\n\\*{}\\*\n\n",
        FOOTER
    );
    let _ = write!(
        out,
        "---- MODULE {m}_TETrace ----\nEXTENDS {}\n\ntrace == \n    <<\n",
        input.extends(&["TLC"])
    );
    let fields = input.field_order();
    let records: Vec<String> = (input.states.iter())
        .map(|s| {
            let f: Vec<String> = (fields.iter())
                .map(|&i| format!("{} |-> {}", input.vars[i], s[i]))
                .collect();
            format!("    ([{}])", f.join(","))
        })
        .collect();
    let _ = write!(out, "{}\n    >>\n----\n\n\n{FOOTER}", records.join(",\n"));
    if let Some(te) = input.constants_module() {
        let mut names = input.undeclared.clone();
        if input.lasso() {
            names.extend(["_TTraceLassoStart".into(), "_TTraceLassoEnd".into()]);
        }
        let _ = write!(
            out,
            "\n---- MODULE {te} ----\nEXTENDS {m}\n\nCONSTANTS {}\n\n{FOOTER}",
            names.join(", ")
        );
    }
    out.push_str(&config(input, &name));
    out
}

const FOOTER: &str =
    "=============================================================================\n";

/// `_inv` (a finite trace) or `_prop` (a lasso).
fn property(input: &Input) -> String {
    let last = input.states.len() - 1;
    match input.end {
        End::Plain => format!(
            "_inv ==\n    ~(\n        TLCGet(\"level\") = Len(_TETrace)\n        /\\\n{}\n    )\n",
            input.conjuncts(last, "        ")
        ),
        End::Stuttering => format!(
            "_prop ==\n    ~<>[](\n{}\n    )\n",
            input.conjuncts(last, "        ")
        ),
        End::BackTo(k) => format!(
            "_prop ==\n    ~(([]<>(\n{}\n    ))/\\([]<>(\n{}\n    )))\n",
            input.conjuncts(last, "            "),
            input.conjuncts(k - 1, "            ")
        ),
    }
}

/// The inner module `Spec_TEExpression`: the ALIAS record of the variables, with TLC's
/// comments naming the first variable.
fn expression_module(input: &Input, ext: &str) -> String {
    let m = &input.module;
    let first = input.vars.first().map_or("", String::as_str);
    let mut fields = String::new();
    for (i, v) in input.vars.iter().enumerate() {
        let comma = if i == 0 { "" } else { "," };
        let _ = writeln!(fields, "        {comma}{v} |-> {v}");
    }
    format!(
        "\n Note that you can extract this module `{m}_TEExpression`\n\
         \x20 to a dedicated file to reuse `expression` (the module in the \n\
         \x20 dedicated `{m}_TEExpression.tla` file takes precedence \n\
         \x20 over the module `{m}_TEExpression` below).\n\n\
         ---- MODULE {m}_TEExpression ----\nEXTENDS {ext}\n\n\
         expression == \n    [\n\
         \x20       \\* To hide variables of the `{m}` spec from the error trace,\n\
         \x20       \\* remove the variables below.  The trace will be written in the order\n\
         \x20       \\* of the fields of this record.\n\
         {fields}\
         \x20       \n\
         \x20       \\* Put additional constant-, state-, and action-level expressions here:\n\
         \x20       \\* ,_stateNumber |-> _TEPosition\n\
         \x20       \\* ,_{first}Unchanged |-> {first} = {first}'\n\
         \x20       \n\
         \x20       \\* Format the `{first}` variable as Json value.\n\
         \x20       \\* ,_{first}Json |->\n\
         \x20       \\*     LET J == INSTANCE Json\n\
         \x20       \\*     IN J!ToJson({first})\n\
         \x20       \n\
         \x20       \\* Lastly, you may build expressions over arbitrary sets of states by\n\
         \x20       \\* leveraging the _TETrace operator.  For example, this is how to\n\
         \x20       \\* count the number of times a spec variable changed up to the current\n\
         \x20       \\* state in the trace.\n\
         \x20       \\* ,_{first}ModCount |->\n\
         \x20       \\*     LET F[s \\in DOMAIN _TETrace] ==\n\
         \x20       \\*         IF s = 1 THEN 0\n\
         \x20       \\*         ELSE IF _TETrace[s].{first} # _TETrace[s-1].{first}\n\
         \x20       \\*             THEN 1 + F[s-1] ELSE F[s-1]\n\
         \x20       \\*     IN F[_TEPosition - 1]\n\
         \x20   ]\n\n{FOOTER}"
    )
}

/// The CONFIG section: the .cfg's constants, every model value as itself, a lasso's ends.
fn config(input: &Input, name: &str) -> String {
    let mut constants: Vec<String> = input.constants.iter().map(|c| format!("    {c}")).collect();
    constants.extend(input.model_values.iter().map(|v| format!("    {v} = {v}")));
    let last = input.states.len();
    if let End::BackTo(k) = input.end {
        constants.push(format!("_TTraceLassoStart = {k}"));
        constants.push(format!("_TTraceLassoEnd = {last}"));
    }
    let mut out = format!("\n---- CONFIG {name} ----\n");
    if !constants.is_empty() {
        let _ = writeln!(out, "CONSTANTS\n{}", constants.join("\n"));
    }
    let (kind, check) = match input.end {
        End::Plain => ("INVARIANT", "_inv"),
        _ => ("PROPERTY", "_prop"),
    };
    let _ = write!(
        out,
        "\n{kind}\n    {check}\n\nCHECK_DEADLOCK\n    \\* CHECK_DEADLOCK off because of PROPERTY or INVARIANT above.\n    FALSE\n\n\
         INIT\n    _init\n\nNEXT\n    _next\n\n"
    );
    if input.lasso() {
        out.push_str("VIEW\n    _view\n\n");
    }
    let _ = write!(
        out,
        "CONSTANT\n    _TETrace <- _trace\n\nALIAS\n    _expression\n{FOOTER}\\* Generated on {}",
        input.generated_on
    );
    out
}

/// Java's `Date.toString` of a time, in UTC: `Wed Dec 02 04:07:44 UTC 2026`.
pub fn java_date(at: std::time::SystemTime) -> String {
    let secs = at
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // `YYYY-MM-DD HH:MM:SS`
    let stamp = tla_check::tlc_text::timestamp(at);
    let (date, time) = stamp.split_once(' ').unwrap_or((&stamp, ""));
    let mut parts = date.split('-');
    let (y, mo, d) = (parts.next(), parts.next(), parts.next());
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let day = DAYS[((secs / 86_400) % 7) as usize];
    let month = mo
        .and_then(|m| m.parse::<usize>().ok())
        .and_then(|m| MONTHS.get(m.wrapping_sub(1)))
        .copied()
        .unwrap_or("Jan");
    format!(
        "{day} {month} {} {time} UTC {}",
        d.unwrap_or("01"),
        y.unwrap_or("1970")
    )
}

#[cfg(test)]
#[path = "spec_te_tests.rs"]
mod tests;

#[cfg(test)]
mod date_tests {
    use super::*;

    #[test]
    fn dates_read_as_java_s() {
        // 1796184464 s: TLC's `\* Generated on Wed Dec 02 04:07:44 UTC 2026`.
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_184_464);
        assert_eq!(java_date(t), "Wed Dec 02 04:07:44 UTC 2026");
        assert_eq!(
            java_date(std::time::UNIX_EPOCH),
            "Thu Jan 01 00:00:00 UTC 1970"
        );
    }
}
