//! What the route tests share: a router over the games of the list, and
//! requests sent through it without a socket (`tower::ServiceExt`).

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use parlour_games::Games;
use parlour_serve::{router, App, Options};
use serde_json::Value;
use std::path::PathBuf;
use tower::ServiceExt;

/// A server of every game, with `searches` slots, the databases of
/// `egdb` and the match of `watch`.
pub fn server(searches: usize, egdb: Option<PathBuf>, watch: Option<PathBuf>) -> Router {
    parlour_games::install_tables();
    let options = Options {
        searches,
        egdb,
        watch,
        ..Options::default()
    };
    router(App::new::<Games>(&options).expect("the server starts"))
}

/// A server with two slots and nothing else.
pub fn plain() -> Router {
    server(2, None, None)
}

/// An answer: its status, its body as text, and its headers.
pub struct Answer {
    pub status: StatusCode,
    pub text: String,
    pub headers: axum::http::HeaderMap,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("{e}: {}", self.text))
    }

    /// An error answer's message.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .expect("an error message")
            .to_string()
    }
}

/// Sends a request whose body is `body` as it is, with a JSON type.
pub async fn send_raw(app: &Router, method: &str, uri: &str, body: Vec<u8>) -> Answer {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 64 << 20)
        .await
        .unwrap();
    Answer {
        status,
        text: String::from_utf8_lossy(&bytes).into_owned(),
        headers,
    }
}

/// `GET uri`.
pub async fn get(app: &Router, uri: &str) -> Answer {
    send_raw(app, "GET", uri, Vec::new()).await
}

/// `POST uri` with a JSON body.
pub async fn post(app: &Router, uri: &str, body: Value) -> Answer {
    send_raw(app, "POST", uri, body.to_string().into_bytes()).await
}

/// The server-sent events of a whole stream: each event's name and data.
pub fn events(text: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut name = String::new();
        let mut data = String::new();
        for line in block.lines() {
            if let Some(n) = line.strip_prefix("event: ") {
                name = n.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data.push_str(d);
            }
        }
        if !name.is_empty() {
            out.push((name, serde_json::from_str(&data).unwrap()));
        }
    }
    out
}
