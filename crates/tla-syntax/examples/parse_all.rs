use tla_syntax::{parse_module, SourceFile};
fn main() {
    let mut ok = 0;
    let mut bad = 0;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(_) => continue,
        };
        match parse_module(&text) {
            Ok(_) => ok += 1,
            Err(d) => {
                bad += 1;
                print!("{}", d.render(&SourceFile::new(path.clone(), text.clone())));
            }
        }
    }
    println!("{ok} ok, {bad} bad");
}
