// Русский для страницы задач (www/puzzles/texts.js): те же ключи и те же
// сигнатуры функций, что у английской таблицы `en` там. Подключить:
//   import ru from "../i18n/ru-puzzles.js";
//   export const texts = lang() === "ru" ? { ...en, ...ru } : en;

const pr = new Intl.PluralRules("ru");
const p = (n, one, few, many) => ({ one, few, many })[pr.select(n)] ?? many;

/**
 * The puzzle's source in Russian. The data (`shashki puzzles`, puzzles.json)
 * names it in English in one of three forms; anything else is shown as it is.
 */
function ruSource(s) {
  let m = /^game (\d+): (.*), move (\d+), (White|Black) to play$/.exec(s);
  if (m) return `классическая партия № ${m[1]}: ${m[2]}; ${m[3]}-й ход, ход ${m[4] === "White" ? "белых" : "чёрных"}`;
  m = /^opening (\d+) played out by the bot \(seed (\d+)\), ply (\d+)$/.exec(s);
  if (m) return `дебют № ${m[1]}, доигранный ботом (сид ${m[2]}), полуход ${m[3]}`;
  m = /^self-play \(seed (\d+)\), ply (\d+)$/.exec(s);
  if (m) return `партия бота с самим собой (сид ${m[1]}), полуход ${m[2]}`;
  return s;
}

export default {
  skip: "Перейти к задаче",
  docTitle: "Задачи · Шашки",
  heading: "Задачи",
  lead:
    "Удары из настоящих партий и из партий движка. В каждой позиции выигрывает материал или партию один вариант, и только один; движок доказал это, перебрав все защиты.",
  controlsLabel: "Выбор задачи",
  statsHeading: "Ваши успехи",
  footer: "Каждую задачу нашёл и доказал движок этого сайта; он же проверяет каждый ваш ход прямо в браузере.",
  loading: "Загружаю задачи…",
  loadFailed: "Задачи загрузить не удалось. Проверьте подключение и перезагрузите страницу.",
  noMatch: "Под эти условия не подходит ни одна задача.",
  filterTheme: "Тема",
  filterDifficulty: "Сложность",
  anyTheme: "Все темы",
  anyDifficulty: "Любая сложность",
  difficulty: {
    easy: "Лёгкие (до 1200)",
    medium: "Средние (1200–1599)",
    hard: "Трудные (1600–1999)",
    expert: "Для мастеров (от 2000)",
  },
  themes: {
    shot: "Удар (с жертвой)",
    "quiet-move": "Тихий ход",
    "several-men": "Отдача нескольких шашек",
    "multi-capture": "Бой трёх и более шашек",
    "crowning-shot": "Удар с выходом в дамки",
    breakthrough: "Прорыв в дамки",
    "king-catch": "Ловля дамки",
    lock: "Запирание",
    "quiet-in-line": "Тихий ход в комбинации",
    comeback: "При меньшем материале",
    win: "Выигрыш партии",
    kings: "Позиции с дамками",
    opening: "Дебют",
    middlegame: "Середина игры",
    endgame: "Окончание",
    short: "Комбинация в два хода",
    medium: "Комбинация в три хода",
    long: "Длинная комбинация (4+ хода)",
  },
  previous: "Предыдущая",
  next: "Следующая",
  daily: "Задача дня",
  dailyBadge: "Задача дня",
  analyse: "Анализировать позицию",
  copyLink: "Ссылка на задачу",
  linkCopied: "Ссылка скопирована.",
  solutionHeading: "Решение",
  ratingLabel: "Ваш рейтинг",
  streakLabel: "Серия",
  bestLabel: "Лучшая серия",
  solvedLabel: "Решено",
  resetStats: "Сбросить мою статистику",
  practiseMistakes: "Работа над ошибками из моих партий",
  resetConfirm: "Статистика сброшена.",
  storedHere: "Рейтинг и серия хранятся только в этом браузере.",
  prompt: (side, gain) =>
    `Ход ${side === "white" ? "белых" : "чёрных"}: выиграйте ${gain >= 100000 ? "партию" : "материал"}. Найдите единственный выигрывающий вариант.`,
  success: "Единственный выигрывающий вариант.",
  title: (n, total) => `Задача ${n} из ${total}`,
  meta: (rating) => `Рейтинг ${rating}`,
  themesLine: (themes) => `Темы: ${themes}`,
  source: (s) => `Источник: ${ruSource(s)}`,
  gain: (g) => {
    if (g >= 100000) return "Этот вариант выигрывает партию.";
    const n = g / 100;
    const word = Number.isInteger(n) ? p(n, "шашку", "шашки", "шашек") : "шашки";
    return `Этот вариант выигрывает ${String(n).replace(".", ",")} ${word} (дамка считается за три).`;
  },
  resultSolved: (delta, rating) => `Решено! Рейтинг ${rating} (${delta >= 0 ? "+" : ""}${delta}).`,
  resultFailed: (delta, rating) =>
    `На этот раз не вышло. Рейтинг ${rating} (${delta >= 0 ? "+" : ""}${delta}). Серия начинается заново.`,
  resultAgain: "Решено снова (в рейтинг задача идёт один раз).",
  streak: (n) => `${n} подряд`,
  solvedCount: (n, total) => `${n} из ${total}`,
  hint: "Этот ход упускает перевес. Ищите ход, который вынуждает ответы соперника.",
  dailyTitle: (date) => `Задача дня (${date})`,
  runStart: "Решение на время (3 минуты)",
  runStop: "Остановить",
  runClock: "Время",
  runScore: "Решено",
  runBestLabel: "Рекорд на время",
  runTitle: (k) => `Решение на время: задача ${k}`,
  runRight: "Верно! Следующая задача…",
  runWrong: (s) => `Неверно: минус ${s} секунд. Следующая задача…`,
  runOver: (n, misses, record) =>
    `Время вышло! Решено ${n} ${p(n, "задача", "задачи", "задач")}, ${misses} ${p(misses, "ошибка", "ошибки", "ошибок")}.${record ? " Новый рекорд!" : ""}`,
  runStopped: (n) => `Остановлено, решено: ${n}. Прерванная попытка в рекорд не идёт.`,
  dashHeading: "Статистика",
  dashEmpty: "Решите несколько задач — здесь появятся график рейтинга и точность по темам.",
  graphHeading: "Рейтинг по решённым задачам",
  graphLabel: (first, last, lo, hi, n) =>
    `График рейтинга за ${n} ${p(n, "задачу", "задачи", "задач")}: от ${first} до ${last}, минимум ${lo}, максимум ${hi}.`,
  accuracyHeading: "Точность по темам",
  themeCol: "Тема",
  accuracyCol: "Решено",
  accuracy: (solved, tried) => `${solved} из ${tried} (${Math.round((100 * solved) / tried)}\u00a0%)`,
  practise: (theme) => `Потренировать самую слабую тему: ${theme}`,
  weakNotYet: (n) => `Попробуйте каждую тему хотя бы ${n} раза — и сайт предложит потренировать самую слабую.`,
  recentHeading: "Последние задачи",
  historyItem: (solved, rating) => `${solved ? "Решена" : "Ошибка"}, рейтинг ${rating}`,
};
