//! The plan of a match: everything decided before its first game, from
//! what it is told ([`MatchConfig`]): the engines' specs, checked; the
//! schedule of games; the openings, drawn once; the header that names the
//! match in its results file. A game follows from the plan and its index
//! alone, so shards and resumed runs play the same games.

pub(crate) mod adjudication;
pub(crate) mod config;
pub(crate) mod error;
pub(crate) mod header;
mod opening;
pub mod openings;
pub(crate) mod options;
mod pdn_openings;
pub(crate) mod schedule;
pub(crate) mod shard;
pub(crate) mod spec;

use config::MatchConfig;
use error::PlanError;
use header::MatchHeader;
use openings::{OpeningSpec, Openings, OpeningsOptions};
use parlour_game::registry;
use parlour_game::tables::SharedTables;
use parlour_game::{Evaluate, Variant};
use schedule::{GameCount, Schedule};
use spec::PlayerSpec;
use std::path::Path;

/// The most games one match plays (all its pairings together): the
/// schedule, the finished games and random openings are kept in memory.
pub const MOST_GAMES: usize = 10_000_000;

/// The engines of a match, their specs read and their names told apart.
pub(crate) struct Engines {
    /// Each engine's spec, by index.
    pub specs: Vec<PlayerSpec>,
    /// Each engine's display name.
    pub names: Vec<String>,
}

/// A match planned: what its games are played from.
pub(crate) struct Plan<G: Evaluate> {
    /// The engines.
    pub engines: Engines,
    /// Who plays whom, game by game.
    pub schedule: Schedule,
    /// The openings, one per round.
    pub openings: Openings<G>,
    /// The match's identity, the first line of its results file.
    pub header: MatchHeader,
    /// The endgame databases that adjudicate its games, if any.
    pub tables: Option<SharedTables<G>>,
}

impl Engines {
    /// The engines of `config`: at least two, each spec read, no two of
    /// one name.
    pub fn of(config: &MatchConfig) -> Result<Engines, PlanError> {
        if config.engines.len() < 2 {
            let count = config.engines.len();
            return Err(PlanError::TooFewEngines { count });
        }
        let specs = config.engines.clone();
        let names: Vec<String> = specs.iter().map(|s| s.name().to_string()).collect();
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                return Err(PlanError::SameName { name: name.clone() });
            }
        }
        Ok(Engines { specs, names })
    }
}

impl<G: Evaluate> Plan<G> {
    /// The plan of the match `config` describes, of the game `rules`
    /// plays, with `engines`: its settings and output paths checked, its
    /// openings loaded (random ones drawn), its schedule and header made.
    pub fn new<V: Variant<Position = G>>(
        config: &MatchConfig,
        rules: &V,
        engines: Engines,
        evaluations: Vec<Option<String>>,
    ) -> Result<Plan<G>, PlanError> {
        check_settings(config, engines.specs.len())?;
        check_outputs(config)?;
        let openings = config
            .openings
            .as_deref()
            .unwrap_or_else(|| V::default_openings());
        let spec = OpeningSpec::parse::<V>(openings)?;
        let openings = Openings::load(&spec, rules, &OpeningsOptions::of(config))?.openings;
        let per_pairing = match config.games {
            GameCount::Deck => 2 * openings.len().ok_or(PlanError::Endless)?,
            GameCount::Rounds(0) | GameCount::Games(0) => return Err(PlanError::NoGames),
            GameCount::Rounds(r) => 2 * r as usize,
            GameCount::Games(g) => (g as usize).div_ceil(2) * 2,
        };
        let schedule = Schedule::new(config.tournament, engines.specs.len(), per_pairing);
        let games = schedule.total();
        if games > MOST_GAMES {
            return Err(PlanError::TooManyGames { games });
        }
        if let Some(shard) = config.shard.filter(|s| s.index() as usize > games) {
            let (index, count) = (shard.index(), shard.count());
            return Err(PlanError::EmptyShard {
                index,
                count,
                games,
            });
        }
        // Random openings are drawn once, here (even ones take a search each).
        let openings = openings.fixed(per_pairing / 2);
        let header = MatchHeader::of(config, rules, &openings, per_pairing, evaluations);
        let tables = match &config.adjudicate_egdb {
            Some(dir) => Some(open_tables::<V>(dir)?),
            None => None,
        };
        Ok(Plan {
            engines,
            schedule,
            openings,
            header,
            tables,
        })
    }

    /// The indices of the games this run plays: the whole match, or its
    /// shard.
    pub fn planned(&self) -> Vec<usize> {
        let shard = self.header.shard;
        (0..self.schedule.total())
            .filter(|&i| shard.is_none_or(|s| s.holds(i)))
            .collect()
    }
}

/// The game `V`'s endgame databases in `dir`.
fn open_tables<V: Variant>(dir: &Path) -> Result<SharedTables<V::Position>, PlanError> {
    let fail = |source| PlanError::Databases {
        dir: dir.to_path_buf(),
        source,
    };
    registry::tables::<V>(dir).map_err(fail)
}

/// The settings that must agree with each other and with `engines`
/// engines.
fn check_settings(config: &MatchConfig, engines: usize) -> Result<(), PlanError> {
    if config.concurrency == 0 {
        return Err(PlanError::Concurrency);
    }
    if config.sprt.is_some() && engines != 2 {
        return Err(PlanError::SprtEngines);
    }
    if config.sprt.is_some() && config.shard.is_some() {
        return Err(PlanError::SprtShard);
    }
    if config.resume && config.results.is_none() {
        return Err(PlanError::ResumeWithoutResults);
    }
    Ok(())
}

/// The files the match writes: each its own, and the HTML report's folder
/// there (found out now, not after the match).
fn check_outputs(config: &MatchConfig) -> Result<(), PlanError> {
    if let (Some(pdn), Some(results)) = (&config.pdn, &config.results) {
        if same_file(pdn, results) {
            let path = results.clone();
            return Err(PlanError::SameFile { path });
        }
    }
    let Some(html) = &config.html else {
        return Ok(());
    };
    let records = [&config.results, &config.pdn].into_iter().flatten();
    if let Some(path) = records.into_iter().find(|p| same_file(p, html)) {
        let path = path.clone();
        return Err(PlanError::HtmlOverRecords { path });
    }
    let folder = html.parent().filter(|f| !f.as_os_str().is_empty());
    if let Some(folder) = folder.filter(|f| !f.is_dir()) {
        return Err(PlanError::HtmlFolder {
            path: html.clone(),
            folder: folder.to_path_buf(),
        });
    }
    Ok(())
}

/// Whether two paths name one file: the same path, or (for files that
/// exist) the same file by another path.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => {
            // Not both there yet: the same name in the same folder.
            let folder = |p: &Path| {
                p.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .map_or_else(|| std::fs::canonicalize("."), std::fs::canonicalize)
                    .ok()
            };
            a.file_name() == b.file_name() && folder(a).is_some() && folder(a) == folder(b)
        }
    }
}
