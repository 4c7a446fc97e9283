/**
 * prefers-reduced-motion for the moving layer. CSS transitions and animations are switched off in
 * app.css and Pod cards only fade (PodCard.tsx); what is left is the pills, which glide along
 * their wires as the cursor moves. With reduced motion a pill does not glide: it stands at one of
 * three stops on its wire (near its sender, half way, near its receiver) and jumps from one to the
 * next, so where a message is still reads from the picture without anything sliding across it.
 * Its true progress (data-progress, the inspector) is unchanged.
 */

const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined

/** Whether the user asks for less motion now (a MediaQueryList's `matches` follows the setting). */
export function prefersReducedMotion(): boolean {
  return query?.matches ?? false
}

/** Where along its wire a pill is drawn at `progress` (0–1): itself, or a stop with reduced motion. */
export function shownProgress(progress: number, reduced = prefersReducedMotion()): number {
  if (!reduced) return progress
  const stop = Math.min(2, Math.max(0, Math.floor(progress * 3)))
  return (2 * stop + 1) / 6
}
