//! `tlacheck bench --tlc JAR` without TLC: a missing jar, no `java` on PATH, a TLC that fails
//! and a fake `java` (a shell script printing TLC's closing lines) whose figures tlacheck's
//! run of the same model equals or not. Figures derived by hand (see each test).

use assert_cmd::Command;
use predicates::prelude::*;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// x counts modulo 5: 5 distinct states in one cycle; TLC counts the initial state and each
/// state's one successor as generated, 1 + 5 = 6; the deepest state (x = 4) is the 5th.
const SPEC: &str = "---- MODULE M ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 5\n====\n";
const TLC_LINES: &str = "Model checking completed. No error has been found.\n\
     6 states generated, 5 distinct states found, 0 states left on queue.\n\
     The depth of the complete state graph search is 5.\n\
     Finished in 00s at (2026-12-02 04:08:26)\n";

/// A corpus of one model (`tiny`, M.tla with M.cfg) with its tlc_baseline.json, a dummy
/// jar and a `bin` folder for a fake java; removed when dropped.
struct Corpus(PathBuf);

impl Corpus {
    fn new(name: &str) -> Corpus {
        let p = std::env::temp_dir().join(format!("tlacheck-bench-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        for d in ["tiny", "_community", "_tlapm", "bin"] {
            std::fs::create_dir_all(p.join(d)).unwrap();
        }
        std::fs::write(p.join("tiny/M.tla"), SPEC).unwrap();
        std::fs::write(p.join("tiny/M.cfg"), "INIT Init\nNEXT Next\n").unwrap();
        std::fs::write(p.join("tla2tools.jar"), "not a jar").unwrap();
        std::fs::write(
            p.join("tlc_baseline.json"),
            r#"{"models": [{"id": "tiny", "folder": "tiny", "root_module": "M", "cfg": "M.cfg",
                "distinct": 5, "generated": 6, "depth": 5}]}"#,
        )
        .unwrap();
        Corpus(p)
    }

    /// A `java` that records its arguments and folder in `args.txt`, prints `stdout` and
    /// exits with `code`.
    fn fake_java(&self, stdout: &str, code: i32) -> &Self {
        std::fs::write(self.0.join("tlc_stdout.txt"), stdout).unwrap();
        let script = format!(
            "#!/bin/sh\npwd > '{0}/args.txt'\nprintf '%s\\n' \"$@\" >> '{0}/args.txt'\ncat '{0}/tlc_stdout.txt'\necho 'a line on stderr' >&2\nexit {code}\n",
            self.0.display()
        );
        let java = self.0.join("bin/java");
        std::fs::write(&java, script).unwrap();
        std::fs::set_permissions(&java, std::fs::Permissions::from_mode(0o755)).unwrap();
        self
    }

    /// `tlacheck bench --tlc <jar> --workers 1` with PATH holding only `bin` and the shell's.
    fn bench(&self, jar: &Path) -> Command {
        let mut c = Command::cargo_bin("tlacheck").unwrap();
        let path = format!("{}:/usr/bin:/bin", self.0.join("bin").display());
        c.current_dir(&self.0)
            .env("PATH", path)
            .args(["bench", "--corpus", ".", "--workers", "1", "--tlc"])
            .arg(jar);
        c
    }
}

impl Drop for Corpus {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_missing_jar_is_bad_input() {
    let c = Corpus::new("nojar");
    c.bench(&c.0.join("no-such.jar"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such.jar: no such file"));
}

#[test]
fn no_java_is_bad_input() {
    let c = Corpus::new("nojava");
    let mut cmd = c.bench(&c.0.join("tla2tools.jar"));
    // Only the empty `bin`: no java anywhere on PATH.
    cmd.env("PATH", c.0.join("bin"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("java not found on PATH"));
}

#[test]
fn a_failing_tlc_is_bad_input_with_its_last_lines() {
    let c = Corpus::new("tlcfails");
    c.fake_java("Error: Could not find or load main class tlc2.TLC\n", 1)
        .bench(&c.0.join("tla2tools.jar"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("TLC failed (exit code 1)"))
        .stderr(predicate::str::contains(
            "Could not find or load main class",
        ))
        .stderr(predicate::str::contains("a line on stderr"));
    // Exit 0 without the closing figures is a failure too.
    c.fake_java("Starting...\n", 0)
        .bench(&c.0.join("tla2tools.jar"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("TLC printed no closing figures"));
}

#[test]
fn tlc_figures_equal_to_ours_give_a_row_and_exit_0() {
    let c = Corpus::new("same");
    let out = c
        .fake_java(TLC_LINES, 0)
        .bench(&c.0.join("tla2tools.jar"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let row = out.lines().find(|l| l.starts_with("| tiny |")).unwrap();
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    // model, workers, 3 TLC cells, 3 of ours, 2 ratios, figures, between the outer bars.
    assert_eq!(cells.len(), 13, "{row}");
    assert_eq!(cells[2], "1");
    assert_eq!(cells[11], "= TLC");
    // TLC ran in the model's folder with the CI's flags, its files kept out of the corpus.
    let args = std::fs::read_to_string(c.0.join("args.txt")).unwrap();
    let args: Vec<&str> = args.lines().collect();
    assert!(args[0].ends_with("/tiny"), "{args:?}");
    let at = |a: &str| {
        args.iter()
            .position(|x| *x == a)
            .unwrap_or_else(|| panic!("{a} in {args:?}"))
    };
    assert_eq!(args[at("-workers") + 1], "1");
    assert_eq!(args[at("-lncheck") + 1], "final");
    assert_eq!(args[at("-config") + 1], "M.cfg");
    assert_eq!(args.last(), Some(&"M.tla"));
    at("-noGenerateSpecTE");
    assert!(!args[at("-metadir") + 1].starts_with(args[0]));
    let classpath = args[at("-cp") + 1];
    for part in ["tla2tools.jar", "_community", "_tlapm"] {
        assert!(classpath.contains(part), "{classpath}");
    }
    let mut left: Vec<_> = std::fs::read_dir(c.0.join("tiny"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, ["M.cfg", "M.tla"]);
}

#[test]
fn tlc_figures_other_than_ours_are_reported_and_exit_1() {
    let c = Corpus::new("differ");
    c.fake_java(
        &TLC_LINES.replace("6 states generated", "7 states generated"),
        0,
    )
    .bench(&c.0.join("tla2tools.jar"))
    .assert()
    .code(1)
    .stdout(predicate::str::contains(
        "differ: 5 distinct, 6 generated, depth 5 (TLC: 5, 7, 5)",
    ));
}

#[test]
fn without_tlc_the_header_says_the_figures_are_recorded() {
    let c = Corpus::new("recorded");
    Command::cargo_bin("tlacheck")
        .unwrap()
        .current_dir(&c.0)
        .args(["bench", "--corpus", ".", "--workers", "1"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("recorded in tlc_baseline.json"))
        .stdout(predicate::str::contains("| tiny | 1 |"))
        .stdout(predicate::str::contains("= TLC"));
}
