//! The trace-exploration specs TLC wrote, compared with ours text for text.
//!
//! Expected texts: the files TLC 2026.11 (`java -jar tla2tools.jar -workers 1 Abc`, then
//! `Cyc`) wrote for the two specs below, copied whole. Abc (`EXTENDS Naturals`,
//! `CONSTANTS N, P, q1`, `VARIABLES x, yy, s`, `Init == x = 0 /\ yy = {} /\ s = "a"`,
//! `Next == x' = x + 1 /\ yy' = yy \cup {x} /\ s' = IF x > 1 THEN "b" ELSE s`,
//! `Inv == x < N`; .cfg `CONSTANTS N = 3  P = {p1, p2}  q1 = q1`) breaks its invariant in
//! state 4. Cyc (`EXTENDS Naturals`, `CONSTANT M`, `VARIABLES x, y`, `x' = (x + 1) % 3`
//! under `WF_vars(Next)`, `PROPERTY <>(x = 5)`; .cfg `M = m`) loops back to state 1.

use super::*;

const ABC: &str = r#"---- MODULE Abc_TTrace_1796195545 ----
EXTENDS Abc_TEConstants, Sequences, TLCExt, Abc, Toolbox, Naturals, TLC

_expression ==
    LET Abc_TEExpression == INSTANCE Abc_TEExpression
    IN Abc_TEExpression!expression
----

_trace ==
    LET Abc_TETrace == INSTANCE Abc_TETrace
    IN Abc_TETrace!trace
----

_inv ==
    ~(
        TLCGet("level") = Len(_TETrace)
        /\
        yy = ({0, 1, 2})
        /\
        s = ("b")
        /\
        x = (3)
    )
----

_init ==
    /\ yy = _TETrace[1].yy
    /\ s = _TETrace[1].s
    /\ x = _TETrace[1].x
----

_next ==
    /\ \E i,j \in DOMAIN _TETrace:
        /\ \/ /\ j = i + 1
              /\ i = TLCGet("level")
        /\ yy  = _TETrace[i].yy
        /\ yy' = _TETrace[j].yy
        /\ s  = _TETrace[i].s
        /\ s' = _TETrace[j].s
        /\ x  = _TETrace[i].x
        /\ x' = _TETrace[j].x

\* Uncomment the ASSUME below to write the states of the error trace
\* to the given file in Json format. Note that you can pass any tuple
\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.
    \* ASSUME
    \*     LET J == INSTANCE Json
    \*         IN J!JsonSerialize("Abc_TTrace_1796195545.json", _TETrace)

=============================================================================

 Note that you can extract this module `Abc_TEExpression`
  to a dedicated file to reuse `expression` (the module in the 
  dedicated `Abc_TEExpression.tla` file takes precedence 
  over the module `Abc_TEExpression` below).

---- MODULE Abc_TEExpression ----
EXTENDS Abc_TEConstants, Sequences, TLCExt, Abc, Toolbox, Naturals, TLC

expression == 
    [
        \* To hide variables of the `Abc` spec from the error trace,
        \* remove the variables below.  The trace will be written in the order
        \* of the fields of this record.
        yy |-> yy
        ,s |-> s
        ,x |-> x
        
        \* Put additional constant-, state-, and action-level expressions here:
        \* ,_stateNumber |-> _TEPosition
        \* ,_yyUnchanged |-> yy = yy'
        
        \* Format the `yy` variable as Json value.
        \* ,_yyJson |->
        \*     LET J == INSTANCE Json
        \*     IN J!ToJson(yy)
        
        \* Lastly, you may build expressions over arbitrary sets of states by
        \* leveraging the _TETrace operator.  For example, this is how to
        \* count the number of times a spec variable changed up to the current
        \* state in the trace.
        \* ,_yyModCount |->
        \*     LET F[s \in DOMAIN _TETrace] ==
        \*         IF s = 1 THEN 0
        \*         ELSE IF _TETrace[s].yy # _TETrace[s-1].yy
        \*             THEN 1 + F[s-1] ELSE F[s-1]
        \*     IN F[_TEPosition - 1]
    ]

=============================================================================



Parsing and semantic processing can take forever if the trace below is long.
 In this case, it is advised to uncomment the module below to deserialize the
 trace from a generated binary file.

\*
\*---- MODULE Abc_TETrace ----
\*EXTENDS Abc_TEConstants, IOUtils, Abc, TLC
\*
\*trace == IODeserialize("Abc_TTrace_1796195545.bin", TRUE)
\*
\*=============================================================================
\*

---- MODULE Abc_TETrace ----
EXTENDS Abc_TEConstants, Abc, TLC

trace == 
    <<
    ([yy |-> {},s |-> "a",x |-> 0]),
    ([yy |-> {0},s |-> "a",x |-> 1]),
    ([yy |-> {0, 1},s |-> "a",x |-> 2]),
    ([yy |-> {0, 1, 2},s |-> "b",x |-> 3])
    >>
----


=============================================================================

---- MODULE Abc_TEConstants ----
EXTENDS Abc

CONSTANTS p1, p2

=============================================================================

---- CONFIG Abc_TTrace_1796195545 ----
CONSTANTS
    N = 3
    P = { p1 , p2 }
    q1 = q1
    p1 = p1
    p2 = p2
    q1 = q1

INVARIANT
    _inv

CHECK_DEADLOCK
    \* CHECK_DEADLOCK off because of PROPERTY or INVARIANT above.
    FALSE

INIT
    _init

NEXT
    _next

CONSTANT
    _TETrace <- _trace

ALIAS
    _expression
=============================================================================
\* Generated on Wed Dec 02 07:12:26 UTC 2026"#;

const CYC: &str = r#"---- MODULE Cyc_TTrace_1796196072 ----
EXTENDS Sequences, TLCExt, Toolbox, Cyc_TEConstants, Naturals, TLC, Cyc

_expression ==
    LET Cyc_TEExpression == INSTANCE Cyc_TEExpression
    IN Cyc_TEExpression!expression
----

_trace ==
    LET Cyc_TETrace == INSTANCE Cyc_TETrace
    IN Cyc_TETrace!trace
----

_prop ==
    ~(([]<>(
            x = (2)
            /\
            y = (m)
    ))/\([]<>(
            x = (0)
            /\
            y = (m)
    )))
----

_init ==
    /\ x = _TETrace[1].x
    /\ y = _TETrace[1].y
----

_next ==
    /\ \E i,j \in DOMAIN _TETrace:
        /\ \/ /\ j = i + 1
              /\ i = TLCGet("level")
           \/ /\ i = _TTraceLassoEnd
              /\ j = _TTraceLassoStart
        /\ x  = _TETrace[i].x
        /\ x' = _TETrace[j].x
        /\ y  = _TETrace[i].y
        /\ y' = _TETrace[j].y

\* Uncomment the ASSUME below to write the states of the error trace
\* to the given file in Json format. Note that you can pass any tuple
\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.
    \* ASSUME
    \*     LET J == INSTANCE Json
    \*         IN J!JsonSerialize("Cyc_TTrace_1796196072.json", _TETrace)


_view ==
    <<x, y, IF TLCGet("level") = _TTraceLassoEnd + 1 THEN _TTraceLassoStart ELSE TLCGet("level")>>
=============================================================================

 Note that you can extract this module `Cyc_TEExpression`
  to a dedicated file to reuse `expression` (the module in the 
  dedicated `Cyc_TEExpression.tla` file takes precedence 
  over the module `Cyc_TEExpression` below).

---- MODULE Cyc_TEExpression ----
EXTENDS Sequences, TLCExt, Toolbox, Cyc_TEConstants, Naturals, TLC, Cyc

expression == 
    [
        \* To hide variables of the `Cyc` spec from the error trace,
        \* remove the variables below.  The trace will be written in the order
        \* of the fields of this record.
        x |-> x
        ,y |-> y
        
        \* Put additional constant-, state-, and action-level expressions here:
        \* ,_stateNumber |-> _TEPosition
        \* ,_xUnchanged |-> x = x'
        
        \* Format the `x` variable as Json value.
        \* ,_xJson |->
        \*     LET J == INSTANCE Json
        \*     IN J!ToJson(x)
        
        \* Lastly, you may build expressions over arbitrary sets of states by
        \* leveraging the _TETrace operator.  For example, this is how to
        \* count the number of times a spec variable changed up to the current
        \* state in the trace.
        \* ,_xModCount |->
        \*     LET F[s \in DOMAIN _TETrace] ==
        \*         IF s = 1 THEN 0
        \*         ELSE IF _TETrace[s].x # _TETrace[s-1].x
        \*             THEN 1 + F[s-1] ELSE F[s-1]
        \*     IN F[_TEPosition - 1]
    ]

=============================================================================



Parsing and semantic processing can take forever if the trace below is long.
 In this case, it is advised to uncomment the module below to deserialize the
 trace from a generated binary file.

\*
\*---- MODULE Cyc_TETrace ----
\*EXTENDS IOUtils, Cyc_TEConstants, TLC, Cyc
\*
\*trace == IODeserialize("Cyc_TTrace_1796196072.bin", TRUE)
\*
\*=============================================================================
\*

---- MODULE Cyc_TETrace ----
EXTENDS Cyc_TEConstants, TLC, Cyc

trace == 
    <<
    ([x |-> 0,y |-> m]),
    ([x |-> 1,y |-> m]),
    ([x |-> 2,y |-> m])
    >>
----


=============================================================================

---- MODULE Cyc_TEConstants ----
EXTENDS Cyc

CONSTANTS m, _TTraceLassoStart, _TTraceLassoEnd

=============================================================================

---- CONFIG Cyc_TTrace_1796196072 ----
CONSTANTS
    M = m
    m = m
_TTraceLassoStart = 1
_TTraceLassoEnd = 3

PROPERTY
    _prop

CHECK_DEADLOCK
    \* CHECK_DEADLOCK off because of PROPERTY or INVARIANT above.
    FALSE

INIT
    _init

NEXT
    _next

VIEW
    _view

CONSTANT
    _TETrace <- _trace

ALIAS
    _expression
=============================================================================
\* Generated on Wed Dec 02 07:21:14 UTC 2026"#;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_broken_invariant_s_spec_is_tlc_s() {
    let input = Input {
        module: "Abc".into(),
        // TLC's order (`java_hash::sany_variable_order`).
        vars: strings(&["yy", "s", "x"]),
        states: vec![
            strings(&["{}", "\"a\"", "0"]),
            strings(&["{0}", "\"a\"", "1"]),
            strings(&["{0, 1}", "\"a\"", "2"]),
            strings(&["{0, 1, 2}", "\"b\"", "3"]),
        ],
        end: End::Plain,
        constants: strings(&["N = 3", "P = { p1 , p2 }", "q1 = q1"]),
        model_values: strings(&["p1", "p2", "q1"]),
        undeclared: strings(&["p1", "p2"]),
        epoch: 1_796_195_545,
        name: None,
        generated_on: "Wed Dec 02 07:12:26 UTC 2026".into(),
    };
    assert_eq!(text(&input), ABC);
}

#[test]
fn a_lasso_s_spec_is_tlc_s() {
    let input = Input {
        module: "Cyc".into(),
        vars: strings(&["x", "y"]),
        states: vec![
            strings(&["0", "m"]),
            strings(&["1", "m"]),
            strings(&["2", "m"]),
        ],
        end: End::BackTo(1),
        constants: strings(&["M = m"]),
        model_values: strings(&["m"]),
        undeclared: strings(&["m"]),
        epoch: 1_796_196_072,
        name: None,
        generated_on: "Wed Dec 02 07:21:14 UTC 2026".into(),
    };
    assert_eq!(text(&input), CYC);
}

#[test]
fn a_name_given_replaces_the_epoch_s() {
    let input = Input {
        module: "Cyc".into(),
        vars: strings(&["x"]),
        states: vec![strings(&["0"]), strings(&["1"])],
        end: End::Plain,
        constants: Vec::new(),
        model_values: Vec::new(),
        undeclared: Vec::new(),
        epoch: 1,
        name: Some("Mine".into()),
        generated_on: String::new(),
    };
    let t = text(&input);
    assert!(t.starts_with("---- MODULE Mine ----\n"));
    assert!(t.contains("---- CONFIG Mine ----\n"));
    assert!(t.contains("JsonSerialize(\"Mine.json\", _TETrace)"));
}
