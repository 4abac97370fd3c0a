/**
 * The game the loop plays: two players, one unit each, attacking in turn. Its damage rules come
 * from a ruleset's `Policy.Rules` — swap in any adapter's `ruleset.rules` and effects.
 */
import { GameEvent, GameView, Ledger, Policy, type Replacement } from "@bulwark/core"

/** The ruleset's policies: the damaged unit's controller orders effects; damage lowers health. */
export const rules: Policy.Rules = {
  name: "skirmish",
  order: Policy.affectedChooses({
    name: "skirmish",
    rule: "the damaged unit's controller orders the effects",
    tiers: [{ name: "any" }]
  }),
  assignment: Policy.recipientControllerAllocates("the shielded unit's controller divides"),
  commit: (view, o) => {
    const unit = view.objects[o.subject]
    if (o.family !== GameEvent.DAMAGE || unit === undefined || unit.kind !== "object") return view
    const health = Math.max(0, Number(unit.props["health"] ?? 0) - o.amount)
    return GameView.setObject(view, {
      ...unit,
      zone: health === 0 ? "graveyard" : (unit.zone ?? "board"),
      props: { ...unit.props, health }
    })
  }
}

/** Alice's knight (power 2, health 6) and bob's ogre (power 3, health 5). */
export const start = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [
    { id: "knight", kind: "object", controller: "alice", zone: "board", props: { power: 2, health: 6 } },
    { id: "ogre", kind: "object", controller: "bob", zone: "board", props: { power: 3, health: 5 } }
  ]
})

/** "Prevent the first 2 damage that would be dealt to the knight each turn." */
export const ward: Replacement.Replacement = {
  id: "ward",
  label: "Ward: prevent the first 2 damage to the knight each turn",
  controller: "alice",
  category: "prevention",
  watch: { family: GameEvent.DAMAGE, subject: { _tag: "Id", ids: ["knight"] } },
  action: { _tag: "Prevent", amount: 2, scope: "shield" },
  resetsAt: "endOfTurn"
}

/** "Until end of turn, damage the ogre would deal is increased by 2." (a spell bob casts) */
export const frenzy: Replacement.Replacement = {
  id: "frenzy",
  label: "Frenzy: +2 damage from the ogre this turn",
  controller: "bob",
  category: "standard",
  watch: { family: GameEvent.DAMAGE, source: { _tag: "Id", ids: ["ogre"] } },
  action: { _tag: "Modify", op: "add", value: 2 },
  duration: { until: "endOfTurn" }
}

/** The ledger at the start: the knight's ward. */
export const startLedger = Ledger.make([ward])
