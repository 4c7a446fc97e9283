/**
 * Saving a file from the page: a Blob URL on an `<a download>` element made with the DOM (no
 * HTML from strings), clicked, then removed; the URL is revoked once the browser has taken it.
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  // The download has started from the click; keep the URL a little for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }))
}
