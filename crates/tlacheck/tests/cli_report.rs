//! `--html` and `--annotate github` end to end: the page's structure parsed back (every state,
//! the changed variables marked, a lasso's loop back) and one annotation per failure of a
//! failing suite, at the line of the definition concerned.

mod common;

use common::Dir;

/// x cycles 0 -> 1 -> 2 -> 0 and never reaches 5: TLC's counterexample to `<>(x = 5)` is
/// the three states of the cycle, then back to state 1. y never changes.
const LOOP: &str = "---- MODULE Loop ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = [a |-> 0, b |-> <<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18>>]
Next == x' = (x + 1) % 3 /\\ UNCHANGED y
Spec == Init /\\ [][Next]_<<x, y>> /\\ WF_<<x, y>>(Next)
Reaches == <>(x = 5)
====
";

fn attr<'a>(n: &'a tl::Node<'a>, name: &str) -> Option<String> {
    let t = n.as_tag()?;
    let v = t.attributes().get(name)??;
    Some(v.as_utf8_str().into_owned())
}

fn html(d: &Dir, file: &str) -> String {
    std::fs::read_to_string(d.path().join(file)).unwrap()
}

#[test]
fn a_liveness_counterexample_page_has_every_state_the_changes_and_the_loop_back() {
    let d = Dir::new();
    d.file("Loop.tla", LOOP)
        .file("Loop.cfg", "SPECIFICATION Spec\nPROPERTY Reaches\n");
    let run = d.check(&["Loop.tla", "--workers", "1", "--html", "out.html"]);
    run.code(13);
    let text = html(&d, "out.html");
    let dom = tl::parse(&text, tl::ParserOptions::default()).unwrap();
    let p = dom.parser();
    let all = |sel: &str| -> Vec<&tl::Node> {
        dom.query_selector(sel)
            .unwrap()
            .filter_map(|h| h.get(p))
            .collect()
    };
    // Self-contained: nothing fetched.
    assert!(all("script[src]").is_empty() && all("link").is_empty());
    let states = all("li.state");
    let numbers: Vec<String> = states
        .iter()
        .filter_map(|s| attr(s, "data-state"))
        .collect();
    assert_eq!(numbers, ["1", "2", "3"], "{text}");
    // Each step after the first changes x, and only x.
    let changed: Vec<String> = all("tr.var.changed")
        .iter()
        .filter_map(|r| attr(r, "data-var"))
        .collect();
    assert_eq!(changed, ["x", "x"]);
    let unchanged: Vec<String> = all("tr.unchanged")
        .iter()
        .filter_map(|r| attr(r, "data-var"))
        .collect();
    assert_eq!(unchanged, ["y", "y"]);
    // State 3's x: old 1, new 2.
    let olds: Vec<String> = all("td.old")
        .iter()
        .map(|n| n.inner_text(p).into_owned())
        .collect();
    let news: Vec<String> = all("td.new")
        .iter()
        .map(|n| n.inner_text(p).into_owned())
        .collect();
    assert_eq!(
        (olds, news),
        (
            vec!["0".to_string(), "1".into()],
            vec!["1".to_string(), "2".into()]
        )
    );
    // The loop back to state 1, which the states after it are in.
    let back = all("li.loop-back");
    assert_eq!(back.len(), 1);
    assert_eq!(attr(back[0], "data-back").as_deref(), Some("1"));
    assert!(
        back[0]
            .inner_text(p)
            .contains("Back to state 1 by Next line 5, col 9 to line 5, col 39 of module Loop"),
        "{text}"
    );
    assert_eq!(all("li.loop-target").len(), 1);
    assert_eq!(all("li.in-loop").len(), 3);
    // y's record is folded, with its sequence (too long for a line) folded inside it.
    assert_eq!(all("details.v").len(), 2 * 3, "{}", all("details.v").len());
    // The action and its place, and the summary's figures (3 distinct states).
    assert!(text.contains("<span class=\"act\">Next</span> <span class=\"loc\">line 5, col 9 to line 5, col 39 of module Loop</span>"), "{text}");
    assert!(
        text.contains("<tr><th>Distinct states</th><td>3</td></tr>"),
        "{text}"
    );
    assert!(all("#search").len() == 1);
}

#[test]
fn a_violation_and_a_parse_error_are_annotated_at_their_definition() {
    let d = Dir::new();
    d.file("Loop.tla", LOOP)
        .file("Loop.cfg", "SPECIFICATION Spec\nPROPERTY Reaches\n");
    let run = d.check(&["Loop.tla", "--workers", "1", "--annotate", "github"]);
    let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(
        lines,
        ["::error file=Loop.tla,line=7,col=1,title=tlacheck check::Temporal property Reaches is violated (counterexample of 3 states)"]
    );
    d.file(
        "Bad.tla",
        "---- MODULE Bad ----\nVARIABLE x\nInit == x = y\n====\n",
    );
    let run = d.check(&["Bad.tla", "--annotate", "github"]);
    let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(lines.len(), 1, "{run}");
    assert!(
        lines[0].starts_with("::error file=Bad.tla,line=3,col=13,title=tlacheck::"),
        "{run}"
    );
}

const COUNTER: &str = "---- MODULE Counter ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == (x < 4 /\\ x' = x + 1) \\/ (x = 4 /\\ UNCHANGED x)
Small == x < 3
NonNeg == x >= 0
====
";

/// A suite with two failures: `Broken` (Small is violated at x = 3) and `Control`, a negative
/// control expecting NonNeg violated, which holds; `Fine` passes.
#[test]
fn a_failing_suite_gets_one_annotation_per_failure_at_its_definition() {
    let d = Dir::new();
    d.file("Counter.tla", COUNTER)
        .file("Small.cfg", "INIT Init\nNEXT Next\nINVARIANT Small\n")
        .file("NonNeg.cfg", "INIT Init\nNEXT Next\nINVARIANT NonNeg\n")
        .file(
            "verify.toml",
            "[suite]\nname = \"ann\"\n\n[[check]]\nname = \"Broken\"\nspec = \"Counter.tla\"\nconfig = \"Small.cfg\"\n\n[[check]]\nname = \"Fine\"\nspec = \"Counter.tla\"\nconfig = \"NonNeg.cfg\"\n\n[[check]]\nname = \"Control\"\nspec = \"Counter.tla\"\nconfig = \"NonNeg.cfg\"\nexpect = { violated = \"NonNeg\" }\n",
        );
    let run = d.run(
        "verify",
        &[
            "verify.toml",
            "--jobs",
            "1",
            "--annotate",
            "github",
            "--html",
            "suite.html",
        ],
    );
    run.code(1);
    let mut lines: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("::error "))
        .collect();
    lines.sort();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].starts_with(
            "::error file=Counter.tla,line=6,col=1,title=tlacheck verify%3A check Broken::"
        ),
        "{run}"
    );
    assert!(lines[1].starts_with("::error file=Counter.tla,line=7,col=1,title=tlacheck verify%3A negative control Control::"), "{run}");
    // The page: three results, Broken's counterexample of 4 states (x = 0..3).
    let text = html(&d, "suite.html");
    let dom = tl::parse(&text, tl::ParserOptions::default()).unwrap();
    let count = |sel: &str| dom.query_selector(sel).unwrap().count();
    assert_eq!(count("tr.item"), 3, "{text}");
    assert_eq!(count("tr.item.failed"), 2, "{text}");
    assert_eq!(count("li.state"), 4, "{text}");
    assert_eq!(count("tr.var.changed"), 3, "{text}");
}

/// Channel's lifo_bug.ndjson (tla-trace's fixture): events 1..3 agree with 3 states, event 4
/// (line 5) receives the newest message; the one candidate's Recv differs in queue and
/// received.
#[test]
fn a_rejected_trace_shows_its_prefix_and_each_candidates_differing_fields() {
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tla-trace/tests/fixtures");
    let d = Dir::new();
    let out = d.path().join("trace.html");
    let run = common::tlacheck(&fixtures)
        .args([
            "trace",
            "validate",
            "Channel.tla",
            "lifo_bug.ndjson",
            "--annotate",
            "github",
            "--html",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(lines, ["::error file=lifo_bug.ndjson,line=5,col=1,title=tlacheck trace validate::Trace rejected at step 4: no behaviour of the spec takes this event"]);
    let text = std::fs::read_to_string(&out).unwrap();
    let dom = tl::parse(&text, tl::ParserOptions::default()).unwrap();
    let count = |sel: &str| dom.query_selector(sel).unwrap().count();
    assert_eq!(count("li.state"), 3, "{text}");
    assert_eq!(count("div.candidate"), 1, "{text}");
    assert_eq!(count("tr.diff"), 2, "{text}");
    assert!(text.contains("<tr class=\"var changed diff\" data-var=\"queue\"><th>queue</th><td class=\"new\"><code>&lt;&lt;2&gt;&gt;</code></td><td class=\"old\"><code>&lt;&lt;1&gt;&gt;</code></td></tr>"), "{text}");
}

/// With an ALIAS the page shows the alias's fields, as TLC's text does: x = 0, 1, 2 (Inv
/// x < 2 fails at x = 2) shown as double = 0, 2, 4 and orig.
#[test]
fn the_alias_is_shown_in_place_of_the_variables() {
    let d = Dir::new();
    d.file(
        "Al.tla",
        "---- MODULE Al ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\nInv == x < 2\nA == [double |-> 2 * x, orig |-> x]\n====\n",
    )
    .file("Al.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\nALIAS A\n");
    d.check(&["Al.tla", "--workers", "1", "--html", "al.html"])
        .code(12);
    let text = html(&d, "al.html");
    let dom = tl::parse(&text, tl::ParserOptions::default()).unwrap();
    let p = dom.parser();
    let vars: Vec<String> = (dom.query_selector("tr.var").unwrap())
        .filter_map(|h| h.get(p))
        .filter_map(|n| attr(n, "data-var"))
        .collect();
    assert_eq!(vars, ["double", "orig", "double", "orig", "double", "orig"]);
    assert!(text.contains("<tr class=\"var changed\" data-var=\"double\"><th>double</th><td class=\"old\"><code>2</code></td><td class=\"new\"><code>4</code></td></tr>"), "{text}");
}

/// x counts 0..5 and r.a follows x one step behind: Tiny (x < 2) fails at x = 2, Small
/// (x < 3) at x = 3, 4 and 5. TLC 2026 (`-workers 1`) prints for `-simulate num=1`, for
/// `-dfid 10` and for the first violation of `-continue -deadlock` the same 3 states, and
/// with `-continue -deadlock` four violations: Tiny in 3 states, then Small in 4, 5 and 6.
const STEPS: &str = "---- MODULE Steps ----
EXTENDS Naturals
VARIABLE x, r
Init == x = 0 /\\ r = [a |-> 0, b |-> \"s\"]
Next == x < 5 /\\ x' = x + 1 /\\ r' = [r EXCEPT !.a = x]
Small == x < 3
Tiny == x < 2
====
";

/// What the tests read back of a page: each counterexample's states (the `data-state` of
/// its `li.state`s, per `ol.trace`), the changed variables in order, and the headings.
struct Read {
    traces: Vec<Vec<String>>,
    changed: Vec<String>,
    headings: Vec<String>,
}

fn read(text: &str) -> Read {
    let dom = tl::parse(text, tl::ParserOptions::default()).unwrap();
    let p = dom.parser();
    let nodes = |sel: &str| -> Vec<&tl::Node> {
        (dom.query_selector(sel).unwrap())
            .filter_map(|h| h.get(p))
            .collect()
    };
    let traces = (nodes("ol.trace").iter())
        .map(|ol| {
            let inner = ol.inner_html(p);
            let sub = tl::parse(&inner, tl::ParserOptions::default()).unwrap();
            let sp = sub.parser();
            (sub.query_selector("li.state").unwrap())
                .filter_map(|h| h.get(sp))
                .filter_map(|n| attr(n, "data-state"))
                .collect()
        })
        .collect();
    Read {
        traces,
        changed: (nodes("tr.var.changed").iter())
            .filter_map(|r| attr(r, "data-var"))
            .collect(),
        headings: (nodes("h2").iter())
            .map(|h| h.inner_text(p).into_owned())
            .collect(),
    }
}

fn states(n: usize) -> Vec<String> {
    (1..=n).map(|i| i.to_string()).collect()
}

/// State 2 changes x (r.a is still 0); state 3 changes r (r.a becomes 1) and x, in the order
/// TLC prints the variables (r before x, as TLC 2026 prints State 1 of this spec).
const CHANGED_IN_3: [&str; 3] = ["x", "r", "x"];

#[test]
fn a_simulation_writes_its_counterexample_to_the_page() {
    let d = Dir::new();
    d.file("Steps.tla", STEPS)
        .file("Steps.cfg", "INIT Init\nNEXT Next\nINVARIANT Tiny\n");
    let run = d.check(&[
        "Steps.tla",
        "--simulate",
        "--traces",
        "1",
        "--html",
        "sim.html",
        "--annotate",
        "github",
    ]);
    run.code(12);
    let text = html(&d, "sim.html");
    let page = read(&text);
    assert_eq!(page.traces, [states(3)], "{text}");
    assert_eq!(page.changed, CHANGED_IN_3, "{text}");
    // Of r only the field a changed in state 3 (b stayed "s"): that part is listed under it.
    assert!(
        text.contains("<tr class=\"parts\" data-var=\"r\"><td></td><td colspan=\"2\"><ul class=\"parts\"><li><code class=\"key\">a</code> <span class=\"old\"><code>0</code></span> &#8594; <span class=\"new\"><code>1</code></span></li></ul></td></tr>"),
        "{text}"
    );
    assert_eq!(text.matches("<tr class=\"parts\"").count(), 1, "{text}");
    assert_eq!(page.headings, ["Summary", "Counterexample: Tiny"]);
    assert!(
        text.contains("<tr><th>Mode</th><td>simulation: 1 behaviour, seed 0</td></tr>"),
        "{text}"
    );
    let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(lines, ["::error file=Steps.tla,line=7,col=1,title=tlacheck check::Invariant Tiny is violated (counterexample of 3 states)"]);
}

#[test]
fn a_dfid_search_writes_its_counterexample_to_the_page() {
    let d = Dir::new();
    d.file("Steps.tla", STEPS)
        .file("Steps.cfg", "INIT Init\nNEXT Next\nINVARIANT Tiny\n");
    d.check(&["Steps.tla", "-dfid", "10", "--html", "dfid.html"])
        .code(12);
    let text = html(&d, "dfid.html");
    let page = read(&text);
    assert_eq!(page.traces, [states(3)], "{text}");
    assert_eq!(page.changed, CHANGED_IN_3, "{text}");
    assert_eq!(page.headings, ["Summary", "Counterexample: Tiny"]);
    assert!(
        text.contains("<tr><th>Mode</th><td>depth-first iterative deepening to depth 10</td></tr>"),
        "{text}"
    );
}

#[test]
fn with_continue_every_violation_is_on_the_page_and_annotated() {
    let d = Dir::new();
    d.file("Steps.tla", STEPS).file(
        "Steps.cfg",
        "INIT Init\nNEXT Next\nINVARIANT Small\nINVARIANT Tiny\n",
    );
    let run = d.check(&[
        "Steps.tla",
        "-continue",
        "-deadlock",
        "--workers",
        "1",
        "--html",
        "cont.html",
        "--annotate",
        "github",
    ]);
    run.code(0);
    let text = html(&d, "cont.html");
    let page = read(&text);
    assert_eq!(
        page.traces,
        [states(3), states(4), states(5), states(6)],
        "{text}"
    );
    assert_eq!(
        page.headings,
        [
            "Summary",
            "Violation 1 of 4: Tiny",
            "Violation 2 of 4: Small",
            "Violation 3 of 4: Small",
            "Violation 4 of 4: Small"
        ]
    );
    assert!(
        text.contains(
            "<tr><th>Violations found</th><td>4, the search went on after each</td></tr>"
        ),
        "{text}"
    );
    // Each trace's first state has no change; then x changes in every step, r from step 3.
    assert_eq!(
        page.changed.iter().filter(|v| *v == "x").count(),
        2 + 3 + 4 + 5
    );
    let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("::")).collect();
    let at = |line, name, n| {
        format!("::error file=Steps.tla,line={line},col=1,title=tlacheck check::Invariant {name} is violated (counterexample of {n} states)")
    };
    assert_eq!(
        lines,
        [
            at(7, "Tiny", 3),
            at(6, "Small", 4),
            at(6, "Small", 5),
            at(6, "Small", 6)
        ]
    );
}

/// With -continue and deadlock checking the search goes on after the four violations and
/// stops at the deadlock in x = 5 (TLC: exit 11), which is the run's own counterexample.
#[test]
fn with_continue_the_violation_that_ends_the_run_follows_the_others() {
    let d = Dir::new();
    d.file("Steps.tla", STEPS).file(
        "Steps.cfg",
        "INIT Init\nNEXT Next\nINVARIANT Small\nINVARIANT Tiny\n",
    );
    let run = d.check(&[
        "Steps.tla",
        "-continue",
        "--workers",
        "1",
        "--html",
        "cont.html",
        "--annotate",
        "github",
    ]);
    run.code(11);
    let page = read(&html(&d, "cont.html"));
    assert_eq!(page.traces.len(), 5);
    assert_eq!(page.traces[4], states(6));
    assert_eq!(page.headings.last().unwrap(), "Counterexample: deadlock");
    let lines: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(lines.len(), 5, "{run}");
    assert_eq!(lines[4], "::error file=Steps.tla,line=5,col=1,title=tlacheck check::Deadlock reached (counterexample of 6 states)");
}

/// A configuration in the .tla file (`---- CONFIG Cfg ----` given as `--config Cfg.tla`):
/// the page lists its constants, not the module's text. TLC 2026 (`-config Cfg.tla`): Inv
/// fails at x = 2, a counterexample of 3 states (exit 12).
#[test]
fn the_constants_of_a_config_section_are_listed() {
    let d = Dir::new();
    d.file(
        "Cfg.tla",
        "---- CONFIG Cfg ----\nINIT Init\nNEXT Next\nINVARIANT Inv\nCONSTANT N = 2\n====\n---- MODULE Cfg ----\nEXTENDS Naturals\nCONSTANT N\nVARIABLE x\nInit == x = 0\nNext == x < N /\\ x' = x + 1\nInv == x < N\n====\n",
    );
    d.check(&["Cfg.tla", "--config", "Cfg.tla", "--html", "cfg.html"])
        .code(12);
    let text = html(&d, "cfg.html");
    assert!(
        text.contains("<ul class=\"constants\"><li><code>N = 2</code></li></ul>"),
        "{text}"
    );
    assert_eq!(read(&text).traces, [states(3)]);
}

/// A spec that does not parse still gets its page (a CI job keeping the page has one): the
/// exit code and SANY's message with its place.
#[test]
fn a_parse_error_gets_a_page_with_the_message() {
    let d = Dir::new();
    d.file(
        "Bad.tla",
        "---- MODULE Bad ----\nVARIABLE x\nInit == x = y\n====\n",
    )
    .file("Bad.cfg", "INIT Init\n");
    let run = d.check(&["Bad.tla", "--html", "bad.html"]);
    let code = run.error_code().code.unwrap();
    let text = html(&d, "bad.html");
    assert!(
        text.contains("<span class=\"couldnotrun outcome\">could not run</span>"),
        "{text}"
    );
    assert!(
        text.contains(&format!("<tr><th>Exit code</th><td>{code}</td></tr>")),
        "{text}"
    );
    assert!(text.contains("Bad.tla:3:13"), "{text}");
    assert!(read(&text).traces.is_empty());
}

/// The variables are shown in the order TLC prints them, not the JSON's alphabetical one:
/// TLC 2026 prints this spec's states as `/\ zeta = 0` then `/\ alpha = 0`. So do the check's
/// page and, from the child's JSON, the suite's.
#[test]
fn the_variables_are_in_the_order_tlc_prints_them() {
    let d = Dir::new();
    d.file(
        "Ord.tla",
        "---- MODULE Ord ----\nEXTENDS Naturals\nVARIABLES zeta, alpha\nInit == zeta = 0 /\\ alpha = 0\nNext == zeta < 2 /\\ zeta' = zeta + 1 /\\ alpha' = alpha\nInv == zeta < 2\n====\n",
    )
    .file("Ord.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    .file(
        "verify.toml",
        "[suite]\nname = \"ord\"\n\n[[check]]\nname = \"Ord\"\nspec = \"Ord.tla\"\nconfig = \"Ord.cfg\"\n",
    );
    d.check(&["Ord.tla", "--html", "check.html"]).code(12);
    d.run("verify", &["verify.toml", "--html", "suite.html"])
        .code(1);
    for page in ["check.html", "suite.html"] {
        let text = html(&d, page);
        let dom = tl::parse(&text, tl::ParserOptions::default()).unwrap();
        let p = dom.parser();
        let vars: Vec<String> = (dom.query_selector("tr.var").unwrap())
            .filter_map(|h| h.get(p))
            .filter_map(|n| attr(n, "data-var"))
            .collect();
        assert_eq!(vars, ["zeta", "alpha"].repeat(3), "{page}: {text}");
    }
}
