//! `parlour`: the command line over parlour's crates. Each command parses
//! its flags, builds a position through a library call, and prints what the
//! library returns; no game logic lives here.

mod cmd_bench;
mod cmd_best;
mod cmd_board;
mod cmd_egdb;
mod cmd_hub;
mod cmd_match;
mod cmd_moves;
mod cmd_perft;
mod cmd_play;
mod options;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Checkers (english and huffing rules) and the Victorian peg game: move
/// generation, perft, and engines.
#[derive(Parser, Debug)]
#[command(name = "parlour", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move paths to a depth (perft), one line per depth:
    /// `<depth> <nodes> <seconds> <leaves per second>`.
    Perft(cmd_perft::PerftArgs),
    /// List the legal moves of a position, one per line, sorted.
    Moves(cmd_moves::MovesArgs),
    /// Draw the peg board with its hole numbers and list its generated
    /// tables (neighbours, opposite pairs, lines).
    Board(cmd_board::BoardArgs),
    /// Search a position for the best move: one `info depth ...` line per
    /// finished depth, then `bestmove <move>` (or `bestmove none`).
    Best(cmd_best::BestArgs),
    /// Search a fixed suite of positions to fixed depths: a table per
    /// position, the total nodes (a signature of the search) and nodes per
    /// second.
    Bench(cmd_bench::BenchArgs),
    /// Play engines against each other: openings in colour-swapped pairs,
    /// games at once, a progress bar, then W/L/D, Elo, LOS, pentanomial
    /// and SPRT tables; PDN and JSON-lines records a killed match resumes
    /// from.
    Match(cmd_match::MatchArgs),
    /// Run as a Hub engine on standard input and output (Scan's protocol,
    /// as pydraughts' HubEngine drives it).
    Hub(cmd_hub::HubArgs),
    /// Play a game against the engine in the terminal.
    Play(cmd_play::PlayArgs),
    /// Endgame databases for english checkers: build, probe, verify.
    Egdb(cmd_egdb::EgdbArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => cmd_perft::run(args),
        Command::Moves(args) => cmd_moves::run(args),
        Command::Board(args) => cmd_board::run(args),
        Command::Best(args) => cmd_best::run(args),
        Command::Bench(args) => cmd_bench::run(args),
        Command::Match(args) => cmd_match::run(args),
        Command::Hub(args) => cmd_hub::run(args),
        Command::Play(args) => cmd_play::run(args),
        Command::Egdb(args) => cmd_egdb::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("parlour: {message}");
            ExitCode::FAILURE
        }
    }
}
