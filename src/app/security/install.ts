/** Imported first by main.tsx: the Trusted Types default policy before any other code runs. */
import { installDefaultPolicy } from './trusted-types'

installDefaultPolicy()
