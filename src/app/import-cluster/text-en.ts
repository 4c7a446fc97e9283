/** English texts of the cluster import (`importCluster.*`), owned by src/app/import-cluster. */
export const importClusterEn = {
  open: 'Import a cluster…',
  openHint: 'Start from a real cluster: the output of kubectl get nodes,pods -A -o yaml',
  title: 'Import a cluster',
  intro:
    'Paste what kubectl prints, or choose a file with it. Its Nodes and the Pods on them become the cluster, running as they were; apply a Pod to see where it would land and why.',
  command: 'kubectl get nodes,pods -A -o yaml > cluster.yaml',
  text: 'The output of kubectl (YAML or JSON)',
  placeholder: 'apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  …\nkind: List',
  file: 'Choose a file…',
  replaces:
    'This replaces the Cluster tab (Nodes, users, setup) and starts the run again from time 0; you can undo it.',
  import: 'Import',
  importing: 'Importing…',
  cancel: 'Cancel',
  close: 'Close',
  done: 'Imported: {nodes} Node(s), {running} Pod(s) running, {pending} Pending.',
  skipped: 'Left out: {items}.',
  finished: '{count} finished (Succeeded/Failed)',
  terminating: '{count} being deleted',
  elsewhere: '{count} on Nodes not in the dump',
  other: '{count} other object(s) ({kinds})',
  timeShift: 'Times are moved so that the dump’s moment ({time}) is time 0; ages are as they were.',
  undo: 'Undo import',
  dismiss: 'Dismiss',
  /** Why a text cannot be imported. */
  errors: {
    empty: 'Paste the output of kubectl get nodes,pods -A -o yaml first, or choose a file.',
    notYaml: 'Line {line}: this is not YAML ({detail}).',
    notList:
      'Line {line}: this is {found}, not the output of kubectl get nodes,pods -A -o yaml (a List of Nodes and Pods).',
    badItem: 'Line {line}: {detail}.',
    noNodes:
      'The dump has no Nodes: the Pods need somewhere to run. Include them: kubectl get nodes,pods -A -o yaml.',
    notLoaded: 'The imported cluster did not load: {detail}',
    file: 'Could not read {file}: {detail}',
  },
}
