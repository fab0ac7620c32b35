//! Opening books for parlour's games, for any game of the registry.
//!
//! - [`file`](mod@file): the book as data and as a versioned, checked file: a header
//!   (game, rules, how it is built), its roots with their progress, and an
//!   entry per position, keyed by the game's `hash` (so transpositions are
//!   one entry), each move with its value, the depth of the search behind
//!   it and how often the expansion chose it. Loaded with a size limit,
//!   saved atomically, merged from shares.
//! - [`lookup`]: a position's book moves with values backed up through the
//!   book, and the choice of one ([`Pick`]: the best, or a seeded choice
//!   within a margin of the best), where it rests deep enough to be played
//!   without a search (a floor on its depth).
//! - [`spec`]: a book as a user names it (`FILE`, `default` or `off`),
//!   opened for the rules played.
//! - [`builtin`](mod@builtin): the book built into parlour, for english checkers.
//! - [`check`]: a book's root moves against a deeper search.
//! - [`build`]: the builder, drop-out expansion from each root driven by
//!   parlour's own search, deterministic, resumable and split by root.
//!
//! ```
//! use parlour_book::{build, Pick, Settings, DEFAULT_FLOOR};
//! use parlour_checkers::{Position, Rules};
//! use parlour_game::perft::split::Share;
//! use parlour_game::Variant;
//! use std::sync::{atomic::AtomicBool, Arc};
//! let rules = Rules::ENGLISH;
//! let settings = Settings { depth: 2, nodes: None, penalty: 30 };
//! let roots = build::roots(&rules, &["start"]).unwrap();
//! let mut book = build::plan(&rules, settings, &roots, 3, Share::WHOLE);
//! let stop = Arc::new(AtomicBool::new(false));
//! let mut builder = build::Builder::new(rules, rules.default_evaluator(), stop).unwrap();
//! builder.run(&mut book, |_, _| build::Control::Go).unwrap();
//! assert_eq!(book.len(), 3);
//! let start = Position::start(rules);
//! // A book of depth-2 searches rests far below the depth a move must
//! // rest on to be played without a search: a player searches instead.
//! assert!(book.choose(&start, Pick::Best, DEFAULT_FLOOR, 0).is_none());
//! assert!(book.choose(&start, Pick::Best, 0, 0).is_some());
//! ```

pub mod build;
pub mod builtin;
pub mod check;
pub mod file;
pub mod lookup;
pub mod spec;
pub mod stats;

pub use build::{BuildError, Builder, Control, Finish, Progress, RootSpec};
pub use builtin::builtin;
pub use file::{Book, BookError, BookMove, Entry, Header, Root, Settings, DEFAULT_MAX_BYTES};
pub use lookup::{BookChoice, Pick, PickError, DEFAULT_FLOOR};
pub use spec::{BookSpec, BookSpecError};
