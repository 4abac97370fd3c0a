/**
 * The root README states no number that drifts (issue 31, point 7): each number it keeps is
 * derived here from where the project defines it — the pnpm pin, the Node engines range, the
 * `effect` peer range, the tests' hang guard, the search budget, the fuzz watchdog, the YAML
 * nesting limit — and its first two commands (the install-and-start job CI and reviewers run,
 * then the whole suite) stay exactly what they are. The Performance section stays a short table
 * (its history is docs/performance.md).
 */
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { hangGuardMs } from "../vitest.shared.js"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const read = (path: string) => readFileSync(join(root, path), "utf8")
const readme = read("README.md")
const json = (path: string) => JSON.parse(read(path))

/** The number a `const NAME = 1_000` in a source file defines. */
const constant = (path: string, name: string): number => {
  const m = new RegExp(`const ${name} = ([\\d_]+)\\b`).exec(read(path))
  assert.isNotNull(m, `${path} defines ${name}`)
  return Number(String(m?.[1]).replaceAll("_", ""))
}

/** A number as the README writes it: groups of three separated by a space (200 000). */
const spaced = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ")

/** The lines of a `## ` section, its heading included, up to the next `## ` heading. */
const section = (text: string, heading: string): ReadonlyArray<string> => {
  const lines = text.split("\n")
  const start = lines.indexOf(`## ${heading}`)
  if (start < 0) return []
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "))
  return lines.slice(start, end < 0 ? undefined : end)
}

describe("README numbers", () => {
  it("the first two commands are the install-and-start job and the whole suite, with the pinned pnpm", () => {
    const pin = String(json("package.json").packageManager).replace(/^pnpm@/, "")
    const first = /```sh\n([\s\S]*?)```/.exec(readme)?.[1]
    assert.strictEqual(
      first,
      `npx --yes pnpm@${pin} install && npx --yes pnpm@${pin} start\nnpx --yes pnpm@${pin} test\n`
    )
    for (const m of readme.matchAll(/pnpm@(\d+\.\d+\.\d+)/g)) assert.strictEqual(m[1], pin)
  })

  it("the Node version is the engines range, effect's the peer range", () => {
    const node = String(json("package.json").engines.node).replace(/^>=/, "")
    assert.include(readme, `You need Node.js ${node} or later`)
    const effect = json("packages/core/package.json").peerDependencies.effect
    assert.include(readme, `every Bulwark library (\`${effect}\`)`)
  })

  it("the limits it names are the code's", () => {
    assert.include(readme, `hang guard of ${hangGuardMs / 60_000} minutes per test`)
    // the search's budgets live with its driver (the Chooser facade, or its internal work module)
    const where = ["packages/core/src/internal/chooser/work.ts", "packages/core/src/Chooser.ts"].find(
      (f) => existsSync(join(root, f)) && /const DEFAULT_BUDGET = /.test(read(f))
    )
    assert.isDefined(where, "the search's default budget is defined")
    const budget = constant(where ?? "", "DEFAULT_BUDGET")
    const seconds = constant(where ?? "", "DEFAULT_TIME_BUDGET_MS") / 1000
    assert.include(readme, `(default ${spaced(budget)}) for at most its time budget (default ${seconds} s;`)
    const hang = constant("apps/cli/test/fuzz.test.ts", "HANG_MS")
    assert.include(readme, `an answer in ${hang / 1000} s fails the run as a hang`)
    const depth = constant("packages/scenario/src/internal/scenario/yaml.ts", "MAX_DEPTH")
    assert.include(readme, `nesting deeper than ${depth} levels`)
  })

  it("the Performance section is a short table that links its history", () => {
    const perf = section(readme, "Performance")
    assert.isAbove(perf.length, 0)
    assert.isAtMost(perf.length, 40)
    assert.isTrue(
      perf.some((l) => l.includes("](docs/performance.md)")),
      "links docs/performance.md"
    )
    assert.match(read("docs/performance.md"), /^# Performance\n/)
  })

  it("the checks can fail: a section that is not there, a number spaced another way", () => {
    assert.deepStrictEqual(section("# A\n## B\nx\n## C\n", "B"), ["## B", "x"])
    assert.deepStrictEqual(section("# A\n", "B"), [])
    assert.strictEqual(spaced(200_000), "200 000")
    assert.strictEqual(spaced(60), "60")
    assert.notInclude(readme, `hang guard of ${hangGuardMs / 60_000 + 1} minutes`)
  })
})
