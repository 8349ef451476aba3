// The game record kept across reloads (localStorage) and in share links
// (the URL hash). A record is {startFen, moves: [notation], end}; the Game
// is always rebuilt from it by the engine, which re-checks every move.

import { storage } from "../shared/util.js";

const KEY = "shashki.play.v1";

export function loadSaved() {
  const data = storage.get(KEY);
  if (!data || data.v !== 1 || !Array.isArray(data.record?.moves)) return null;
  return data;
}

/** Private mode or full storage: the game just won't survive a reload. */
export function save(data) {
  storage.set(KEY, { v: 1, ...data });
}

/** `#fen=...&moves=c3-d4 b6-a5` (fen omitted for the usual start). */
export function encodeShare(record, standardStartFen) {
  const params = new URLSearchParams();
  if (record.startFen && record.startFen !== standardStartFen) params.set("fen", record.startFen);
  if (record.moves.length) params.set("moves", record.moves.join(" "));
  return params.toString();
}

/** The record in a location hash, or null when the hash holds none. */
export function decodeShare(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!text) return null;
  const params = new URLSearchParams(text);
  const fen = params.get("fen");
  const moves = params.get("moves");
  if (fen === null && moves === null) return null;
  return {
    startFen: fen ? fen.trim() : null,
    moves: moves ? moves.trim().split(/\s+/).filter(Boolean) : [],
    end: null,
  };
}
