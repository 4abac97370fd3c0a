/**
 * Issue 28, point 2: "Named kinds are shorthands for the generic forms." Every bundled scenario
 * is resolved a second time with each named effect replaced by the generic effect(s) its kind's
 * `generic` says it means (`kind: replace` / `kind: prevent`), and the outcome must be the same
 * (`expansion.ts` `outcome`: the whole outcome and `expect:`, without the decisions' rule
 * citations). A kind without a generic form is listed here with the reason, so a new kind
 * without one fails until it is expanded or listed; a mutant expansion fails the comparison.
 */
import { type Language, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "vitest"
import { bundled, type Expand, namedKinds, outcome, ownExpansion, rewrite } from "./expansion.js"
import * as Registry from "./installed.js"

/** The named kinds with no generic form, by ruleset, with why. */
const noGenericForm: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  mtg: {
    lifeFloor:
      "Worship (CR 120.4c) caps the life loss at what leaves the whole results event at the floor, life gained in it included: a named predicate and value read the batch, which no amount or condition in words can"
  },
  fab: {},
  riftbound: {},
  berserk: {}
}

/** Named effects of bundled scenarios whose options have no generic form (`file: kind id`), with why. */
const keptAsWritten: Readonly<Record<string, string>> = {
  "MTG-04.yaml: shieldEach wojek":
    "sharingColor: the creatures are those that share a colour with the target when the effect is created (CR 615.11), read from the view then; a generic form names its objects as written"
}

const languageOf = (id: string): Language.Language => {
  const l = Registry.find(id)?.language
  if (l === undefined) throw new Error(`no language for ${id}`)
  return l
}

/** Runs a bundled scenario as written and rewritten; the differences, and what the rewrite did. */
const compare = (b: { ruleset: string; name: string; text: string }, expand: Expand) => {
  const r = rewrite(b.text, languageOf(b.ruleset), expand)
  return { ...r, same: outcome(b.text, b.name) === outcome(r.text, b.name), before: outcome(b.text, b.name), after: outcome(r.text, b.name) }
}

describe("named kinds are shorthands for the generic forms", () => {
  it("every named kind has a generic form, or is listed with the reason", () => {
    for (const r of Registry.installed) {
      const language = r.language
      if (language === undefined) continue
      const listed = noGenericForm[r.id] ?? {}
      for (const kind of namedKinds(language)) {
        const has = language.effects[kind]?.generic !== undefined
        expect(has || Object.hasOwn(listed, kind), `${r.id} ${kind}: no generic form and not listed`).toBe(true)
        expect(has && Object.hasOwn(listed, kind), `${r.id} ${kind}: listed but has a generic form`).toBe(false)
      }
      for (const kind of Object.keys(listed))
        expect(namedKinds(language), `${r.id}: listed kind ${kind} is not a kind`).toContain(kind)
    }
  })

  const all = bundled()
  for (const b of all)
    it(`${b.ruleset}/${b.name}: the same outcome with every named effect in its generic form`, () => {
      const c = compare(b, ownExpansion(languageOf(b.ruleset)))
      const unlisted = c.kept.filter(
        (k) =>
          !Object.hasOwn(noGenericForm[b.ruleset] ?? {}, k.split(" ")[0] as string) &&
          !Object.hasOwn(keptAsWritten, `${b.name}: ${k}`)
      )
      expect(unlisted, `${b.name}: kept as written, not listed`).toEqual([])
      expect(new Set(c.ids).size, `${b.name}: effect ids collide: ${c.ids.join(", ")}`).toBe(c.ids.length)
      expect(c.after).toBe(c.before)
    })
})
