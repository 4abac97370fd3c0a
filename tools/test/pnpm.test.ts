/**
 * The tools run the pnpm pinned in package.json (`packageManager`) the way the README tells a
 * developer to, so that `.ci/run` and every tool work on a machine with only Node and npm
 * (issue: `spawn pnpm ENOENT` from publint, smoke-pack and the new-ruleset check).
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { pinnedVersion, pnpm, pnpmCommand } from "../pnpm.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.replace(
  /^pnpm@/,
  ""
)

/** A directory holding an executable `pnpm` that prints `printed` as its version. */
const fakePnpm = (printed: string) => {
  const dir = mkdtempSync(join(tmpdir(), "bulwark-fake-pnpm-"))
  writeFileSync(join(dir, "pnpm"), `#!/bin/sh\necho ${printed}\n`)
  chmodSync(join(dir, "pnpm"), 0o755)
  return dir
}

describe("the pinned pnpm", () => {
  it("the version comes from package.json's packageManager", () => {
    assert.strictEqual(pinnedVersion(), version)
  })

  it("with no pnpm on PATH: npx --yes pnpm@<pin>, as the README says", () => {
    assert.deepStrictEqual(pnpmCommand({ PATH: mkdtempSync(join(tmpdir(), "bulwark-empty-")) }), [
      "npx",
      "--yes",
      `pnpm@${version}`
    ])
  })

  it("a pnpm on PATH is used only when it is the pinned version", () => {
    assert.deepStrictEqual(pnpmCommand({ PATH: fakePnpm(version) }), ["pnpm"])
    assert.deepStrictEqual(pnpmCommand({ PATH: fakePnpm("9.15.0") }), ["npx", "--yes", `pnpm@${version}`])
  })

  it("run by the pinned pnpm (`pnpm run …`): that same pnpm, through node", () => {
    const env = {
      PATH: "",
      npm_config_user_agent: `pnpm/${version} npm/? node/v20.19.0 linux x64`,
      npm_execpath: "/opt/pnpm/bin/pnpm.cjs"
    }
    assert.deepStrictEqual(pnpmCommand(env), [process.execPath, "/opt/pnpm/bin/pnpm.cjs"])
    // another version running the tool is not the pinned one
    const other = { ...env, npm_config_user_agent: "pnpm/9.15.0 npm/? node/v20.19.0 linux x64" }
    assert.deepStrictEqual(pnpmCommand(other), ["npx", "--yes", `pnpm@${version}`])
  })

  it("`pnpm exec` started through npx: npm_execpath is npm's, so it is not taken for pnpm", () => {
    // seen here: npx --yes pnpm@<pin> exec … keeps npx's npm_execpath beside pnpm's user agent,
    // and the packed package.json came out of `npm pack` with its workspace: ranges
    const env = {
      PATH: mkdtempSync(join(tmpdir(), "bulwark-empty-")),
      npm_config_user_agent: `pnpm/${version} npm/? node/? linux x64`,
      npm_execpath: "/usr/lib/node_modules/npm/bin/npm-cli.js"
    }
    assert.deepStrictEqual(pnpmCommand(env), ["npx", "--yes", `pnpm@${version}`])
  })

  it("pnpm(args) puts the arguments after the command's own", () => {
    const [cmd, args] = pnpm(["pack", "--pack-destination", "out"])
    assert.deepStrictEqual([cmd, ...args].slice(-3), ["pack", "--pack-destination", "out"])
    assert.deepStrictEqual([cmd, ...args].slice(0, -3), [...pnpmCommand()])
  })
})

/** A call that starts the program "pnpm" by name, e.g. `execFileSync("pnpm", …)` or `sh("pnpm", …)`. */
const barePnpm = /\b(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|run|sh)\(\s*["'`]pnpm\b/

describe("no tool starts a bare pnpm", () => {
  it('the pattern catches the form that failed (smoke-pack\'s `sh("pnpm", ["pack", …])`)', () => {
    assert.match(
      'for (const dir of packages) sh("pnpm", ["pack", "--pack-destination", tarballs], dir)',
      barePnpm
    )
    assert.match('execFileSync("pnpm", ["install"], { cwd })', barePnpm)
    assert.notMatch('sh(...pnpm(["pack", "--pack-destination", tarballs]), dir)', barePnpm)
  })

  it("tools/*.mjs and the bench sources", () => {
    const tools = join(root, "tools")
    const files = [
      ...readdirSync(tools)
        .filter((f) => f.endsWith(".mjs") && f !== "pnpm.mjs")
        .map((f) => join(tools, f)),
      ...readdirSync(join(tools, "bench", "src")).map((f) => join(tools, "bench", "src", f))
    ]
    assert.isAbove(files.length, 5)
    for (const f of files) assert.notMatch(readFileSync(f, "utf8"), barePnpm, f)
  })

  it("no package.json script calls pnpm (nx runs them with the workspace's bin on PATH, not pnpm)", () => {
    const manifests = [
      join(root, "package.json"),
      ...["packages", "apps", "examples", "tools", "docs"].flatMap((group) => {
        const dir = join(root, group)
        if (group === "tools" || group === "docs") return [join(dir, "package.json")]
        return readdirSync(dir).map((d) => join(dir, d, "package.json"))
      })
    ].filter((f) => {
      try {
        readFileSync(f)
        return true
      } catch {
        return false
      }
    })
    assert.isAbove(manifests.length, 10)
    for (const f of manifests) {
      const scripts: Record<string, string> = JSON.parse(readFileSync(f, "utf8")).scripts ?? {}
      for (const [name, script] of Object.entries(scripts))
        assert.notMatch(script, /(^|[\s;&|(])pnpm(\s|$)/, `${f}: scripts.${name}`)
    }
  })
})
