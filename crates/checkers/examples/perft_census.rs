//! The distinct positions at each ply from the start, for sizing deep
//! perft's table (`docs/perft.md`):
//! `cargo run --release -p parlour-checkers --example perft_census -- english 12`.

use parlour_checkers::{Position, Rules};
use parlour_game::perft::census::census;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let rules: Rules = args
        .next()
        .unwrap_or_else(|| "english".into())
        .parse()
        .expect("rules: english or huffing");
    let plies: u32 = args
        .next()
        .map_or(10, |t| t.parse().expect("a number of plies"));
    let started = Instant::now();
    println!("ply positions seconds");
    census(&Position::start(rules), plies, |c| {
        println!(
            "{} {} {:.1}",
            c.ply,
            c.positions,
            started.elapsed().as_secs_f64()
        );
    });
}
