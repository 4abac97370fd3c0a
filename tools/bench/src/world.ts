/**
 * Shared fixtures of the workloads: the game view, the MTG ordering rules, effect builders.
 *
 * The MTG ordering is `@bulwark/mtg`'s `ruleset.rules` (self-replacement tier first, then every
 * other effect; the affected object's controller chooses; the shielded object's controller
 * divides a limited prevention: CR 616.1, 615.7).
 */
import { GameEvent, GameView, type Policy, type Replacement } from "@bulwark/core"
import { ruleset } from "@bulwark/mtg"

/**
 * The rules the MTG workloads run under, and where they came from: `@bulwark/mtg`'s ordering,
 * assignment and predicates (its results stage and commit are left out, because the workloads
 * measure prevention and replacement, which the baselines implement; the
 * `single-shield (mtg results)` row runs the full ruleset).
 */
export const mtg: { readonly rules: Policy.Rules; readonly full: Policy.Rules; readonly from: string } = {
  rules: {
    name: ruleset.rules.name,
    order: ruleset.rules.order,
    assignment: ruleset.rules.assignment,
    predicates: ruleset.rules.predicates
  },
  full: ruleset.rules,
  from: "@bulwark/mtg ruleset (order, assignment, predicates)"
}

/** A view with two players and `n` creatures (`c0`…), all controlled by `nap`, and a source. */
export const board = (n: number): GameView.GameView =>
  GameView.make({
    players: ["ap", "nap"],
    activePlayer: "ap",
    objects: [
      { id: "src", kind: "object", controller: "ap", owner: "ap", zone: "stack", props: { colors: ["red"] } },
      ...Array.from({ length: n }, (_, i) => ({
        id: `c${i}`,
        kind: "object" as const,
        controller: "nap",
        owner: "nap",
        zone: "battlefield",
        props: {}
      }))
    ]
  })

/** One damage occurrence from `src`. */
export const hit = (id: string, recipient: string, amount: number): GameEvent.Occurrence =>
  GameEvent.damage({ id, source: "src", recipient, amount })

const on = (ids: ReadonlyArray<string>) => ({ _tag: "Id", ids }) as const

/** A prevention of the damage dealt to `target`, controlled by `nap`. */
const prevention = (
  id: string,
  target: string,
  amount: number,
  scope: "shield" | "once" | "static",
  label: string
): Replacement.Replacement => ({
  id,
  label,
  controller: "nap",
  category: "prevention",
  watch: { family: "damage", subject: on([target]) },
  action: { _tag: "Prevent", amount, scope }
})

/** "Prevent the next `amount` damage that would be dealt to `target`" (a shield). */
export const shield = (id: string, target: string, amount: number): Replacement.Replacement =>
  prevention(id, target, amount, "shield", `Prevent the next ${amount} damage to ${target}`)

/** "Prevent `amount` of the next damage to `target`" that is used up by one application. */
export const once = (id: string, target: string, amount: number): Replacement.Replacement =>
  prevention(id, target, amount, "once", `Prevent ${amount} of the next damage to ${target}`)

/** "Prevent `amount` of each damage to `target`" (static, per occurrence). */
export const each = (id: string, target: string, amount: number): Replacement.Replacement =>
  prevention(id, target, amount, "static", `Prevent ${amount} of each damage to ${target}`)

/** A modifier of the damage dealt to `target`. */
export const modify = (
  id: string,
  target: string,
  op: "add" | "sub" | "mul",
  value: number
): Replacement.Replacement => ({
  id,
  label: `${op} ${value}`,
  controller: "ap",
  category: "standard",
  watch: { family: "damage", subject: on([target]) },
  action: { _tag: "Modify", op, value }
})
