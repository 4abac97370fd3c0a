/**
 * The folder walk opens only regular files and never blocks (issue 32, point 4). Beside a
 * passing scenario: a FIFO named `*.yaml` (the old walk read it and hung for ever), a socket, a
 * link to `/dev/zero` (the old walk read it until memory ran out), a broken link, a link loop, a
 * 600 MB sparse `.json` (never read whole: 1 MiB of it is scanned), and a link to a folder
 * holding a failing scenario (the old walk skipped it without a word, so `check` exited 0).
 * Each is named with its reason; the other files still run; the failing scenario behind the
 * link fails the run.
 */
import { execFileSync, spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync
} from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { findScenarios, loadFile } from "@bulwark/scenario/node"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as Registry from "./installed.js"

const here = dirname(fileURLToPath(import.meta.url))
const main = join(here, "..", "dist", "main.js")
const passing = readFileSync(join(here, "fixtures", "pass-fail", "a-pass.yaml"), "utf8")
const failing = readFileSync(join(here, "fixtures", "pass-fail", "b-fail.yaml"), "utf8")
const posix = process.platform !== "win32"

const root = mkdtempSync(join(tmpdir(), "bulwark-special-"))
const w = join(root, "w")
mkdirSync(join(root, "elsewhere"), { recursive: true })
mkdirSync(w)
writeFileSync(join(w, "a-pass.yaml"), passing)
writeFileSync(join(root, "elsewhere", "b-fail.yaml"), failing)

const server = createServer()
if (posix) {
  execFileSync("mkfifo", [join(w, "pipe.yaml")])
  symlinkSync("/dev/zero", join(w, "zero.json"))
  symlinkSync("nowhere.yaml", join(w, "broken.yaml"))
  symlinkSync("../elsewhere", join(w, "linked"))
  symlinkSync("..", join(w, "up"))
  // 600 MB of holes: takes no disk, and reads as zero bytes
  writeFileSync(join(w, "huge.json"), "")
  truncateSync(join(w, "huge.json"), 600 * 1024 * 1024)
}

const reasons = (): Record<string, string> => {
  const found = findScenarios(w)
  return Object.fromEntries(found.refused.map((r) => [r.path.slice(root.length + 1), r.reason]))
}

describe.skipIf(!posix)("special files in a walked folder", () => {
  it("a socket named *.yaml is refused as a socket", async () => {
    const sock = join(w, "agent.yaml")
    await new Promise<void>((done) => server.listen(sock, done))
    try {
      assert.strictEqual(reasons()["w/agent.yaml"], "a socket, not a regular file")
    } finally {
      await new Promise<void>((done) => server.close(() => done()))
    }
  })

  it("findScenarios: the scenarios (through the link too), and every special file named with its reason", () => {
    const found = findScenarios(w)
    assert.deepStrictEqual(
      found.scenarios.map((p) => p.slice(root.length + 1)),
      ["w/a-pass.yaml", "w/linked/b-fail.yaml"]
    )
    const r = reasons()
    assert.strictEqual(r["w/pipe.yaml"], "a FIFO (named pipe), not a regular file")
    assert.strictEqual(r["w/zero.json"], "a link to a character device, not a regular file")
    assert.strictEqual(r["w/broken.yaml"], "a broken link (its target does not exist)")
    assert.match(
      r["w/huge.json"] ?? "",
      /^no top-level `ruleset:` key in its first 1 MiB \(it is 600 MiB; read more of each file with BULWARK_SCAN_BYTES=<bytes>\)$/
    )
    // `up` leads back to the root: walked once from there, the way back to w is refused
    assert.match(
      r["w/up/w"] ?? "",
      /^the folder .*w again, reached through a link \(a loop, or a second way to it\): walked once, not again$/
    )
    assert.notInclude(found.skipped, join(w, "huge.json"))
  })

  it("a larger scan limit reads further (and a zero-filled file still is no scenario)", () => {
    const found = findScenarios(w, { scanBytes: 2 * 1024 * 1024 })
    assert.include(found.refused.find((r) => r.path === join(w, "huge.json"))?.reason ?? "", "first 2 MiB")
  })

  it("loadFile of a FIFO, a device link: refused at once as not a regular file, nothing read", () => {
    for (const [name, kind] of [
      ["pipe.yaml", "a FIFO (named pipe)"],
      ["zero.json", "a character device"]
    ] as const) {
      const r = loadFile(join(w, name), Registry.installed)
      if (Result.isSuccess(r)) return assert.fail(`${name} loaded`)
      assert.strictEqual(r.failure._tag, "FileUnreadable")
      assert.include(r.failure.message, `it is ${kind}, not a regular file`)
    }
  })

  it.skipIf(!existsSync(main))(
    "bulwark check <folder>: no hang, the failing scenario behind the link fails the run, every special file named",
    { timeout: 60_000 },
    () => {
      const r = spawnSync(process.execPath, [main, "check", w], { encoding: "utf8", timeout: 30_000 })
      assert.isNull(r.signal, "the walk hung and was killed")
      assert.strictEqual(r.status, 1, r.stdout + r.stderr)
      assert.include(r.stdout, `PASS ${join(w, "a-pass.yaml")}`)
      assert.include(r.stdout, `FAIL ${join(w, "linked", "b-fail.yaml")}`)
      assert.include(r.stdout, "1 passed, 1 failed")
      for (const name of ["pipe.yaml", "zero.json", "broken.yaml", "huge.json"])
        assert.include(r.stdout, `  ${join(w, name)}: `)
      assert.match(r.stdout, /^not read: \d+ paths /m)
    }
  )

  it.skipIf(!existsSync(main))(
    "BULWARK_SCAN_BYTES that is not a number of bytes: exit 2, named",
    { timeout: 60_000 },
    () => {
      const r = spawnSync(process.execPath, [main, "check", w], {
        encoding: "utf8",
        timeout: 30_000,
        env: { ...process.env, BULWARK_SCAN_BYTES: "lots" }
      })
      assert.strictEqual(r.status, 2)
      assert.include(r.stderr, 'BULWARK_SCAN_BYTES="lots": expected a whole number of bytes above 0')
    }
  )
})
