//! SANY's operator precedence table (`tla2sany/parser/Operators.java`, whose numbers are ten
//! times these).
//!
//! Each operator has a precedence range `lo..=hi`. In `a op1 b op2 c`, op2 binds tighter when
//! its low end is above op1's high end, looser when its high end is below op1's low end; when the
//! ranges overlap the expression is only legal if both are the same associative operator.
//! The same rule holds between a prefix operator and a following infix or postfix one
//! (`OperatorStack.reduceStack`): `~ a = b` is `~(a = b)` because 4 < 5, `SUBSET S \cup T` is
//! `(SUBSET S) \cup T` because 10 > 8, and `[] a = b` is a precedence conflict (4..15 and 5).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prec {
    pub lo: u8,
    pub hi: u8,
}

const fn p(lo: u8, hi: u8) -> Prec {
    Prec { lo, hi }
}

/// Prefix operators by the name their application gets (`-` applied is `-.`).
const PREFIX: &[(&str, Prec)] = &[
    ("~", p(4, 4)),
    ("[]", p(4, 15)),
    ("<>", p(4, 15)),
    ("ENABLED", p(4, 15)),
    ("UNCHANGED", p(4, 15)),
    ("SUBSET", p(10, 13)),
    ("UNION", p(10, 13)),
    ("DOMAIN", p(10, 13)),
    ("-.", p(12, 12)),
];

pub const POSTFIX: &[&str] = &["'", "^+", "^*", "^#"];

/// An infix operator's precedence and whether it is left-associative. A `match` rather than a
/// table search: the parser asks this after every operand.
pub fn infix(name: &str) -> Option<(Prec, bool)> {
    Some(match canonical(name) {
        "=>" => (p(1, 1), false),
        "<=>" => (p(2, 2), false),
        "~>" => (p(2, 2), false),
        "-+->" => (p(2, 2), false),
        "/\\" => (p(3, 3), true),
        "\\/" => (p(3, 3), true),
        "=" => (p(5, 5), false),
        "#" => (p(5, 5), false),
        "<" => (p(5, 5), false),
        ">" => (p(5, 5), false),
        "<=" => (p(5, 5), false),
        ">=" => (p(5, 5), false),
        "\\in" => (p(5, 5), false),
        "\\notin" => (p(5, 5), false),
        "\\subseteq" => (p(5, 5), false),
        "\\subset" => (p(5, 5), false),
        "\\supseteq" => (p(5, 5), false),
        "\\supset" => (p(5, 5), false),
        "\\prec" => (p(5, 5), false),
        "\\preceq" => (p(5, 5), false),
        "\\succ" => (p(5, 5), false),
        "\\succeq" => (p(5, 5), false),
        "\\sim" => (p(5, 5), false),
        "\\simeq" => (p(5, 5), false),
        "\\approx" => (p(5, 5), false),
        "\\asymp" => (p(5, 5), false),
        "\\cong" => (p(5, 5), false),
        "\\doteq" => (p(5, 5), false),
        "\\gg" => (p(5, 5), false),
        "\\ll" => (p(5, 5), false),
        "\\propto" => (p(5, 5), false),
        "\\sqsubset" => (p(5, 5), false),
        "\\sqsupset" => (p(5, 5), false),
        "\\sqsubseteq" => (p(5, 5), false),
        "\\sqsupseteq" => (p(5, 5), false),
        "|-" => (p(5, 5), false),
        "-|" => (p(5, 5), false),
        "|=" => (p(5, 5), false),
        "=|" => (p(5, 5), false),
        ":=" => (p(5, 5), false),
        "::=" => (p(5, 5), false),
        "\\cdot" => (p(5, 14), true),
        "@@" => (p(6, 6), true),
        ":>" => (p(7, 7), false),
        "<:" => (p(7, 7), false),
        "\\" => (p(8, 8), false),
        "\\cap" => (p(8, 8), true),
        "\\cup" => (p(8, 8), true),
        ".." => (p(9, 9), false),
        "..." => (p(9, 9), false),
        "!!" => (p(9, 13), false),
        "$" => (p(9, 13), true),
        "$$" => (p(9, 13), true),
        "##" => (p(9, 13), true),
        "??" => (p(9, 13), true),
        "\\sqcap" => (p(9, 13), true),
        "\\sqcup" => (p(9, 13), true),
        "\\uplus" => (p(9, 13), true),
        "\\wr" => (p(9, 14), false),
        "+" => (p(10, 10), true),
        "++" => (p(10, 10), true),
        "(+)" => (p(10, 10), true),
        "%" => (p(10, 11), false),
        "%%" => (p(10, 11), true),
        "|" => (p(10, 11), true),
        "||" => (p(10, 11), true),
        "\\X" => (p(10, 13), true),
        "-" => (p(11, 11), true),
        "--" => (p(11, 11), true),
        "(-)" => (p(11, 11), true),
        "&" => (p(13, 13), true),
        "&&" => (p(13, 13), true),
        "(.)" => (p(13, 13), true),
        "(/)" => (p(13, 13), false),
        "(\\X)" => (p(13, 13), true),
        "*" => (p(13, 13), true),
        "**" => (p(13, 13), true),
        "/" => (p(13, 13), false),
        "//" => (p(13, 13), false),
        "\\bigcirc" => (p(13, 13), true),
        "\\bullet" => (p(13, 13), true),
        "\\div" => (p(13, 13), false),
        "\\o" => (p(13, 13), true),
        "\\star" => (p(13, 13), true),
        "^" => (p(14, 14), false),
        "^^" => (p(14, 14), false),
        _ => return None,
    })
}

/// The name an operator symbol token stands for. The lexer keeps `\land` and `\lor` apart from
/// `/\` and `\/` because SANY never takes them as junction bullets; as operators they are the same.
pub fn canonical(sym: &str) -> &str {
    match sym {
        "\\land" => "/\\",
        "\\lor" => "\\/",
        s => s,
    }
}

pub fn prefix(name: &str) -> Option<Prec> {
    PREFIX.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
}

pub fn is_postfix(name: &str) -> bool {
    POSTFIX.contains(&name)
}
