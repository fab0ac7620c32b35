//! Talking to other programs and to people: the Hub protocol (Scan's line
//! protocol for draughts engines, as pydraughts' `HubEngine` and Hub GUIs
//! speak it) and a game in the terminal.
//!
//! Every game comes from the registry: the server plays the games of the
//! [`parlour_game::GameList`] it is given (the binary gives parlour's own,
//! `parlour_games::Games`), each Hub variant the one a game's
//! [`parlour_game::Variant`] names, and the client and terminal game are
//! generic over `Variant`. No game is named here.
//!
//! - [`message`]: reading and writing Hub lines.
//! - [`wire`]: how a game's positions and moves are written on the wire
//!   (a game's own Hub form where it has one, as english checkers has
//!   pydraughts'; its own text, through `pos fen=...`, otherwise).
//! - [`server`]: the engine, [`serve_games`] over any reader and writer, its
//!   search on its own thread; `level` lines ([`server::parse_level`]).
//! - [`client`]: [`HubClient`], driving another Hub engine with timeouts.
//! - [`terminal`]: [`play`], a game against the engine in a terminal.
//!
//! ```
//! use parlour_hub::{serve_games, ServerOptions};
//! type Games = parlour_games::Games;
//! let mut out = Vec::new();
//! let session = &b"hub\ninit\nping\nquit\n"[..];
//! serve_games::<Games, _, _>(session, &mut out, ServerOptions::default()).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("wait\nready\npong\n"));
//! ```

pub mod client;
mod command_line;
mod level;
pub mod message;
pub mod server;
mod table;
pub mod terminal;
pub mod wire;

pub use client::{Answer, ClientOptions, EngineError, HubClient};
pub use message::{Message, MessageError};
pub use server::{serve_games, ServerOptions};
pub use terminal::{play, PlayError, PlayOptions};
