// Texts of the everyday-play features in both languages: the settings
// panel (every page), the clocks, the two-player mode and "My games" (the
// play page). Added to the site's tables with addTexts, so t() finds them
// on any page that imports this module (the settings panel does, on every
// page).

import { addTexts } from "../i18n/i18n.js";
import { applyPage } from "../i18n/page.js";

const side = (c) => (c === "black" ? "Black" : "White");
const pr = new Intl.PluralRules("ru");
const p = (n, one, few, many) => ({ one, few, many })[pr.select(n)] ?? many;
const sideRu = (c) => (c === "black" ? "чёрных" : "белых");

addTexts("en", {
  // ---- settings ----
  "settings.open": "Settings",
  "settings.title": "Settings",
  "settings.boardTheme": "Board",
  "settings.pieceStyle": "Pieces",
  "settings.coordinates": "Coordinates",
  "settings.animation": "Animation",
  "settings.sound": "Sound (moves, captures, crowning, end of game, low time)",
  "settings.language": "Language",
  "settings.close": "Close",
  "settings.notStored": "Your browser does not let this page store the settings: they apply until you leave it.",
  "settings.reducedMotion": "Your system asks for reduced motion, so moves are not animated.",
  "opt.boardTheme.wood": "Wood",
  "opt.boardTheme.green": "Green",
  "opt.boardTheme.blue": "Blue",
  "opt.boardTheme.contrast": "High contrast",
  "opt.pieceStyle.classic": "Classic (turned wood)",
  "opt.pieceStyle.flat": "Flat",
  "opt.pieceStyle.outline": "Bold outline",
  "opt.coordinates.around": "Around the board",
  "opt.coordinates.squares": "On the squares",
  "opt.coordinates.off": "Off",
  "opt.animation.normal": "Normal",
  "opt.animation.fast": "Fast",
  "opt.animation.slow": "Slow",
  "opt.animation.none": "None",

  // ---- clocks ----
  "reason.time_forfeit": ({ side: c }) => `${side(c)} ran out of time.`,
  "clock.label": ({ side: c }) => `${side(c)}'s clock`,
  "clock.timeControl": "Time control",
  "clock.none": "No clock",
  "clock.custom": "Custom",
  "clock.customWhite": "White's minutes",
  "clock.customBlack": "Black's minutes",
  "clock.customInc": "Increment, seconds per move",
  "clock.handicapNote": "Different minutes for White and Black make a handicap.",
  "clock.stoppedUndo": "The clocks are stopped for the rest of this game: a move was taken back.",
  "clock.noUndoHumans": "No takebacks in a game on the clock between two players.",
  "clock.lowTime": ({ side: c }) => `${side(c)} is low on time.`,
  "clock.flag": ({ side: c }) => `${side(c)}'s flag fell.`,

  // ---- two players ----
  "play.autoFlip": "Turn the board to the side to move",
  "play.turnOf": ({ side: c }) => `${side(c)}'s turn: pass the device.`,

  // ---- my games ----
  "archive.title": "My games",
  "archive.empty": "No games kept yet. Every game you finish here is kept in this browser.",
  "archive.filterResult": "Result",
  "archive.filterOpponent": "Opponent",
  "archive.all": "All",
  "archive.win": "Won",
  "archive.draw": "Drawn",
  "archive.loss": "Lost",
  "archive.unfinished": "Unfinished",
  "archive.humans": "Two players",
  "archive.level": ({ level }) => `Bot, level ${level}`,
  "archive.open": "Analyse",
  "archive.delete": "Delete",
  "archive.deleteAll": "Delete all",
  "archive.cancel": "Cancel",
  "archive.deleteAllConfirm": "Delete every kept game? This cannot be undone.",
  "archive.export": "Download all as PDN",
  "archive.import": "Import a PDN file",
  "archive.imported": ({ n }) => `${n} ${n === 1 ? "game" : "games"} imported.`,
  "archive.importFailed": ({ message }) => `The file could not be read: ${message}`,
  "archive.storageFailed": ({ message }) =>
    `Your games cannot be kept in this browser (${message}). The game in progress goes on and is still saved for a reload.`,
  "archive.stats": "Against the bot",
  "archive.statsLine": ({ level, w, d, l }) => `Level ${level}: ${w} won, ${d} drawn, ${l} lost`,
  "archive.strength": ({ elo, lo, hi }) => `Estimated strength: about ${elo} (likely ${lo} to ${hi}).`,
  "archive.strengthAll": ({ elo }) => `Estimated strength: above ${elo} (you have not lost to the bot yet).`,
  "archive.strengthNone": ({ elo }) => `Estimated strength: below ${elo} (no point against the bot yet).`,
  "archive.noStrength": "Finish a game against the bot to see an estimate of your strength.",
  "archive.gameLabel": ({ date, opponent, color, result }) => `${date}, ${opponent}, as ${side(color)}: ${result}`,
  "archive.you": ({ color }) => `You played ${side(color)}`,
  "archive.abandoned": "abandoned",
  "archive.you.win": "you won",
  "archive.you.draw": "a draw",
  "archive.you.loss": "you lost",
  "archive.you.unfinished": "unfinished",
});

addTexts("ru", {
  "settings.open": "Настройки",
  "settings.title": "Настройки",
  "settings.boardTheme": "Доска",
  "settings.pieceStyle": "Шашки",
  "settings.coordinates": "Координаты",
  "settings.animation": "Анимация",
  "settings.sound": "Звук (ходы, взятия, превращение в дамку, конец партии, мало времени)",
  "settings.language": "Язык",
  "settings.close": "Закрыть",
  "settings.notStored": "Браузер не даёт странице сохранить настройки: они действуют, пока вы на ней.",
  "settings.reducedMotion": "В системе включено уменьшение движения, поэтому ходы не анимируются.",
  "opt.boardTheme.wood": "Дерево",
  "opt.boardTheme.green": "Зелёная",
  "opt.boardTheme.blue": "Синяя",
  "opt.boardTheme.contrast": "Высокий контраст",
  "opt.pieceStyle.classic": "Классические (точёное дерево)",
  "opt.pieceStyle.flat": "Плоские",
  "opt.pieceStyle.outline": "С жирным контуром",
  "opt.coordinates.around": "Вокруг доски",
  "opt.coordinates.squares": "На полях",
  "opt.coordinates.off": "Нет",
  "opt.animation.normal": "Обычная",
  "opt.animation.fast": "Быстрая",
  "opt.animation.slow": "Медленная",
  "opt.animation.none": "Без анимации",

  "reason.time_forfeit": ({ side: c }) => `У ${sideRu(c)} истекло время.`,
  "clock.label": ({ side: c }) => `Часы ${sideRu(c)}`,
  "clock.timeControl": "Контроль времени",
  "clock.none": "Без часов",
  "clock.custom": "Свой",
  "clock.customWhite": "Минут у белых",
  "clock.customBlack": "Минут у чёрных",
  "clock.customInc": "Добавка, секунд за ход",
  "clock.handicapNote": "Разное время у белых и чёрных — это фора.",
  "clock.stoppedUndo": "Часы остановлены до конца партии: ход был взят назад.",
  "clock.noUndoHumans": "В партии на двоих с часами ходы назад не берутся.",
  "clock.lowTime": ({ side: c }) => `У ${sideRu(c)} мало времени.`,
  "clock.flag": ({ side: c }) => `У ${sideRu(c)} упал флажок.`,

  "play.autoFlip": "Поворачивать доску к тому, чей ход",
  "play.turnOf": ({ side: c }) => `Ход ${sideRu(c)}: передайте устройство.`,

  "archive.title": "Мои партии",
  "archive.empty": "Сохранённых партий пока нет. Каждая законченная здесь партия сохраняется в этом браузере.",
  "archive.filterResult": "Результат",
  "archive.filterOpponent": "Соперник",
  "archive.all": "Все",
  "archive.win": "Победы",
  "archive.draw": "Ничьи",
  "archive.loss": "Поражения",
  "archive.unfinished": "Неоконченные",
  "archive.humans": "Двое игроков",
  "archive.level": ({ level }) => `Бот, уровень ${level}`,
  "archive.open": "Анализ",
  "archive.delete": "Удалить",
  "archive.deleteAll": "Удалить все",
  "archive.cancel": "Отмена",
  "archive.deleteAllConfirm": "Удалить все сохранённые партии? Вернуть их будет нельзя.",
  "archive.export": "Скачать все в PDN",
  "archive.import": "Загрузить файл PDN",
  "archive.imported": ({ n }) => `Загружено ${n} ${p(n, "партия", "партии", "партий")}.`,
  "archive.importFailed": ({ message }) => `Файл не прочитан: ${message}`,
  "archive.storageFailed": ({ message }) =>
    `Партии не сохраняются в этом браузере (${message}). Текущая партия продолжается и переживёт перезагрузку.`,
  "archive.stats": "Против бота",
  "archive.statsLine": ({ level, w, d, l }) => `Уровень ${level}: побед ${w}, ничьих ${d}, поражений ${l}`,
  "archive.strength": ({ elo, lo, hi }) => `Оценка силы игры: около ${elo} (вероятно, от ${lo} до ${hi}).`,
  "archive.strengthAll": ({ elo }) => `Оценка силы игры: выше ${elo} (вы ещё не проигрывали боту).`,
  "archive.strengthNone": ({ elo }) => `Оценка силы игры: ниже ${elo} (очков против бота пока нет).`,
  "archive.noStrength": "Доиграйте партию с ботом, чтобы увидеть оценку своей силы.",
  "archive.gameLabel": ({ date, opponent, color, result }) =>
    `${date}, ${opponent}, за ${color === "black" ? "чёрных" : "белых"}: ${result}`,
  "archive.you": ({ color }) => `Вы играли ${color === "black" ? "чёрными" : "белыми"}`,
  "archive.abandoned": "брошена",
  "archive.you.win": "победа",
  "archive.you.draw": "ничья",
  "archive.you.loss": "поражение",
  "archive.you.unfinished": "не окончена",
});

// The page's static texts with these keys were shown before the tables
// above existed: show them again in the page's language.
applyPage();
