/**
 * Trusted Types: the policy (csp.ts) has `require-trusted-types-for 'script'`, so the browser
 * refuses a plain string in every sink that parses HTML or loads script (innerHTML, outerHTML,
 * document.write, script.src, new Worker…) unless a named policy made it. Monaco's policies (it
 * builds its view lines as HTML, carefully escaped) are the only named ones allowed (csp.ts).
 *
 * The default policy below is what the browser asks for any other string: HTML and script never
 * (a string from a link, the editor or the simulation cannot become markup anywhere on the page,
 * whatever a future change tries), and script URLs only from the app's own origin (the module
 * workers: Vite's generated `new Worker(url)` and the simulation's pass plain URLs).
 *
 * Installed first thing by main.tsx. Where the browser has no Trusted Types it does nothing.
 */

interface PolicyOptions {
  createHTML?: (input: string) => string | null
  createScript?: (input: string) => string | null
  createScriptURL?: (input: string) => string | null
}

interface TrustedTypesFactory {
  readonly defaultPolicy: unknown
  createPolicy(name: string, options: PolicyOptions): unknown
}

/**
 * Whether a script URL is the app's own: same scheme and origin as the page (a blob: or data: URL
 * made on the page is not: its scheme differs). Anything else is refused.
 */
export function isOwnScriptUrl(url: string, base: string): boolean {
  try {
    const u = new URL(url, base)
    const page = new URL(base)
    return u.protocol === page.protocol && u.origin === page.origin
  } catch {
    return false
  }
}

/** The default policy's rules; returning null makes the browser refuse the assignment. */
export function defaultPolicyRules(base: () => string): Required<PolicyOptions> {
  return {
    // Clearing an element (`el.innerHTML = ''`) parses nothing; every other string is refused.
    createHTML: (input) => (input === '' ? '' : null),
    createScript: () => null,
    createScriptURL: (input) => (isOwnScriptUrl(input, base()) ? input : null),
  }
}

export function installDefaultPolicy(): void {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes
  if (!factory || factory.defaultPolicy) return
  factory.createPolicy(
    'default',
    defaultPolicyRules(() => location.href),
  )
}
