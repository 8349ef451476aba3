// Русский: все тексты сайта — и те, что пишут скрипты, и статичные тексты
// страниц (по ключам data-i18n; английский оригинал остаётся в HTML).
// Термины — как у шашистов: простая, дамка, бой, «брать обязательно»,
// большак, двойник, тройник, «турецкий удар», ход, партия, ничья, позиция.

import pages from "./ru-pages.js";

const pr = new Intl.PluralRules("ru");
/** Форма слова для числа: p(5, "ход", "хода", "ходов") -> "ходов". */
const p = (n, one, few, many) => ({ one, few, many })[pr.select(n)] ?? many;
/** Число со словом: np(21, "ход", "хода", "ходов") -> "21 ход". */
const np = (n, one, few, many) => `${n} ${p(n, one, few, many)}`;
const moves = (n) => np(n, "ход", "хода", "ходов");

// Стороны в нужном падеже.
const SIDES = {
  white: { nom: "белые", gen: "белых", dat: "белым", ins: "белыми" },
  black: { nom: "чёрные", gen: "чёрных", dat: "чёрным", ins: "чёрными" },
};
const sd = (c, form = "nom") => (SIDES[c] || SIDES.white)[form];
const up = (s) => s[0].toUpperCase() + s.slice(1);
const ORDINAL = { 2: "второй", 3: "третий", 4: "четвёртый" };

const LEVEL_NAMES = {
  Beginner: "Начинающий",
  Novice: "Новичок",
  Amateur: "Любитель",
  "Club player": "Разрядник",
  Expert: "Мастер",
  Maximum: "Максимум",
};
const LEVEL_DESCRIPTIONS = {
  1: "Смотрит на один ход вперёд и играет небрежно: шашку даром не отдаст, но попадается на любую комбинацию.",
  2: "Видит ответ на свой ход и простые размены; на удары в два хода ещё попадается.",
  3: "Считает на несколько ходов и замечает короткие комбинации; позиционная игра пока грубая.",
  4: "Крепкий клубный игрок: надёжная тактика на несколько ходов вперёд, в спокойных позициях играет разнообразно.",
  5: "Полная сила перебора при малом запасе времени: обыграть его трудно, окончания играет сильно.",
  6: "Всё, на что способен движок, и полное время на обдумывание каждого хода.",
};

export default {
  // ---- общие слова ------------------------------------------------------
  "word.and": "и",
  "word.or": "или",
  "side.name": ({ side: c }) => up(sd(c)),
  "lang.label": "Язык",

  // ---- положение в партии и результат --------------------------------------
  "status.toMove": ({ side: c }) => `Ход ${sd(c, "gen")}`,
  "status.wins": ({ side: c }) => `Победа ${sd(c, "gen")}`,
  "status.draw": "Ничья",
  "result.agreement": "Ничья по соглашению.",
  "result.withReason": ({ head, why }) => `${head}: ${why[0].toLowerCase()}${why.slice(1)}`,
  "reason.no_moves": ({ side: c }) => `У ${sd(c, "gen")} нет ходов.`,
  "reason.no_pieces": ({ side: c }) => `У ${sd(c, "gen")} не осталось шашек.`,
  "reason.resignation": ({ side: c }) => `${up(sd(c))} сдались.`,
  "reason.repetition": ({ n }) => `Одна и та же позиция повторилась в ${ORDINAL[n] || `${n}-й`} раз.`,
  "reason.kings_vs_lone_king": ({ n }) => `Три дамки (или больше) не поймали одинокую дамку за ${moves(n)}.`,
  "reason.main_road": ({ n }) => `Одинокая дамка на большаке продержалась ${moves(n)}.`,
  "reason.kings_balance": "Дамки у обеих сторон, и за отведённые ходы никто ничего не взял и не провёл новую дамку.",
  "reason.kings_only": "Ходили только дамки, без взятий, и отведённые ходы истекли.",
  "reason.agreement": "Ничья по соглашению.",
  "count.sideLeft": ({ side: c, n }) =>
    `У ${sd(c, "gen")} ${p(n, "остался", "осталось", "осталось")} ${moves(n)}, чтобы выиграть.`,
  "count.kingsOnlyLeft": ({ n }) => `Ничья через ${moves(n)}, если не пойдёт простая и не будет взятия.`,
  "count.balanceLeft": ({ n }) => `Ничья через ${moves(n)}, если не будет взятия или новой дамки.`,
  "count.repeated": "Эта позиция стояла уже дважды: в третий раз — ничья.",
  "counts.item": ({ rule, n, side: c }) => {
    const name =
      {
        kings_vs_lone_king: "одинокая дамка",
        main_road: "одинокая дамка на большаке",
        kings_balance: "дамки у обеих сторон",
        kings_only: "ходят только дамки",
      }[rule] || String(rule).replace(/_/g, " ");
    const left = `${p(n, "остался", "осталось", "осталось")} ${moves(n)}`;
    return c ? `${name} — ${sd(c, "dat")} ${left}` : `${name} — ${left}`;
  },
  "counts.list": ({ items }) => `Счёт до ничьей: ${items}.`,
  "material.men": ({ n }) => np(n, "простая", "простые", "простых"),
  "material.kings": ({ n }) => np(n, "дамка", "дамки", "дамок"),
  "material.none": "шашек нет",

  // ---- ошибки движка (по коду) -----------------------------------------------
  "error.illegal_move": "Так ходить нельзя: {reason}.",
  "error.ambiguous_move": "Ход записан неоднозначно: это может быть {candidates}. Укажите промежуточные поля.",
  "error.bad_notation": "Это не запись хода. Пишите поля через тире или двоеточие: c3-d4, d4:b2.",
  "error.game_over": "Партия окончена.",
  "error.bad_fen": "Этот FEN прочитать не удалось. {why}",
  "error.bad_pdn": "Этот PDN прочитать не удалось. {why}",
  "error.no_game": "В тексте нет партии.",
  "error.too_long": "Слишком длинный текст.",
  "error.too_large": "Слишком длинный текст.",
  "error.no_draw_offer": "Ничью никто не предлагал.",
  "error.draw_already_offered": "Ничья уже предложена.",
  "error.bad_argument": "Неверные данные.",
  "illegal.noPiece": "на {sq} нет шашки",
  "illegal.notYours": ({ sq, side: c }) => `шашка на ${sq} не ваша, сейчас ход ${sd(c, "gen")}`,
  "illegal.gameOver": "ходов нет — партия окончена",
  "illegal.notFinished": "бой не закончен — с {sq} шашка должна бить дальше",
  "illegal.kingMustStop": "дамка должна остановиться на том поле, с которого может бить дальше",
  "illegal.mustCaptureOther": "брать обязательно, а эта шашка бить не может",
  "illegal.mustCaptureTo": "брать обязательно, а шашка с {sq} может бить на {list}",
  "illegal.noSuchPath": "эта шашка не может бить по такому пути",
  "illegal.noMove": "шашке на {sq} некуда ходить",
  "illegal.onlyTo": "шашка с {sq} может пойти только на {list}",

  // Почему не читается FEN, PDN или запись хода — по коду движка
  // (error_detail::ErrorDetail; shared/status-text.js detailText).
  "detail.at": ({ game, line }) => (game > 1 ? `партия ${game}, строка ${line}` : `строка ${line}`),
  "detail.atMove": ({ at, number, side: c, text }) => `${at}, ход ${number}${c === "black" ? "..." : "."} ${text}`,
  "detail.fenEmpty": "запись FEN пустая",
  "detail.fenTooLong": "запись FEN слишком длинная ({count} байт, а можно не больше {limit})",
  "detail.fenUnclosedWrapper": 'тег [FEN "..."] не закрыт скобкой ]',
  "detail.fenNotFenTag": "ожидался тег FEN, а не [{name} ...]",
  "detail.fenUnquoted": "значение тега FEN должно быть в двойных кавычках",
  "detail.fenSide": "в начале должна стоять очередь хода — W или B, а не «{text}»",
  "detail.fenField": "«{text}» — не список белых (W) и не список чёрных (B) шашек",
  "detail.fenTwoLists": ({ side: c }) => `${sd(c)} шашки перечислены в двух списках`,
  "detail.fenEmptyEntry": ({ side: c }) => `в списке ${sd(c, "gen")} шашек пустое место (две запятые подряд)`,
  "detail.fenMissingList": "нужны оба списка: белых (W) и чёрных (B) шашек",
  "detail.fenNotSquare": "«{text}» — не поле (пишите от a1 до h8 или от 1 до 32)",
  "detail.fenLightSquare": "поле {text} светлое, а шашки стоят только на тёмных",
  "detail.fenRange": "«{text}» — не диапазон полей от 1 до 32 по возрастанию",
  "detail.fenDuplicate": "поле {square} названо дважды",
  "detail.positionBothColors": "на поле {square} стоят и белая, и чёрная шашка",
  "detail.positionKingOnEmpty": "знак дамки стоит на пустом поле {square}",
  "detail.positionManOnCrowningRank": ({ side: c, square }) => `${c === "black" ? "чёрная" : "белая"} простая на ${square} стоит на последней горизонтали (она была бы дамкой)`,
  "detail.positionTooMany": ({ side: c, count, limit }) => `у ${sd(c, "gen")} ${np(count, "шашка", "шашки", "шашек")}, а можно не больше ${limit}`,
  "detail.positionNoSide": "не указано, чей ход",
  "detail.notMove": "«{text}» — это не ход (пишите поля через тире или двоеточие: c3-d4)",
  "detail.moveEmpty": "ход не записан",
  "detail.moveTooLong": "запись хода слишком длинная ({count} байт, а можно не больше {limit})",
  "detail.moveNotSquare": "в записи «{text}» «{square}» — не поле (пишите от a1 до h8 или от 1 до 32)",
  "detail.moveLightSquare": "в записи {text} поле {square} светлое, а шашки стоят только на тёмных",
  "detail.illegalMove": ({ text, why }) => (why ? `ход ${text} невозможен: ${why}` : `ход ${text} невозможен`),
  "detail.ambiguousMove": ({ text, moves: m }) => `ход ${text} записан неоднозначно: это может быть ${m}`,
  "detail.gameOver": "партия уже окончена",
  "detail.noDrawOffer": "ничью никто не предлагал",
  "detail.drawAlreadyOffered": "ничья уже предложена",
  "detail.inGame.notMove": "это не ход",
  "detail.inGame.illegalMove": ({ why }) => why || "такой ход невозможен",
  "detail.inGame.ambiguousMove": ({ moves: m }) => `ход записан неоднозначно, это может быть ${m}`,
  "detail.inGame.moveNotSquare": "«{square}» — не поле (пишите от a1 до h8 или от 1 до 32)",
  "detail.inGame.moveLightSquare": "поле {square} светлое, а шашки стоят только на тёмных",
  "detail.pdnTooLarge": "текст слишком большой ({count} байт, а можно не больше {limit})",
  "detail.pdnNoGame": "в тексте нет партии",
  "detail.pdnCommentOpen": "комментарий, открытый скобкой {, не закрыт",
  "detail.pdnVariationOpen": "вариант, открытый скобкой (, не закрыт",
  "detail.pdnVariationFirst": "вариант ( стоит раньше хода, который он мог бы заменить",
  "detail.pdnStrayParen": "скобка ) стоит без открывающей (",
  "detail.pdnStrayBrace": "скобка } стоит без открывающей {",
  "detail.pdnTagNoName": 'тег должен начинаться с имени: [Имя "значение"]',
  "detail.pdnTagNameLong": "слишком длинное имя тега",
  "detail.pdnTagUnquoted": "значение тега {name} должно быть в двойных кавычках",
  "detail.pdnTagValueOpen": "значение тега {name} не закрыто кавычкой",
  "detail.pdnTagValueLong": "слишком длинное значение тега {name}",
  "detail.pdnTagNotClosed": "тег {name} не закрыт скобкой ]",
  "detail.pdnTagFen": ({ why }) => `в теге FEN: ${why}`,
  "detail.pdnTagGameType": "тип игры {value} — не русские шашки (25)",
  "detail.pdnTagResult": "результат «{value}» — ни 2-0, ни 0-2, ни 1-1, ни *",
  "detail.pdnResultMismatch": "результат {text} не согласуется с конечной позицией",
  "detail.pdnResultConflict": "ходы кончаются результатом {text}, а в теге Result записано {value}",
  "detail.pdnTooLong": "партия длиннее {limit} полуходов",

  // ---- доска ------------------------------------------------------------
  "board.label": "Шашечная доска",
  "board.piece.white-man": "белая простая",
  "board.piece.white-king": "белая дамка",
  "board.piece.black-man": "чёрная простая",
  "board.piece.black-king": "чёрная дамка",
  "board.empty": "пусто",
  "board.selected": "выбрана",
  "board.mustCapture": "должна бить",
  "board.moveHere": "можно пойти сюда",
  "board.capturePath": "путь боя",
  "board.announce.select": ({ sq, list }) => `Выбрана шашка на ${sq}. Куда можно пойти: ${list}.`,
  "board.announce.selectFree": "Выбрана шашка на {sq}.",
  "board.announce.ambiguous": "На {sq} заканчивается несколько взятий. Укажите путь по шагам: следующее поле — {list}.",
  "board.announce.via": "Через {sq}. Следующее поле: {list}.",

  // ---- страница игры ----------------------------------------------------
  "play.boardLabel": "Доска",
  "play.startFailed": "Не удалось начать партию",
  "play.startFailedDetail": "{message}. Перезагрузите страницу.",
  "play.played": ({ side: c, move, status }) => `${up(sd(c))} сыграли ${move}. ${status}`,
  "play.toMoveSentence": ({ side: c }) => `Ход ${sd(c, "gen")}.`,
  "play.botFailed": "Бот не смог сделать ход: {message}",
  "play.botThinking": "Бот думает…",
  "play.tablebaseWin": ({ side: c, n: k }) =>
    k == null ? `База: ${sd(c)} выигрывают` : `База: ${sd(c)} выигрывают за ${moves(k)}`,
  "play.tablebaseDraw": "База: ничья",
  "play.botConsidering": "Бот обдумывает ваше предложение ничьей…",
  "play.lookingHint": "Ищу хороший ход…",
  "play.yourMove": "Ваш ход",
  "play.you": "Вы",
  "play.botName": "Бот · уровень {level}",
  "play.botDetail": ({ name, side: c }) => `${LEVEL_NAMES[name] || name} · ${sd(c)}`,
  "play.moveLabel": ({ num, black, side: c, move }) => `${num}${black ? "…" : ""} ${sd(c)} ${move}`,
  "play.viewStart": "Вы смотрите начальную позицию",
  "play.viewAfter": "Вы смотрите позицию после {n}-го полухода",
  "play.backToGame": "Снова в партии. {status}",
  "play.startPosition": "Начальная позиция.",
  "play.positionAfter": "Позиция после {move}.",
  "play.newBotGame": ({ level, side: c }) =>
    `Новая партия с ботом, уровень ${level}. Вы играете ${sd(c, "ins")}. Ход белых.`,
  "play.newHumansGame": "Новая партия на двоих. Ход белых.",
  "play.undone": "Ход взят назад. {status}",
  "play.offersDraw": ({ side: c }) => `${up(sd(c))} предлагают ничью`,
  "play.acceptQuestion": ({ side: c }) => `${up(sd(c))}, вы согласны на ничью?`,
  "play.acceptDraw": "Согласиться на ничью",
  "play.decline": "Отказаться",
  "play.declined": ({ side: c }) => `${up(sd(c))} отказались от ничьей.`,
  "play.botDeclines": "Бот отказывается от ничьей.",
  "play.botAccepts": "Бот согласен на ничью.",
  "play.noDrawAnswer": "Нет ответа на предложение ничьей: {message}",
  "play.resignTitle": "Сдаться?",
  "play.resignBot": "Победа в партии достанется боту.",
  "play.resignHumans": ({ side: c, other }) => `${up(sd(c))} сдаются, победа ${sd(other, "gen")}.`,
  "play.resign": "Сдаться",
  "play.keepPlaying": "Играть дальше",
  "play.hint": "Подсказка: {move}.",
  "play.noHint": "Подсказки нет: {message}",
  "play.flipped": ({ side: c }) => `Доска перевёрнута: внизу ${sd(c)}.`,
  "play.pasteFirst": "Сначала вставьте FEN или PDN.",
  "play.loaded": "Партия загружена. {status}",
  "play.levelOption": ({ level, name }) => `${level} · ${LEVEL_NAMES[name] || name}`,
  "play.levelDescription": ({ level, description }) => LEVEL_DESCRIPTIONS[level] || description,
  "play.gameOver": "Партия окончена.",
  "play.waitBot": "Подождите: бот думает.",
  "play.notYourMove": "Сейчас не ваш ход.",
  "play.copied": "Скопировано",
  "play.copyManually": "Выделите и скопируйте",
  "play.sharedOpened": "Открыта партия из ссылки. {status}",
  "play.badLink": "В ссылке нет правильной партии. {message}",
  "play.badSaved": "Сохранённую партию восстановить не удалось. {message}",

  // ---- доска-виджет -----------------------------------------------------
  "widget.boardLabel": "Шашечная доска",
  "widget.moves": "Ходы",
  "widget.placeholder": "напр. c3-d4",
  "widget.inputLabel": "Ваш ход в записи",
  "widget.typeIt": "Или запишите ход:",
  "widget.play": "Ход",
  "widget.undo": "Взять ход",
  "widget.reset": "Сначала",
  "widget.retry": "Ещё раз",
  "widget.showSolution": "Показать решение",
  "widget.first": "Начальная позиция",
  "widget.prev": "Предыдущий ход",
  "widget.next": "Следующий ход",
  "widget.last": "Конечная позиция",
  "widget.noMoves": "На этой доске ходить нельзя.",
  "widget.engineFailed": "Не удалось загрузить шашечный движок ({message}).",
  "widget.badFen": "Позиция на этой диаграмме неверна: {message}",
  "widget.movesBreak": "Запись ходов обрывается на «{move}»: {why}",
  "widget.noSolution": "У этого упражнения не указано решение.",
  "widget.solutionBreaks": "Решение обрывается на «{move}»: {why}",
  "widget.refused.illegal": "Так нельзя: {reason}.",
  "widget.refused.ambiguous": ({ candidates }) =>
    `Какое взятие вы имеете в виду?${candidates ? ` Это может быть ${candidates}.` : ""} Укажите промежуточные поля.`,
  "widget.refused.notation": "Это не запись хода.",
  "widget.refused.over": "Здесь партия уже окончена.",
  "widget.selectedExercise": "Выбрана шашка на {sq}. Теперь выберите поле.",
  "widget.boardName": ({ caption, description }) => `${caption ? `${caption} ` : ""}Доска. ${description}`,
  "widget.sideNone": ({ side: c }) => `${up(sd(c))}: шашек нет`,
  "widget.sidePieces": ({ side: c, kings, men }) => {
    const parts = [];
    if (kings.length) parts.push(`${p(kings.length, "дамка", "дамки", "дамки")} ${kings.list}`);
    if (men.length) parts.push(`${p(men.length, "простая", "простые", "простые")} ${men.list}`);
    return `${up(sd(c))}: ${parts.join("; ")}`;
  },
  "widget.toMoveCapture": ({ side: c }) => `Ход ${sd(c, "gen")}: брать обязательно.`,
  "widget.toMove": ({ side: c }) => `Ход ${sd(c, "gen")}.`,
  "widget.replayStep": ({ ply, total, move, taken, crowned, status }) =>
    `Ход ${ply} из ${total}: ${move}${taken ? `, бьёт ${taken}` : ""}${crowned ? ", проходит в дамки" : ""}. ${status}`,
  "widget.defaultPrompt": ({ side: c }) => `Ход ${sd(c, "gen")}: найдите лучший ход.`,
  "widget.waitReply": "Дождитесь ответа.",
  "widget.pressRetry": "Нажмите «Ещё раз», чтобы попробовать снова.",
  "widget.right": "Верно.",
  "widget.rightAgain": "Верно. Снова ваш ход.",
  "widget.replied": ({ side: c, move }) => `${up(sd(c))} ответили ${move}. Снова ваш ход.`,
  "widget.solved": "Решено!",
  "widget.solution": "Решение: {line}",
  "widget.wrong": "{move} — ход по правилам, но не решение.",
  "widget.wrongWhy": "{move} — ход по правилам, но не решение: {why}",
  "widget.wrongHint": "{move} — ход по правилам, но не решение. {hint}",
  "widget.wrongTakes": ({ move, side: c, reply, noun, squares, crowns }) =>
    `${move} — ход по правилам, но не решение: ${sd(c)} отвечают ${reply} и бьют ${noun} на ${squares}${crowns ? ", проходя в дамки" : ""}.`,
  "widget.noun.man": "вашу простую",
  "widget.noun.king": "вашу дамку",
  "widget.noun.men": "ваши простые",
  "widget.noun.kings": "ваши дамки",
  "widget.noun.pieces": "ваши шашки",

  // ---- уроки -----------------------------------------------------------
  "lessons.progressNone": ({ total }) =>
    `${np(total, "упражнение", "упражнения", "упражнений")}. Ваши успехи сохраняются в этом браузере.`,
  "lessons.progressAll": ({ total }) => `Все упражнения решены (${total}). Отлично!`,
  "lessons.progressSome": ({ count, total }) =>
    `${p(count, "Решено", "Решено", "Решено")} ${count} из ${total} ${p(total, "упражнения", "упражнений", "упражнений")}.`,
  "lessons.completed": "пройден",

  ...pages,
};
