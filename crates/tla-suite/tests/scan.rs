//! The coverage scanner: for each language, the function's lines (0-based, inclusive) from
//! its declaration line through its closing brace, ignoring calls, comments and strings that
//! mention it.

use tla_suite::coverage::mask::Lang;
use tla_suite::coverage::scan::{find_function, Lines};

fn lines(text: &str, lang: Lang, name: &str) -> Vec<(usize, usize)> {
    find_function(text, lang, name)
        .into_iter()
        .map(|Lines { first, last }| (first, last))
        .collect()
}

#[test]
fn rust() {
    let src = r##"// claim_lease() { is mentioned here
fn helper() { claim_lease(1); }
pub(crate) fn claim_lease<'a, T: Into<u8>>(x: &'a T) -> Result<(), E>
where
    T: Copy,
{
    let s = "}";
    let c = '}';
    let r = r#"}"#;
    if x { /* } */ }
}
trait T { fn claim_lease(&self); }
"##;
    assert_eq!(lines(src, Lang::Rust, "claim_lease"), [(2, 10)]);
}

#[test]
fn rust_doc_comments_and_attributes_belong_to_the_function() {
    let src = "/// Not this one: a blank line follows.\n\n/// Claims.\n#[inline]\n  /// More.\npub fn claim() {\n}\n";
    assert_eq!(lines(src, Lang::Rust, "claim"), [(2, 6)]);
}

#[test]
fn go() {
    let src = "package p\n\nfunc (s *Store) Claim(id string) error {\n\tif id == \"}\" {\n\t\treturn nil\n\t}\n\treturn s.Claim(`}`)\n}\n\nfunc Release() {}\n";
    assert_eq!(lines(src, Lang::Go, "Claim"), [(2, 7)]);
    assert_eq!(lines(src, Lang::Go, "Release"), [(9, 9)]);
}

#[test]
fn python() {
    let src = "class A:\n    @decorator\n    async def claim(self, x,\n                    y):\n        \"\"\"def claim(): pass\"\"\"\n        if x:\n            return 1\n\n        return 2  # }\n\n    def other(self): return claim(1)\n";
    assert_eq!(lines(src, Lang::Python, "claim"), [(1, 8)]);
    assert_eq!(lines(src, Lang::Python, "other"), [(10, 10)]);
}

#[test]
fn typescript_and_javascript() {
    let src = "export async function claim(a: number): Promise<void> {\n  await x(`}${a}`);\n}\nclass S {\n  release(id: string): void {\n    this.release2(id);\n  }\n}\nconst take = async (a) => {\n  return a;\n};\nif (claim(1)) { }\n";
    assert_eq!(lines(src, Lang::JavaScript, "claim"), [(0, 2)]);
    assert_eq!(lines(src, Lang::JavaScript, "release"), [(4, 6)]);
    assert_eq!(lines(src, Lang::JavaScript, "take"), [(8, 10)]);
}

#[test]
fn java() {
    let src = "class Lease {\n  @Override\n  public synchronized boolean claim(int who)\n      throws Busy, Gone {\n    if (claim2(who)) { return \"}\".isEmpty(); }\n    return claim(who - 1);\n  }\n  void run() { new Thread() { }; claim(1); }\n}\n";
    assert_eq!(lines(src, Lang::Java, "claim"), [(1, 6)]);
}

#[test]
fn c_and_cpp() {
    let src = "#include <x.h>\nint claim(struct lease *l);\nint claim(struct lease *l)\n{\n  char c = '}';\n  return l->claim(l) ? 1 : 0; /* } */\n}\nbool Lease::release() const noexcept {\n  return claim(this);\n}\n";
    assert_eq!(lines(src, Lang::C, "claim"), [(2, 6)]);
    assert_eq!(lines(src, Lang::C, "release"), [(7, 9)]);
}

#[test]
fn zig() {
    let src = "const s = \\\\ fn claim() {\n;\npub fn claim(self: *Lease, who: u32) !void {\n    if (self.holder != null) return error.Busy; // }\n    self.holder = who;\n}\n";
    assert_eq!(lines(src, Lang::Zig, "claim"), [(2, 5)]);
}

#[test]
fn two_definitions_are_both_reported() {
    let src = "fn a() {}\nmod m { fn a() {} }\n";
    assert_eq!(lines(src, Lang::Rust, "a"), [(0, 0), (1, 1)]);
}

#[test]
fn languages_by_extension() {
    for (f, l) in [
        ("a.rs", Lang::Rust),
        ("a.go", Lang::Go),
        ("a.py", Lang::Python),
        ("a.ts", Lang::JavaScript),
        ("a.tsx", Lang::JavaScript),
        ("a.js", Lang::JavaScript),
        ("A.java", Lang::Java),
        ("a.c", Lang::C),
        ("a.hpp", Lang::C),
        ("a.zig", Lang::Zig),
    ] {
        assert_eq!(Lang::of(f), Some(l), "{f}");
    }
    assert_eq!(Lang::of("a.txt"), None);
}
