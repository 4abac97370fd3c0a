// A consumer program compiled and run against the packed tarballs, in a fresh project outside
// the workspace (see tools/smoke-pack.mjs). It uses only what a user installing from npm gets.
import { Chooser, Errors, GameEvent, GameView, Ledger, Policy, Resolver, type Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { Result, Schema } from "effect"

const fail = (message: string): never => {
  console.error(`smoke: ${message}`)
  process.exit(1)
}

// 1. core: "prevent the next 2" and "double" on 3 damage; the bear's controller picks the shield
//    first, so (3 − 2) × 2 = 2 is dealt.
const rules: Policy.Rules = {
  name: "smoke",
  order: Policy.affectedChooses({ name: "smoke", rule: "smoke 1", tiers: [{ name: "any" }] }),
  assignment: Policy.recipientControllerAllocates("smoke 2")
}
const view = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [{ id: "bear", kind: "object", controller: "bob", props: {} }]
})
const effects = (on: string) =>
  [
    {
      id: "shield",
      label: "Prevent the next 2",
      controller: "bob",
      category: "prevention",
      watch: { family: "damage", subject: { _tag: "Id", ids: [on] } },
      action: { _tag: "Prevent", amount: 2, scope: "shield" }
    },
    {
      id: "double",
      label: "Double it",
      controller: "alice",
      category: "standard",
      watch: { family: "damage" },
      action: { _tag: "Modify", op: "mul", value: 2 }
    }
  ] as const
const event = GameEvent.make("e", [
  GameEvent.damage({ id: "i", source: "alice", recipient: "bear", amount: 3 })
])
const r = Resolver.resolveSync(rules, event, Ledger.make(effects("bear")), view, Chooser.scripted(["shield"]))
if (Result.isFailure(r)) fail(r.failure.message)
else if (r.success.happened[0]?.amount !== 2)
  fail(`core: expected 2 dealt, got ${r.success.happened[0]?.amount}`)

// 2. scenario: a YAML scenario for a one-line ruleset, parsed and checked
const tiny: Ruleset.Ruleset<{ readonly bear: string }> = {
  id: "tiny",
  name: "Tiny",
  description: "smoke test",
  rulesVersion: "1",
  schema: Schema.Struct({ bear: Schema.String }),
  rules,
  coverage: [],
  compile: (s) =>
    s.bear === "bear"
      ? Result.succeed({ view, ledger: Ledger.make(effects(s.bear)), steps: [{ _tag: "Event", event }] })
      : Result.fail(new Errors.ScenarioInvalid({ path: "bear", reason: "unknown" }))
}
const yaml = `ruleset: tiny
bear: bear
decisions: [double]
expect:
  events:
    e: { dealt: { bear: 4 } }
`
const loaded = parseScenario(yaml, "smoke.yaml", [tiny])
if (Result.isFailure(loaded)) fail(loaded.failure.message)
else if (!checkScenario(loaded.success).ok) fail("scenario: expectation not met")

// 3. every adapter loads and exports its ruleset
for (const name of process.argv.slice(2)) {
  const m: Record<string, unknown> = await import(name)
  const ruleset = m["ruleset"] as Ruleset.AnyRuleset | undefined
  console.log(
    `${name}: ${ruleset === undefined ? `loaded (${Object.keys(m).length} exports)` : `ruleset ${ruleset.id} — ${ruleset.name}`}`
  )
}
console.log("smoke: ok")
