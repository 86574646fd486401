//! `cargo run -p camelot-board --example board -- simulate …`: the board game's command line
//! (`camelot board …` in the project's binary).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(camelot_board::cli::main(&args));
}
