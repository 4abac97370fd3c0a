/**
 * Every scenario file of the package, through `@bulwark/scenario` (the same check as
 * `bulwark check packages/fab/scenarios`), and a file for each public conformance case
 * FAB-01 … FAB-16 and FAB-18 … FAB-20 of wave 3. Each file quotes the rules it checks in its header
 * comment.
 */
import { fileURLToPath } from "node:url"
import { checkDirectory } from "@bulwark/scenario/node"
import { ScenarioSuite } from "@bulwark/testing"
import { ruleset } from "../src/index.js"

ScenarioSuite.scenarioSuite({
  dir: fileURLToPath(new URL("../scenarios", import.meta.url)),
  ruleset,
  checkDirectory,
  publicCases: { prefix: "FAB", count: 20, also: ["FAB-22", "FAB-23"] }
})
