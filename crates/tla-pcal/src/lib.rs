//! PlusCal translation, as TLC's translator `pcal.trans` (Version 1.12) does it: the
//! algorithm in a comment of a TLA+ module is parsed (P-syntax or C-syntax), its labels
//! completed, names made unique, its steps exploded, and the TLA+ translation written
//! between the `\* BEGIN TRANSLATION` and `\* END TRANSLATION` lines, with pcal.trans's
//! checksums; the rest of the file is kept as it was.
//!
//! The stages follow pcal.trans's classes one to one so its output is reproduced byte for
//! byte: `tokenize` (Tokenize, PcalCharReader), `parse` (ParseAlgorithm), `labels`
//! (ParseAlgorithm's label and macro passes), `rename` (PcalSymTab, PcalFixIDs), `explode`
//! (PcalTranslate), `gen` (PcalTLAGen), and this file (trans, Validator).

mod ast;
mod error;
mod explode;
mod expr;
mod gen;
mod labels;
mod options;
mod parse;
mod rename;
mod splice;
mod tokenize;

pub use error::PcalError;
pub use options::Options;
pub use splice::{has_algorithm, stale_translation, translate, Stale, Translation};

use expr::{Expr, Tok, TokType};

/// `defaultInitValue`, the value of a variable declared without one (an untyped token).
pub(crate) fn default_init() -> Expr {
    Expr::from_lines(vec![vec![Tok::new(
        "defaultInitValue",
        0,
        TokType::Untyped,
    )]])
}

/// CRC-32 (IEEE), as java.util.zip.CRC32, printed as Long.toHexString prints it.
pub fn checksum(text: &str) -> String {
    let mut table = [0u32; 256];
    for (i, slot) in table.iter_mut().enumerate() {
        let mut c = i as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
        *slot = c;
    }
    let mut crc = 0xFFFF_FFFFu32;
    for &b in text.as_bytes() {
        crc = table[((crc ^ b as u32) & 0xFF) as usize] ^ (crc >> 8);
    }
    format!("{:x}", crc ^ 0xFFFF_FFFF)
}
