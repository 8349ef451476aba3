// Every user-visible string of the puzzles page, in English. A translation
// adds a table with the same keys (functions for the sentences with numbers):
// the Russian is www/i18n/ru-puzzles.js.

import { localTable } from "../i18n/i18n.js";
import ru from "../i18n/ru-puzzles.js";

export const en = {
  skip: "Skip to the puzzle",
  docTitle: "Puzzles · Shashki",
  heading: "Puzzles",
  lead:
    "Shots from real games and from games played by the engine. In each position one line, and only one, wins material or the game; the engine has proven it by searching every defence.",
  controlsLabel: "Choose a puzzle",
  statsHeading: "Your record",
  footer: "Every puzzle was mined and proven by this site's engine; every move you try is judged by it, in your browser.",
  loading: "Loading the puzzles…",
  loadFailed: "The puzzles could not be loaded. Check your connection and reload the page.",
  noMatch: "No puzzle matches these filters.",
  filterTheme: "Theme",
  filterDifficulty: "Difficulty",
  anyTheme: "All themes",
  anyDifficulty: "All difficulties",
  difficulty: {
    easy: "Easy (up to 1200)",
    medium: "Medium (1200–1599)",
    hard: "Hard (1600–1999)",
    expert: "Expert (2000 and up)",
  },
  themes: {
    shot: "Shot (sacrifice)",
    "quiet-move": "Quiet move",
    crowning: "Crowning",
    breakthrough: "Breakthrough",
    "multi-capture": "Multiple capture",
    win: "Winning the game",
    kings: "Kings",
    endgame: "Endgame",
    opening: "Opening",
  },
  previous: "Previous",
  next: "Next",
  daily: "Today's puzzle",
  dailyBadge: "Today's puzzle",
  analyse: "Analyse this position",
  copyLink: "Link to this puzzle",
  linkCopied: "Link copied.",
  solutionHeading: "Solution",
  ratingLabel: "Your rating",
  streakLabel: "Streak",
  bestLabel: "Best streak",
  solvedLabel: "Solved",
  resetStats: "Reset my statistics",
  resetConfirm: "Statistics reset.",
  storedHere: "Your rating and streak are kept in this browser only.",
  prompt: (side, gain) =>
    `${side === "white" ? "White" : "Black"} to move and win${gain >= 100000 ? "" : " material"}. Find the only winning line.`,
  success: "The only winning line.",
  title: (n, total) => `Puzzle ${n} of ${total}`,
  meta: (rating, themes) => `Rating ${rating} · ${themes}`,
  source: (s) => `From ${s}`,
  gain: (g) =>
    g >= 100000
      ? "The line wins the game."
      : `The line wins material worth ${g / 100} ${g === 100 ? "man" : "men"} (a king counts as three).`,
  resultSolved: (delta, rating) => `Solved! Rating ${rating} (${delta >= 0 ? "+" : ""}${delta}).`,
  resultFailed: (delta, rating) => `Not this time. Rating ${rating} (${delta >= 0 ? "+" : ""}${delta}). The streak starts again.`,
  resultAgain: "Solved again (a puzzle counts for your rating once).",
  streak: (n) => `${n} in a row`,
  solvedCount: (n, total) => `${n} of ${total}`,
  hint: "This move does not keep the advantage. Look for a move that forces your opponent's replies.",
  dailyTitle: (date) => `Today's puzzle (${date})`,
  runStart: "Puzzle run (3 minutes)",
  runStop: "Stop the run",
  runClock: "Time",
  runScore: "Solved",
  runBestLabel: "Best puzzle run",
  runTitle: (k) => `Puzzle run: puzzle ${k}`,
  runRight: "Right! Next puzzle…",
  runWrong: (s) => `Wrong: ${s} seconds off the clock. Next puzzle…`,
  runOver: (n, misses, record) =>
    `Time! ${n} ${n === 1 ? "puzzle" : "puzzles"} solved, ${misses} ${misses === 1 ? "miss" : "misses"}.${record ? " A new best!" : ""}`,
  runStopped: (n) => `Run stopped after ${n} solved; a stopped run is not kept as a best.`,
  dashHeading: "Dashboard",
  dashEmpty: "Solve or miss a few puzzles and your rating graph and your accuracy per theme appear here.",
  graphHeading: "Rating over your puzzles",
  graphLabel: (first, last, lo, hi, n) => `Rating graph over ${n} ${n === 1 ? "puzzle" : "puzzles"}: from ${first} to ${last}, lowest ${lo}, highest ${hi}.`,
  accuracyHeading: "Accuracy by theme",
  themeCol: "Theme",
  accuracyCol: "Solved",
  accuracy: (solved, tried) => `${solved} of ${tried} (${Math.round((100 * solved) / tried)}\u00a0%)`,
  practise: (theme) => `Practise your weakest theme: ${theme}`,
  weakNotYet: (n) => `Try each theme ${n} times and the weakest one is offered for practice.`,
  recentHeading: "Latest puzzles",
  historyItem: (solved, rating) => `${solved ? "Solved" : "Missed"}, rating ${rating}`,
};

export const texts = localTable(en, { ru });
