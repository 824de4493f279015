//! Translates one file and prints the result (a development aid): `pcal_one Spec.tla [opts]`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("readable file");
    let mut opts = tla_pcal::Options {
        nocfg: true,
        ..Default::default()
    };
    opts.apply(&args[2..], false).expect("options");
    match tla_pcal::translate(&text, &opts, None) {
        Ok(t) => print!("{}", t.text),
        Err(e) => {
            eprintln!("{}", e.msg);
            std::process::exit(2)
        }
    }
}
