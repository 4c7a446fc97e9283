import { describe, expect, it } from 'vitest'
import * as t from './events'
import { kpod } from './testing/builders'

describe('kubelet event texts (v1.33)', () => {
  const pod = kpod('web').build()
  it.each([
    [t.pullingImage('nginx'), 'Pulling image "nginx"'],
    [
      t.pulledImage('nginx', 3215, 4000, 72404038),
      'Successfully pulled image "nginx" in 3.215s (4s including waiting). Image size: 72404038 bytes.',
    ],
    [t.imageAlreadyPresent('nginx:1.27'), 'Container image "nginx:1.27" already present on machine'],
    [t.failedToPullImage('nginxx', 'boom'), 'Failed to pull image "nginxx": boom'],
    [t.backOffPullingImage('nginxx'), 'Back-off pulling image "nginxx"'],
    [t.imageNeverPull('nginx'), 'Container image "nginx" is not present with pull policy of Never'],
    [t.errorEvent('ErrImagePull'), 'Error: ErrImagePull'],
    [t.createdContainer('nginx'), 'Created container: nginx'],
    [t.startedContainer('nginx'), 'Started container nginx'],
    [t.stoppingContainer('nginx'), 'Stopping container nginx'],
    [t.backOffRestarting('app', pod), 'Back-off restarting failed container app in pod web_default(uid-web)'],
    [
      t.crashLoopBackOffMessage(80_000, 'app', pod),
      'back-off 1m20s restarting failed container=app pod=web_default(uid-web)',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected)
  })
})
