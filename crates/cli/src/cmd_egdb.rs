//! `parlour egdb`: build, probe and verify the english endgame databases
//! (`parlour-egdb`), with progress bars for the long jobs.

use clap::{Args, Subcommand};
use crate::progress::Progress as CliProgress;
use std::sync::atomic::{AtomicBool, Ordering};
use crate::Run;
use anyhow::{bail, Context, Result};
use parlour_egdb::{Egdb, MaterialReport, Position, Progress, Rules};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Flags of `parlour egdb`.
#[derive(Args, Debug)]
pub struct EgdbArgs {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand, Debug)]
enum EgdbCommand {
    /// Build every english slice with up to N pieces (a killed build
    /// resumes at the material it was building).
    Build {
        /// The most pieces on the board, 2 to 8 (6 takes about 11 minutes
        /// on two cores; 7 and 8 many times longer).
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=i64::from(parlour_egdb::MAX_PIECES)))]
        pieces: u32,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Print `win`, `loss` or `draw` for the side to move of a position.
    Probe {
        /// The position in PDN FEN (`B:WK32:BK1,K3`).
        #[arg(long)]
        fen: String,
        /// The rules; only `english` positions are in the databases.
        #[arg(long, default_value = "english")]
        rules: String,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Check every stored value against its successors' values, found
    /// with the move generator of parlour-checkers.
    Verify {
        #[command(flatten)]
        dir: DirArg,
    },
}

/// `--dir`.
#[derive(Args, Debug)]
struct DirArg {
    /// Where the databases are (default: `$XDG_DATA_HOME/parlour/egdb`,
    /// else `~/.local/share/parlour/egdb`).
    #[arg(long)]
    dir: Option<PathBuf>,
}

impl DirArg {
    fn resolve(&self) -> Result<PathBuf> {
        match &self.dir {
            Some(d) => Ok(d.clone()),
            None => default_dir(),
        }
    }
}

/// Where the databases are unless a command is told: `$XDG_DATA_HOME/
/// parlour/egdb`, else `~/.local/share/parlour/egdb` (`egdb` without
/// `--dir`, `best --egdb` with no DIR).
pub fn default_dir() -> Result<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(data) = var("XDG_DATA_HOME") {
        return Ok(PathBuf::from(data).join("parlour").join("egdb"));
    }
    if let Some(home) = var("HOME") {
        return Ok(PathBuf::from(home).join(".local/share/parlour/egdb"));
    }
    bail!("no databases' directory given, and neither XDG_DATA_HOME nor HOME is set")
}

/// The databases' directory an `--egdb [DIR]` flag names (`--egdb` alone:
/// [`default_dir`]), if the flag is given.
pub fn flag_dir(flag: &Option<Option<PathBuf>>) -> Result<Option<PathBuf>> {
    match flag {
        Some(None) => Ok(Some(default_dir()?)),
        Some(Some(dir)) => Ok(Some(dir.clone())),
        None => Ok(None),
    }
}

impl Run for EgdbArgs {
    fn run(self) -> Result<()> {
        match self.command {
        EgdbCommand::Build { pieces, dir } => build(pieces, &dir.resolve()?),
        EgdbCommand::Probe { fen, rules, dir } => probe(&fen, &rules, &dir.resolve()?),
        EgdbCommand::Verify { dir } => verify(&dir.resolve()?),
        }
    }
}

fn build(pieces: u32, dir: &Path) -> Result<()> {
    let start = Instant::now();
    let bars = Bars::new("build");
    let summary = parlour_egdb::build(dir, pieces, &bars);
    bars.finish(&summary);
    let summary = summary?;
    let positions: u64 = summary.materials.iter().map(|r| r.positions).sum();
    let bytes: u64 = std::fs::read_dir(dir)
        .with_context(|| dir.display().to_string())?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "egdb"))
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{positions} positions up to {pieces} pieces in {:.1} s; {} bytes in {}",
        start.elapsed().as_secs_f64(),
        bytes,
        dir.display()
    );
    Ok(())
}

fn probe(fen: &str, rules: &str, dir: &Path) -> Result<()> {
    let rules: Rules = rules.parse()?;
    let pos = Position::from_fen(fen, rules).context("bad --fen")?;
    let value = Egdb::probe_once(dir, &pos)?;
    println!("{value}");
    Ok(())
}

fn verify(dir: &Path) -> Result<()> {
    let start = Instant::now();
    let bars = Bars::new("verify");
    let report = parlour_egdb::verify(dir, &bars);
    bars.finish(&report);
    let report = report?;
    println!(
        "verified {} positions and {} stored distances up to {} pieces in {:.1} s",
        report.positions,
        report.distances,
        report.max_pieces,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The gaps `say_coverage` names one by one; past them it counts.
const GAPS_SHOWN: usize = 3;

/// Says on stderr which piece counts the databases in `dir` hold, and
/// warns of each file missing or unreadable where one should be: without
/// it the search would use fewer pieces without a word (`best`, `hub`,
/// `match`, and every command taking `--egdb`).
pub fn say_coverage(dir: &Path) {
    let coverage = match parlour_egdb::Coverage::scan(dir) {
        Ok(coverage) => coverage,
        Err(e) => return eprintln!("parlour: warning: {e}"),
    };
    eprintln!(
        "parlour: endgame databases in {}: {coverage}",
        dir.display()
    );
    let gaps = coverage.gaps();
    for gap in gaps.iter().take(GAPS_SHOWN) {
        eprintln!(
            "parlour: warning: {gap}; the search uses the databases up to {} pieces",
            coverage.complete()
        );
    }
    if gaps.len() > GAPS_SHOWN {
        eprintln!(
            "parlour: warning: and {} more files like these; run `parlour egdb build --pieces {}`",
            gaps.len() - GAPS_SHOWN,
            coverage.rebuild_pieces()
        );
    }
}

/// A build's or verification's progress on stderr (the command's one kind
/// of progress, in per cent of the work), with a line of figures for each
/// material as it is done, under a header; every line fits 80 columns.
struct Bars {
    progress: CliProgress,
    /// Whether the materials' header is written.
    header: AtomicBool,
}

impl Bars {
    fn new(what: &'static str) -> Bars {
        let command = match what {
            "build" => "parlour egdb build",
            _ => "parlour egdb verify",
        };
        Bars {
            progress: CliProgress::new(command, "%", false),
            header: AtomicBool::new(false),
        }
    }

    /// The job ended: a summary if it went well, else the bar cleared
    /// for the error's message.
    fn finish<T, E>(&self, result: &std::result::Result<T, E>) {
        match result {
            Ok(_) => self.progress.finish("every material done"),
            Err(_) => self.progress.clear(),
        }
    }
}

/// One material's figures under the header [`columns`] makes of the
/// columns' names.
fn material_line(r: &MaterialReport) -> String {
    let names: Vec<String> = r.materials.iter().map(|m| m.to_string()).collect();
    let time = if r.loaded {
        "loaded".to_string()
    } else {
        format!("{:.1} s", r.seconds)
    };
    let figures = [r.positions, r.wins, r.losses, r.draws].map(|n| n.to_string());
    let [positions, wins, losses, draws] = figures.each_ref().map(String::as_str);
    let plies = r.max_distance.0.to_string();
    columns([&names.join(" "), positions, wins, losses, draws, &plies, &time])
}

/// A material line's seven cells in their columns (79 characters): the
/// materials, positions, wins, losses, draws, the longest win in plies,
/// and the time taken (or `loaded`).
fn columns(cells: [&str; 7]) -> String {
    let [names, positions, wins, losses, draws, plies, time] = cells;
    format!("{names:<19} {positions:>10} {wins:>10} {losses:>10} {draws:>10} {plies:>5} {time:>9}")
}

impl Progress for Bars {
    fn begin(&self, total: u64, done: u64) {
        self.progress.start("", total, done);
    }

    fn material_begin(&self, name: &str, _work: u64) {
        self.progress.note(name.to_string());
    }

    fn advance(&self, work: u64) {
        self.progress.advance(work);
    }

    fn material_end(&self, r: &MaterialReport) {
        if !self.header.swap(true, Ordering::Relaxed) {
            let names = [
                "materials",
                "positions",
                "wins",
                "losses",
                "draws",
                "plies",
                "time",
            ];
            self.progress.println(&columns(names));
        }
        self.progress.println(&material_line(r));
    }
}
