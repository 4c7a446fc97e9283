/** The wall-clock instant at which every scenario's virtual time 0 sits, unless it says otherwise. */
export const DEFAULT_START_TIME = '2025-05-01T10:00:00Z'
export const DEFAULT_START_MS = Date.parse(DEFAULT_START_TIME)
