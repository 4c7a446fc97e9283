/** The share button's and the share-link banner's texts (`share.*`). */
export const shareEn = {
  button: 'Share',
  buttonHint: 'Copy a link that opens exactly this: the scenario, the time, the selection and the view',
  copied: 'Link copied',
  copiedLong: 'Link copied. It is {count} characters long; some chat apps cut long links.',
  copyByHand: 'Copy this link by hand (the clipboard is not available):',
  copyByHandLong:
    'Copy this link by hand (the clipboard is not available). It is {count} characters long; some chat apps cut long links.',
  link: 'Share link',
  tooBig:
    'This scenario is too big for a link: {count} characters, and links are read up to {max}. Share fewer or shorter manifests.',
  notReady: 'Nothing to share yet: the simulation is still starting.',
  close: 'Close',
  error: {
    title: 'This share link cannot be opened.',
    fallback: 'The app carries on as usual; your own saved draft is untouched.',
    dismiss: 'Dismiss',
  },
  /** Why a link cannot be opened, one per reason code (src/app/share/codec.ts SHARE_REASONS). */
  reason: {
    'not-share-link': 'The address does not hold a podflow share link.',
    malformed: 'The link is damaged: its version, length and data are not all there.',
    'version-newer':
      'It was made by a newer podflow (link format {version}; this app reads format {current}). Reload the page to get the newest podflow.',
    'version-older':
      'It was made by an older podflow (link format {version}) that this app no longer reads (it reads format {current}). Ask for a new link.',
    'too-long': 'It is too long to open: {length} characters, and links are read up to {max}.',
    truncated:
      'It was cut short, probably by the app it was sent through: it has {have} of its {expected} data characters. Copy the whole link and try again.',
    truncatedUnknown:
      'It was cut short, probably by the app it was sent through. Copy the whole link and try again.',
    'bad-characters':
      'It contains a character a link of ours never has: “{char}” at position {position}. It was probably changed on the way.',
    corrupt:
      'It is corrupt: its data does not unpack, or its checksum does not match (a character was changed, added or removed on the way).',
    'too-large': 'It unpacks to more than {max} bytes, more than any scenario needs, so it was not opened.',
    'bad-json': 'Its data unpacks, but not to a podflow scenario.',
    'bad-field': 'Its field “{path}” is wrong: expected {expected}.',
    unknownField: 'It has a field this app does not know: “{path}”.',
    'unknown-scenario': 'It names a library scenario this app does not have: “{id}”.',
    rejected: 'The simulation could not load its scenario: {message}',
  },
  /** What a field should have held (`{expected}` above). */
  expected: {
    root: 'the link’s data',
    object: 'a set of named fields',
    array: 'a list',
    text: 'text',
    name: 'a name of 1 to {max} characters',
    boolean: 'true or false',
    time: 'a time in whole milliseconds, from 0 to {max}',
    integer: 'a whole number in {allowed}',
    number: 'a number in {allowed}',
    'message-id': 'a message number, 1 or more',
    seed: 'a whole number',
    'one-of': 'one of {allowed}',
    'known-field': 'no such field',
    action: 'an action (apply, delete, cordon, drain, a fault…)',
    'at-most': 'at most {allowed} of them',
    'pod-key': 'an object such as default/nginx',
  },
} as const
