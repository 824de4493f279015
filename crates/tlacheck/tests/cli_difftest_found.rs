//! Differences the differential tester (crates/tla-difftest) found between tlacheck and TLC,
//! shrunk to small modules. Every expected text is TLC's own output for the same module
//! (TLC 2026.12, `java -XX:+UseParallelGC -jar tla2tools.jar -config E.cfg E.tla`, empty .cfg).

mod common;
use common::*;

// Every empty function TLC builds prints `<<>>` (FcnRcdValue's `<< >>` never shows).
#[test]
fn empty_functions_print_as_the_empty_tuple() {
    let spec = "---- MODULE E ----
EXTENDS Integers, Sequences, TLC, Bags
F[x \\in {}] == 0
ASSUME PrintT([x \\in {} |-> 0])
ASSUME PrintT(F)
ASSUME PrintT(SetToBag({}))
ASSUME PrintT([{} -> {1}])
ASSUME PrintT(<<[x \\in {} |-> 0]>>)
====
";
    run_model("E", spec, "", &[])
        .success()
        .block("<<>>\n<<>>\n<<>>\n{<<>>}\n<<<<>>>>\n");
}

// TLC's Tool leaves a function unchanged by an EXCEPT at an argument outside its domain and
// warns, naming the EXCEPT's first operand; MP.printWarning prints each text once, and adds
// the hint about -nowarning to the first warning of the run only. (W, a constant definition,
// is evaluated once.)
#[test]
fn except_outside_the_domain_warns_as_tlc_does() {
    let spec = "---- MODULE W ----
EXTENDS Integers, Sequences, TLC
W == [<<>> EXCEPT ![0] = 0]
ASSUME PrintT(W)
ASSUME PrintT(W)
ASSUME PrintT(W)
ASSUME PrintT([(0 :> 0) EXCEPT ![1] = @ + 1])
====
";
    let expected = "Warning: The EXCEPT was applied to non-existing fields of the value at
line 3, col 7 to line 3, col 10 of module W
(Use the -nowarning option to disable this warning.)
<<>>
<<>>
<<>>
Warning: The EXCEPT was applied to non-existing fields of the value at
line 7, col 17 to line 7, col 22 of module W
(0 :> 0)
";
    run_model("W", spec, "", &[]).success().block(expected);
    run_model("W", spec, "", &["-nowarning"])
        .success()
        .block("<<>>\n<<>>\n<<>>\n(0 :> 0)\n")
        .no_line_starting("Warning:");
}

// An invariant of constant level is evaluated once before the search: FALSE ends the run as a
// configuration error (TLC: "Error: The invariant of Inv is equal to FALSE", exit 151); a
// TRUE one is no violation (one initial state and its one successor).
#[test]
fn a_constant_invariant_is_judged_before_the_search() {
    let spec = "---- MODULE G ----
EXTENDS Integers
VARIABLES va
Init == va = 0
Next == UNCHANGED va
Inv == (1 < -1)
Yes == 1 < 2
====
";
    run_model("G", spec, "INIT Init\nNEXT Next\nINVARIANT Inv\n", &[])
        .code(151)
        .says("The invariant of Inv is equal to FALSE");
    run_model("G", spec, "INIT Init\nNEXT Next\nINVARIANT Yes\n", &[])
        .success()
        .line("2 states generated, 1 distinct states found, 0 states left on queue.");
}

// `\div` rounds down whatever the signs, also where truncation gives 0 (TLC 2026.12's
// Naturals.Divide; an older TLC left -1 \div 2 at 0), and -2147483648 \div -1 overflows.
#[test]
fn integer_division_rounds_down() {
    let spec = "---- MODULE V ----
EXTENDS Integers, TLC
ASSUME PrintT(<<(-1) \\div 2, 1 \\div (-2), (-7) \\div 2, 7 \\div (-2), (-7) \\div (-2), (-4) \\div 2, 0 \\div (-3), (-2147483647 - 1) \\div 2>>)
====
";
    run_model("V", spec, "", &[])
        .success()
        .line("<<-1, -1, -4, -4, 3, -2, 0, -1073741824>>");
}
