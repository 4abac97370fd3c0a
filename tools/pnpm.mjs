// How the tools run pnpm: the version pinned in the root package.json (`packageManager`), found
// the way the README tells a developer to — the pnpm running this tool (`pnpm run …` sets
// npm_execpath), else a `pnpm` on PATH if it is the pinned version, else `npx --yes pnpm@<pin>`.
// So every tool works on a machine with only Node and npm. Never spawn a bare "pnpm".
//
//   import { pnpm } from "./pnpm.mjs"
//   const [cmd, args] = pnpm(["install", "--offline"])
//   execFileSync(cmd, args, { cwd })
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/** The pinned pnpm version, from the root package.json's `packageManager` ("pnpm@12.4.2"). */
export const pinnedVersion = () => {
  const pm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager
  const m = /^pnpm@(\d+\.\d+\.\d+)/.exec(String(pm ?? ""))
  if (m === null)
    throw new Error(`package.json: "packageManager" must be "pnpm@<version>", got ${JSON.stringify(pm)}`)
  return /** @type {string} */ (m[1])
}

/** @type {ReadonlyArray<string> | undefined} */
let cached

/**
 * The command (and leading arguments) that runs the pinned pnpm here, e.g.
 * `["/usr/bin/node", "/…/pnpm.cjs"]`, `["pnpm"]` or `["npx", "--yes", "pnpm@12.4.2"]`.
 * @param {NodeJS.ProcessEnv} [env] the environment to look in (this process's by default)
 * @returns {ReadonlyArray<string>}
 */
export const pnpmCommand = (env = process.env) => {
  if (env === process.env && cached !== undefined) return cached
  const version = pinnedVersion()
  const agent = env.npm_config_user_agent ?? ""
  const execpath = env.npm_execpath ?? ""
  /** @type {ReadonlyArray<string>} */
  let found
  // npm_execpath must be pnpm's own script: `pnpm exec` started through npx keeps npx's
  // npm_execpath (npm-cli.js) beside pnpm's user agent, and running that would be npm
  if (agent.startsWith(`pnpm/${version} `) && /(^|[\\/])pnpm\.[cm]?js$/.test(execpath))
    found = [process.execPath, execpath]
  else if (spawnSync("pnpm", ["--version"], { encoding: "utf8", env }).stdout?.trim() === version)
    found = ["pnpm"]
  else found = ["npx", "--yes", `pnpm@${version}`]
  if (env === process.env) cached = found
  return found
}

/**
 * `[command, args]` for `execFileSync` / `spawn`: the pinned pnpm with `args`.
 * @param {ReadonlyArray<string>} args
 * @returns {[string, Array<string>]}
 */
export const pnpm = (args) => {
  const [cmd, ...lead] = pnpmCommand()
  return [/** @type {string} */ (cmd), [...lead, ...args]]
}
