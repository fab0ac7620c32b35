//! The routes: each reads its request ([`Body`] checks the JSON), asks
//! the game's desk or the engine, and answers JSON, a PDN text or a
//! stream of server-sent events. Every failure is an [`ApiError`].

use crate::api::{
    AnalyseRequest, AnnotateRequest, Catalogue, ComposeRequest, EngineRequest, ExportRequest,
    GameSpec, ImportRequest, Imported, PlayRequest, Status, StopRequest,
};
use crate::desk::Desk;
use crate::engine::{self, Answer, Event, Running};
use crate::error::ApiError;
use crate::{App, Snapshot};
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, Method, Uri};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::{self, Stream};
use parlour_game::pdn::read_games;
use serde::de::DeserializeOwned;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

/// A JSON body, its rejection turned into a short message.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(ApiError::Body {
                message: rejection.body_text(),
                status: rejection.status(),
            }),
        }
    }
}

/// The shared state every route reads.
pub type Shared = State<Arc<App>>;

impl App {
    /// The desk of the game `name`.
    fn desk(&self, name: &str) -> Result<&dyn Desk, ApiError> {
        (self.desks.iter().find(|d| d.name() == name))
            .map(|d| &**d)
            .ok_or_else(|| ApiError::UnknownGame {
                name: name.to_string(),
                known: self.desks.iter().map(|d| d.name()).collect(),
            })
    }
}

/// `GET /api/games`: the games, rule sets and strengths on offer.
pub async fn games(State(app): Shared) -> Json<Catalogue> {
    Json(Catalogue {
        games: app.desks.iter().map(|d| d.entry()).collect(),
        strengths: engine::strengths(),
        watch: app.watch.is_some(),
        searches: app.engine.most(),
    })
}

/// `GET /api/status`: the searches running.
pub async fn status(State(app): Shared) -> Json<Status> {
    let load = app.engine.load();
    Json(Status {
        searches: load.running,
        most: app.engine.most(),
        pages: load.pages,
        started: load.started,
        refused: load.refused,
    })
}

/// `POST /api/position`: a game's position, board and moves.
pub async fn position(State(app): Shared, Body(spec): Body<GameSpec>) -> Response {
    answer(app.desk(&spec.game).and_then(|d| d.position(&spec)))
}

/// `POST /api/play`: a game with one more move.
pub async fn play(State(app): Shared, Body(req): Body<PlayRequest>) -> Response {
    let spec = &req.position;
    answer(app.desk(&spec.game).and_then(|d| d.play(spec, &req.mv)))
}

/// `POST /api/compose`: the start a position editor set up.
pub async fn compose(State(app): Shared, Body(req): Body<ComposeRequest>) -> Response {
    answer(app.desk(&req.game).and_then(|d| d.compose(&req)))
}

/// `POST /api/pdn/import`: a game of a PDN text.
pub async fn import(State(app): Shared, Body(req): Body<ImportRequest>) -> Response {
    answer(import_game(&app, &req))
}

/// The game `req` asks for.
fn import_game(app: &App, req: &ImportRequest) -> Result<Imported, ApiError> {
    let games = read_games(&req.pdn).map_err(|e| ApiError::game("PDN", &e))?;
    let count = games.len();
    let number = req.number.unwrap_or(1);
    let game = (number.checked_sub(1).and_then(|i| games.get(i))).ok_or(ApiError::Field {
        field: "number",
        why: "a game of the text, from 1",
    })?;
    let name = (game.tag("Game").map(str::to_string))
        .or_else(|| req.game.clone())
        .unwrap_or_else(|| app.desks[0].name().to_string());
    let (position, record) = app.desk(&name)?.import(game)?;
    Ok(Imported {
        count,
        number,
        position,
        record,
    })
}

/// `POST /api/pdn/export`: a game as PDN text.
pub async fn export(State(app): Shared, Body(req): Body<ExportRequest>) -> Response {
    let spec = &req.position;
    match app.desk(&spec.game).and_then(|d| d.export(&req)) {
        Ok(text) => (
            [(header::CONTENT_TYPE, "application/x-pdn; charset=utf-8")],
            text,
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/egdb`: the endgame databases' value of a position.
pub async fn egdb(State(app): Shared, Body(spec): Body<GameSpec>) -> Response {
    answer(app.desk(&spec.game).and_then(|d| d.probe(&spec)))
}

/// `POST /api/engine/move`: the engine's move.
pub async fn engine_move(State(app): Shared, Body(req): Body<EngineRequest>) -> Response {
    let started = async {
        let limits = engine::limits(req.strength)?;
        let desk = app.desk(&req.position.game)?;
        let answer = Answer::Move(engine::skill(req.strength), engine::page_seed(&req.page));
        let job = desk.search(&req.position, limits, answer)?;
        let mut running = app.engine.start(&req.page, job).await?;
        while let Some(event) = running.events.recv().await {
            match event {
                Event::Move(reply) => return Ok(reply),
                Event::Failed(why) => return Err(ApiError::GameOver(why)),
                _ => {}
            }
        }
        Err(ApiError::SearchFailed)
    };
    answer(started.await)
}

/// `POST /api/analyse`: the engine's lines as it thinks, as server-sent
/// events (`line`, then `done`), until its time, a stop, or the page
/// closing the stream.
pub async fn analyse(State(app): Shared, Body(req): Body<AnalyseRequest>) -> Response {
    let job = engine::analysis_limits(req.seconds).and_then(|limits| {
        let desk = app.desk(&req.position.game)?;
        desk.search(&req.position, limits, Answer::Lines)
    });
    streamed(&app, &req.page, job).await
}

/// `POST /api/annotate`: a game annotated, as server-sent events
/// (`step` per position, then `annotated`).
pub async fn annotate(State(app): Shared, Body(req): Body<AnnotateRequest>) -> Response {
    let job = engine::note_limits(req.movetime_ms).and_then(|limits| {
        let desk = app.desk(&req.position.game)?;
        desk.annotation(&req.position, limits)
    });
    streamed(&app, &req.page, job).await
}

/// A search started for `page`, its events streamed; or why not.
async fn streamed(app: &Arc<App>, page: &str, job: Result<engine::Job, ApiError>) -> Response {
    let running = match job {
        Ok(job) => app.engine.start(page, job).await,
        Err(e) => Err(e),
    };
    match running {
        Ok(running) => events(running),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/stop`: stops a page's search.
pub async fn stop(State(app): Shared, Body(req): Body<StopRequest>) -> Response {
    answer(
        app.engine
            .stop(&req.page)
            .map(|stopped| serde_json::json!({ "stopped": stopped })),
    )
}

/// `GET /api/watch`: the match as last read.
pub async fn watch(State(app): Shared) -> Response {
    match &app.watch {
        Some(receiver) => Json(Snapshot::clone(&receiver.borrow())).into_response(),
        None => ApiError::NoWatch.into_response(),
    }
}

/// `GET /api/watch/events`: the match as server-sent events, a
/// `snapshot` now and one after each change.
pub async fn watch_events(State(app): Shared) -> Response {
    let Some(receiver) = app.watch.clone() else {
        return ApiError::NoWatch.into_response();
    };
    let updates = stream::unfold((receiver, true), |(mut receiver, first)| async move {
        if !first {
            receiver.changed().await.ok()?;
        }
        let snapshot = receiver.borrow_and_update().clone();
        let event = SseEvent::default().event("snapshot").json_data(&*snapshot);
        Some((event.map_err(|_| ()), (receiver, false)))
    });
    sse(updates)
}

/// A running search's events as a stream of server-sent events; the
/// search stops when the stream is dropped.
fn events(running: Running) -> Response {
    let stream = stream::unfold(running, |mut running| async move {
        let event = running.events.recv().await?;
        let sse = match event {
            Event::Line(line) => SseEvent::default().event("line").json_data(line),
            Event::Step(step) => SseEvent::default().event("step").json_data(step),
            Event::Move(reply) => SseEvent::default().event("move").json_data(reply),
            Event::Done => Ok(SseEvent::default().event("done").data("{}")),
            Event::Annotated(a) => SseEvent::default().event("annotated").json_data(a),
            Event::Failed(why) => SseEvent::default()
                .event("failed")
                .json_data(serde_json::json!({ "error": why })),
        };
        Some((sse.map_err(|_| ()), running))
    });
    sse(stream)
}

/// Server-sent events with a keep-alive each second, so that a closed
/// page is noticed within a second or two.
fn sse(stream: impl Stream<Item = Result<SseEvent, ()>> + Send + 'static) -> Response {
    use futures_util::StreamExt;
    let stream = stream.filter_map(|e| async move { e.ok().map(Ok::<_, Infallible>) });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
        .into_response()
}

/// A result as JSON, or its error's answer.
fn answer<T: serde::Serialize>(result: Result<T, ApiError>) -> Response {
    match result {
        Ok(value) => Json(value).into_response(),
        Err(e) => e.into_response(),
    }
}

/// Any route not found.
pub async fn no_route(method: Method, uri: Uri) -> ApiError {
    ApiError::NoRoute {
        method: method.to_string(),
        path: uri.path().to_string(),
    }
}

/// A route asked with a method it does not take.
pub async fn no_method(method: Method, uri: Uri) -> ApiError {
    ApiError::Method {
        method: method.to_string(),
        path: uri.path().to_string(),
    }
}
