// The quick example of packages/core/README.md (the region below is quoted there; the smoke-pack check runs the
// README's copy against the packed packages).
// #region readme
import {
  Chooser,
  Errors,
  Filter,
  GameEvent,
  GameView,
  Ledger,
  Policy,
  Replacement,
  Resolver
} from "@bulwark/core"
import { Effect, Layer, Result } from "effect"

// A ruleset in three lines: the affected object's controller orders the effects (tiers first),
// and the shielded object's controller divides a shield over simultaneous damage.
const rules: Policy.Rules = {
  name: "demo",
  order: Policy.affectedChooses({
    name: "demo",
    rule: "demo 1",
    tiers: [{ name: "self", categories: ["self"] }, { name: "other effects" }]
  }),
  assignment: Policy.recipientControllerAllocates("demo 2")
}

const view = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [
    { id: "bolt", kind: "object", controller: "alice", zone: "stack", props: {} },
    { id: "bear", kind: "object", controller: "bob", zone: "battlefield", props: { types: ["Creature"] } }
  ]
})

const ledger = Ledger.make([
  {
    id: "shield",
    label: "Prevent the next 2 damage to the bear",
    controller: "bob",
    category: "prevention",
    watch: { family: "damage", subject: Filter.id("bear") },
    action: Replacement.prevent(2, "shield")
  },
  {
    id: "double",
    label: "Damage to creatures is doubled",
    controller: "alice",
    category: "standard",
    watch: { family: "damage", subject: Filter.prop("types", "has", "Creature") },
    action: Replacement.modify("mul", 2)
  }
])

const event = GameEvent.make("bolt-resolves", [
  GameEvent.damage({ id: "i1", source: "bolt", recipient: "bear", amount: 3 })
])

// 1. Synchronous (the fast path): bob is asked which applies first; "best for the chooser"
//    picks prevent-first: (3 − 2) × 2 = 2.
const r = Resolver.resolveSync(rules, event, ledger, view, Chooser.bestForChooser())
if (Result.isSuccess(r)) console.log(r.success.dealt, Ledger.remaining(r.success.ledger, "shield")) // → { bear: 2 } 0

// 2. Asynchronous: the policies and the chooser are services (Policy.layer, Chooser.layer); the
//    chooser may wait on a UI or the network. A failure is a typed error, handled by tag.
const bob: Chooser.ChooserShape = {
  decide: (request) =>
    request.chooser === "bob"
      ? Effect.succeed("double").pipe(Effect.delay("10 millis")) // bob's client answers
      : Effect.fail(
          new Errors.ChooserFailed({ requestId: request.id, reason: `${request.chooser} is offline` })
        )
}
const program = Resolver.resolve(event, ledger, view).pipe(
  Effect.map((resolution) => resolution.dealt),
  Effect.catchTag("ChooserFailed", (e) => Effect.succeed(e.message)),
  Effect.provide(Layer.mergeAll(Policy.layer(rules), Chooser.layer(bob)))
)
// bob chose double first: 3 × 2 − 2 = 4
console.log(await Effect.runPromise(program)) // → { bear: 4 }
// #endregion
