/**
 * The meanings table of `@bulwark/scenario` (issue 31, point 8) against the installed rulesets:
 * every word it gives a ruleset is one of that ruleset's kinds or families (so the table names
 * the rulesets' real words, and a renamed kind fails here), every meaning is said by at least two
 * games, and the prevention meanings are what their kinds build ("prevent the next N": a core
 * `Prevent` with scope `shield`; "the next time …, prevent it": amount `all`, scope `once`).
 * And the issue's own example, through the CLI's loader: `preventNext` in an MTG file suggests
 * `shield`.
 */

import { Meanings } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as Registry from "./installed.js"
import { problemsOf } from "./mistakes.js"

describe("the meanings table names the rulesets' own words", () => {
  for (const m of Meanings.meanings)
    it(`${m.what}: ${m.says}`, () => {
      assert.isAtLeast(Object.keys(m.words).length, 2, "a meaning of one game suggests nothing")
      for (const [id, words] of Object.entries(m.words)) {
        const language = Registry.find(id)?.language
        assert.isDefined(language, `no installed ruleset ${id}`)
        if (language === undefined) continue
        const known = m.what === "kind" ? Object.keys(language.effects) : language.families
        for (const w of words) assert.include(known, w, `${id} has no ${m.what} ${w}`)
      }
    })

  const builds: ReadonlyArray<readonly [string, unknown]> = [
    ["prevent the next N", { _tag: "Prevent", amount: 2, scope: "shield" }],
    ["the next time", { _tag: "Prevent", amount: "all", scope: "once" }]
  ]
  for (const [says, action] of builds)
    it(`the kinds of "${says}" build ${JSON.stringify(action)}`, () => {
      const m = Meanings.meanings.find((x) => x.says.startsWith(says))
      assert.isDefined(m)
      for (const [id, words] of Object.entries(m?.words ?? {}))
        for (const w of words) {
          const kind = Registry.find(id)?.language?.effects[w]
          assert.isDefined(kind, `${id}.${w}`)
          if (kind === undefined) continue
          const options = Schema.decodeUnknownSync(kind.options)({
            id: "m",
            controller: "p",
            to: "U",
            amount: 2
          })
          const made = kind.make(options)
          const r = Array.isArray(made) ? made[0] : made
          assert.deepInclude((r as { action: unknown }).action, action as object, `${id}.${w}`)
        }
    })
})

it("the issue's example: preventNext in an MTG file suggests shield", () => {
  const text =
    "format: 2\nruleset: mtg\nplayers: [ap, nap]\nobjects:\n  - { id: Z, controller: nap, types: [Creature], power: 2, toughness: 2 }\neffects:\n  - { kind: preventNext, id: s, controller: nap, to: Z, amount: 2 }\n"
  const ps = problemsOf(text, Registry.installed)
  assert.strictEqual(ps.length, 1)
  assert.strictEqual(ps[0]?.path, "effects[0].kind")
  assert.include(
    ps[0]?.message,
    'unknown kind "preventNext" (did you mean "shield"? "preventNext" is fab\'s word for it'
  )
  assert.notInclude(ps[0]?.message, "preventNextFrom?", "the spelling suggestion gives way to the meaning")
})
