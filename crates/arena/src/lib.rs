//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess: players ([`Player`], built-in `random` and
//! `greedy`, search players through a factory), openings played in
//! colour-swapped pairs, scheduling of two engines, round-robins and
//! gauntlets on a rayon pool of the match's own, game clocks and
//! adjudication, Elo with error bars, pentanomial statistics and the exact
//! generalized SPRT of fishtest and fastchess ([`sprt`]), PDN and JSON-lines
//! records that a killed match resumes from.
//!
//! A results file starts with the match's header ([`MatchHeader`]): all
//! that decides which games are played and how. A resume compares it with
//! the match field by field and checks every record (a legal game of the
//! match, as recorded) before trusting it. A match can be cut into shards
//! ([`Shard`], `K/N`: the games of index `K - 1` modulo `N`) played on as
//! many machines, and [`merge_results`] merges their files into the report
//! of the whole match.
//!
//! Everything is generic over the game: a match is played on the game a
//! [`parlour_game::Variant`] (its rules value) names, which gives the
//! start position, how positions and move lines are read, the built-in
//! opening decks (for checkers the ACF ballots) and the PDN tags.
//!
//! The entry point is [`run_match`]. It takes a [`MatchConfig`], the
//! game's rules, a factory that builds a [`Player`] from a [`PlayerSpec`],
//! and a progress callback; progress bars are left to the caller (the CLI
//! draws one with indicatif from [`Progress`]), so this crate has no
//! terminal dependency.
//!
//! Players are made fresh for every game by the factory (so a match
//! replays exactly at any concurrency) and told the game's seed. A player
//! runs on the match's thread; the runner cannot interrupt it, so an
//! in-process engine must keep to its own limits; an engine over its clock
//! or move time loses on time when it answers. [`search_factory`] builds
//! every in-process kind: `search` as a [`SearchPlayer`] over
//! `parlour-search`, `greedy` on the game's evaluation, `random`;
//! [`hub_factory`] adds outside engines, `hub:COMMAND,depth=N`, as
//! [`HubPlayer`]s (a crash, a silence or an illegal move loses the game
//! with its reason, and the engine is restarted for the next). Any other
//! factory handles what it adds and hands the rest to [`builtin_factory`]:
//!
//! ```text
//! let builtin = builtin_factory(Some(eval));
//! let factory = move |spec: &PlayerSpec| match spec {
//!     PlayerSpec::Search { name, limits, .. } => Ok(Box::new(MyPlayer::new(name, limits)) as _),
//!     other => builtin(other),
//! };
//! ```
//!
//! ```
//! use parlour_arena::{run_match, search_factory, GameCount, MatchConfig};
//! use parlour_checkers::Rules;
//!
//! let config = MatchConfig {
//!     engines: vec!["random:seed=1".into(), "greedy".into()],
//!     openings: Some("deck".into()),
//!     games: GameCount::Rounds(2),
//!     ..MatchConfig::default()
//! };
//! let factory = search_factory(Rules::ENGLISH, None);
//! let report = run_match(&config, &Rules::ENGLISH, &factory, &|_| {}).unwrap();
//! assert_eq!(report.records.len(), 4);
//! println!("{report}");
//! ```

pub mod chart;
mod check;
mod error;
mod game;
mod header;
mod html;
pub mod hub;
mod merge;
pub mod openings;
mod player;
pub mod records;
mod report;
mod runner;
pub mod search;
mod shard;
mod spec;
pub mod sprt;
pub mod stats;
mod tally;

pub use error::{
    BuildError, BuildProblem, MatchError, OpeningError, RecordError, ReportError, ShardError,
    SpecError, SpecProblem, SprtError, TimeControlError,
};
pub use game::{Adjudication, DrawRule, ResignRule};
pub use header::{HeaderOpening, MatchHeader, HEADER_FORMAT};
pub use html::html_report;
pub use hub::{hub_factory, HubPlayer};
pub use merge::merge_results;
pub use openings::{Opening, OpeningBook, OpeningSpec};
pub use parlour_game::mix_seed;
pub use parlour_hub::EngineError;
pub use player::{
    builtin_factory, Choice, ClockState, Evaluator, Factory, GreedyPlayer, Player, RandomPlayer,
};
pub use records::{read_header, read_results, GameRecord, ResultsFile};
pub use report::{table, MatchReport, SprtStatus};
pub use runner::{run_match, GameCount, MatchConfig, Progress, Tournament};
pub use search::{search_factory, SearchPlayer};
pub use shard::Shard;
pub use spec::{Limits, PlayerSpec, TimeControl};
pub use sprt::{Hypothesis, Sprt, SprtModel};
pub use stats::{EloEstimate, Pentanomial, Wld};
pub use tally::{PairingTally, Tally};
