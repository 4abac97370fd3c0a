/**
 * A player's resources (their Rune Pool's Energy and Power, 317.2.d) and "you may pay …" costs on
 * replacement effects (371.2). Each test quotes the rule it checks and can fail.
 */
import { GameEvent, GameView, Policy, Trace } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, Resources, Rules, ruleset, Scenario } from "../src/index.js"

const run = (text: string) => {
  const r = parseScenario(text, "resources.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run
}

/**
 * P2's unit U (Might 4) is dealt 3 by P1's spell; P2 controls "you may pay `cost` to prevent 2
 * damage that would be dealt to U" (`effect` overrides the effect's keys); P2's pool is `pool`.
 */
const file = (
  pool: string,
  decisions: string,
  effect = "kind: prevent, cost: { pay: 1 }",
  steps = ""
) => `format: 3
ruleset: riftbound
players: [P1, { id: P2${pool} }]
turn: P1
objects:
  - { id: U, controller: P2, types: [unit], might: 4 }
  - { id: bolt, controller: P1, types: [spell] }
  - { id: charm, controller: P2, types: [gear] }
effects:
  - { id: pay, controller: P2, source: charm, to: U, amount: 2, may: true, ${effect} }
${decisions === "" ? "" : `decisions: [${decisions}]\n`}steps:
  - event: { id: e1, occurrences: [{ id: b, to: U, source: bolt, amount: 3 }] }
${steps}`

const damage = (r: ReturnType<typeof run>) => r.outcome.state.U?.damage
const pool = (r: ReturnType<typeof run>) => [r.outcome.state.P2?.energy, r.outcome.state.P2?.power]

describe('"you may pay …" (371.2, 317.2.d)', () => {
  /**
   * 371.2: "If the Replacement Effect says a player "may" apply the Replacement Effect, the player
   * has the choice of whether or not to apply it." 317.2.d: the Rune Pool holds Energy and Power;
   * 370.1.b.1's example: "[Add] [2]" is "adding [2] Energy to your Rune Pool" — "[1]" is 1 Energy.
   */
  it("371.2: P2 chooses to pay [1]: 2 of the 3 are prevented and 1 Energy leaves the pool", () => {
    const r = run(file(", energy: 2, power: 1", "true"))
    assert.strictEqual(damage(r), 1)
    assert.deepStrictEqual(pool(r), [1, 1])
    assert.deepInclude(r.outcome.decisions[0], { kind: "UseOptional", chooser: "P2", answer: true })
    assert.strictEqual(r.outcome.effects.pay?.uses, 1)
    // the cost is an event of its own, resolved first: P2 pays 1 Energy
    const trace = Trace.render(
      r.resolutions.flatMap((x) => x.trace),
      { words: Rules.words }
    )
    assert.match(trace, /P2 would pay 1 Energy/)
    assert.match(trace, /P2 pays 1 Energy/)
    assert.strictEqual(r.outcome.events.e1?.occurrences?.["pay:cost#1"]?.paid, true)
  })

  /**
   * 371.2.a: "the player who controls the Replacement Effect may choose to apply it to the
   * event." 371.2.b: "If they do not, it has not been applied this turn."
   */
  it("371.2.b: P2 declines: nothing is prevented, nothing is paid, the effect is not used", () => {
    const r = run(file(", energy: 2, power: 1", "false"))
    assert.strictEqual(damage(r), 3)
    assert.deepStrictEqual(pool(r), [2, 1])
    assert.strictEqual(r.outcome.effects.pay?.uses, 0)
  })

  /**
   * 317.2.d: a player's resources are the Energy and Power in their Rune Pool. A cost is paid out
   * of it: P2, with no Energy, can't pay [1] — the effect is not offered (nobody is asked) and
   * does not apply.
   */
  it("317.2.d: a pool without the Energy can't pay: P2 is not asked, the effect does not apply", () => {
    const r = run(file(", energy: 0, power: 3", ""))
    assert.strictEqual(damage(r), 3)
    assert.deepStrictEqual(pool(r), [0, 3])
    assert.deepStrictEqual(r.outcome.decisions, [])
    assert.match(Trace.render(r.resolutions.flatMap((x) => x.trace)), /its cost can't be paid/)
    // a player who writes no pool has an empty one
    const none = run(file("", ""))
    assert.strictEqual(damage(none), 3)
    assert.deepStrictEqual(none.outcome.decisions, [])
  })

  /**
   * 428.5.d's example: "you may pay [1][C]" — a cost of 1 Energy and 1 Power (317.2.d: "Any
   * unspent Energy and Power are lost"): both must be in the pool, and both leave it.
   */
  it('"[1][C]": 1 Energy and 1 Power — not offered without the Power, paid with both', () => {
    const both = "kind: prevent, cost: { pay: { energy: 1, power: 1 } }"
    const short = run(file(", energy: 3, power: 0", "", both))
    assert.strictEqual(damage(short), 3)
    assert.deepStrictEqual(short.outcome.decisions, [])
    assert.deepStrictEqual(pool(short), [3, 0])
    const paid = run(file(", energy: 1, power: 1", "true", both))
    assert.strictEqual(damage(paid), 1)
    assert.deepStrictEqual(pool(paid), [0, 0])
  })

  /**
   * 371.2 on a named kind: "The next time U would be dealt damage this turn, you may pay [2] to
   * prevent it" — `preventNext` takes the same `cost`, and its generic form carries it.
   */
  it("371.2: a named kind takes the same cost, and its generic form keeps it", () => {
    const r = run(
      file(", energy: 2", "true", "kind: preventNext, cost: { pay: 2 }").replace(", amount: 2", "")
    )
    assert.strictEqual(damage(r), 0)
    assert.deepStrictEqual(pool(r), [0, undefined])
    const generic = Scenario.language.effects.preventNext?.generic?.({
      id: "n",
      controller: "P2",
      to: "U",
      may: true,
      cost: { pay: 2 }
    })
    assert.deepInclude(generic?.[0], { kind: "prevent", cost: { pay: 2 }, may: true })
    // the constructor and the generic kind give the same cost parts
    const named = Effects.preventNext({ id: "n", controller: "P2", to: "U", may: true, cost: { pay: 2 } })
    const written = Effects.prevent({ id: "n", controller: "P2", to: "U", amount: "all", cost: { pay: 2 } })
    assert.deepStrictEqual([named.cost, named.costPayable], [written.cost, written.costPayable])
  })

  /**
   * 317.2.d: "3e. Each player's Rune Pool empties. Any unspent Energy and Power are lost." — at
   * the Expiration Step, after "this turn" effects expire.
   */
  it("317.2.d: advance endOfTurn empties every Rune Pool", () => {
    const r = run(file(", energy: 2, power: 1", "false", undefined, "  - advance: endOfTurn\n"))
    assert.deepStrictEqual(pool(r), [0, 0])
    // without the advance the pool is kept
    assert.deepStrictEqual(pool(run(file(", energy: 2, power: 1", "false"))), [2, 1])
  })

  /**
   * 437.5.a: lethal is judged "considering the Prevent Value of all Prevent Actions on a Unit";
   * 465.2.c.5: "replacement effects that would apply to the resulting damage are considered to
   * apply to the assignment instead". A "you may pay [1]" prevention counts toward the lethal
   * threshold only when its controller's pool can pay it (317.2.d).
   */
  it("437.5.a / 465.2.c.5: a paid prevention counts toward lethal only when the pool can pay it", () => {
    const lethal = (energy: number) => {
      const r = run(`format: 3
ruleset: riftbound
players: [P1, { id: P2, energy: ${energy} }]
turn: P1
objects:
  - { id: A, controller: P1, types: [unit], might: 5 }
  - { id: U, controller: P2, types: [unit], might: 2 }
effects:
  - { kind: prevent, id: pay, controller: P2, to: U, amount: 2, may: true, cost: { pay: 1 } }
steps:
  - query: { name: m, minimumLethal: { unit: U } }
  - query: { name: v, validate: { attackers: [A], units: [U], assign: { U: 5 } } }
`)
      const v = r.outcome.queries.v as { units: Record<string, { min: number }> }
      return [(r.outcome.queries.m as { input: number }).input, v.units.U?.min]
    }
    assert.deepStrictEqual(lethal(0), [2, 2])
    assert.deepStrictEqual(lethal(1), [4, 4])
  })

  /**
   * 317.2.d: the pool holds what it holds — a `pay` of more than it holds pays nothing (the cost
   * cannot be paid), and never leaves a negative pool.
   */
  it("317.2.d: a pay of more than the pool holds pays nothing, with the reason", () => {
    const view = GameView.make({
      players: ["P2"],
      activePlayer: "P2",
      objects: [{ id: "P2", kind: "player", props: { energy: 1, power: 0 } }]
    })
    const pay = (energy: number, power: number) =>
      Rules.commit(
        view,
        GameEvent.occurrence({
          id: "c",
          family: Resources.PAY,
          subject: "P2",
          amount: energy + power,
          params: { energy, power }
        })
      )
    const refused = pay(2, 0)
    assert.isTrue(typeof refused === "object" && "_tag" in refused && refused._tag === "Committed")
    assert.strictEqual((refused as Policy.Committed).done, 0)
    assert.strictEqual(Policy.viewOf(refused).objects.P2?.props.energy, 1)
    assert.strictEqual(Policy.viewOf(pay(0, 1)).objects.P2?.props.power, 0)
    assert.strictEqual(Policy.viewOf(pay(1, 0)).objects.P2?.props.energy, 0)
  })
})
