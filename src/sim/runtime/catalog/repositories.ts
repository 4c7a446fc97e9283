/**
 * What the catalog knows of each repository besides its tags: the compressed size of its images
 * (linux/amd64), the image config's `User`, and what its entrypoint does.
 *
 * Sizes are exact for the tags the simulation has always used (measured spring 2025), and
 * ESTIMATES elsewhere: one figure per family of tags (a base distribution, a major version), read
 * off the registries' listings and rounded. They decide pull times, so being within ~20% of the
 * real figure is what matters.
 *
 * `user` is the image's `USER` as containerd reads it from the config: `''` (unset) and `'0'` run
 * as root; a number is a uid; a name (`nobody`, `haproxy`) is reported as a username, which
 * runAsNonRoot cannot verify.
 */
import type { Entrypoint } from './index'

/** First match wins: an exact tag, or a pattern over the tag. */
export type SizeRule = readonly [string | RegExp, number]

export interface RepositoryMeta {
  readonly sizes: readonly SizeRule[]
  /** Per-tag users, first match wins; else `user`. */
  readonly users?: readonly (readonly [RegExp, string])[]
  readonly user?: string
  readonly entrypoint?: Entrypoint
}

const server: Entrypoint = { kind: 'server' }
const shell: Entrypoint = { kind: 'shell' }
const MB = 1_000_000

const POSTGRES_ENV = ['POSTGRES_PASSWORD', 'POSTGRES_HOST_AUTH_METHOD']
const MYSQL_ENV = ['MYSQL_ROOT_PASSWORD', 'MYSQL_ALLOW_EMPTY_PASSWORD', 'MYSQL_RANDOM_ROOT_PASSWORD']
const MARIADB_ENV = [
  'MARIADB_ROOT_PASSWORD',
  'MARIADB_ALLOW_EMPTY_ROOT_PASSWORD',
  'MARIADB_RANDOM_ROOT_PASSWORD',
  ...MYSQL_ENV,
]

/** Official images (`docker.io/library/<name>`), by name. */
export const LIBRARY_META: Readonly<Record<string, RepositoryMeta>> = {
  nginx: {
    entrypoint: server,
    sizes: [
      ['1.27.5', 72_404_038],
      ['1.28.0', 72_225_394],
      ['1.25.5', 70_544_635],
      ['1.27.5-alpine', 20_981_155],
      // Estimates: Debian bookworm builds ~70 MB, bullseye ~55 MB, buster ~50 MB, older ~40 MB.
      [/alpine.*slim/, 5 * MB],
      [/alpine.*(perl|otel)/, 30 * MB],
      [/alpine/, 20 * MB],
      [/^1\.(2[4-9]|3\d)/, 70 * MB],
      [/^1\.2[0-3]/, 55 * MB],
      [/^1\.1[6-9]/, 50 * MB],
      [/perl|otel/, 80 * MB],
      [/./, 42 * MB],
    ],
  },
  busybox: {
    entrypoint: shell,
    sizes: [
      ['1.37.0', 2_166_802],
      ['1.36.1', 2_160_406],
      // Estimates: the glibc build is ~2.2 MB, musl ~0.9 MB, uclibc ~0.8 MB; 1.2x builds ~0.7 MB.
      [/ubuntu/, 60 * MB],
      [/musl/, 900_000],
      [/uclibc|^1\.2/, 800_000],
      [/./, 2_200_000],
    ],
  },
  alpine: {
    entrypoint: shell,
    sizes: [
      ['3.21.3', 3_653_068],
      ['3.20.6', 3_624_160],
      // Estimate: every Alpine minirootfs is 2.5–3.7 MB.
      [/^3\.(1[89]|2\d)|^(latest|edge)$/, 3_600_000],
      [/./, 2_700_000],
    ],
  },
  ubuntu: {
    entrypoint: shell,
    sizes: [
      ['24.04', 29_754_290],
      ['22.04', 29_538_961],
      // Estimate: Ubuntu base images are 25–30 MB; the 14.04/16.04 ones ~45 MB with their layers.
      [/^1[46]|trusty|xenial|precise/, 45 * MB],
      [/./, 28 * MB],
    ],
  },
  debian: {
    entrypoint: shell,
    sizes: [
      ['12.10', 48_494_272],
      // Estimates: slim variants ~28 MB, full images ~50 MB.
      [/slim/, 28 * MB],
      [/./, 50 * MB],
    ],
  },
  redis: {
    entrypoint: server,
    sizes: [
      ['7.4.3', 45_118_963],
      ['7.4.3-alpine', 16_936_127],
      // Estimates: Debian builds 40–50 MB, Alpine ~17 MB.
      [/alpine/, 17 * MB],
      [/./, 45 * MB],
    ],
  },
  postgres: {
    entrypoint: { kind: 'server', requiresOneOfEnv: POSTGRES_ENV },
    sizes: [
      ['17.4', 154_960_348],
      ['16.8', 151_210_993],
      // Estimates: Debian builds ~150 MB, Alpine ~100 MB; 9.x and 10 ~110 MB.
      [/alpine/, 100 * MB],
      [/^(9|10)\b|^(9|10)[.-]/, 110 * MB],
      [/./, 150 * MB],
    ],
  },
  mysql: {
    entrypoint: { kind: 'server', requiresOneOfEnv: MYSQL_ENV },
    sizes: [
      ['9.3.0', 243_137_620],
      ['8.4.5', 235_416_322],
      // Estimates: Oracle Linux builds (8.0.24+) ~230 MB; the older Debian builds (5.x, early 8.0) ~145 MB.
      [/^5|debian|^8\.0\.([0-9]|1\d|2[0-3])(\D|$)/, 145 * MB],
      [/./, 230 * MB],
    ],
  },
  mariadb: {
    entrypoint: { kind: 'server', requiresOneOfEnv: MARIADB_ENV },
    // Estimate: ~110 MB for every Ubuntu-based build.
    sizes: [[/./, 110 * MB]],
  },
  httpd: {
    entrypoint: server,
    sizes: [
      ['2.4.63', 58_193_454],
      ['2.4.63-alpine', 22_617_908],
      // Estimates: Debian builds ~55 MB, Alpine ~22 MB; 2.2 ~60 MB.
      [/alpine/, 22 * MB],
      [/./, 55 * MB],
    ],
  },
  python: {
    entrypoint: shell,
    sizes: [
      ['3.13.3', 392_318_052],
      ['3.13.3-slim', 41_334_118],
      ['3.12.10', 389_870_551],
      // Estimates: full (buildpack-deps) ~390 MB, slim ~45 MB, alpine ~20 MB; Python 2 full ~330 MB.
      [/alpine/, 20 * MB],
      [/slim/, 45 * MB],
      [/^2/, 330 * MB],
      [/./, 390 * MB],
    ],
  },
  node: {
    entrypoint: shell,
    sizes: [
      ['23.11.0', 411_204_778],
      ['22.15.0', 398_577_346],
      ['22.15.0-alpine', 56_215_839],
      // Estimates: full ~400 MB, slim ~75 MB, alpine ~50 MB; before 8 ~270 MB.
      [/alpine/, 50 * MB],
      [/slim/, 75 * MB],
      [/^(0|[4-7])\./, 270 * MB],
      [/./, 400 * MB],
    ],
  },
  perl: {
    entrypoint: shell,
    // Estimates: full ~340 MB, slim ~40 MB.
    sizes: [
      [/slim/, 40 * MB],
      [/./, 340 * MB],
    ],
  },
  golang: {
    entrypoint: shell,
    // Estimates: full ~300 MB (Go 1.2x), alpine ~80 MB.
    sizes: [
      [/alpine/, 80 * MB],
      [/./, 300 * MB],
    ],
  },
  memcached: {
    entrypoint: server,
    user: 'memcache',
    sizes: [
      [/alpine/, 5 * MB],
      [/./, 30 * MB],
    ],
  },
  mongo: {
    entrypoint: server,
    // Estimate: ~250 MB for 6.x–8.x, ~170 MB before.
    sizes: [
      [/^[3-5]/, 170 * MB],
      [/./, 250 * MB],
    ],
  },
  rabbitmq: {
    entrypoint: server,
    sizes: [
      [/alpine/, 60 * MB],
      [/management/, 110 * MB],
      [/./, 95 * MB],
    ],
  },
  wordpress: {
    entrypoint: server,
    sizes: [
      [/cli/, 70 * MB],
      [/fpm-alpine/, 85 * MB],
      [/./, 250 * MB],
    ],
  },
  php: {
    entrypoint: shell,
    sizes: [
      [/alpine/, 35 * MB],
      [/apache/, 180 * MB],
      [/./, 170 * MB],
    ],
  },
  tomcat: {
    entrypoint: server,
    sizes: [
      [/alpine/, 110 * MB],
      [/slim/, 140 * MB],
      [/./, 190 * MB],
    ],
  },
  openjdk: {
    entrypoint: shell,
    sizes: [
      [/alpine/, 100 * MB],
      [/slim/, 220 * MB],
      [/^(7|8)/, 270 * MB],
      [/./, 330 * MB],
    ],
  },
  'eclipse-temurin': {
    entrypoint: shell,
    sizes: [
      [/alpine/, 120 * MB],
      [/jre/, 90 * MB],
      [/./, 190 * MB],
    ],
  },
  centos: { entrypoint: shell, sizes: [[/./, 75 * MB]] },
  fedora: { entrypoint: shell, sizes: [[/./, 60 * MB]] },
  rockylinux: { entrypoint: shell, sizes: [[/./, 70 * MB]] },
  almalinux: {
    entrypoint: shell,
    sizes: [
      [/minimal/, 35 * MB],
      [/./, 70 * MB],
    ],
  },
  amazonlinux: { entrypoint: shell, sizes: [[/./, 60 * MB]] },
  traefik: { entrypoint: server, sizes: [[/./, 50 * MB]] },
  // HAProxy 2.4+ images switch to the haproxy user (a name, not a uid).
  haproxy: {
    entrypoint: server,
    users: [[/^(1\.|2\.[0-3](\D|$))/, '']],
    user: 'haproxy',
    sizes: [
      [/alpine/, 15 * MB],
      [/./, 40 * MB],
    ],
  },
  caddy: {
    entrypoint: server,
    sizes: [
      [/builder/, 90 * MB],
      [/./, 20 * MB],
    ],
  },
  registry: {
    entrypoint: server,
    sizes: [
      ['3.0.0', 18_330_752],
      [/./, 10 * MB],
    ],
  },
  'hello-world': {
    // Prints its greeting and exits 0.
    entrypoint: { kind: 'command', argv: ['echo', 'Hello from Docker!'] },
    sizes: [[/./, 10_000]],
  },
  ruby: {
    entrypoint: shell,
    sizes: [
      [/alpine/, 40 * MB],
      [/slim/, 70 * MB],
      [/./, 360 * MB],
    ],
  },
  rust: {
    entrypoint: shell,
    sizes: [
      [/alpine/, 280 * MB],
      [/slim/, 250 * MB],
      [/./, 520 * MB],
    ],
  },
  bash: { entrypoint: shell, sizes: [[/./, 6 * MB]] },
  gcc: { entrypoint: shell, sizes: [[/./, 500 * MB]] },
  elasticsearch: { entrypoint: server, user: '1000', sizes: [[/./, 600 * MB]] },
  kibana: { entrypoint: server, sizes: [[/./, 500 * MB]] },
  cassandra: { entrypoint: server, sizes: [[/./, 140 * MB]] },
  zookeeper: { entrypoint: server, sizes: [[/./, 120 * MB]] },
  nats: {
    entrypoint: server,
    sizes: [
      [/alpine/, 12 * MB],
      [/./, 7 * MB],
    ],
  },
  influxdb: {
    entrypoint: server,
    sizes: [
      [/alpine/, 70 * MB],
      [/./, 110 * MB],
    ],
  },
  telegraf: {
    entrypoint: server,
    sizes: [
      [/alpine/, 65 * MB],
      [/./, 150 * MB],
    ],
  },
  consul: { entrypoint: server, sizes: [[/./, 60 * MB]] },
  vault: { entrypoint: server, sizes: [[/./, 90 * MB]] },
  jenkins: {
    entrypoint: server,
    user: 'jenkins',
    sizes: [
      [/alpine/, 220 * MB],
      [/./, 300 * MB],
    ],
  },
  adminer: { entrypoint: server, sizes: [[/./, 40 * MB]] },
  phpmyadmin: {
    entrypoint: server,
    sizes: [
      [/fpm-alpine/, 45 * MB],
      [/./, 200 * MB],
    ],
  },
  couchdb: { entrypoint: server, sizes: [[/./, 110 * MB]] },
  solr: {
    entrypoint: server,
    user: '8983',
    sizes: [
      [/slim/, 250 * MB],
      [/./, 330 * MB],
    ],
  },
  sonarqube: { entrypoint: server, sizes: [[/./, 450 * MB]] },
}
