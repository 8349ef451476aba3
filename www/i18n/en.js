// English: every text the scripts write. (The static English of each page
// stays in its HTML, which is also what a reader without JavaScript sees;
// ru.js translates those elements by their data-i18n keys.)

const side = (c) => (c === "black" ? "Black" : "White");
const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
const moves = (k) => n(k, "move", "moves");

export default {
  // ---- common words -----------------------------------------------------
  "word.and": "and",
  "word.or": "or",
  "side.name": ({ side: c }) => side(c),
  "lang.label": "Language",

  // ---- status and results (play page and widget) ------------------------
  "status.toMove": ({ side: c }) => `${side(c)} to move`,
  "status.wins": ({ side: c }) => `${side(c)} wins`,
  "status.draw": "Draw",
  "result.agreement": "Draw by agreement.",
  "result.withReason": ({ head, why }) => `${head}: ${why[0].toLowerCase()}${why.slice(1)}`,
  "reason.no_moves": ({ side: c }) => `${side(c)} has no legal move.`,
  "reason.no_pieces": ({ side: c }) => `${side(c)} has no pieces left.`,
  "reason.resignation": ({ side: c }) => `${side(c)} resigned.`,
  "reason.repetition": "The same position arose for the third time.",
  "reason.kings_vs_lone_king": ({ n: k }) => `Three kings or more could not take the lone king within ${moves(k)}.`,
  "reason.main_road": ({ n: k }) => `The lone king on the long diagonal held out for ${moves(k)}.`,
  "reason.kings_balance": "Kings on both sides, and nothing taken or crowned within the move limit.",
  "reason.kings_only": "Only kings moved, with nothing taken, within the move limit.",
  "reason.agreement": "Drawn by agreement.",
  "count.sideLeft": ({ side: c, n: k }) => `${side(c)} has ${moves(k)} left to win.`,
  "count.kingsOnlyLeft": ({ n: k }) => `Draw in ${moves(k)} unless a man moves or a piece is taken.`,
  "count.balanceLeft": ({ n: k }) => `Draw in ${moves(k)} unless a piece is taken or a man is crowned.`,
  "count.repeated": "This position has stood twice: a third time is a draw.",
  "counts.item": ({ rule, n: k, side: c }) => {
    const name = { kings_vs_lone_king: "lone king", main_road: "lone king on the main road", kings_balance: "kings on both sides", kings_only: "only kings moving" }[rule] || String(rule).replace(/_/g, " ");
    return c ? `${name}, ${moves(k)} left for ${side(c)}` : `${name}, ${moves(k)} left`;
  },
  "counts.list": ({ n: k, items }) => `Draw ${k === 1 ? "count" : "counts"}: ${items}.`,
  "material.men": ({ n: k }) => n(k, "man", "men"),
  "material.kings": ({ n: k }) => n(k, "king", "kings"),
  "material.none": "no pieces",

  // ---- the engine's errors ----------------------------------------------
  // The play page shows the engine's own message in English.
  "error.illegal_move": ({ message }) => message,
  "error.ambiguous_move": ({ message }) => message,
  "error.bad_notation": "{message}",
  "error.game_over": "{message}",
  "error.bad_fen": "{message}",
  "error.bad_pdn": "{message}",
  "error.no_game": "{message}",
  "error.too_long": "{message}",
  "error.too_large": "{message}",
  "error.no_draw_offer": "{message}",
  "error.draw_already_offered": "{message}",
  "error.bad_argument": "{message}",
  // Reasons an illegal move is refused: English shows the engine's own words
  // (shared/status-text.js illegalReason); other languages key them.

  // ---- the board --------------------------------------------------------
  "board.label": "Draughts board",
  "board.piece.white-man": "white man",
  "board.piece.white-king": "white king",
  "board.piece.black-man": "black man",
  "board.piece.black-king": "black king",
  "board.empty": "empty",
  "board.selected": "selected",
  "board.mustCapture": "must capture",
  "board.moveHere": "move here",
  "board.capturePath": "capture path",
  "board.announce.select": ({ sq, list, n: k }) => `${sq} selected. ${k === 1 ? "Destination" : "Destinations"}: ${list}.`,
  "board.announce.selectFree": "{sq} selected.",
  "board.announce.ambiguous": "Several captures end on {sq}. Choose the path hop by hop: next square {list}.",
  "board.announce.via": "Via {sq}. Next square: {list}.",

  // ---- the play page ----------------------------------------------------
  "play.boardLabel": "Board",
  "play.startFailed": "The game could not start",
  "play.startFailedDetail": "{message}. Reload the page to try again.",
  "play.played": ({ side: c, move, status }) => `${side(c)} played ${move}. ${status}`,
  "play.toMoveSentence": ({ side: c }) => `${side(c)} to move.`,
  "play.botFailed": "The bot could not move: {message}",
  "play.botThinking": "The bot is thinking…",
  "play.tablebaseWin": ({ side: c, n: k }) =>
    k == null ? `Tablebase: ${side(c)} wins` : `Tablebase: ${side(c)} wins in ${moves(k)}`,
  "play.tablebaseDraw": "Tablebase: draw",
  "play.botConsidering": "The bot is considering your draw offer…",
  "play.lookingHint": "Looking for a good move…",
  "play.yourMove": "Your move",
  "play.you": "You",
  "play.botName": "Bot · level {level}",
  "play.botDetail": ({ name, side: c }) => `${name} · ${side(c)}`,
  "play.moveLabel": ({ num, black, side: c, move }) => `${num}${black ? "…" : ""} ${side(c)} ${move}`,
  "play.viewStart": "Viewing the start position",
  "play.viewAfter": "Viewing the position after move {n}",
  "play.backToGame": "Back to the game. {status}",
  "play.startPosition": "Start position.",
  "play.positionAfter": "Position after {move}.",
  "play.newBotGame": ({ level, side: c }) => `New game against the bot, level ${level}. You play ${c}. White to move.`,
  "play.newHumansGame": "New game for two players. White to move.",
  "play.undone": "Move taken back. {status}",
  "play.offersDraw": ({ side: c }) => `${side(c)} offers a draw`,
  "play.acceptQuestion": ({ side: c }) => `${side(c)}, do you accept the draw?`,
  "play.acceptDraw": "Accept the draw",
  "play.decline": "Decline",
  "play.declined": ({ side: c }) => `${side(c)} declined the draw.`,
  "play.botDeclines": "The bot declines the draw.",
  "play.botAccepts": "The bot accepts the draw.",
  "play.noDrawAnswer": "No answer to the draw offer: {message}",
  "play.resignTitle": "Resign?",
  "play.resignBot": "The bot wins this game.",
  "play.resignHumans": ({ side: c, other }) => `${side(c)} resigns and ${side(other)} wins.`,
  "play.resign": "Resign",
  "play.keepPlaying": "Keep playing",
  "play.hint": "Hint: {move}.",
  "play.noHint": "No hint: {message}",
  "play.flipped": ({ side: c }) => `Board flipped: ${side(c)} at the bottom.`,
  "play.pasteFirst": "Paste a FEN or a PDN first.",
  "play.loaded": "Game loaded. {status}",
  "play.levelOption": "{level} · {name}",
  "play.gameOver": "The game is over.",
  "play.waitBot": "Wait: the bot is thinking.",
  "play.notYourMove": "It is not your move.",
  "play.copied": "Copied",
  "play.copyManually": "Select and copy",
  "play.sharedOpened": "Shared game opened. {status}",
  "play.badLink": "The link holds no valid game: {message}",
  "play.badSaved": "The saved game could not be restored: {message}",

  // ---- the board widget ---------------------------------------------------
  "widget.boardLabel": "Draughts board",
  "widget.moves": "Moves",
  "widget.placeholder": "e.g. c3-d4",
  "widget.inputLabel": "Your move in notation",
  "widget.typeIt": "Or type it:",
  "widget.play": "Play",
  "widget.undo": "Undo",
  "widget.reset": "Reset",
  "widget.retry": "Retry",
  "widget.showSolution": "Show solution",
  "widget.first": "First position",
  "widget.prev": "Previous move",
  "widget.next": "Next move",
  "widget.last": "Last position",
  "widget.noMoves": "This board does not take moves.",
  "widget.engineFailed": "The draughts engine could not be loaded ({message}).",
  "widget.badFen": "This diagram's position is not valid: {message}",
  "widget.movesBreak": "The move list breaks at \"{move}\": {why}",
  "widget.noSolution": "This exercise has no solution attribute.",
  "widget.solutionBreaks": "The solution breaks at \"{move}\": {why}",
  "widget.refused.illegal": "Not allowed: {reason}.",
  "widget.refused.ambiguous": ({ candidates }) =>
    `Which capture do you mean?${candidates ? ` It could be ${candidates}.` : ""} Write the squares in between.`,
  "widget.refused.notation": "That is not a move: {message}",
  "widget.refused.over": "The game is over here.",
  "widget.selectedExercise": "{sq} selected. Now choose its square.",
  "widget.boardName": ({ caption, description }) => `${caption ? `${caption} ` : ""}Board. ${description}`,
  "widget.sideNone": ({ side: c }) => `${side(c)}: no pieces`,
  "widget.sidePieces": ({ side: c, kings, men }) => {
    const parts = [];
    if (kings.length) parts.push(`${kings.length === 1 ? "king" : "kings"} ${kings.list}`);
    if (men.length) parts.push(`${men.length === 1 ? "man" : "men"} ${men.list}`);
    return `${side(c)}: ${parts.join("; ")}`;
  },
  "widget.toMoveCapture": ({ side: c }) => `${side(c)} to move: capture is compulsory.`,
  "widget.toMove": ({ side: c }) => `${side(c)} to move.`,
  "widget.replayStep": ({ ply, total, move, taken, crowned, status }) =>
    `Move ${ply} of ${total}: ${move}${taken ? `, taking ${taken}` : ""}${crowned ? ", crowned" : ""}. ${status}`,
  "widget.defaultPrompt": ({ side: c }) => `${side(c)} to move: find the best move.`,
  "widget.waitReply": "Wait for the reply.",
  "widget.pressRetry": "Press Retry to try again.",
  "widget.right": "Right.",
  "widget.rightAgain": "Right. Your move again.",
  "widget.replied": ({ side: c, move }) => `${side(c)} replied ${move}. Your move again.`,
  "widget.solved": "Solved!",
  "widget.solution": "Solution: {line}",
  "widget.wrong": "{move} is legal, but not the answer.",
  "widget.wrongWhy": "{move} is legal, but not the answer: {why}",
  "widget.wrongHint": "{move} is legal, but not the answer. {hint}",
  "widget.wrongTakes": ({ move, side: c, reply, noun, squares, crowns }) =>
    `${move} is legal, but not the answer: ${side(c)} replies ${reply} and takes your ${noun} on ${squares}${crowns ? ", and is crowned" : ""}.`,
  "widget.noun.man": "man",
  "widget.noun.king": "king",
  "widget.noun.men": "men",
  "widget.noun.kings": "kings",
  "widget.noun.pieces": "pieces",

  // ---- the lessons page -------------------------------------------------
  "lessons.progressNone": ({ total }) => `${total} exercises. Your progress is kept in this browser.`,
  "lessons.progressAll": ({ total }) => `All ${total} exercises solved. Well done!`,
  "lessons.progressSome": ({ count, total }) => `${count} of ${total} exercises solved.`,
  "lessons.completed": "completed",
};
