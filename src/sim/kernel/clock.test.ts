import { describe, expect, it } from 'vitest'
import { DEFAULT_START_TIME, parseStartTime, rfc3339, rfc3339Micro } from './clock'

describe('clock', () => {
  const start = Date.UTC(2025, 4, 1, 10, 0, 0)

  it('parses the default start time', () => {
    expect(DEFAULT_START_TIME).toBe('2025-05-01T10:00:00Z')
    expect(parseStartTime(DEFAULT_START_TIME)).toBe(start)
  })

  it('rejects a start time that is not a date', () => {
    expect(() => parseStartTime('yesterday')).toThrow(
      'invalid startTime "yesterday": want RFC 3339, like 2025-05-01T10:00:00Z',
    )
  })

  it.each([
    [0, '2025-05-01T10:00:00Z', '2025-05-01T10:00:00.000000Z'],
    [999, '2025-05-01T10:00:00Z', '2025-05-01T10:00:00.999000Z'],
    [3215, '2025-05-01T10:00:03Z', '2025-05-01T10:00:03.215000Z'],
    [3_600_000, '2025-05-01T11:00:00Z', '2025-05-01T11:00:00.000000Z'],
  ])('+%i ms → %s / %s', (ms, time, micro) => {
    expect(rfc3339(start + ms)).toBe(time)
    expect(rfc3339Micro(start + ms)).toBe(micro)
  })
})
