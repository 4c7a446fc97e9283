/** Motion's DOM animations for `m` components, loaded by ClusterGraph's LazyMotion as a chunk of its own. */
export { domAnimation as default } from 'motion/react'
