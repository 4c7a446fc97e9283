/**
 * Manifests several scenarios apply as they are, written once: what one scenario teaches about
 * them (three replicas spread over the workers) is what the next one (drain, node failure) builds on.
 */

/** The web Deployment: three nginx replicas asking for 100m CPU and 128Mi each. */
export const WEB_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
`

/**
 * The large clusters' web Deployment (hundred-nodes, thousand-nodes, the browser benchmark):
 * `replicas` nginx Pods asking for `requests` each.
 */
export function webDeployment(
  replicas: number,
  requests: { readonly cpu: string; readonly memory: string } = { cpu: '250m', memory: '256Mi' },
): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        resources:
          requests:
            cpu: ${requests.cpu}
            memory: ${requests.memory}
`
}
