// Turning clicks into a legal move, for any game: the server lists each
// legal move as the point it lifts from (none for a placement), the
// points it lands on, and any choice beside that path (a huff before it,
// a line removal after it). A person picks the piece, then each landing
// (or the last one straight away, where it names one path), then, where
// moves share that path, the choice between them.

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const startsWith = (path, prefix) => prefix.every((x, i) => path[i] === x);

export class Picker {
  constructor(moves) {
    this.moves = moves;
    this.reset();
  }

  reset() {
    this.from = null;
    this.path = [];
  }

  /** Moves that still fit what was picked. */
  candidates() {
    return this.moves.filter((m) => m.from === this.from && m.from !== null && startsWith(m.path, this.path));
  }

  /** Points whose piece can move, and empty points a piece can be placed on. */
  sources() {
    return [...new Set(this.moves.filter((m) => m.from !== null).map((m) => m.from))];
  }

  placements() {
    return [...new Set(this.moves.filter((m) => m.from === null && m.path.length).map((m) => m.path[0]))];
  }

  /** The points the piece picked may go to next (and its last landings). */
  targets() {
    if (this.from === null) return this.placements();
    const out = new Set();
    for (const m of this.candidates()) {
      if (m.path.length > this.path.length) {
        out.add(m.path[this.path.length]);
        out.add(m.path[m.path.length - 1]);
      }
    }
    if (this.stoppable()) out.add(this.path[this.path.length - 1]);
    return [...out];
  }

  /** Moves whose path ends where the picking stands now. */
  complete() {
    return this.candidates().filter((m) => m.path.length === this.path.length && m.path.length > 0);
  }

  /** Whether the capture may stop here although it could go on. */
  stoppable() {
    return this.path.length > 0 && this.complete().length > 0
      && this.candidates().some((m) => m.path.length > this.path.length);
  }

  /** Moves that lift no piece and go nowhere (huffing's compel). */
  actions() {
    return this.moves.filter((m) => m.from === null && m.path.length === 0);
  }

  /**
   * A point was picked. Returns what it means: `{kind: 'none'}`,
   * `{kind: 'select'}` (a piece or a landing picked; more to pick),
   * `{kind: 'play', move}`, or `{kind: 'choose', moves}` (moves that share
   * the path and differ by their choice).
   */
  pick(n) {
    if (this.from === null) {
      if (this.sources().includes(n)) {
        this.from = n;
        return { kind: 'select' };
      }
      const placed = this.moves.filter((m) => m.from === null && m.path.length === 1 && m.path[0] === n);
      return this.finish(placed);
    }
    if (this.path.length === 0 && n === this.from) {
      this.reset();
      return { kind: 'none' };
    }
    if (this.stoppable() && n === this.path[this.path.length - 1]) return this.finish(this.complete());
    const next = this.candidates().filter((m) => m.path[this.path.length] === n);
    if (next.length) {
      this.path.push(n);
      if (this.candidates().every((m) => m.path.length === this.path.length)) return this.finish(this.complete());
      return { kind: 'select' };
    }
    // The last landing named straight away, where it names one path.
    const ending = this.candidates().filter((m) => m.path[m.path.length - 1] === n && m.path.length > this.path.length);
    if (ending.length && ending.every((m) => same(m.path, ending[0].path))) {
      this.path = [...ending[0].path];
      return this.finish(ending);
    }
    this.reset();
    return this.pick(n);
  }

  finish(moves) {
    const chosen = [...moves];
    this.reset();
    if (chosen.length === 0) return { kind: 'none' };
    if (chosen.length === 1) return { kind: 'play', move: chosen[0] };
    return { kind: 'choose', moves: chosen };
  }
}

/** What a move does beside its path, in words: the game's own where it
 * gives them, else what the move takes off. */
export function choiceWords(move) {
  if (move.explain) return move.explain;
  if (move.extra && move.extra.when === 'before') return `takes off the piece on ${move.extra.point} first`;
  if (move.extra) return `takes off the piece on ${move.extra.point}`;
  return 'no piece taken off beside the move';
}
