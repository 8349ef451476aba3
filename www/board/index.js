// The board widget's public entry point.
//
//   import { Board, loadEngine } from "./board/index.js";
//   const { Game } = await loadEngine();
//   const game = Game.fromFen("W:Wc3:Bd4");
//   const board = new Board(container, {
//     position: game.board(),
//     legalMoves: game.legalMoves(),
//     onMove(move) { board.playMove(game.play(move.notation), game.board()); },
//   });
//
// Styles: link board/board.css (or adopt it in a shadow root).

export { Board } from "./board.js";
export { loadEngine } from "./engine.js";
export { DARK_SQUARES, ALL_SQUARES } from "./geometry.js";
