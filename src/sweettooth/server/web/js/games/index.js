// The renderer of each game, loaded on demand: `await renderer("bonbons")`.
const MODULES = {
  bittersweet: "./bittersweet.js",
  bonbons: "./bonbons.js",
  lechocolat: "./lechocolat.js",
  sweetnose: "./sweetnose.js",
  sweetshop: "./sweetshop.js",
};

export const GAME_IDS = Object.keys(MODULES);

export async function renderer(gameId) {
  const path = MODULES[gameId];
  if (!path) throw new Error(`no renderer for game ${gameId}`);
  const r = (await import(path)).default;
  if (r.prepare) await r.prepare();
  return r;
}
