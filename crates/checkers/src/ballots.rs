//! The ACF three-move ballots, built into the binary from the workspace's
//! one copy (`testdata/three-move-ballots.tsv`), and the decks drawn from
//! them: `deck` (the 156 of the ACF tournament deck, crossboard and
//! mailplay; the 18 barred left out), `all` (174) and `tough` (the 50 of
//! the 2002 computer tough deck).

/// The table: number, moves, deck (crossboard, mailplay or barred),
/// whether in the tough deck, common name.
const BALLOTS: &str = include_str!("../../../testdata/three-move-ballots.tsv");

/// The names of the decks, the tournament deck first.
pub const DECKS: [&str; 3] = ["deck", "all", "tough"];

/// One ballot of the table.
struct Ballot<'a> {
    number: &'a str,
    moves: &'a str,
    deck: &'a str,
    tough: bool,
    name: &'a str,
}

fn ballots() -> impl Iterator<Item = Ballot<'static>> {
    BALLOTS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("acf\t") && !l.trim().is_empty())
        .map(|line| {
            let mut cols = line.split('\t');
            let mut next = || cols.next().unwrap_or("").trim();
            Ballot {
                number: next(),
                moves: next(),
                deck: next(),
                tough: next() == "yes",
                name: next(),
            }
        })
}

/// The ballots of the deck `name` (one of [`DECKS`]): each ballot's name
/// (`ACF 5 Dreaded Edinburgh`) and its three moves from the start
/// (`9-13 21-17 5-9`). `None` for another name.
pub fn deck(name: &str) -> Option<Vec<(String, &'static str)>> {
    let keep: fn(&Ballot) -> bool = match name {
        "deck" => |b| b.deck != "barred",
        "all" => |_| true,
        "tough" => |b| b.tough,
        _ => return None,
    };
    Some(
        ballots()
            .filter(keep)
            .map(|b| {
                let name = if b.name.is_empty() {
                    format!("ACF {}", b.number)
                } else {
                    format!("ACF {} {}", b.number, b.name)
                };
                (name, b.moves)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decks_have_their_sizes() {
        let size = |name| deck(name).unwrap().len();
        assert_eq!(size("deck"), 156);
        assert_eq!(size("all"), 174);
        assert_eq!(size("tough"), 50);
        assert!(deck("nothing").is_none());
        let deck = deck("deck").unwrap();
        assert_eq!(deck[0], ("ACF 1".to_string(), "9-13 21-17 5-9"));
        let five = deck.iter().find(|o| o.0.starts_with("ACF 5 ")).unwrap();
        assert_eq!(five.0, "ACF 5 Dreaded Edinburgh");
        // Ballot 3 is barred: in `all`, not in `deck`.
        assert!(!deck.iter().any(|o| o.0 == "ACF 3"));
    }
}
