/**
 * Format 3 → format 4 (every ruleset): event families named once (core `Families`). A family a
 * game named with its own word for a common concept is written with the common name wherever a
 * file names a family — an event step, an occurrence, what an effect watches, the events of
 * `instead:`, `additional:` and `cost:`, and the expectations:
 *
 * - FaB `gainLife` → `lifeGain`, `loseLife` → `lifeLoss`, `putCounters` → `addCounters`,
 *   `payResources` → `pay` (core `Families.synonyms`);
 * - FaB `banish` → `zoneChange` with `params: { to: banished }`, `putIntoGraveyard` →
 *   `zoneChange` with `params: { to: graveyard }` (a move is one family with its destination):
 *   an event, an occurrence or an effect that watches it gets the destination in its `params`
 *   (an event step's occurrences that take its family each get it); an expectation names only
 *   the family (`family: zoneChange`).
 *
 * A named kind that watches a move by its old name (it has no `params` to say the destination)
 * stops the migration of the file with the reason: a migration is all or nothing. Comments
 * outside a rewritten value stay where they are.
 *
 * @since 0.1.0
 */
import { Families } from "@bulwark/core"
import { type Document, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml"
import type { Mapping } from "../Migrate.js"

/** Each ruleset's old words: plain renames, and moves named by their destination. */
const renamed: Readonly<
  Record<
    string,
    { readonly names: Readonly<Record<string, string>>; readonly moves: Readonly<Record<string, string>> }
  >
> = {
  fab: {
    names: Families.synonyms,
    moves: { banish: "banished", putIntoGraveyard: "graveyard" }
  }
}

/**
 * What an old family name is in format 4, in the ruleset that had it: the common family, and for
 * a move its destination (`banish` → `zoneChange` to `banished`). `undefined` for any other word.
 *
 * @since 0.1.0
 */
export const renamedFamily = (
  word: string
): { readonly family: Families.CommonFamily; readonly to?: string } | undefined => {
  for (const words of Object.values(renamed)) {
    const name = Object.hasOwn(words.names, word) ? words.names[word] : undefined
    if (name !== undefined) return { family: name as Families.CommonFamily }
    const move = Families.movedTo(words.moves, word)
    if (move !== undefined) return move
  }
  return undefined
}

const keyOf = (p: Pair): unknown => (isScalar(p.key) ? p.key.value : p.key)

const pairOf = (map: YAMLMap, key: string): Pair | undefined =>
  map.items.find((p) => keyOf(p) === key) as Pair | undefined

/** Sets `params.to` of a mapping (merged into the `params` it has), right after its `family`. */
const setDestination = (doc: Document, map: YAMLMap, to: string): void => {
  const params = pairOf(map, "params")
  if (params !== undefined) {
    if (!isMap(params.value))
      throw new Error(
        `a move's \`params\` is not a mapping (${String(params.value)}): its destination can't be added`
      )
    const had = params.value.get("to")
    if (had !== undefined && had !== to)
      throw new Error(`a move to ${to} already names another destination (params.to: ${String(had)})`)
    params.value.set("to", to)
    return
  }
  const pair = doc.createPair("params", { to })
  if (isMap(pair.value)) pair.value.flow = true
  // after its `family`, or last when the family is the event's
  const at = map.items.findIndex((p) => keyOf(p) === "family")
  if (at === -1) map.items.push(pair as Pair)
  else map.items.splice(at + 1, 0, pair as Pair)
}

type Place = "expect" | "effect" | "event" | "other"

const walk = (
  doc: Document,
  node: unknown,
  words: (typeof renamed)[string],
  place: Place,
  path: string
): void => {
  if (isSeq(node)) {
    node.items.forEach((x, i) => {
      walk(doc, x, words, place, `${path}[${i}]`)
    })
    return
  }
  if (!isMap(node)) return
  const family = pairOf(node, "family")
  const value = family !== undefined && isScalar(family.value) ? family.value.value : undefined
  if (family !== undefined && typeof value === "string") {
    const name = Object.hasOwn(words.names, value) ? words.names[value] : undefined
    const move = Families.movedTo(words.moves, value)
    if (name !== undefined) (family.value as { value: unknown }).value = name
    else if (move !== undefined) {
      ;(family.value as { value: unknown }).value = move.family
      if (place !== "expect") {
        const kind = node.get("kind")
        if (place === "effect" && kind !== "replace" && kind !== "prevent")
          throw new Error(
            `${path}: the effect kind ${JSON.stringify(kind)} watches \`${value}\`, now a zoneChange to ${move.to}, and has no \`params\` to say so: write it as \`kind: replace\` with \`family: zoneChange, params: { to: ${move.to} }\``
          )
        const occurrences = node.get("occurrences", true)
        if (place === "event" && isSeq(occurrences)) {
          for (const o of occurrences.items)
            if (isMap(o) && pairOf(o, "family") === undefined) setDestination(doc, o, move.to)
        } else setDestination(doc, node, move.to)
      }
    }
  }
  for (const p of node.items) {
    const k = keyOf(p)
    const next: Place =
      place === "expect" || k === "expect"
        ? "expect"
        : k === "effects"
          ? "effect"
          : k === "event" || k === "occurrences"
            ? "event"
            : place === "effect" && (k === "instead" || k === "additional" || k === "cost")
              ? "event"
              : place
    walk(doc, p.value as Node | null, words, next, `${path}.${String(k)}`)
  }
}

/**
 * Rewrites a format-3 document's family names in format 4, in place (the `format:` value is the
 * caller's). Throws an `Error` with the reason when a family can't be written in format 4.
 *
 * @since 0.1.0
 */
export const migrate = (doc: Document, map: YAMLMap): void => {
  const ruleset = map.get("ruleset")
  const words = typeof ruleset === "string" && Object.hasOwn(renamed, ruleset) ? renamed[ruleset] : undefined
  if (words === undefined) return
  for (const p of map.items)
    walk(doc, p.value, words, keyOf(p) === "expect" ? "expect" : place(keyOf(p)), String(keyOf(p)))
}

const place = (key: unknown): Place => (key === "effects" ? "effect" : "other")

/**
 * What format 4 renamed, one line per old word (`docs/scenarios.md`).
 *
 * @since 0.1.0
 */
export const mappings: ReadonlyArray<Mapping> = [
  { ruleset: "all", from: "format: 3", to: "format: 4" },
  ...Object.entries(Families.synonyms).map(([from, to]) => ({
    ruleset: "fab",
    from: `family: ${from}`,
    to: `family: ${to}`
  })),
  { ruleset: "fab", from: "family: banish", to: "family: zoneChange, params: { to: banished }" },
  { ruleset: "fab", from: "family: putIntoGraveyard", to: "family: zoneChange, params: { to: graveyard }" }
]
