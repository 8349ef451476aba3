// Русский для уведомления об обновлении (www/pwa/texts.js, те же ключи):
//   подключено в www/pwa/texts.js

export default {
  updateReady: "Готова новая версия «Шашек».",
  reload: "Обновить",
  later: "Позже",
  updateLabel: "Обновление",
};
