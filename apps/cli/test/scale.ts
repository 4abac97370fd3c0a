/**
 * Large generated scenarios, one per ruleset: one event with `occurrences` simultaneous damage
 * occurrences (each to its own object) and `effects` prevention shields ("prevent the next 1
 * damage", one per object, on the first objects). Every occurrence deals 3; a shielded object
 * takes 2, so the total dealt is `3 × occurrences − min(effects, occurrences)`.
 */

/** The rulesets the generator knows. */
export const games = ["mtg", "riftbound", "berserk", "fab"] as const

/** One of {@link games}. */
export type Game = (typeof games)[number]

/** The expected total damage dealt by {@link scenario}. */
export const expectedTotal = (occurrences: number, effects: number): number =>
  3 * occurrences - Math.min(effects, occurrences)

/** The id of the only event of every generated scenario. */
export const eventId = "wipe"

/** A generated scenario document (write it with `JSON.stringify`). */
export const scenario = (game: Game, occurrences: number, effects: number): Record<string, unknown> => {
  const ids = Array.from({ length: occurrences }, (_, i) => `c${i}`)
  const shielded = ids.slice(0, Math.min(effects, occurrences))
  switch (game) {
    case "mtg":
      return {
        ruleset: "mtg",
        players: ["ap", "nap"],
        objects: [
          { id: "src", controller: "ap", types: ["Sorcery"] },
          ...ids.map((id) => ({ id, controller: "nap", types: ["Creature"], power: 1, toughness: 5 }))
        ],
        effects: shielded.map((id, k) => ({
          kind: "shield",
          id: `s${k}`,
          controller: "nap",
          to: id,
          amount: 1
        })),
        steps: [
          {
            event: {
              id: eventId,
              damage: ids.map((id, i) => ({ id: `d${i}`, source: "src", to: id, amount: 3 }))
            }
          }
        ]
      }
    case "riftbound":
      return {
        ruleset: "riftbound",
        players: ["A", "B"],
        turn: "A",
        units: Object.fromEntries(ids.map((id) => [id, { controller: "B", might: 5 }])),
        objects: { spell: { controller: "A" } },
        effects: shielded.map((id, k) => ({ id: `s${k}`, controller: "B", prevent: { unit: id, value: 1 } })),
        steps: [{ deal: { id: eventId, source: "spell", to: Object.fromEntries(ids.map((id) => [id, 3])) } }]
      }
    case "berserk":
      return {
        format: 2,
        ruleset: "berserk",
        players: ["ap", "ip"],
        turn: "ap",
        objects: [
          { id: "orc", controller: "ap", types: ["creature"], cost: 2, strength: 3 },
          ...ids.map((id) => ({ id, controller: "ip", types: ["creature"], cost: 3 }))
        ],
        effects: shielded.map((id, k) => ({
          kind: "prevent",
          id: `s${k}`,
          controller: "ip",
          to: [id],
          amount: 1
        })),
        steps: [{ attack: { id: eventId, kind: "удар", from: "orc", to: ids } }]
      }
    case "fab":
      return {
        format: 2,
        ruleset: "fab",
        players: ["alice", "bob"],
        objects: [
          { id: "strike", controller: "alice", zone: "stack", types: ["action"] },
          ...ids.map((id) => ({ id, controller: "bob", types: ["ally"], life: 9 }))
        ],
        effects: shielded.map((id, k) => ({
          kind: "prevent",
          id: `s${k}`,
          controller: "bob",
          to: id,
          amount: 1
        })),
        steps: [
          { event: { id: eventId, occurrences: ids.map((to) => ({ source: "strike", to, amount: 3 })) } }
        ]
      }
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
