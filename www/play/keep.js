// The finished (or abandoned) game as PDN with its tags, kept in My games.

import { pdnTimeControl } from "./clock.js";
import { debug, levelInfo, movesPlayed, S } from "./state.js";
import { persist } from "./game.js";

// ---- PDN and My games ----------------------------------------------------

function pdnDate(iso) {
  const d = new Date(iso);
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/** The game's PDN with its tags (players, date, time control, how it ended). */
export function pdnText({ abandoned = false } = {}) {
  const st = S.game.status();
  const l = levelInfo();
  const name = (c) =>
    S.settings.mode === "humans" ? (c === "white" ? "White" : "Black") : c === S.settings.human ? "Player" : `Shashki bot, level ${l.level}`;
  S.game.setTag("Event", S.settings.mode === "humans" ? "Two players at one board" : "Game against the Shashki bot");
  S.game.setTag("Site", "Shashki");
  S.game.setTag("Date", pdnDate(S.startedAt));
  S.game.setTag("White", name("white"));
  S.game.setTag("Black", name("black"));
  S.game.setTag("TimeControl", pdnTimeControl(S.clockControl));
  // A loss on time is written by the engine itself ("time forfeit").
  S.game.setTag("Termination", st.state !== "ongoing" ? "normal" : abandoned ? "abandoned" : "unterminated");
  return S.game.pdn();
}

/** The game as a My games entry (null when there is nothing to keep). */
function archiveEntry() {
  if (S.game.ply() === 0 && !S.end) return null;
  const st = S.game.status();
  const over = st.state !== "ongoing";
  const who = S.settings.mode === "humans" ? "white" : S.settings.human;
  const outcome = !over ? "unfinished" : st.state === "draw" ? "draw" : st.winner === who ? "win" : "loss";
  return {
    date: S.startedAt,
    opponent: S.settings.mode === "humans" ? "humans" : S.settings.level,
    color: S.settings.mode === "humans" ? null : S.settings.human,
    result: over ? (st.state === "draw" ? "1-1" : st.winner === "white" ? "2-0" : "0-2") : "*",
    outcome,
    reason: over ? st.reason : "abandoned",
    timeControl: pdnTimeControl(S.clockControl),
    startFen: S.game.startFen(),
    moves: movesPlayed(),
    pdn: pdnText({ abandoned: !over }),
  };
}

/** Stores (or rewrites) this game in My games; a failure is shown, the game goes on. */
export function keepInArchive() {
  if (!S.archiveUi) return;
  const entry = archiveEntry();
  if (!entry) return;
  const key = `${entry.result}|${entry.reason}|${entry.moves.length}`;
  if (key === S.archivedKey) return;
  S.archivedKey = key;
  if (S.archiveId !== null) entry.id = S.archiveId;
  const forGame = S.generation;
  archiveUi: S.archiveUi
    .keep(entry)
    .then((id) => {
      if (forGame === S.generation) {
        S.archiveId = id;
        persist();
      }
    })
    .catch(() => {
      if (forGame === S.generation) S.archivedKey = null;
    });
}

export function showArchiveError(message) {
  debug.archiveError = message;
}
