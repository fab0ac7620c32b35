//! Every route of the server, through the router without a socket: the
//! catalogue, positions and moves of each game (a multi-jump, huffing's
//! choices in words, the peg game's placements and line removals), play,
//! PDN in and out byte for byte, the engine's move, streamed analyses
//! (stopped, replaced, abandoned), the slots' limit, annotation, the
//! databases' value, a watched match, the page's files and the errors.

mod support;

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use support::{events, get, plain, post, server};

/// The moves of a position answer, by text.
fn move_texts(reply: &Value) -> Vec<String> {
    let moves = reply["moves"].as_array().unwrap();
    moves
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// The move of `reply` written `text`.
fn find<'a>(reply: &'a Value, text: &str) -> &'a Value {
    let moves = reply["moves"].as_array().unwrap();
    moves
        .iter()
        .find(|m| m["text"] == text)
        .unwrap_or_else(|| panic!("no {text}"))
}

#[tokio::test]
async fn the_catalogue_lists_games_rule_sets_and_strengths() {
    let reply = get(&plain(), "/api/games").await.json();
    let names: Vec<&str> = (reply["games"].as_array().unwrap().iter())
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["checkers", "pegs"]);
    assert_eq!(reply["games"][0]["rule_sets"][1]["rules"], "huffing");
    assert_eq!(
        reply["strengths"][0]["strength"],
        json!({ "movetime": 100 })
    );
    let last = reply["strengths"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["strength"], json!({ "skill": 9 }));
    assert_eq!(reply["watch"], false);
    assert_eq!(reply["searches"], 2);
}

#[tokio::test]
async fn a_position_has_its_board_moves_and_result() {
    let app = plain();
    let start = post(&app, "/api/position", json!({ "game": "checkers" }))
        .await
        .json();
    assert_eq!(start["side"], "black");
    assert_eq!(start["board"]["shape"], "squares");
    assert_eq!(start["board"]["pieces"].as_array().unwrap().len(), 24);
    assert_eq!(move_texts(&start).len(), 7);
    assert_eq!(start["position"]["rules"], "english");
    // A king's double jump, landing by landing, with the men it takes.
    let fen = json!({ "game": "checkers", "start": "B:W14,23:BK9" });
    let jump = post(&app, "/api/position", fen).await.json();
    let double = find(&jump, "9x18x27");
    assert_eq!(double["path"], json!([18, 27]));
    assert_eq!(double["captures"], json!([14, 23]));
    // A game won by the rules: no moves, and who won.
    let won = json!({ "game": "checkers", "start": "W:W14:B9", "moves": ["14x5"] });
    let over = post(&app, "/api/position", won).await.json();
    assert_eq!(over["result"]["winner"], "white");
    assert_eq!(over["result"]["pdn"], "0-2");
    assert!(over["moves"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn huffing_puts_the_choices_in_words() {
    let spec = json!({ "game": "checkers", "rules": "huffing", "start": "W:W14,30:B9,15:O11-15" });
    let reply = post(&plain(), "/api/position", spec).await.json();
    let notice = reply["board"]["notice"].as_str().unwrap();
    assert!(notice.contains("left a capture untaken (9x18)"), "{notice}");
    assert_eq!(
        reply["board"]["marks"],
        json!([{ "point": 9, "kind": "punishable" }])
    );
    let huff = find(&reply, "h9 14-10");
    assert_eq!(huff["extra"], json!({ "point": 9, "when": "before" }));
    assert!(huff["explain"]
        .as_str()
        .unwrap()
        .contains("the man on 9 is huffed"));
    let compel = find(&reply, "compel");
    assert_eq!(compel["from"], Value::Null);
    assert!(compel["explain"].as_str().unwrap().starts_with("compel: "));
    let stand = find(&reply, "14-10");
    assert_eq!(stand["explain"], "Black's 11-15 is let stand");
}

#[tokio::test]
async fn the_peg_game_places_slides_and_removes() {
    let app = plain();
    let start = post(&app, "/api/position", json!({ "game": "pegs" }))
        .await
        .json();
    assert_eq!(start["board"]["shape"], "lines");
    assert_eq!(start["board"]["points"].as_array().unwrap().len(), 24);
    assert_eq!(start["board"]["links"].as_array().unwrap().len(), 40);
    assert_eq!(find(&start, "K@7")["place"], "king");
    let line = "b:K9,1,2/w:K20,12/hand:7,8/reserve:3,3/turn:b";
    let reply = post(
        &app,
        "/api/position",
        json!({ "game": "pegs", "start": line }),
    )
    .await
    .json();
    let removal = find(&reply, "@3x12");
    assert_eq!(removal["extra"], json!({ "point": 12, "when": "after" }));
    assert_eq!(removal["place"], "man");
}

#[tokio::test]
async fn play_checks_every_move() {
    let app = plain();
    let game = json!({ "game": "checkers", "moves": ["11-15"] });
    let reply = post(
        &app,
        "/api/play",
        json!({ "position": game, "move": "23-19" }),
    )
    .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["position"]["moves"], json!(["11-15", "23-19"]));
    let bad = post(
        &app,
        "/api/play",
        json!({ "position": game, "move": "11-16" }),
    )
    .await;
    assert_eq!(bad.status, 422);
    assert!(bad.error().starts_with("move: "), "{}", bad.error());
    let bad_game = json!({ "game": "checkers", "moves": ["11-15", "9-13", "x"] });
    let bad = post(&app, "/api/position", bad_game).await;
    assert!(bad.error().starts_with("move 2: "), "{}", bad.error());
    let bad = post(&app, "/api/position", json!({ "game": "go" })).await;
    assert_eq!(
        (bad.status.as_u16(), bad.error()),
        (404, "unknown game `go`: expected checkers, pegs".into())
    );
    let bad = post(
        &app,
        "/api/position",
        json!({ "game": "checkers", "start": "Q:W" }),
    )
    .await;
    assert!(bad.error().starts_with("start: "), "{}", bad.error());
    let over = json!({ "game": "checkers", "start": "W:W14:B9", "moves": ["14x5"] });
    let bad = post(
        &app,
        "/api/play",
        json!({ "position": over, "move": "9-14" }),
    )
    .await;
    assert!(bad.error().contains("the game is over"), "{}", bad.error());
}

/// A match of four short games written to `dir`: its results file and
/// its PDN text.
fn small_match(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    use parlour_arena::{run_match, search_factory, GameCount, MatchConfig};
    let results = dir.join("m.jsonl");
    let pdn = dir.join("m.pdn");
    let config = MatchConfig {
        engines: parlour_arena::PlayerSpec::read_all(&["search:depth=2,name=a", "greedy"]).unwrap(),
        games: GameCount::Rounds(2),
        results: Some(results.clone()),
        pdn: Some(pdn.clone()),
        ..MatchConfig::default()
    };
    let rules = parlour_checkers::Rules::ENGLISH;
    run_match(&config, &rules, &search_factory(rules, None), &|_| {}).unwrap();
    (results, std::fs::read_to_string(pdn).unwrap())
}

#[tokio::test]
async fn a_pdn_that_parlour_wrote_is_read_and_written_back_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let (_, text) = small_match(dir.path());
    let app = plain();
    let games: Vec<&str> = text.split_inclusive("\n\n[").collect();
    assert_eq!(games.len(), 4);
    for number in 1..=4 {
        let request = json!({ "pdn": text, "number": number });
        let imported = post(&app, "/api/pdn/import", request).await.json();
        assert_eq!(imported["count"], 4);
        let export = json!({ "position": imported["position"], "record": imported["record"] });
        let written = post(&app, "/api/pdn/export", export).await;
        assert_eq!(
            written.headers["content-type"],
            "application/x-pdn; charset=utf-8"
        );
        let ours = parlour_game::pdn::read_games(&written.text).unwrap();
        assert_eq!(ours.len(), 1);
        // The game's own text in the file, from its first tag to its blank line.
        let start = text.match_indices("[Event").nth(number - 1).unwrap().0;
        let end = text[start + 1..]
            .find("[Event")
            .map_or(text.len(), |i| start + 1 + i);
        assert_eq!(written.text, text[start..end], "game {number}");
    }
    // A game played on the page: tags of its own, its result by the rules.
    let played = json!({ "game": "checkers", "start": "W:W14:B9", "moves": ["14x5"] });
    let export = json!({ "position": played, "black": "me", "white": "parlour" });
    let written = post(&app, "/api/pdn/export", export).await.text;
    assert!(written.contains("[Result \"0-2\"]\n"), "{written}");
    assert!(written.contains("[FEN \"W:W14:B9\"]\n"), "{written}");
    assert!(written.ends_with("1... 14x5 0-2\n\n"), "{written}");
    let bad = post(&app, "/api/pdn/import", json!({ "pdn": "[Event" })).await;
    assert!(bad.error().starts_with("PDN: line 1"), "{}", bad.error());
}

#[tokio::test]
async fn the_engine_moves_at_a_strength() {
    let app = plain();
    let game = json!({ "game": "checkers", "moves": ["11-15"] });
    let request = json!({ "position": game, "page": "p", "strength": { "movetime": 100 } });
    let reply = post(&app, "/api/engine/move", request).await.json();
    let mv = reply["move"].as_str().unwrap();
    let after = json!({ "position": game, "move": mv });
    assert_eq!(post(&app, "/api/play", after).await.status, 200);
    assert!(reply["line"]["depth"].as_u64().unwrap() >= 1);
    let pegs = json!({ "position": { "game": "pegs" }, "page": "p", "strength": { "depth": 2 } });
    let reply = post(&app, "/api/engine/move", pegs).await.json();
    assert!(reply["move"].as_str().unwrap().starts_with("K@"), "{reply}");
    // A weaker level: a legal move, quickly; level 10 and above are no
    // skill a page offers.
    let weak = json!({ "position": game, "page": "p", "strength": { "skill": 1 } });
    let reply = post(&app, "/api/engine/move", weak).await.json();
    let mv = reply["move"].as_str().unwrap();
    let after = json!({ "position": game, "move": mv });
    assert_eq!(post(&app, "/api/play", after).await.status, 200);
    let strong = json!({ "position": game, "page": "p", "strength": { "skill": 11 } });
    assert_eq!(post(&app, "/api/engine/move", strong).await.status, 422);
    let slow = json!({ "position": game, "page": "p", "strength": { "movetime": 600000 } });
    let bad = post(&app, "/api/engine/move", slow).await;
    assert_eq!(bad.status, 422);
    let over = json!({ "game": "checkers", "start": "W:W14:B9", "moves": ["14x5"] });
    let request = json!({ "position": over, "page": "p", "strength": { "depth": 2 } });
    let bad = post(&app, "/api/engine/move", request).await;
    assert!(
        bad.error().starts_with("the game is over"),
        "{}",
        bad.error()
    );
}

#[tokio::test]
async fn an_analysis_streams_deeper_lines_then_ends() {
    let app = plain();
    let request = json!({ "position": { "game": "checkers" }, "page": "a", "seconds": 0.5 });
    let reply = post(&app, "/api/analyse", request).await;
    assert_eq!(reply.headers["content-type"], "text/event-stream");
    let all = events(&reply.text);
    let (last, lines) = all.split_last().unwrap();
    assert_eq!(last.0, "done");
    assert!(lines.len() >= 3, "{all:?}");
    for pair in lines.windows(2) {
        assert!(pair[1].1["depth"].as_u64() > pair[0].1["depth"].as_u64());
    }
    let best = &lines.last().unwrap().1;
    assert!(best["pv"].as_array().unwrap().len() >= 2);
    assert!(best["best"]["from"].as_u64().is_some());
    assert_eq!(get(&app, "/api/status").await.json()["searches"], 0);
}

/// Waits until no search runs, for at most five seconds.
async fn settles(app: &axum::Router) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(5) {
        if get(app, "/api/status").await.json()["searches"] == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test]
async fn a_search_stops_when_asked_when_replaced_and_when_its_page_goes() {
    let app = plain();
    let long = json!({ "position": { "game": "checkers" }, "page": "s" });
    // Stopped by the stop route.
    let stream = tokio::spawn({
        let app = app.clone();
        let long = long.clone();
        async move { post(&app, "/api/analyse", long).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stopped = post(&app, "/api/stop", json!({ "page": "s" })).await.json();
    assert_eq!(stopped["stopped"], true);
    let reply = tokio::time::timeout(Duration::from_secs(5), stream)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(events(&reply.text).last().unwrap().0, "done");
    // Replaced by the same page's next search.
    let first = tokio::spawn({
        let app = app.clone();
        let long = long.clone();
        async move { post(&app, "/api/analyse", long).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let short =
        json!({ "position": { "game": "checkers" }, "page": "s", "strength": { "depth": 3 } });
    assert_eq!(post(&app, "/api/engine/move", short).await.status, 200);
    tokio::time::timeout(Duration::from_secs(5), first)
        .await
        .unwrap()
        .unwrap();
    // Dropped: the request's future is cancelled, as when a page closes.
    let gone = tokio::spawn({
        let app = app.clone();
        async move { post(&app, "/api/analyse", long).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(get(&app, "/api/status").await.json()["searches"], 1);
    gone.abort();
    assert!(settles(&app).await, "a search outlived its page");
}

#[tokio::test]
async fn beyond_the_slots_a_search_is_refused_with_503() {
    let app = server(1, None, None);
    let long = json!({ "position": { "game": "pegs" }, "page": "one" });
    let holder = tokio::spawn({
        let app = app.clone();
        async move { post(&app, "/api/analyse", long).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let other =
        json!({ "position": { "game": "pegs" }, "page": "two", "strength": { "depth": 2 } });
    let started = Instant::now();
    let busy = post(&app, "/api/engine/move", other).await;
    assert_eq!(busy.status, 503);
    assert_eq!(busy.headers["retry-after"], "1");
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(
        busy.error().starts_with("the engine is busy"),
        "{}",
        busy.error()
    );
    assert_eq!(get(&app, "/api/status").await.json()["refused"], 1);
    post(&app, "/api/stop", json!({ "page": "one" })).await;
    holder.await.unwrap();
    assert!(settles(&app).await);
}

#[tokio::test]
async fn an_annotation_marks_a_man_given_away() {
    // ACF ballot 11-15 23-19 8-11 22-17, then 12-16 gives a man away.
    let game = json!({ "game": "checkers", "moves": ["11-15", "23-19", "8-11", "22-17", "12-16"] });
    let request = json!({ "position": game, "page": "n", "movetime_ms": 150 });
    let reply = post(&plain(), "/api/annotate", request).await;
    let all = events(&reply.text);
    let steps = all.iter().filter(|(name, _)| name == "step").count();
    assert_eq!(steps, 6);
    let (name, done) = all.last().unwrap();
    assert_eq!(name, "annotated");
    let plies = done["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 5);
    assert!(
        plies[4]["mark"].as_str().unwrap().starts_with('?'),
        "{done}"
    );
    assert!(plies[4]["better"].as_str().is_some());
    let pdn = done["pdn"].as_str().unwrap();
    assert!(pdn.contains("3. 12-16?"), "{pdn}");
}

#[tokio::test]
async fn the_databases_give_their_value() {
    let bad = post(&plain(), "/api/egdb", json!({ "game": "checkers" })).await;
    assert_eq!(bad.status, 409);
    let dir = tempfile::tempdir().unwrap();
    parlour_egdb::build(dir.path(), 3, &parlour_egdb::Quiet).unwrap();
    let app = server(2, Some(dir.path().to_path_buf()), None);
    let catalogue = get(&app, "/api/games").await.json();
    assert_eq!(catalogue["games"][0]["tables"], true);
    assert_eq!(catalogue["games"][1]["tables"], false);
    let lost = json!({ "game": "checkers", "start": "W:WK1:BK32,K28" });
    let reply = post(&app, "/api/egdb", lost).await.json();
    assert_eq!(reply["value"], "loss");
    let many = json!({ "game": "checkers" });
    assert_eq!(
        post(&app, "/api/egdb", many).await.json()["value"],
        Value::Null
    );
}

#[tokio::test]
async fn a_watched_match_shows_its_standings_and_games() {
    let dir = tempfile::tempdir().unwrap();
    let waiting = server(1, None, Some(dir.path().join("m.jsonl")));
    let first = get(&waiting, "/api/watch").await.json();
    assert!(first["waiting"].as_str().is_some(), "{first}");
    let (results, _) = small_match(dir.path());
    let app = server(1, None, Some(results));
    let started = Instant::now();
    let snapshot = loop {
        let snapshot = get(&app, "/api/watch").await.json();
        if snapshot["played"] == 4 || started.elapsed() > Duration::from_secs(5) {
            break snapshot;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(snapshot["planned"], 4, "{snapshot}");
    assert_eq!(snapshot["standings"]["header"][0], "Engine");
    assert!(snapshot["text"]
        .as_str()
        .unwrap()
        .starts_with("4 of 4 games played"));
    let game = &snapshot["games"][0];
    let replay = post(&app, "/api/position", game["position"].clone()).await;
    assert_eq!(replay.status, 200);
    assert!(get(&plain(), "/api/watch").await.status == 409);
}

#[tokio::test]
async fn the_pages_and_their_files_are_built_in() {
    let app = plain();
    let index = get(&app, "/").await;
    assert_eq!(index.status, 200);
    assert!(
        index.text.contains("<script type=\"module\""),
        "{}",
        index.text
    );
    let policy = index.headers["content-security-policy"].to_str().unwrap();
    assert!(policy.starts_with("default-src 'self'"));
    for name in ["app.js", "board.js", "style.css", "watch.js"] {
        let file = get(&app, &format!("/static/{name}")).await;
        assert_eq!(file.status, 200, "{name}");
        assert!(file.text.len() > 100, "{name}");
    }
    assert_eq!(get(&app, "/watch").await.status, 200);
    assert_eq!(get(&app, "/static/secret.txt").await.status, 404);
}

#[tokio::test]
async fn unknown_routes_and_methods_are_refused_in_json() {
    let app = plain();
    let none = get(&app, "/api/nothing").await;
    assert_eq!(
        (none.status.as_u16(), none.error()),
        (404, "no route GET /api/nothing".into())
    );
    let method = get(&app, "/api/position").await;
    assert_eq!(method.status, 405);
    assert_eq!(method.error(), "GET is not allowed on /api/position");
}

#[tokio::test]
async fn the_editor_sets_up_a_start_the_game_checks() {
    let app = plain();
    let pieces = json!([
        { "point": 18, "side": "white", "kind": "man" },
        { "point": 10, "side": "white", "kind": "king" },
        { "point": 12, "side": "black", "kind": "man" },
    ]);
    let request = json!({ "game": "checkers", "pieces": pieces, "side": "white" });
    let reply = post(&app, "/api/compose", request).await.json();
    assert_eq!(reply["position"]["start"], "W:W18,K10:B12");
    let crowned = json!([{ "point": 30, "side": "black", "kind": "man" }]);
    let request = json!({ "game": "checkers", "pieces": crowned, "side": "black" });
    let bad = post(&app, "/api/compose", request).await;
    assert!(bad.error().starts_with("position: "), "{}", bad.error());
    let stock = json!([{ "side": "black", "label": "hand", "count": 0 }, { "side": "white", "label": "hand", "count": 0 }]);
    let pegs = json!([
        { "point": 11, "side": "black", "kind": "king" },
        { "point": 3, "side": "black", "kind": "man" },
        { "point": 2, "side": "white", "kind": "man" },
    ]);
    let request = json!({ "game": "pegs", "pieces": pegs, "side": "white", "stock": stock });
    let reply = post(&app, "/api/compose", request).await.json();
    assert_eq!(
        reply["position"]["start"],
        "b:K11,3/w:2/hand:0,0/reserve:3,3/turn:w"
    );
}

#[tokio::test]
async fn the_engine_moves_from_its_book_without_a_search() {
    use parlour_book::{Book, BookMove, BookSpec, Entry, Header};
    use parlour_checkers::{Position, Rules};
    use parlour_game::Game;
    // A book of one position: after 11-15, it plays 21-17, a move the
    // search would not choose first, resting on a 20-ply search.
    let after = Position::start(Rules::ENGLISH);
    let after = after.play(after.parse_move("11-15").unwrap());
    let mut book = Book::new(Header::new("checkers", "english", 4, 20));
    let moves = vec![BookMove {
        mv: "21-17".into(),
        value: 12,
        depth: 20,
        count: 1,
    }];
    book.insert(after.hash(), Entry { moves });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.book");
    book.save(&path).unwrap();
    parlour_games::install_tables();
    let options = parlour_serve::Options {
        book: BookSpec::File(path),
        ..parlour_serve::Options::default()
    };
    let app =
        parlour_serve::router(parlour_serve::App::new::<parlour_games::Games>(&options).unwrap());
    let game = json!({ "game": "checkers", "moves": ["11-15"] });
    let request = json!({ "position": game, "page": "p", "strength": { "depth": 30 } });
    let reply = post(&app, "/api/engine/move", request).await.json();
    assert_eq!(reply["move"], "21-17", "{reply}");
    assert_eq!(reply["line"]["nodes"], 0, "{reply}");
    assert_eq!(reply["book"], true, "{reply}");
    // A floor above the move's depth leaves the position to the search.
    let deeper = parlour_serve::Options {
        book_floor: 21,
        ..options
    };
    let app =
        parlour_serve::router(parlour_serve::App::new::<parlour_games::Games>(&deeper).unwrap());
    let request = json!({ "position": game, "page": "p", "strength": { "depth": 2 } });
    let reply = post(&app, "/api/engine/move", request).await.json();
    assert_eq!(reply["book"], false, "{reply}");
    // Under other rules, and out of the book, the engine searches.
    let huffing = json!({ "game": "checkers", "rules": "huffing", "moves": ["11-15"] });
    let request = json!({ "position": huffing, "page": "p", "strength": { "depth": 2 } });
    let reply = post(&app, "/api/engine/move", request).await.json();
    assert!(reply["line"]["nodes"].as_u64().unwrap() > 0, "{reply}");
    assert_eq!(reply["book"], false, "{reply}");
}

#[tokio::test]
async fn the_board_plays_from_the_built_in_book_unless_told_off() {
    parlour_games::install_tables();
    let start =
        json!({ "position": { "game": "checkers" }, "page": "p", "strength": { "depth": 4 } });
    let app = parlour_serve::router(
        parlour_serve::App::new::<parlour_games::Games>(&parlour_serve::Options::default())
            .unwrap(),
    );
    let reply = post(&app, "/api/engine/move", start.clone()).await.json();
    assert_eq!(reply["book"], true, "{reply}");
    assert_eq!(reply["line"]["nodes"], 0, "{reply}");
    let off = parlour_serve::Options {
        book: parlour_book::BookSpec::Off,
        ..parlour_serve::Options::default()
    };
    let app = parlour_serve::router(parlour_serve::App::new::<parlour_games::Games>(&off).unwrap());
    let reply = post(&app, "/api/engine/move", start).await.json();
    assert_eq!(reply["book"], false, "{reply}");
    assert!(reply["line"]["nodes"].as_u64().unwrap() > 0, "{reply}");
}
