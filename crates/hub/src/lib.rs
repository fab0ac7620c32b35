//! Talking to other programs and to people: the Hub protocol (Scan's line
//! protocol for draughts engines, as pydraughts' `HubEngine` and Hub GUIs
//! speak it) and a game in the terminal.
//!
//! - [`message`]: reading and writing Hub lines.
//! - [`games`]: how each game's positions and moves are written on the wire
//!   (pydraughts' 33-character english position and Hub moves; parlour's
//!   own text forms, through `pos fen=...`, for huffing and the peg game).
//! - [`server`]: the engine, [`serve`] over any reader and writer, its
//!   search on its own thread.
//! - [`client`]: [`HubClient`], driving another Hub engine with timeouts.
//! - [`terminal`]: [`play`], a game against the engine in a terminal.
//!
//! ```
//! use parlour_hub::{serve, ServerOptions};
//! let mut out = Vec::new();
//! serve(&b"hub\ninit\nping\nquit\n"[..], &mut out, ServerOptions::default()).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("wait\nready\npong\n"));
//! ```

pub mod client;
pub mod games;
pub mod message;
pub mod server;
pub mod terminal;

pub use client::{Answer, ClientError, ClientOptions, HubClient};
pub use games::{HubGame, Variant};
pub use message::Message;
pub use server::{serve, ServerOptions};
pub use terminal::{play, PlayOptions};
