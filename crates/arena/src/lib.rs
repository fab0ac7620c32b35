//! Engine-vs-engine matches for parlour's games, in the manner of
//! cutechess-cli and fastchess: players ([`Player`], built-in `random` and
//! `greedy`, search players through a factory), openings played in
//! colour-swapped pairs, scheduling of two engines, round-robins and
//! gauntlets on a rayon pool of the match's own, game clocks and
//! adjudication, Elo with error bars, pentanomial statistics and SPRT,
//! PDN and JSON-lines records that a killed match resumes from.
//!
//! Everything is generic over [`parlour_game::Game`]; what a game must add
//! (reading positions, opening decks, PDN tags) is the [`GameFormat`] trait,
//! implemented for checkers by [`Checkers`] (both rule sets: english games
//! carry `GameType "21"`, huffing ones a `Rules` tag) and for the peg game
//! by [`Pegs`].
//!
//! The entry point is [`run_match`]. It takes a [`MatchConfig`], the game's
//! format, a factory that builds a [`Player`] from a [`PlayerSpec`], and a
//! progress callback; progress bars are left to the caller (the CLI draws
//! one with indicatif from [`Progress`]), so this crate has no terminal
//! dependency.
//!
//! Players are made fresh for every game by the factory (so a match
//! replays exactly at any concurrency) and told the game's seed. A player
//! runs on the match's thread; the runner cannot interrupt it, so an
//! in-process engine must keep to its own limits; an engine over its clock
//! or move time loses on time when it answers. For a game that implements
//! [`parlour_game::Evaluate`], [`search_factory`] builds every kind:
//! `search` as a [`SearchPlayer`] over `parlour-search`, `greedy` on the
//! game's evaluation, `random`; for a game spoken over Hub,
//! [`hub_factory`] adds outside engines, `hub:COMMAND,depth=N`, as
//! [`HubPlayer`]s (a crash, a silence or an illegal move loses the game
//! with its reason, and the engine is restarted for the next). Any other
//! factory handles what it adds and hands the rest to [`builtin_factory`]:
//!
//! ```text
//! let builtin = builtin_factory(Some(eval));
//! let factory = move |spec: &PlayerSpec| match spec {
//!     PlayerSpec::Search { name, limits } => Ok(Box::new(MyPlayer::new(name, limits)) as _),
//!     other => builtin(other),
//! };
//! ```
//!
//! ```
//! use parlour_arena::{builtin_factory, run_match, Checkers, GameCount, MatchConfig};
//! use parlour_checkers::{Position, Rules};
//! use std::sync::Arc;
//!
//! let config = MatchConfig {
//!     engines: vec!["random:seed=1".into(), "greedy".into()],
//!     openings: Some("deck".into()),
//!     games: GameCount::Rounds(2),
//!     ..MatchConfig::default()
//! };
//! let eval: parlour_arena::Evaluator<Position> = Arc::new(parlour_arena::checkers::material);
//! let factory = builtin_factory(Some(eval));
//! let report = run_match(&config, &Checkers::new(Rules::ENGLISH), &factory, &|_| {}).unwrap();
//! assert_eq!(report.records.len(), 4);
//! println!("{report}");
//! ```

pub mod checkers;
mod format;
mod game;
pub mod hub;
pub mod openings;
pub mod pegs;
mod player;
pub mod records;
mod report;
mod runner;
pub mod search;
mod spec;
pub mod stats;
mod tally;

pub use checkers::Checkers;
pub use format::GameFormat;
pub use game::{Adjudication, DrawRule, ResignRule};
pub use hub::{hub_factory, HubPlayer};
pub use openings::{Opening, OpeningBook, OpeningSpec};
pub use pegs::Pegs;
pub use player::{
    builtin_factory, mix_seed, Choice, ClockState, Evaluator, Factory, GreedyPlayer, Player,
    PlayerError, RandomPlayer,
};
pub use records::GameRecord;
pub use report::{table, MatchReport, SprtStatus};
pub use runner::{run_match, GameCount, MatchConfig, Progress, Tournament};
pub use search::{search_factory, SearchPlayer};
pub use spec::{Limits, PlayerSpec, TimeControl};
pub use stats::{EloEstimate, Hypothesis, Pentanomial, Sprt, Wld};
pub use tally::{PairingTally, Tally};
