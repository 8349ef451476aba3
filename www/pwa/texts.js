// Every word the offline/update notice shows: English here, other languages
// from the i18n tables (../i18n/ru-pwa.js), read in the language shown at
// the moment the notice appears.

import { lang } from "../i18n/i18n.js";
import ru from "../i18n/ru-pwa.js";

const EN = {
  updateReady: "A new version of Shashki is ready.",
  reload: "Reload",
  later: "Later",
  updateLabel: "Update",
};
const OTHERS = { ru };

export const TEXTS = new Proxy(EN, {
  get: (en, key) => OTHERS[lang()]?.[key] ?? en[key],
});
