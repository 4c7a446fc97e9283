import { useShallow } from 'zustand/react/shallow'
import { type State, useStore } from '../store/store'

/**
 * Select an array from the store, re-rendering only when its elements change (by identity): the
 * selectors here build a new array per call, which a plain selector would treat as a change.
 */
export function useShallowArray<T>(selector: (s: State) => readonly T[]): readonly T[] {
  return useStore(useShallow(selector))
}
