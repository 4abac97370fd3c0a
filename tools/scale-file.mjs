#!/usr/bin/env node
// Writes a large generated MTG scenario file for measuring `bulwark check` by hand (docs/performance.md,
// "Memory of a large run"): `events` steps, each one event of `occurrences` simultaneous damage
// occurrences of 1 (occurrence k of every event to the object c<k>), and `shields` "prevent the
// next 1 damage" shields on the first objects, lasting until the end of the turn. Streams the file
// line by line, so the generator itself stays small whatever the size.
//
//   node tools/scale-file.mjs <out.json|out.yaml> [events=1000] [occurrences=1000] [shields=10]
//
// The `expect:` it writes is the damage marked on the first object (shielded: one point less) and
// on the last one (not shielded when there are more objects than shields).
import { createWriteStream } from "node:fs"

const [out, ...rest] = process.argv.slice(2)
if (out === undefined || !/\.(json|ya?ml)$/.test(out)) {
  process.stderr.write(
    "usage: node tools/scale-file.mjs <out.json|out.yaml> [events] [occurrences] [shields]\n"
  )
  process.exit(2)
}
/** @type {(i: number, d: number) => number} */
const arg = (i, d) => (rest[i] === undefined ? d : Number(rest[i]))
const events = arg(0, 1000)
const occurrences = arg(1, 1000)
const shields = arg(2, 10)
const json = out.endsWith(".json")
const stream = createWriteStream(out)
/** @type {(s: string) => Promise<void>} */
const write = (s) =>
  stream.write(s) ? Promise.resolve() : new Promise((r) => stream.once("drain", () => r(undefined)))

const objects = [
  { id: "src", controller: "ap", types: ["Sorcery"], zone: "stack" },
  ...Array.from({ length: occurrences }, (_, k) => ({
    id: `c${k}`,
    controller: "nap",
    types: ["Creature"],
    power: 1,
    toughness: 1_000_000_000
  }))
]
const effects = Array.from({ length: Math.min(shields, occurrences) }, (_, k) => ({
  kind: "shield",
  id: `s${k}`,
  controller: "nap",
  to: `c${k}`,
  amount: 1,
  duration: "endOfTurn"
}))
const last = `c${occurrences - 1}`
const expectState = {
  c0: events - (effects.length > 0 ? 1 : 0),
  [last]: events - (effects.length >= occurrences ? 1 : 0)
}
/** @type {(o: Record<string, unknown>) => string} */
const flow = (o) =>
  `{ ${Object.entries(o)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(", ")} }`
/** @type {(e: number) => string} */
const event = (e) => {
  const occ = Array.from({ length: occurrences }, (_, k) => ({
    id: `d${e}-${k}`,
    source: "src",
    to: `c${k}`,
    amount: 1
  }))
  return json
    ? `${e === 0 ? "" : ",\n"}  { "event": { "id": "e${e}", "occurrences": [\n${occ.map((o) => `    ${JSON.stringify(o)}`).join(",\n")}\n  ] } }`
    : `  - event:\n      id: e${e}\n      occurrences:\n${occ.map((o) => `        - ${flow(o)}`).join("\n")}\n`
}

if (json) {
  await write(
    `{\n "format": 4,\n "ruleset": "mtg",\n "title": "${events} events of ${occurrences} occurrences",\n "players": ["ap", "nap"],\n "turn": "ap",\n` +
      ` "objects": [\n${objects.map((o) => `  ${JSON.stringify(o)}`).join(",\n")}\n ],\n` +
      ` "effects": [\n${effects.map((o) => `  ${JSON.stringify(o)}`).join(",\n")}\n ],\n "steps": [\n`
  )
  for (let e = 0; e < events; e++) await write(event(e))
  const state = Object.entries(expectState).map(([id, n]) => `"${id}": { "damage": ${n} }`)
  await write(`\n ],\n "expect": { "state": { ${state.join(", ")} } }\n}\n`)
} else {
  await write(
    `format: 4\nruleset: mtg\ntitle: "${events} events of ${occurrences} occurrences"\nplayers: [ap, nap]\nturn: ap\n` +
      `objects:\n${objects.map((o) => `  - ${flow(o)}`).join("\n")}\n` +
      `effects:\n${effects.map((o) => `  - ${flow(o)}`).join("\n")}\nsteps:\n`
  )
  for (let e = 0; e < events; e++) await write(event(e))
  const state = Object.entries(expectState).map(([id, n]) => `    ${id}: { damage: ${n} }`)
  await write(`expect:\n  state:\n${state.join("\n")}\n`)
}
stream.end()
