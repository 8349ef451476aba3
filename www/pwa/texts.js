// Every word the offline/update notice shows (English; the i18n tables add
// other languages by key).
export const TEXTS = {
  updateReady: "A new version of Shashki is ready.",
  reload: "Reload",
  later: "Later",
  updateLabel: "Update",
};
