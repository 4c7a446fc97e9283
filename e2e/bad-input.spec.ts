/**
 * Bad input pasted into the workload editor (issue 11): each is refused with kubectl's kind of
 * error naming the line, the editor keeps exactly what was pasted, the page logs no error, and
 * the next good apply works. The full list, on every surface, is src/testing/bad-inputs.ts.
 */
import { expect, type Page, test } from '@playwright/test'
import { editorText, focusEditor, openApp, watchProblems } from './support'

const GOOD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: after\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n'

const pod = (name: string) =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n`

/** Over the 5 MB limit: a Pod and 65,600 comment lines of 80 characters. */
const FIVE_MB = `${pod('big')}${`# ${'x'.repeat(77)}\n`.repeat(65_600)}`

const CASES = [
  {
    name: 'YAML syntax error',
    text: pod('web').replace('  name: web', '  name: web: x'),
    error:
      'error: error parsing STDIN: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context',
  },
  {
    name: 'binary garbage',
    text: '\x7fELF\x02\x01\x01\x03\x00>\x01\x1b[31m\x90garbage',
    error:
      'error: yaml: line 1: control characters are not allowed (U+007F at column 1; is this a binary file?)',
  },
  {
    name: 'wrong type',
    text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: "three"\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n',
    error:
      'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
  },
  {
    name: '5 MB document',
    text: FIVE_MB,
    error: `error: line 1: input is ${FIVE_MB.length} bytes; the limit is 5242880 bytes`,
  },
]

/**
 * Replace the editor's text by pasting, as a user does. This file's own paste, not support.ts's
 * pasteInto: what the editor holds after a refused apply is what is checked.
 */
async function paste(page: Page, text: string) {
  await focusEditor(page, 'workload-editor')
  await page.keyboard.press('ControlOrMeta+A')
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await page.keyboard.press('ControlOrMeta+V')
}

for (const c of CASES) {
  test(`${c.name}: a clear error at its line, the text kept, the next apply works`, async ({ page }) => {
    test.setTimeout(120_000)
    const problems = watchProblems(page)
    await openApp(page)
    await paste(page, c.text)
    await page.getByTestId('apply').click()
    await expect(page.getByTestId('apply-error')).toHaveText(c.error, { timeout: 30_000 })
    await expect(page.getByTestId('workload-editor')).toHaveAttribute('data-problems', '1')
    await page.screenshot({ path: `test-results/bad-input-${c.name.replaceAll(' ', '-')}.png` })
    expect(await editorText(page, 'workload-editor')).toBe(c.text)

    await paste(page, GOOD)
    await page.getByTestId('apply').click()
    await expect(page.getByTestId('apply-ok')).toHaveText('pod/after created', { timeout: 30_000 })
    await expect(page.getByTestId('workload-editor')).toHaveAttribute('data-problems', '0')
    expect(problems).toEqual([])
  })
}
