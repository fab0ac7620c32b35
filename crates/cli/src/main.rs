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
    ($($(#[doc = $doc:expr])* $name:ident($module:ident::$args:ident) $examples:expr,)*) => {
        $(mod $module;)*

        #[derive(Subcommand, Debug)]
        enum Command {
            $(
                $(#[doc = $doc])*
                #[command(after_help = concat!("Examples:\n", $examples))]
                $name($module::$args),
            )*
        }

        /// Every command's examples, as its `--help` ends with them.
        #[cfg(test)]
        const EXAMPLES: &[&str] = &[$($examples),*];

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
    Perft(cmd_perft::PerftArgs)
    concat!(
        "  parlour perft --depth 10\n",
        "  parlour perft --depth 8 --rules huffing --divide\n",
        "  parlour perft --game pegs --depth 4 --results perft.txt --resume\n",
    ),
    /// List the legal moves of a position, one per line, sorted.
    Moves(cmd_moves::MovesArgs)
    concat!(
        "  parlour moves --fen \"W:W14,30:B9,15\"\n",
        "  parlour moves --moves 11-15,23-19\n",
        "  parlour moves --game pegs --position \"b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w\"\n",
    ),
    /// Draw a generated board (the peg game's) with its hole numbers and
    /// list its tables (neighbours, opposite pairs, lines).
    Board(cmd_board::BoardArgs)
    concat!(
        "  parlour board --game pegs\n",
        "  parlour board --game pegs --rules squares=4,diagonals=0 --svg board.svg\n",
    ),
    /// Draw a position (`--fen`/`--position`, or a PDN game after `--ply`
    /// plies) as text, and with `--svg FILE` as an SVG diagram.
    Show(cmd_show::ShowArgs)
    concat!(
        "  parlour show --moves 11-15,23-19 --svg game.svg\n",
        "  parlour show --fen \"B:W18,24,27,28,K10:B12,16,20,K22\" --flip --png pos.png\n",
        "  parlour show --pdn games.pdn --number 3 --ply 20\n",
    ),
    /// Search a position for the best move: one `info depth ...` line per
    /// finished depth, then `bestmove <move>` (or `bestmove none`).
    Best(cmd_best::BestArgs)
    concat!(
        "  parlour best --movetime 1000\n",
        "  parlour best --depth 12 --moves 11-15,23-19 --svg best.svg --arrows 4\n",
        "  parlour best --fen \"W:WK1:BK32,K28\" --egdb --depth 20\n",
        "  parlour best --depth 10 --multipv 3\n",
        "  parlour best --movetime 100 --skill 3 --seed 7\n",
    ),
    /// Solve a problem: search until the position's value is proven (a
    /// win or loss with its distance and line, or the endgame databases'
    /// value) or the limit (a minute) runs out, then say which.
    Solve(cmd_solve::SolveArgs)
    concat!(
        "  parlour solve --fen \"W:W14,15,32:B6,7,12\"\n",
        "  parlour solve --fen \"W:WK19,K23:B12,K28\" --egdb --threads 1\n",
    ),
    /// Analyse the games of a PDN file: every move gets the engine's score
    /// as a comment (`{+0.35/14 0.101s}`), mistakes `?`/`??` with the
    /// better move and its line.
    Analyse(cmd_analyse::AnalyseArgs)
    concat!(
        "  parlour analyse games.pdn --movetime 500 --out analysed.pdn\n",
        "  parlour analyse games.pdn --number 2 --depth 10 --html game2.html\n",
    ),
    /// Search a fixed suite of positions to fixed depths: a table per
    /// position, the total nodes (a signature of the search) and nodes per
    /// second.
    Bench(cmd_bench::BenchArgs)
    concat!(
        "  parlour bench --threads 1\n",
        "  parlour bench --rules huffing --eval handwritten\n",
    ),
    /// Play engines against each other: openings in colour-swapped pairs,
    /// games at once, a progress bar, then W/L/D, Elo, LOS, pentanomial
    /// and SPRT tables; PDN and JSON-lines records a killed match resumes
    /// from; `--shard K/N` plays one of N parts of the match.
    Match(cmd_match::MatchArgs)
    concat!(
        "  parlour match --rounds 10\n",
        "  parlour match --engine search:movetime=100,name=a --engine \"hub:parlour hub,movetime=100,name=b\" \\\n",
        "      --rounds 200 --concurrency 2 --results ab.jsonl --pdn ab.pdn --sprt 0,10,0.05,0.05\n",
        "  parlour match --engine search:depth=8 --engine greedy --results ab.jsonl --resume --wide\n",
    ),
    /// Merge the results files of one match (its shards from several
    /// machines, or runs of it) into the tables `match` prints, refusing
    /// files of different matches and games found twice; `--pdn` merges
    /// the games, `--sprt` tests the merged pairs.
    Report(cmd_report::ReportArgs)
    concat!(
        "  parlour report shard-1.jsonl shard-2.jsonl --pdn all.pdn\n",
        "  parlour report ab.jsonl --sprt 0,10,0.05,0.05 --html report.html\n",
    ),
    /// Run as a Hub engine on standard input and output (Scan's protocol,
    /// as pydraughts' HubEngine drives it).
    Hub(cmd_hub::HubArgs)
    concat!(
        "  parlour hub\n",
        "  parlour hub --threads 1 --hash 64 --egdb\n",
    ),
    /// Play a game against the engine in the terminal.
    Play(cmd_play::PlayArgs)
    concat!(
        "  parlour play\n",
        "  parlour play --rules huffing --colour white --engine search:movetime=500\n",
        "  parlour play --game pegs --pdn game.pdn\n",
    ),
    /// Play the engine against itself and record training positions (the
    /// search's score and the game's result) for `parlour train`.
    Selfplay(cmd_selfplay::SelfPlayArgs)
    concat!(
        "  parlour selfplay --out sp.bin --games 1000\n",
        "  parlour selfplay --out sp.bin --games 60 --concurrency 1 --seed 3\n",
    ),
    /// Fit the learned evaluation to self-play data and write a weights
    /// file for `--eval FILE`.
    Train(cmd_train::TrainArgs)
    concat!(
        "  parlour train --data sp.bin --out my.w\n",
        "  parlour train --network --data sp-1.bin sp-2.bin --out my.net --epochs 20\n",
    ),
    /// Serve the board in a browser: play the engine, analyse with it,
    /// set up positions, read and write PDN, annotate games, and follow a
    /// match while it is played (`--watch`). Listens on this machine only
    /// unless `--host` says otherwise.
    Serve(cmd_serve::ServeArgs)
    concat!(
        "  parlour serve --open\n",
        "  parlour serve --port 8000 --egdb /data/egdb\n",
        "  parlour serve --watch ab.jsonl --port 0\n",
        "  parlour serve --host 0.0.0.0 --searches 4\n",
    ),
    /// Opening books: build one by drop-out expansion over the search
    /// (resumable, in shares by root), show a position's book moves, a
    /// book's statistics, merge shares, check its root moves by a deeper
    /// search. `default` names the book built in (english checkers).
    Book(cmd_book::BookArgs)
    concat!(
        "  parlour book build --out english.book --size 500 --depth 8\n",
        "  parlour book build --out start.book --roots start --size 50 --depth 4 --resume\n",
        "  parlour book build --out share-2.book --share 2/4\n",
        "  parlour book show --book default --moves 11-15,23-19\n",
        "  parlour book stats --book english.book\n",
        "  parlour book merge --out english.book share-1.book share-2.book\n",
        "  parlour book check --book default --depth 16\n",
    ),
    /// Tune the search's parameters by SPSA, fishtest's way: game pairs
    /// between engines whose values are moved up and down along a random
    /// direction (needs a build with `--features tune`); resumable, in
    /// shares for several machines; `show` prints what runs found.
    Tune(cmd_tune::TuneArgs)
    concat!(
        "  parlour tune run --out tune.jsonl --pairs 2000 --limit movetime=100\n",
        "  parlour tune run --out tune.jsonl --resume\n",
        "  parlour tune run --out tune-2.jsonl --share 2/4 --params rfp_margin,lmr_base,lmr_divisor\n",
        "  parlour tune show tune.jsonl\n",
        "  parlour tune show tune-*.jsonl\n",
        "  parlour tune show --params\n",
    ),
    /// Endgame databases for english checkers: build, probe, verify.
    Egdb(cmd_egdb::EgdbArgs)
    concat!(
        "  parlour egdb build --pieces 5\n",
        "  parlour egdb probe --fen \"W:WK1:BK32,K28\"\n",
        "  parlour egdb verify --dir /data/egdb\n",
    ),
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
        // The reader of a game went away (`parlour play | head`): nothing
        // is left to say, and no one to say it to.
        Err(error) if reader_gone(&error) => ExitCode::SUCCESS,
        Err(error) => {
            // One line: what the error quotes of the input is cut short
            // where it was read; control characters are escaped here.
            let message = parlour_game::echo::printable(&format!("{error:#}"));
            eprintln!("parlour: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `error` is `play` writing to a pipe whose reader has closed it.
/// Only `play`'s own input and output: a Hub engine that closes its input
/// is a broken pipe too, and that one must be reported.
fn reader_gone(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        matches!(
            cause.downcast_ref(),
            Some(parlour_hub::PlayError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe
        )
    })
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
            let error = values_short(error);
            eprint!("{}", quoting_short(&error.render().to_string(), &args));
            std::process::exit(error.exit_code());
        }
    }
}

/// `error` with every value it quotes (the bad value, the argument) shown
/// through [`echo`] before clap writes it: clap would repeat a value in
/// full, and its writer drops some control characters, so the value it
/// prints is not always the argument given.
fn values_short(mut error: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    let values: Vec<_> = error.context().map(|(k, v)| (k, v.clone())).collect();
    for (kind, value) in values {
        let short = match value {
            ContextValue::String(s) => ContextValue::String(echo(&s).to_string()),
            ContextValue::Strings(all) => {
                ContextValue::Strings(all.iter().map(|s| echo(s).to_string()).collect())
            }
            _ => continue,
        };
        error.insert(kind, short);
    }
    error
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every example a `--help` ends with reads: clap accepts its flags as
    /// the command's own (a renamed or removed flag fails here).
    #[test]
    fn every_help_example_parses() {
        let mut commands = 0;
        for examples in EXAMPLES {
            // A line ending in `\` goes on on the next.
            let joined = examples.replace("\\\n", " ");
            let lines: Vec<&str> = joined.lines().collect();
            assert!(lines.len() >= 2, "fewer than two examples: {examples}");
            for line in lines {
                let words = parlour_hub::client::split_command(line.trim()).unwrap();
                assert_eq!(words[0], "parlour", "{line}");
                if let Err(e) = Cli::try_parse_from(&words) {
                    panic!("`{line}` does not parse: {e}");
                }
            }
            commands += 1;
        }
        assert_eq!(commands, 18);
    }
}
