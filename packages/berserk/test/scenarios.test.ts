/**
 * Every scenario file of the package, through `@bulwark/scenario` (the same check as
 * `bulwark check packages/berserk/scenarios`), and a file for each public conformance case
 * BSK-01 … BSK-10 and BSK-12 of wave 3. Each file quotes the rules it checks in its header comment.
 */
import { fileURLToPath } from "node:url"
import { checkDirectory } from "@bulwark/scenario/node"
import { ScenarioSuite } from "@bulwark/testing"
import { ruleset } from "../src/index.js"

ScenarioSuite.scenarioSuite({
  dir: fileURLToPath(new URL("../scenarios", import.meta.url)),
  ruleset,
  checkDirectory,
  publicCases: { prefix: "BSK", count: 12 }
})
