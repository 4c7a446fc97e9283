/** The scenario library's UI texts (the scenarios' own texts are in src/scenarios, in both languages). */
export const libraryEn = {
  open: 'Scenarios',
  openHint: 'Load a scenario from the library',
  title: 'Scenario library',
  intro: 'Each scenario sets up a cluster and a workload; load one and watch what happens.',
  load: 'Load',
  close: 'Close',
  current: 'Scenario',
  goal: 'Goal',
  notes: 'Teaching notes',
  leave: 'Close the scenario card',
  replaceDraft:
    'Loading a scenario replaces the manifest in the editor. Your current manifest is kept as a draft you can restore.',
  restoreDraft: 'Restore my previous manifest',
} as const
