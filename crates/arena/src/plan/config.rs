//! What a match is told: the engines, the schedule, the openings, the
//! adjudication and the files to write, as the caller gives them.

use crate::plan::adjudication::Adjudication;
use crate::plan::schedule::{GameCount, Tournament};
use crate::plan::shard::Shard;
use crate::plan::spec::PlayerSpec;
use parlour_game::registry::EvalSpec;
use parlour_report::Sprt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Everything a match is told, as text and numbers: [`crate::run_match`]
/// checks it all before the first game.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines (`random:seed=3`, `greedy`, `search:depth=8`, ...), at
    /// least two, their specs read where their text entered.
    pub engines: Vec<PlayerSpec>,
    /// Round-robin or gauntlet, for more than two engines.
    pub tournament: Tournament,
    /// Games per pairing.
    pub games: GameCount,
    /// The openings: `start`, `random`, `random:plies=N`, a deck of the
    /// game (checkers: `deck`, `all`, `tough`), or a file; `None` for the
    /// game's default ([`parlour_game::Variant::default_openings`]: the 156-ballot deck
    /// for checkers).
    pub openings: Option<String>,
    /// Play the openings in an order drawn from the seed.
    pub shuffle_openings: bool,
    /// A PDN openings file's games cut to this many plies (all when `None`).
    pub opening_plies: Option<usize>,
    /// End a game as soon as its position is in the endgame databases in
    /// this folder, with their value (fastchess's `-tbadjudicate`).
    pub adjudicate_egdb: Option<std::path::PathBuf>,
    /// Begin at this opening of the openings, from 0 (fastchess's `start=`).
    pub opening_start: usize,
    /// Games played at once, each on a thread of the match's own pool.
    pub concurrency: usize,
    /// The match seed: every game's seed is derived from it and the game's
    /// index, so the same seed gives the same games at any concurrency.
    pub seed: u64,
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// How far an engine may overrun its clock or move time before it
    /// loses on time.
    pub time_margin: Duration,
    /// An SPRT that stops the match when a bound is crossed (two engines
    /// only; not on a shard).
    pub sprt: Option<Sprt>,
    /// Play only this shard of the match: the games whose index is
    /// `K - 1` modulo `N`.
    pub shard: Option<Shard>,
    /// The evaluation the factory gives search and greedy engines that
    /// name none: the caller builds the factory with it, and the match
    /// records it in its header.
    pub eval: Option<EvalSpec>,
    /// The PDN file written game by game.
    pub pdn: Option<PathBuf>,
    /// The JSON-lines results file written game by game (needed to resume).
    pub results: Option<PathBuf>,
    /// Continue the match recorded in `results`: its finished games are
    /// kept and counted, the others played.
    pub resume: bool,
    /// The PDN `Event` tag.
    pub event: String,
    /// The match report as one HTML page ([`parlour_report::html_report`]), written
    /// when the match ends, a stopped match included.
    pub html: Option<PathBuf>,
    /// Set to stop the match: games under way finish and are recorded, no
    /// new game starts.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            engines: Vec::new(),
            tournament: Tournament::RoundRobin,
            games: GameCount::Deck,
            openings: None,
            shuffle_openings: false,
            opening_plies: None,
            adjudicate_egdb: None,
            opening_start: 0,
            concurrency: 1,
            seed: 1,
            adjudication: Adjudication::default(),
            time_margin: Duration::from_millis(100),
            sprt: None,
            shard: None,
            eval: None,
            pdn: None,
            results: None,
            resume: false,
            event: "parlour match".to_string(),
            html: None,
            stop: None,
        }
    }
}
