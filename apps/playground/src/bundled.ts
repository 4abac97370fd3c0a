/**
 * The rulesets the playground knows and the scenario files bundled with them: every
 * `packages/<ruleset>/scenarios/*.yaml`, read as text at build time.
 */
import * as Berserk from "@bulwark/berserk"
import type { Ruleset } from "@bulwark/core"
import * as Fab from "@bulwark/fab"
import * as Mtg from "@bulwark/mtg"
import * as Riftbound from "@bulwark/riftbound"

/** The installed rulesets, in menu order. */
export const rulesets: ReadonlyArray<Ruleset.AnyRuleset> = [
  Mtg.ruleset,
  Riftbound.ruleset,
  Berserk.ruleset,
  Fab.ruleset
]

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
  import: "default",
  eager: true
})

const titleOf = (text: string, name: string): string => {
  const m = /^title:\s*(.+)$/m.exec(text)
  return m?.[1] === undefined ? name : m[1].replace(/^["']|["']$/g, "")
}

const entries = (files: Record<string, string>, re: RegExp): Array<Bundled> =>
  Object.entries(files).flatMap(([path, text]) => {
    const m = re.exec(path)
    if (m === null) return []
    const [, ruleset = "", name = ""] = m
    return [
      { key: `${ruleset}/${name}`, ruleset, name, fileName: `${name}.yaml`, text, title: titleOf(text, name) }
    ]
  })

const byKey = new Map<string, Bundled>()
for (const b of entries(fromPackages, /packages\/([^/]+)\/scenarios\/([^/]+)\.yaml$/)) byKey.set(b.key, b)

const natural = new Intl.Collator("en", { numeric: true })

/** Every bundled scenario, by ruleset then case name (MTG-2 before MTG-10). */
export const bundled: ReadonlyArray<Bundled> = [...byKey.values()].sort(
  (a, b) => natural.compare(a.ruleset, b.ruleset) || natural.compare(a.name, b.name)
)

/** The bundled scenario with this key (`mtg/MTG-09`). */
export const findBundled = (key: string): Bundled | undefined => byKey.get(key)

/**
 * The showcase scenario: MTG-09, the affected creature's controller ordering a shield and a
 * doubler (the file name the mtg package gives it, else the first bundled scenario).
 */
export const showcase: Bundled | undefined =
  byKey.get("mtg/MTG-09") ?? byKey.get("mtg/MTG-09-prevent-first") ?? [...byKey.values()][0]

/** A starting text for a ruleset without bundled scenarios. */
export const blank = (ruleset: string): string =>
  `format: 2\nruleset: ${ruleset}\ntitle: "A new ${ruleset} scenario"\nplayers: [a, b]\n# objects, effects and steps in the one scenario language (docs/scenarios.md); problems are shown next to their line\n`
