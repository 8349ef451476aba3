// Русский для страницы анализа (www/analysis/texts.js): те же ключи и те же
// сигнатуры функций, что у английской таблицы `en` там. Подключить:
//   import ru from "../i18n/ru-analysis.js";
//   export const T = lang() === "ru" ? { ...en, ...ru } : en;

const pr = new Intl.PluralRules("ru");
const p = (n, one, few, many) => ({ one, few, many })[pr.select(n)] ?? many;
const np = (n, one, few, many) => `${n} ${p(n, one, few, many)}`;
const SIDE = {
  white: { nom: "белые", gen: "белых" },
  black: { nom: "чёрные", gen: "чёрных" },
};
const sd = (c, f = "nom") => (SIDE[String(c).toLowerCase()] || SIDE.white)[f];
const up = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function resultWord(r) {
  return r === "2-0" ? "1–0" : r === "0-2" ? "0–1" : r === "1-1" ? "½–½" : r;
}

function formatNps(nps) {
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1).replace(".", ",")} млн поз./с`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)} тыс. поз./с`;
  return `${nps} поз./с`;
}

export default {
  skipToBoard: "Перейти к доске",
  docTitle: "Доска для анализа · Шашки",
  pageTitle: "Доска для анализа",
  positionTitle: "Позиция",
  navGroup: "Ходы",
  navFirst: "Начало партии",
  navPrev: "Предыдущий ход",
  navNext: "Следующий ход",
  navLast: "Конец варианта",
  flip: "Развернуть доску",
  editPosition: "Расставить позицию",
  boardLabel: "Доска для анализа",
  editorBoardLabel: "Доска для расстановки позиции",

  editorTitle: "Расстановка позиции",
  editorHelp: "Выберите шашку и нажимайте на поля, чтобы её поставить; та же шашка на том же поле её убирает.",
  paletteLabel: "Что ставить",
  whiteMan: "Белая простая",
  whiteKing: "Белая дамка",
  blackMan: "Чёрная простая",
  blackKing: "Чёрная дамка",
  emptySquare: "Пусто",
  sideToMove: "Чей ход",
  white: "Белые",
  black: "Чёрные",
  clearBoard: "Очистить доску",
  startPosition: "Начальная позиция",
  fenLabel: "FEN",
  load: "Открыть",
  editorDone: "Анализировать эту позицию",
  editorCancel: "Вернуться без изменений",
  editorInvalid: (why) => `Такая позиция невозможна по правилам. ${why}`,
  editorNoMoves: (side) => `У ${sd(side, "gen")} здесь нет ходов: партия уже была бы окончена.`,
  editorBadFen: (why) => `Этот FEN прочитать не удалось. ${why}`,
  editorPlaced: (piece, square) => `${piece} на ${square}.`,
  editorRemoved: (square) => `Поле ${square} освобождено.`,

  analysisTitle: "Движок",
  analyseOn: "Анализ",
  analyseOff: "Стоп",
  bestLine: "Лучший вариант:",
  candidates: "Ходы-кандидаты",
  engineFailed: (message) => `Не удалось загрузить движок (${message}). Перезагрузите страницу.`,
  engineLoading: "Запускаю движок…",
  engineIdle: "Нажмите «Анализ», чтобы движок обдумал эту позицию.",
  gameOverNoAnalysis: "В этой позиции партия окончена.",
  depthInfo: (depth, nps) => `глубина ${depth} · ${formatNps(nps)}`,
  provenDone: "доказано",
  winsIn: (side, moves) => `${up(sd(side))} выигрывают за ${np(moves, "ход", "хода", "ходов")}`,
  evalWords: (score) =>
    score > 0.3
      ? `У белых лучше на ${score.toFixed(1).replace(".", ",")}`
      : score < -0.3
        ? `У чёрных лучше на ${(-score).toFixed(1).replace(".", ",")}`
        : "Примерно равно",

  movesTitle: "Ходы",
  promote: "Сделать главным",
  deleteLine: "Удалить отсюда",
  treeHelp:
    "Делайте на доске любые ходы: ход из более ранней позиции начинает побочный вариант. Стрелки ходят по дереву (влево и вправо — назад и вперёд, вверх и вниз — другие варианты).",
  treeLabel: "Ходы и варианты",
  noMoves: "Ходов пока нет: сделайте ход на доске.",
  startOfGame: "Начало",
  sideLine: "Вариант",

  toMove: (side) => `Ход ${sd(side, "gen")}.`,
  statusWin: (winner) => `Победа ${sd(winner, "gen")}.`,
  statusDraw: "Ничья.",
  played: (side, move) => `${up(sd(side))} сыграли ${move}.`,
  atStart: "Начальная позиция.",

  reviewTitle: "Разбор партии",
  reviewBudget: "Время на позицию",
  seconds: (ms) => `${String(ms / 1000).replace(".", ",")} с`,
  reviewStart: "Разобрать главный вариант",
  reviewCancel: "Прервать разбор",
  reviewProgress: "Ход разбора",
  reviewRunning: (done, total) => `Оцениваю позицию ${done} из ${total}…`,
  reviewDone: (marks) =>
    marks === 0
      ? "Разбор окончен: грубых потерь нет."
      : `Разбор окончен: ${p(marks, "отмечен", "отмечено", "отмечено")} ${np(marks, "ход", "хода", "ходов")}.`,
  reviewNothing: "Разбирать нечего: сначала сыграйте или откройте партию.",
  reviewCancelled: "Разбор прерван.",
  reviewThresholds:
    "Ход отмечается по тому, насколько он снижает ожидаемый результат игрока: неточность — от 0,10, ошибка — от 0,20, грубая ошибка — от 0,30.",
  marksLabel: "Отмеченные ходы",
  graphLabel: (n) =>
    `График оценки: ${np(n, "позиция", "позиции", "позиций")}, с точки зрения белых. Нажмите на точку, чтобы перейти к ходу.`,
  markName: { inaccuracy: "неточность", mistake: "ошибка", blunder: "грубая ошибка" },
  markLine: (number, move, kind, better, line) => `${number} ${move}: ${kind}. Лучше ${better}${line ? ` (${line})` : ""}.`,

  classicsTitle: "Классические партии",
  classicsHelp: "200 партий чемпионатов СССР. Откройте любую, чтобы разобрать её.",
  filterPlayer: "Игрок",
  filterYear: "Год",
  filterResult: "Результат",
  resultAny: "Любой",
  opening: "Дебют",
  filterOpening: "Дебют",
  openingAny: "Любой",
  reviewOpening: (name) => `Дебют главной линии: ${name}.`,
  resultWhite: "Победа белых",
  resultBlack: "Победа чёрных",
  resultDraw: "Ничья",
  classicsCount: (shown, total) => `${shown} из ${total} ${p(total, "партии", "партий", "партий")}.`,
  classicsLoading: "Загружаю партии…",
  classicsFailed: () => "Партии загрузить не удалось.",
  classicItem: (g) => `${g.white} – ${g.black}, ${g.year ?? "?"}, ${resultWord(g.result)}, ${g.event}`,
  classicOpened: (g) => `Открыта партия ${g.white} – ${g.black} (${g.year ?? "?"}); идёт разбор.`,

  ioTitle: "Ссылка, FEN и PDN",
  linkLabel: "Ссылка на эту позицию и вариант",
  pdnLabel: "PDN (побочные варианты — в скобках)",
  pasteLabel: "Вставьте FEN, PDN или ссылку",
  copy: "Копировать",
  copied: "Скопировано.",
  badFen: (why) => `Этот FEN прочитать не удалось. ${why} Прежняя позиция осталась.`,
  badPdn: (why) => `Этот PDN прочитать не удалось. ${why} Прежняя позиция осталась.`,
  badLink: (why) => `Эту ссылку открыть не удалось. ${why} Прежняя позиция осталась.`,
  loadedFen: "Позиция открыта.",
  loadedPdn: "Партия открыта.",
  emptyPaste: "Сначала вставьте текст.",
};
