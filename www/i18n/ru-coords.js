// Тренажёр координат (страница уроков): русский текст; английский —
// www/lessons/coords-texts.js.

const plural = (n, one, few, many) => {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
};
const fields = (n) => `${n} ${plural(n, "поле", "поля", "полей")}`;
const misses = (n) => `${n} ${plural(n, "ошибка", "ошибки", "ошибок")}`;

export default {
  "coords.h2": "Тренажёр координат",
  "coords.intro":
    "У каждого поля доски есть имя: буква вертикали (от a до h, слева направо со стороны белых) и цифра горизонтали (от 1 до 8, начиная со стороны белых). Этими именами записаны все ходы на сайте, так что выучите их здесь: 30 секунд на попытку, как можно больше полей. Считаются только тёмные поля — на светлых шашки не стоят.",
  "coords.taskLabel": "Задание",
  "coords.task.find": "Найди поле",
  "coords.task.name": "Назови поле",
  "coords.sideLabel": "Доска со стороны",
  "coords.side.white": "белых",
  "coords.side.black": "чёрных",
  "coords.board": "Доска тренажёра координат",
  "coords.prompt.idle": "Выберите задание и сторону, затем нажмите «Начать».",
  "coords.prompt.find": "Нажмите на поле:",
  "coords.prompt.name": "Какое поле отмечено?",
  "coords.time": "Осталось",
  "coords.seconds": ({ s }) => `${s.replace(".", ",")} с`,
  "coords.score": "Счёт",
  "coords.best": "Рекорд",
  "coords.start": "Начать",
  "coords.stop": "Стоп",
  "coords.right": ({ sq }) => `Верно: ${sq}.`,
  "coords.wrong.find": ({ sq, target }) => `Это ${sq}. Найдите ${target}.`,
  "coords.wrong.name": ({ sq }) => `Не ${sq}. Посмотрите ещё раз.`,
  "coords.over": ({ n, misses: m }) => `Время вышло! ${fields(n)}, ${misses(m)}.`,
  "coords.record": ({ n }) => `Время вышло! ${fields(n)} — новый рекорд.`,
  "coords.stopped": ({ n }) => `Остановлено после: ${fields(n)}. Прерванная попытка в рекорд не идёт.`,
};
