//! Playing the games: the players ([`Player`](crate::Player), the built-in
//! `random` and `greedy`, parlour's searcher, outside Hub engines), each
//! engine's clock, one game from its opening to its end, and the referee
//! that says how it ended.

pub(crate) mod clock;
pub(crate) mod error;
pub(crate) mod game;
pub mod hub;
pub(crate) mod player;
pub(crate) mod referee;
pub mod search;
