// Wording of the status line. The facts (who won, why, the counts) come
// from the engine's Game.status(); this only puts them into sentences.

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
export const other = (c) => (c === "white" ? "black" : "white");

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Why the game ended, in plain words, or "" ("Black has no pieces left."). */
export function reasonText(status) {
  const w = status.winner;
  const loser = w ? other(w) : null;
  switch (status.reason) {
    case "no_moves":
      return `${cap(loser)} has no legal move.`;
    case "no_pieces":
      return `${cap(loser)} has no pieces left.`;
    case "resignation":
      return `${cap(loser)} resigned.`;
    case "repetition":
      return "The same position arose for the third time.";
    case "kings_vs_lone_king":
      return "Three kings or more could not take the lone king within 15 moves.";
    case "main_road":
      return "The lone king on the long diagonal held out for 5 moves.";
    case "kings_balance":
      return "Kings on both sides, and nothing taken or crowned within the move limit.";
    case "kings_only":
      return "Only kings moved, with nothing taken, within the move limit.";
    case "agreement":
      return "Drawn by agreement.";
    default:
      return "";
  }
}

/** "White wins" / "Draw" plus the reason, in plain words. */
export function resultText(status) {
  if (status.state === "ongoing") return "";
  const head = status.state === "win" ? `${cap(status.winner)} wins` : "Draw";
  const why = reasonText(status);
  if (status.reason === "agreement") return "Draw by agreement.";
  return why ? `${head}: ${why[0].toLowerCase()}${why.slice(1)}` : `${head}.`;
}

/** The running draw count closest to its end, as a sentence, or "". */
export function drawCountText(status) {
  const counts = status.counts;
  if (!counts || status.state !== "ongoing") return "";
  const list = Object.values(counts).filter((c) => c && typeof c === "object" && Number.isFinite(c.movesLeft));
  // the most pressing first; on a tie, the count a side must beat
  list.sort((a, b) => a.movesLeft - b.movesLeft || Number(!a.side) - Number(!b.side));
  const lines = [];
  const c = list[0];
  if (c) {
    const n = plural(c.movesLeft, "move", "moves");
    if (c.side) lines.push(`${cap(c.side)} has ${n} left to win.`);
    else if (c.rule === "kings_only") lines.push(`Draw in ${n} unless a man moves or a piece is taken.`);
    else lines.push(`Draw in ${n} unless a piece is taken or a man is crowned.`);
  }
  if (counts.repetitions === 2) lines.push("This position has stood twice: a third time is a draw.");
  return lines.join(" ");
}
