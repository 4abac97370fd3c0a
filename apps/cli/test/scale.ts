/**
 * Large generated scenarios, one per ruleset, in format 2 (one skeleton; each game's words for the
 * objects and the shield): one event with `occurrences` simultaneous damage
 * occurrences (each to its own object) and `effects` prevention shields ("prevent the next 1
 * damage", one per object, on the first objects). Every occurrence deals 3; a shielded object
 * takes 2, so the total dealt is `3 × occurrences − min(effects, occurrences)`.
 */

/** The expected total damage dealt by {@link scenario}. */
export const expectedTotal = (occurrences: number, effects: number): number =>
  3 * occurrences - Math.min(effects, occurrences)

/** The id of the only event of every generated scenario. */
export const eventId = "wipe"

/**
 * Each game's words for the generated scenario (format 2: the rest is the same skeleton): its
 * players, the source of the damage, the type and properties of the objects hit, and the kind of
 * its "prevent the next N damage" shield.
 */
const words: Readonly<
  Record<
    string,
    {
      readonly players: readonly [string, string]
      readonly source: Record<string, unknown>
      readonly target: Record<string, unknown>
      readonly shield: string
    }
  >
> = {
  mtg: {
    players: ["ap", "nap"],
    source: { types: ["Sorcery"], zone: "stack" },
    target: { types: ["Creature"], power: 1, toughness: 5 },
    shield: "shield"
  },
  riftbound: {
    players: ["A", "B"],
    source: { types: ["spell"] },
    target: { types: ["unit"], might: 5 },
    shield: "prevent"
  },
  berserk: {
    players: ["ap", "ip"],
    source: { types: ["creature"], cost: 2, strength: 3 },
    target: { types: ["creature"], cost: 3 },
    shield: "prevent"
  },
  fab: {
    players: ["alice", "bob"],
    source: { types: ["action"], zone: "stack" },
    target: { types: ["ally"], life: 9 },
    shield: "prevent"
  }
}

/**
 * The rulesets the generator has words for (test data, not the set of installed rulesets: a
 * ruleset without words here is simply not generated).
 */
export const games: ReadonlyArray<string> = Object.keys(words)

/** One of {@link games}. */
export type Game = string

/** A generated scenario document (write it with `JSON.stringify`): the same skeleton in every game. */
export const scenario = (game: Game, occurrences: number, effects: number): Record<string, unknown> => {
  const ids = Array.from({ length: occurrences }, (_, i) => `c${i}`)
  const shielded = ids.slice(0, Math.min(effects, occurrences))
  const w = words[game]
  if (w === undefined) throw new Error(`no scale words for ${game}`)
  const [you, them] = w.players
  return {
    format: 2,
    ruleset: game,
    players: [you, them],
    turn: you,
    objects: [
      { id: "src", controller: you, ...w.source },
      ...ids.map((id) => ({ id, controller: them, ...w.target }))
    ],
    effects: shielded.map((id, k) => ({ kind: w.shield, id: `s${k}`, controller: them, to: id, amount: 1 })),
    steps: [
      {
        event: {
          id: eventId,
          occurrences: ids.map((id, i) => ({ id: `d${i}`, source: "src", to: id, amount: 3 }))
        }
      }
    ]
  }
}

/**
 * A document in block YAML, as a person (or `yaml.stringify`) writes a long scenario: mappings
 * and lists one entry a line, lists of scalars in flow style, every string double-quoted.
 */
export const toYaml = (doc: unknown): string => {
  const lines: Array<string> = []
  const scalar = (v: unknown): string => (typeof v === "string" ? JSON.stringify(v) : String(v))
  const isScalar = (v: unknown) => typeof v !== "object" || v === null
  const go = (v: unknown, indent: string, first: string): void => {
    if (Array.isArray(v)) {
      if (v.length === 0 || v.every(isScalar)) {
        lines.push(`${first}[${v.map(scalar).join(", ")}]`)
        return
      }
      if (first.trim() !== "") lines.push(first.trimEnd())
      for (const x of v) go(x, `${indent}  `, `${indent}- `)
    } else if (typeof v === "object" && v !== null) {
      const entries = Object.entries(v)
      if (entries.length === 0) {
        lines.push(`${first}{}`)
        return
      }
      let lead = first
      const inner = indent
      if (first.trim() !== "" && !first.endsWith("- ")) {
        lines.push(first.trimEnd())
        lead = indent
      }
      for (const [k, x] of entries) {
        const key = `${lead}${/^[A-Za-z_][\w-]*$/.test(k) ? k : JSON.stringify(k)}: `
        if (isScalar(x) || (Array.isArray(x) && x.every(isScalar))) go(x, inner, key)
        else go(x, `${inner}  `, key)
        lead = inner
      }
    } else lines.push(`${first}${scalar(v)}`)
  }
  go(doc, "", "")
  return `${lines.join("\n")}\n`
}

/**
 * Occurrences that make {@link scenario} (mtg, 2 000 effects) a little over 5 MB: as JSON
 * indented by one space, and as {@link toYaml}.
 */
export const fiveMegabytes = { json: 22_000, yaml: 27_000 } as const
