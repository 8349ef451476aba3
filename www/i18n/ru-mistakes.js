// «Работа над ошибками» (страница анализа): русский текст; английский —
// www/shared/mistakes-texts.js.

const side = (c) => (c === "white" ? "белые" : "чёрные");
const sideGen = (c) => (c === "white" ? "белых" : "чёрных");
const kindWord = { mistake: "ошибка", blunder: "грубая ошибка", inaccuracy: "неточность" };

export default {
  "mistakes.title": "Работа над ошибками",
  "mistakes.board": "Доска упражнения",
  "mistakes.count": ({ n, total }) => `Упражнение ${n} из ${total}`,
  "mistakes.context": ({ side: s, number, move, kind, label }) =>
    `${label ? `${label}: здесь` : "Здесь"} ${side(s)} сыграли ${number} ${move} — ${kindWord[kind] || kind}.`,
  "mistakes.prompt": ({ side: s }) => `Ход ${sideGen(s)}. Найдите ход сильнее.`,
  "mistakes.thinking": "Движок оценивает ваш ход…",
  "mistakes.right": ({ move, best }) => `${move} — хороший ход: позиция сохранена. Движок выбрал ${best}.`,
  "mistakes.rightBest": ({ move }) => `${move} — это и выбор движка. Отлично!`,
  "mistakes.wrong": ({ move, drop }) =>
    `${move} не лучше: ожидаемый результат падает на ${Math.round(drop * 100)} пунктов. Нажмите «Ещё раз».`,
  "mistakes.sameMove": ({ move }) => `${move} — это ход из партии. Нажмите «Ещё раз» и поищите другой.`,
  "mistakes.hinted": ({ square }) => `Подсказка: ход сильнее начинается с поля ${square}.`,
  "mistakes.error": ({ message }) => `Движок не смог оценить ход: ${message}`,
  "mistakes.line": ({ best, line }) => `Вариант движка: ${line || best}`,
  "mistakes.hint": "Подсказка",
  "mistakes.show": "Показать вариант движка",
  "mistakes.retry": "Ещё раз",
  "mistakes.next": "Следующее упражнение",
  "mistakes.close": "Закрыть",
  "mistakes.fromReview": ({ n }) => `Работа над ошибками (${n})`,
  "mistakes.stored": ({ n }) => `Повторить сохранённые ошибки (${n})`,
  "mistakes.none": "Разбор не нашёл ни ошибок, ни грубых ошибок для упражнений.",
  "mistakes.reviewGame": "Найти мои ошибки в этой партии",
  "mistakes.reviewing": ({ n, total }) => `Разбор партии: позиция ${n} из ${total}…`,
  "mistakes.reviewedSome": ({ n }) => `Упражнений по вашим ошибкам: ${n}. Они сохранены для повторения.`,
  "mistakes.reviewedNone": "Разбор не нашёл в этой партии ни ваших ошибок, ни грубых ошибок.",
  "mistakes.gameLabel": "Ваша партия",
  "mistakes.reviewShort": "Найти мои ошибки",
};
