/** The console's `help`: what it runs, in kubectl's words, and how reads and writes relate to time. */
export const HELP = `kubectl against the simulated cluster, as it is at the playback cursor.
get and describe read the objects at the cursor; apply, delete, cordon,
uncordon and drain act at the cursor, and the simulation forks there.
A leading "kubectl" is optional.

  get pods|nodes|events [NAME] [-o wide|yaml|json|name] [-n NAMESPACE | -A]
  get pod/NAME -o yaml
  describe pod|node [NAME] [-n NAMESPACE | -A]
  apply -f -          the YAML on the lines below (Shift+Enter adds a line)
  apply -f - <<EOF    …the YAML…, then a line EOF
  delete pod NAME [-n NAMESPACE]   (or pod/NAME; deployment, replicaset, node)
  cordon NODE
  uncordon NODE
  drain NODE [--force] [--ignore-daemonsets] [--delete-emptydir-data]
             [--grace-period=N]
  clear               empty the scrollback
  help                this text

Enter runs the command; ↑ and ↓ recall earlier ones.
`
