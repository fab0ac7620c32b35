//! `parlour report`: the results files of one match (its shards, played on
//! several machines, or runs of it) merged into the tables `parlour match`
//! prints at its end, the same columns and rows, optionally with the games
//! merged into one PDN file and an SPRT applied to the merged pairs. The
//! game and its rules come from the files' match header; the arena checks
//! that the files are one match, that every game is legal, and that none is
//! found twice.

use crate::options::WideArg;
use crate::cmd_match::{sprt_of, SprtModelArg};
use crate::Run;
use parlour_game::echo::echo;
use anyhow::{Context, Result};
use clap::Args;
use parlour_arena::{html_report, merge_results, read_header, MatchHeader, MatchReport};
use parlour_game::{GameList, Variant, Visit};
use parlour_games::Games;
use std::io::Write;
use std::path::PathBuf;

/// Flags of `parlour report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The results files (`--results` of `parlour match`) of one match: its
    /// shards, in any order, or runs of it.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Write every merged game, in the match's order, to this PDN file.
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// Apply a sequential probability ratio test to the merged pairs:
    /// `elo0,elo1,alpha,beta` (as in `0,5,0.05,0.05`); two engines only.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// How the SPRT's Elo bounds are read: `logistic` (default) or
    /// `normalized`.
    #[arg(long, value_enum, value_name = "MODEL", requires = "sprt")]
    sprt_model: Option<SprtModelArg>,
    #[command(flatten)]
    wide: WideArg,
    /// Also write the report as one self-contained HTML page: the tables,
    /// a crosstable, an Elo chart, results by opening, terminations, time
    /// per move, and every game in a viewer on the game's diagram.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// The merge of the flags' files, on the game their header names.
struct Merge<'a> {
    args: &'a ReportArgs,
    header: &'a MatchHeader,
}

impl Visit for Merge<'_> {
    type Output = Result<MatchReport>;

    fn visit<V: Variant>(self) -> Result<MatchReport> {
        let first = echo(&self.args.files[0].display()).to_string();
        let rules = V::parse_rules(&self.header.rules)
            .with_context(|| format!("results file `{first}`: its rules do not read"))?;
        let sprt = sprt_of(self.args.sprt.as_deref(), self.args.sprt_model)?;
        let report = merge_results(&self.args.files, &rules, sprt, self.args.pdn.as_deref())?;
        if let Some(path) = &self.args.html {
            let files: Vec<String> = self
                .args
                .files
                .iter()
                .map(|f| f.display().to_string())
                .collect();
            let title = format!("parlour report: {}", files.join(", "));
            std::fs::write(path, html_report(&report, &rules, &title))
                .with_context(|| format!("cannot write --html {}", echo(&path.display())))?;
        }
        Ok(report)
    }
}

impl Run for ReportArgs {
    fn run(self) -> Result<()> {
        let header = read_header(&self.files[0])?;
        let merge = Merge {
            args: &self,
            header: &header,
        };
        let report = Games::visit(&header.game, merge)
            .with_context(|| format!("results file `{}`", echo(&self.files[0].display())))??;
        // A reader gone away (`| head`) ends the output, not the program
        // with a panic.
        match write!(std::io::stdout().lock(), "{}", report.text(self.wide.width())) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e).context("cannot write"),
            _ => Ok(()),
        }
    }
}
