//! Analysis of recorded games: a ballot game in which a man is given away
//! for nothing gets its move marked with a better one, every move gets a
//! note, and the annotated game analysed again comes out unchanged
//! without a search.

use parlour_arena::analyse::{self, Settings, Thresholds, Verdict};
use parlour_checkers::Rules;
use parlour_game::pdn::read_games;
use parlour_game::registry::parse_line;
use parlour_game::Variant;
use parlour_search::{Limits, Searcher};

/// ACF ballot 11-15 23-19 8-11 22-17, then 12-16: White's 19 takes the
/// man on 16 for nothing.
const BLUNDER: &str = "[Event \"ballot\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 12-16 *\n";

/// `text`'s first game, analysed to depth 8 on one thread: its PDN and
/// the analysis.
fn analyse_text(text: &str, settings: &Settings) -> (String, analyse::GameAnalysis) {
    let game = &read_games(text).unwrap()[0];
    let prepared = analyse::prepare(game, Rules::ENGLISH).unwrap();
    let eval = Rules::ENGLISH.evaluator("handwritten").unwrap();
    let mut searcher = Searcher::new(1, 8).unwrap();
    let mut steps = Vec::new();
    let analysed = analyse::analyse(prepared, &mut searcher, &eval, settings, |step| {
        steps.push((step.done, step.total, step.mv.map(str::to_string)));
    });
    // Progress: one step per position, the start first.
    assert_eq!(steps.len(), analysed.plies.len() + 1);
    assert_eq!(steps[0], (1, 6, None));
    assert_eq!(steps[5], (6, 6, Some("12-16".to_string())));
    (analysed.pdn(), analysed)
}

/// Depth 8, a `?` from half a man: the hand-written evaluation scores the
/// man given away a little under one man (the CLI's test keeps the
/// default thresholds, with the default evaluation).
fn settings() -> Settings {
    Settings {
        limits: Limits::depth(8),
        thresholds: Thresholds {
            mistake: 50,
            ..Thresholds::default()
        },
        lines: 1,
    }
}

#[test]
fn a_man_given_away_is_marked_with_the_better_move() {
    let (text, analysed) = analyse_text(BLUNDER, &settings());
    assert_eq!(analysed.searches, 6, "{text}");
    assert_eq!(analysed.plies.len(), 5);
    for ply in &analysed.plies[..4] {
        assert_eq!(ply.verdict, Verdict::Good, "{text}");
        assert_eq!(ply.note.depth, 8);
    }
    let blunder = &analysed.plies[4];
    assert_ne!(blunder.verdict, Verdict::Good, "{text}");
    let better = blunder.better().expect("a better move named");
    assert!(!better.starts_with("12-16"), "{better}");
    assert_eq!(blunder.alternatives.len(), 1);
    // Unmarked moves have no variation.
    assert!(analysed.plies[..4]
        .iter()
        .all(|p| p.alternatives.is_empty()));
    // The move played leaves the mover about a man down.
    let parlour_search::Score::Value(score) = blunder.note.score else {
        panic!("{text}");
    };
    assert!(score <= -50, "{text}");
    assert!(
        text.contains(&format!("3. 12-16{} {{", blunder.verdict.mark())),
        "{text}"
    );
    // The better move and its line: a variation right after the mark and
    // the note, numbered from Black's third move, its own note after its
    // first move.
    let line = &blunder.alternatives[0].line;
    let variation = format!("(3. {} {{{}}}", line[0], blunder.alternatives[0].note);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = flat
        .find(&variation)
        .unwrap_or_else(|| panic!("{variation}: {text}"));
    assert!(
        flat[..at].ends_with(&format!(
            "3. 12-16{} {{{}}} ",
            blunder.verdict.mark(),
            blunder.note
        )),
        "{text}"
    );
    assert!(!text.contains("better"), "{text}");
    // Every move, and the start, has its note: five plies, six comments;
    // the main line reads back as it was.
    let game = &read_games(&text).unwrap()[0];
    assert_eq!(game.comments.len(), 6, "{text}");
    assert_eq!(game.moves, read_games(BLUNDER).unwrap()[0].moves);
    assert_eq!(game.variations.len(), 1, "{text}");
    assert_eq!(game.variations[0].read().unwrap().moves, line.join(" "));
}

#[test]
fn multi_pv_gives_every_move_its_best_alternatives() {
    let three = Settings {
        lines: 3,
        ..settings()
    };
    let (text, analysed) = analyse_text(BLUNDER, &three);
    let game = &read_games(&text).unwrap()[0];
    let history = game.replay(Rules::ENGLISH).unwrap();
    let mut before = *history.start();
    for (ply, &mv) in analysed.plies.iter().zip(history.moves()) {
        // Up to three, and more than one where the position allows it
        // (an opening position has seven moves).
        assert!((2..=3).contains(&ply.alternatives.len()), "{text}");
        for alternative in &ply.alternatives {
            let line = alternative.line.join(" ");
            let moves = parse_line::<Rules>(&before, &line).expect("a legal line");
            assert_ne!(moves[0], mv, "the move played is left out: {text}");
            assert_eq!(alternative.note.depth, 8);
        }
        // Best first.
        let scores: Vec<i32> = (ply.alternatives.iter())
            .map(|a| a.note.score.internal())
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{text}");
        before = before.play(mv);
    }
    // The main line and every note read back; a second run searches
    // nothing and writes the same text.
    assert_eq!(game.moves, read_games(BLUNDER).unwrap()[0].moves);
    assert_eq!(game.comments.len(), 6, "{text}");
    let (again, second) = analyse_text(&text, &three);
    assert_eq!(second.searches, 0);
    assert_eq!(again, text);
    // With one line again, only the marked move keeps its better move.
    let (one, single) = analyse_text(&text, &settings());
    assert_eq!(single.searches, 0);
    let with: Vec<usize> = single.plies.iter().map(|p| p.alternatives.len()).collect();
    assert_eq!(with, [0, 0, 0, 0, 1], "{one}");
}

#[test]
fn an_analysed_game_is_not_searched_again() {
    let (first, _) = analyse_text(BLUNDER, &settings());
    let (second, again) = analyse_text(&first, &settings());
    assert_eq!(again.searches, 0);
    assert_eq!(first, second);
    // Thresholds out of reach: the marks go, the notes stay.
    let lenient = Settings {
        thresholds: Thresholds {
            mistake: 10_000,
            blunder: 20_000,
            level: 20_000,
        },
        ..settings()
    };
    let (third, unmarked) = analyse_text(&first, &lenient);
    assert_eq!(unmarked.searches, 0);
    assert!(!third.contains('?') && !third.contains('('), "{third}");
}

#[test]
fn other_comments_are_kept_and_a_finished_game_is_scored_by_its_rules() {
    // White is out of moves after Black's last jump: a proven win, found
    // without a search.
    let text = "[Event \"end\"]\n[FEN \"B:W14:B9,10\"]\n\n1. 10x17? {a note} 1-0\n";
    let game = &read_games(text).unwrap()[0];
    let prepared = analyse::prepare(game, Rules::ENGLISH).unwrap();
    assert_eq!(prepared.missing(), 2);
    let eval = Rules::ENGLISH.evaluator("handwritten").unwrap();
    let mut searcher = Searcher::new(1, 8).unwrap();
    let analysed = analyse::analyse(prepared, &mut searcher, &eval, &settings(), |_| {});
    assert_eq!(analysed.searches, 1);
    let out = analysed.pdn();
    assert!(
        out.contains("1. 10x17 {+W0/0 0.000s} {a note} 1-0"),
        "{out}"
    );
}

#[test]
fn a_game_that_does_not_replay_is_an_error() {
    let game = &read_games("[Event \"x\"]\n\n1. 11-17 *\n").unwrap()[0];
    assert!(analyse::prepare(game, Rules::ENGLISH).is_err());
}

#[test]
fn an_older_analysis_keeps_its_notes_and_finds_its_better_move_again() {
    // Before variations, the better move was text in the note's comment.
    let old = "[Event \"ballot\"]\n\n{+0.04/8 0.010s} 1. 11-15 {+0.06/8 0.003s} 23-19 \
               {-0.01/8 0.002s} 2. 8-11 {+0.01/8 0.002s} 22-17 {+0.00/8 0.004s} 3. 12-16? \
               {-0.97/8 0.006s; better 9-14 +0.00, line 9-14 26-22} *\n";
    let game = &read_games(old).unwrap()[0];
    let prepared = analyse::prepare(game, Rules::ENGLISH).unwrap();
    assert_eq!(prepared.missing(), 0);
    let kept = prepared.pdn();
    assert!(kept.contains("3. 12-16 {-0.97/8 0.006s} *"), "{kept}");
    let eval = Rules::ENGLISH.evaluator("handwritten").unwrap();
    let mut searcher = Searcher::new(1, 8).unwrap();
    let analysed = analyse::analyse(prepared, &mut searcher, &eval, &settings(), |_| {});
    // Only the position before the marked move, for its better move.
    assert_eq!(analysed.searches, 1);
    let text = analysed.pdn();
    assert!(text.contains("3. 12-16? {-0.97/8 0.006s} (3. "), "{text}");
}
