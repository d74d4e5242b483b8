// The shop's brand green (globals.css --color-brand-700) where CSS cannot reach: the browser's
// toolbar (the viewport's theme colour) and the installed app's title bar (app/manifest.ts).
export const THEME_COLOUR = "#15803d";
