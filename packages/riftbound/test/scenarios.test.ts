/**
 * Every scenario file of the package, through `@bulwark/scenario` (the same check as
 * `bulwark check packages/riftbound/scenarios`), and a file for each public conformance case
 * RB-01 … RB-15 and RB-16 … RB-19 of wave 3. Each file quotes the rules it checks in its header comment.
 */
import { fileURLToPath } from "node:url"
import { checkDirectory } from "@bulwark/scenario/node"
import { ScenarioSuite } from "@bulwark/testing"
import { ruleset } from "../src/index.js"

ScenarioSuite.scenarioSuite({
  dir: fileURLToPath(new URL("../scenarios", import.meta.url)),
  ruleset,
  checkDirectory,
  publicCases: { prefix: "RB", count: 15, also: ["RB-16", "RB-17", "RB-18", "RB-19"] }
})
