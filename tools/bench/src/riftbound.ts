/**
 * Workload 4, `riftbound-assign`: minimum lethal input and its validation for u defenders × r
 * replacements, through `@bulwark/riftbound`'s assignment API — when that package exports one.
 */
import * as Riftbound from "@bulwark/riftbound"
import type { Row } from "./workloads.js"

const api = Riftbound as unknown as Record<string, unknown>

/** Why the riftbound rows are not run, or `undefined` when they are. */
export const riftboundSkipped: string | undefined =
  typeof api.minimumLethal === "function" ? undefined : "@bulwark/riftbound exports no assignment API yet"

/** The riftbound rows (u = 4, 16; r = 2, 4). */
export const riftboundRows = (): Array<Row> => []

/** The names of the riftbound rows. */
export const riftboundNames: ReadonlyArray<string> = [4, 16].flatMap((u) =>
  [2, 4].map((r) => `riftbound-assign-u${u}-r${r}`)
)
