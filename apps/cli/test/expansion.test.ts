/**
 * Issue 28, point 2: "Named kinds are shorthands for the generic forms." Every bundled scenario
 * is resolved a second time with each named effect replaced by the generic effect(s) its kind's
 * `generic` says it means (`kind: replace` / `kind: prevent`), and the outcome must be the same
 * (`expansion.ts` `outcome`: the whole outcome and `expect:`, without the decisions' rule
 * citations). A kind without a generic form is listed here with the reason, so a new kind
 * without one fails until it is expanded or listed; a mutant expansion fails the comparison.
 */
import type { Language, Replacement } from "@bulwark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  bundled,
  type Expand,
  keptAsWritten,
  namedKinds,
  noGenericForm,
  outcome,
  ownExpansion,
  rewrite,
  samples
} from "./expansion.js"
import * as Registry from "./installed.js"

const languageOf = (id: string): Language.Language => {
  const l = Registry.find(id)?.language
  if (l === undefined) throw new Error(`no language for ${id}`)
  return l
}

/** Runs a bundled scenario as written and rewritten; the differences, and what the rewrite did. */
const compare = (b: { ruleset: string; name: string; text: string }, expand: Expand) => {
  const r = rewrite(b.text, languageOf(b.ruleset), expand)
  return {
    ...r,
    same: outcome(b.text, b.name) === outcome(r.text, b.name),
    before: outcome(b.text, b.name),
    after: outcome(r.text, b.name)
  }
}

describe("named kinds are shorthands for the generic forms", () => {
  it("every named kind has a generic form, or is listed with the reason", () => {
    for (const r of Registry.installed) {
      const language = r.language
      if (language === undefined) continue
      const listed = noGenericForm[r.id] ?? {}
      for (const kind of namedKinds(language)) {
        const has = language.effects[kind]?.generic !== undefined
        expect(has || Object.hasOwn(listed, kind), `${r.id} ${kind}: no generic form and not listed`).toBe(
          true
        )
        expect(has && Object.hasOwn(listed, kind), `${r.id} ${kind}: listed but has a generic form`).toBe(
          false
        )
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
      expect(c.before.startsWith("not loaded"), c.before).toBe(false)
      expect(c.after).toBe(c.before)
    })

  it("every kind with a generic form is checked: written in a bundled scenario, or a sample here", () => {
    const seen = new Set<string>()
    for (const b of all)
      for (const k of rewrite(b.text, languageOf(b.ruleset), ownExpansion(languageOf(b.ruleset))).expanded)
        seen.add(`${b.ruleset} ${k}`)
    for (const r of Registry.installed)
      for (const kind of namedKinds(languageOf(r.id)))
        if (languageOf(r.id).effects[kind]?.generic !== undefined)
          expect(
            seen.has(`${r.id} ${kind}`) || Object.hasOwn(samples[r.id] ?? {}, kind),
            `${r.id} ${kind}: no bundled scenario writes it and no sample checks it`
          ).toBe(true)
  })
})

/** A core effect without what a named kind and its generic form may word differently. */
const meaning = (e: Replacement.Replacement): unknown => {
  const { label: _l, rule: _r, ...rest } = e
  return JSON.parse(JSON.stringify(rest))
}

/** The core effects a kind's `make` builds, and those its generic forms build. */
const sameEffects = (language: Language.Language, kind: string, options: Record<string, unknown>) => {
  const k = language.effects[kind]
  if (k === undefined) throw new Error(`no kind ${kind}`)
  const named = [k.make(Schema.decodeUnknownSync(k.options)(options))].flat()
  const forms = ownExpansion(language)(kind, options) ?? []
  const generic = forms.flatMap((f) => {
    const { kind: g, ...o } = f
    const gk = language.effects[g]
    if (gk === undefined) throw new Error(`no kind ${g}`)
    return [gk.make(Schema.decodeUnknownSync(gk.options)(o))].flat()
  })
  return { named: named.map(meaning), generic: generic.map(meaning) }
}

describe("the kinds no bundled scenario writes build the same effects as their generic forms", () => {
  for (const [ruleset, kinds] of Object.entries(samples))
    for (const [kind, list] of Object.entries(kinds))
      for (const [i, options] of list.entries())
        it(`${ruleset} ${kind} #${i}`, () => {
          const { named, generic } = sameEffects(languageOf(ruleset), kind, options)
          expect(generic).toEqual(named)
        })
})

/** An expansion with one kind's forms changed by `mutate`: a wrong meaning. */
const mutant =
  (
    language: Language.Language,
    kind: string,
    mutate: (f: Language.GenericForm) => Language.GenericForm
  ): Expand =>
  (k, options) => {
    const forms = ownExpansion(language)(k, options)
    return k === kind ? forms?.map(mutate) : forms
  }

/** The bundled scenarios of a ruleset whose outcome a mutant expansion changes. */
const caught = (ruleset: string, expand: Expand): ReadonlyArray<string> =>
  bundled()
    .filter((b) => b.ruleset === ruleset)
    .filter((b) => !compare(b, expand).same)
    .map((b) => b.name)

/**
 * FaB's `ephemeral` (8.3.21: "If this would be put into a graveyard from anywhere, instead it
 * ceases to exist") and its generic form watch `to: self`, the card whatever object it has become
 * (core `Generic`, 2.12.3a): after the card was moved to its owner's hand — a new object (3.0.9)
 * that still has Ephemeral — both still see it. Written with the card's id instead (`to: helm`),
 * the generic effect is bound to the object it was (3.0.9) and no longer does: the reason the
 * expansion says `self`.
 */
it("fab ephemeral: the generic form with `to: self` follows the card after a zone change, `to: <id>` does not", () => {
  const named = `format: 4
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: helm, controller: bob, types: [equipment] }
effects:
  - { kind: ephemeral, id: ephemeral, source: helm }
steps:
  - update: { object: helm, zone: hand }
  - event: { id: e1, occurrences: [{ family: zoneChange, to: helm, params: { to: graveyard } }] }
`
  const written = (to: string) =>
    named.replace(
      "{ kind: ephemeral, id: ephemeral, source: helm }",
      `{ kind: replace, id: ephemeral, source: helm, family: zoneChange, to: ${to}, params: { to: graveyard }, instead: [{ family: ceaseToExist, amount: 1 }] }`
    )
  const happened = (text: string) =>
    (
      JSON.parse(outcome(text, "ephemeral.yaml")) as {
        outcome: { events: { e1: { happened: ReadonlyArray<{ family: string }> } } }
      }
    ).outcome.events.e1.happened.map((h) => h.family)
  expect(happened(named)).toEqual(["ceaseToExist"])
  expect(happened(written("self"))).toEqual(["ceaseToExist"])
  expect(happened(written("helm"))).toEqual(["zoneChange"])
})

/**
 * Why Берсерк's `strengthModifier` has no generic form, not even `modifyProperty` of the cards'
 * strength with `from` cards only (533.2: «Предотвращение используется всегда после наложения
 * всех модификаторов атаки»): the attack modifier «+2 к удару» of the orc changes its attacks,
 * a shot «Выстрел на 2» among them, and leaves the card's strength as printed; the card's
 * modifier changes the card and not an attack with a strength of its own. If the two ever agree,
 * the kind can be expanded and this test says so.
 */
it("berserk strengthModifier: modifyProperty of the card would change the card and miss a shot", () => {
  const named = `format: 4
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: orc, controller: ap, types: [creature], cost: 2, strength: 3 }
  - { id: ogre, controller: ip, types: [creature], cost: 5, life: 20 }
effects:
  - { kind: strengthModifier, id: rage, from: [orc], value: 2 }
steps:
  - attack: { id: a1, kind: удар, from: orc, to: ogre }
  - attack: { id: s1, kind: выстрел, strength: 2, from: orc, to: ogre }
`
  const generic = named.replace(
    "{ kind: strengthModifier, id: rage, from: [orc], value: 2 }",
    "{ kind: modifyProperty, id: rage, to: [orc], prop: strength, plus: 2 }"
  )
  type State = Record<string, { strength?: number }>
  const state = (text: string) =>
    (JSON.parse(outcome(text, "rage.yaml")) as { outcome: { state: State } }).outcome.state
  expect([state(named).a1?.strength, state(named).s1?.strength, state(named).orc?.strength]).toEqual([
    5, 4, 3
  ])
  expect([state(generic).a1?.strength, state(generic).s1?.strength, state(generic).orc?.strength]).toEqual([
    5, 2, 5
  ])
})

describe("a wrong expansion is caught", () => {
  // MTG CR 615.7: "prevent the next N damage" is a shield used up by what it prevents, not N of
  // each damage (615.10): `scope: each` for `next` changes what a shield leaves for later
  it("mtg shield as scope: each instead of next", () => {
    const l = languageOf("mtg")
    expect(
      caught(
        "mtg",
        mutant(l, "shield", (f) => ({ ...f, scope: "each" }))
      )
    ).not.toEqual([])
  })

  // MTG CR 615.8: "The next time [source] would deal damage … prevent that damage" — dropping
  // `from` prevents the next damage from any source
  it("mtg preventNextFrom without from", () => {
    const l = languageOf("mtg")
    expect(
      caught(
        "mtg",
        mutant(l, "preventNextFrom", ({ from: _f, ...f }) => f as Language.GenericForm)
      )
    ).not.toEqual([])
  })

  // FaB 8.3.20 Ward: "destroy this to prevent N of that damage" — without the cost its source stays
  it("fab ward without its cost", () => {
    const l = languageOf("fab")
    expect(
      caught(
        "fab",
        mutant(l, "ward", ({ cost: _c, ...f }) => f as Language.GenericForm)
      )
    ).not.toEqual([])
  })

  // FaB 8.3.21 Ephemeral: "If this would be put into a graveyard" — without the destination
  // (`params: { to: graveyard }`) a banish of the card would cease to exist too (FAB-X7)
  it("fab ephemeral without its destination", () => {
    const l = languageOf("fab")
    expect(
      caught(
        "fab",
        mutant(l, "ephemeral", ({ params: _p, ...f }) => f as Language.GenericForm)
      )
    ).toContain("FAB-X7-ephemeral-anywhere.yaml")
  })

  // FaB 8.3.21 "from anywhere", 3.0.9: written with the card's id instead of `self`, the form is
  // bound to the object the card was and misses it after a zone change (FAB-X7)
  it("fab ephemeral bound to the object the card was (to: its id, not self)", () => {
    const l = languageOf("fab")
    expect(
      caught(
        "fab",
        mutant(l, "ephemeral", (f) => ({ ...f, to: f.source }))
      )
    ).toContain("FAB-X7-ephemeral-anywhere.yaml")
  })

  // Riftbound 715: Bonus Damage is not added to combat damage — without `only: noncombat` it is
  it("riftbound bonusDamage on combat damage too", () => {
    const l = languageOf("riftbound")
    expect(
      caught(
        "riftbound",
        mutant(l, "bonusDamage", ({ only: _o, ...f }) => f as Language.GenericForm)
      )
    ).not.toEqual([])
  })

  // Берсерк 534.1.1 «Не получает ран от …»: without `from` it takes no wounds from anything
  it("berserk noWoundsFrom without from", () => {
    const l = languageOf("berserk")
    expect(
      caught(
        "berserk",
        mutant(l, "noWoundsFrom", ({ from: _f, ...f }) => f as Language.GenericForm)
      )
    ).not.toEqual([])
  })

  // Берсерк 534.1.1 «Получает раны только от …»: the complement of X — written as X itself, it
  // would be «Не получает ран от …»
  it("berserk woundsOnlyFrom without its not", () => {
    const l = languageOf("berserk")
    const plain = (f: Language.GenericForm) => ({ ...f, from: (f.from as { not: unknown }).not })
    expect(caught("berserk", mutant(l, "woundsOnlyFrom", plain))).not.toEqual([])
  })

  // Worship (CR 120.4c): the floor reads the whole results event — without the life gained in
  // it (`inEvent: lifeGain` read as 0), MTG-02's Awe Strike gain is ignored and Worship applies
  it("mtg lifeFloor without the life gained in the same event", () => {
    const l = languageOf("mtg")
    const noGain = (f: Language.GenericForm) =>
      JSON.parse(JSON.stringify(f).replaceAll('{"inEvent":"lifeGain"}', "0")) as Language.GenericForm
    expect(caught("mtg", mutant(l, "lifeFloor", noGain))).toContain("MTG-02.yaml")
  })

  // an expansion into two effects under one id: CR 701.8a's second effect (Rest in Peace on a
  // destruction) named as the first — the ids collide, which the comparison reports
  it("mtg zoneInstead's two forms under one id", () => {
    const l = languageOf("mtg")
    const b = bundled().find((x) => x.name === "MTG-10-exile.yaml")
    if (b === undefined) throw new Error("MTG-10-exile.yaml is gone")
    const r = rewrite(
      b.text,
      l,
      mutant(l, "zoneInstead", (f) => ({ ...f, id: String(f.id).replace(/:destroy$/, "") }))
    )
    expect(new Set(r.ids).size).toBeLessThan(r.ids.length)
  })

  // Берсерк 533.2 «модификатор атаки»: without `from`, BSK-X6's «+1 к удару» of the guard would
  // strengthen the ogre's strike too
  it("berserk strengthModifier without from", () => {
    const l = languageOf("berserk")
    expect(
      caught(
        "berserk",
        mutant(l, "strengthModifier", ({ from: _f, ...f }) => f as Language.GenericForm)
      )
    ).toContain("BSK-X6-strike-and-retaliation.yaml")
  })

  // the effect-by-effect comparison fails too: an attack modifier without its factor (`times`)
  it("berserk strengthModifier without times, effect by effect", () => {
    const l = languageOf("berserk")
    const k = l.effects["strengthModifier"] as Language.EffectKind
    const mutated = (o: unknown) => k.generic?.(o)?.filter((f) => f.times === undefined)
    const wrong: Language.Language = {
      ...l,
      effects: { ...l.effects, strengthModifier: { ...k, generic: mutated } }
    }
    // «×2, +1»: the factor dropped, only the addition left
    const { named, generic } = sameEffects(wrong, "strengthModifier", { id: "fury", times: 2, value: 1 })
    expect(generic).not.toEqual(named)
  })

  // the effect-by-effect comparison fails too: Серк without «1 раз за ход»
  it("berserk serk without its limit, effect by effect", () => {
    const l = languageOf("berserk")
    const k = l.effects["serk"] as Language.EffectKind
    const mutated = (o: unknown) => k.generic?.(o)?.map(({ limit: _l, ...f }) => f as Language.GenericForm)
    const wrong: Language.Language = { ...l, effects: { ...l.effects, serk: { ...k, generic: mutated } } }
    const { named, generic } = sameEffects(wrong, "serk", {
      id: "serk",
      controller: "ip",
      source: "berserker"
    })
    expect(generic).not.toEqual(named)
  })
})
