//! Parse time of the 20 largest `.tla` files of the shared corpus (`../shared/corpus`, read at
//! run time). Run with `cargo bench -p tla-syntax --bench parse`; skipped, with a message, when
//! the corpus is absent.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// (path, text) of the 20 largest `.tla` files, largest first.
fn largest() -> &'static [(PathBuf, String)] {
    static FILES: OnceLock<Vec<(PathBuf, String)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let Some(root) = corpus_root() else {
            return Vec::new();
        };
        let mut files = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "tla") {
                    if let Ok(bytes) = std::fs::read(&path) {
                        files.push((path, String::from_utf8_lossy(&bytes).into_owned()));
                    }
                }
            }
        }
        files.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
        files.truncate(20);
        files
    })
}

fn corpus_root() -> Option<PathBuf> {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    [beside, PathBuf::from("/work/shared/corpus")]
        .into_iter()
        .find(|p| p.is_dir())
}

fn main() {
    let files = largest();
    if files.is_empty() {
        println!("skipped: no .tla files under ../shared/corpus");
        return;
    }
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    println!(
        "{} largest corpus modules, {} bytes in all (largest {} bytes, {})",
        files.len(),
        bytes,
        files[0].1.len(),
        files[0].0.display()
    );
    for (path, text) in files {
        if let Err(d) = tla_syntax::parse_module(text) {
            let file = tla_syntax::SourceFile::new(path.display().to_string(), text.clone());
            panic!("{}", d.render(&file));
        }
    }
    divan::main();
}

/// Lexing and parsing all 20 files: the figure to compare with the 50 ms budget.
#[divan::bench]
fn parse_20_largest(bencher: divan::Bencher) {
    let files = largest();
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    bencher
        .counter(divan::counter::BytesCount::new(bytes))
        .bench(|| {
            for (_, text) in files {
                divan::black_box(tla_syntax::parse_module(divan::black_box(text)).ok());
            }
        });
}

/// Lexing alone, to see how the time divides.
#[divan::bench]
fn lex_20_largest(bencher: divan::Bencher) {
    let files = largest();
    bencher.bench(|| {
        for (_, text) in files {
            divan::black_box(tla_syntax::lexer::lex(divan::black_box(text)).ok());
        }
    });
}

/// The largest file alone.
#[divan::bench]
fn parse_largest(bencher: divan::Bencher) {
    let text = &largest()[0].1;
    bencher.bench(|| divan::black_box(tla_syntax::parse_module(divan::black_box(text)).ok()));
}
