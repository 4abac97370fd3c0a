/** Small builders for tests: a game view with units and a ledger of effects. */
import { GameView, Ledger, type Replacement } from "@bulwark/core"
import type { Combat } from "../src/index.js"

export interface UnitSpec {
  readonly controller?: string
  readonly might: number
  readonly damage?: number
  readonly tank?: boolean
  readonly backline?: boolean
  readonly order?: ReadonlyArray<string>
}

export const game = (
  units: Readonly<Record<string, UnitSpec>>,
  effects: ReadonlyArray<Replacement.Replacement> = [],
  turn = "A"
): Combat.Context => ({
  view: GameView.make({
    players: ["A", "B"],
    activePlayer: turn,
    objects: [
      ...Object.entries(units).map(([id, u]) => ({
        id,
        kind: "object" as const,
        controller: u.controller ?? "B",
        owner: u.controller ?? "B",
        zone: "board",
        props: {
          types: ["unit"],
          might: u.might,
          damage: u.damage ?? 0,
          tank: u.tank ?? false,
          backline: u.backline ?? false,
          ...(u.order === undefined ? {} : { order: u.order })
        }
      })),
      { id: "spell", kind: "object" as const, controller: "A", owner: "A", zone: "chain", props: {} }
    ]
  }),
  ledger: Ledger.make(effects)
})

export const info = (
  id: string,
  min: number | "never",
  extra: Partial<Combat.UnitInfo> = {}
): Combat.UnitInfo => ({
  id,
  controller: "B",
  tank: false,
  backline: false,
  min,
  exempt: false,
  increases: false,
  ...extra
})
