//! A match's identity: the header record, the first line of its results
//! file. It holds, as readable JSON, everything that decides which games
//! are played and how: the game and its rules, the engines as their specs
//! were given, the evaluation engines without one get, the tournament, the
//! games per pairing, the seed, the openings each round plays (resolved:
//! the positions and moves, not the deck's name or the file's), the
//! adjudication and the time margin, and the PDN event. Not the
//! concurrency, which changes no game. A shard's file holds the match's
//! header with the shard beside it.
//!
//! `--resume` compares the file's header with the match's field by field
//! and names every field that differs; `parlour report` does the same
//! between the files it merges (the shard aside).

use crate::game::Adjudication;
use crate::runner::Tournament;
use crate::shard::Shard;
use crate::spec::PlayerSpec;
use serde::{Deserialize, Serialize};
use std::fmt::Display;

/// The header format this version writes and reads.
pub const HEADER_FORMAT: u32 = 1;

/// The opening of one round, as the header writes it: in the game's own
/// text forms, as the game records write their starts and moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderOpening {
    /// The opening's name (`ACF 5`, `openings.txt:3`, `random 4`).
    pub name: String,
    /// The start position.
    pub start: String,
    /// The moves played from it before the engines move.
    pub moves: Vec<String>,
}

/// The first line of a results file: the match it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchHeader {
    /// The header format ([`HEADER_FORMAT`]); the key that tells a header
    /// line from a game record.
    pub parlour_match: u32,
    /// The game (`checkers`, `pegs`).
    pub game: String,
    /// The rules, as the game writes them (empty for a game's defaults
    /// where it writes them so).
    pub rules: String,
    /// The match seed.
    pub seed: u64,
    /// Who plays whom.
    pub tournament: Tournament,
    /// Games per pairing (an even number: each opening twice).
    pub games_per_pairing: usize,
    /// Each engine's spec as it was given.
    pub engines: Vec<String>,
    /// The evaluation of search and greedy engines that name none.
    pub eval: Option<String>,
    /// The adjudication rules.
    pub adjudication: Adjudication,
    /// How far an engine may overrun its clock or move time, in ms.
    pub time_margin_ms: u64,
    /// The PDN `Event` tag.
    pub event: String,
    /// The shard this file holds, if it holds one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The opening of each round: round `r` (from 0) plays
    /// `openings[r % openings.len()]`.
    pub openings: Vec<HeaderOpening>,
}

/// A value as a difference names it: text in backquotes, `none` for
/// nothing.
fn shown<T: Display>(value: Option<T>) -> String {
    match value {
        Some(v) => format!("`{v}`"),
        None => "none".to_string(),
    }
}

impl MatchHeader {
    /// The opening of round `round` (from 0).
    pub fn opening(&self, round: usize) -> Option<&HeaderOpening> {
        match self.openings.len() {
            0 => None,
            n => self.openings.get(round % n),
        }
    }

    /// The engines' display names, from their specs.
    pub fn engine_names(&self) -> Result<Vec<String>, crate::SpecError> {
        self.engines
            .iter()
            .map(|text| Ok(text.parse::<PlayerSpec>()?.name().to_string()))
            .collect()
    }

    /// Every field in which `here` differs from `self`, one line each,
    /// with the two values labelled by `labels` (for a resume, `["in the
    /// file", "here"]`: `rules: \`huffing\` in the file, \`english\`
    /// here`); the shard too when `with_shard`. Empty when the two are the
    /// same match.
    pub fn differences(
        &self,
        here: &MatchHeader,
        with_shard: bool,
        labels: [&str; 2],
    ) -> Vec<String> {
        let mut out = Vec::new();
        let [was, now_at] = labels;
        let mut field = |name: &str, file: String, now: String| {
            if file != now {
                out.push(format!("{name}: {file} {was}, {now} {now_at}"));
            }
        };
        field(
            "header format",
            self.parlour_match.to_string(),
            here.parlour_match.to_string(),
        );
        field("game", shown(Some(&self.game)), shown(Some(&here.game)));
        let rules = |r: &str| {
            if r.is_empty() {
                "the default".to_string()
            } else {
                format!("`{r}`")
            }
        };
        field("rules", rules(&self.rules), rules(&here.rules));
        field("seed", self.seed.to_string(), here.seed.to_string());
        field(
            "tournament",
            self.tournament.name().to_string(),
            here.tournament.name().to_string(),
        );
        field(
            "games per pairing",
            self.games_per_pairing.to_string(),
            here.games_per_pairing.to_string(),
        );
        if self.engines.len() != here.engines.len() {
            field(
                "engines",
                self.engines.len().to_string(),
                here.engines.len().to_string(),
            );
        } else {
            for (i, (file, now)) in self.engines.iter().zip(&here.engines).enumerate() {
                // The same engine may be spelt two ways (options in another
                // order): what counts is the spec read.
                let same = file == now
                    || matches!(
                        (file.parse::<PlayerSpec>(), now.parse::<PlayerSpec>()),
                        (Ok(a), Ok(b)) if a == b
                    );
                if !same {
                    field(
                        &format!("engine {}", i + 1),
                        shown(Some(file)),
                        shown(Some(now)),
                    );
                }
            }
        }
        field("eval", shown(self.eval.as_ref()), shown(here.eval.as_ref()));
        let (a, b) = (&self.adjudication, &here.adjudication);
        field("max plies", shown(a.max_plies), shown(b.max_plies));
        let resign = |adj: &Adjudication| adj.resign.map(|r| format!("{},{}", r.score, r.moves));
        field("resign", shown(resign(a)), shown(resign(b)));
        let draw = |adj: &Adjudication| {
            adj.draw
                .map(|d| format!("{},{},{}", d.after_plies, d.score, d.moves))
        };
        field("draw", shown(draw(a)), shown(draw(b)));
        field(
            "time margin (ms)",
            self.time_margin_ms.to_string(),
            here.time_margin_ms.to_string(),
        );
        field("event", shown(Some(&self.event)), shown(Some(&here.event)));
        if with_shard {
            field("shard", shown(self.shard), shown(here.shard));
        }
        if self.openings.len() != here.openings.len() {
            field(
                "openings",
                self.openings.len().to_string(),
                here.openings.len().to_string(),
            );
        } else if let Some(round) =
            (0..self.openings.len()).find(|&r| self.openings[r] != here.openings[r])
        {
            let opening = |o: &HeaderOpening| {
                let moves = o.moves.join(" ");
                format!("`{}` ({} {moves})", o.name, o.start)
            };
            field(
                &format!("opening of round {}", round + 1),
                opening(&self.openings[round]),
                opening(&here.openings[round]),
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ResignRule;

    const HERE: [&str; 2] = ["in the file", "here"];

    fn header() -> MatchHeader {
        MatchHeader {
            parlour_match: HEADER_FORMAT,
            game: "checkers".into(),
            rules: "english".into(),
            seed: 7,
            tournament: Tournament::RoundRobin,
            games_per_pairing: 4,
            engines: vec!["search:depth=3,name=a".into(), "greedy".into()],
            eval: None,
            adjudication: Adjudication::default(),
            time_margin_ms: 100,
            event: "E".into(),
            shard: None,
            openings: vec![
                HeaderOpening {
                    name: "ACF 1".into(),
                    start: "B:W21-32:B1-12".into(),
                    moves: vec!["9-13".into(), "21-17".into(), "5-9".into()],
                },
                HeaderOpening {
                    name: "ACF 2".into(),
                    start: "B:W21-32:B1-12".into(),
                    moves: vec!["9-13".into(), "22-17".into(), "13x22".into()],
                },
            ],
        }
    }

    #[test]
    fn headers_round_trip_as_json() {
        let h = header();
        let text = serde_json::to_string(&h).unwrap();
        assert!(text.starts_with("{\"parlour_match\":1,\"game\":\"checkers\""));
        assert!(text.contains("\"tournament\":\"round-robin\""), "{text}");
        assert!(!text.contains("shard"), "no shard, no key: {text}");
        assert_eq!(serde_json::from_str::<MatchHeader>(&text).unwrap(), h);
        let sharded = MatchHeader {
            shard: Some(Shard::new(2, 3).unwrap()),
            ..h
        };
        let text = serde_json::to_string(&sharded).unwrap();
        assert!(text.contains("\"shard\":\"2/3\""), "{text}");
        assert_eq!(serde_json::from_str::<MatchHeader>(&text).unwrap(), sharded);
        assert_eq!(sharded.opening(3).unwrap().name, "ACF 2");
    }

    #[test]
    fn differences_name_each_field() {
        let file = header();
        assert!(file.differences(&header(), true, HERE).is_empty());
        // The same engine written another way is the same engine.
        let mut here = header();
        here.engines[0] = "search:name=a,depth=3".into();
        assert!(file.differences(&here, true, HERE).is_empty());
        let mut here = header();
        here.rules = "huffing".into();
        here.engines[0] = "search:depth=4,name=a".into();
        here.adjudication.max_plies = Some(150);
        here.adjudication.resign = Some(ResignRule {
            score: 300,
            moves: 2,
        });
        here.openings[1].moves[2] = "13-17".into();
        here.shard = Some(Shard::new(1, 2).unwrap());
        assert_eq!(
            file.differences(&here, true, HERE),
            [
                "rules: `english` in the file, `huffing` here",
                "engine 1: `search:depth=3,name=a` in the file, `search:depth=4,name=a` here",
                "max plies: `1000` in the file, `150` here",
                "resign: none in the file, `300,2` here",
                "shard: none in the file, `1/2` here",
                "opening of round 2: `ACF 2` (B:W21-32:B1-12 9-13 22-17 13x22) in the file, \
                 `ACF 2` (B:W21-32:B1-12 9-13 22-17 13-17) here",
            ]
        );
        assert_eq!(
            file.differences(&here, false, HERE).len(),
            5,
            "the shard aside"
        );
    }
}
