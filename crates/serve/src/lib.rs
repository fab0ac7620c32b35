//! `parlour serve`: a board in the browser for every game of the list,
//! served from the binary alone. A thin HTTP layer over the library
//! crates: the games' own views and rules (through the registry, naming
//! no game), the search, and the arena's analysis and match records; it
//! holds no game logic of its own.
//!
//! The stack is axum on tokio (HTTP/1, JSON, server-sent events). axum
//! is the tokio project's own router, built on hyper and tower: well
//! kept, small in what it asks of a handler (an `async fn` from typed
//! extractors to a response), with request-size limits, JSON rejections
//! and server-sent events built in; tokio's blocking pool runs the
//! searches beside the connections without a thread per page. A lighter
//! server (tiny_http and the like) would leave streaming, timeouts and
//! body limits to hand-written code.
//!
//! - [`api`]: the JSON of every route.
//! - `desk`: one game behind an object-safe trait, made for each game of
//!   the list at start-up.
//! - [`engine`]: every search the server makes, its slots and each page's
//!   running search.
//! - `routes`: the handlers; `web`: the page's files, built in.
//! - `watch`: a match's results file followed while it is written.
//!
//! The routes (`POST` bodies are JSON):
//!
//! | route | what |
//! |---|---|
//! | `GET /`, `GET /watch`, `GET /static/NAME` | the pages and their files |
//! | `GET /api/games` | the games, rule sets and engine strengths on offer |
//! | `POST /api/position` | a game's position: board, legal moves, result |
//! | `POST /api/play` | the same after one more move |
//! | `POST /api/compose` | the start a position editor set up |
//! | `POST /api/engine/move` | the engine's move at a strength |
//! | `POST /api/analyse` | the engine's lines as it thinks (events) |
//! | `POST /api/stop` | stop a page's search |
//! | `POST /api/annotate` | a game's `?`/`??` marks and scores (events) |
//! | `POST /api/egdb` | the endgame databases' value (`--egdb`) |
//! | `POST /api/pdn/import`, `POST /api/pdn/export` | PDN in and out |
//! | `GET /api/watch`, `GET /api/watch/events` | the match of `--watch` |
//! | `GET /api/status` | searches running and refused |

pub mod api;
mod desk;
pub mod engine;
mod error;
mod routes;
mod watch;
mod web;

pub use error::{ApiError, ServeError};
pub use watch::Snapshot;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::header::HOST;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use desk::Desk;
use engine::Engine;
use parlour_game::GameList;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body: a long PDN game fits many times over.
pub const MOST_BODY_BYTES: usize = 1 << 20;
/// How long a request that does not search may take, its body included.
const QUICK: Duration = Duration::from_secs(10);
/// How long a search request may take to start answering (the engine's
/// longest move and some).
const SEARCHING: Duration = Duration::from_secs(75);

/// What the server is started with.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to listen on (loopback unless told otherwise).
    pub host: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// Endgame databases, for the games that read them.
    pub egdb: Option<PathBuf>,
    /// An opening book the engine plays its moves from (not its
    /// analyses), for the game and rules it was built for: by default the
    /// one built in (english checkers).
    pub book: parlour_book::BookSpec,
    /// The least depth, in plies of book and search, at which a book move
    /// is played without a search.
    pub book_floor: u32,
    /// A match's results file to follow.
    pub watch: Option<PathBuf>,
    /// The most searches at once.
    pub searches: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            egdb: None,
            book: parlour_book::BookSpec::Default,
            book_floor: parlour_book::DEFAULT_FLOOR,
            watch: None,
            searches: default_searches(),
        }
    }
}

/// The most searches at once by default: one a core, at least two.
pub fn default_searches() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

/// What every route shares.
pub struct App {
    desks: Arc<Vec<Box<dyn Desk>>>,
    engine: Arc<Engine>,
    watch: Option<tokio::sync::watch::Receiver<Arc<Snapshot>>>,
    /// Whether only this machine may ask (the server listens on loopback):
    /// then a request must name this machine in its `Host`, so that a web
    /// page elsewhere cannot reach the server through a name of its own.
    loopback: bool,
}

impl App {
    /// The state of a server of the games of `L` with `options`: each
    /// game's desk (the databases opened where a game reads them) and the
    /// watch of the results file, if any (its thread started, which needs
    /// a tokio runtime only to publish).
    pub fn new<L: GameList>(options: &Options) -> Result<Arc<App>, ServeError> {
        let book = options.book.read()?;
        let desks = desk::desks::<L>(options.egdb.as_deref(), book, options.book_floor).map_err(
            |e| match e {
                ApiError::Game { message, .. } => ServeError::Tables(message),
                other => ServeError::Tables(other.to_string()),
            },
        )?;
        let desks = Arc::new(desks);
        let watch = (options.watch.clone()).map(|path| {
            let desks = desks.clone();
            let reader: watch::Reader = Box::new(move |path, game, rules| {
                let desk = (desks.iter().find(|d| d.name() == game)).ok_or_else(|| {
                    format!(
                        "the match is of the game `{}`, which has no board",
                        parlour_game::echo::echo(game)
                    )
                })?;
                desk.watch(path, rules)
                    .map_err(|e| parlour_game::echo::full_message(&e))
            });
            watch::follow(path, reader)
        });
        Ok(Arc::new(App {
            desks,
            engine: Arc::new(Engine::new(options.searches.max(1))),
            watch,
            loopback: options.host.is_loopback(),
        }))
    }
}

/// Refuses a request that names another host than this machine, when
/// the server listens on loopback only.
async fn this_machine(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    if app.loopback {
        let host = (request.headers().get(HOST)).and_then(|h| h.to_str().ok());
        if let Some(host) = host {
            let name = match host.rsplit_once(':') {
                Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
                _ => host,
            };
            if !matches!(name, "localhost" | "127.0.0.1" | "[::1]") {
                return ApiError::Field {
                    field: "Host",
                    why: "this server answers requests to localhost only",
                }
                .into_response();
            }
        }
    }
    next.run(request).await
}

/// Ends a request that takes longer than `limit` to answer.
async fn within(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::Timeout.into_response(),
    }
}

/// The routes of a server, on `app`.
pub fn router(app: Arc<App>) -> Router {
    let quick = Router::new()
        .route("/", get(web::index))
        .route("/watch", get(web::watch_page))
        .route("/static/{name}", get(web::file))
        .route("/api/games", get(routes::games))
        .route("/api/status", get(routes::status))
        .route("/api/position", post(routes::position))
        .route("/api/play", post(routes::play))
        .route("/api/compose", post(routes::compose))
        .route("/api/pdn/import", post(routes::import))
        .route("/api/pdn/export", post(routes::export))
        .route("/api/egdb", post(routes::egdb))
        .route("/api/stop", post(routes::stop))
        .route("/api/watch", get(routes::watch))
        .route("/api/watch/events", get(routes::watch_events))
        .layer(middleware::from_fn(|r, n| within(QUICK, r, n)));
    let searching = Router::new()
        .route("/api/engine/move", post(routes::engine_move))
        .route("/api/analyse", post(routes::analyse))
        .route("/api/annotate", post(routes::annotate))
        .layer(middleware::from_fn(|r, n| within(SEARCHING, r, n)));
    quick
        .merge(searching)
        .fallback(routes::no_route)
        .method_not_allowed_fallback(routes::no_method)
        .layer(DefaultBodyLimit::max(MOST_BODY_BYTES))
        .layer(middleware::from_fn_with_state(app.clone(), this_machine))
        .with_state(app)
}

/// What listening on `host` opens to others, in words, where it opens
/// anything: a host that is not loopback lets every machine that reaches
/// it play, analyse (and so use this machine's cores) and read the match.
pub fn exposure(host: IpAddr) -> Option<String> {
    (!host.is_loopback()).then(|| {
        format!(
            "listening on {host}: any machine that can reach this one may use the board, \
             run searches on its cores (up to the most at once) and read the match of --watch; \
             nothing else on this machine is served"
        )
    })
}

/// Serves the games of `L` with `options` until the process ends:
/// `ready` is told the address once the server listens (to print it, or
/// open a browser on it).
pub fn serve<L: GameList>(
    options: Options,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let app = App::new::<L>(&options)?;
        let address = SocketAddr::new(options.host, options.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|source| ServeError::Listen {
                address: address.to_string(),
                source,
            })?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(app)).await?;
        Ok(())
    })
}
