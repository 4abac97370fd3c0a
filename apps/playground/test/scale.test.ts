/**
 * The playground engine at scale: a 100 000-occurrence event and 2 000 active effects, for each
 * of the four rulesets, loaded and driven as the page drives them (script mode). Before, the
 * engine spread the decision log into `push(...xs)`, and the scenario path under it overflowed
 * the stack or took quadratic time. Capacity, not speed: the timeouts are only generous bounds.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { eventId, expectedTotal, games, scenario } from "../../cli/test/scale.ts"
import { loadAllRulesets } from "../src/bundled.ts"
import { drive, load } from "../src/engine.ts"

const rulesets = await loadAllRulesets()

const sizes = [
  { occurrences: 100_000, effects: 10 },
  { occurrences: 2_000, effects: 2_000 }
] as const

describe("scale through the playground engine", () => {
  for (const game of games)
    for (const { occurrences, effects } of sizes)
      it(`${game}: ${occurrences} occurrences and ${effects} effects`, { timeout: 600_000 }, () => {
        const loaded = load(JSON.stringify(scenario(game, occurrences, effects)), `${game}.json`, rulesets)
        if (Result.isFailure(loaded)) throw new Error(JSON.stringify(loaded.failure).slice(0, 500))
        const d = drive(loaded.success, "script", [])
        expect(d.error).toBeUndefined()
        expect(d.pending).toBeUndefined()
        const dealt = (d.run?.outcome.events[eventId]?.dealt ?? {}) as Record<string, number>
        expect(Object.values(dealt).reduce((s, n) => s + n, 0)).toBe(expectedTotal(occurrences, effects))
        expect(d.entries.length).toBeGreaterThan(0)
      })
})
