// Tabula's language pick before anything is drawn (cmd/tabula puts it
// inline in the page's head): the page's HTML is English, drawn by the
// server; this picks the language the app will open in, as the app does
// (the one chosen in the settings on an earlier visit, else the first of
// the browser's languages the catalogue speaks: exactly, then by its base,
// as app/i18n Match does), gives the loader its words (window.tabulaLoader)
// and, for another language than English, marks the page so the loader's
// veil hides the English page and label until its own words show.
(() => {
  const texts = {{.LoaderTexts}};
  let prefs = [];
  try {
    const chosen = JSON.parse(localStorage.getItem("tabula/settings") || "{}").lang;
    if (chosen) {
      prefs = [chosen];
    }
  } catch (err) {
    // No storage, or settings unreadable: the browser's languages.
  }
  if (prefs.length === 0) {
    prefs = navigator.languages || [navigator.language || ""];
  }
  const known = Object.keys(texts);
  const base = (l) => String(l).split("-")[0].toLowerCase();
  let lang = "en";
  for (const p of prefs) {
    const l = known.find((k) => k.toLowerCase() === String(p).toLowerCase()) ||
      known.find((k) => base(k) === base(p));
    if (l) {
      lang = l;
      break;
    }
  }
  window.tabulaLoader = Object.assign({ lang: lang }, texts[lang]);
  document.documentElement.lang = lang;
  if (lang !== "en") {
    document.documentElement.classList.add("tabula-l10n");
  }
})();
