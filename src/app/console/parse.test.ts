import { describe, expect, it } from 'vitest'
import { parseConsoleInput as parse } from './parse'
import { awaitsHereDoc, splitInput } from './shell'

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\n'

describe('the shell: words, quotes and stdin', () => {
  it('splits words as sh does for the simple cases', () => {
    expect(splitInput(`  kubectl get pods -n 'my ns' --namespace="a \\"b\\"" x\\ y ''  # comment`)).toEqual({
      ok: true,
      words: ['kubectl', 'get', 'pods', '-n', 'my ns', '--namespace=a "b"', 'x y', ''],
    })
    expect(splitInput('kubectl get \\\npods')).toEqual({ ok: true, words: ['kubectl', 'get', 'pods'] })
    expect(splitInput('   \n  ')).toEqual({ ok: true, words: [] })
  })

  it('the lines after the command are its stdin', () => {
    expect(splitInput(`kubectl apply -f -\n${POD}`)).toEqual({
      ok: true,
      words: ['kubectl', 'apply', '-f', '-'],
      stdin: POD,
    })
  })

  it('a here-document is stdin up to its delimiter; <<- strips tabs; a quoted delimiter works', () => {
    expect(splitInput(`kubectl apply -f - <<EOF\n${POD}EOF\n`)).toEqual({
      ok: true,
      words: ['kubectl', 'apply', '-f', '-'],
      stdin: POD,
    })
    expect(splitInput(`cat <<'END'\n${POD}END`)).toMatchObject({ words: ['cat'], stdin: POD })
    expect(splitInput('kubectl apply -f - << "EOF"\nEOF')).toMatchObject({ stdin: '' })
    expect(splitInput('kubectl apply -f - <<-EOF\n\tapiVersion: v1\n\tEOF')).toMatchObject({
      stdin: 'apiVersion: v1\n',
    })
    // Without the delimiter line, sh reads to the end.
    expect(splitInput(`kubectl apply -f - <<EOF\n${POD}`)).toMatchObject({ stdin: POD })
    expect(splitInput(`kubectl apply -f - <<EOF\n${POD}EOF\nkubectl get pods`)).toEqual({
      ok: false,
      error: "error: the console runs one command at a time: nothing may follow the here-document's EOF line",
    })
  })

  it('knows when a here-document still waits for its delimiter', () => {
    expect(awaitsHereDoc('kubectl apply -f - <<EOF')).toBe(true)
    expect(awaitsHereDoc(`kubectl apply -f - <<EOF\n${POD}`)).toBe(true)
    expect(awaitsHereDoc(`kubectl apply -f - <<EOF\n${POD}EOF`)).toBe(false)
    expect(awaitsHereDoc('kubectl get pods')).toBe(false)
  })

  it('refuses unterminated quotes and shell operators', () => {
    expect(splitInput('kubectl get pods -n "x')).toEqual({
      ok: false,
      error: 'error: unexpected end of line: the closing " is missing',
    })
    expect(splitInput('kubectl get pods | grep nginx')).toEqual({
      ok: false,
      error:
        'error: the console runs one kubectl command: "|" is not supported (stdin is the lines below the command, or <<EOF … EOF)',
    })
    expect(splitInput('kubectl get pods > out.txt')).toMatchObject({ ok: false })
    expect(splitInput('kubectl get pod $(whoami)')).toMatchObject({ ok: false })
    expect(splitInput('kubectl apply -f - <<')).toMatchObject({ ok: false })
  })
})

describe('get and describe', () => {
  it('reads the resource, its name, -o, -n and -A, with or without a leading kubectl', () => {
    expect(parse('kubectl get pods')).toEqual({
      type: 'get',
      resource: 'pods',
      output: 'table',
      allNamespaces: false,
    })
    expect(parse('get po nginx -o yaml -n kube-system')).toEqual({
      type: 'get',
      resource: 'pods',
      name: 'nginx',
      output: 'yaml',
      namespace: 'kube-system',
      allNamespaces: false,
    })
    expect(parse('kubectl get pod/nginx --output=json --namespace=web')).toMatchObject({
      resource: 'pods',
      name: 'nginx',
      output: 'json',
      namespace: 'web',
    })
    expect(parse('get no -owide')).toMatchObject({ resource: 'nodes', output: 'wide' })
    expect(parse('get ev -A')).toMatchObject({ resource: 'events', allNamespaces: true })
    expect(parse('get events --all-namespaces -o name')).toMatchObject({
      allNamespaces: true,
      output: 'name',
    })
    expect(parse('get pods -Ao wide')).toMatchObject({ allNamespaces: true, output: 'wide' })
    // Global flags may come before the command, as cobra allows.
    expect(parse('kubectl -n kube-system get pods')).toMatchObject({ type: 'get', namespace: 'kube-system' })
    expect(parse('describe pod nginx')).toEqual({
      type: 'describe',
      resource: 'pods',
      name: 'nginx',
      allNamespaces: false,
    })
    expect(parse('kubectl describe node/worker-1')).toMatchObject({ resource: 'nodes', name: 'worker-1' })
    expect(parse('describe pods -A')).toEqual({ type: 'describe', resource: 'pods', allNamespaces: true })
  })

  it('answers resource mistakes as kubectl does', () => {
    expect(parse('get foos')).toEqual({
      type: 'error',
      message: 'error: the server doesn\'t have a resource type "foos"',
    })
    expect(parse('kubectl get')).toEqual({
      type: 'error',
      message:
        'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
        'error: Required resource not specified.\n' +
        'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
        "See 'kubectl get -h' for help and examples",
    })
    expect(parse('describe')).toEqual({
      type: 'error',
      message:
        'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    })
    expect(parse('get pod nginx -A')).toEqual({
      type: 'error',
      message: 'error: a resource cannot be retrieved by name across all namespaces',
    })
    expect(parse('get pod/')).toEqual({
      type: 'error',
      message: 'error: arguments in resource/name form must have a single resource and name',
    })
  })

  it('says what it supports when kubectl could but the console does not', () => {
    expect(parse('get deployments')).toEqual({
      type: 'error',
      message: 'error: the console can get pods, nodes and events, not "deployments"',
    })
    expect(parse('describe svc web')).toEqual({
      type: 'error',
      message: 'error: the console can describe pods and nodes, not "svc"',
    })
    expect(parse('get pods -l app=web')).toEqual({
      type: 'error',
      message:
        'error: the console does not support -l; get supports -o wide|yaml|json|name, -n NAMESPACE and -A',
    })
    expect(parse('get pods --watch')).toMatchObject({
      message: expect.stringMatching(/^error: the console does not support --watch;/),
    })
    expect(parse('get pods --context=prod')).toMatchObject({
      message: expect.stringMatching(/not support --context;/),
    })
    expect(parse('get pods -o jsonpath={.items}')).toEqual({
      type: 'error',
      message: 'error: the console prints -o wide, yaml, json or name, not jsonpath',
    })
    expect(parse('get pods,nodes')).toEqual({
      type: 'error',
      message: 'error: the console takes one resource type at a time',
    })
    expect(parse('get pods a b')).toEqual({
      type: 'error',
      message: 'error: the console takes one NAME at a time',
    })
  })

  it('answers flag mistakes with pflag’s text and kubectl’s usage line', () => {
    expect(parse('get pods --foo')).toEqual({
      type: 'error',
      message: "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.",
    })
    expect(parse('get pods -x')).toEqual({
      type: 'error',
      message: "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage.",
    })
    expect(parse('describe pod nginx -o yaml')).toEqual({
      type: 'error',
      message: "error: unknown shorthand flag: 'o' in -o\nSee 'kubectl describe --help' for usage.",
    })
    expect(parse('get pods -n')).toEqual({
      type: 'error',
      message: "error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage.",
    })
    expect(parse('get pods --namespace')).toEqual({
      type: 'error',
      message: "error: flag needs an argument: --namespace\nSee 'kubectl get --help' for usage.",
    })
    expect(parse('get pods -A=maybe')).toEqual({
      type: 'error',
      message:
        'error: invalid argument "maybe" for "-A, --all-namespaces" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl get --help\' for usage.',
    })
    expect(parse('get pods -o yml')).toEqual({
      type: 'error',
      message:
        'error: unable to match a printer suitable for the output format "yml", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml',
    })
  })
})

describe('commands', () => {
  it('unknown: cobra’s error, with its suggestions in the order kubectl adds its commands', () => {
    expect(parse('frobnicate')).toEqual({
      type: 'error',
      message: 'error: unknown command "frobnicate" for "kubectl"',
    })
    // Within two edits of top.
    expect(parse('foo')).toMatchObject({ message: expect.stringMatching(/Did you mean this\?\n\ttop\n$/) })
    expect(parse('kubectl et pods')).toEqual({
      type: 'error',
      message:
        'error: unknown command "et" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n\tedit\n\tcp\n',
    })
    expect(parse('kubectl desc pod x')).toMatchObject({ message: expect.stringContaining('\tdescribe\n') })
  })

  it('a kubectl command the console does not run: one line saying what it runs', () => {
    expect(parse('kubectl logs nginx')).toEqual({
      type: 'error',
      message:
        'error: the console does not run "kubectl logs"; it runs get, describe, apply -f -, delete, cordon, uncordon and drain (type help)',
    })
  })

  it('help and clear (clear is the console’s, not kubectl’s)', () => {
    expect(parse('help')).toEqual({ type: 'help' })
    expect(parse('kubectl help')).toEqual({ type: 'help' })
    expect(parse('kubectl')).toEqual({ type: 'help' })
    expect(parse('kubectl get pods --help')).toEqual({ type: 'help' })
    expect(parse('clear')).toEqual({ type: 'clear' })
    expect(parse('kubectl clear')).toMatchObject({ message: 'error: unknown command "clear" for "kubectl"' })
    expect(parse('   ')).toEqual({ type: 'empty' })
  })

  it('only apply reads the lines below the command', () => {
    expect(parse('kubectl get pods\nkubectl get nodes')).toEqual({
      type: 'error',
      message: 'error: only "apply -f -" reads the lines below the command; run one command at a time',
    })
  })
})

describe('apply', () => {
  it('-f - reads stdin: the lines below, or a here-document', () => {
    expect(parse(`kubectl apply -f -\n${POD}`)).toEqual({ type: 'apply', stdin: POD })
    expect(parse(`kubectl apply -f - <<EOF\n${POD}EOF`)).toEqual({ type: 'apply', stdin: POD })
    expect(parse(`apply --filename=- <<'EOF'\n${POD}EOF\n\n`)).toEqual({ type: 'apply', stdin: POD })
  })

  it('answers as kubectl does without -f, without objects, with a file or stray arguments', () => {
    expect(parse(`apply\n${POD}`)).toEqual({ type: 'error', message: 'error: must specify one of -f and -k' })
    expect(parse('apply -f -')).toEqual({ type: 'error', message: 'error: no objects passed to apply' })
    expect(parse('apply -f - <<EOF\nEOF')).toEqual({
      type: 'error',
      message: 'error: no objects passed to apply',
    })
    expect(parse('apply -f pod.yaml')).toEqual({
      type: 'error',
      message:
        'error: the path "pod.yaml" does not exist (the console has no files: use apply -f - with the YAML on the lines below)',
    })
    expect(parse(`apply -f - nginx\n${POD}`)).toEqual({
      type: 'error',
      message: "error: Unexpected args: [nginx]\nSee 'kubectl apply -h' for help and examples",
    })
    expect(parse(`apply -f - --server-side\n${POD}`)).toMatchObject({
      message:
        'error: the console does not support --server-side; apply supports -f - (the YAML on the lines below the command)',
    })
  })
})

describe('delete', () => {
  it('TYPE NAME or TYPE/NAME, in the -n namespace or default', () => {
    expect(parse('kubectl delete pod nginx')).toEqual({
      type: 'delete',
      target: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'nginx', printed: 'pod' },
    })
    expect(parse('delete pod/web -n kube-public')).toEqual({
      type: 'delete',
      target: { apiVersion: 'v1', kind: 'Pod', namespace: 'kube-public', name: 'web', printed: 'pod' },
    })
    expect(parse('delete deploy web')).toMatchObject({
      target: { apiVersion: 'apps/v1', kind: 'Deployment', printed: 'deployment.apps' },
    })
    expect(parse('delete node worker-1 -n x')).toEqual({
      type: 'delete',
      target: { apiVersion: 'v1', kind: 'Node', name: 'worker-1', printed: 'node' },
    })
  })

  it('answers as kubectl does without a name or a resource', () => {
    expect(parse('delete pods')).toEqual({
      type: 'error',
      message: 'error: resource(s) were provided, but no name was specified',
    })
    expect(parse('delete')).toEqual({
      type: 'error',
      message:
        "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'",
    })
    expect(parse('delete widgets x')).toEqual({
      type: 'error',
      message: 'error: the server doesn\'t have a resource type "widgets"',
    })
    expect(parse('delete svc web')).toEqual({
      type: 'error',
      message: 'error: the console can delete pods, deployments, replicasets and nodes, not "svc"',
    })
    expect(parse('delete pod nginx --force')).toMatchObject({
      message:
        'error: the console does not support --force; delete supports TYPE NAME or TYPE/NAME, and -n NAMESPACE',
    })
  })
})

describe('cordon, uncordon and drain', () => {
  it('name one node; drain takes its flags', () => {
    expect(parse('kubectl cordon worker-1')).toEqual({
      type: 'node',
      action: { type: 'cordon', node: 'worker-1' },
    })
    expect(parse('uncordon worker-1')).toEqual({
      type: 'node',
      action: { type: 'uncordon', node: 'worker-1' },
    })
    expect(parse('drain worker-2')).toEqual({
      type: 'node',
      action: {
        type: 'drain',
        node: 'worker-2',
        force: false,
        ignoreDaemonsets: false,
        deleteEmptydirData: false,
        gracePeriodSeconds: -1,
      },
    })
    expect(
      parse('drain worker-2 --force --ignore-daemonsets --delete-emptydir-data --grace-period=10'),
    ).toMatchObject({
      action: { force: true, ignoreDaemonsets: true, deleteEmptydirData: true, gracePeriodSeconds: 10 },
    })
    expect(parse('drain worker-2 --grace-period 0 --force=false')).toMatchObject({
      action: { force: false, gracePeriodSeconds: 0 },
    })
  })

  it('answers as kubectl does without a node or with a bad value', () => {
    expect(parse('cordon')).toEqual({
      type: 'error',
      message: "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples",
    })
    expect(parse('drain')).toEqual({
      type: 'error',
      message: "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples",
    })
    expect(parse('drain worker-1 --grace-period=soon')).toEqual({
      type: 'error',
      message:
        'error: invalid argument "soon" for "--grace-period" flag: strconv.ParseInt: parsing "soon": invalid syntax\nSee \'kubectl drain --help\' for usage.',
    })
    expect(parse('cordon worker-1 --force')).toEqual({
      type: 'error',
      message: "error: unknown flag: --force\nSee 'kubectl cordon --help' for usage.",
    })
    expect(parse('drain worker-1 --timeout=1m')).toMatchObject({
      message:
        'error: the console does not support --timeout; drain supports --force, --ignore-daemonsets, --delete-emptydir-data and --grace-period=N',
    })
    expect(parse('cordon a b')).toEqual({
      type: 'error',
      message: 'error: the console cordons one node at a time: cordon NODE',
    })
  })
})
