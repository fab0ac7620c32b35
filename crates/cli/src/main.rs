//! `parlour`: the command line over parlour's crates. Each command parses
//! its flags, reaches the game asked for through the list of games
//! (`parlour_games::Games`), and prints what the libraries return; no game
//! logic, and no game's name, lives here.
//!
//! Errors: a flag clap cannot read is a usage error (exit status 2); any
//! other failure is a message on stderr, the error and its causes, and
//! exit status 1.

mod options;
mod png;
mod progress;

use clap::{Parser, Subcommand};
use parlour_game::echo::{echo, printable, ECHO_CHARS};
use std::ffi::OsString;
use std::process::ExitCode;

/// A command: its flags, and what it does with them.
trait Run {
    /// Runs the command.
    fn run(self) -> anyhow::Result<()>;
}

/// The subcommands, each a variant with its module (`cmd_*.rs`, declared
/// here), its flags' type (which implements [`Run`]) and its `--help` text:
/// a new command is a file and one entry here.
macro_rules! commands {
    ($($(#[doc = $doc:expr])* $name:ident($module:ident::$args:ident),)*) => {
        $(mod $module;)*

        #[derive(Subcommand, Debug)]
        enum Command {
            $($(#[doc = $doc])* $name($module::$args),)*
        }

        impl Run for Command {
            fn run(self) -> anyhow::Result<()> {
                match self {
                    $(Command::$name(args) => args.run(),)*
                }
            }
        }
    };
}

commands! {
    /// Count move paths to a depth (perft), one line per depth:
    /// `<depth> <nodes> <seconds> <leaves per second>`.
    Perft(cmd_perft::PerftArgs),
    /// List the legal moves of a position, one per line, sorted.
    Moves(cmd_moves::MovesArgs),
    /// Draw a generated board (the peg game's) with its hole numbers and
    /// list its tables (neighbours, opposite pairs, lines).
    Board(cmd_board::BoardArgs),
    /// Draw a position (`--fen`/`--position`, or a PDN game after `--ply`
    /// plies) as text, and with `--svg FILE` as an SVG diagram.
    Show(cmd_show::ShowArgs),
    /// Search a position for the best move: one `info depth ...` line per
    /// finished depth, then `bestmove <move>` (or `bestmove none`).
    Best(cmd_best::BestArgs),
    /// Analyse the games of a PDN file: every move gets the engine's score
    /// as a comment (`{+0.35/14 0.101s}`), mistakes `?`/`??` with the
    /// better move and its line.
    Analyse(cmd_analyse::AnalyseArgs),
    /// Search a fixed suite of positions to fixed depths: a table per
    /// position, the total nodes (a signature of the search) and nodes per
    /// second.
    Bench(cmd_bench::BenchArgs),
    /// Play engines against each other: openings in colour-swapped pairs,
    /// games at once, a progress bar, then W/L/D, Elo, LOS, pentanomial
    /// and SPRT tables; PDN and JSON-lines records a killed match resumes
    /// from; `--shard K/N` plays one of N parts of the match.
    Match(cmd_match::MatchArgs),
    /// Merge the results files of one match (its shards from several
    /// machines, or runs of it) into the tables `match` prints, refusing
    /// files of different matches and games found twice; `--pdn` merges
    /// the games, `--sprt` tests the merged pairs.
    Report(cmd_report::ReportArgs),
    /// Run as a Hub engine on standard input and output (Scan's protocol,
    /// as pydraughts' HubEngine drives it).
    Hub(cmd_hub::HubArgs),
    /// Play a game against the engine in the terminal.
    Play(cmd_play::PlayArgs),
    /// Play the engine against itself and record training positions (the
    /// search's score and the game's result) for `parlour train`.
    Selfplay(cmd_selfplay::SelfPlayArgs),
    /// Fit the learned evaluation to self-play data and write a weights
    /// file for `--eval FILE`.
    Train(cmd_train::TrainArgs),
    /// Endgame databases for english checkers: build, probe, verify.
    Egdb(cmd_egdb::EgdbArgs),
}

/// Checkers (english and huffing rules) and the Victorian peg game: move
/// generation, perft, and engines.
#[derive(Parser, Debug)]
#[command(name = "parlour", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    let command = parse().command;
    // The games' endgame tables open through the registry from here on.
    parlour_games::install_tables();
    match command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // One line: what the error quotes of the input is cut short
            // where it was read; control characters are escaped here.
            let message = parlour_game::echo::printable(&format!("{error:#}"));
            eprintln!("parlour: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The command line as clap reads it. A usage error is clap's message and
/// exit status, but what it quotes of the input is shown as every other
/// message shows input: cut to 80 characters, control characters escaped.
fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(), // --help, --version
        Err(error) => {
            eprint!("{}", quoting_short(&error.render().to_string(), &args));
            std::process::exit(error.exit_code());
        }
    }
}

/// `message` with every argument in `args` too long or unprintable to
/// repeat (or the value of a `--flag=VALUE`) shown through [`echo`], and
/// every other control character but its line breaks escaped.
fn quoting_short(message: &str, args: &[OsString]) -> String {
    let mut quoted: Vec<String> = args
        .iter()
        .map(|arg| arg.to_string_lossy().into_owned())
        .flat_map(|arg| match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => vec![value.to_string(), arg],
            _ => vec![arg],
        })
        .filter(|arg| arg.chars().count() > ECHO_CHARS || arg.contains(char::is_control))
        .collect();
    // The longest first, so that a part never cuts a whole one short.
    quoted.sort_by_key(|arg| std::cmp::Reverse(arg.len()));
    let mut text = message.to_string();
    for arg in &quoted {
        text = text.replace(arg.as_str(), &echo(arg).to_string());
    }
    let lines: Vec<String> = text.split('\n').map(printable).collect();
    lines.join("\n")
}
