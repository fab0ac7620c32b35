//! The generated tables: the contract's 3-square board exactly, every other
//! size by invariants, and the drawing.

use parlour_pegs::{board_diagram, board_tables, Board, Hole};

fn h(n: u32) -> Hole {
    Hole::from_number(n).unwrap()
}

fn numbers(set: parlour_pegs::HoleSet) -> Vec<u32> {
    set.iter().map(|h| h.number()).collect()
}

#[test]
fn three_squares_with_diagonals_as_the_contract_draws_them() {
    let b = Board::get(3, true);
    assert_eq!(b.hole_count(), 24);
    assert_eq!(b.lines().len(), 20);
    assert_eq!(numbers(b.neighbours(h(1))), [2, 8, 9]);
    assert_eq!(numbers(b.neighbours(h(9))), [1, 10, 16, 17]);
    assert_eq!(numbers(b.neighbours(h(10))), [2, 9, 11, 18]);
    assert_eq!(numbers(b.neighbours(h(24))), [16, 17, 23]);
    assert!(b.neighbours(h(2)).contains(h(10)));
    let pairs = |n| -> Vec<(u32, u32)> {
        b.opposite_pairs(h(n))
            .map(|(a, c)| (a.number(), c.number()))
            .collect()
    };
    assert_eq!(pairs(9), [(10, 16), (1, 17)]);
    assert_eq!(pairs(10), [(9, 11), (2, 18)]);
    assert_eq!(pairs(1), [(2, 8)]);
    assert_eq!(pairs(17), [(18, 24)]);
    let lines: Vec<[u32; 3]> = b
        .lines()
        .iter()
        .map(|l| [l[0].number(), l[1].number(), l[2].number()])
        .collect();
    for line in [
        [1, 2, 3],
        [7, 8, 1],
        [1, 9, 17],
        [2, 10, 18],
        [17, 18, 19],
        [23, 24, 17],
    ] {
        assert!(lines.contains(&line), "{line:?} in {lines:?}");
    }
    assert_eq!(b.distance(h(1), h(24)), 3);
    assert_eq!(b.distance(h(1), h(5)), 4);
}

#[test]
fn without_diagonals_corners_do_not_connect_across() {
    let b = Board::get(3, false);
    assert_eq!(numbers(b.neighbours(h(9))), [10, 16]);
    assert_eq!(b.lines().len(), 12 + 4);
    assert_eq!(b.opposite_pairs(h(9)).count(), 1);
    assert_eq!(b.distance(h(1), h(9)), 3);
}

#[test]
fn every_size_keeps_the_invariants() {
    for squares in 2..=6u8 {
        for diagonals in [false, true] {
            let b = Board::get(squares, diagonals);
            let s = squares as usize;
            let n = 8 * s;
            assert_eq!(b.hole_count(), n);
            let across = if diagonals { 8 } else { 4 };
            assert_eq!(b.lines().len(), 4 * s + (s - 2) * across);
            let mut degree = 0;
            for x in b.holes() {
                let nb = b.neighbours(x);
                assert!(!nb.contains(x));
                for y in nb {
                    assert!(b.neighbours(y).contains(x), "symmetry {x}-{y}");
                    assert_eq!(b.distance(x, y), 1);
                }
                degree += nb.len();
                for y in b.holes() {
                    assert_eq!(b.distance(x, y), b.distance(y, x));
                    for z in nb {
                        assert!(b.distance(z, y).abs_diff(b.distance(x, y)) <= 1);
                    }
                }
                for (p, q) in b.opposite_pairs(x) {
                    assert!(nb.contains(p) && nb.contains(q) && p != q);
                }
                let inner = x.square() > 0 && x.square() + 1 < s;
                let expected = 1 + (inner && (!x.is_corner() || diagonals)) as usize;
                assert_eq!(b.opposite_pairs(x).count(), expected, "pairs of {x}");
            }
            assert_eq!(degree, 2 * (8 * s + (s - 1) * across));
            for line in b.lines() {
                assert!(b.neighbours(line[1]).contains(line[0]));
                assert!(b.neighbours(line[1]).contains(line[2]));
                assert!(b.opposite_pairs(line[1]).any(|(p, q)| {
                    (p, q) == (line[0], line[2]) || (q, p) == (line[0], line[2])
                }));
            }
        }
    }
}

#[test]
fn the_drawing_shows_every_hole_and_the_tables_every_line() {
    let b = Board::get(3, true);
    let drawing = board_diagram(b);
    for n in 1..=24 {
        assert!(
            drawing
                .split(|c: char| !c.is_ascii_digit())
                .any(|w| w == n.to_string()),
            "{n} missing from\n{drawing}"
        );
    }
    assert!(drawing.contains('\\') && drawing.contains('/'));
    assert!(!board_diagram(Board::get(3, false)).contains('\\'));
    let tables = board_tables(b);
    assert!(tables.starts_with("3 squares, diagonals on, 24 holes, 20 lines"));
    assert!(tables.contains("1-9-17"));
    assert!(tables
        .lines()
        .any(|l| l.split_whitespace().collect::<Vec<_>>()
            == ["9", "1", "1", "10", "16", "17", "10-16", "1-17"]));
}
