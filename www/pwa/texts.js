// Every word the offline/update notice shows: English here, Russian in
// ../i18n/ru-pwa.js (same keys), picked by the site's language at the moment
// the notice is shown.

import { localTable } from "../i18n/i18n.js";
import ru from "../i18n/ru-pwa.js";

const en = {
  updateReady: "A new version of Shashki is ready.",
  reload: "Reload",
  later: "Later",
  updateLabel: "Update",
};

/** The notice's words in the current language. */
export function texts() {
  return localTable(en, { ru });
}
