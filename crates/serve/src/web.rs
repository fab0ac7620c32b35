//! The page's files, built into the binary: HTML, CSS and JavaScript
//! modules from the crate's `web/` folder, served as they are (no build
//! step, nothing fetched from elsewhere: the pages' policy allows their
//! own origin only).

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A file of the page: its name under `/static/`, its type and its text.
struct File {
    name: &'static str,
    kind: &'static str,
    text: &'static str,
}

/// A file of `web/` by name, with its media type.
macro_rules! files {
    ($(($name:literal, $kind:literal)),* $(,)?) => {
        const FILES: &[File] = &[$(File {
            name: $name,
            kind: $kind,
            text: include_str!(concat!("../web/", $name)),
        }),*];
    };
}

files![
    ("index.html", "text/html; charset=utf-8"),
    ("watch.html", "text/html; charset=utf-8"),
    ("style.css", "text/css; charset=utf-8"),
    ("api.js", "text/javascript; charset=utf-8"),
    ("board.js", "text/javascript; charset=utf-8"),
    ("picker.js", "text/javascript; charset=utf-8"),
    ("graph.js", "text/javascript; charset=utf-8"),
    ("editor.js", "text/javascript; charset=utf-8"),
    ("app.js", "text/javascript; charset=utf-8"),
    ("watch.js", "text/javascript; charset=utf-8"),
    ("icon.svg", "image/svg+xml"),
];

/// The policy every page is served with: its own files only, no other
/// origin, no plug-ins, no framing.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                      script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/// A file's answer, or `None` for a name that is not one.
fn serve(name: &str) -> Option<Response> {
    let file = FILES.iter().find(|f| f.name == name)?;
    let headers = [
        (header::CONTENT_TYPE, file.kind),
        (header::CACHE_CONTROL, "no-cache"),
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    Some((headers, file.text).into_response())
}

/// `GET /`: the board.
pub async fn index() -> Response {
    serve("index.html").expect("built in")
}

/// `GET /watch`: the match page.
pub async fn watch_page() -> Response {
    serve("watch.html").expect("built in")
}

/// `GET /static/NAME`: a file of the page.
pub async fn file(Path(name): Path<String>) -> Response {
    serve(&name).unwrap_or_else(|| {
        crate::error::ApiError::NoRoute {
            method: "GET".into(),
            path: format!("/static/{name}"),
        }
        .into_response()
    })
}
