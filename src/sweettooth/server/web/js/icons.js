// Small SVG icons for the shell's buttons, so no emoji font is needed. Each is decorative
// (aria-hidden): the button around it carries the words.
import { s } from "./dom.js";

const PATHS = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  prev: "M17 5v14L6 12z",
  next: "M7 5v14l11-7z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
  play: "M7 5v14l11-7z",
  pause: "M7 5h4v14H7zM13 5h4v14h-4z",
  help: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 15.5a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm1.3-5.2v.9h-2.5v-1.3c0-1.3 1-2 1.8-2.6.6-.4 1-.8 1-1.4 0-.8-.7-1.3-1.6-1.3-1 0-1.7.6-1.9 1.5L7.8 8c.4-2 2-3.3 4.2-3.3 2.4 0 4 1.4 4 3.3 0 1.6-1 2.4-1.9 3-.5.4-.8.7-.8 1.3z",
  bulb: "M12 2a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2zM9 20h6v1.5a.5.5 0 0 1-.5.5h-5a.5.5 0 0 1-.5-.5z",
  log: "M4 5h16v2H4zM4 11h16v2H4zM4 17h10v2H4z",
  close: "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z",
  star: "M12 2.5l2.9 6 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6-4.9-4.6 6.6-.8z",
  sound: "M3 9h4l5-4v14l-5-4H3zM15 8.5a4.5 4.5 0 0 1 0 7l-1.2-1.5a2.6 2.6 0 0 0 0-4zM17.5 5.5a8 8 0 0 1 0 13l-1.2-1.5a6 6 0 0 0 0-10z",
  mute: "M3 9h4l5-4v14l-5-4H3zM15.3 9.3l1.4-1.4 2.3 2.3 2.3-2.3 1.4 1.4-2.3 2.3 2.3 2.3-1.4 1.4L19 13l-2.3 2.3-1.4-1.4 2.3-2.3z",
  bell: "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zM18 16v-5a6 6 0 0 0-4.5-5.8V4a1.5 1.5 0 0 0-3 0v1.2A6 6 0 0 0 6 11v5l-2 2v1h16v-1z",
  bellOff: "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zM18 11a6 6 0 0 0-4.5-5.8V4a1.5 1.5 0 0 0-3 0v1.2a5.9 5.9 0 0 0-2.3 1.2L18 17.2zM3.4 3 2 4.4l4.3 4.3A6 6 0 0 0 6 11v5l-2 2v1h13.6l2 2 1.4-1.4z",
};

/** An SVG icon by name (see PATHS), 1em square, coloured with currentColor. */
export function icon(name, cls = "") {
  return s("svg", {
    viewBox: "0 0 24 24", class: `icon ${cls}`.trim(), "aria-hidden": "true", focusable: "false",
  }, s("path", { d: PATHS[name] || "", fill: "currentColor" }));
}
