/**
 * Workload 4, `riftbound-assign`: minimum lethal input and validation of an assignment for u
 * defenders × r replacement effects each, through `@bulwark/riftbound`'s assignment API
 * (`Combat.isLegalAssignment`: each unit's minimum lethal input, 465.2.c.4.a, then the
 * assignment rules, 465.2.c), against a hand-written baseline; `riftbound-validate` is the same
 * check through `Combat.validateAssignment`, which also builds the record of every unit and
 * violation.
 *
 * Each defender has Might 3–5 and no marked damage; its r effects alternate "+1 damage" and
 * "double the damage" (Riftbound 369–370 replacement effects), ordered by its controller, who
 * wants it to take as little as possible. The proposal gives each defender exactly its minimum
 * lethal input, in order: legal.
 */
import { GameView, Ledger, type Replacement } from "@bulwark/core"
import { Combat, Effects } from "@bulwark/riftbound"
import { Result } from "effect"
import type { Row } from "./workloads.js"

const nameOf = (u: number, r: number, record = false): string =>
  `riftbound-${record ? "validate" : "assign"}-u${u}-r${r}`

const mightOf = (i: number): number => 3 + (i % 3)

/** Baseline: the applied value of input x with d doublings and a additions, least order first. */
const appliedValue = (x: number, d: number, a: number): number => (x === 0 ? 0 : x * 2 ** d + a)

const baseline = (u: number, r: number) => {
  const d = Math.floor(r / 2)
  const a = r - d
  const mins: Array<number> = []
  for (let i = 0; i < u; i++) {
    const might = mightOf(i)
    let x = 0
    while (appliedValue(x, d, a) < might) x++
    mins.push(x)
  }
  // 465.2.c.4: lethal to each unit in order before the next, never more while others remain
  const assign = mins
  const violations: Array<number> = []
  let total = 0
  for (let i = 0; i < u; i++) {
    total += assign[i]!
    if (i < u - 1 && assign[i]! !== mins[i]!) violations.push(i)
  }
  return { mins, legal: violations.length === 0, total }
}

const row = (u: number, r: number, record = false): Row => {
  const units = Array.from({ length: u }, (_, i) => `U${i}`)
  const view = GameView.make({
    players: ["A", "B"],
    activePlayer: "A",
    objects: units.map((id, i) => ({
      id,
      kind: "object" as const,
      controller: "B",
      owner: "B",
      zone: "board",
      props: { types: ["unit"], might: mightOf(i), damage: 0 }
    }))
  })
  const effects: Array<Replacement.Replacement> = units.flatMap((unit) =>
    Array.from({ length: r }, (_, j) =>
      j % 2 === 0
        ? Effects.modify({ id: `${unit}-add${j}`, controller: "A", to: unit, op: "add", value: 1 })
        : Effects.double({ id: `${unit}-double${j}`, controller: "A", to: unit })
    )
  )
  const ctx: Combat.Context = { view, ledger: Ledger.make(effects) }
  const expected = baseline(u, r)
  const proposal: Combat.Proposal = {
    total: expected.total,
    units,
    assign: Object.fromEntries(units.map((id, i) => [id, expected.mins[i]!]))
  }
  const bulwark = record
    ? () => Combat.validateAssignment(ctx, proposal)
    : () => Combat.isLegalAssignment(ctx, proposal)
  const name = nameOf(u, r, record)
  return {
    name,
    bulwark,
    baseline: () => baseline(u, r),
    verify: () => {
      const v = Combat.validateAssignment(ctx, proposal)
      const legal = Combat.isLegalAssignment(ctx, proposal)
      if (Result.isFailure(v)) throw new Error(String(v.failure))
      if (Result.isFailure(legal)) throw new Error(String(legal.failure))
      if (legal.success !== v.success.legal)
        throw new Error(`${name}: isLegalAssignment and validateAssignment differ`)
      const mins = units.map((id) => v.success.units[id]?.min)
      const b = baseline(u, r)
      const x = JSON.stringify([mins, legal.success])
      const y = JSON.stringify([b.mins, b.legal])
      if (x !== y) throw new Error(`${name}: Bulwark gave ${x}, the baseline ${y}`)
    }
  }
}

/**
 * The riftbound rows (u = 4, 16; r = 2, 4; and the whole record for u = 16, r = 4), by name; a
 * row's input is built only when it is measured.
 */
export const riftboundRows: ReadonlyArray<readonly [string, () => Row]> = [
  ...[4, 16].flatMap((u) => [2, 4].map((r) => [nameOf(u, r), () => row(u, r)] as const)),
  [nameOf(16, 4, true), () => row(16, 4, true)] as const
]
