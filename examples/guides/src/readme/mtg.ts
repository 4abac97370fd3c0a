// The quick example of packages/mtg/README.md (the region below is quoted there; the smoke-pack check runs the
// README's copy against the packed packages).
// #region readme
import { Chooser, Decision, Errors, Ruleset } from "@bulwark/core"
import { ruleset } from "@bulwark/mtg"
import { Effect, Result } from "effect"

// CR 616.1: nap's creature Z is dealt 3; nap's shield ("prevent the next 2") and ap's
// doubler ("it deals double that damage instead") don't commute: nap, Z's controller, chooses.
const compiled = ruleset.compile({
  players: ["ap", "nap"],
  objects: [
    { id: "Z", controller: "nap", types: ["Creature"], power: 5, toughness: 5 },
    { id: "src", controller: "ap", types: ["Creature"], power: 3, toughness: 3 }
  ],
  effects: [
    { kind: "shield", id: "shield", controller: "nap", to: "Z", amount: 2, until: "endOfTurn" },
    { kind: "double", id: "double", controller: "ap", to: { types: ["Creature"] } }
  ],
  steps: [{ event: { id: "e", damage: [{ id: "d", source: "src", to: "Z", amount: 3 }] } }]
})
if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)

// 1. Synchronous — an AI, a simulation, a test: a strategy answers at once.
//    nap's best order is prevent first: (3 − 2) × 2 = 2.
const best = Ruleset.run(ruleset.rules, compiled.success, Chooser.bestForChooser())
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
  Ruleset.runEffect(ruleset.rules, compiled.success).pipe(Effect.provide(fromPlayer))
)
// nap chose double first: 3 × 2 − 2 = 4
console.log(played.outcome.events["e"]?.dealt) // → { Z: 4 }
// #endregion
