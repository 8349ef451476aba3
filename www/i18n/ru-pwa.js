// Русский для уведомления об обновлении (www/pwa/texts.js, те же ключи):
//   export const TEXTS = localTable(en, { ru })  (см. i18n.js)

export default {
  updateReady: "Готова новая версия «Шашек».",
  reload: "Обновить",
  later: "Позже",
  updateLabel: "Обновление",
};
