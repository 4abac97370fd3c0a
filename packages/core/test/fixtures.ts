/**
 * Three tiny in-test rulesets (the proof that core is game-agnostic) and builders for effects.
 *
 * (a) "affected": the affected object's controller chooses, self-replacements first;
 * (b) "groups": two fixed groups (no amount, then an amount), the inactive player's effects
 *     before the active player's, stop at 0;
 * (c) "declare": the prevention's controller declares which points it prevents, slots × players
 *     with a starting player.
 */
import { Effect, Result } from "effect"
import { GameEvent, GameView, type Kernel, Policy as P, type Policy, type Replacement } from "../src/index.js"

export const affected: Policy.Rules = {
  name: "affected",
  order: P.affectedChooses({
    name: "affected",
    rule: "T-a 1: the affected object's controller chooses",
    tiers: [{ name: "self-replacement", categories: ["self"] }, { name: "any" }]
  }),
  assignment: P.recipientControllerAllocates("T-a 2: the shielded object's controller divides")
}

export const groups: Policy.Rules = {
  name: "groups",
  order: P.slotsByPlayer({
    name: "groups",
    rule: "T-b 1: no-amount group first, inactive player before active",
    slots: [
      { name: "no amount", match: (e) => e.action._tag === "Prevent" && e.action.amount === "all" },
      { name: "amount" }
    ],
    players: "inactiveThenActive"
  }),
  assignment: P.recipientControllerAllocates("T-b 2")
}

export const declare: Policy.Rules = {
  name: "declare",
  order: P.slotsByPlayer({
    name: "declare",
    rule: "T-c 1: slots, then players clockwise from the selected one",
    slots: [
      { name: "standard", categories: ["standard"] },
      { name: "prevention", categories: ["prevention"] }
    ],
    players: "clockwiseFromSelected",
    startingPlayerRule: "T-c 0: the turn player selects a starting player"
  }),
  assignment: P.effectControllerAllocates("T-c 2: the prevention's controller declares each point")
}

export const view = GameView.make({
  players: ["ap", "nap"],
  activePlayer: "ap",
  objects: [
    {
      id: "apUnit",
      kind: "object",
      controller: "ap",
      owner: "ap",
      zone: "battlefield",
      props: { colors: ["white"] }
    },
    {
      id: "napUnit",
      kind: "object",
      controller: "nap",
      owner: "nap",
      zone: "battlefield",
      props: { colors: ["green"] }
    },
    { id: "napAlly", kind: "object", controller: "nap", owner: "nap", zone: "battlefield", props: {} },
    {
      id: "src",
      kind: "object",
      controller: "ap",
      owner: "ap",
      zone: "battlefield",
      props: { colors: ["red"] }
    },
    {
      id: "src2",
      kind: "object",
      controller: "ap",
      owner: "ap",
      zone: "battlefield",
      props: { colors: ["green"] }
    }
  ]
})

export const dmg = (
  id: string,
  recipient: string,
  amount: number,
  extra: Partial<{ source: string; preventable: boolean; kinds: ReadonlyArray<string> }> = {}
) =>
  GameEvent.damage({
    id,
    recipient,
    amount,
    source: extra.source ?? "src",
    preventable: extra.preventable ?? true,
    kinds: extra.kinds ?? []
  })

export const to = (ids: ReadonlyArray<string>) => ({ _tag: "Id", ids }) as const

export const shield = (
  id: string,
  controller: string,
  on: ReadonlyArray<string>,
  amount: number,
  extra: Partial<Replacement.Replacement> = {}
): Replacement.Replacement => ({
  id,
  label: `Prevent the next ${amount} damage to ${on.join("/")}`,
  controller,
  category: "prevention",
  watch: { family: "damage", subject: to(on) },
  action: { _tag: "Prevent", amount, scope: "shield" },
  ...extra
})

export const preventAll = (
  id: string,
  controller: string,
  extra: Partial<Replacement.Replacement> = {}
): Replacement.Replacement => ({
  id,
  label: "Prevent all damage",
  controller,
  category: "prevention",
  watch: { family: "damage" },
  action: { _tag: "Prevent", amount: "all", scope: "static" },
  ...extra
})

export const double = (
  id: string,
  controller: string,
  extra: Partial<Replacement.Replacement> = {}
): Replacement.Replacement => ({
  id,
  label: "Double that damage",
  controller,
  category: "standard",
  watch: { family: "damage" },
  action: { _tag: "Modify", op: "mul", value: 2 },
  ...extra
})

export const plus = (
  id: string,
  controller: string,
  n: number,
  extra: Partial<Replacement.Replacement> = {}
): Replacement.Replacement => ({
  id,
  label: `+${n} damage`,
  controller,
  category: "standard",
  watch: { family: "damage" },
  action: { _tag: "Modify", op: "add", value: n },
  ...extra
})

/** The resolution of a successful result; a failure fails the test with its message. */
export const ok = (r: Result.Result<Kernel.Resolution, { readonly message: string }>): Kernel.Resolution => {
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

/** The damage a resolution dealt to one recipient. */
export const dealt = (r: Kernel.Resolution, id: string): number =>
  r.happened.filter((o) => o.subject === id && o.family === "damage").reduce((n, o) => n + o.amount, 0)

/** A small deterministic PRNG (mulberry32). */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/**
 * Runs an Effect as a promise and counts the turns the event loop took meanwhile (a
 * `setImmediate` callback that schedules itself again until the Effect is done).
 */
export const turnsDuring = async <A>(effect: Effect.Effect<A>): Promise<{ value: A; turns: number }> => {
  let turns = 0
  let stop = false
  const tick = () => {
    turns++
    if (!stop) setImmediate(tick)
  }
  setImmediate(tick)
  const value = await Effect.runPromise(effect)
  stop = true
  return { value, turns }
}
