/**
 * The page's Content-Security-Policy: no inline script, no eval, nothing from another origin, and
 * Trusted Types (trusted-types.ts), so no string ever becomes HTML or script. Every source is
 * listed with why the app needs it; a source that is not here is blocked (`default-src 'none'`:
 * no fetch or WebSocket at all, no frames, no media).
 *
 * The built index.html carries it as a <meta> (the portable way: any static host), and
 * `vite preview` also sends it as a header, which reaches the workers too (a <meta> cannot). The
 * dev server has none: its HMR and React refresh run inline scripts.
 *
 * Checked by e2e/security.spec.ts (every main flow, zero violations), csp.test.ts and
 * trusted-types.test.ts.
 */

/** The policies Monaco 0.57 creates (its `createTrustedTypesPolicy` calls) and DOMPurify's (its hovers). */
export const MONACO_POLICIES = [
  'editorViewLayer',
  'domLineBreaksComputer',
  'editorGhostText',
  'stickyScrollViewLayer',
  'standaloneColorizer',
  'tokenizeToString',
  'diffEditorWidget',
  'diffReview',
  'richScreenReaderContent',
  'defaultWorkerFactory',
  'dompurify',
] as const

export interface CspSource {
  readonly source: string
  /** Why the app needs it (docs/reliability.md quotes these). */
  readonly why: string
}

export const CSP_DIRECTIVES: Readonly<Record<string, readonly CspSource[]>> = {
  'default-src': [{ source: "'none'", why: 'whatever is not listed below is blocked' }],
  'script-src': [
    {
      source: "'self'",
      why: "the app's own module chunks; no inline script, no eval, no other origin",
    },
  ],
  'worker-src': [
    {
      source: "'self'",
      why: "the simulation worker and Monaco's editor and YAML workers: module workers built as files of the app (no blob: workers)",
    },
  ],
  'style-src': [
    { source: "'self'", why: "the app's stylesheets, including those of lazily loaded chunks" },
    {
      source: "'unsafe-inline'",
      why: 'Monaco creates <style> elements at run time (themes, token colours, decorations) and sets style attributes with setAttribute; it has no nonce support. Style can change looks, never run code',
    },
  ],
  'img-src': [
    { source: "'self'", why: 'the favicon' },
    {
      source: 'data:',
      why: "the PNG export draws the graph's SVG onto a canvas from a data: URL (a data: URL keeps the canvas untainted)",
    },
  ],
  'font-src': [{ source: "'self'", why: "Monaco's codicon icon font, bundled with the app" }],
  'require-trusted-types-for': [
    {
      source: "'script'",
      why: 'a plain string in an HTML or script sink (innerHTML, script.src, new Worker…) goes through a policy: the default one (trusted-types.ts) refuses HTML and script, and allows script URLs of the app only',
    },
  ],
  'trusted-types': [
    { source: 'default', why: 'the default policy (trusted-types.ts), installed first by main.tsx' },
    ...MONACO_POLICIES.map((name) => ({
      source: name,
      why: `Monaco's own policy ${name} (it builds its view from escaped HTML; DOMPurify sanitises its hovers)`,
    })),
  ],
  'object-src': [{ source: "'none'", why: 'no <object> or <embed> plugins: the app has none' }],
  'base-uri': [{ source: "'none'", why: 'no <base> may redirect the relative chunk URLs' }],
  'form-action': [{ source: "'none'", why: 'the app submits no forms' }],
}

/** The policy as one header or <meta> value. */
export function contentSecurityPolicy(directives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources.map((s) => s.source)].join(' '))
    .join('; ')
}
