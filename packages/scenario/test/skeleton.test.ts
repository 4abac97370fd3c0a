import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { checkScenario, parseScenario } from "../src/index.js"
import { tiny2 } from "./tiny2.js"

const base = `format: 2
ruleset: tiny
players: [a, b]
turn: a
objects:
  - { id: U, controller: b, might: 3 }
  - { id: X, controller: a }
`
const load = (text: string) => parseScenario(text, "case.yaml", [tiny2])
const problems = (text: string): ReadonlyArray<string> => {
  const r = load(text)
  if (Result.isSuccess(r)) return []
  const e = r.failure as { issues?: ReadonlyArray<{ path: string; message: string }>; message: string }
  return e.issues?.map((i) => `${i.path}: ${i.message}`) ?? [e.message]
}

describe("the skeleton (format 2)", () => {
  it("compiles and runs: a shield and a double on one unit, the affected controller orders (T 1)", () => {
    const r = load(`${base}effects:
  - { kind: shield, id: s, controller: b, to: U, amount: 2 }
  - { kind: double, id: d, controller: a, to: { might: 3 } }
steps:
  - event: { id: e, occurrences: [{ source: X, to: U, amount: 3 }] }
  - ping: { id: p, from: X, to: U }
  - query: { name: life, lifeOf: a }
decisions: [d]
expect:
  events:
    e: { dealt: { U: 4 }, occurrences: { e-U: { prevented: 2 } } }
`)
    assert.isTrue(Result.isSuccess(r), Result.isFailure(r) ? r.failure.message : "")
    if (Result.isFailure(r)) return
    const c = checkScenario(r.success)
    assert.isTrue(c.ok, JSON.stringify(c.mismatches))
  })
  it("a file without a format key, of a ruleset that never had format 1, is told to add `format: 4`", () => {
    const r = load("ruleset: tiny\nplayers: [a]\n")
    assert.isTrue(Result.isFailure(r))
    if (Result.isSuccess(r)) return
    assert.strictEqual(r.failure._tag, "SchemaMismatch")
    assert.include(r.failure.message, "add `format: 4`")
  })
  const one: ReadonlyArray<readonly [string, string, string]> = [
    [
      "unknown kind",
      "effects:\n  - { kind: sheild, id: s, to: U, amount: 1 }\n",
      'effects[0].kind: unknown kind "sheild" (did you mean "shield"?)'
    ],
    ["missing kind", "effects:\n  - { id: s, to: U, amount: 1 }\n", 'effects[0]: missing key "kind"'],
    [
      "typo'd option",
      "effects:\n  - { kind: shield, id: s, to: U, amonut: 1 }\n",
      'effects[0].amonut: unknown key "amonut" (did you mean "amount"?)'
    ],
    [
      "typo'd required option (the missing key is the same mistake)",
      "effects:\n  - { kind: shield, idd: s, to: U, amount: 1 }\n",
      'effects[0].idd: unknown key "idd" (did you mean "id"?)'
    ],
    [
      "typo'd key inside an occurrence (a did-you-mean at any depth)",
      "steps:\n  - event: { id: e, occurrences: [{ sorce: X, to: U, amount: 1 }] }\n",
      'steps[0].event.occurrences[0].sorce: unknown key "sorce" (did you mean "source"?)'
    ],
    [
      "typo'd strategy",
      "strategy: frist\n",
      'strategy: Expected "first" | "best-for-chooser", got "frist" (did you mean "first"?)'
    ],
    ["wrong type", "effects:\n  - { kind: shield, id: s, to: U, amount: two }\n", "effects[0].amount:"],
    [
      "unknown id in a selector",
      "effects:\n  - { kind: shield, id: s, to: U2, amount: 1 }\n",
      'effects[0].to: unknown id "U2" (did you mean "U"?)'
    ],
    [
      "unknown selector key",
      "effects:\n  - { kind: shield, id: s, to: { migth: 3 }, amount: 1 }\n",
      'effects[0].to.migth: unknown selector key "migth" (did you mean "might"?)'
    ],
    [
      "unknown step kind",
      "steps:\n  - evnt: { id: e, occurrences: [] }\n",
      'steps[0].evnt: unknown step kind "evnt" (did you mean "event"?)'
    ],
    [
      "bad value in a step",
      "steps:\n  - event: { id: e, occurrences: [{ to: U, amount: -1 }] }\n",
      "steps[0].event.occurrences[0].amount:"
    ],
    [
      "unknown boundary",
      "steps:\n  - advance: endOfTrun\n",
      'steps[0].advance: unknown boundary "endOfTrun" (did you mean "endOfTurn"?)'
    ],
    [
      "unknown question",
      "steps:\n  - query: { name: q, lifeof: a }\n",
      'steps[0].query.lifeof: unknown question "lifeof" (did you mean "lifeOf"?)'
    ],
    ["unknown player as turn", "turn: c\n", 'turn: unknown player "c"'],
    [
      "two keys in a step",
      "steps:\n  - { advance: endOfTurn, ping: { id: p, from: X, to: U } }\n",
      "steps[0]: a step is a mapping with one key"
    ],
    ["unknown top-level key", "efects: []\n", 'efects: unknown key "efects" (did you mean "effects"?)'],
    [
      "typo'd required top-level key (not also missing)",
      "playrs: [a, b]\n",
      'playrs: unknown key "playrs" (did you mean "players"?)'
    ],
    [
      "unknown duration",
      "effects:\n  - { kind: shield, id: s, to: U, amount: 1, duration: eot }\n",
      'effects[0].duration: unknown duration "eot"'
    ]
  ]
  for (const [name, extra, expected] of one)
    it(`one mistake, one problem: ${name}`, () => {
      const text =
        name === "unknown player as turn"
          ? base.replace("turn: a\n", extra)
          : name.startsWith("typo'd required top-level")
            ? base.replace("players: [a, b]\n", extra)
            : base + extra
      const ps = problems(text)
      assert.strictEqual(ps.length, 1, ps.join("\n"))
      assert.include(ps[0], expected, ps[0])
    })
})
