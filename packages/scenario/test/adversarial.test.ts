/**
 * Regression tests for what scenario fuzzing found (apps/cli/test/fuzz.test.ts): the loader
 * never throws and always answers with a typed error that names the file, the path and the line.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { parseScenario } from "../src/index.js"
import { tiny } from "./tiny.js"

const doc = `ruleset: tiny
players: [alice, bob]
units:
  - { id: bear, controller: bob }
events:
  - id: e1
    damage:
      - { id: d1, from: alice, to: bear, amount: 3 }
`

const failure = (text: string) => {
  const r = parseScenario(text, "adv.yaml", [tiny])
  if (Result.isSuccess(r)) throw new Error("expected an error")
  return r.failure
}

describe("adversarial scenario files", () => {
  it("a YAML alias inside its own anchor (a cycle) is an error at its path, not a throw", () => {
    const e = failure(`${doc}effects: &cyc [1, *cyc]\n`)
    assert.strictEqual(e._tag, "SchemaMismatch")
    assert.match(e.message, /^adv\.yaml: 1 problem/)
    assert.include(e.message, "adv.yaml:9:")
    assert.include(
      e.message,
      "at effects[1]: this value contains itself (a YAML alias inside its own anchor)"
    )
  })

  it("a reserved name as an id is refused with its path (it would reach Object.prototype)", () => {
    const e = failure(doc.replace("to: bear", "to: constructor"))
    assert.strictEqual(e._tag, "SchemaMismatch")
    assert.include(
      e.message,
      'adv.yaml:8:36 at events[0].damage[0].to: "constructor" is a reserved name (it can\'t be used as an id or a key)'
    )
  })

  it("a reserved name as a key is refused; free text may contain one", () => {
    const e = failure(`${doc}__proto__: { polluted: true }\n`)
    assert.include(e.message, 'at __proto__: "__proto__" is a reserved name (it can\'t be used as a key)')
    const ok = parseScenario(`${doc}title: toString\n`, "adv.yaml", [tiny])
    assert.isTrue(Result.isSuccess(ok))
  })

  it("an alias bomb is a malformed file, not a hang", () => {
    const rows = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (let i = 1; i < 10; i++)
      rows.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(",")}]`
      )
    const e = failure(`${doc}${rows.join("\n")}\n`)
    assert.strictEqual(e._tag, "MalformedFile")
  })

  it("10 000 nested lists or mappings: a short error at the line where they pass 100 levels, no echo of the input", () => {
    for (const deep of [
      "[".repeat(10_000) + "]".repeat(10_000),
      "{a: ".repeat(10_000) + "1" + "}".repeat(10_000)
    ]) {
      const e = failure(`${doc}effects: ${deep}\n`)
      assert.strictEqual(e._tag, "MalformedFile")
      assert.include(e.message, "lists and mappings are nested more than 100 levels deep")
      assert.match(e.message, /^adv\.yaml:9:\d+: /)
      assert.isBelow(e.message.length, 300)
    }
  })

  it("nesting up to 100 levels is no error of its own (the schema then says what it expected)", () => {
    const e = failure(`${doc}effects: ${"[".repeat(99)}${"]".repeat(99)}\n`)
    assert.strictEqual(e._tag, "SchemaMismatch")
  })

  it("a problem at the end of a 40 KB line shows a window of the line around its column", () => {
    const long = Array.from({ length: 2000 }, (_, i) => `x${i}`).join(", ")
    const e = failure(`${doc}effects: [${long}\n`)
    assert.strictEqual(e._tag, "MalformedFile")
    assert.isBelow(e.message.length, 400)
  })

  it("an alias bomb is located at its first alias", () => {
    const rows = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (let i = 1; i < 10; i++)
      rows.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(",")}]`
      )
    const e = failure(`${doc}${rows.join("\n")}\n`)
    assert.strictEqual(e._tag, "MalformedFile")
    assert.match(e.message, /^adv\.yaml:10:10: /)
  })

  it("a duplicate key is still refused (the loader's own check), also in a mapping of 20 000 keys", () => {
    const e = failure(doc.replace("{ id: d1,", "{ id: d1, id: d2,"))
    assert.strictEqual(e._tag, "MalformedFile")
    assert.match(e.message, /^adv\.yaml:8:\d+: .*Map keys must be unique/)
    const keys = Array.from({ length: 20_000 }, (_, i) => `k${i}: 1`)
    const big = failure(`${doc}extra:\n${[...keys, "k7: 2"].map((k) => `  ${k}`).join("\n")}\n`)
    assert.strictEqual(big._tag, "MalformedFile")
    assert.match(big.message, new RegExp(`^adv\\.yaml:${10 + 20_000}:3: .*Map keys must be unique`))
  })
})
