/**
 * Manifests several scenarios apply as they are, written once: what one scenario teaches about
 * them (three replicas spread over the workers) is what the next one (drain, node failure) builds on.
 */

/**
 * The web Deployment: `replicas` nginx Pods asking for `requests` each. The large clusters
 * (hundred-nodes, thousand-nodes, the browser benchmark) use it bare; WEB_DEPLOYMENT adds the
 * Deployment's own label and the container port.
 */
export function webDeployment(
  replicas: number,
  requests: { readonly cpu: string; readonly memory: string } = { cpu: '250m', memory: '256Mi' },
  options: { readonly labeled?: boolean; readonly containerPort?: number } = {},
): string {
  const labels = options.labeled ? '  labels:\n    app: web\n' : ''
  const ports = options.containerPort
    ? `        ports:\n        - containerPort: ${options.containerPort}\n`
    : ''
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
${labels}spec:
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
${ports}        resources:
          requests:
            cpu: ${requests.cpu}
            memory: ${requests.memory}
`
}

/** The web Deployment: three nginx replicas asking for 100m CPU and 128Mi each. */
export const WEB_DEPLOYMENT = webDeployment(
  3,
  { cpu: '100m', memory: '128Mi' },
  { labeled: true, containerPort: 80 },
)
