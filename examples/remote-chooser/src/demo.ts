/**
 * The game state of the example: bob's bear has "prevent the next 2 damage" and alice controls
 * "double that damage"; alice's bolt deals 3 to the bear. The two effects don't commute
 * ((3 − 2) × 2 = 2, but 3 × 2 − 2 = 4), so bob — the bear's controller — must choose the order.
 */
import { Filter, GameEvent, GameView, Ledger, Policy, Replacement } from "@bulwark/core"

/** Policies: the affected object's controller orders the effects. */
export const rules: Policy.Rules = {
  name: "demo",
  order: Policy.affectedChooses({
    name: "demo",
    rule: "demo 1: the damaged object's controller orders the effects",
    tiers: [{ name: "any" }]
  }),
  assignment: Policy.recipientControllerAllocates("demo 2: the shielded object's controller divides")
}

/** Alice, bob, bob's bear and alice's bolt. */
export const view = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [
    { id: "bear", kind: "object", controller: "bob", zone: "battlefield", props: {} },
    { id: "bolt", kind: "object", controller: "alice", zone: "stack", props: {} }
  ]
})

/** The shield and the doubler. */
export const ledger = Ledger.make([
  {
    id: "shield",
    label: "Prevent the next 2 damage that would be dealt to the bear",
    controller: "bob",
    category: "prevention",
    watch: { family: GameEvent.DAMAGE, subject: Filter.id("bear") },
    action: Replacement.prevent(2, "shield")
  },
  {
    id: "double",
    label: "Double that damage",
    controller: "alice",
    category: "standard",
    watch: { family: GameEvent.DAMAGE },
    action: Replacement.modify("mul", 2)
  }
])

/** The bolt deals 3 to the bear. */
export const bolt = GameEvent.make("bolt", [
  GameEvent.damage({ id: "hit", source: "bolt", recipient: "bear", amount: 3 })
])
