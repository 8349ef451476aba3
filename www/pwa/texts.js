// The offline and update notice's words: the "pwa." section of the site's
// tables (www/i18n/en.js, ru.js), in the language of the moment the notice
// is shown.

import { section } from "../i18n/i18n.js";

/** The notice's words in the current language. */
export function texts() {
  return section("pwa");
}
