// A consumer program compiled and run against the packed tarballs, in a fresh project outside
// the workspace (see tools/smoke-pack.mjs). It uses only what a user installing from npm gets.
import {
  Chooser,
  GameEvent,
  GameView,
  Language,
  Ledger,
  Policy,
  type Replacement,
  Resolver,
  type Ruleset
} from "@bulwark/core"
import { checkScenario, Migrate, parseScenario, Skeleton } from "@bulwark/scenario"
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

// 2. scenario: a format-2 YAML scenario for a ruleset that contributes two words (its effect
//    kinds), parsed and checked; a file without `format:` is refused with the migrate hint
const ShieldOptions = Schema.Struct({ ...Language.pick("controller", "to", "amount") })
const DoubleOptions = Schema.Struct({ ...Language.pick("controller", "to") })
const shield = (o: typeof ShieldOptions.Type): Replacement.Replacement => ({
  ...effects("bear")[0],
  id: o.id,
  controller: o.controller ?? "bob",
  watch: { family: "damage", ...(o.to === undefined ? {} : { subject: Language.toFilter(o.to) }) },
  action: {
    _tag: "Prevent",
    amount: Language.toAmount(o.amount ?? 2, "shield amount", { id: o.id }),
    scope: "shield"
  }
})
const double = (o: typeof DoubleOptions.Type): Replacement.Replacement => ({
  ...effects("bear")[1],
  id: o.id,
  controller: o.controller ?? "alice"
})
const tiny: Ruleset.Ruleset = {
  id: "tiny",
  name: "Tiny",
  description: "smoke test",
  rulesVersion: "1",
  language: {
    turn: "active player",
    players: { fields: {} },
    objects: { fields: {}, defaultZone: "board" },
    effects: {
      shield: Language.effectKind({ summary: "prevent the next N", options: ShieldOptions, make: shield }),
      double: Language.effectKind({ summary: "double it", options: DoubleOptions, make: double })
    },
    boundaries: ["endOfTurn"],
    durations: ["endOfTurn"],
    families: ["damage"]
  },
  rules,
  coverage: []
}
const yaml = `format: 2
ruleset: tiny
players: [alice, bob]
objects:
  - { id: bear, controller: bob }
effects:
  - { kind: shield, id: shield, controller: bob, to: bear, amount: 2 }
  - { kind: double, id: double, controller: alice }
steps:
  - event: { id: e, occurrences: [{ id: i, source: alice, to: bear, amount: 3 }] }
decisions: [double]
expect:
  events:
    e: { dealt: { bear: 4 } }
`
const loaded = parseScenario(yaml, "smoke.yaml", [tiny])
if (Result.isFailure(loaded)) fail(loaded.failure.message)
else if (!checkScenario(loaded.success).ok) fail("scenario: expectation not met")
const old = parseScenario("ruleset: tiny\nbear: bear\n", "old.yaml", [tiny])
// a file without format: that does not look like format 1 (this ruleset has no format-1
// migration) is told to add the current format, at its line
if (Result.isSuccess(old) || !old.failure.message.includes(`add \`format: ${Skeleton.FORMAT}\``))
  fail(`scenario: a file without format: should be told to add format: ${Skeleton.FORMAT}`)
if (typeof Migrate.migrateText !== "function") fail("scenario: Migrate.migrateText is not exported")

// 3. every adapter loads and exports its ruleset
for (const name of process.argv.slice(2)) {
  const m: Record<string, unknown> = await import(name)
  const ruleset = m["ruleset"] as Ruleset.AnyRuleset | undefined
  console.log(
    `${name}: ${ruleset === undefined ? `loaded (${Object.keys(m).length} exports)` : `ruleset ${ruleset.id} — ${ruleset.name}`}`
  )
}
console.log("smoke: ok")
