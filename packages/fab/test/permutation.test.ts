/**
 * One prevention over several occurrences of one damage event: the order the occurrences are
 * written in decides nothing. Both cases were found by the permutation law (resolver-laws) and
 * failed before the fix: the additional part was made from the occurrence listed first, and the
 * decrease came off the occurrence listed last.
 *
 * 6.4.10f: "If there are two or more types of damage in the event that the prevention can apply
 * to, and/or two or more shielded objects the damage event will deal damage to, the controller of
 * the prevention effect declares each point of damage the effect will prevent." 6.4.10g: "If an
 * effect decreases the amount a prevention effect would prevent, the total prevention is
 * determined, the prevention effect's prevention amount is reduced, and then the prevention
 * effect is applied to the event with the decrease." 6.4.10h: "Any additional modifications to
 * the event by the prevention effect still occur."
 */
import { type Decision, GameEvent, Ledger, type Replacement, Resolver } from "@bulwark/core"
import { Laws } from "@bulwark/testing"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset } from "../src/index.js"
import { viewOf } from "./helpers.js"

const view = viewOf({
  turn: "alice",
  players: ["alice", { id: "bob", resources: 1 }],
  objects: [
    { id: "attack", controller: "alice", zone: "combatChain", types: ["action", "attack"] },
    { id: "spell", controller: "alice", zone: "stack", types: ["action"] },
    { id: "ally", controller: "bob", types: ["ally"], life: 4 }
  ]
})

const hit = (id: string, source: string, to: string, kind?: "physical" | "arcane") =>
  GameEvent.damage({ id, source, recipient: to, amount: 1, kinds: kind === undefined ? [] : [kind] })

const input = (
  effects: ReadonlyArray<Replacement.Replacement>,
  occurrences: ReadonlyArray<GameEvent.Occurrence>
): Laws.Input => ({ view, ledger: Ledger.make(effects), event: GameEvent.make("ev", occurrences) })

/** Resolves with the first legal answers, keeping the requests asked. */
const resolve = (i: Laws.Input) => {
  const asked: Array<Decision.Request> = []
  const r = Resolver.resolveSync(ruleset.rules, i.event, i.ledger, i.view, (request, state) => {
    asked.push(request)
    return Laws.seededChooser(0)(request, state)
  })
  if (Result.isFailure(r)) throw new Error(String(r.failure))
  return { resolution: r.success, asked }
}

describe("FaB: one prevention over several occurrences, whatever order they are written in", () => {
  /**
   * 6.4.10h "Any additional modifications to the event by the prevention effect still occur",
   * and 6.4.10f: the prevention applies to the damage from both sources, so "destroy the source
   * of that damage" destroys both (8.3.20 Ward's "destroy this" names the ward itself and is the
   * same whichever damage it prevents).
   */
  it("6.4.10f, 6.4.10h: an additional part naming the damage's source is made for each source it prevented", () => {
    const p = Effects.preventNext({
      id: "p",
      controller: "bob",
      to: ["ally"],
      additional: [{ family: Effects.Family.destroy, to: "source" }],
      amount: 5
    })
    for (const occs of [
      [hit("d0", "attack", "ally"), hit("d1", "spell", "ally")],
      [hit("d1", "spell", "ally"), hit("d0", "attack", "ally")]
    ]) {
      const { resolution } = resolve(input([p], occs))
      expect(resolution.view.objects.attack?.zone).toBe("graveyard")
      expect(resolution.view.objects.spell?.zone).toBe("graveyard")
    }
  })

  /**
   * The law's shrunk case: a part that names no source of "that damage" ("schedule the
   * controller's destruction") is made once, and its source is not taken from whichever of the
   * two sources is listed first.
   */
  it("6.4.10f: a part that names neither source is made once, from neither", () => {
    const p = Effects.preventNext({
      id: "p",
      controller: "bob",
      to: ["ally"],
      cost: { pay: 1 },
      additional: [{ family: Effects.Family.scheduleDestroy, to: "controller", amount: 1 }],
      amount: 0
    })
    const i = input([p], [hit("d0", "attack", "ally", "arcane"), hit("d1", "spell", "ally", "arcane")])
    expect(Laws.permutationInvariant(ruleset.rules, i)).toEqual([])
    const parts = resolve(i).resolution.happened.filter((o) => o.family === Effects.Family.scheduleDestroy)
    expect(parts.map((o) => [o.subject, o.source])).toEqual([["bob", undefined]])
  })

  /**
   * 6.4.10g and 6.4.10f: the prevention of 3 would prevent both points (1 arcane, 1 physical);
   * "prevents 1 less" reduces it to 1, and bob, its controller, declares which point that is.
   */
  it("6.4.10g: after a decrease, the prevention's controller declares which damage is still prevented", () => {
    const effects = [
      Effects.preventNext({ id: "p", controller: "bob", to: ["bob"], amount: 3 }),
      Effects.preventsLess({ id: "less", controller: "alice", amount: 1 })
    ]
    const occs = [hit("a", "spell", "bob", "arcane"), hit("b", "spell", "bob", "physical")]
    const i = input(effects, occs)
    expect(Laws.permutationInvariant(ruleset.rules, i)).toEqual([])
    const { resolution, asked } = resolve(i)
    const allocate = asked.filter((r) => r._tag === "Allocate")
    expect(allocate).toMatchObject([{ chooser: "bob", effect: "p", points: 1 }])
    expect(resolution.view.objects.bob?.props.life).toBe(19)
    // either point can be the one prevented
    const reachable = Laws.reachable(ruleset.rules, i)
    expect(reachable?.size).toBe(2)
  })
})
