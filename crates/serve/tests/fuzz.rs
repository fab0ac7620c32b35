//! The API fed what a careless or hostile client sends: bodies that are
//! not JSON, JSON of the wrong shape, positions and moves that do not
//! read, games too long, bodies too large, routes that do not exist, and
//! (over a real socket) bytes that are not HTTP. Every answer must be a
//! 4xx with a short JSON message, and the server must go on answering.

mod support;

use serde_json::{json, Value};
use std::io::{Read, Write};
use support::{get, plain, post, send_raw};

/// A small random source, the same every run unless `PARLOUR_FUZZ_SEED`
/// names another (`random`, or a number), mixed with each test's own.
struct Rng(u64);

impl Rng {
    fn seeded(own: u64) -> Rng {
        let chosen = match std::env::var("PARLOUR_FUZZ_SEED").ok().as_deref() {
            None => 0,
            Some("random") => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64),
            Some(n) => n.parse().expect("PARLOUR_FUZZ_SEED: random or a number"),
        };
        if chosen != 0 {
            eprintln!("PARLOUR_FUZZ_SEED={chosen}");
        }
        Rng(own ^ chosen)
    }

    fn next(&mut self) -> u64 {
        self.0 = parlour_game::splitmix(self.0);
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A text of random length drawn from `alphabet`, now and then with
    /// control characters and long runs.
    fn text(&mut self, alphabet: &[u8]) -> String {
        let len = [0, 1, 3, 8, 30, 200, 5000][self.below(7)];
        (0..len)
            .map(|_| match self.below(20) {
                0 => char::from_u32(self.below(32) as u32).unwrap(),
                1 => 'é',
                _ => alphabet[self.below(alphabet.len())] as char,
            })
            .collect()
    }
}

/// Checks that an answer is a refusal with a short message.
fn refused(status: u16, text: &str, what: &str) {
    assert!((400..500).contains(&status), "{what}: {status} {text}");
    let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"));
    let message = value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: {text}"));
    assert!(
        message.chars().count() <= 400,
        "{what}: a long message: {message}"
    );
    assert!(!message.contains('\n'), "{what}: {message}");
}

const ROUTES: [&str; 9] = [
    "/api/position",
    "/api/play",
    "/api/pdn/import",
    "/api/pdn/export",
    "/api/egdb",
    "/api/engine/move",
    "/api/analyse",
    "/api/annotate",
    "/api/stop",
];

#[tokio::test]
async fn malformed_bodies_are_refused_and_the_server_goes_on() {
    let app = plain();
    let mut rng = Rng::seeded(48);
    for round in 0..300 {
        let route = ROUTES[rng.below(ROUTES.len())];
        let body: Vec<u8> = match rng.below(4) {
            0 => rng.text(b"{}[]\":,0123456789abc ").into_bytes(),
            1 => (0..rng.below(300)).map(|_| rng.next() as u8).collect(),
            2 => json!({ "game": rng.text(b"checkerspg"), "moves": 3 })
                .to_string()
                .into_bytes(),
            _ => json!([1, 2, { "position": null }]).to_string().into_bytes(),
        };
        let answer = send_raw(&app, "POST", route, body).await;
        refused(
            answer.status.as_u16(),
            &answer.text,
            &format!("round {round} {route}"),
        );
    }
    assert_eq!(get(&app, "/api/games").await.status, 200);
}

#[tokio::test]
async fn bad_positions_and_moves_are_refused() {
    let app = plain();
    let mut rng = Rng::seeded(7);
    for round in 0..400 {
        let game = ["checkers", "pegs"][rng.below(2)];
        let start = rng.text(b"BW:K,-0123456789bwhandreservtu/");
        let rules = rng.text(b"englishufg,=quiet_plsrdo0123456789");
        let moves: Vec<String> = (0..rng.below(4))
            .map(|_| rng.text(b"x-@K0123456789 hcompel"))
            .collect();
        let mut spec = json!({ "game": game, "moves": moves });
        match rng.below(3) {
            0 => spec["start"] = json!(start),
            1 => spec["rules"] = json!(rules),
            _ => {}
        }
        let answer = post(&app, "/api/position", spec.clone()).await;
        if answer.status != 200 {
            refused(
                answer.status.as_u16(),
                &answer.text,
                &format!("round {round}: {spec}"),
            );
        }
        let mv = rng.text(b"x-@K0123456789 hcompel");
        let play = json!({ "position": { "game": game }, "move": mv });
        let answer = post(&app, "/api/play", play).await;
        if answer.status != 200 {
            refused(
                answer.status.as_u16(),
                &answer.text,
                &format!("round {round}: {mv:?}"),
            );
        }
    }
    assert_eq!(get(&app, "/api/games").await.status, 200);
}

#[tokio::test]
async fn huge_bodies_long_games_and_unknown_routes_are_refused() {
    let app = plain();
    let huge = vec![b' '; 3 << 20];
    let answer = send_raw(&app, "POST", "/api/position", huge).await;
    assert_eq!(answer.status, 413);
    refused(413, &answer.text, "huge");
    let long = vec!["11-15"; 5000];
    let answer = post(
        &app,
        "/api/position",
        json!({ "game": "checkers", "moves": long }),
    )
    .await;
    refused(answer.status.as_u16(), &answer.text, "long game");
    let name = "x".repeat(10_000);
    let answer = post(&app, "/api/position", json!({ "game": name })).await;
    refused(answer.status.as_u16(), &answer.text, "long name");
    assert!(
        answer.error().contains("... (10000 characters)"),
        "{}",
        answer.error()
    );
    let mut rng = Rng::seeded(3);
    for _ in 0..100 {
        let path = format!("/{}", rng.text(b"abcapi/static.%20-_"));
        let path: String = path.chars().filter(|c| c.is_ascii_graphic()).collect();
        let answer = get(&app, &path).await;
        if answer.status != 200 {
            refused(answer.status.as_u16(), &answer.text, &path);
        }
    }
    let page = json!({ "position": { "game": "checkers" }, "page": "no spaces!", "seconds": 1 });
    let answer = post(&app, "/api/analyse", page).await;
    refused(answer.status.as_u16(), &answer.text, "bad page");
    for seconds in [json!(-1), json!(1e9), json!("x")] {
        let request =
            json!({ "position": { "game": "checkers" }, "page": "p", "seconds": seconds });
        let answer = post(&app, "/api/analyse", request).await;
        refused(answer.status.as_u16(), &answer.text, "bad seconds");
    }
    assert_eq!(get(&app, "/api/games").await.status, 200);
}

/// Sends `bytes` on a new connection and reads the answer's first line.
fn raw(address: std::net::SocketAddr, bytes: &[u8]) -> String {
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    socket
        .set_read_timeout(Some(std::time::Duration::from_secs(15)))
        .unwrap();
    socket.write_all(bytes).unwrap();
    let mut answer = Vec::new();
    let _ = socket.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    text.lines().next().unwrap_or("").to_string()
}

#[test]
fn bytes_that_are_not_http_get_an_answer_and_the_server_goes_on() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let address = listener.local_addr().unwrap();
    runtime.spawn(async move { axum::serve(listener, support::plain()).await });
    assert_eq!(
        raw(address, b"NOT HTTP AT ALL\r\n\r\n"),
        "HTTP/1.1 400 Bad Request"
    );
    let mut garbage = Rng::seeded(11);
    for _ in 0..20 {
        let bytes: Vec<u8> = (0..garbage.below(2000))
            .map(|_| garbage.next() as u8)
            .collect();
        let first = raw(address, &bytes);
        assert!(
            first.is_empty() || first.starts_with("HTTP/1.1 4"),
            "{first}"
        );
    }
    let request = b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    assert_eq!(raw(address, request), "HTTP/1.1 200 OK");
    // A body shorter than it says ends with the connection, not a hang.
    let short =
        b"POST /api/position HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                  Content-Length: 100\r\n\r\n{\"game\":";
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    socket.write_all(short).unwrap();
    socket.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    socket
        .set_read_timeout(Some(std::time::Duration::from_secs(15)))
        .unwrap();
    let _ = socket.read_to_string(&mut answer);
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 4"),
        "{answer}"
    );
    assert_eq!(raw(address, request), "HTTP/1.1 200 OK");
}
