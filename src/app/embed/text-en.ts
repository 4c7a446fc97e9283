/** Embed mode's texts (`embed.*`). */
export const embedEn = {
  open: 'Open in podflow',
  openHint: 'Open this scenario in the full app (editor, console, timeline)',
  start: 'Press ▶ or → to follow the story.',
  unknownScenario: 'Unknown scenario “{id}”: showing the default cluster.',
} as const
