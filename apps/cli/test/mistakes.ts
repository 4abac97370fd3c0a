/**
 * One mistake, one problem (issue 16, point 3): kinds of mistake a person makes in a format-2
 * scenario file, each written as an edit of a valid file (a YAML document) that makes exactly
 * that one mistake, and the problem it must give: its path, where it is (the line of the key or
 * value), and the name it should suggest when the wrong name is close to a right one.
 *
 * The edits are written against the skeleton, not against one game: each finds the place it
 * needs (an effect with a `to:` id, a step of a ruleset's own kind, …) in the file and returns
 * `undefined` when the file has none, so the same list runs over every ruleset's files.
 */
import type { Language, Ruleset } from "@bulwark/core"
import { Meanings, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Pair,
  parseDocument,
  type YAMLMap,
  type YAMLSeq
} from "yaml"

/** What the one problem must be: its path, and the name its "did you mean" names (if any). */
export interface Expected {
  readonly path: string
  readonly suggests?: string
  /** Part of the message (when the path alone doesn't say which mistake it found). */
  readonly says?: string
}

/** One kind of mistake: its name and the edit that makes it (undefined: not applicable here). */
export interface Mistake {
  readonly name: string
  readonly make: (doc: Document, words: Language.Language) => Expected | undefined
}

/** A typo of a name: its last letter doubled (`shield` → `shieldd`), always one edit away. */
export const typo = (name: string): string => `${name}${name.slice(-1)}`

/** Two letters swapped before the last one (`combat` → `comabt`, MTG-29's typo). */
export const transposed = (name: string): string =>
  name.length < 3 ? typo(name) : `${name.slice(0, -3)}${name.at(-2)}${name.at(-3)}${name.slice(-1)}`

const top = (doc: Document): YAMLMap => doc.contents as YAMLMap

const seqAt = (doc: Document, key: string): YAMLSeq | undefined => {
  const v = top(doc).get(key, true)
  return isSeq(v) ? v : undefined
}

const str = (u: unknown): string | undefined => {
  const v = isScalar(u) ? u.value : u
  return typeof v === "string" ? v : undefined
}

const pairOf = (map: YAMLMap, key: string): Pair | undefined =>
  map.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key)

const renameIn = (map: YAMLMap, from: string, to: string): boolean => {
  const p = pairOf(map, from)
  if (p === undefined) return false
  p.key = isScalar(p.key) ? Object.assign(p.key, { value: to }) : to
  return true
}

/** The effects of the file, with their index, as mappings. */
const effects = (doc: Document): ReadonlyArray<readonly [number, YAMLMap]> =>
  (seqAt(doc, "effects")?.items ?? []).flatMap((e, i) => (isMap(e) ? [[i, e] as const] : []))

const steps = (doc: Document): ReadonlyArray<readonly [number, YAMLMap]> =>
  (seqAt(doc, "steps")?.items ?? []).flatMap((e, i) => (isMap(e) ? [[i, e] as const] : []))

const objectIds = (doc: Document): ReadonlyArray<string> =>
  (seqAt(doc, "objects")?.items ?? []).flatMap((o) => {
    const id = isMap(o) ? str(o.get("id")) : undefined
    return id === undefined ? [] : [id]
  })

const playerIds = (doc: Document): ReadonlyArray<string> =>
  (seqAt(doc, "players")?.items ?? []).flatMap((p) => {
    const id = isMap(p) ? str(p.get("id")) : str(p)
    return id === undefined ? [] : [id]
  })

// A typo is only a fair test of "did you mean" when it is not itself a name of the file.
const freeTypo = (doc: Document, name: string): string | undefined => {
  const t = typo(name)
  return [...objectIds(doc), ...playerIds(doc)].includes(t) ? undefined : t
}

const fieldsOf = (words: Language.Language, kind: string): ReadonlyArray<string> => {
  const k = Object.hasOwn(words.effects, kind) ? words.effects[kind] : undefined
  const fields = (k?.options as { fields?: Record<string, unknown> } | undefined)?.fields
  return fields === undefined ? [] : Object.keys(fields)
}

const appendStep = (doc: Document, step: unknown): number => {
  let s = seqAt(doc, "steps")
  if (s === undefined) {
    top(doc).set("steps", doc.createNode([]))
    s = seqAt(doc, "steps") as YAMLSeq
  }
  s.items.push(doc.createNode(step))
  return s.items.length - 1
}

const firstObject = (doc: Document): string | undefined => objectIds(doc)[0]

/** The mistakes: at least 20 kinds, each one mistake. */
export const mistakes: ReadonlyArray<Mistake> = [
  {
    name: "a typo'd top-level key (efects:)",
    make: (doc) =>
      renameIn(top(doc), "effects", "efects") ? { path: "efects", suggests: "effects" } : undefined
  },
  {
    name: "a typo'd required top-level key (playrs:)",
    make: (doc) =>
      renameIn(top(doc), "players", "playrs") ? { path: "playrs", suggests: "players" } : undefined
  },
  {
    name: "a typo'd generic key (tilte:)",
    make: (doc) => (renameIn(top(doc), "title", "tilte") ? { path: "tilte", suggests: "title" } : undefined)
  },
  {
    name: "a typo'd option of an effect (controler:)",
    make: (doc) => {
      for (const [i, e] of effects(doc))
        if (renameIn(e, "controller", "controler"))
          return { path: `effects[${i}].controler`, suggests: "controller" }
      return undefined
    }
  },
  {
    name: "a typo'd required option of an effect (idd: for id:)",
    make: (doc) => {
      for (const [i, e] of effects(doc))
        if (renameIn(e, "id", "idd")) return { path: `effects[${i}].idd`, suggests: "id" }
      return undefined
    }
  },
  {
    name: "a wrong type: a number where an id is expected",
    make: (doc) => {
      const [i, e] = effects(doc)[0] ?? []
      if (e === undefined) return undefined
      e.set("id", 7)
      return { path: `effects[${i}].id`, says: "7" }
    }
  },
  {
    name: "an unknown effect kind (a typo)",
    make: (doc) => {
      const [i, e] = effects(doc)[0] ?? []
      const kind = str(e?.get("kind"))
      if (e === undefined || kind === undefined) return undefined
      e.set("kind", typo(kind))
      return { path: `effects[${i}].kind`, suggests: kind }
    }
  },
  {
    name: "an effect without its kind",
    make: (doc) => {
      const [i, e] = effects(doc)[0] ?? []
      if (e === undefined || !e.delete("kind")) return undefined
      return { path: `effects[${i}]`, says: 'missing key "kind"' }
    }
  },
  {
    name: "a list where an effect (a mapping) is expected",
    make: (doc) => {
      const s = seqAt(doc, "effects")
      if (s === undefined || s.items.length === 0) return undefined
      s.items[0] = doc.createNode(["shield", 2])
      return { path: "effects[0]" }
    }
  },
  {
    name: "a mapping where the list of effects is expected",
    make: (doc) => {
      if (seqAt(doc, "effects") === undefined) return undefined
      top(doc).set("effects", doc.createNode({ s: 1 }))
      return { path: "effects", says: "list" }
    }
  },
  {
    name: "an unknown id in an effect's to: (a typo)",
    make: (doc) => {
      for (const [i, e] of effects(doc)) {
        const to = str(e.get("to"))
        const t = to === undefined ? undefined : freeTypo(doc, to)
        if (to !== undefined && t !== undefined) {
          e.set("to", t)
          return { path: `effects[${i}].to`, suggests: to }
        }
      }
      return undefined
    }
  },
  {
    name: "an unknown player as an effect's controller (a typo)",
    make: (doc) => {
      for (const [i, e] of effects(doc)) {
        const c = str(e.get("controller"))
        const t = c === undefined ? undefined : freeTypo(doc, c)
        if (c !== undefined && t !== undefined && playerIds(doc).includes(c)) {
          e.set("controller", t)
          return { path: `effects[${i}].controller`, suggests: c }
        }
      }
      return undefined
    }
  },
  {
    name: "a selector key typo (zonee:)",
    make: (doc, words) => {
      for (const [i, e] of effects(doc)) {
        if (e.get("to") === undefined) continue
        e.set("to", doc.createNode({ zonee: words.objects.defaultZone }))
        return { path: `effects[${i}].to.zonee`, suggests: "zone" }
      }
      return undefined
    }
  },
  {
    name: "an unknown duration (a typo)",
    make: (doc, words) => {
      const d = words.durations[0]
      if (d === undefined) return undefined
      for (const [i, e] of effects(doc))
        if (fieldsOf(words, str(e.get("kind")) ?? "").includes("duration")) {
          e.set("duration", typo(d))
          return { path: `effects[${i}].duration`, suggests: d }
        }
      return undefined
    }
  },
  {
    name: "a negative amount in an effect",
    make: (doc) => {
      for (const [i, e] of effects(doc))
        if (
          typeof (isScalar(e.get("amount", true)) ? (e.get("amount") as unknown) : undefined) === "number"
        ) {
          e.set("amount", -2)
          return { path: `effects[${i}].amount`, says: "-2" }
        }
      return undefined
    }
  },
  {
    name: "an unknown step kind (a typo)",
    make: (doc) => {
      for (const [j, s] of steps(doc)) {
        const k = str(s.items[0]?.key)
        if (s.items.length !== 1 || k === undefined) continue
        renameIn(s, k, typo(k))
        return { path: `steps[${j}].${typo(k)}`, suggests: k }
      }
      return undefined
    }
  },
  {
    name: "two keys in one step",
    make: (doc, words) => {
      const b = words.boundaries[0]
      for (const [j, s] of steps(doc))
        if (s.items.length === 1 && b !== undefined && s.get("advance") === undefined) {
          s.set("advance", b)
          return { path: `steps[${j}]`, says: "one key" }
        }
      return undefined
    }
  },
  {
    name: "a list where a step (a mapping) is expected",
    make: (doc) => {
      const s = seqAt(doc, "steps")
      if (s === undefined || s.items.length === 0) return undefined
      s.items[0] = doc.createNode(["advance", "endOfTurn"])
      return { path: "steps[0]" }
    }
  },
  {
    name: "a bad value inside an event step (amount: -1)",
    make: (doc) => {
      const to = firstObject(doc)
      if (to === undefined) return undefined
      const j = appendStep(doc, { event: { id: "mistake", occurrences: [{ to, amount: -1 }] } })
      return { path: `steps[${j}].event.occurrences[0].amount`, says: "-1" }
    }
  },
  {
    // said as an effect's amount says it, not the schema's "Expected number | object"
    name: "an occurrence amount of the wrong type (amount: true)",
    make: (doc) => {
      const to = firstObject(doc)
      if (to === undefined) return undefined
      const j = appendStep(doc, { event: { id: "mistake", occurrences: [{ to, amount: true }] } })
      return {
        path: `steps[${j}].event.occurrences[0].amount`,
        says: "expected a whole number or an amount expression (count, prop, inEvent, allBut, half, plus, minus, times, min, max), got true"
      }
    }
  },
  {
    name: "an effect amount of the wrong type (amount: [2])",
    make: (doc) => {
      for (const [i, e] of effects(doc))
        if (typeof (isScalar(e.get("amount", true)) ? e.get("amount") : undefined) === "number") {
          e.set("amount", doc.createNode([2]))
          return { path: `effects[${i}].amount`, says: "or an amount expression (count, prop," }
        }
      return undefined
    }
  },
  {
    name: "a typo'd key inside an occurrence (sorce:)",
    make: (doc) => {
      const to = firstObject(doc)
      if (to === undefined) return undefined
      const j = appendStep(doc, { event: { id: "mistake", occurrences: [{ sorce: to, to, amount: 1 }] } })
      return { path: `steps[${j}].event.occurrences[0].sorce`, suggests: "source" }
    }
  },
  {
    name: "an unknown id in an occurrence's to: (a typo)",
    make: (doc) => {
      const to = firstObject(doc)
      const t = to === undefined ? undefined : freeTypo(doc, to)
      if (to === undefined || t === undefined) return undefined
      const j = appendStep(doc, { event: { id: "mistake", occurrences: [{ to: t, amount: 1 }] } })
      return { path: `steps[${j}].event.occurrences[0].to`, suggests: to }
    }
  },
  {
    name: "an unknown event family (a typo)",
    make: (doc, words) => {
      const to = firstObject(doc)
      const f = words.families[0]
      if (to === undefined || f === undefined) return undefined
      const j = appendStep(doc, {
        event: { id: "mistake", family: typo(f), occurrences: [{ to, amount: 1 }] }
      })
      return { path: `steps[${j}].event.family`, suggests: f }
    }
  },
  {
    name: "an unknown boundary in advance: (a typo)",
    make: (doc, words) => {
      const b = words.boundaries[0]
      if (b === undefined) return undefined
      const j = appendStep(doc, { advance: typo(b) })
      return { path: `steps[${j}].advance`, suggests: b }
    }
  },
  {
    name: "an unknown question in a query (a typo)",
    make: (doc, words) => {
      const q = Object.keys(words.queries ?? {})[0]
      if (q === undefined) return undefined
      const j = appendStep(doc, { query: { name: "mistake", [typo(q)]: "x" } })
      return { path: `steps[${j}].query.${typo(q)}`, suggests: q }
    }
  },
  {
    name: "an update of an unknown object (a typo)",
    make: (doc) => {
      const o = firstObject(doc)
      const t = o === undefined ? undefined : freeTypo(doc, o)
      if (o === undefined || t === undefined) return undefined
      const j = appendStep(doc, { update: { object: t } })
      return { path: `steps[${j}].update.object`, suggests: o }
    }
  },
  {
    name: "an unknown kind in addEffects (a typo)",
    make: (doc, words) => {
      const k = Object.keys(words.effects)[0]
      if (k === undefined) return undefined
      const j = appendStep(doc, { addEffects: [{ kind: typo(k), id: "mistake" }] })
      return { path: `steps[${j}].addEffects[0].kind`, suggests: k }
    }
  },
  {
    name: "an unknown key in a step of the ruleset's own kind",
    make: (doc, words) => {
      const own = Object.keys(words.steps ?? {})
      for (const [j, s] of steps(doc)) {
        const k = str(s.items[0]?.key)
        const v = k === undefined ? undefined : s.get(k, true)
        if (k !== undefined && own.includes(k) && isMap(v)) {
          v.set("mistake", 1)
          return { path: `steps[${j}].${k}.mistake`, says: "unknown key" }
        }
      }
      return undefined
    }
  },
  {
    name: "a misspelt occurrence kind (comabt: MTG-29)",
    make: (doc, words) => {
      const known = words.vocabulary?.kinds ?? []
      for (const [j, s] of steps(doc)) {
        const ev = s.get("event", true)
        const occ = isMap(ev) ? ev.get("occurrences", true) : undefined
        if (!isSeq(occ)) continue
        for (const [k, o] of occ.items.entries()) {
          const ks = isMap(o) ? o.get("kinds", true) : undefined
          const first = isSeq(ks) ? str(ks.items[0]) : undefined
          if (!isSeq(ks) || first === undefined || !known.includes(first)) continue
          ks.items[0] = doc.createNode(transposed(first))
          return { path: `steps[${j}].event.occurrences[${k}].kinds[0]`, suggests: first }
        }
      }
      return undefined
    }
  },
  {
    name: "a typo'd kind an effect watches (kinds:)",
    make: (doc, words) => {
      const known = words.vocabulary?.kinds ?? []
      for (const [i, e] of effects(doc)) {
        const ks = e.get("kinds", true)
        const first = isSeq(ks) ? str(ks.items[0]) : undefined
        if (!isSeq(ks) || first === undefined || !known.includes(first)) continue
        ks.items[0] = doc.createNode(typo(first))
        return { path: `effects[${i}].kinds[0]`, suggests: first }
      }
      return undefined
    }
  },
  {
    name: "a typo'd zone of an object (graveyardd)",
    make: (doc, words) => {
      const known = words.vocabulary?.zones ?? []
      const list = seqAt(doc, "objects")?.items ?? []
      for (const [k, o] of list.entries()) {
        const z = isMap(o) ? str(o.get("zone")) : undefined
        if (isMap(o) && z !== undefined && known.includes(z)) {
          o.set("zone", typo(z))
          return { path: `objects[${k}].zone`, suggests: z }
        }
      }
      return undefined
    }
  },
  {
    name: "a typo'd type a selector names (types: [Creaturee])",
    make: (doc) => {
      for (const [i, e] of effects(doc)) {
        const to = e.get("to", true)
        const ts = isMap(to) ? to.get("types", true) : undefined
        const first = isSeq(ts) ? str(ts.items[0]) : undefined
        if (!isSeq(ts) || first === undefined) continue
        ts.items[0] = doc.createNode(typo(first))
        return { path: `effects[${i}].to.types[0]`, suggests: first }
      }
      return undefined
    }
  },
  {
    name: "a typo'd family an effect watches (family:)",
    make: (doc, words) => {
      const f = words.families[0]
      for (const [i, e] of effects(doc)) {
        if (f === undefined || !fieldsOf(words, str(e.get("kind")) ?? "").includes("family")) continue
        e.set("family", typo(f))
        return { path: `effects[${i}].family`, suggests: f }
      }
      return undefined
    }
  },
  {
    // issue 28, point 5: "today a misspelt `category:` silently makes an effect ordinary"
    name: "a typo'd category of an effect (category:)",
    make: (doc, words) => {
      const c = words.vocabulary?.categories?.find((x) => x.length > 4)
      for (const [i, e] of effects(doc)) {
        if (c === undefined || !fieldsOf(words, str(e.get("kind")) ?? "").includes("category")) continue
        const kind = str(e.get("kind"))
        e.set("category", typo(c))
        // a named kind's options schema refuses it at the key; the generic kinds' defaults check
        // it when the effect is made (core `Generic`), located at the effect, naming `category`
        return kind === "replace" || kind === "prevent"
          ? { path: `effects[${i}]`, suggests: c, says: "at category: unknown category" }
          : { path: `effects[${i}].category`, suggests: c }
      }
      return undefined
    }
  },
  {
    name: "a known property written as a free one (props: { <known>: … })",
    make: (doc, words) => {
      const known = Object.keys(words.objects.fields)[0]
      const o = seqAt(doc, "objects")?.items[0]
      if (known === undefined || !isMap(o) || o.get("props") !== undefined) return undefined
      o.set("props", doc.createNode({ [known]: 1 }))
      return { path: `objects[0].props.${known}`, says: "is a property of its own" }
    }
  },
  {
    name: "an update: set: of an unknown property (a typo)",
    make: (doc, words) => {
      const known = Object.keys(words.objects.fields)[0]
      const o = objectIds(doc)[0]
      if (known === undefined || o === undefined) return undefined
      const j = appendStep(doc, { update: { object: o, set: { [typo(known)]: 1 } } })
      return { path: `steps[${j}].update.set.${typo(known)}`, suggests: known }
    }
  },
  {
    name: "a malformed comparison in a selector ({ above: 2 })",
    make: (doc, words) => {
      const known = Object.keys(words.objects.fields)[0]
      for (const [i, e] of effects(doc)) {
        if (known === undefined || e.get("to") === undefined) continue
        e.set("to", doc.createNode({ [known]: { above: 2 } }))
        return { path: `effects[${i}].to.${known}`, says: "min" }
      }
      return undefined
    }
  },
  {
    name: "a typo'd key of an object (controler:)",
    make: (doc) => {
      const list = seqAt(doc, "objects")?.items ?? []
      for (const [k, o] of list.entries())
        if (isMap(o) && renameIn(o, "controller", "controler"))
          return { path: `objects[${k}].controler`, suggests: "controller" }
      return undefined
    }
  },
  {
    name: "a word where a list is expected (types: unit)",
    make: (doc) => {
      const o = seqAt(doc, "objects")?.items[0]
      if (!isMap(o)) return undefined
      o.set("types", "thing")
      return { path: "objects[0].types" }
    }
  },
  {
    name: "an unknown player as whose turn it is (a typo)",
    make: (doc) => {
      const p = playerIds(doc)[0]
      const t = p === undefined ? undefined : freeTypo(doc, p)
      if (p === undefined || t === undefined) return undefined
      top(doc).set("turn", t)
      return { path: "turn", suggests: p }
    }
  },
  {
    name: "a missing required key (players:)",
    make: (doc) => (top(doc).delete("players") ? { path: "players", says: "missing" } : undefined)
  },
  {
    name: "a typo'd strategy (frist)",
    make: (doc) => {
      top(doc).set("strategy", "frist")
      return { path: "strategy", suggests: "first" }
    }
  },
  {
    name: "another game's word for an effect's kind (preventNext for shield)",
    make: (doc) => {
      const ruleset = str(top(doc).get("ruleset")) ?? ""
      for (const [i, e] of effects(doc)) {
        const kind = str(e.get("kind")) ?? ""
        for (const m of Meanings.meanings) {
          if (m.what !== "kind" || !(m.words[ruleset] ?? []).includes(kind)) continue
          const other = Object.entries(m.words).find(([id]) => id !== ruleset)?.[1][0]
          const found = other === undefined ? [] : Meanings.translate(ruleset, "kind", other)
          if (other === undefined || found.length !== 1 || found[0]?.words.length !== 1) continue
          e.set("kind", other)
          return { path: `effects[${i}].kind`, suggests: kind, says: "word for it" }
        }
      }
      return undefined
    }
  },
  {
    name: "another game's word for an event family (exhaust for close)",
    make: (doc) => {
      const ruleset = str(top(doc).get("ruleset")) ?? ""
      const to = firstObject(doc)
      for (const m of Meanings.meanings) {
        const own = m.words[ruleset] ?? []
        if (m.what !== "family" || own.length !== 1 || to === undefined) continue
        const other = Object.entries(m.words).find(([id]) => id !== ruleset)?.[1][0]
        if (other === undefined || Meanings.translate(ruleset, "family", other).length !== 1) continue
        const j = appendStep(doc, {
          event: { id: "mistake", family: other, occurrences: [{ to, amount: 1 }] }
        })
        return { path: `steps[${j}].event.family`, suggests: own[0], says: "word for it" }
      }
      return undefined
    }
  },
  {
    name: "a new file without format: (add format: 4)",
    make: (doc) => (top(doc).delete("format") ? { path: "format", says: "add `format: 4`" } : undefined)
  },
  {
    name: 'a number written as text (amount: "3")',
    make: (doc) => {
      for (const [i, e] of effects(doc))
        if (typeof (isScalar(e.get("amount", true)) ? e.get("amount") : undefined) === "number") {
          e.set("amount", "3")
          return { path: `effects[${i}].amount`, says: "a whole number or an expression" }
        }
      return undefined
    }
  },
  {
    name: "a decision answer in the wrong shape (a list)",
    make: (doc) => {
      top(doc).set("decisions", doc.createNode([["x", 3]]))
      return { path: "decisions[0]", says: "a decision's answer is" }
    }
  },
  {
    name: "two objects with one id",
    make: (doc) => {
      const s = seqAt(doc, "objects")
      const o = s?.items[0]
      if (s === undefined || !isMap(o)) return undefined
      s.items.push(doc.createNode(o.toJSON()))
      return { path: `objects[${s.items.length - 1}].id`, says: "duplicate" }
    }
  }
]

/** The lines a problem at this path may point at: its key's and its value's (1-based). */
export const linesOf = (text: string, path: string): ReadonlyArray<number> => {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false })
  const segs: Array<string | number> = []
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    segs.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string))
  let node: unknown = doc.contents
  let keyNode: unknown
  for (const s of segs) {
    keyNode = undefined
    if (isMap(node)) {
      const p = pairOf(node, String(s))
      if (p === undefined) return []
      keyNode = p.key
      node = p.value
    } else if (isSeq(node) && typeof s === "number") node = node.items[s]
    else return []
  }
  const lineOf = (n: unknown): ReadonlyArray<number> => {
    const r = (n as { range?: ReadonlyArray<number> } | undefined)?.range
    return r?.[0] === undefined ? [] : [lines.linePos(r[0]).line]
  }
  return [...lineOf(keyNode), ...lineOf(node)]
}

/** A problem as the loader reports it. */
export interface Problem {
  readonly path: string
  readonly line: number
  readonly column: number
  readonly message: string
}

/** The problems of loading a text: a schema mismatch's issues, or the one error as a problem. */
export const problemsOf = (
  text: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): ReadonlyArray<Problem> => {
  const r = parseScenario(text, "case.yaml", rulesets)
  if (Result.isSuccess(r)) return []
  const e = r.failure as unknown as {
    issues?: ReadonlyArray<Problem>
    path?: string
    line?: number
    column?: number
    reason?: string
    message: string
  }
  if (e.issues !== undefined) return e.issues
  return [{ path: e.path ?? "", line: e.line ?? 0, column: e.column ?? 0, message: e.reason ?? e.message }]
}
