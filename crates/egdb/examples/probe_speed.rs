//! How long opening the databases and one probe take:
//! `cargo run --release -p parlour-egdb --example probe_speed -- DIR`.
//!
//! Probes random english positions with 2 to `max_pieces` pieces (both
//! sides to move), the kind of question a search asks at its leaves.

use parlour_checkers::{Bitboard, Position, Rules};
use parlour_egdb::Egdb;
use parlour_game::Side;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: probe_speed DIR");
    let start = Instant::now();
    let egdb = match Egdb::open(&dir) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!(
        "opened up to {} pieces in {:.2} s",
        egdb.max_pieces(),
        start.elapsed().as_secs_f64()
    );
    let mut rng = rand::rngs::StdRng::seed_from_u64(13);
    let mut positions = Vec::new();
    while positions.len() < 1_000_000 {
        let n = rng.random_range(2..=egdb.max_pieces());
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        for i in 0..n {
            let sq = loop {
                let sq = rng.random_range(0..32);
                if (black | white) & (1 << sq) == 0 {
                    break sq;
                }
            };
            let black_piece = i == 0 || (i > 1 && rng.random_bool(0.5));
            let king =
                rng.random_bool(0.5) || (black_piece && sq >= 28) || (!black_piece && sq < 4);
            if black_piece {
                black |= 1 << sq;
            } else {
                white |= 1 << sq;
            }
            if king {
                kings |= 1 << sq;
            }
        }
        let side = if rng.random_bool(0.5) {
            Side::Black
        } else {
            Side::White
        };
        if let Ok(p) = Position::from_parts(
            Bitboard(black),
            Bitboard(white),
            Bitboard(kings),
            side,
            Rules::ENGLISH,
        ) {
            positions.push(p);
        }
    }
    let start = Instant::now();
    let mut wins = 0u32;
    for p in &positions {
        if egdb.probe(p) == Some(parlour_egdb::Wdl::Win) {
            wins += 1;
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / positions.len() as f64;
    println!(
        "{} probes, {:.0} ns each ({} wins)",
        positions.len(),
        ns,
        wins
    );
}
