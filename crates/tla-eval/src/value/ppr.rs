//! TLC's pretty printer: how a printed value is broken over lines.
//!
//! # TLC facts (from `tlc2/value/Values.java` and `tlc2/pprint/PrettyPrint.java`,
//! `Parse.java`, `Format.java`, `Node.java`)
//!
//! TLC prints the value of each variable in a trace, and every value quoted in
//! an error message, through `Values.ppr`, which is `PrettyPrint.mypp(text,
//! 80)`. It does not walk the value: it *re-parses the one-line text* of the
//! value and re-formats it.
//!
//! * Parsing recognises `{...}` sets, `<<...>>` sequences, `[name |-> v, ...]`
//!   records, `(d :> v @@ ...)` functions, `SUBSET x`, and constants: a
//!   quoted string read up to the next `"` (escapes are not understood), an
//!   interval `digits..digits`, `-digits`, or a run of letters and digits.
//!   Anything it cannot read (an `_` in a name, a negative interval, an
//!   escaped quote, `[S -> T]`...) makes `mypp` return the text unchanged, as
//!   does text left over after the first value.
//! * Formatting: a node whose text fits in the width (less what must stay free
//!   after it) is printed as is. Otherwise sets become `{ a,` newline `  b }`,
//!   sequences `<< a,` newline `   b >>`, records `[ f |-> v,` ... ` ]` and
//!   functions `( d :> v @@` ... ` )`; a pair whose argument and value do not
//!   fit on one line puts the value on the next line, indented four more
//!   columns. Widths count UTF-16 code units, as Java does.
//!
//! This module is a port of that algorithm, so traces break where TLC's do.

use super::Value;

/// TLC's default width (`tlc2.value.Values.width`).
pub const PPR_WIDTH: i64 = 80;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Constant,
    Set,
    Sequence,
    Record,
    Function,
    Subset,
    Pair,
}

struct Node {
    ty: Ty,
    first: usize,
    last: usize,
    children: Vec<Node>,
}

impl Node {
    fn len(&self) -> i64 {
        self.last as i64 - self.first as i64 + 1
    }
}

/// A failed parse or format; `mypp` then returns the text unchanged.
struct Bail;

type P<T> = Result<T, Bail>;

struct Parser<'a> {
    s: &'a [u16],
}

fn unit_char(u: u16) -> Option<char> {
    char::from_u32(u as u32)
}

fn is_digit(u: u16) -> bool {
    unit_char(u).is_some_and(|c| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric()))
}

fn is_letter_or_digit(u: u16) -> bool {
    unit_char(u).is_some_and(char::is_alphanumeric)
}

/// Java's `Character.isWhitespace`.
fn is_ws(u: u16) -> bool {
    match unit_char(u) {
        Some('\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\u{1c}'..='\u{1f}') => true,
        Some('\u{a0}' | '\u{2007}' | '\u{202f}' | '\u{85}') => false,
        Some(c) => c.is_whitespace(),
        None => false,
    }
}

impl Parser<'_> {
    fn at(&self, i: usize) -> P<u16> {
        self.s.get(i).copied().ok_or(Bail)
    }

    fn region(&self, i: usize, lit: &str) -> bool {
        let lit: Vec<u16> = lit.encode_utf16().collect();
        self.s.get(i..i + lit.len()) == Some(&lit[..])
    }

    fn skip_ws(&self, mut i: usize) -> P<usize> {
        while is_ws(self.at(i)?) {
            i += 1;
        }
        Ok(i)
    }

    fn parse(&self, index: usize) -> P<Node> {
        let index = self.skip_ws(index)?;
        match self.at(index)? {
            0x7b => self.list(index, Ty::Set, 1, b'}'),
            0x3c => self.list(index, Ty::Sequence, 2, b'>'),
            0x5b => self.pairs(index, Ty::Record, b']', "|->", None),
            0x28 => self.pairs(index, Ty::Function, b')', ":>", Some("@@")),
            _ if self.region(index, "SUBSET") => {
                let i = self.skip_ws(index + 6)?;
                let elt = self.parse(i)?;
                Ok(Node {
                    ty: Ty::Subset,
                    first: index,
                    last: elt.last,
                    children: vec![elt],
                })
            }
            _ => self.constant(index),
        }
    }

    /// Sets and sequences: comma-separated values up to `close`.
    fn list(&self, index: usize, ty: Ty, open_len: usize, close: u8) -> P<Node> {
        let mut last = self.skip_ws(index + open_len)?;
        let mut children = Vec::new();
        while self.at(last)? != close as u16 {
            let elt = self.parse(last)?;
            last = self.skip_ws(elt.last + 1)?;
            children.push(elt);
            if self.at(last)? == b',' as u16 {
                last += 1;
            }
            last = self.skip_ws(last)?;
        }
        if ty == Ty::Sequence {
            last += 1; // the second '>' of '>>'
        }
        Ok(Node {
            ty,
            first: index,
            last,
            children,
        })
    }

    /// Records and functions: pairs `a div v` separated by `sep` (or a comma).
    fn pairs(&self, index: usize, ty: Ty, close: u8, div: &str, sep: Option<&str>) -> P<Node> {
        let mut last = self.skip_ws(index + 1)?;
        let mut children = Vec::new();
        while self.at(last)? != close as u16 {
            let arg = self.parse(last)?;
            let mut i = self.skip_ws(arg.last + 1)?;
            if !self.region(i, div) {
                return Err(Bail);
            }
            i = self.skip_ws(i + div.len())?;
            let val = self.parse(i)?;
            let pair = Node {
                ty: Ty::Pair,
                first: last,
                last: val.last,
                children: vec![arg, val],
            };
            last = self.skip_ws(pair.last + 1)?;
            children.push(pair);
            match sep {
                Some(sep) if self.region(last, sep) => last += sep.len(),
                None if self.at(last)? == b',' as u16 => last += 1,
                _ => {}
            }
            last = self.skip_ws(last)?;
        }
        Ok(Node {
            ty,
            first: index,
            last,
            children,
        })
    }

    fn constant(&self, index: usize) -> P<Node> {
        let first = self.skip_ws(index)?;
        let mut last = first;
        let leaf = |last| {
            Ok(Node {
                ty: Ty::Constant,
                first,
                last,
                children: Vec::new(),
            })
        };
        let c = self.at(last)?;
        if c == b'"' as u16 {
            loop {
                last += 1;
                if self.at(last)? == b'"' as u16 {
                    return leaf(last);
                }
            }
        }
        if is_digit(c) {
            if let Some(end) = self.interval(index) {
                return leaf(end);
            }
        }
        let n = self.s.len();
        if c == b'-' as u16 {
            last += 1;
            while is_digit(self.at(last)?) {
                last += 1;
                if last == n {
                    break;
                }
            }
            return leaf(last - 1);
        }
        if is_letter_or_digit(c) {
            while is_letter_or_digit(self.at(last)?) {
                last += 1;
                if last == n {
                    break;
                }
            }
            return leaf(last - 1);
        }
        Err(Bail)
    }

    /// `digits..digits` starting at `index`; the index of its last unit.
    fn interval(&self, index: usize) -> Option<usize> {
        let n = self.s.len();
        let mut last = index;
        while last < n && is_digit(self.s[last]) {
            last += 1;
        }
        if !self.region(last, "..") {
            return None;
        }
        last += 2;
        if !is_digit(*self.s.get(last)?) {
            return None;
        }
        while is_digit(*self.s.get(last)?) {
            last += 1;
            if last == n {
                break;
            }
        }
        Some(last - 1)
    }
}

struct Formatter<'a> {
    s: &'a [u16],
}

fn units(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

impl Formatter<'_> {
    fn text(&self, n: &Node) -> P<&[u16]> {
        self.s.get(n.first..=n.last).ok_or(Bail)
    }

    fn format(&self, n: &Node, cw: i64, tw: i64, pad: &[u16]) -> P<Vec<u16>> {
        if n.len() <= cw - tw {
            return Ok(self.text(n)?.to_vec());
        }
        match n.ty {
            Ty::Constant => Ok(self.text(n)?.to_vec()),
            Ty::Set => self.simple(n, cw, tw, pad, "{ ", " }", "  ", ","),
            Ty::Sequence => self.simple(n, cw, tw, pad, "<< ", " >>", "   ", ","),
            Ty::Function => self.pairs(n, cw, tw, pad, ["( ", " )", "  ", " @@", " :>", "    "]),
            Ty::Record => self.pairs(n, cw, tw, pad, ["[ ", " ]", "  ", ",", " |->", "    "]),
            Ty::Subset => self.simple(n, cw, tw, pad, "SUBSET ", " ", " ", ","),
            Ty::Pair => Err(Bail),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn simple(
        &self,
        n: &Node,
        cw: i64,
        tw: i64,
        leftpad: &[u16],
        open: &str,
        close: &str,
        pad: &str,
        sep: &str,
    ) -> P<Vec<u16>> {
        let (open, close, pad, sep) = (units(open), units(close), units(pad), units(sep));
        let cw = cw - open.len().max(pad.len()) as i64;
        let tw = tw + close.len() as i64;
        let leftpad = [leftpad, &pad[..]].concat();
        let mut out = open;
        for (i, child) in n.children.iter().enumerate() {
            if i + 1 < n.children.len() {
                out.extend(self.format(child, cw, sep.len() as i64, &leftpad)?);
                out.extend(&sep);
                out.push(b'\n' as u16);
                out.extend(&leftpad);
            } else {
                out.extend(self.format(child, cw, tw, &leftpad)?);
            }
        }
        out.extend(close);
        Ok(out)
    }

    fn pairs(&self, n: &Node, cw: i64, tw: i64, leftpad: &[u16], d: [&str; 6]) -> P<Vec<u16>> {
        let [open, close, pad, sep, div, divpad] = d.map(units);
        let cw = cw - open.len().max(pad.len()) as i64;
        let tw = tw + close.len() as i64;
        let leftpad = [leftpad, &pad[..]].concat();
        let deeper = [&leftpad[..], &divpad[..]].concat();
        let (sl, dl, dpl) = (sep.len() as i64, div.len() as i64, divpad.len() as i64);
        let mut out = open;
        for (i, pair) in n.children.iter().enumerate() {
            let (arg, val) = match &pair.children[..] {
                [a, v] => (a, v),
                _ => return Err(Bail),
            };
            let last = i + 1 == n.children.len();
            let (room, val_tw) = if last { (cw - tw, tw) } else { (cw - sl, sl) };
            if arg.len() + dl + 1 + val.len() <= room {
                out.extend(self.text(arg)?);
                out.extend(&div);
                out.push(b' ' as u16);
                out.extend(self.text(val)?);
            } else {
                if arg.len() + dl <= cw {
                    out.extend(self.text(arg)?);
                } else {
                    out.extend(self.format(arg, cw, tw + dl, &leftpad)?);
                }
                out.extend(&div);
                out.push(b'\n' as u16);
                out.extend(&deeper);
                out.extend(self.format(val, cw - dpl, val_tw, &deeper)?);
            }
            if !last {
                out.extend(&sep);
                out.push(b'\n' as u16);
                out.extend(&leftpad);
            }
        }
        out.extend(close);
        Ok(out)
    }
}

/// `Values.ppr` with a given width: `text` broken over lines as TLC would.
pub fn ppr_width(text: &str, width: i64) -> String {
    let s: Vec<u16> = text.encode_utf16().collect();
    let parser = Parser { s: &s };
    let tree = match parser.parse(0) {
        Ok(t) => t,
        Err(Bail) => return text.to_owned(),
    };
    if tree.last + 1 < s.len() {
        return text.to_owned();
    }
    match (Formatter { s: &s }).format(&tree, width, 0, &[]) {
        Ok(out) => String::from_utf16_lossy(&out),
        Err(Bail) => text.to_owned(),
    }
}

/// `Values.ppr(text)` (width 80).
pub fn ppr(text: &str) -> String {
    ppr_width(text, PPR_WIDTH)
}

/// `Values.ppr(v.toString())`: how TLC shows a value in traces and messages.
pub fn ppr_value(v: &Value) -> String {
    ppr(&v.to_string())
}
