/**
 * The situation the example explains: alice's Flame Burst deals 3 to bob's bear and 2 to bob.
 * Bob's bear has "prevent the next 2 damage" (Guardian Shield), alice has "double damage to
 * creatures" (Furnace). Bob chose to apply his shield first, so the bear took (3 − 2) × 2 = 2 —
 * and bob asks: "why did my bear take 2? I had a shield!"
 */
import { Chooser, Filter, GameEvent, GameView, Ledger, Policy, Replacement, Resolver } from "@bulwark/core"
import { Result } from "effect"

/** Policies: the affected object's controller orders the effects. */
export const rules: Policy.Rules = {
  name: "demo",
  order: Policy.affectedChooses({
    name: "demo",
    rule: "rule 616.1",
    tiers: [{ name: "any" }]
  }),
  assignment: Policy.recipientControllerAllocates("rule 615.7")
}

/** Players and objects, each with a display name. */
export const view = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [
    {
      id: "bear",
      kind: "object",
      controller: "bob",
      zone: "battlefield",
      props: { name: "Grizzly Bear", types: ["Creature"] }
    },
    { id: "burst", kind: "object", controller: "alice", zone: "stack", props: { name: "Flame Burst" } }
  ]
})

/** The shield and the furnace. */
export const ledger = Ledger.make([
  {
    id: "guardian",
    label: "Guardian Shield: prevent the next 2 damage that would be dealt to the bear",
    controller: "bob",
    category: "prevention",
    watch: { family: GameEvent.DAMAGE, subject: Filter.id("bear") },
    action: Replacement.prevent(2, "shield"),
    rule: "rule 615.7"
  },
  {
    id: "furnace",
    label: "Furnace: damage to creatures is doubled",
    controller: "alice",
    category: "standard",
    watch: { family: GameEvent.DAMAGE, subject: Filter.prop("types", "has", "Creature") },
    action: Replacement.modify("mul", 2),
    rule: "rule 614.1a"
  }
])

/** One spell, two recipients: one event. */
export const burst = GameEvent.make("burst", [
  GameEvent.damage({ id: "toBear", source: "burst", recipient: "bear", amount: 3 }),
  GameEvent.damage({ id: "toBob", source: "burst", recipient: "bob", amount: 2 })
])

/** The resolution bob is asking about: he chose his shield first. */
export const resolution = () => {
  const r = Resolver.resolveSync(rules, burst, ledger, view, Chooser.scripted(["guardian"]))
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}
