//! Json and IOUtils natives (`tlc2/module/Json.java`, CommunityModules `IOUtils.java`).

mod natives_common;
use natives_common::*;
use tla_eval::Evaluator;

#[test]
fn to_json_encodes_like_gson() {
    check(
        "Json, TLC, Integers, Sequences",
        r#"
R == ToJson([a |-> 1, b |-> <<"x", TRUE>>])
S == ToJson({3, 1})
F == ToJson((2 :> "x" @@ 5 :> "y"))
Sq == ToJson((1 :> "x" @@ 2 :> "y"))
E == ToJson(<<>>)
Esc == ToJson("q\"b\\s\n")
Interval == ToJson(2 .. 4)
Obj == ToJsonObject(<<5, 6>>)
Arr == ToJsonArray({<<1>>})
"#,
        &[
            ("R", r#""{\"a\":1,\"b\":[\"x\",true]}""#),
            ("S", r#""[1,3]""#),
            ("F", r#""{\"2\":\"x\",\"5\":\"y\"}""#),
            ("Sq", r#""[\"x\",\"y\"]""#),
            ("E", r#""[]""#),
            ("Esc", r#""\"q\\\"b\\\\s\\n\"""#),
            ("Interval", r#""[2,3,4]""#),
            ("Obj", r#""{\"0\":5,\"1\":6}""#),
            ("Arr", r#""[[1]]""#),
        ],
    );
}

#[test]
fn json_files_round_trip() {
    let dir = temp_dir("json");
    let file = |n: &str| dir.join(n).display().to_string();
    let defs = format!(
        r#"
Data == <<[a |-> 1, b |-> "x"], <<2, 3>>, {{TRUE}}>>
W1 == JsonSerialize("{nd}", Data)
R1 == ndJsonDeserialize("{nd2}")
W2 == ndJsonSerialize("{nd2}", Data)
R2 == ndJsonDeserialize("{nd2}")
R3 == JsonDeserialize("{nd}")
"#,
        nd = file("sub/out.json"),
        nd2 = file("out.ndjson"),
    );
    let spec = load_in(&dir, "Json, TLC, Integers, Sequences", &defs);
    let ev = Evaluator::new(&spec);
    check_with(&ev, &spec, &[("W1", "TRUE"), ("W2", "TRUE")]);
    assert_eq!(
        std::fs::read_to_string(dir.join("sub/out.json")).unwrap(),
        "[\n{\"a\":1,\"b\":\"x\"},\n[2,3],\n[true]\n]\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("out.ndjson")).unwrap(),
        "{\"a\":1,\"b\":\"x\"}\n[2,3]\n[true]\n"
    );
    check_with(
        &ev,
        &spec,
        &[
            ("R2", "<<[a |-> 1, b |-> \"x\"], <<2, 3>>, <<TRUE>>>>"),
            ("R3", "<<[a |-> 1, b |-> \"x\"], <<2, 3>>, <<TRUE>>>>"),
        ],
    );
}

#[test]
fn json_strings_read_alike_with_and_without_escapes() {
    use tla_eval::natives::json::parse_document;
    // The same names and strings plain, escaped, repeated (read again from the parser's
    // interned strings) and non-ASCII; an unterminated string is an error.
    let doc = r#"[{"ev":"<","n":"a\"b"},{"\u0065v":"\u003c","n":"a\"b"},{"ev":"<","n":"é"},"ev"]"#;
    let v = parse_document(doc).expect("parses");
    assert_eq!(
        v.to_string(),
        r#"<<[ev |-> "<", n |-> "a\"b"], [ev |-> "<", n |-> "a\"b"], [ev |-> "<", n |-> "é"], "ev">>"#
    );
    assert!(parse_document(r#"{"ev":"<}"#).is_err());
    assert!(parse_document(r#"{"ev:"<"}"#).is_err());
}

#[test]
fn nd_json_reads_trace_logs() {
    let dir = temp_dir("ndjson");
    std::fs::write(
        dir.join("log.ndjson"),
        "{\"N\":5}\r\n{\"event\":\"<\",\"pkt\":{\"vc\":{\"0\":1,\"1\":2}},\"big\":4294967297,\"f\":2.7}\n",
    )
    .unwrap();
    let defs = format!(
        "Log == ndJsonDeserialize(\"{}\")\nN == Log[1].N\nVC == Log[2].pkt.vc\nBig == Log[2].big\nF == Log[2].f\nEv == Log[2].event",
        dir.join("log.ndjson").display()
    );
    let spec = load_in(&dir, "Json, TLC, Integers, Sequences", &defs);
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("N", "5"),
            ("VC", "[0 |-> 1, 1 |-> 2]"),
            ("Big", "1"),
            ("F", "2"),
            ("Ev", "\"<\""),
        ],
    );
}

#[test]
fn ioutils() {
    let dir = temp_dir("io");
    let txt = dir.join("t.txt").display().to_string();
    let defs = format!(
        r#"
A1 == atoi("42")
A2 == atoi("-7")
A3 == atoi("x")
Pkg == IOEnv.CARGO_PKG_NAME
Pad == zeroPadN(5, 3)
NoPad == zeroPadN(1234, 3)
Echo == IOExec(<<"echo", "hi">>).stdout
Code == IOExec(<<"sh", "-c", "exit 3">>).exitValue
Tmpl == IOExecTemplate(<<"echo", "%s-%s">>, <<"a", "b">>).stdout
EnvExec == IOEnvExec([FOO |-> "bar"], <<"sh", "-c", "echo $FOO">>).stdout
Ser == Serialize("payload", "{txt}", [format |-> "TXT", charset |-> "UTF-8", openOptions |-> <<"WRITE", "CREATE", "TRUNCATE_EXISTING">>]).exitValue
De == Deserialize("{txt}", [format |-> "TXT", charset |-> "UTF-8"]).stdout
"#
    );
    let spec = load_in(&dir, "IOUtils, TLC, Integers, Sequences", &defs);
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[
            ("A1", "42"),
            ("A2", "-7"),
            ("Pkg", "\"tla-eval\""),
            ("Pad", "\"005\""),
            ("NoPad", "\"1234\""),
            ("Echo", "\"hi\\n\""),
            ("Code", "3"),
            ("Tmpl", "\"a-b\\n\""),
            ("EnvExec", "\"bar\\n\""),
            ("Ser", "0"),
            ("De", "\"payload\""),
        ],
    );
    assert_eq!(
        error_of(&ev, &spec, "A3"),
        "The argument of atoi should be a string, but instead it is:\n\"x\""
    );
}

#[test]
fn csv_write_appends_formatted_lines() {
    let dir = temp_dir("csv");
    let file = dir.join("out.csv").display().to_string();
    let defs = format!(
        "Before == CSVRecords(\"{file}\")\nW == CSVWrite(\"%1$s#%2$s\", <<\"abc\", 42>>, \"{file}\")\nAfter == CSVRecords(\"{file}\")"
    );
    let spec = load_in(&dir, "CSV, TLC, Integers", &defs);
    let ev = Evaluator::new(&spec);
    check_with(
        &ev,
        &spec,
        &[("Before", "0"), ("W", "TRUE"), ("After", "1")],
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("out.csv")).unwrap(),
        "\"abc\"#42\n"
    );
}
