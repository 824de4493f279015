//! Interned strings and model values, ordered the way TLC orders them.
//!
//! # TLC facts (from `util/UniqueString.java`, `tlc2/value/impl/StringValue.java`,
//! `tlc2/value/impl/ModelValue.java`, `tlc2/value/impl/RecordValue.java`)
//!
//! * A TLC string value wraps a `UniqueString`: every distinct string is
//!   interned once per run and gets a token, the position at which it entered
//!   the intern table. `UniqueString.compareTo` returns the *difference of the
//!   tokens*, not a lexicographic comparison. So TLC orders strings by the
//!   order in which they were first interned: SANY interns every identifier and
//!   string literal while it reads the modules, TLC interns more names at start
//!   up, and strings built during evaluation (`\o`, `ToString`) are interned
//!   when first built. `{"b", "a"}` therefore prints as `{"b", "a"}` when `"b"`
//!   was seen first, and `CHOOSE x \in {"a", "b"} : TRUE` picks whichever was
//!   interned first. The same token order sorts record fields (a record prints
//!   its fields in that order) and model values (whose names are unique strings
//!   too).
//! * Equality of strings is token equality, i.e. text equality.
//! * TLC's fingerprint of a string uses its text (length, then characters),
//!   not its token, so fingerprints do not depend on the interning order; ours
//!   does the same (see `fingerprint.rs`).
//! * A model value whose name is `x_rest` (at least three characters, the
//!   second one `_`) is *typed* with type `x`; every other model value is
//!   untyped. Model values get an index in creation order (`ModelValue.make`),
//!   used by TLC for serialization and symmetry; it does not affect ordering.
//!
//! To reproduce TLC's orders, whoever reads the spec must intern names and
//! literals in the order SANY meets them; `intern` hands out tokens in call
//! order. The table lives for the whole process, as TLC's does.

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{OnceLock, RwLock};

struct StrEntry {
    token: u32,
    text: &'static str,
    /// The text's hash, for fingerprints (which follow the text, not the token).
    text_hash: u64,
}

/// An interned string: cheap to copy, compared by token (TLC's order).
#[derive(Clone, Copy)]
pub struct IStr(&'static StrEntry);

#[derive(Default)]
struct StrTable {
    map: HashMap<&'static str, &'static StrEntry>,
    next: u32,
}

fn str_table() -> &'static RwLock<StrTable> {
    static TABLE: OnceLock<RwLock<StrTable>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// Slots of the per-thread cache of recent look-ups (a power of two).
const RECENT_SLOTS: usize = 512;

thread_local! {
    /// Recent look-ups, by the address of the text looked up: the spec's string literals and
    /// field names are looked up again on every evaluation, always from the same address. A hit
    /// is confirmed by comparing the text, so a reused address can never give a wrong answer.
    static RECENT: [std::cell::Cell<Option<(usize, IStr)>>; RECENT_SLOTS] =
        const { [const { std::cell::Cell::new(None) }; RECENT_SLOTS] };
}

impl IStr {
    /// Interns `s`, giving it the next token if it is new.
    #[inline]
    pub fn new(s: &str) -> IStr {
        let addr = s.as_ptr() as usize;
        let slot = (addr ^ (addr >> 9) ^ s.len()) & (RECENT_SLOTS - 1);
        let hit = RECENT.with(|r| match r[slot].get() {
            Some((a, i)) if a == addr && i.as_str() == s => Some(i),
            _ => None,
        });
        if let Some(i) = hit {
            return i;
        }
        let i = Self::lookup(s);
        RECENT.with(|r| r[slot].set(Some((addr, i))));
        i
    }

    /// `s` if it has been interned already (interns nothing).
    pub fn existing(s: &str) -> Option<IStr> {
        str_table()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .map
            .get(s)
            .map(|e| IStr(e))
    }

    fn lookup(s: &str) -> IStr {
        if let Some(e) = str_table()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .map
            .get(s)
        {
            return IStr(e);
        }
        let mut t = str_table().write().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = t.map.get(s) {
            return IStr(e);
        }
        let text: &'static str = Box::leak(s.to_owned().into_boxed_str());
        let entry: &'static StrEntry = Box::leak(Box::new(StrEntry {
            token: t.next,
            text,
            text_hash: xxhash_rust::xxh3::xxh3_64(text.as_bytes()),
        }));
        t.next += 1;
        t.map.insert(text, entry);
        IStr(entry)
    }

    /// Every string interned so far, in token order: a checkpoint saves them so that a
    /// recovered run interns them again in the same order (TLC checkpoints its intern table).
    pub fn all_in_order() -> Vec<IStr> {
        let t = str_table().read().unwrap_or_else(|p| p.into_inner());
        let mut all: Vec<IStr> = t.map.values().map(|e| IStr(e)).collect();
        all.sort();
        all
    }

    /// The string's text.
    pub fn as_str(&self) -> &'static str {
        self.0.text
    }

    /// A hash of the text (the same in every run).
    pub(crate) fn text_hash(&self) -> u64 {
        self.0.text_hash
    }

    /// The interning position; smaller tokens sort first.
    pub fn token(&self) -> u32 {
        self.0.token
    }
}

impl PartialEq for IStr {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for IStr {}

impl PartialOrd for IStr {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for IStr {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.token.cmp(&other.0.token)
    }
}
impl Hash for IStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.0.token);
    }
}
impl fmt::Debug for IStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
impl fmt::Display for IStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

struct MvEntry {
    name: IStr,
    index: u32,
    ty: Option<char>,
}

/// A model value (a constant the .cfg declares as itself): cheap to copy.
#[derive(Clone, Copy)]
pub struct ModelValue(&'static MvEntry);

#[derive(Default)]
struct MvTable {
    map: HashMap<&'static str, &'static MvEntry>,
}

fn mv_table() -> &'static RwLock<MvTable> {
    static TABLE: OnceLock<RwLock<MvTable>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

impl ModelValue {
    /// The model value named `name`, created (and its name interned) on first use.
    pub fn new(name: &str) -> ModelValue {
        if let Some(e) = mv_table()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .map
            .get(name)
        {
            return ModelValue(e);
        }
        let mut t = mv_table().write().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = t.map.get(name) {
            return ModelValue(e);
        }
        let istr = IStr::new(name);
        let mut chars = name.chars();
        let first = chars.next();
        let second = chars.next();
        let ty = match (first, second) {
            (Some(c), Some('_')) if name.chars().count() > 2 => Some(c),
            _ => None,
        };
        let entry: &'static MvEntry = Box::leak(Box::new(MvEntry {
            name: istr,
            index: t.map.len() as u32,
            ty,
        }));
        t.map.insert(istr.as_str(), entry);
        ModelValue(entry)
    }

    pub fn name(&self) -> IStr {
        self.0.name
    }

    /// Creation index (TLC's `ModelValue.index`).
    pub fn index(&self) -> u32 {
        self.0.index
    }

    /// TLC's type letter: `Some('x')` for `x_foo`, `None` if untyped.
    pub fn type_letter(&self) -> Option<char> {
        self.0.ty
    }
}

impl PartialEq for ModelValue {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for ModelValue {}
impl Hash for ModelValue {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.name.hash(state)
    }
}
impl fmt::Debug for ModelValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name.as_str())
    }
}
