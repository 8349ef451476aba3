// The puzzles page's words: the "puzzles." section of the site's tables
// (www/i18n/en.js, ru.js), as one object in the page's language
// (texts.heading is t("puzzles.heading")); entries that are functions build
// the sentences with numbers in them.

import { section } from "../i18n/i18n.js";

export const texts = section("puzzles");
