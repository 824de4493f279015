//! `tlacheck parse`: exit 0 and a summary on a valid spec; exit 2 with `file:line:col:
//! message`, the source line and a caret on every error; never a panic.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary folder, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new() -> Dir {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let p = std::env::temp_dir().join(format!("tlacheck-cli-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Dir(p)
    }

    fn file(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let p = self.0.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    /// `tlacheck parse <args>` run inside the folder.
    fn parse(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        tlacheck(&self.0).arg("parse").args(args).assert()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tlacheck(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("tlacheck").unwrap();
    c.current_dir(dir).env_remove("TLACHECK_LIBRARY");
    c
}

fn module(name: &str, body: &str) -> String {
    format!("---- MODULE {name} ----\n{body}\n====\n")
}

fn no_panic() -> impl Predicate<str> {
    predicate::str::contains("panicked").not()
}

/// Runs `parse R.tla` on `body` and checks exit 2 with the located message, the source line
/// and a caret under column `col`.
fn expect_error(body: &str, line: usize, col: usize, message: &str) {
    let d = Dir::new();
    d.file("R.tla", module("R", body));
    let out = d
        .parse(&["R.tla"])
        .code(2)
        .stderr(no_panic())
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let head = format!("R.tla:{line}:{col}: {message}");
    let lines: Vec<&str> = stderr.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no `{head}` in:\n{stderr}"));
    let text = module("R", body);
    let source = text.lines().nth(line - 1).unwrap();
    assert_eq!(lines[at + 1], source, "source line in:\n{stderr}");
    assert_eq!(
        lines[at + 2],
        format!("{}^", " ".repeat(col - 1)),
        "caret in:\n{stderr}"
    );
    assert!(lines.last().unwrap().ends_with("error") || lines.last().unwrap().ends_with("errors"));
}

#[test]
fn valid_spec_exits_0_with_a_summary() {
    let d = Dir::new();
    d.file(
        "Counter.tla",
        module(
            "Counter",
            "EXTENDS Naturals\nCONSTANT Max\nVARIABLE n\nInit == n = 0\nNext == n < Max /\\ n' = n + 1\nSpec == Init /\\ [][Next]_n",
        ),
    );
    d.parse(&["Counter.tla"])
        .code(0)
        .stdout(predicate::str::contains("Counter.tla"))
        .stdout(predicate::str::contains("1 variables"))
        .stdout(predicate::str::contains("1 constants"))
        .stdout(predicate::str::contains("no errors"))
        .stderr("");
}

#[test]
fn library_folders_and_the_environment_path() {
    let d = Dir::new();
    d.file("lib/Helper.tla", module("Helper", "Help == 1"));
    d.file("env/Other.tla", module("Other", "Oth == 2"));
    d.file("R.tla", module("R", "EXTENDS Helper\nX == Help"));
    d.parse(&["R.tla"]).code(2).stderr(predicate::str::contains(
        "R.tla:2:9: Cannot find source file for module Helper",
    ));
    d.parse(&["R.tla", "--library", "lib"]).code(0);
    d.file(
        "S.tla",
        module("S", "EXTENDS Helper, Other\nX == Help + Oth"),
    );
    tlacheck(&d.0)
        .env("TLACHECK_LIBRARY", d.0.join("env"))
        .args(["parse", "S.tla", "--library", "lib"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("symbol '+'"));
    d.file(
        "S.tla",
        module("S", "EXTENDS Helper, Other\nX == Help = Oth"),
    );
    tlacheck(&d.0)
        .env("TLACHECK_LIBRARY", d.0.join("env"))
        .args(["parse", "S.tla", "--library", "lib"])
        .assert()
        .code(0);
}

#[test]
fn unknown_operator() {
    expect_error("X == 1\nY == Missing", 3, 6, "Unknown operator: `Missing'.");
}

#[test]
fn wrong_arity() {
    expect_error(
        "F(a, b) == a\nX == F(1)",
        3,
        7,
        "The operator F requires 2 arguments.",
    );
}

#[test]
fn missing_module() {
    expect_error(
        "EXTENDS Naturals, NoSuchModule",
        2,
        19,
        "Cannot find source file for module NoSuchModule",
    );
}

#[test]
fn import_cycle() {
    let d = Dir::new();
    d.file("A.tla", module("A", "EXTENDS B"));
    d.file("B.tla", module("B", "EXTENDS A"));
    d.parse(&["A.tla"]).code(2).stderr(predicate::str::contains(
        "B.tla:2:9: Circular dependency among .tla files; dependency cycle is: A.tla --> B.tla --> A.tla\nEXTENDS A\n        ^\n",
    ));
}

#[test]
fn multiply_defined_symbol() {
    expect_error(
        "VARIABLE x\nF(x) == x",
        3,
        3,
        "Multiply-defined symbol 'x': this definition or declaration conflicts with the one at line 2, col 10 of module R.",
    );
    expect_error(
        "F == 1\nF == 2",
        3,
        1,
        "Operator F already defined or declared.",
    );
}

#[test]
fn level_errors() {
    expect_error(
        "VARIABLE x\nA == (x')'",
        3,
        6,
        "Level error in applying operator ': The level of argument 1 exceeds the maximum level allowed by the operator.",
    );
    expect_error(
        "VARIABLE x\nT == [](x' = x)",
        3,
        6,
        "[] followed by action not of form [A]_v.",
    );
    expect_error(
        "VARIABLE x\nE == ENABLED <>(x = 1)",
        3,
        6,
        "Level error in applying operator ENABLED",
    );
    expect_error(
        "VARIABLE x\nASSUME x = 1",
        3,
        1,
        "Level error: assumptions must be level 0 (Constant), but this one has level 1.",
    );
    expect_error(
        "VARIABLE x\nP(a) == a'\nQ == P(x')",
        4,
        6,
        "Level error in applying operator P: The level of argument 1 exceeds the maximum level allowed by the operator.",
    );
}

#[test]
fn syntax_error() {
    expect_error("X == (1", 3, 1, "");
}

#[test]
fn errors_in_an_imported_file_name_that_file() {
    let d = Dir::new();
    d.file("B.tla", module("B", "Foo == Bar"));
    d.file("A.tla", module("A", "EXTENDS B"));
    d.parse(&["A.tla"]).code(2).stderr(predicate::str::contains(
        "B.tla:2:8: Unknown operator: `Bar'.\nFoo == Bar\n       ^\n",
    ));
}

#[test]
fn several_errors_are_all_reported() {
    let d = Dir::new();
    d.file("R.tla", module("R", "X == A1\nY == A2\nZ == A3"));
    d.parse(&["R.tla"])
        .code(2)
        .stderr(predicate::str::contains(
            "R.tla:2:6: Unknown operator: `A1'.",
        ))
        .stderr(predicate::str::contains(
            "R.tla:3:6: Unknown operator: `A2'.",
        ))
        .stderr(predicate::str::contains(
            "R.tla:4:6: Unknown operator: `A3'.",
        ))
        .stderr(predicate::str::contains("3 errors"));
}

#[test]
fn missing_file() {
    let d = Dir::new();
    d.parse(&["Nope.tla"])
        .code(2)
        .stderr(predicate::str::contains("Nope.tla"))
        .stderr(no_panic());
}

#[test]
fn a_directory_instead_of_a_file() {
    let d = Dir::new();
    std::fs::create_dir_all(d.0.join("Spec.tla")).unwrap();
    d.parse(&["Spec.tla"]).code(2).stderr(no_panic());
}

#[test]
fn bad_command_lines_exit_2_without_a_panic() {
    let d = Dir::new();
    for args in [
        &[][..],
        &["parse"][..],
        &["frobnicate"][..],
        &["parse", "R.tla", "--no-such-flag"][..],
        &["parse", "R.tla", "--library"][..],
    ] {
        tlacheck(&d.0)
            .args(args)
            .assert()
            .code(2)
            .stderr(no_panic());
    }
    tlacheck(&d.0).arg("--help").assert().code(0);
    tlacheck(&d.0).arg("--version").assert().code(0);
    tlacheck(&d.0).args(["parse", "--help"]).assert().code(0);
}

#[test]
fn binary_garbage() {
    let d = Dir::new();
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    d.file("Junk.tla", &garbage);
    d.parse(&["Junk.tla"]).code(2).stderr(no_panic());
    // A header followed by garbage.
    let mut mixed = b"---- MODULE Mixed ----\nX == ".to_vec();
    mixed.extend_from_slice(&garbage);
    d.file("Mixed.tla", &mixed);
    d.parse(&["Mixed.tla"]).code(2).stderr(no_panic());
}

#[test]
fn empty_file() {
    let d = Dir::new();
    d.file("Empty.tla", "");
    d.parse(&["Empty.tla"]).code(2).stderr(no_panic());
    d.file("Blank.tla", "\n\n   \n");
    d.parse(&["Blank.tla"]).code(2).stderr(no_panic());
}

#[test]
fn deeply_nested_expression() {
    let d = Dir::new();
    let depth = 3000;
    let body = format!("X == {}1{}", "(".repeat(depth), ")".repeat(depth));
    d.file("Deep.tla", module("Deep", &body));
    d.parse(&["Deep.tla"]).code(0);
    let body = format!("X == {}1", "{".repeat(depth));
    d.file("Open.tla", module("Open", &body));
    d.parse(&["Open.tla"]).code(2).stderr(no_panic());
}
