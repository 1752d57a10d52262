/** The color palettes of `GET /colors` (Google's fixed definitions), and the nearest palette color of an RGB value. */

const FOREGROUND = "#1d1d1d";

const CALENDAR_BACKGROUNDS = [
  "#ac725e",
  "#d06b64",
  "#f83a22",
  "#fa573c",
  "#ff7537",
  "#ffad46",
  "#42d692",
  "#16a765",
  "#7bd148",
  "#b3dc6c",
  "#fbe983",
  "#fad165",
  "#92e1c0",
  "#9fe1e7",
  "#9fc6e7",
  "#4986e7",
  "#9a9cff",
  "#b99aff",
  "#c2c2c2",
  "#cabdbf",
  "#cca6ac",
  "#f691b2",
  "#cd74e6",
  "#a47ae2",
];
const EVENT_BACKGROUNDS = ["#a4bdfc", "#7ae7bf", "#dbadff", "#ff887c", "#fbd75b", "#ffb878", "#46d6db", "#e1e1e1", "#5484ed", "#51b749", "#dc2127"];

export interface ColorDefinition {
  background: string;
  foreground: string;
}

const palette = (backgrounds: readonly string[]): Record<string, ColorDefinition> =>
  Object.fromEntries(backgrounds.map((background, index) => [String(index + 1), { background, foreground: FOREGROUND }]));

export const CALENDAR_COLORS = palette(CALENDAR_BACKGROUNDS);
export const EVENT_COLORS = palette(EVENT_BACKGROUNDS);

/** When the palettes last changed (fixed: they never do here). */
export const COLORS_UPDATED = "2012-02-14T00:00:00.000Z";

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** The calendar palette's id whose background is nearest to an RGB color (what `colorRgbFormat` sets `colorId` to). */
export function nearestCalendarColor(hex: string): string {
  const [r, g, b] = rgb(hex);
  let best = "1";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [id, { background }] of Object.entries(CALENDAR_COLORS)) {
    const [r2, g2, b2] = rgb(background);
    const distance = (r - r2) ** 2 + (g - g2) ** 2 + (b - b2) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [id, distance];
  }
  return best;
}
