//! Parse and resolve (name resolution, instances, level checking) of the 20 largest `.tla`
//! files of the shared corpus, each with every module it uses. Run with
//! `cargo bench -p tla-sema --bench load`; skipped, with a message, when the corpus is absent.

use std::path::{Path, PathBuf};

// The allocator the tlacheck binary uses.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::sync::OnceLock;
use tla_sema::SearchPath;

fn corpus_root() -> Option<PathBuf> {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    [beside, PathBuf::from("/work/shared/corpus")]
        .into_iter()
        .find(|p| p.is_dir())
}

/// The 20 largest `.tla` files that load without error, largest first, and the search path.
fn largest() -> &'static (Vec<PathBuf>, SearchPath) {
    static FILES: OnceLock<(Vec<PathBuf>, SearchPath)> = OnceLock::new();
    FILES.get_or_init(|| {
        let Some(root) = corpus_root() else {
            return (Vec::new(), SearchPath::default());
        };
        let search = SearchPath::new(&[root.join("_community"), root.join("_tlapm")], None);
        let mut files: Vec<(u64, PathBuf)> = Vec::new();
        for dir in std::fs::read_dir(&root).into_iter().flatten().flatten() {
            for f in std::fs::read_dir(dir.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let p = f.path();
                if p.extension().is_some_and(|e| e == "tla") {
                    files.push((f.metadata().map(|m| m.len()).unwrap_or(0), p));
                }
            }
        }
        files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let picked = files
            .into_iter()
            .map(|(_, p)| p)
            .filter(|p| tla_sema::load_spec(p, &search).is_ok())
            .take(20)
            .collect();
        (picked, search)
    })
}

fn main() {
    let (files, _) = largest();
    if files.is_empty() {
        println!("skipped: no loadable .tla files under ../shared/corpus");
        return;
    }
    println!(
        "{} largest loadable corpus modules, from {}",
        files.len(),
        files[0].display()
    );
    divan::main();
}

/// Loading all 20 (parse and resolve, with the modules each uses): the figure for the 50 ms budget.
#[divan::bench]
fn load_20_largest(bencher: divan::Bencher) {
    let (files, search) = largest();
    bencher.bench(|| {
        for f in files {
            divan::black_box(tla_sema::load_spec(divan::black_box(f), search).ok());
        }
    });
}
