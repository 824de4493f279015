//! Bad input never panics: our algorithms cut, spliced and with characters replaced (a
//! fixed pseudo-random sequence, so failures repeat) must translate or give an error.

use std::path::Path;

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

const PIECES: &[&str] = &[
    "begin",
    "end",
    "while",
    "do",
    "if",
    "then",
    "else",
    "elsif",
    "either",
    "or",
    "with",
    "call",
    "return",
    "goto",
    "process",
    "procedure",
    "macro",
    "define",
    "variables",
    ":=",
    "||",
    ";",
    ":",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<<",
    ">>",
    "\\A",
    "\\E",
    "\"",
    "(*",
    "*)",
    "\\*",
    "\n",
    "\t",
    "--algorithm",
    "fair",
    "+",
    "-",
    "await",
    "skip",
    "assert",
    "print",
    "Done",
    "self",
    "=",
    "\\in",
    ",",
    "é",
];

#[test]
fn mutated_algorithms_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut inputs = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.to_string_lossy().ends_with(".expected.tla") {
            continue;
        }
        inputs.push(std::fs::read_to_string(&p).unwrap());
    }
    inputs.sort();
    let mut rng = Lcg(42);
    let opts = tla_pcal::Options {
        nocfg: true,
        ..Default::default()
    };
    for round in 0..3000 {
        let base: Vec<char> = inputs[round % inputs.len()].chars().collect();
        let mut text = base.clone();
        for _ in 0..1 + rng.next() % 4 {
            if text.is_empty() {
                break;
            }
            let at = rng.next() % text.len();
            match rng.next() % 4 {
                0 => {
                    let n = (rng.next() % 20).min(text.len() - at);
                    text.drain(at..at + n);
                }
                1 => {
                    let piece = PIECES[rng.next() % PIECES.len()];
                    for (k, c) in piece.chars().enumerate() {
                        text.insert(at + k, c);
                    }
                }
                2 => text[at] = PIECES[rng.next() % PIECES.len()].chars().next().unwrap(),
                _ => text.truncate(at),
            }
        }
        let s: String = text.into_iter().collect();
        let r = std::panic::catch_unwind(|| tla_pcal::translate(&s, &opts, None));
        assert!(r.is_ok(), "panic on round {round}:\n{s}");
    }
}
