// monaco-yaml's language service, bundled by Vite as its own worker (the monaco-yaml FAQ's way).
import 'monaco-yaml/yaml.worker.js'
