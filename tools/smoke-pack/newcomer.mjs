// The newcomer check: the quick examples of the core and mtg READMEs, exactly as the READMEs show
// them, run as a new user's program. Each is a block under an include marker (see
// tools/guide-snippets.mjs, which keeps it equal to a tested file in examples/guides); a line
// ending in `// → <text>` promises that the program prints <text> as a line, in that order.
import { blocksOf } from "../guide-snippets.mjs"

/** The READMEs whose quick example is the newcomer's program, and the file each quotes. */
export const newcomerSnippets = [
  { readme: "packages/core/README.md", file: "examples/guides/src/readme/core.ts", name: "newcomer-core.ts" },
  { readme: "packages/mtg/README.md", file: "examples/guides/src/readme/mtg.ts", name: "newcomer-mtg.ts" }
]

/**
 * The code of a README's quick example, as the README shows it (not the file it quotes).
 *
 * @param {string} readme path relative to the repository root
 * @param {string} file the file its block includes
 * @returns {string}
 */
export const readmeSnippet = (readme, file) => {
  const block = blocksOf(readme).find((b) => b.file === file)
  if (block === undefined) throw new Error(`${readme} has no block included from ${file}`)
  return block.inGuide
}

/**
 * What a snippet promises to print: the text after `// → ` on each line, in order.
 *
 * @param {string} code
 * @returns {Array<string>}
 */
export const promisedOutput = (code) => [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => String(m[1]).trim())

/**
 * The promised lines that the output does not show, in order (empty when it keeps its promises).
 * A snippet that promises nothing fails: the check would be vacuous.
 *
 * @param {string} code
 * @param {string} stdout
 * @returns {Array<string>}
 */
export const brokenPromises = (code, stdout) => {
  const promised = promisedOutput(code)
  if (promised.length === 0) return ["(the snippet promises no output: add `// → <printed line>`)"]
  const lines = stdout.split("\n").map((l) => l.trim())
  const missing = []
  let at = 0
  for (const p of promised) {
    const i = lines.indexOf(p, at)
    if (i < 0) missing.push(p)
    else at = i + 1
  }
  return missing
}
