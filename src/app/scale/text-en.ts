/** Texts of the large-cluster views: node groups, message sampling, progress, long lists. */
export const scaleEn = {
  group: {
    kubelets: 'kubelet × {count} · {ready} Ready',
    runtimes: 'containerd × {count}',
    podsOne: '{count} Pod',
    podsOther: '{count} Pods',
    cells: 'One cell per node: filled when it runs Pods (darker: more), red when not Ready',
    label: '{count} more nodes drawn as a group: {ready} Ready, {pods} Pods on them',
  },
  sampling: {
    rate: 'showing 1 in {step} messages',
    title:
      '{total} messages are in flight; the graph draws every {step}th (by id) to stay legible. Playback and stepping still go through all of them.',
  },
  compacted: {
    text: 'Large run: detail before {time} compacted ({messages} messages kept as counts)',
    before: 'No detail here: the messages before {time} were compacted. Move past it to see them.',
    title:
      'To keep memory bounded, a run this large keeps its newest messages in full and counts older ones by stage: {stages}',
  },
  progress: {
    label: 'Computing the simulation',
    text: 'Computing… {time} simulated · {messages} messages',
    receiving: 'Computed; receiving the trace… {received} of {messages} messages',
    pods: '{running} of {pods} Pods running',
  },
  list: {
    showMore: 'Show {count} more',
    moreNotShown: '+{count} more',
    morePodsTitle: '{count} more Pods are not listed here; the timeline and kubectl get pods list them all',
    filter: 'Filter',
    filterPlaceholder: 'name contains…',
    matches: '{shown} of {count} shown; type to narrow',
  },
}
