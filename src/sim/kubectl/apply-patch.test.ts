/**
 * threeWayMergePatch against the cases of strategicpatch.CreateThreeWayMergePatch that
 * `kubectl apply` meets on everyday manifests: labels, annotations, containers by name, env by
 * name, lists without a merge key, and what the cluster added on its own.
 */
import { describe, expect, it } from 'vitest'
import { strategicMergePatch } from '../apiserver/patch'
import { type JsonObject, threeWayMergePatch } from './apply-patch'

const pod = (spec: JsonObject, metadata: JsonObject = {}): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default', ...metadata },
  spec,
})

const web = (extra: JsonObject = {}): JsonObject => ({ name: 'web', image: 'nginx:1.27', ...extra })

describe('threeWayMergePatch', () => {
  it.each<[string, JsonObject | undefined, JsonObject, JsonObject, JsonObject]>([
    [
      'nothing changed: an empty patch',
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod(
        { containers: [web({ imagePullPolicy: 'IfNotPresent' })], nodeName: 'w1' },
        { labels: { app: 'web' } },
      ),
      {},
    ],
    [
      'a label removed from the manifest becomes null',
      pod({ containers: [web()] }, { labels: { app: 'web', tier: 'fe' } }),
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'web', tier: 'fe' } }),
      { metadata: { labels: { tier: null } } },
    ],
    [
      'all labels removed: the labels map becomes null',
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }),
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      { metadata: { labels: null } },
    ],
    [
      'an annotation added and one removed',
      pod({ containers: [web()] }, { annotations: { a: '1' } }),
      pod({ containers: [web()] }, { annotations: { b: '2' } }),
      pod({ containers: [web()] }, { annotations: { a: '1' } }),
      { metadata: { annotations: { a: null, b: '2' } } },
    ],
    [
      'a label someone else added is kept (it was never applied)',
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'web', owner: 'ops' } }),
      {},
    ],
    [
      'a value changed back by someone else is set again',
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'db' } }),
      { metadata: { labels: { app: 'web' } } },
    ],
    [
      'a container’s image changed: the element by name, and the order',
      pod({ containers: [web()] }),
      pod({ containers: [web({ image: 'nginx:1.28' })] }),
      pod({ containers: [web({ terminationMessagePath: '/dev/termination-log' })] }),
      {
        spec: {
          containers: [{ name: 'web', image: 'nginx:1.28' }],
          '$setElementOrder/containers': [{ name: 'web' }],
        },
      },
    ],
    [
      'a container removed: $patch delete by name',
      pod({ containers: [web(), { name: 'sidecar', image: 'busybox' }] }),
      pod({ containers: [web()] }),
      pod({ containers: [web(), { name: 'sidecar', image: 'busybox' }] }),
      {
        spec: {
          containers: [{ name: 'sidecar', $patch: 'delete' }],
          '$setElementOrder/containers': [{ name: 'web' }],
        },
      },
    ],
    [
      'a container added: the whole element',
      pod({ containers: [web()] }),
      pod({ containers: [web(), { name: 'sidecar', image: 'busybox' }] }),
      pod({ containers: [web()] }),
      {
        spec: {
          containers: [{ name: 'sidecar', image: 'busybox' }],
          '$setElementOrder/containers': [{ name: 'web' }, { name: 'sidecar' }],
        },
      },
    ],
    [
      'two containers swapped: only the order',
      pod({ containers: [web(), { name: 'sidecar', image: 'busybox' }] }),
      pod({ containers: [{ name: 'sidecar', image: 'busybox' }, web()] }),
      pod({ containers: [web(), { name: 'sidecar', image: 'busybox' }] }),
      { spec: { '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'web' }] } },
    ],
    [
      'an env var removed and one changed, by name',
      pod({
        containers: [
          web({
            env: [
              { name: 'A', value: '1' },
              { name: 'B', value: '2' },
            ],
          }),
        ],
      }),
      pod({ containers: [web({ env: [{ name: 'A', value: '9' }] })] }),
      pod({
        containers: [
          web({
            env: [
              { name: 'A', value: '1' },
              { name: 'B', value: '2' },
            ],
          }),
        ],
      }),
      {
        spec: {
          containers: [
            {
              name: 'web',
              // Deletions first: the delta is merged into the deletions (mergeMap).
              env: [
                { name: 'B', $patch: 'delete' },
                { name: 'A', value: '9' },
              ],
              '$setElementOrder/env': [{ name: 'A' }],
            },
          ],
          '$setElementOrder/containers': [{ name: 'web' }],
        },
      },
    ],
    [
      'a list without a merge key (args) is replaced whole',
      pod({ containers: [web({ args: ['a', 'b'] })] }),
      pod({ containers: [web({ args: ['a'] })] }),
      pod({ containers: [web({ args: ['a', 'b'] })] }),
      {
        spec: {
          containers: [{ name: 'web', args: ['a'] }],
          '$setElementOrder/containers': [{ name: 'web' }],
        },
      },
    ],
    [
      'a field removed from the manifest (restartPolicy) becomes null',
      pod({ containers: [web()], restartPolicy: 'Never' }),
      pod({ containers: [web()] }),
      pod({ containers: [web()], restartPolicy: 'Never' }),
      { spec: { restartPolicy: null } },
    ],
    [
      'no last-applied configuration: nothing is deleted',
      undefined,
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: { app: 'web', tier: 'fe' } }),
      {},
    ],
    [
      'a value whose type changed is replaced',
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      pod({ containers: [web()] }, { labels: null }),
      pod({ containers: [web()] }, { labels: { app: 'web' } }),
      { metadata: { labels: null } },
    ],
  ])('%s', (_, original, modified, current, patch) => {
    expect(threeWayMergePatch(original, modified, current)).toEqual(patch)
  })

  it.each<[string, JsonObject, JsonObject, JsonObject]>([
    [
      'labels, containers and env',
      pod(
        {
          containers: [
            web({
              env: [
                { name: 'A', value: '1' },
                { name: 'B', value: '2' },
              ],
            }),
            { name: 's', image: 'b' },
          ],
        },
        { labels: { app: 'web', tier: 'fe' } },
      ),
      pod(
        { containers: [web({ image: 'nginx:1.28', env: [{ name: 'A', value: '1' }] })] },
        { labels: { app: 'web' } },
      ),
      pod(
        {
          containers: [
            web({
              env: [
                { name: 'A', value: '1' },
                { name: 'B', value: '2' },
              ],
              imagePullPolicy: 'IfNotPresent',
            }),
            { name: 's', image: 'b', imagePullPolicy: 'Always' },
          ],
          nodeName: 'worker-1',
        },
        { labels: { app: 'web', tier: 'fe' }, uid: 'u1' },
      ),
    ],
    [
      'a container added between two',
      pod({
        containers: [
          { name: 'a', image: 'a' },
          { name: 'c', image: 'c' },
        ],
      }),
      pod({
        containers: [
          { name: 'a', image: 'a' },
          { name: 'b', image: 'b' },
          { name: 'c', image: 'c' },
        ],
      }),
      pod({
        containers: [
          { name: 'a', image: 'a' },
          { name: 'c', image: 'c' },
        ],
      }),
    ],
  ])(
    'the apiserver applying the patch to the live object yields the manifest (plus what the cluster added): %s',
    (_, original, modified, current) => {
      const patched = strategicMergePatch(
        current,
        threeWayMergePatch(original, modified, current),
      ) as JsonObject
      const spec = patched.spec as { containers: JsonObject[] }
      const wanted = (modified.spec as { containers: JsonObject[] }).containers
      expect(spec.containers.map((c) => c.name)).toEqual(wanted.map((c) => c.name))
      for (const [i, c] of wanted.entries()) expect(spec.containers[i]).toMatchObject(c)
      expect((patched.metadata as JsonObject).labels).toEqual((modified.metadata as JsonObject).labels)
      // What the cluster set on its own stays.
      expect((patched.metadata as JsonObject).uid).toEqual((current.metadata as JsonObject).uid)
    },
  )
})
