/**
 * Teaching mode's state: on or off, the glossary entry open, and the learner's answers to the
 * predict-then-reveal questions (by question id, so going back shows the answer given).
 */
import { create } from 'zustand'

export interface Answer {
  readonly choice: string
  /** The true outcome, as the simulation had it when the learner answered. */
  readonly truth: string
}

export interface TeachingState {
  enabled: boolean
  glossaryTerm: string | undefined
  answers: Readonly<Record<string, Answer>>
}

export const useTeaching = create<TeachingState>(() => ({
  enabled: false,
  glossaryTerm: undefined,
  answers: {},
}))

export function answer(questionId: string, a: Answer): void {
  useTeaching.setState((s) => ({ answers: { ...s.answers, [questionId]: a } }))
}
