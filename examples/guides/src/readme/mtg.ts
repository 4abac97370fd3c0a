// The quick example of packages/mtg/README.md (the region below is quoted there; the smoke-pack check runs the
// README's copy against the packed packages).
// #region readme
import { Chooser, Decision, Errors, GameEvent, GameView, Ledger, Ruleset } from "@bulwark/core"
import { Effects, ruleset } from "@bulwark/mtg"
import { Effect } from "effect"

// CR 616.1: nap's creature Z is dealt 3; nap's shield ("prevent the next 2") and ap's
// doubler ("it deals double that damage instead") don't commute: nap, Z's controller, chooses.
// The effects take the options a scenario file writes (`kind: shield` is `Effects.shield`).
const view = GameView.make({
  players: ["ap", "nap"],
  activePlayer: "ap",
  objects: [
    { id: "ap", kind: "player", props: { life: 20 } },
    { id: "nap", kind: "player", props: { life: 20 } },
    {
      id: "Z",
      kind: "object",
      controller: "nap",
      zone: "battlefield",
      props: { types: ["Creature"], toughness: 5, damage: 0 }
    },
    { id: "src", kind: "object", controller: "ap", zone: "battlefield", props: { types: ["Creature"] } }
  ]
})
const scenario: Ruleset.Compiled = {
  view,
  ledger: Ledger.make([
    Effects.shield({ id: "shield", controller: "nap", to: "Z", amount: 2, duration: "endOfTurn" }),
    Effects.double({ id: "double", controller: "ap", to: { types: ["Creature"] } })
  ]),
  steps: [
    Ruleset.event(
      GameEvent.make("e", [GameEvent.damage({ id: "d", source: "src", recipient: "Z", amount: 3 })])
    )
  ]
}

// 1. Synchronous — an AI, a simulation, a test: a strategy answers at once.
//    nap's best order is prevent first: (3 − 2) × 2 = 2.
const best = Ruleset.run(ruleset.rules, scenario, Chooser.bestForChooser())
console.log(best.outcome.events["e"]?.dealt) // → { Z: 2 }

// 2. Asynchronous — a UI or the network: ask the player, answer when they do.
const askPlayer = (request: Decision.Request): Promise<Decision.Answer> => {
  console.log(Decision.describe(request)) // show it in your UI: who is asked, and the options
  return new Promise((resolve) => setTimeout(() => resolve("double"), 10)) // nap picks "double"
}
const fromPlayer = Chooser.layer({
  decide: (request) =>
    Effect.tryPromise({
      try: () => askPlayer(request),
      catch: (e) => new Errors.ChooserFailed({ requestId: request.id, reason: String(e) })
    }).pipe(
      Effect.timeoutOrElse({
        duration: "30 seconds",
        orElse: () =>
          Effect.fail(new Errors.ChooserFailed({ requestId: request.id, reason: "no answer in 30 s" }))
      })
    )
})
//    A failure (no answer, an illegal one) is a typed error in Effect's error channel.
const played = await Effect.runPromise(
  Ruleset.runEffect(ruleset.rules, scenario).pipe(Effect.provide(fromPlayer))
)
// nap chose double first: 3 × 2 − 2 = 4
console.log(played.outcome.events["e"]?.dealt) // → { Z: 4 }
// #endregion
