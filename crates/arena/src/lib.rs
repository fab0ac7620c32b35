//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess: players ([`Player`], built-in `random` and
//! `greedy`, search players through a factory), openings played in
//! colour-swapped pairs, scheduling of two engines, round-robins and
//! gauntlets on a rayon pool of the match's own, game clocks and
//! adjudication, PDN and JSON-lines records that a killed match resumes
//! from. What the records show (Elo with error bars, pentanomial
//! statistics, the generalized SPRT of fishtest and fastchess, the HTML
//! report) is `parlour-report`'s, re-exported here.
//!
//! A match flows one way through four steps, the first three a folder
//! each:
//!
//! - `plan/`: what the match is told ([`MatchConfig`]) checked and
//!   resolved: engine specs, the schedule, shards, openings, the header.
//! - `play/`: the players, each engine's clock, one game from its opening
//!   to its end, and the referee that says how it ended.
//! - `record/`: each game written down (results and PDN files), the files
//!   read back, and every record checked before a resume or a merge
//!   trusts it.
//! - the report: `parlour-report`, from the records alone.
//!
//! `run.rs` runs the steps in turn and `merge.rs` reports on the results
//! files of several runs or shards.
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
//! let factory = move |spec: &PlayerSpec| match &spec.kind {
//!     PlayerKind::Search { limits, .. } => Ok(Box::new(MyPlayer::new(spec.name(), limits)) as _),
//!     _ => builtin(spec),
//! };
//! ```
//!
//! ```
//! use parlour_arena::{run_match, search_factory, GameCount, MatchConfig, PlayerSpec};
//! use parlour_checkers::Rules;
//!
//! let config = MatchConfig {
//!     engines: PlayerSpec::read_all(&["random:seed=1", "greedy"]).unwrap(),
//!     openings: Some("deck".into()),
//!     games: GameCount::Rounds(2),
//!     ..MatchConfig::default()
//! };
//! let factory = search_factory(Rules::ENGLISH, None);
//! let report = run_match(&config, &Rules::ENGLISH, &factory, &|_| {}).unwrap();
//! assert_eq!(report.records.len(), 4);
//! println!("{report}");
//! ```

pub mod analyse;
mod error;
mod merge;
mod plan;
mod play;
mod record;
mod run;

pub use error::{MatchError, ReportError};
pub use merge::merge_results;
pub use parlour_game::mix_seed;
pub use parlour_hub::EngineError;
pub use parlour_report::{
    chart, html_report, sprt, stats, table, Cells, EloEstimate, GameRecord, Hypothesis,
    MatchReport, MoveNote, PairingTally, Pentanomial, Sprt, SprtError, SprtModel, SprtStatus,
    Tally, TallyError, Termination, Wld,
};
pub use plan::adjudication::{Adjudication, DrawRule, ResignRule};
pub use plan::config::MatchConfig;
pub use plan::error::{
    HeaderProblem, OpeningError, PlanError, RuleError, ShardError, SpecError, SpecProblem,
    TimeControlError,
};
pub use plan::header::{HeaderOpening, MatchHeader, HEADER_FORMAT};
pub use plan::openings::{self, Loaded, Opening, OpeningSpec, Openings, OpeningsOptions};
pub use plan::options::{AllowedOptions, EngineKind, SpecKey};
pub use plan::schedule::{GameCount, Tournament};
pub use plan::shard::Shard;
pub use plan::spec::{EngineOptions, PlayerKind, PlayerSpec, TimeControl};
pub use plan::MOST_GAMES;
pub use play::error::{BuildError, BuildProblem};
pub use play::hub::{self, hub_factory, HubPlayer};
pub use play::player::{
    builtin_factory, Choice, ClockState, Evaluator, Factory, GreedyPlayer, Player, RandomPlayer,
};
pub use play::search::{self, search_factory, SearchPlayer};
pub use record::check::Mismatch;
pub use record::error::RecordError;
pub use record::played::today;
pub use record::results::{read_header, read_results, ResultsFile};
pub use run::{run_match, Progress};
