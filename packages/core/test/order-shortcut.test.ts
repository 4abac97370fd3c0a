/**
 * Issue 29, point 12: order prompts that can't matter are not asked — two identical redirects,
 * and a "may" effect whose amount is 0 at that moment. MTG CR 616.1: "the affected object's
 * controller … chooses one to apply"; DESIGN §5: "order prompts skipped for effects that do not
 * commute". Each case is checked against law 11 (`Laws.shortcut`: skipping leaves the same
 * reachable outcomes as asking every order), with the mutants: one that asks anyway (the prompt
 * count with `askEveryOrder`), one that skips where the order matters (the law catches it).
 */
import { assert, describe, it } from "@effect/vitest"
import { Decision, GameEvent, Identity, Kernel, Ledger, type Policy, type Replacement } from "../src/index.js"
import { affected, dmg, view } from "./fixtures.js"
import * as Laws from "./laws.js"
import type { World } from "./world.js"

const rules: Policy.Rules = { ...affected, orderShortcut: true }

const redirect = (id: string, to = "napAlly"): Replacement.Replacement => ({
  id,
  label: `The damage that would be dealt to napUnit is dealt to ${to} instead`,
  controller: "nap",
  category: "standard",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Redirect", to }
})
const shield = (id: string, n: number): Replacement.Replacement => ({
  id,
  label: `Prevent the next ${n} damage to napUnit`,
  controller: "nap",
  category: "standard",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Prevent", amount: n, scope: "shield" }
})
/** "You may prevent N damage that would be dealt to napUnit" (a static prevention, optional). */
const mayPrevent = (id: string, n: number): Replacement.Replacement => ({
  id,
  label: `You may prevent ${n} of that damage`,
  controller: "nap",
  category: "standard",
  optional: true,
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Prevent", amount: n, scope: "static" }
})
/** "If a source would deal damage to napUnit, it deals double that damage instead." */
const double: Replacement.Replacement = {
  id: "x2",
  label: "double the damage to napUnit",
  controller: "ap",
  category: "standard",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Modify", op: "mul", value: 2 }
}
const event = GameEvent.make("e", [dmg("d", "napUnit", 3)])

/** The requests asked on the way to the first answer of each (the first legal answer). */
const prompts = (effects: ReadonlyArray<Replacement.Replacement>, options: Kernel.Options = {}) => {
  const out: Array<string> = []
  let step = Kernel.start(rules, event, Ledger.make(effects), view, options)
  while (step._tag === "Pending") {
    out.push(step.request._tag)
    step = Kernel.resume(step.state, Decision.legalAnswers(step.request, 1)[0] as Decision.Answer)
  }
  assert.strictEqual(step._tag, "Done")
  return out
}
/** A world for law 11, which reads only its rules, event and ledger (no generated spec here). */
const world = (effects: ReadonlyArray<Replacement.Replacement>): World =>
  ({ rules, event, ledger: Ledger.make(effects), view }) as unknown as World
/** The mutant that skips every order prompt (takes the first option). */
const skipAll = (effects: ReadonlyArray<Replacement.Replacement>) =>
  Laws.reachable(
    rules,
    event,
    Ledger.make(effects),
    200,
    { askEveryOrder: false },
    (r) => (r._tag === "ChooseEffect" ? [r.options[0]?.effect ?? ""] : Decision.legalAnswers(r, 16)),
    false
  )

describe("two identical redirects: the order can't matter", () => {
  const two = [redirect("r1"), redirect("r2")]

  it("nobody is asked; asking every order (the mutant that asks anyway) asks", () => {
    assert.deepStrictEqual(prompts(two), [])
    assert.deepStrictEqual(prompts(two, { askEveryOrder: true }), ["ChooseEffect"])
  })

  it("law 11 holds: the same outcomes reachable as asking every order", () => {
    assert.deepStrictEqual(Laws.shortcut(world(two)), [])
  })

  it("the control: redirects to different players — asked, and skipping it is caught by the law", () => {
    const apart = [redirect("r1"), redirect("r2", "apUnit")]
    assert.deepStrictEqual(prompts(apart), ["ChooseEffect"])
    assert.deepStrictEqual(Laws.shortcut(world(apart)), [])
    assert.isAbove(Laws.shortcut(world(apart), skipAll(apart)).length, 0)
  })
})

/**
 * MTG 400.7 / FaB 3.0.9 / Riftbound 124: effects bound to the object they name (`Identity.bind`)
 * commute as their unbound selves do — the binding reads the object's identity, never the amount
 * (Riftbound's combat, which reads the effects before it asks, is checked in that package).
 */
describe("effects bound to the object they name: the shortcut still applies", () => {
  const bound = (e: Replacement.Replacement) => Identity.bind(e, view)
  const two = [bound(shield("s1", 1)), bound(double)]
  const commuting = [bound(shield("s1", 1)), bound(shield("s2", 2))]

  it("two bound shields: nobody is asked, and law 11 holds", () => {
    assert.isDefined(commuting[0]?.sameObjects)
    assert.deepStrictEqual(prompts(commuting), [])
    assert.deepStrictEqual(Laws.shortcut(world(commuting)), [])
  })

  it("a shield and a doubling bound: the order matters and is asked, as unbound", () => {
    assert.deepStrictEqual(prompts(two), ["ChooseEffect"])
  })
})

describe('a "may" effect whose amount is 0 at that moment is not asked', () => {
  const zero = [mayPrevent("m", 0), shield("s", 2)]

  it("neither the order nor the may is asked; asking every order (the mutant) asks both", () => {
    assert.deepStrictEqual(prompts(zero), [])
    assert.deepStrictEqual(prompts(zero, { askEveryOrder: true }), ["ChooseEffect", "UseOptional"])
  })

  it("alone, a may of 0 is not asked either", () => {
    assert.deepStrictEqual(prompts([mayPrevent("m", 0)]), [])
  })

  it("law 11 holds for it", () => {
    assert.deepStrictEqual(Laws.shortcut(world(zero)), [])
  })

  it("a may of 0 and a doubler: not asked either (the may does nothing in any order)", () => {
    assert.deepStrictEqual(prompts([mayPrevent("m", 0), double]), [])
    assert.deepStrictEqual(Laws.shortcut(world([mayPrevent("m", 0), double])), [])
  })

  it("the control: a may of 1 and a doubler — (3 − 1) × 2 ≠ 3 × 2 − 1: asked, and skipping it is caught", () => {
    const one = [mayPrevent("m", 1), double]
    assert.include(prompts(one), "UseOptional")
    assert.deepStrictEqual(Laws.shortcut(world(one)), [])
    assert.isAbove(Laws.shortcut(world(one), skipAll(one)).length, 0)
  })
})
