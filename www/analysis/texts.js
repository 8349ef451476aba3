// The analysis page's words: the "analysis." section of the site's tables
// (www/i18n/en.js, ru.js), as one object in the page's language: T.flip is
// t("analysis.flip"); entries that are functions build the sentences with
// numbers in them. The page's static labels carry data-i18n keys in
// analysis.html (page.js fills them); the page reloads on a switch of
// language (<html data-i18n-reload>).

import { section } from "../i18n/i18n.js";

export const T = section("analysis");
