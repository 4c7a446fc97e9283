/**
 * The plugin registry: plugin name → factory. Profiles name plugins; the framework looks them up
 * here. Adding an upstream plugin to the simulator is one entry in plugins/registry.ts.
 *
 * kube-scheduler: pkg/scheduler/framework/runtime/registry.go, plugins/registry.go.
 */
import type { Handle, Plugin } from './interfaces'

/** Builds a plugin from its args (already merged with the defaults) and the framework handle. */
export type PluginFactory = (args: unknown, handle: Handle) => Plugin

export type Registry = ReadonlyMap<string, PluginFactory>
