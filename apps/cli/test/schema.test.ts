/**
 * `bulwark schema <ruleset>` (issue 16, acceptance): the four rulesets' schemas have the same
 * top-level properties, and each schema's effects are discriminated by the same key, `kind`, a
 * `const` per branch — one branch per effect kind of the ruleset's language.
 */

import { Skeleton } from "@bulwark/scenario"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { runCli } from "../src/cli.js"
import * as Registry from "./installed.js"

type Json = Record<string, unknown>

/** The four games this CLI ships, named here so that one not moved to the one language fails. */
/** Every installed ruleset (none listed by hand). */
const IDS = Registry.ids

const schemaOf = (id: string) =>
  Effect.gen(function* () {
    // the test console keeps the lines of earlier runs: take only this run's
    const before = (yield* TestConsole.logLines).length
    const code = yield* runCli(["schema", id])
    const out = (yield* TestConsole.logLines).slice(before).join("\n")
    return { code, json: JSON.parse(out) as Json }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

const GENERIC = ["format", "ruleset", "title", "description", "decisions", "strategy", "budget", "expect"]

const branchesOf = (items: unknown): ReadonlyArray<Json> => {
  const i = items as Json
  return Array.isArray(i.anyOf) ? (i.anyOf as Array<Json>) : [i]
}

describe("bulwark schema: one skeleton for every game", () => {
  it("the installed rulesets are those the CLI's dependencies declare, each in the one language (it has a `language`)", () => {
    assert.deepStrictEqual(IDS, Registry.declared)
    for (const id of IDS)
      assert.isDefined(Registry.find(id)?.language, `${id} still reads its own format-1 language`)
  })

  it.effect("the same top-level properties, `format`, `ruleset` and `players` required", () =>
    Effect.gen(function* () {
      const tops: Array<string> = []
      for (const id of IDS) {
        const { code, json } = yield* schemaOf(id)
        assert.strictEqual(code, 0)
        assert.strictEqual(json.$schema, "https://json-schema.org/draft/2020-12/schema")
        assert.strictEqual(json.type, "object")
        assert.strictEqual(json.additionalProperties, false, id)
        const props = json.properties as Record<string, Json>
        assert.deepStrictEqual(Object.keys(props), [...GENERIC, ...Skeleton.bodyKeys], id)
        assert.deepStrictEqual(json.required, ["format", "ruleset", "players"], id)
        assert.deepStrictEqual(props.format?.const, Skeleton.FORMAT, id)
        assert.deepStrictEqual(props.ruleset?.const, id)
        tops.push(Object.keys(props).join(","))
      }
      assert.strictEqual(new Set(tops).size, 1)
    })
  )

  it.effect("effects are discriminated by `kind`: a `const` per branch, one branch per kind", () =>
    Effect.gen(function* () {
      for (const id of IDS) {
        const { json } = yield* schemaOf(id)
        const effects = (json.properties as Record<string, Json>).effects as Json
        assert.strictEqual(effects.type, "array", id)
        const branches = branchesOf(effects.items)
        const kinds = branches.map((b) => {
          const props = b.properties as Record<string, Json>
          assert.isString(props.kind?.const, `${id}: a branch without a kind const`)
          assert.include(b.required as Array<string>, "kind", id)
          assert.include(b.required as Array<string>, "id", id)
          assert.strictEqual(b.additionalProperties, false, id)
          return props.kind?.const as string
        })
        assert.deepStrictEqual(
          [...kinds].sort(),
          Object.keys(Registry.find(id)?.language?.effects ?? {}).sort(),
          id
        )
        assert.strictEqual(new Set(kinds).size, kinds.length, `${id}: two branches with one kind`)
      }
    })
  )

  it.effect("steps are one-key mappings: the core step kinds in every ruleset, then its own", () =>
    Effect.gen(function* () {
      for (const id of IDS) {
        const { json } = yield* schemaOf(id)
        const steps = (json.properties as Record<string, Json>).steps as Json
        const keys = branchesOf(steps.items).map((b) => {
          assert.strictEqual((b.required as Array<string>).length, 1, id)
          assert.strictEqual(b.additionalProperties, false, id)
          return (b.required as Array<string>)[0] as string
        })
        assert.deepStrictEqual(keys.slice(0, Skeleton.coreSteps.length), [...Skeleton.coreSteps], id)
        assert.deepStrictEqual(
          keys.slice(Skeleton.coreSteps.length),
          Object.keys(Registry.find(id)?.language?.steps ?? {}),
          id
        )
      }
    })
  )
})
