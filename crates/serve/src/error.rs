//! What can go wrong with a request, and the answer each gets: a status
//! of 4xx for what the page (or any client) sent wrong, 503 when the
//! engine has no room for another search, and a short JSON message,
//! `{"error": "..."}`, that quotes input only through
//! [`parlour_game::echo::echo`].

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use parlour_game::echo::{echo, full_message};
use std::error::Error;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be listened on.
    #[error("cannot listen on {address}")]
    Listen {
        /// `host:port`.
        address: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The endgame databases could not be opened for a game that has them.
    #[error("bad --egdb: {0}")]
    Tables(String),
    /// The opening book cannot be read.
    #[error("bad --book")]
    Book(#[from] parlour_book::BookError),
    /// The runtime could not be started, or the server stopped on an error.
    #[error("the server stopped")]
    Io(#[from] std::io::Error),
}

/// Why a request is refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not the JSON the route takes (or is too large).
    #[error("bad request body: {}", echo(.message))]
    Body {
        /// What the JSON reader said.
        message: String,
        /// The status the reader chose (400, 413, 415, 422).
        status: StatusCode,
    },
    /// No game of that name.
    #[error("unknown game `{}`: expected {}", echo(.name), .known.join(", "))]
    UnknownGame {
        /// The name given.
        name: String,
        /// The games there are.
        known: Vec<&'static str>,
    },
    /// The game has no board to draw (no `Variant::view`).
    #[error("the game {0} has no board view")]
    NoView(&'static str),
    /// A game's own text does not read: rules, a position, a move, a PDN
    /// game; the message is the game's, input quoted through `echo`.
    #[error("{what}: {message}")]
    Game {
        /// What was read (`rules`, `start`, `move 3`).
        what: String,
        /// The game's message, with its causes.
        message: String,
    },
    /// A field out of its range.
    #[error("bad {field}: {why}")]
    Field {
        /// The field.
        field: &'static str,
        /// What it must be.
        why: &'static str,
    },
    /// A limit out of its range (the range every way into the engine
    /// checks).
    #[error("bad {field}: {source}")]
    Limit {
        /// The field.
        field: &'static str,
        /// Why.
        source: parlour_search::LimitError,
    },
    /// The position has no legal move, so there is nothing to search.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// Every search slot is taken.
    #[error(
        "the engine is busy: {running} searches are running, the most it runs at once; try again"
    )]
    Busy {
        /// Searches running now.
        running: usize,
    },
    /// No endgame databases were given to the server.
    #[error("no endgame databases: start the server with --egdb DIR")]
    NoTables,
    /// No match to watch was given to the server.
    #[error("no match to watch: start the server with --watch RESULTS")]
    NoWatch,
    /// A route that does not exist.
    #[error("no route {method} {}", echo(.path))]
    NoRoute {
        /// The method.
        method: String,
        /// The path asked for.
        path: String,
    },
    /// A route asked with a method it does not take.
    #[error("{method} is not allowed on {}", echo(.path))]
    Method {
        /// The method.
        method: String,
        /// The path.
        path: String,
    },
    /// A request that took too long to arrive or to answer.
    #[error("the request timed out")]
    Timeout,
    /// A search ended without answering (its thread failed).
    #[error("the search failed")]
    SearchFailed,
}

impl ApiError {
    /// A game's error about `what`, with its causes on one line.
    pub(crate) fn game(what: impl Into<String>, error: &(dyn Error + 'static)) -> ApiError {
        ApiError::Game {
            what: what.into(),
            message: full_message(error),
        }
    }

    /// The status of the answer.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Body { status, .. } => *status,
            ApiError::UnknownGame { .. } | ApiError::NoRoute { .. } => StatusCode::NOT_FOUND,
            ApiError::Method { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Game { .. }
            | ApiError::Field { .. }
            | ApiError::Limit { .. }
            | ApiError::NoView(_)
            | ApiError::GameOver(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NoTables | ApiError::NoWatch => StatusCode::CONFLICT,
            ApiError::Timeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::SearchFailed => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // One line, whatever the message quotes.
        let message = parlour_game::echo::printable(&self.to_string());
        let body = axum::Json(serde_json::json!({ "error": message }));
        let mut response = (self.status(), body).into_response();
        if matches!(self, ApiError::Busy { .. }) {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("1"),
            );
        }
        response
    }
}
