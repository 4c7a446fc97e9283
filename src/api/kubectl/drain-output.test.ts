import { describe, expect, it } from 'vitest'
import { forbiddenMessage, notFound, unauthorized } from '../status'
import {
  aggregate,
  cordonOperation,
  DAEMONSET_FATAL,
  DAEMONSET_WARNING,
  drainFailed,
  evictingPod,
  evictionError,
  globalTimeoutReached,
  goDuration,
  LOCAL_STORAGE_FATAL,
  namedOperation,
  type PodDelete,
  pendingPods,
  podDeleteErrors,
  podDeleteWarnings,
  standardErrorMessage,
  UNMANAGED_FATAL,
  UNMANAGED_WARNING,
  unableTo,
  waitForDeleteError,
  warning,
} from './drain-output'

const item = (name: string, reason: PodDelete['status']['reason'], message?: string): PodDelete => ({
  namespace: 'default',
  name,
  status: { delete: reason === 'Okay' || reason === 'Warning', reason, ...(message ? { message } : {}) },
})

describe('kubectl cordon/uncordon/drain lines', () => {
  it.each([
    [true, true, 'node/worker-1 cordoned'],
    [true, false, 'node/worker-1 already cordoned'],
    [false, true, 'node/worker-1 uncordoned'],
    [false, false, 'node/worker-1 already uncordoned'],
  ])('cordon %s, changed %s: %s', (desired, changed, line) => {
    expect(namedOperation('node', 'worker-1', cordonOperation(desired, changed))).toBe(line)
  })

  it('prints progress and refusals with kubectl’s words', () => {
    expect(evictingPod('default', 'web-1')).toBe('evicting pod default/web-1')
    expect(namedOperation('pod', 'web-1', 'evicted')).toBe('pod/web-1 evicted')
    expect(namedOperation('node', 'worker-1', 'drained')).toBe('node/worker-1 drained')
    expect(unableTo('cordon', 'worker-1', 'nodes "worker-1" is forbidden: no')).toBe(
      'error: unable to cordon node "worker-1": nodes "worker-1" is forbidden: no',
    )
    expect(warning('ignoring DaemonSet-managed Pods: kube-system/proxy')).toBe(
      'Warning: ignoring DaemonSet-managed Pods: kube-system/proxy',
    )
    expect(evictionError('default', 'web', 'boom')).toBe('error when evicting pods/"web" -n "default": boom')
    expect(waitForDeleteError('default', 'web', globalTimeoutReached(90_000))).toBe(
      'error when waiting for pod "web" in namespace "default" to terminate: global timeout reached: 1m30s',
    )
    expect(pendingPods('worker-1', ['a', 'b'], ['web', 'db'])).toEqual([
      'There are pending pods in node "worker-1" when an error occurred: [a, b]',
      'pod/web',
      'pod/db',
    ])
  })

  it('groups the filters’ errors by message, prefixing `cannot delete` once', () => {
    const items = [
      item('web', 'Okay'),
      item('bare', 'Error', UNMANAGED_FATAL),
      item('proxy', 'Error', DAEMONSET_FATAL),
      item('cache', 'Error', LOCAL_STORAGE_FATAL),
      item('solo', 'Error', UNMANAGED_FATAL),
      item('odd', 'Error'),
    ]
    expect(podDeleteErrors(items)).toEqual([
      'cannot delete Pods that declare no controller (use --force to override): default/bare, default/solo',
      'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/proxy',
      'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache',
      'cannot delete unexpected error: default/odd',
    ])
  })

  it('joins the warnings with `; `', () => {
    const items = [
      item('proxy', 'Warning', DAEMONSET_WARNING),
      item('bare', 'Warning', UNMANAGED_WARNING),
      item('proxy-2', 'Warning', DAEMONSET_WARNING),
      item('web', 'Okay'),
    ]
    expect(podDeleteWarnings(items)).toBe(
      'ignoring DaemonSet-managed Pods: default/proxy, default/proxy-2; deleting Pods that declare no controller: default/bare',
    )
    expect(podDeleteWarnings([item('web', 'Okay')])).toBe('')
  })

  it('aggregates errors as utilerrors does: one as is, several deduplicated in brackets', () => {
    expect(aggregate([])).toBe('')
    expect(aggregate(['a'])).toBe('a')
    expect(aggregate(['a', 'a'])).toBe('a')
    expect(aggregate(['a', 'b', 'a'])).toBe('[a, b]')
  })

  it('a node that could not be drained: continuing command, pending nodes, then each error', () => {
    const bare = 'cannot delete Pods that declare no controller (use --force to override): default/nginx'
    expect(drainFailed('worker-1', [{ message: bare }])).toEqual([
      `error: unable to drain node "worker-1" due to error: ${bare}, continuing command...`,
      'There are pending nodes to be drained:',
      ' worker-1',
      bare,
    ])
    const status = forbiddenMessage('pods is forbidden: User "jane" cannot list resource "pods"')
    expect(drainFailed('w', [{ message: 'x' }, { message: status.message ?? '', status }])).toEqual([
      'error: unable to drain node "w" due to error: [x, pods is forbidden: User "jane" cannot list resource "pods"], continuing command...',
      'There are pending nodes to be drained:',
      ' w',
      'x',
      'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods"',
    ])
  })

  it('prints apiserver errors as StandardErrorMessage', () => {
    expect(standardErrorMessage(notFound('nodes', 'nope'))).toBe(
      'Error from server (NotFound): nodes "nope" not found',
    )
    expect(standardErrorMessage(unauthorized())).toBe(
      'error: You must be logged in to the server (Unauthorized)',
    )
    expect(standardErrorMessage({ message: 'odd' })).toBe('Error from server: odd')
  })

  it.each([
    [0, '0s'],
    [500, '500ms'],
    [1_000, '1s'],
    [1_500, '1.5s'],
    [30_000, '30s'],
    [90_000, '1m30s'],
    [600_000, '10m0s'],
    [3_600_000, '1h0m0s'],
    [3_723_250, '1h2m3.25s'],
  ])('goDuration(%d) = %s', (ms, text) => {
    expect(goDuration(ms)).toBe(text)
  })
})
