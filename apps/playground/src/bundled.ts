/**
 * The rulesets the playground knows and the scenario files bundled with them: every
 * `packages/<ruleset>/scenarios/*.yaml`, read as text at build time. Both are loaded when first
 * needed — a ruleset's code and its scenario files are chunks of their own (vite.config.ts) — so
 * the first page loads the engine and the one ruleset its scenario names, not all four.
 */
import type { Ruleset } from "@bulwark/core"

/** A ruleset the menu offers: its id and name (checked against the ruleset's own by a test), and how to load it. */
export interface Offered {
  readonly id: string
  readonly name: string
  readonly load: () => Promise<Ruleset.AnyRuleset>
}

/** The rulesets, in menu order. */
export const offered: ReadonlyArray<Offered> = [
  { id: "mtg", name: "Magic: The Gathering", load: () => import("@bulwark/mtg").then((m) => m.ruleset) },
  { id: "riftbound", name: "Riftbound", load: () => import("@bulwark/riftbound").then((m) => m.ruleset) },
  { id: "berserk", name: "Берсерк (Berserk)", load: () => import("@bulwark/berserk").then((m) => m.ruleset) },
  { id: "fab", name: "Flesh and Blood", load: () => import("@bulwark/fab").then((m) => m.ruleset) }
]

const loadedRulesets = new Map<string, Ruleset.AnyRuleset>()

/** The rulesets loaded so far, in menu order (what the scenario loader is given). */
export const rulesets = (): ReadonlyArray<Ruleset.AnyRuleset> =>
  offered.flatMap((o) => {
    const r = loadedRulesets.get(o.id)
    return r === undefined ? [] : [r]
  })

/** Loads a ruleset by id (once); `undefined` for an id the playground does not offer. */
export const loadRuleset = async (id: string): Promise<Ruleset.AnyRuleset | undefined> => {
  const o = offered.find((x) => x.id === id)
  if (o === undefined) return undefined
  const known = loadedRulesets.get(id)
  if (known !== undefined) return known
  const r = await o.load()
  loadedRulesets.set(id, r)
  return r
}

/** Loads every offered ruleset (for a text naming none or an unknown one: the error lists them all). */
export const loadAllRulesets = async (): Promise<ReadonlyArray<Ruleset.AnyRuleset>> => {
  await Promise.all(offered.map((o) => loadRuleset(o.id)))
  return rulesets()
}

/** A bundled scenario file. */
export interface Bundled {
  /** `<ruleset>/<CASE>`, as used in share links. */
  readonly key: string
  readonly ruleset: string
  readonly name: string
  readonly fileName: string
  readonly text: string
  readonly title: string
}

const fromPackages = import.meta.glob<string>("../../../packages/*/scenarios/*.yaml", {
  query: "?raw",
  import: "default"
})

const titleOf = (text: string, name: string): string => {
  const m = /^title:\s*(.+)$/m.exec(text)
  return m?.[1] === undefined ? name : m[1].replace(/^["']|["']$/g, "")
}

interface Stub {
  readonly key: string
  readonly ruleset: string
  readonly name: string
  readonly read: () => Promise<string>
}

const natural = new Intl.Collator("en", { numeric: true })

/** Every bundled file, by ruleset then case name (MTG-2 before MTG-10), not yet read. */
const stubs: ReadonlyArray<Stub> = Object.entries(fromPackages)
  .flatMap(([path, read]) => {
    const m = /packages\/([^/]+)\/scenarios\/([^/]+)\.yaml$/.exec(path)
    if (m === null) return []
    const [, ruleset = "", name = ""] = m
    return [{ key: `${ruleset}/${name}`, ruleset, name, read }]
  })
  .sort((a, b) => natural.compare(a.ruleset, b.ruleset) || natural.compare(a.name, b.name))

const byKey = new Map<string, Bundled>()
const reading = new Map<string, Promise<ReadonlyArray<Bundled>>>()

/** Reads the bundled scenarios of a ruleset (once), in menu order. */
export const bundledOf = (ruleset: string): Promise<ReadonlyArray<Bundled>> => {
  const known = reading.get(ruleset)
  if (known !== undefined) return known
  const p = Promise.all(
    stubs
      .filter((s) => s.ruleset === ruleset)
      .map(async (s): Promise<Bundled> => {
        const text = await s.read()
        const b = {
          key: s.key,
          ruleset,
          name: s.name,
          fileName: `${s.name}.yaml`,
          text,
          title: titleOf(text, s.name)
        }
        byKey.set(b.key, b)
        return b
      })
  )
  reading.set(ruleset, p)
  return p
}

/** Reads every bundled scenario (tests; the page reads a ruleset's when it is chosen). */
export const allBundled = async (): Promise<ReadonlyArray<Bundled>> =>
  (await Promise.all([...new Set(stubs.map((s) => s.ruleset))].map(bundledOf))).flat()

/** The bundled scenarios of a ruleset read so far, in menu order. */
export const readBundled = (ruleset: string): ReadonlyArray<Bundled> =>
  stubs.flatMap((s) => {
    const b = s.ruleset === ruleset ? byKey.get(s.key) : undefined
    return b === undefined ? [] : [b]
  })

/** The bundled scenario with this key (`mtg/MTG-09`), once its ruleset's files are read. */
export const findBundled = (key: string): Bundled | undefined => byKey.get(key)

/** The ruleset of a bundled scenario's key (`mtg/MTG-09` → `mtg`), if there is such a file. */
export const rulesetOfKey = (key: string): string | undefined => stubs.find((s) => s.key === key)?.ruleset

/**
 * The showcase scenario's key: MTG-09, the affected creature's controller ordering a shield and
 * a doubler (the file name the mtg package gives it, else the first bundled scenario).
 */
export const showcaseKey: string | undefined =
  stubs.find((s) => s.key === "mtg/MTG-09")?.key ??
  stubs.find((s) => s.key === "mtg/MTG-09-prevent-first")?.key ??
  stubs[0]?.key

/** The ruleset a scenario text names (its `ruleset:` line), before it is parsed. */
export const namedRuleset = (text: string): string | undefined => /^ruleset:\s*["']?([\w-]+)/m.exec(text)?.[1]

/** A starting text for a ruleset without bundled scenarios. */
export const blank = (ruleset: string): string =>
  `format: 4\nruleset: ${ruleset}\ntitle: "A new ${ruleset} scenario"\nplayers: [a, b]\n# objects, effects and steps in the one scenario language (docs/scenarios.md); problems are shown next to their line\n`
