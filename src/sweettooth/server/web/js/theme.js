// Light or dark theme (css/theme.css). A classic script loaded in each page's <head>, so the
// theme is set before the first paint (no light flash on a dark screen).
//
// The page follows the system's `prefers-color-scheme` until the player presses the theme button
// in the top bar; the choice is then remembered in localStorage (`sweettooth.theme`). Pressing it
// back to what the system asks forgets the choice, so the page follows the system again.
(function () {
  var KEY = "sweettooth.theme";
  var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var root = document.documentElement;

  function stored() {
    try { var v = localStorage.getItem(KEY); return v === "dark" || v === "light" ? v : null; } catch (e) { return null; }
  }
  function system() { return media && media.matches ? "dark" : "light"; }
  function current() { return stored() || system(); }

  var button = null;
  function apply() {
    var theme = current();
    root.dataset.theme = theme;
    if (button) {
      button.setAttribute("aria-pressed", String(theme === "dark"));
      button.title = theme === "dark" ? "Dark theme (press for light)" : "Light theme (press for dark)";
      button.innerHTML = theme === "dark" ? ICONS.moon : ICONS.sun;
    }
  }

  function toggle() {
    var next = current() === "dark" ? "light" : "dark";
    try {
      if (next === system()) localStorage.removeItem(KEY); else localStorage.setItem(KEY, next);
    } catch (e) { root.dataset.theme = next; return; }
    apply();
  }

  var svg = function (d) {
    return '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="' + d + '"/></svg>';
  };
  var ICONS = {
    sun: svg("M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM11 1h2v3h-2zM11 20h2v3h-2zM1 11h3v2H1zM20 11h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zM16.3 17.7l1.4-1.4 2.1 2.1-1.4 1.4zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z"),
    moon: svg("M14.5 2.5A9.5 9.5 0 1 0 21.5 16 7.5 7.5 0 0 1 14.5 2.5z"),
  };

  apply();
  if (media) {
    var onChange = function () { apply(); };
    if (media.addEventListener) media.addEventListener("change", onChange); else media.addListener(onChange);
  }
  window.addEventListener("storage", function (e) { if (e.key === KEY) apply(); });

  document.addEventListener("DOMContentLoaded", function () {
    var bar = document.querySelector(".topbar");
    if (!bar) return;
    button = document.createElement("button");
    button.type = "button";
    button.className = "iconbtn themebtn";
    button.setAttribute("aria-label", "Dark theme");
    button.addEventListener("click", toggle);
    bar.append(button);
    apply();
  });
})();
