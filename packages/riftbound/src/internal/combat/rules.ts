/**
 * The assignment rules, pure: they work on `UnitInfo` values, without a game view. `check` lists
 * every violation of a split (465.2.c, c.3, c.4, c.4.a, c.6–c.10, 815.1.b Tank, 826.3 Backline);
 * `solveWith` finds a legal split or one killing as many units as possible. Invariants: a unit
 * with both Tank and Backline is checked in the role that breaks the fewest rules unless its role
 * is given (465.2.c.8–c.9); at most 10 such units are tried both ways; exempt units take nothing
 * while another unit is short of lethal (465.2.c.10).
 *
 * @internal
 */
import type { Goal, Proposal, Role, Solution, UnitInfo, Validation, Violation } from "../../Combat.js"

const rankOf = (role: Role): number => (role === "tank" ? 0 : role === "normal" ? 1 : 2)

const defaultRole = (u: UnitInfo, ignoreBackline: boolean): Role =>
  u.tank ? "tank" : u.backline && !ignoreBackline ? "backline" : "normal"

const isDual = (u: UnitInfo, ignoreBackline: boolean): boolean => u.tank && u.backline && !ignoreBackline

const roleCombos = (
  units: ReadonlyArray<UnitInfo>,
  ignoreBackline: boolean,
  fixed: Readonly<Record<string, "tank" | "backline">>
): ReadonlyArray<Record<string, Role>> => {
  const base: Record<string, Role> = {}
  const dual: Array<string> = []
  for (const u of units) {
    if (u.exempt) continue
    const f = fixed[u.id]
    if (isDual(u, ignoreBackline) && f === undefined) dual.push(u.id)
    base[u.id] = isDual(u, ignoreBackline) && f !== undefined ? f : defaultRole(u, ignoreBackline)
  }
  if (dual.length === 0) return [base]
  const limited = dual.slice(0, 10)
  const out: Array<Record<string, Role>> = []
  for (let mask = 0; mask < 1 << limited.length; mask++) {
    const r = { ...base }
    limited.forEach((id, i) => {
      r[id] = (mask >> i) & 1 ? "backline" : "tank"
    })
    out.push(r)
  }
  return out
}

const violationsWith = (
  units: ReadonlyArray<UnitInfo>,
  total: number,
  assign: Readonly<Record<string, number>>,
  roles: Readonly<Record<string, Role>>,
  dual: ReadonlyMap<string, "given" | "free"> = new Map()
): Array<Violation> => {
  const v: Array<Violation> = []
  const known = new Set<string>()
  for (const u of units) known.add(u.id)
  let sum = 0
  for (const id in assign) {
    if (!Object.hasOwn(assign, id)) continue
    const n = assign[id] as number
    if (!known.has(id))
      v.push({ rule: "465.2.c", unit: id, message: `${id} is not one of the units damage is assigned among` })
    if (!Number.isInteger(n) || n < 0)
      v.push({ rule: "465.2.c", unit: id, message: `${id}: ${n} is not a whole amount of damage ≥ 0` })
    else sum += n
  }
  if (sum !== total)
    v.push({
      rule: "465.2.c",
      message: `${sum} damage is assigned, but the amount to assign is ${total} (the summed Might)`
    })
  // each unit's assigned amount and whether that is lethal, read once (not once per rule)
  const n = units.length
  const amount: Array<number> = new Array(n)
  const lethal: Array<boolean> = new Array(n)
  let allFull = true
  for (let i = 0; i < n; i++) {
    const u = units[i] as UnitInfo
    const x = assign[u.id] ?? 0
    amount[i] = x
    lethal[i] = u.min !== "never" && x >= u.min
    if (!u.exempt && !lethal[i]) allFull = false
  }
  for (let i = 0; i < n; i++) {
    const u = units[i] as UnitInfo
    if (u.exempt || u.min === "never" || allFull || (amount[i] as number) <= u.min) continue
    v.push({
      rule: u.increases ? "465.2.c.4.a" : "465.2.c.4",
      unit: u.id,
      message: u.increases
        ? `${u.id} is assigned ${amount[i]}, but its replacement effects make ${u.min} the minimum input whose applied value is lethal, and other units remain`
        : `${u.id} is assigned ${amount[i]}, more than the ${u.min} needed for lethal damage, while other units remain`
    })
  }
  for (let i = 0; i < n; i++) {
    const u = units[i] as UnitInfo
    if (u.exempt && (amount[i] as number) > 0 && !allFull)
      v.push({
        rule: "465.2.c.10",
        unit: u.id,
        message: `${u.id} can't be dealt damage and is ignored for lethal assignment; damage goes to the other units first`
      })
  }
  const partial: Array<number> = []
  for (let i = 0; i < n; i++)
    if (!(units[i] as UnitInfo).exempt && (amount[i] as number) > 0 && !lethal[i]) partial.push(i)
  if (partial.length > 1) {
    for (const i of partial) {
      const u = units[i] as UnitInfo
      v.push({
        rule: "465.2.c.3",
        unit: u.id,
        message: `${u.id} is assigned ${amount[i]}, short of lethal (${u.min === "never" ? "never lethal" : `${u.min} needed`}), while ${partial
          .filter((j) => j !== i)
          .map((j) => (units[j] as UnitInfo).id)
          .join(
            ", "
          )} also ${partial.length > 2 ? "are" : "is"} short of lethal: lethal damage must be assigned in full before moving on`
      })
    }
  }
  let ranked = false
  for (const u of units) if (u.tank || u.backline) ranked = true
  // no Tank and no Backline: every unit is "normal" and nothing is out of order
  if (!ranked) return v
  // the least rank among the units of each controller still short of lethal: a unit assigned
  // damage breaks the order only if one of its controller's units ranks before it (so a legal
  // split is checked in O(units), and only a unit that does break it is compared with each)
  const leastRank = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const a = units[i] as UnitInfo
    if (a.exempt || lethal[i]) continue
    const r = rankOf(roles[a.id] ?? "normal")
    const m = leastRank.get(a.controller)
    if (m === undefined || r < m) leastRank.set(a.controller, r)
  }
  const mandatory = units.filter((u) => !u.exempt)
  const s = (u: UnitInfo): number => assign[u.id] ?? 0
  const full = (u: UnitInfo): boolean => u.min !== "never" && s(u) >= u.min
  for (const b of mandatory) {
    if (leastRank.size === 0 || s(b) === 0) continue
    const least = leastRank.get(b.controller)
    if (least === undefined || least >= rankOf(roles[b.id] ?? "normal")) continue
    for (const a of mandatory) {
      if (a === b || a.controller !== b.controller || full(a)) continue
      const ra = rankOf(roles[a.id] ?? "normal")
      const rb = rankOf(roles[b.id] ?? "normal")
      if (ra >= rb) continue
      const what =
        ra === 0
          ? `${b.id} is assigned damage before ${a.id} (Tank) has lethal damage assigned (465.2.c.6)`
          : `${b.id} (Backline) is assigned damage before ${a.id} has lethal damage assigned (465.2.c.6)`
      const d = dual.has(a.id) ? a.id : dual.has(b.id) ? b.id : undefined
      v.push(
        d !== undefined
          ? {
              rule: "465.2.c.8",
              unit: b.id,
              message: `${what}; ${d} has both Tank and Backline and the assigner applies only one of them: checked as ${roles[d] ?? "normal"} (${dual.get(d) === "given" ? "the role given" : "the choice breaking the fewest rules; the other is not fulfilled either"})`
            }
          : { rule: ra === 0 ? "815.1.b" : "826.3", unit: b.id, message: what }
      )
    }
  }
  return v
}

/**
 * Checks a split against the assignment rules, given the units' {@link UnitInfo}. Returns
 * every violation; roles for units with both Tank and Backline are chosen to break as few rules
 * as possible unless fixed (465.2.c.8–c.9).
 *
 * Rules checked: the split adds up to the total (465.2.c) — 0 when there is no unit to assign
 * among (465.1: "If both Attacking and Defending units remain at this battlefield, the following
 * Tasks become Outstanding"), as {@link solveWith} assigns nothing then; lethal damage in full before moving
 * on (465.2.c.3); no more than lethal while other units remain (465.2.c.4, 465.2.c.4.a); Tank
 * first and Backline last among units of the same controller (815.1.b, 826.3, 465.2.c.6–c.7);
 * a unit with both Tank and Backline fulfils the one the assigner applies, and a violation
 * involving it cites 465.2.c.8; units that can't be dealt damage are ignored for lethal
 * assignment (465.2.c.10).
 *
 * `check` reads no game view, so it can't work a total out from the proposal's `attackers`: give
 * it the `total` (without one, the split's own sum is the total). {@link validateAssignment}
 * works it out from the attackers.
 *
 * @example
 * ```ts
 * import { Combat } from "@bulwark/riftbound"
 * const u = (id: string): Combat.UnitInfo => ({ id, controller: "B", tank: false, backline: false, min: 2, exempt: false, increases: false })
 * const units = [u("U1"), u("U2"), u("U3"), u("U4")]
 * Combat.check(units, { total: 5, units: ["U1", "U2", "U3", "U4"], assign: { U1: 3, U2: 2 } }).violations[0]?.rule // "465.2.c.4"
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const check = (units: ReadonlyArray<UnitInfo>, proposal: Proposal): Validation => {
  // 465.1: with no unit left to assign among, nothing is assigned — the amount due is 0; a
  // proposal with no total (its attackers are not known here) is checked against its own sum
  const total =
    units.length === 0 ? 0 : (proposal.total ?? Object.values(proposal.assign).reduce((n, x) => n + x, 0))
  const ignore = proposal.ignoreBackline === true
  let best: { v: Array<Violation>; roles: Record<string, Role> } | undefined
  const dual = new Map<string, "given" | "free">()
  for (const u of units)
    if (isDual(u, ignore)) dual.set(u.id, proposal.roles?.[u.id] === undefined ? "free" : "given")
  for (const roles of roleCombos(units, ignore, proposal.roles ?? {})) {
    const v = violationsWith(units, total, proposal.assign, roles, dual)
    if (best === undefined || v.length < best.v.length) best = { v, roles }
    if (v.length === 0) break
  }
  const chosen = best ?? { v: violationsWith(units, total, proposal.assign, {}), roles: {} }
  const info: Record<string, { input: number; min: number | "never"; exempt: boolean }> = {}
  for (const u of units) info[u.id] = { input: proposal.assign[u.id] ?? 0, min: u.min, exempt: u.exempt }
  return { legal: chosen.v.length === 0, violations: chosen.v, roles: chosen.roles, units: info }
}

const byRankThenMin =
  (roles: Readonly<Record<string, Role>>, byMin: boolean, position: Map<string, number>) =>
  (a: UnitInfo, b: UnitInfo): number => {
    const r = rankOf(roles[a.id] ?? "normal") - rankOf(roles[b.id] ?? "normal")
    if (r !== 0) return r
    const na = a.min === "never" ? 1 : 0
    const nb = b.min === "never" ? 1 : 0
    if (na !== nb) return na - nb
    if (byMin && a.min !== "never" && b.min !== "never" && a.min !== b.min) return a.min - b.min
    return (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)
  }

const walk = (
  sequence: ReadonlyArray<UnitInfo>,
  exempt: ReadonlyArray<UnitInfo>,
  total: number,
  roles: Readonly<Record<string, Role>>
): Solution => {
  const assign: Record<string, number> = {}
  const order: Array<string> = []
  let left = total
  let kills = 0
  for (const u of sequence) {
    if (left <= 0) break
    const give = u.min === "never" ? left : Math.min(u.min, left)
    if (give > 0 || u.min === 0) {
      assign[u.id] = give
      order.push(u.id)
    }
    if (u.min !== "never" && give >= u.min) kills++
    left -= give
  }
  if (left > 0) {
    const last = order[order.length - 1] ?? exempt[0]?.id
    if (last !== undefined) {
      assign[last] = (assign[last] ?? 0) + left
      if (!order.includes(last)) order.push(last)
    }
  }
  return { assign, sequence: order, roles, kills }
}

/**
 * Solves an assignment from the units' {@link UnitInfo}: a legal split of `total` (465.2.c), or
 * for `killMost` one that gives as many units lethal damage as possible. Units are taken Tank
 * first and Backline last per controller (465.2.c.6), each gets exactly its minimum lethal input
 * (465.2.c.3–c.4.a), the unit where the damage runs out gets the rest, and damage left once every
 * unit has lethal goes to the last one; units that can't be dealt damage are skipped (465.2.c.10).
 *
 * @example
 * ```ts
 * import { Combat } from "@bulwark/riftbound"
 * const u = (id: string, min: number): Combat.UnitInfo => ({ id, controller: "B", tank: false, backline: false, min, exempt: false, increases: false })
 * Combat.solveWith([u("big", 4), u("small", 1)], 5, "killMost").kills // 2
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const solveWith = (
  units: ReadonlyArray<UnitInfo>,
  total: number,
  goal: Goal = "legal",
  options: {
    readonly ignoreBackline?: boolean | undefined
    readonly roles?: Readonly<Record<string, "tank" | "backline">> | undefined
  } = {}
): Solution => {
  const ignore = options.ignoreBackline === true
  const position = new Map(units.map((u, i) => [u.id, i] as const))
  const mandatory = units.filter((u) => !u.exempt)
  const exempt = units.filter((u) => u.exempt)
  let best: Solution | undefined
  for (const roles of roleCombos(units, ignore, options.roles ?? {})) {
    const cmp = byRankThenMin(roles, goal === "killMost", position)
    let solution: Solution
    if (goal === "legal") {
      solution = walk([...mandatory].sort(cmp), exempt, total, roles)
    } else {
      // per controller, a sorted list; the units killed are a prefix of each list
      const controllers = [...new Set(mandatory.map((u) => u.controller))]
      const lists = controllers.map((c) => mandatory.filter((u) => u.controller === c).sort(cmp))
      let bestPick: { lens: Array<number>; kills: number; cost: number } | undefined
      const lens = lists.map(() => 0)
      const go = (i: number, cost: number, kills: number): void => {
        if (i === lists.length) {
          if (
            bestPick === undefined ||
            kills > bestPick.kills ||
            (kills === bestPick.kills && cost < bestPick.cost)
          )
            bestPick = { lens: [...lens], kills, cost }
          return
        }
        const list = lists[i] as Array<UnitInfo>
        let c = cost
        for (let l = 0; l <= list.length; l++) {
          if (c > total) break
          lens[i] = l
          go(i + 1, c, kills + l)
          const next = list[l]
          if (next === undefined || next.min === "never") break
          c += next.min
        }
        lens[i] = 0
      }
      go(0, 0, 0)
      const pick = bestPick ?? { lens: lists.map(() => 0), kills: 0, cost: 0 }
      const seq: Array<UnitInfo> = []
      lists.forEach((list, i) => {
        for (const u of list.slice(0, pick.lens[i] ?? 0)) seq.push(u)
      })
      lists.forEach((list, i) => {
        for (const u of list.slice(pick.lens[i] ?? 0)) seq.push(u)
      })
      solution = walk(seq, exempt, total, roles)
    }
    if (best === undefined || solution.kills > best.kills) best = solution
    if (goal === "legal") break
  }
  return best ?? { assign: {}, sequence: [], roles: {}, kills: 0 }
}
