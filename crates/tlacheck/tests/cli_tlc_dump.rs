//! `tlacheck tlc -dump [dot[,colorize,actionlabels,snapshot]] FILE`: the states found, written
//! as TLC's StateWriter and DotStateWriter write them. The expected files are TLC 2026.11's
//! (`java -cp tla2tools.jar tlc2.TLC -workers 1 -noGenerateSpecTE -dump ARGS Spec`) on the
//! test's spec, with each fingerprint (TLC's own, so different here) replaced by the order
//! in which it first appears in the file.

mod common;
use common::{tlc, Dir};

const TWO: &str = "---- MODULE Two ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
A == x < 2 /\\ x' = x + 1
B == x > 0 /\\ x' = x - 1
Next == A \\/ B
Inv == x < 2
====
";

fn model() -> Dir {
    let d = Dir::new();
    d.file("Two.tla", TWO)
        .file("Two.cfg", "INIT Init\nNEXT Next\n")
        .file("Inv.cfg", "INIT Init\nNEXT Next\nINVARIANT Inv\n");
    d
}

fn read(d: &Dir, name: &str) -> String {
    std::fs::read_to_string(d.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Each run of digits long enough to be a fingerprint (with its sign) replaced by `#N`, N
/// its order of first appearance.
fn numbered(text: &str) -> String {
    let mut seen: Vec<String> = Vec::new();
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        if chars[i] == '-' {
            i += 1;
        }
        let digits = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i - digits >= 6 {
            let n: String = chars[start..i].iter().collect();
            let k = seen.iter().position(|s| *s == n).unwrap_or_else(|| {
                seen.push(n.clone());
                seen.len() - 1
            });
            out.push_str(&format!("#{k}"));
        } else {
            i = start + 1;
            out.push(chars[start]);
        }
    }
    out
}

// TLC -dump states Two (and the same with -config Inv.cfg: the violating x = 2 is written
// too): states.dump.
#[test]
fn the_plain_dump_lists_each_new_state() {
    let d = model();
    let want = "State 1:\nx = 0\n\nState 2:\nx = 1\n\nState 3:\nx = 2\n\n";
    tlc(&d, &["-dump", "states", "Two"]).code(0);
    assert_eq!(read(&d, "states.dump"), want);
    tlc(&d, &["-dump", "bad.dump", "-config", "Inv.cfg", "Two"]).code(12);
    assert_eq!(read(&d, "bad.dump"), want);
}

// TLC -dump dot,colorize,actionlabels graph Two: graph.dot, with the legend for the two
// actions; -dump dot,snapshot g.dot: g.dot and g_snapshot.dot, the same text.
#[test]
fn the_dot_dump_is_the_state_graph() {
    let d = model();
    tlc(&d, &["-dump", "dot,colorize,actionlabels", "graph", "Two"]).code(0);
    let want = r#"strict digraph DiskGraph {
node [shape=box,style=rounded]
edge [colorscheme="paired12"]
nodesep=0.35;
subgraph cluster_graph {
color="white";
#0 [label="x = 0",style = filled]
#0 -> #1 [label="A",color="2",fontcolor="2"];
#1 [label="x = 1",tooltip="x = 1"];
#1 -> #2 [label="A",color="2",fontcolor="2"];
#2 [label="x = 2",tooltip="x = 2"];
#1 -> #0 [label="B",color="3",fontcolor="3"];
#2 -> #1 [label="B",color="3",fontcolor="3"];
{rank = same; #0;}
{rank = same; #1;}
{rank = same; #2;}
}
subgraph cluster_legend {graph[style=bold];label = "Next State Actions" style="solid"
node [ labeljust="l",colorscheme="paired12",style=filled,shape=record ]
A [label="A",fillcolor=2]
B [label="B",fillcolor=3]
}}"#;
    assert_eq!(numbered(&read(&d, "graph.dot")), want);
    tlc(&d, &["-dump", "dot,snapshot", "g.dot", "Two"]).code(0);
    let plain = r#"strict digraph DiskGraph {
node [shape=box,style=rounded]
nodesep=0.35;
subgraph cluster_graph {
color="white";
#0 [label="x = 0",style = filled]
#0 -> #1 [label="",color="black",fontcolor="black"];
#1 [label="x = 1",tooltip="x = 1"];
#1 -> #2 [label="",color="black",fontcolor="black"];
#2 [label="x = 2",tooltip="x = 2"];
#1 -> #0 [label="",color="black",fontcolor="black"];
#2 -> #1 [label="",color="black",fontcolor="black"];
{rank = same; #0;}
{rank = same; #1;}
{rank = same; #2;}
}
}"#;
    assert_eq!(numbered(&read(&d, "g.dot")), plain);
    assert_eq!(read(&d, "g_snapshot.dot"), read(&d, "g.dot"));
}

// TLC: `-dump /nonexistent/x Two` is "Error: Unable to write to file /nonexistent/x.dump"
// and "Given file name /nonexistent/x.dump for dumping states invalid.", exit 1 (a -dump at
// the end of the command line makes TLC itself fail with an exception, exit 1).
#[test]
fn a_dump_file_that_cannot_be_written_is_refused() {
    let d = model();
    tlc(&d, &["-dump", "/nonexistent/x", "Two"])
        .code(1)
        .says("Given file name /nonexistent/x.dump for dumping states invalid.");
    tlc(&d, &["Two", "-dump"])
        .code(1)
        .says("Error: A file name for dumping states required.");
}

// TLC -dfid 10 -dump states Two: the same three states; -dfid 10 -dump dot graph Two: each
// pass's steps again, without attributes (TLC's DFID gives its writer no action).
#[test]
fn the_dfid_search_dumps_its_steps_too() {
    let d = model();
    tlc(&d, &["-dfid", "10", "-dump", "states", "Two"]).code(0);
    assert_eq!(
        read(&d, "states.dump"),
        "State 1:\nx = 0\n\nState 2:\nx = 1\n\nState 3:\nx = 2\n\n"
    );
    tlc(&d, &["-dfid", "10", "-dump", "dot", "graph", "Two"]).code(0);
    let want = r#"strict digraph DiskGraph {
node [shape=box,style=rounded]
nodesep=0.35;
subgraph cluster_graph {
color="white";
#0 [label="x = 0",style = filled]
#0 -> #1;
#1 [label="x = 1",tooltip="x = 1"];
#0 -> #1;
#1 -> #2;
#2 [label="x = 2",tooltip="x = 2"];
#1 -> #0;
#0 -> #1;
#1 -> #2;
#1 -> #0;
#2 -> #1;
{rank = same; #0;}
{rank = same; #1;}
{rank = same; #2;}
}
}"#;
    assert_eq!(numbered(&read(&d, "graph.dot")), want);
}
